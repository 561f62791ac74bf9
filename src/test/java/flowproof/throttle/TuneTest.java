package flowproof.throttle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import flowproof.ConfigurationException;
import flowproof.rule.VirtualCutThrough;
import flowproof.sim.SimConfig;
import flowproof.spec.SimulationReader;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import flowproof.throttle.TuneView.Decision;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@link Tune} against a scripted network: the side-band delay and extrapolation, the
 * decision table (Table 1), the local-maxima rule (section 4.2) and parameter checks. The
 * network is the paper's 16-ary 2-cube with 3 VCs: 3,072 buffers, g = 32, tuning period
 * 96, initial threshold and increment 30, decrement 122.
 */
class TuneTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Network PAPER = new Network(Torus.torus(new int[] {16, 16}, true), 3, 1);

    private static JsonNode yaml(String text) {
        try {
            return YAML.readTree(text);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    static Tune tune(Network net, String yaml) {
        return (Tune) Schemes.read("simulation.control", yaml(yaml), new SchemeContext(net, new VirtualCutThrough(), 16, 16,
            true));
    }

    static Tune tune(String yaml) {
        return tune(PAPER, yaml);
    }

    /** A control on a scripted copy of {@code net}. */
    private record Run(TuneControl control, StubState state) {
        /**
         * Runs cycles [from, to): before each, the full buffers are {@code full(t)}; during
         * each, {@code rate(t)} flits are delivered.
         */
        void cycles(long from, long to, LongUnaryOperator full, LongUnaryOperator rate) {
            for (long t = from; t < to; t++) {
                state.now = t;
                state.fullBuffers = (int) full.applyAsLong(t);
                control.beginCycle(t);
                state.deliveredFlits += rate.applyAsLong(t);
            }
        }

        boolean mayInject() {
            return control.mayInject(0, 1, 16, new int[0], 0);
        }
    }

    private static Run run(Tune t) {
        StubState s = new StubState(PAPER, 16, 16);
        return new Run((TuneControl) t.create(s, 1), s);
    }

    /**
     * Drives tuning periods with the paper's defaults (g = 32, P = 96). The tuning at cycle
     * T = (m+1)·96 sees the flits delivered in cycles [96m − 32, 96m + 64) (window m; window 0
     * is [0, 64)) and the full-buffer snapshots at 96m .. 96m + 64. {@code periods[m] = {flits, full}}: window m
     * delivers {@code flits} (spread over its 96 cycles) with {@code full} full buffers.
     * Returns the run after the tuning at cycle 96·periods.length.
     */
    private static Run periods(Tune t, long[][] periods) {
        Run r = run(t);
        int g = t.gather();
        int p = t.tuningPeriod();
        long end = (long) p * periods.length;
        LongUnaryOperator window = c -> Math.min(periods.length - 1, Math.floorDiv(c + g, p));
        r.cycles(0, end + 1,
            c -> periods[(int) Math.min(periods.length - 1, Math.max(0, Math.floorDiv(c + g - 1, p)))][1],
            c -> {
                int m = (int) window.applyAsLong(c);
                long flits = periods[m][0];
                // spread flits evenly over the window's cycles (window 0 has only p - g: the run starts at 0)
                long start = Math.max(0, (long) m * p - g);
                long length = m == 0 ? p - g : p;
                long i = c - start;
                return i >= length ? 0 : flits * (i + 1) / length - flits * i / length;
            });
        return r;
    }

    private static long[][] script(long[]... periods) {
        return periods;
    }

    private static long[] w(long flits, long full) {
        return new long[] {flits, full};
    }

    // ------------------------------------------------------------------ defaults

    @Test
    void defaultsOnThePapersNetworkAreItsNumbers() {
        Tune t = tune("tune");
        assertThat(t.gather()).isEqualTo(32);
        assertThat(t.tuningPeriod()).isEqualTo(96);
        TuneControl c = run(t).control();
        assertThat(c.threshold()).isEqualTo(30);
        assertThat(c.increment()).isEqualTo(30);
        assertThat(c.decrement()).isEqualTo(122);
        assertThat(t.describe()).isEqualTo("tune");
    }

    @Test
    void gatherDurationIsHopDelayTimesHalfRadixTimesDimensions() {
        assertThat(tune("{kind: tune, hop-delay: 3}").gather()).isEqualTo(48);
        assertThat(tune("{kind: tune, hop-delay: 6}").gather()).isEqualTo(96);
        Network t8 = new Network(Torus.torus(new int[] {8, 8}, true), 3, 1);
        assertThat(tune(t8, "tune").gather()).isEqualTo(16);
        assertThat(tune(t8, "tune").tuningPeriod()).isEqualTo(96);
        // a 10-ary 2-cube: g = 20; the default period is the first multiple of g from 96
        Network t10 = new Network(Torus.torus(new int[] {10, 10}, true), 3, 1);
        assertThat(tune(t10, "tune").gather()).isEqualTo(20);
        assertThat(tune(t10, "tune").tuningPeriod()).isEqualTo(100);
        // a mesh line and a unidirectional ring need k-1 hops
        Network mesh = new Network(Torus.mesh(new int[] {4, 4}), 2, 1);
        assertThat(tune(mesh, "tune").gather()).isEqualTo(12);
        Network uni = new Network(Torus.torus(new int[] {5}, false), 2, 1);
        assertThat(tune(uni, "tune").gather()).isEqualTo(8);
    }

    @Test
    void gatherOnOtherNetworksIsHopDelayTimesTheRouterGraphsDiameter() {
        // a k-ary n-flat connects every two routers that differ in one coordinate: diameter n
        for (int n = 1; n <= 3; n++) {
            Network fb = new Network(new flowproof.topology.FlattenedButterfly(3, n, 2), 2, 1);
            assertThat(tune(fb, "tune").gather()).as("3-ary %d-flat", n).isEqualTo(2 * n);
            assertThat(tune(fb, "{kind: tune, hop-delay: 5}").gather()).as("3-ary %d-flat", n).isEqualTo(5 * n);
        }
    }

    @Test
    void describeListsChangedParameters() {
        assertThat(tune("{kind: tune, increment: 0.02, resets: 3}").describe()).isEqualTo("tune(increment=0.02, resets=3)");
        assertThat(Schemes.keys()).contains("tune");
    }

    // ------------------------------------------------------------------ gather delay

    @Test
    void aChangeInFullBuffersIsNotSeenBeforeTheGatherDuration() {
        // full buffers jump from 0 to 500 at cycle 100; the next snapshot is at 128, known at 160
        Run r = run(tune("{kind: tune, extrapolate: false}"));
        r.cycles(0, 160, c -> c < 100 ? 0 : 500, c -> 0);
        assertThat(r.control().estimate()).isZero();
        assertThat(r.mayInject()).isTrue();
        r.cycles(160, 161, c -> 500, c -> 0);
        assertThat(r.control().estimate()).isEqualTo(500.0);
        assertThat(r.mayInject()).isFalse();
    }

    @Test
    void withoutExtrapolationTheSourcesSeeTheCountSampledOneToTwoGathersBefore() {
        Run r = run(tune("{kind: tune, extrapolate: false}"));
        LongUnaryOperator full = c -> (c * 7) % 1000;
        for (long t = 0; t < 1000; t++) {
            r.cycles(t, t + 1, full, c -> 0);
            long sampled = (t / 32 - 1) * 32;
            double expected = sampled < 0 ? 0 : full.applyAsLong(sampled);
            assertThat(r.control().estimate()).as("cycle %d", t).isEqualTo(expected);
        }
    }

    @Test
    void linearExtrapolationFromTheLastTwoSnapshotsTracksARampExactly() {
        // F(t) = t / 4: the stale snapshots, extrapolated, give the current count
        Run r = run(tune("tune"));
        r.cycles(0, 64, c -> c / 4, c -> 0);
        for (long t = 64; t < 2000; t++) {
            r.cycles(t, t + 1, c -> c / 4, c -> 0);
            // snapshots are exact multiples of 8 (F(32j) = 8j): the estimate is t/4, within a flit of the count
            assertThat(r.control().estimate()).as("cycle %d", t).isCloseTo(t / 4.0, within(1e-9));
        }
    }

    @Test
    void theExtrapolationAtAStepOvershootsAndIsClampedToAllBuffers() {
        Run r = run(tune("tune"));
        r.cycles(0, 161, c -> c < 100 ? 0 : 2000, c -> 0);
        // snapshots 0 (j = 3) and 2000 (j = 4) 32 cycles apart, extrapolated 32 cycles on
        assertThat(r.control().estimate()).isEqualTo(3072.0);
    }

    @Test
    void injectionIsHeldExactlyWhileTheEstimateExceedsTheThreshold() {
        Run r = run(tune("{kind: tune, extrapolate: false}"));
        r.cycles(0, 64, c -> 30, c -> 0);
        assertThat(r.control().estimate()).isEqualTo(30.0);
        assertThat(r.mayInject()).as("30 full buffers do not exceed a threshold of 30").isTrue();
        r.cycles(64, 96, c -> 31, c -> 0);
        assertThat(r.mayInject()).isTrue();
        r.cycles(96, 97, c -> 31, c -> 0);
        assertThat(r.control().estimate()).isEqualTo(31.0);
        assertThat(r.mayInject()).isFalse();
    }

    // ------------------------------------------------------------------ decision table

    @Test
    void noDropAndThrottlingIncreasesTheThresholdByOnePercent() {
        // 100 full buffers against a threshold of 30: the gate closes
        Run r = periods(tune("tune"), script(w(1000, 100), w(1000, 100)));
        assertThat(r.control().decision()).isEqualTo(Decision.INCREASE);
        assertThat(r.control().threshold()).isEqualTo(30 + 30 + 30);
    }

    @Test
    void noDropAndNoThrottlingKeepsTheThreshold() {
        Run r = periods(tune("tune"), script(w(1000, 0), w(1000, 0), w(900, 0)));
        assertThat(r.control().decision()).isEqualTo(Decision.KEEP);
        assertThat(r.control().threshold()).isEqualTo(30);
    }

    @Test
    void aDropBelowThreeQuartersOfThePreviousPeriodDecreasesByFourPercent() {
        // thresholds: 30 -> 60 -> 90 -> 120 -> 150 (throttling, no drop), then a drop: 150 - 122
        Run r = periods(tune("{kind: tune, local-maxima: false}"),
            script(w(1000, 500), w(1000, 500), w(1000, 500), w(1000, 500), w(749, 500)));
        assertThat(r.control().decision()).isEqualTo(Decision.DECREASE);
        assertThat(r.control().threshold()).isEqualTo(150 - 122);
    }

    @Test
    void exactlyThreeQuartersIsNoDrop() {
        Run r = periods(tune("{kind: tune, local-maxima: false}"), script(w(1000, 0), w(750, 0)));
        assertThat(r.control().decision()).isEqualTo(Decision.KEEP);
        Run d = periods(tune("{kind: tune, local-maxima: false}"), script(w(1000, 0), w(749, 0)));
        assertThat(d.control().decision()).isEqualTo(Decision.DECREASE);
    }

    @Test
    void aDropDecreasesEvenWhileThrottling() {
        Run r = periods(tune("{kind: tune, local-maxima: false}"), script(w(1000, 500), w(500, 500)));
        assertThat(r.control().decision()).isEqualTo(Decision.DECREASE);
    }

    @Test
    void theThresholdIsClampedToZeroAndToAllBuffers() {
        Run low = periods(tune("{kind: tune, local-maxima: false}"), script(w(1000, 0), w(100, 0)));
        assertThat(low.control().threshold()).isZero();
        long[][] rising = new long[120][];
        for (int i = 0; i < rising.length; i++) {
            rising[i] = w(1000, 3072);
        }
        Run high = periods(tune("{kind: tune, increment: 0.5}"), rising);
        assertThat(high.control().threshold()).isEqualTo(3072);
    }

    @Test
    void throughputOfAPeriodIsTheDeliveredFlitsTheSideBandReported() {
        Run r = periods(tune("tune"), script(w(1234, 0), w(4321, 0)));
        assertThat(r.control().lastThroughput()).isEqualTo(4321);
        // flits delivered in the last g cycles before a tuning are not yet known to it
        Run s = run(tune("tune"));
        s.cycles(0, 97, c -> 0, c -> c >= 64 ? 100 : 0);
        assertThat(s.control().lastThroughput()).isZero();
    }

    // ------------------------------------------------------------------ local maxima

    @Test
    void fallingWellBelowTheMaximumResetsTheThresholdToNmaxWhenItIsBelowTmax() {
        // max throughput 2000 in period 3, threshold then 90, mean full buffers 40 < 90
        Run r = periods(tune("tune"),
            script(w(1000, 100), w(1000, 100), w(2000, 40), w(1600, 100), w(1490, 100)));
        TuneControl c = r.control();
        assertThat(c.maxThroughput()).isEqualTo(2000);
        assertThat(c.tMax()).isEqualTo(90);
        assertThat(c.nMax()).isEqualTo(40);
        // 1490 < 0.75 x 2000 but not < 0.75 x 1600: a reset, not a table decision
        assertThat(c.decision()).isEqualTo(Decision.RESET);
        assertThat(c.threshold()).isEqualTo(40);
    }

    @Test
    void fallingWellBelowTheMaximumResetsTheThresholdToTmaxWhenNmaxIsHigher() {
        Run r = periods(tune("tune"), script(w(1000, 100), w(2000, 400), w(1600, 400), w(1400, 400)));
        TuneControl c = r.control();
        assertThat(c.tMax()).isEqualTo(60);
        assertThat(c.nMax()).isEqualTo(400);
        assertThat(c.decision()).isEqualTo(Decision.RESET);
        assertThat(c.threshold()).isEqualTo(60);
    }

    @Test
    void nmaxIsTheMeanOfThePeriodsSnapshots() {
        // snapshots of window 1 at cycles 96, 128, 160: 10, 20, 60 full buffers -> mean 30
        Run r = run(tune("tune"));
        r.cycles(0, 193, c -> c == 96 ? 10 : c == 128 ? 20 : c == 160 ? 60 : 0, c -> c < 160 ? 10 : 0);
        assertThat(r.control().maxThroughput()).isEqualTo(960);
        assertThat(r.control().nMax()).isEqualTo(30);
    }

    @Test
    void afterRConsecutiveResetsTheMaximumIsForgottenAndSearchedAgain() {
        long[][] s = new long[8][];
        s[0] = w(1000, 100);
        s[1] = w(2000, 50);
        for (int i = 2; i < 7; i++) {
            s[i] = w(1000, 300);
        }
        s[7] = w(1000, 300);
        Run four = periods(tune("{kind: tune, resets: 5}"), Arrays.copyOf(s, 6));
        assertThat(four.control().decision()).isEqualTo(Decision.RESET);
        assertThat(four.control().maxThroughput()).isEqualTo(2000);
        Run five = periods(tune("{kind: tune, resets: 5}"), Arrays.copyOf(s, 7));
        assertThat(five.control().decision()).isEqualTo(Decision.RESET_FORGET);
        assertThat(five.control().maxThroughput()).isZero();
        assertThat(five.control().threshold()).isEqualTo(50);
        // the next period is the new maximum; no drop, throttling (300 > 50): increase
        Run six = periods(tune("{kind: tune, resets: 5}"), s);
        assertThat(six.control().maxThroughput()).isEqualTo(1000);
        assertThat(six.control().decision()).isEqualTo(Decision.INCREASE);
        assertThat(six.control().threshold()).isEqualTo(80);
    }

    @Test
    void aPeriodAboveThreeQuartersOfTheMaximumBreaksTheRunOfResets() {
        long[][] s = {w(1000, 100), w(2000, 50), w(1000, 300), w(1000, 300), w(1600, 300), w(1000, 300),
            w(1000, 300), w(1000, 300)};
        Run r = periods(tune("{kind: tune, resets: 5}"), s);
        // resets in periods 2, 3, 5, 6, 7: never five in a row
        assertThat(r.control().decision()).isEqualTo(Decision.RESET);
        assertThat(r.control().maxThroughput()).isEqualTo(2000);
    }

    @Test
    void exactlyResetBelowOfTheMaximumIsNoReset() {
        // 1500 is not below 0.75 x 2000, nor below 0.75 x 1600: the table keeps the threshold
        Run r = periods(tune("tune"), script(w(2000, 0), w(1600, 0), w(1500, 0)));
        assertThat(r.control().maxThroughput()).isEqualTo(2000);
        assertThat(r.control().decision()).isEqualTo(Decision.KEEP);
        assertThat(r.control().threshold()).isEqualTo(30);
        Run below = periods(tune("tune"), script(w(2000, 0), w(1600, 0), w(1499, 0)));
        assertThat(below.control().decision()).isEqualTo(Decision.RESET);
    }

    @Test
    void withoutLocalMaximaAvoidanceOnlyTheTableActs() {
        Run r = periods(tune("{kind: tune, local-maxima: false}"),
            script(w(1000, 100), w(2000, 40), w(1600, 100), w(1300, 300)));
        assertThat(r.control().decision()).isEqualTo(Decision.INCREASE);
        assertThat(r.control().maxThroughput()).isZero();
    }

    // ------------------------------------------------------------------ series

    @Test
    void seriesHoldThresholdEstimateFullBuffersAndThroughput() {
        Run r = periods(tune("tune"), script(w(960, 100), w(1920, 100)));
        TuneControl c = r.control();
        assertThat(c.seriesNames()).containsExactly("threshold", "estimate", "full buffers", "throughput");
        double[] out = new double[4];
        c.sample(out);
        assertThat(out[0]).isEqualTo(c.threshold());
        assertThat(out[1]).isEqualTo(c.estimate());
        assertThat(out[2]).isEqualTo(100);
        assertThat(out[3]).isCloseTo(1920.0 / 96 / 256, within(1e-12));
    }

    // ------------------------------------------------------------------ parameters

    @Test
    void badParametersAreRefusedNamingTheField() {
        String[][] cases = {
            {"{kind: tune, increment: -0.01}", "simulation.control.increment"},
            {"{kind: tune, decrement: 1.5}", "simulation.control.decrement"},
            {"{kind: tune, initial: -1}", "simulation.control.initial"},
            {"{kind: tune, drop: 0}", "simulation.control.drop"},
            {"{kind: tune, drop: 1.2}", "simulation.control.drop"},
            {"{kind: tune, reset-below: 0}", "simulation.control.reset-below"},
            {"{kind: tune, resets: 0}", "simulation.control.resets"},
            {"{kind: tune, hop-delay: 0}", "simulation.control.hop-delay"},
            {"{kind: tune, hop-delay: -2}", "simulation.control.hop-delay"},
            {"{kind: tune, gather: 0}", "simulation.control.gather"},
            {"{kind: tune, tuning-period: 100}", "simulation.control.tuning-period"},
            {"{kind: tune, tuning-period: -96}", "simulation.control.tuning-period"},
            {"{kind: tune, hop-delay: 1.5}", "simulation.control.hop-delay"},
            {"{kind: tune, increment: high}", "simulation.control.increment"},
            {"{kind: tune, extrapolate: 1}", "simulation.control.extrapolate"},
            {"{kind: tune, threshold: 30}", "simulation.control.threshold"},
        };
        for (String[] c : cases) {
            assertThatThrownBy(() -> tune(c[0])).as(c[0]).isInstanceOf(ConfigurationException.class)
                .extracting(e -> ((ConfigurationException) e).field()).isEqualTo(c[1]);
        }
    }

    @Test
    void aSpecWithABadParameterIsRefusedInOneLineNamingFileAndField() throws Exception {
        String spec = Files.readString(Path.of("specs/sim/tune-torus16x16.yaml"))
            .replace("  control: tune\n", "  control: {kind: tune, decrement: -0.04}\n");
        assertThatThrownBy(() -> SimulationReader.read(
            SpecReader.fromTree("bad.yaml", "", yaml(spec))))
            .isInstanceOf(SpecException.class)
            .hasMessage("bad.yaml: simulation.control.decrement: expected a number in [0, 1], found -0.04");
        SimConfig ok = SimulationReader.read(
            SpecReader.fromTree("ok.yaml", "", yaml(spec.replace("decrement: -0.04", "decrement: 0.02"))));
        assertThat(ok.control().describe()).isEqualTo("tune(decrement=0.02)");
    }

    @Test
    void theTuningPeriodMustBeAMultipleOfTheGather() {
        assertThatThrownBy(() -> tune("{kind: tune, tuning-period: 100}"))
            .hasMessageContaining("a multiple of the gather duration g = 32 cycles");
        assertThat(tune("{kind: tune, tuning-period: 192}").tuningPeriod()).isEqualTo(192);
        assertThat(tune("{kind: tune, gather: 48, tuning-period: 96}").gather()).isEqualTo(48);
        // g = 80: the default period is the first multiple of g from 96
        assertThat(tune("{kind: tune, hop-delay: 5}").tuningPeriod()).isEqualTo(160);
    }
}
