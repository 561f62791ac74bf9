package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The effect of the Tune paper (000_38ccbb1a41645d3d.txt) on a reduced configuration that
 * runs in seconds: an 8x8 bidirectional torus, Duato minimal-adaptive routing with a dateline
 * escape (VC0, VC1: DOR) and one adaptive VC, 16-flit packets in 16-flit buffers under
 * virtual cut-through (proved deadlock-free by Duato's extended graph; the paper's wormhole
 * with 8-flit buffers is not, in this repository, see specs/sim/tune-torus16x16.yaml),
 * 2-cycle routers, uniform traffic, 20,000 cycles with 5,000 warm-up. Without control this
 * network saturates near 0.45 flits/node/cycle and then loses about a quarter of its
 * throughput; Tune holds it near the peak and costs nothing at light load.
 */
class TuneScenarioTest {

    private static final double[] SWEEP = {0.30, 0.35, 0.40, 0.45, 0.50, 0.55, 0.60};

    private static final Map<String, SimResult> RUNS = new LinkedHashMap<>();
    private static double saturation;

    static String spec(String control, double load) {
        return "name: tune-scenario\n"
            + "topology: {kind: torus, radix: [8, 8], bidirectional: true}\n"
            + "routing: minimal-adaptive\n"
            + "escape: when-blocked\n"
            + "vcs: 3\n"
            + "rule: dateline\n"
            + "simulation:\n"
            + "  switching: vct\n"
            + "  buffer: 16\n"
            + "  packet-size: 16\n"
            + "  pipeline: 2\n"
            + "  link-latency: 1\n"
            + "  traffic: uniform\n"
            + "  load: " + load + "\n"
            + "  cycles: 20000\n"
            + "  warmup: 5000\n"
            + "  control: " + control + "\n";
    }

    static SimResult run(String control, double load) {
        return RUNS.computeIfAbsent(control + "@" + load,
            k -> new Simulator(SimTestSupport.fromYaml(spec(control, load))).run(null));
    }

    static boolean stable(SimResult r) {
        return !r.unstable() && r.deadlock() == null;
    }

    /** Saturation of the uncontrolled network: the highest load of the sweep it still accepts. */
    @BeforeAll
    static void findSaturation() {
        for (double load : SWEEP) {
            SimResult r = run("none", load);
            assertThat(r.deadlock()).as("none at %s", load).isNull();
            if (stable(r)) {
                saturation = load;
            }
        }
        assertThat(saturation).as("a sweep that brackets saturation").isBetween(SWEEP[1], SWEEP[SWEEP.length - 2]);
    }

    @Test
    void atATenthOfSaturationTuneCostsNeitherThroughputNorLatency() {
        double load = Math.round(saturation * 0.1 * 1000) / 1000.0;
        SimResult none = run("none", load);
        SimResult tune = run("tune", load);
        System.out.printf(Locale.ROOT,
            "tune scenario: saturation %.3f; at %.3f none accepted %.4f latency %.2f, tune accepted %.4f latency %.2f%n",
            saturation, load, none.accepted(), none.latency().mean(), tune.accepted(), tune.latency().mean());
        assertThat(stable(none)).isTrue();
        assertThat(stable(tune)).isTrue();
        assertThat(tune.accepted()).isCloseTo(none.accepted(), within(0.03 * none.accepted()));
        assertThat(tune.latency().mean()).isCloseTo(none.latency().mean(), within(0.03 * none.latency().mean()));
    }

    @Test
    void pastSaturationTuneHoldsNearItsPeakWhileNoControlCollapses() {
        double high = Math.round(saturation * 1.5 * 1000) / 1000.0;
        double tunePeak = 0;
        double nonePeak = 0;
        for (double load : SWEEP) {
            tunePeak = Math.max(tunePeak, run("tune", load).accepted());
            nonePeak = Math.max(nonePeak, run("none", load).accepted());
        }
        SimResult tune = run("tune", high);
        SimResult none = run("none", high);
        tunePeak = Math.max(tunePeak, tune.accepted());
        System.out.printf(Locale.ROOT,
            "tune scenario: at %.3f none accepted %.4f (peak %.4f), tune accepted %.4f (peak %.4f)%n",
            high, none.accepted(), nonePeak, tune.accepted(), tunePeak);
        assertThat(tune.deadlock()).isNull();
        assertThat(none.deadlock()).isNull();
        assertThat(tune.accepted()).as("tune at 1.5x saturation against its peak %s", tunePeak)
            .isGreaterThanOrEqualTo(0.85 * tunePeak);
        assertThat(none.accepted() / nonePeak).as("none falls further than tune")
            .isLessThan(tune.accepted() / tunePeak)
            .isLessThan(0.85);
        assertThat(tune.accepted()).isGreaterThan(none.accepted());
        // the threshold was tuned: it moved from its initial 1% (7 of 768 buffers)
        SimResult.ControlSeries cs = tune.controlSeries();
        assertThat(cs.names()).containsExactly("threshold", "estimate", "full buffers", "throughput");
        double maxThreshold = 0;
        for (double v : cs.values()[0]) {
            maxThreshold = Math.max(maxThreshold, v);
        }
        assertThat(maxThreshold).isGreaterThan(7);
    }
}
