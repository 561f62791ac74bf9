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

    /**
     * 30% of every ring's slots critical (19 marks, more than the 8 slots of one buffer): the
     * paper's literal scheme lets marks pile up on one buffer of an idle ring, which then can
     * never be entered by a turn, and the drain deadlocks with packets waiting to turn; with
     * drifting marks the same run drains.
     */
    @Test
    void marksThatCannotDriftStarveATurnInTheDrain() {
        SimConfig cfg = SchemeTestSupport.config(SchemeTestSupport.cbsTorus(8, 10000, null)
            .replace("warmup: 3333", "warmup: 2000"));
        SimConfig fixed = cfg.withControl(Schemes.named("cbs-global(fraction=0.3)", null,
            flowproof.spec.SimulationReader.schemeContext(cfg)));
        SimConfig literal = cfg.withControl(Schemes.named("cbs-global(fraction=0.3, drift=false)", null,
            flowproof.spec.SimulationReader.schemeContext(cfg)));
        SimResult stuck = flowproof.sim.Engine.of(literal.withWorkload(cfg.workload().atLoad(0.6))).run(null);
        assertThat(stuck.deadlock()).as("literal scheme").isNotNull();
        assertThat(stuck.deadlock().packetsInNetwork()).isLessThan(10);
        SimResult ok = flowproof.sim.Engine.of(fixed.withWorkload(cfg.workload().atLoad(0.6))).run(null);
        assertThat(ok.deadlock()).isNull();
        assertThat(ok.drained()).isTrue();
    }
}
