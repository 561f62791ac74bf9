package flowproof.sim.queues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.sim.Engine;
import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import flowproof.spec.SpecException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The queue-organisation engine on the paper's 64-host BMIN: zero load, low load, the hot spot, and parameter errors. */
class QueueEngineTest {

    private static final String COMMON = """
        switching: vct
        arbiter: oldest-first
        buffer: 1024
        pipeline: 4
        link-latency: 1
        """;
    private static final String BASE = COMMON + "packet-size: 8\n";

    @Test
    void onePacketTakesTheDocumentedZeroLoadLatency() {
        // terminal 0 to 63 turns at the last stage: 5 switches; H*(L+P) + L + S = 5*5 + 1 + 8
        for (String scheme : new String[] {"single-queue", "voq-switch", "voq-net", "fbicm"}) {
            SimConfig cfg = QueueSpecs.parse(QueueSpecs.bmin(4, 3, COMMON
                + "traffic: {script: [[10, 0, 63, 8]]}\ncycles: 200\nwarmup: 0\ncontrol: " + scheme + "\n"));
            SimResult r = Engine.of(cfg.withCheck(true)).run(null);
            assertThat(r.packetsDelivered()).as(scheme).isEqualTo(1);
            assertThat(r.latency().max()).as(scheme).isEqualTo(34);
            assertThat(r.meanHops()).as(scheme).isEqualTo(5);
        }
    }

    @Test
    void atTenPercentOfSaturationFbicmMatchesASingleQueue() {
        // 10% of the saturation of this network with single queues under uniform traffic (0.658 accepted at
        // full load; the channel-load bound is 1 since turnaround routing balances the return channels)
        String sim = BASE + "traffic: uniform\nload: 0.066\ncycles: 20000\nwarmup: 2000\n";
        SimResult single = Engine.of(QueueSpecs.parse(QueueSpecs.bmin(4, 3, sim + "control: single-queue\n"))).run(null);
        SimResult fbicm = Engine.of(QueueSpecs.parse(QueueSpecs.bmin(4, 3, sim + "control: fbicm\n"))).run(null);
        assertThat(single.unstable()).isFalse();
        assertThat(fbicm.unstable()).isFalse();
        assertThat(fbicm.accepted()).isCloseTo(single.accepted(), org.assertj.core.data.Percentage.withPercentage(3));
        assertThat(fbicm.latency().mean()).isCloseTo(single.latency().mean(),
            org.assertj.core.data.Percentage.withPercentage(3));
    }

    @Test
    void duringTheHotSpotFbicmKeepsVoqNetThroughputWhileASingleQueueDrops() {
        // measurement window = the hot spot (cycles 3,000 to 12,999 of the spec)
        SimResult fbicm = hotspotWindow("fbicm");
        SimResult voqNet = hotspotWindow("voq-net");
        SimResult single = hotspotWindow("single-queue");
        assertThat(fbicm.accepted()).isGreaterThanOrEqualTo(0.9 * voqNet.accepted());
        assertThat(single.accepted()).isLessThan(0.9 * voqNet.accepted());
        // the mechanism did the work: CFQs were allocated and Stop reached upstream output ports
        SimResult.ControlSeries cs = fbicm.controlSeries();
        assertThat(cs.names()).containsExactly("active CFQs", "stopped CAM lines");
        assertThat(Arrays.stream(cs.values()[0]).max().orElse(0)).isGreaterThan(0);
        assertThat(Arrays.stream(cs.values()[1]).max().orElse(0)).isGreaterThan(0);
    }

    private static SimResult hotspotWindow(String control) {
        SimConfig cfg = QueueSpecs.hotspot(control);
        return Engine.of(cfg.withRun(13_000, 3_000, cfg.seed())).run(null);
    }

    @Test
    void outOfRangeParametersNameTheirField() {
        assertRefused("{kind: fbicm, cfqs: 128}", "simulation.control.cfqs");
        assertRefused("{kind: fbicm, stop: 200}", "simulation.control.stop");
        assertRefused("{kind: fbicm, detection: -1}", "simulation.control.detection");
        assertRefused("{kind: fbicm, stop: 4, go: 4}", "simulation.control.go");
        assertRefused("{kind: fbicm, memory: 8}", "simulation.control.memory");
        assertRefused("{kind: voq-net, memory: 256}", "simulation.control.memory");
        assertRefused("{kind: single-queue, cfqs: 2}", "simulation.control.cfqs");
    }

    /** A router option of the VC router simulator, which this engine does not model, is one line naming the field and the value. */
    @Test
    void routerOptionsOfTheVcSimulatorAreRefused() {
        for (String[] o : new String[][] {{"adaptive-selection: two-random-ports", "two-random-ports"},
            {"switch-hold: packet", "packet"}}) {
            String yaml = QueueSpecs.bmin(4, 3, BASE + "cycles: 100\nwarmup: 0\ncontrol: {kind: fbicm}\n" + o[0] + "\n");
            String field = "simulation." + o[0].substring(0, o[0].indexOf(':'));
            assertThatThrownBy(() -> Engine.of(QueueSpecs.read(yaml)).run(null))
                .satisfiesAnyOf(
                    e -> assertThat(e).isInstanceOf(SpecException.class).hasMessageContaining(field)
                        .hasMessageContaining(o[1]),
                    e -> assertThat(e).isInstanceOf(flowproof.ConfigurationException.class).hasMessageContaining(field)
                        .hasMessageContaining(o[1]));
        }
    }

    private static void assertRefused(String control, String field) {
        String yaml = QueueSpecs.bmin(4, 3, BASE + "cycles: 100\nwarmup: 0\ncontrol: " + control + "\n");
        assertThatThrownBy(() -> Engine.of(QueueSpecs.read(yaml)).run(null))
            .satisfiesAnyOf(
                e -> assertThat(e).isInstanceOf(SpecException.class).hasMessageContaining(field),
                e -> assertThat(e).isInstanceOf(flowproof.ConfigurationException.class).hasMessageContaining(field));
    }
}
