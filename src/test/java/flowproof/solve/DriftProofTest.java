package flowproof.solve;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.routing.DimensionOrderRouting;
import flowproof.rule.BufferView;
import flowproof.rule.CriticalBubble;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import flowproof.rule.RuleKind;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import flowproof.traffic.TrafficPattern;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The prover with drifting critical marks: drift moves are part of the inductiveness check. */
class DriftProofTest {

    private static ProofResult prove(int[] radix, boolean bidirectional, int capacity, FlowControlRule rule) {
        Torus t = Torus.torus(radix, bidirectional);
        Network net = new Network(t, 1, capacity);
        return DeadlockProver.prove(net, new DimensionOrderRouting(t), rule, TrafficPattern.ALL_PAIRS.pairs(t),
            new DeadlockProver.Options(60, 1));
    }

    @Test
    void theFixedSchemeWithTwoPacketQueuesIsProvedOnAn8x8Torus() {
        ProofResult p = prove(new int[] {8, 8}, true, 2, new CriticalBubble(1, false, true));
        assertThat(p.verdict()).as(p.reason()).isEqualTo(ProofResult.Verdict.PROVED);
        assertThat(p.inductive()).isTrue();
    }

    @Test
    void oneDriftRescuesEveryKnotOfTheOnePacketSchemeOnAn8x8Torus() {
        // the literal scheme has a one-packet knot (a turn into a marked queue) that is reached
        // in one move; with drift no state has all heads refused unless a drift lets one in
        ProofResult literal = prove(new int[] {8, 8}, true, 1, new CriticalBubble(1, false, false));
        assertThat(literal.verdict()).isEqualTo(ProofResult.Verdict.DEADLOCK_CONFIGURATION);
        ProofResult fixed = prove(new int[] {8, 8}, true, 1, new CriticalBubble(1, false, true));
        assertThat(fixed.verdict()).as(fixed.reason()).isEqualTo(ProofResult.Verdict.PROVED);
    }

    @Test
    void aDriftThatNeverHappensRescuesNothing() {
        // declares drift but never drifts: the literal scheme's knot must come back
        CriticalBubble literal = new CriticalBubble(1, false, false);
        FlowControlRule idle = new FlowControlRule() {
            @Override
            public int admit(BufferView view, int from, int to) {
                return literal.admit(view, from, to);
            }

            @Override
            public boolean marksDrift() {
                return true;
            }

            @Override
            public boolean drifts(BufferView view, int queue, int upstream) {
                return false;
            }

            @Override
            public int marksPerRing() {
                return 1;
            }

            @Override
            public Set<Invariant> invariants() {
                return literal.invariants();
            }

            @Override
            public RuleKind kind() {
                return RuleKind.CRITICAL_BUBBLE;
            }
        };
        assertThat(prove(new int[] {8, 8}, true, 1, idle).verdict()).isEqualTo(ProofResult.Verdict.DEADLOCK_CONFIGURATION);
    }

    @Test
    void aDriftThatBreaksTheInvariantsIsCaughtByTheInductivenessCheck() {
        // drifts whenever a mark sits anywhere, even onto a full upstream queue: the
        // critical-bubble invariant (marks only on free slots) no longer holds after it
        CriticalBubble fixed = new CriticalBubble(1, false, true);
        FlowControlRule careless = new FlowControlRule() {
            @Override
            public int admit(BufferView view, int from, int to) {
                return fixed.admit(view, from, to);
            }

            @Override
            public boolean marksDrift() {
                return true;
            }

            @Override
            public boolean drifts(BufferView view, int queue, int upstream) {
                return view.criticalMarks(queue) > 0 && view.freeSlots(upstream) >= 0;
            }

            @Override
            public int marksPerRing() {
                return 1;
            }

            @Override
            public Set<Invariant> invariants() {
                return fixed.invariants();
            }

            @Override
            public RuleKind kind() {
                return RuleKind.CRITICAL_BUBBLE;
            }
        };
        ProofResult p = prove(new int[] {4}, false, 2, careless);
        assertThat(p.inductive()).isFalse();
        assertThat(p.verdict()).isNotEqualTo(ProofResult.Verdict.PROVED);
        assertThat(p.counterToInduction()).startsWith("drift a mark from ");
        // the same ring with the real drift is proved
        assertThat(prove(new int[] {4}, false, 2, fixed).verdict()).isEqualTo(ProofResult.Verdict.PROVED);
    }
}
