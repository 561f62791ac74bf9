package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The explorer's T3 (unidirectional 3x2 torus, one-packet buffers, one critical bubble per
 * ring) in the simulator: the literal Critical Bubble Scheme never drains, the fixed rule
 * (drift: true, the same {@link flowproof.rule.CriticalBubble} the explorer proves) does.
 */
class CriticalBubbleDriftTest {

    private static final String SPEC = "name: t3-sim\n"
        + "topology: {kind: torus, radix: [3, 2], bidirectional: false}\n"
        + "vcs: 1\n"
        + "rule: {kind: critical-bubble, drift: %s}\n"
        + "simulation:\n"
        + "  switching: vct\n"
        + "  buffer: 4\n"
        + "  pipeline: 1\n"
        + "  traffic: %s\n"
        + "  cycles: 400\n"
        + "  warmup: 0\n"
        + "  deadlock-cycles: 200\n";

    /** T3's own trace: one packet from (0,1) to (1,0), which turns into a radix-2 ring at (1,1). */
    private static final String T3_TRACE = "{script: [[0, 3, 1, 4]]}";

    private static SimResult run(boolean drift, String traffic) {
        return new Simulator(SimTestSupport.fromYaml(String.format(SPEC, drift, traffic)).withCheck(true)).run(null);
    }

    @Test
    void theLiteralSchemeNeverDeliversT3sPacketAndTheFixedOneDoes() {
        SimResult literal = run(false, T3_TRACE);
        assertThat(literal.deadlock()).as("literal CBS deadlocks").isNotNull();
        assertThat(literal.drained()).isFalse();
        SimResult fixed = run(true, T3_TRACE);
        assertThat(fixed.deadlock()).as("drift").isNull();
        assertThat(fixed.drained()).isTrue();
        assertThat(fixed.packetsDelivered()).isEqualTo(1);
    }

    @Test
    void underUniformTrafficTheFixedSchemeDrainsWhereTheLiteralOneDeadlocks() {
        String uniform = "uniform\n  packet-size: 4\n  load: 0.3\n  seed: 5";
        SimResult literal = run(false, uniform);
        assertThat(literal.deadlock()).isNotNull();
        for (long seed = 1; seed <= 3; seed++) {
            SimResult fixed = run(true, "uniform\n  packet-size: 4\n  load: 0.3\n  seed: " + seed);
            assertThat(fixed.deadlock()).as("seed " + seed).isNull();
            assertThat(fixed.drained()).as("seed " + seed).isTrue();
            assertThat(fixed.packetsDelivered()).isPositive();
            if (!fixed.unstable()) {
                assertThat(fixed.packetsDelivered()).isEqualTo(fixed.packetsCreated());
            }
        }
    }
}
