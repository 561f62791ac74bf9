package flowproof.rule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.explore.ExplorationResult;
import flowproof.explore.Explorer;
import flowproof.explore.Limits;
import flowproof.explore.Property;
import flowproof.explore.PropertyStatus;
import flowproof.routing.QueueRoutes;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import flowproof.spec.Yaml;
import flowproof.topology.Network;
import org.junit.jupiter.api.Test;

/** {@code escape: {leave: false}}: escape VCs as a class a packet never leaves, in every engine's routes. */
class EscapeNeverLeftTest {

    static final String SPEC = "name: t\ntopology: {kind: torus, radix: [3, 2], bidirectional: true}\n"
        + "routing: minimal-adaptive\nvcs: 3\ncapacity: 1\nrule: dateline\n";

    static Spec spec(String yaml) throws Exception {
        return SpecReader.fromTree("t", "", Yaml.read(yaml));
    }

    @Test
    void aPacketOnAnEscapeVcIsOfferedOnlyEscapeVcs() throws Exception {
        Spec sticky = spec(SPEC + "escape: {leave: false}\n");
        Spec free = spec(SPEC);
        Network net = sticky.network();
        QueueRoutes stickyRoutes = new QueueRoutes(net, sticky.routing(), sticky.rule());
        QueueRoutes freeRoutes = new QueueRoutes(net, free.routing(), free.rule());
        int checked = 0;
        for (int q = 0; q < net.queues(); q++) {
            for (int d = 0; d < net.topology().nodes(); d++) {
                int c = net.channelOf(q);
                var t = net.topology();
                if (d == net.nodeOf(q) || sticky.routing().distance(t.source(c), d) != 1 + sticky.routing().distance(t.target(c), d)) {
                    continue; // only packets that can be there: on a minimal route to d
                }
                QueueRoutes.Next s = stickyRoutes.next(q, -1, d);
                QueueRoutes.Next f = freeRoutes.next(q, -1, d);
                boolean onEscape = net.vcOf(q) < net.ringVcs();
                for (int i = 0; i < s.size(); i++) {
                    assertThat(!onEscape || net.vcOf(s.queues()[i]) < net.ringVcs())
                        .as("from escape queue %s", net.queueName(q)).isTrue();
                }
                if (!onEscape) {
                    assertThat(s.queues()).as("from an adaptive queue nothing changes").containsExactly(f.queues());
                } else {
                    assertThat(f.queues().length).isGreaterThan(s.queues().length);
                    checked++;
                }
            }
        }
        assertThat(checked).isPositive();
        assertThat(sticky.rule().describe()).endsWith("escape VCs never left");
    }

    @Test
    void bothAreDeadlockFreeByTheExplorerOnASmallTorus() throws Exception {
        for (String extra : new String[] {"escape: {leave: false}\n", "escape: {choose: any, leave: false}\n"}) {
            Spec s = spec(SPEC.replace("radix: [3, 2], bidirectional: true", "radix: [2, 2]") + extra
                + "traffic: {pairs: [[\"(0,0)\", \"(1,1)\"], [\"(1,1)\", \"(0,0)\"], [\"(1,0)\", \"(0,1)\"]]}\n");
            ExplorationResult r = new Explorer(s.model(), s.effectiveProperties(), Limits.defaults(), false).run();
            assertThat(r.complete()).isTrue();
            assertThat(r.properties().get(Property.STUCK_FREEDOM)).as(extra).isEqualTo(PropertyStatus.HOLDS);
            assertThat(r.properties().get(Property.DRAINABILITY)).as(extra).isEqualTo(PropertyStatus.HOLDS);
        }
    }

    @Test
    void badEscapeMappingsAreOneLine() {
        assertThatThrownBy(() -> spec(SPEC + "escape: {leave: maybe}\n"))
            .hasMessageContaining("escape.leave: expected true or false");
        assertThatThrownBy(() -> spec(SPEC + "escape: {choose: sometimes}\n"))
            .hasMessageContaining("escape.choose: expected one of when-blocked, any");
        assertThatThrownBy(() -> spec(SPEC + "escape: {stay: true}\n"))
            .hasMessageContaining("escape.stay: expected one of the fields choose, leave");
        assertThatThrownBy(() -> spec(SPEC.replace("minimal-adaptive", "dor").replace("vcs: 3", "vcs: 2")
            + "escape: {leave: false}\n")).hasMessageContaining("escape: expected no escape policy");
    }
}
