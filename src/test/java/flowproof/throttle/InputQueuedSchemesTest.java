package flowproof.throttle;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.TextNode;
import flowproof.rule.VirtualCutThrough;
import flowproof.sim.Engine;
import flowproof.sim.SimConfig;
import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.Scheme;
import flowproof.sim.queues.InputQueueing;
import flowproof.sim.queues.InputQueueing.Organisation;
import flowproof.sim.queues.QueueEngine;
import flowproof.topology.FlattenedButterfly;
import flowproof.topology.Network;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Reading the input-queued baselines of FBICM's evaluation (002): the single queue and the
 * two VOQ organisations, their {@code memory} defaults (the buffer; for VOQnet four largest
 * packets per destination, or the buffer if larger) and bounds, and that they bring their
 * own engine and hold no packet at injection.
 */
class InputQueuedSchemesTest {

    /** A BMIN of 8 terminals with 4-flit packets and {@code buffer}-flit buffers. */
    private static String spec(int buffer, String control) {
        return "name: voq-params\n"
            + "topology: {kind: bmin, radix: 2, stages: 3}\n"
            + "routing: turnaround\n"
            + "vcs: 1\n"
            + "rule: vct\n"
            + "simulation:\n"
            + "  switching: vct\n"
            + "  buffer: " + buffer + "\n"
            + "  packet-size: 4\n"
            + "  traffic: uniform\n"
            + "  load: 0.1\n"
            + "  cycles: 100\n"
            + "  warmup: 10\n"
            + "  control: " + control + "\n";
    }

    private static InputQueued scheme(int buffer, String control) {
        return (InputQueued) SchemeTestSupport.config(spec(buffer, control)).control();
    }

    @Test
    void memoryDefaultsToTheBufferExceptForVoqNet() {
        assertThat(scheme(16, "single-queue").setup())
            .isEqualTo(new InputQueueing(Organisation.SINGLE, 16, 0, 0, 0, 0));
        assertThat(scheme(16, "voq-switch").setup())
            .isEqualTo(new InputQueueing(Organisation.VOQ_SWITCH, 16, 0, 0, 0, 0));
        // VOQnet: 4 packets of 4 flits for each of 8 destinations = 128 flits
        assertThat(scheme(16, "voq-net").setup()).isEqualTo(new InputQueueing(Organisation.VOQ_NET, 128, 0, 0, 0, 0));
        // or the buffer when that is larger
        assertThat(scheme(200, "voq-net").setup().memoryFlits()).isEqualTo(200);
        assertThat(scheme(16, "{kind: voq-net, memory: 40}").setup().memoryFlits()).isEqualTo(40);
        assertThat(scheme(16, "{kind: voq-switch, memory: 4}").setup().memoryFlits()).isEqualTo(4);
        assertThat(scheme(16, "{kind: single-queue, memory: 16777216}").setup().memoryFlits()).isEqualTo(1 << 24);
    }

    @Test
    void voqNetCountsEveryTerminalOfAConcentratedNetwork() {
        // 4 routers of 4 terminals: 16 destinations x 4 packets of 8 flits
        Network net = new Network(new FlattenedButterfly(4, 1, 4), 1, 4);
        Scheme s = Schemes.read("simulation.control", TextNode.valueOf("voq-net"),
            new SchemeContext(net, new VirtualCutThrough(), 16, 8, true));
        assertThat(((Voq) s).setup().memoryFlits()).isEqualTo(4 * 8 * 16);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "single-queue | single-queue | {kind: single-queue, memory: 8} | single-queue(memory=8)",
        "voq-switch   | voq-switch   | {kind: voq-switch, memory: 8}   | voq-switch(memory=8)",
        "voq-net      | voq-net      | {kind: voq-net, memory: 8}      | voq-net(memory=8)",
    })
    void keysAndDescriptions(String key, String plain, String changed, String described) {
        InputQueued s = scheme(16, plain);
        assertThat(s.key()).isEqualTo(key);
        assertThat(s.describe()).isEqualTo(key);
        assertThat(s.toString()).isEqualTo(key);
        InputQueued c = scheme(16, changed);
        assertThat(c.describe()).isEqualTo(described);
        assertThat(c.toString()).isEqualTo(described);
        // no injection control: the engine's input adapters do that
        assertThat(s.create(null, 1)).isSameAs(InjectionControl.NONE);
    }

    @Test
    void theyBringTheirOwnEngine() {
        SimConfig cfg = SchemeTestSupport.config(spec(16, "voq-switch"));
        InputQueued s = (InputQueued) cfg.control();
        assertThat(s.engine(cfg)).isInstanceOf(QueueEngine.class);
        assertThat(Engine.of(cfg)).isInstanceOf(QueueEngine.class);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{kind: voq-switch, memory: 3} | simulation.control.memory: expected a whole number in [4, 16777216], found 3",
        "{kind: voq-net, memory: 16777217} | simulation.control.memory: expected a whole number in [4, 16777216]",
        "{kind: single-queue, memory: 0} | simulation.control.memory: expected a whole number in [4, 16777216]",
    })
    void memoryBelowOnePacketOrAbove16MiFlitsIsRefused(String control, String expected) {
        assertThat(SchemeTestSupport.error(spec(16, control))).startsWith("test-spec.yaml: ").contains(expected)
            .doesNotContain("\n");
    }
}
