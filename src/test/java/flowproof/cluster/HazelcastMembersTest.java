package flowproof.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.explore.ExplorationResult;
import flowproof.explore.Explorer;
import flowproof.explore.Limits;
import flowproof.explore.Model;
import flowproof.explore.Models;
import flowproof.explore.Property;
import flowproof.explore.Trace;
import flowproof.explore.distributed.Transport;
import flowproof.rule.RuleKind;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The partitioned search on 1, 2, 3 and 5 Hazelcast members in one JVM (TCP on the loopback
 * interface) finds every count, status and trace of the single-JVM explorer.
 */
@Timeout(value = 100, unit = TimeUnit.SECONDS)
class HazelcastMembersTest {

    static Set<Property> withoutDrainability(Model m) {
        Set<Property> p = EnumSet.copyOf(Explorer.defaultProperties(m.rule()));
        p.remove(Property.DRAINABILITY);
        return p;
    }

    @Test
    void hazelcastMembersFindWhatOneJvmFinds() {
        List<Model> models = List.of(
            Models.ring(4, 1, 2, RuleKind.CRITICAL_BUBBLE),
            Models.torus(new int[] {3, 2}, false, 1, 1, RuleKind.CRITICAL_BUBBLE, 1),
            Models.torus(new int[] {2, 2}, false, 1, 1, RuleKind.VCT, 0));
        for (int n : new int[] {1, 2, 3, 5}) {
            boolean symmetry = n % 2 == 1;
            // one cluster per member count, every model searched on it in turn
            List<List<ExplorationResult>> byMember = HazelcastMembers.run(n, transports -> {
                List<ExplorationResult> mine = new ArrayList<>();
                for (Model m : models) {
                    try (Transport t = transports.get()) {
                        mine.add(new Explorer(m, withoutDrainability(m), Limits.defaults(), false).symmetry(symmetry)
                            .member(t).run());
                    }
                }
                return mine;
            });
            assertThat(byMember).hasSize(n);
            for (int k = 0; k < models.size(); k++) {
                Model m = models.get(k);
                Set<Property> props = withoutDrainability(m);
                ExplorationResult single = new Explorer(m, props, Limits.defaults(), false).symmetry(symmetry).run();
                List<ExplorationResult> rs = new java.util.ArrayList<>();
                for (List<ExplorationResult> mine : byMember) {
                    rs.add(mine.get(k));
                }
                for (ExplorationResult r : rs) {
                    String what = m.describe() + " on " + n + " members";
                    assertThat(r.verdict()).as(what).isEqualTo(single.verdict());
                    assertThat(r.states()).as(what).isEqualTo(single.states());
                    assertThat(r.transitions()).as(what).isEqualTo(single.transitions());
                    assertThat(r.depth()).as(what).isEqualTo(single.depth());
                    assertThat(r.stuckStates()).as(what).isEqualTo(single.stuckStates());
                    assertThat(r.properties()).as(what).isEqualTo(single.properties());
                    assertThat(r.traces().keySet()).as(what).isEqualTo(single.traces().keySet());
                    for (Map.Entry<Property, Trace> e : single.traces().entrySet()) {
                        assertThat(r.traces().get(e.getKey())).as(what).usingRecursiveComparison().isEqualTo(e.getValue());
                    }
                }
            }
        }
    }

    /** Drainability decided by Hazelcast members: the undrainable counts, statuses and traces of one JVM, holding and failing. */
    @Test
    void hazelcastMembersDecideDrainabilityAsOneJvm() {
        List<Model> models = List.of(
            Models.ring(4, 1, 2, RuleKind.CRITICAL_BUBBLE),
            Models.ring(4, 1, 1, RuleKind.VCT),
            Models.torus(new int[] {3, 2}, false, 1, 1, RuleKind.CRITICAL_BUBBLE, 0));
        for (int n : new int[] {2, 3}) {
            boolean symmetry = n == 3;
            List<List<ExplorationResult>> byMember = HazelcastMembers.run(n, transports -> {
                List<ExplorationResult> mine = new ArrayList<>();
                for (Model m : models) {
                    try (Transport t = transports.get()) {
                        mine.add(new Explorer(m, Explorer.defaultProperties(m.rule()), Limits.defaults(), false)
                            .symmetry(symmetry).member(t).run());
                    }
                }
                return mine;
            });
            for (int k = 0; k < models.size(); k++) {
                Model m = models.get(k);
                ExplorationResult single = new Explorer(m, Explorer.defaultProperties(m.rule()), Limits.defaults(), false)
                    .symmetry(symmetry).run();
                for (List<ExplorationResult> mine : byMember) {
                    ExplorationResult r = mine.get(k);
                    String what = m.describe() + " on " + n + " members";
                    assertThat(r.verdict()).as(what).isEqualTo(single.verdict());
                    assertThat(r.states()).as(what).isEqualTo(single.states());
                    assertThat(r.undrainableStates()).as(what).isEqualTo(single.undrainableStates());
                    assertThat(r.properties()).as(what).isEqualTo(single.properties());
                    for (Map.Entry<Property, Trace> e : single.traces().entrySet()) {
                        assertThat(r.traces().get(e.getKey())).as(what).usingRecursiveComparison().isEqualTo(e.getValue());
                    }
                }
            }
        }
    }

    /** A member that fails leaves the cluster: the others end incomplete (member-lost), with no verdict. */
    @Test
    void aMemberThatFailsEndsTheOthersSearchAsMemberLost() {
        Model m = Models.ring(4, 1, 2, RuleKind.CRITICAL_BUBBLE);
        Set<Property> props = withoutDrainability(m);
        java.util.List<ExplorationResult> seen = java.util.Collections.synchronizedList(new ArrayList<>());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> HazelcastMembers.run(3, transports -> {
            try (Transport t = transports.get()) {
                if (t.self() == 1) {
                    throw new IllegalStateException("member 1 fails");
                }
                ExplorationResult r = new Explorer(m, props, Limits.defaults(), false).member(t).run();
                seen.add(r);
                return r;
            }
        })).hasMessageContaining("member 1 fails");
        assertThat(seen).hasSize(2);
        for (ExplorationResult r : seen) {
            assertThat(r.verdict()).isEqualTo(flowproof.explore.Verdict.INCOMPLETE);
            assertThat(r.limit()).isEqualTo("member-lost");
            assertThat(r.properties().values()).doesNotContain(flowproof.explore.PropertyStatus.HOLDS);
        }
    }
}
