package flowproof.throttle;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The schemes on the Critical Bubble Scheme paper's 8x8 torus (uniform traffic, 8-flit
 * packets, eight packet slots per channel; 6,000 cycles instead of 10,000), every run
 * checked every cycle: off at low load, and several critical bubbles per ring beating the
 * single bubble past saturation.
 */
class CbsGlobalScenarioTest {

    private static final SimConfig CBS = SchemeTestSupport.config(SchemeTestSupport.cbsTorus(8, 6000, null));

    /** 10% of the single-bubble saturation throughput (about 0.29-0.45 flits/node/cycle here). */
    private static final double LOW = 0.04;

    @ParameterizedTest
    @ValueSource(strings = {"cbs-global", "static-threshold", "alo", "best-local"})
    void offAtLowLoad(String key) {
        SimResult none = SchemeTestSupport.run(CBS, "none", LOW);
        SimResult r = SchemeTestSupport.run(CBS, key, LOW);
        assertThat(r.drained()).isTrue();
        assertThat(r.unstable()).isFalse();
        assertThat(r.accepted()).isCloseTo(none.accepted(), org.assertj.core.data.Percentage.withPercentage(3));
        assertThat(r.latency().mean()).isCloseTo(none.latency().mean(), org.assertj.core.data.Percentage.withPercentage(3));
    }

    @Test
    void severalCriticalBubblesKeepThroughputPastSaturation() {
        for (double load : new double[] {0.6, 0.9}) {
            SimResult single = SchemeTestSupport.run(CBS, "cbs", load);
            SimResult multi = SchemeTestSupport.run(CBS, "cbs-global", load);
            assertThat(single.drained()).isTrue();
            assertThat(multi.drained()).isTrue();
            assertThat(multi.accepted()).as("load %.1f: cbs-global %.4f vs cbs %.4f", load, multi.accepted(),
                single.accepted()).isGreaterThan(1.3 * single.accepted());
        }
    }
}
