package flowproof.throttle;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.sim.SimConfig;
import flowproof.sim.control.Scheme;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Reading {@code simulation.control}: keys, parameters, defaults and the one-line errors. */
class SchemesTest {

    private static String spec(String control) {
        return SchemeTestSupport.cbsTorus(4, 1000, control);
    }

    @Test
    void noControlIsNone() {
        SimConfig cfg = SchemeTestSupport.config(spec(null));
        assertThat(cfg.control()).isSameAs(Scheme.NONE);
        assertThat(cfg.effectiveRule()).isSameAs(cfg.rule());
    }

    @Test
    void keyAloneAndMappingAreRead() {
        assertThat(SchemeTestSupport.config(spec("alo")).control().key()).isEqualTo("alo");
        SimConfig cfg = SchemeTestSupport.config(spec("{kind: static-threshold, threshold: 5}"));
        assertThat(cfg.control().describe()).isEqualTo("static-threshold(threshold=5)");
        assertThat(((StaticThreshold) cfg.control()).threshold(64)).isEqualTo(5);
        assertThat(((StaticThreshold) SchemeTestSupport.config(spec("static-threshold")).control()).threshold(100))
            .isEqualTo(8);
    }

    @Test
    void cbsGlobalReplacesTheRuleWithSpreadMarks() {
        SimConfig cfg = SchemeTestSupport.config(spec("{kind: cbs-global, bubbles: 6}"));
        var rule = cfg.effectiveRule();
        assertThat(rule.marksPerRing()).isEqualTo(6);
        var net = cfg.network();
        for (int r = 0; r < net.rings(); r++) {
            int sum = 0;
            int max = 0;
            for (int q : net.ringQueues(r)) {
                sum += rule.initialMarks(net, q);
                max = Math.max(max, rule.initialMarks(net, q));
            }
            assertThat(sum).as("marks on ring %d", r).isEqualTo(6);
            assertThat(max).as("no queue holds more marks than it has slots").isLessThanOrEqualTo(net.capacity());
        }
        // 20% of a ring of 4 queues x 8 slots
        assertThat(((CbsGlobal) SchemeTestSupport.config(spec("cbs-global")).control()).bubbles(net)).isEqualTo(6);
        assertThat(SchemeTestSupport.config(spec("cbs")).effectiveRule().marksPerRing()).isEqualTo(1);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "tuna | simulation.control: expected one of none, ",
        "{kind: tuna} | simulation.control.kind: expected one of none, ",
        "{kind: static-threshold, threshold: -1} | simulation.control.threshold: expected a whole number in [0, 64], found -1",
        "{kind: static-threshold, fraction: 1.5} | simulation.control.fraction: expected a number in [0, 1], found 1.5",
        "{kind: static-threshold, threshold: 3, fraction: 0.1} | simulation.control.threshold: expected threshold or fraction, not both",
        "{kind: alo, threshold: 3} | simulation.control.threshold: expected no parameters, found threshold",
        "{kind: best-local, slot: 3} | simulation.control.slot: expected one of slots, turn-slots, found slot",
        "{kind: best-local, slots: 9} | simulation.control.slots: expected a whole number in [2, 8], found 9",
        "{kind: cbs-global, bubbles: 32} | simulation.control.bubbles: expected a whole number in [1, 31], found 32",
        "{kind: cbs-global, fraction: 0} | simulation.control.fraction: expected a number in (0, 1], found 0",
        "{kind: cbs-global, fraction: 1} | simulation.control.fraction: expected a fraction that leaves a ring of 32 slots a normal slot",
        "[alo] | simulation.control: expected a scheme (",
    })
    void badControlIsOneLineNamingTheField(String control, String expected) {
        String msg = SchemeTestSupport.error(spec(control));
        assertThat(msg).startsWith("test-spec.yaml: ").contains(expected).doesNotContain("\n");
    }

    @Test
    void cbsGlobalNeedsTheCriticalBubbleRule() {
        String yaml = spec("cbs-global").replace("rule: critical-bubble", "rule: localized-bubble");
        assertThat(SchemeTestSupport.error(yaml)).contains(
            "simulation.control.kind: expected rule critical-bubble for scheme cbs-global (its marks are the control), "
                + "found rule localized-bubble");
    }

    @Test
    void namedUsesTheSpecParametersOnlyForItsOwnKind() {
        SimConfig cfg = SchemeTestSupport.config(spec("{kind: static-threshold, threshold: 7}"));
        var ctx = flowproof.spec.SimulationReader.schemeContext(cfg);
        var control = SchemeTestSupport.spec(spec("{kind: static-threshold, threshold: 7}")).simulation().get("control");
        assertThat(Schemes.named("static-threshold", control, ctx).describe()).isEqualTo("static-threshold(threshold=7)");
        assertThat(Schemes.named("alo", control, ctx).describe()).isEqualTo("alo");
        assertThat(Schemes.keys()).contains("none", "static-threshold", "alo", "best-local", "cbs", "cbs-global");
    }
}
