package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.routing.DimensionOrderRouting;
import flowproof.rule.CriticalBubble;
import flowproof.rule.FlowControlRule;
import flowproof.rule.TheoreticalBubble;
import flowproof.rule.VirtualCutThrough;
import flowproof.sim.SimConfig.Switching;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import flowproof.traffic.ScriptedWorkload;
import flowproof.traffic.ScriptedWorkload.Packet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules decide the simulator's allocations, with the semantics of their papers. */
class SimRulesTest {

    private static final Torus RING3 = Torus.torus(new int[] {3}, false);

    /** Three packets injected in the same cycle into a 3-slot ring, each going two hops. */
    private static SimResult threeAtOnce(FlowControlRule rule) {
        Network net = new Network(RING3, 1, 1);
        ScriptedWorkload w = new ScriptedWorkload(3, List.of(new Packet(0, 0, 2, 4), new Packet(0, 1, 0, 4),
            new Packet(0, 2, 1, 4)));
        return new Simulator(SimTestSupport.config(net, new DimensionOrderRouting(RING3), rule, w, Switching.VCT, 4, 1,
            1, 1, 0)).run(null);
    }

    @Test
    void plainCutThroughFillsTheRingAndDeadlocks() {
        SimResult r = threeAtOnce(new VirtualCutThrough());
        assertThat(r.deadlock()).isNotNull();
        assertThat(r.deadlock().heldQueues()).hasSize(3);
        assertThat(r.drained()).isFalse();
    }

    @Test
    void theoreticalBubbleGrantsSimultaneousInjectionsAtomically() {
        // the ring has 3 free slots: the first two injections of the cycle leave 1, so the
        // third is denied (it needs 2) and waits; everything is delivered
        SimResult r = threeAtOnce(new TheoreticalBubble());
        assertThat(r.deadlock()).isNull();
        assertThat(r.drained()).isTrue();
        assertThat(r.packetsDelivered()).isEqualTo(3);
    }

    @Test
    void criticalBubbleKeepsOneSlotFreeWithCountersAndControlLine() {
        SimResult r = threeAtOnce(new CriticalBubble(1));
        assertThat(r.deadlock()).isNull();
        assertThat(r.drained()).isTrue();
        assertThat(r.packetsDelivered()).isEqualTo(3);
    }

    @Test
    void rampAnalysisFindsTheBendOfAPiecewiseLinearCurve() {
        int n = 2000;
        double[] off = new double[n];
        double[] acc = new double[n];
        for (int i = 0; i < n; i++) {
            off[i] = 0.5 * i / n;
            acc[i] = Math.min(off[i], 0.3);
        }
        double c = RampAnalysis.criticalLoad(off, acc, 20);
        assertThat(c).isBetween(0.29, 0.301);
        assertThat(RampAnalysis.isRamp(off)).isTrue();
        double[] flat = new double[n];
        java.util.Arrays.fill(flat, 0.2);
        assertThat(RampAnalysis.isRamp(flat)).isFalse();
    }

    @Test
    void criticalLoadOfARunLeavesTheDrainOut() {
        int gen = 2000;
        int n = gen + 200;
        long[] t = new long[n];
        double[] nominal = new double[n];
        double[] acc = new double[n];
        for (int i = 0; i < n; i++) {
            t[i] = 100L * (i + 1) - 1;
            nominal[i] = 0.2 * Math.min(i, gen) / gen;
            acc[i] = i < gen ? nominal[i] : 0;
        }
        SimResult.Series s = new SimResult.Series(t, nominal, acc, new double[n], nominal);
        // offered equals accepted while generating: no bend; the drain's zero throughput is not one either
        assertThat(s.criticalLoad(20, 100L * gen)).isNaN();
        assertThat(s.criticalLoad(20, Long.MAX_VALUE)).isNotNaN();
    }
}
