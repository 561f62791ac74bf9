package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.cli.Main;
import flowproof.sim.control.Scheme;
import flowproof.spec.SimulationReader;
import flowproof.throttle.Schemes;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * State-Propagation Throttling in whole simulations of the paper's network (2-D torus, DOR,
 * VCT, 3 VCs with two datelines per dimension, 8-flit packets, 16-flit buffers): it costs
 * nothing at low load, and it shortens the paper's collective job (10 packets per node at
 * cycle 0) under adversarial permutations, with th(0) and th(8).
 */
class SpthScenarioTest {

    @TempDir
    Path dir;

    /** The paper's network on a k x k torus with the given simulation lines. */
    static String paperNetwork(int k, String simulation) {
        return "name: spth-scenario\n"
            + "topology: {kind: torus, radix: [" + k + ", " + k + "], bidirectional: true}\n"
            + "routing: dor\n"
            + "vcs: 3\n"
            + "rule: {kind: dateline, datelines: 2}\n"
            + "simulation:\n"
            + ("switching: vct\nbuffer: 16\npacket-size: 8\npipeline: 4\nlink-latency: 1\n" + simulation).indent(2);
    }

    static SimConfig with(SimConfig cfg, String control) {
        Scheme s = Schemes.read("simulation.control", SimTestSupport.yaml(control),
            SimulationReader.schemeContext(cfg));
        return cfg.withControl(s);
    }

    static SimResult run(SimConfig cfg) {
        return Engine.of(cfg).run(null);
    }

    /**
     * Uniform traffic on the 8x8 network saturates near 0.385 flits/node/cycle ({@code
     * flowproof sweep} at 0.3:0.8:0.1 accepts 0.383-0.390 from 0.4 on, 6,000 cycles); 0.039 is
     * 10% of that.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {"{kind: spth}", "{kind: spth, margin: 8}"})
    void atATenthOfSaturationSpthMatchesNoControlWithinThreePercent(String control) {
        SimConfig cfg = SimTestSupport.fromYaml(paperNetwork(8,
            "traffic: uniform\nload: 0.039\ncycles: 12000\nwarmup: 2000\n"));
        SimResult none = run(cfg);
        SimResult spth = run(with(cfg, control));
        assertThat(spth.control()).startsWith("spth");
        assertThat(none.drained()).isTrue();
        assertThat(spth.drained()).isTrue();
        assertThat(spth.accepted()).isCloseTo(none.accepted(), org.assertj.core.data.Percentage.withPercentage(3));
        assertThat(spth.latency().mean()).isCloseTo(none.latency().mean(),
            org.assertj.core.data.Percentage.withPercentage(3));
        assertThat(spth.controlSeries().names()).containsExactly("throttled nodes", "busy buffers", "busy bits");
    }

    /**
     * The collective job on 16x16 (bit-complement; the simulator's tornado, 7 hops + in x and
     * in y) and on the paper's 32x32 with the paper's tornado (an x-shift by N/2, built row by
     * row): th(0) and th(8) each finish at least 5% sooner than no control (measured:
     * 663/446/424, 1516/1147/1063 and 1983/1662/1603 cycles, docs/results/spth.md).
     */
    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource(delimiter = '|', value = {
        "spth-torus16x16-collective-bit-complement.yaml|{kind: spth, margin: 0}",
        "spth-torus16x16-collective-bit-complement.yaml|{kind: spth, margin: 8}",
        "spth-torus16x16-collective-tornado.yaml|{kind: spth, margin: 0}",
        "spth-torus16x16-collective-tornado.yaml|{kind: spth, margin: 8}",
        "spth-torus32x32-collective-tornado-rows.yaml|{kind: spth, margin: 0}",
        "spth-torus32x32-collective-tornado-rows.yaml|{kind: spth, margin: 8}"})
    void theCollectiveJobFinishesSoonerWithSpth(String spec, String control) throws IOException {
        SimConfig cfg = SimTestSupport.fromYaml(Files.readString(Path.of("specs/sim", spec)));
        SimResult none = run(cfg.withControl(Scheme.NONE));
        SimResult spth = run(with(cfg, control));
        assertThat(none.drained()).isTrue();
        assertThat(spth.drained()).isTrue();
        assertThat(spth.packetsDelivered()).isEqualTo(none.packetsDelivered())
            .isEqualTo(10L * cfg.network().topology().nodes());
        assertThat((double) spth.completion()).as("completion: none %d, %s %d", none.completion(), control,
            spth.completion()).isLessThanOrEqualTo(0.95 * none.completion());
    }

    @Test
    void theThrottledNodesSeriesRisesDuringTheCollectiveJob() throws IOException {
        SimConfig cfg = SimTestSupport.fromYaml(Files.readString(Path.of("specs/sim",
            "spth-torus16x16-collective-bit-complement.yaml")));
        SimResult r = run(cfg);
        double max = 0;
        for (double v : r.controlSeries().values()[0]) {
            max = Math.max(max, v);
        }
        assertThat(max).isGreaterThan(0).isLessThanOrEqualTo(256);
    }

    @Test
    void aBadSpthParameterIsOneLineWithExitCodeTwo() throws IOException {
        Path spec = dir.resolve("bad.yaml");
        Files.writeString(spec, paperNetwork(4,
            "traffic: uniform\nload: 0.1\ncycles: 500\nwarmup: 100\ncontrol: {kind: spth, margin: 16}\n"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new String[] {"simulate", spec.toString()}, new PrintWriter(out, true),
            new PrintWriter(err, true));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString().strip()).doesNotContain("\n").contains("simulation.control.margin")
            .contains("[0, 15]").contains("16");
    }
}
