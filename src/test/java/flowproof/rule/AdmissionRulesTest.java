package flowproof.rule;

import static flowproof.rule.FlowControlRule.ADMIT;
import static flowproof.rule.FlowControlRule.ADMIT_SHIFT_MARK;
import static flowproof.rule.FlowControlRule.DENY;
import static flowproof.rule.FlowControlRule.INJECT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.topology.Network;
import flowproof.topology.Torus;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

/**
 * Admission of VCT and the three bubble rules at the boundaries of their conditions
 * (explorer-semantics.md, "Flow-control rules"), for the two kinds of move: within a ring
 * (the next hop of the same directional ring) and entering one (injection, or a turn from
 * another dimension).
 */
class AdmissionRulesTest {

    /** Unidirectional ring of 4, one VC, queues of 3 packets: q(i) sits on the channel i -> i+1. */
    private final Torus ringTopology = Torus.torus(new int[] {4}, false);
    private final Network ring = new Network(ringTopology, 1, 3);

    /** Unidirectional 4x4 torus, one VC, queues of 3 packets, for turns between dimensions. */
    private final Torus torus2 = Torus.torus(new int[] {4, 4}, false);
    private final Network torus = new Network(torus2, 1, 3);

    private int q(int node) {
        return ring.queue(ringTopology.channel(node, 0, 1), 0);
    }

    /** A dimension-0 queue at node (1,0) and the dimension-1 queue leaving (1,0): a turn. */
    private int xQueueInto10() {
        return torus.queue(torus2.channel(torus2.node(0, 0), 0, 1), 0);
    }

    private int yQueueFrom10() {
        return torus.queue(torus2.channel(torus2.node(1, 0), 1, 1), 0);
    }

    @Test
    void theTurnUsedBelowLeavesOneRingForAnother() {
        assertThat(torus.withinRing(xQueueInto10(), yQueueFrom10())).isFalse();
        assertThat(torus.ringOf(yQueueFrom10())).isGreaterThanOrEqualTo(0);
        assertThat(ring.withinRing(q(0), q(1))).isTrue();
    }

    // ---- VCT ----------------------------------------------------------------------------

    @Test
    void vctAdmitsExactlyIntoAQueueWithAFreeSlot() {
        FlowControlRule vct = new VirtualCutThrough();
        Buffers b = new Buffers(ring).set(q(1), 1, 0);
        assertThat(vct.admit(b, q(0), q(1))).isEqualTo(ADMIT);
        assertThat(vct.admit(b, INJECT, q(1))).isEqualTo(ADMIT);
        b.set(q(1), 0, 0);
        assertThat(vct.admit(b, q(0), q(1))).isEqualTo(DENY);
        assertThat(vct.admit(b, INJECT, q(1))).isEqualTo(DENY);
    }

    @Test
    void vctIsAPositionFreeRuleWithoutMarksWhoseChannelGraphProvesDeadlockFreedom() {
        FlowControlRule vct = new VirtualCutThrough();
        assertThat(vct.freeSlotSuffices()).isTrue();
        assertThat(vct.translationInvariant()).isTrue();
        assertThat(vct.reflectionInvariant()).isTrue();
        assertThat(vct.invariants()).isEmpty();
        assertThat(vct.kind()).isEqualTo(RuleKind.VCT);
        assertThat(vct.describe()).isEqualTo("vct");
        assertThat(vct.marksPerRing()).isZero();
        assertThat(vct.marksDrift()).isFalse();
        assertThat(vct.globalReadAtomic()).isTrue();
        for (int queue = 0; queue < ring.queues(); queue++) {
            assertThat(vct.initialMarks(ring, queue)).isZero();
            assertThat(vct.mayUse(ring, INJECT, queue)).isTrue();
        }
        Buffers b = new Buffers(ring).set(q(1), 1, 1).set(q(0), 3, 0);
        assertThat(vct.drifts(b, q(1), q(0))).isFalse();
    }

    // ---- Theoretical BFC ----------------------------------------------------------------

    @Test
    void theoreticalBubbleWithinARingNeedsOnlyAFreeSlotInTheTarget() {
        FlowControlRule tb = new TheoreticalBubble();
        Buffers b = new Buffers(ring).set(q(1), 1, 0).ringFree(0, 1);
        assertThat(tb.admit(b, q(0), q(1))).isEqualTo(ADMIT);
        b.set(q(1), 0, 0).ringFree(0, 5);
        assertThat(tb.admit(b, q(0), q(1))).isEqualTo(DENY);
    }

    @Test
    void theoreticalBubbleEnteringNeedsAFreeSlotAndTwoInTheRing() {
        FlowControlRule tb = new TheoreticalBubble();
        Buffers b = new Buffers(ring).set(q(1), 1, 0).ringFree(0, 2);
        assertThat(tb.admit(b, INJECT, q(1))).isEqualTo(ADMIT);
        b.ringFree(0, 1);
        assertThat(tb.admit(b, INJECT, q(1))).as("only the target's own slot is free in the ring").isEqualTo(DENY);
        b.set(q(1), 0, 0).ringFree(0, 8);
        assertThat(tb.admit(b, INJECT, q(1))).as("a free ring does not help a full target").isEqualTo(DENY);
    }

    @Test
    void theoreticalBubbleReadsTheTargetsRingOnATurn() {
        FlowControlRule tb = new TheoreticalBubble();
        int ringOfTarget = torus.ringOf(yQueueFrom10());
        int ringOfSource = torus.ringOf(xQueueInto10());
        Buffers b = new Buffers(torus).set(yQueueFrom10(), 1, 0).ringFree(ringOfTarget, 1).ringFree(ringOfSource, 9);
        assertThat(tb.admit(b, xQueueInto10(), yQueueFrom10())).isEqualTo(DENY);
        b.ringFree(ringOfTarget, 2).ringFree(ringOfSource, 0);
        assertThat(tb.admit(b, xQueueInto10(), yQueueFrom10())).isEqualTo(ADMIT);
    }

    @Test
    void theoreticalBubbleAdmitsIntoAQueueOutsideEveryRingOnAFreeSlot() {
        // two VCs, only VC0 forms rings: VC1 is an adaptive VC outside every ring
        Network escape = new Network(ringTopology, 2, 1, 1);
        int adaptive = escape.queue(ringTopology.channel(1, 0, 1), 1);
        assertThat(escape.ringOf(adaptive)).isEqualTo(-1);
        Buffers b = new Buffers(escape).set(adaptive, 1, 0).ringFree(0, 0);
        assertThat(new TheoreticalBubble().admit(b, INJECT, adaptive)).isEqualTo(ADMIT);
    }

    @Test
    void theoreticalBubbleIsAPositionFreeRingOccupancyRule() {
        TheoreticalBubble tb = new TheoreticalBubble();
        assertThat(tb.freeSlotSuffices()).isFalse();
        assertThat(tb.translationInvariant()).isTrue();
        assertThat(tb.reflectionInvariant()).isTrue();
        assertThat(tb.invariants()).containsExactly(Invariant.BUBBLE);
        assertThat(tb.kind()).isEqualTo(RuleKind.THEORETICAL_BUBBLE);
        assertThat(tb.marksPerRing()).isZero();
        assertThat(tb.initialMarks(ring, q(0))).isZero();
    }

    @Test
    void theoreticalBubbleReadsTheRingAtomicallyUnlessFromTheSnapshot() {
        assertThat(new TheoreticalBubble().globalReadAtomic()).isTrue();
        assertThat(new TheoreticalBubble(true).globalReadAtomic()).isTrue();
        assertThat(new TheoreticalBubble(false).globalReadAtomic()).isFalse();
        assertThat(new TheoreticalBubble().describe()).isEqualTo("theoretical-bubble");
        assertThat(new TheoreticalBubble(false).describe())
            .isEqualTo("theoretical-bubble (global count from the cycle's snapshot)");
    }

    // ---- Localized BFC ------------------------------------------------------------------

    @Test
    void localizedBubbleWithinARingNeedsOneFreeSlotEvenWhenTheRingIsAlmostFull() {
        FlowControlRule lb = new LocalizedBubble();
        Buffers b = new Buffers(ring).set(q(1), 1, 0).ringFree(0, 1);
        assertThat(lb.admit(b, q(0), q(1))).isEqualTo(ADMIT);
        b.set(q(1), 0, 0);
        assertThat(lb.admit(b, q(0), q(1))).isEqualTo(DENY);
    }

    @Test
    void localizedBubbleEnteringNeedsTwoFreeSlotsInTheTargetItself() {
        FlowControlRule lb = new LocalizedBubble();
        Buffers b = new Buffers(ring).set(q(1), 2, 0).ringFree(0, 2);
        assertThat(lb.admit(b, INJECT, q(1))).isEqualTo(ADMIT);
        b.set(q(1), 1, 0).ringFree(0, 9);
        assertThat(lb.admit(b, INJECT, q(1))).as("two free in the ring but one in the target").isEqualTo(DENY);
        b.set(q(1), 0, 0);
        assertThat(lb.admit(b, INJECT, q(1))).isEqualTo(DENY);
        Buffers t = new Buffers(torus).set(yQueueFrom10(), 1, 0);
        assertThat(lb.admit(t, xQueueInto10(), yQueueFrom10())).as("a turn enters a ring").isEqualTo(DENY);
        t.set(yQueueFrom10(), 2, 0);
        assertThat(lb.admit(t, xQueueInto10(), yQueueFrom10())).isEqualTo(ADMIT);
    }

    @Test
    void localizedBubbleWithMoreEntrySlots() {
        FlowControlRule best = new LocalizedBubble(3);
        Buffers b = new Buffers(ring).set(q(1), 3, 0);
        assertThat(best.admit(b, INJECT, q(1))).isEqualTo(ADMIT);
        b.set(q(1), 2, 0);
        assertThat(best.admit(b, INJECT, q(1))).isEqualTo(DENY);
        assertThat(best.admit(b, q(0), q(1))).isEqualTo(ADMIT);
        assertThat(best.describe()).isEqualTo("localized-bubble (entry 3 slots)");
        assertThat(new LocalizedBubble(2).describe()).isEqualTo("localized-bubble");
        assertThat(new LocalizedBubble().describe()).isEqualTo("localized-bubble");
    }

    @Test
    void localizedBubbleRefusesFewerThanTwoEntrySlots() {
        assertThatThrownBy(() -> new LocalizedBubble(1))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("found 1");
    }

    @Test
    void localizedBubbleIsAPositionFreeLocalRule() {
        LocalizedBubble lb = new LocalizedBubble();
        assertThat(lb.freeSlotSuffices()).isFalse();
        assertThat(lb.translationInvariant()).isTrue();
        assertThat(lb.reflectionInvariant()).isTrue();
        assertThat(lb.invariants()).containsExactly(Invariant.BUBBLE);
        assertThat(lb.kind()).isEqualTo(RuleKind.LOCALIZED_BUBBLE);
        assertThat(lb.globalReadAtomic()).isTrue();
    }

    // ---- Critical Bubble Scheme ---------------------------------------------------------

    @Test
    void criticalBubbleWithinARingShiftsAMarkExactlyWhenEveryFreeSlotIsCritical() {
        FlowControlRule cbs = new CriticalBubble(2);
        Buffers b = new Buffers(ring);
        assertThat(cbs.admit(b.set(q(1), 1, 1), q(0), q(1))).isEqualTo(ADMIT_SHIFT_MARK);
        assertThat(cbs.admit(b.set(q(1), 2, 2), q(0), q(1))).isEqualTo(ADMIT_SHIFT_MARK);
        assertThat(cbs.admit(b.set(q(1), 2, 1), q(0), q(1))).as("one normal slot left").isEqualTo(ADMIT);
        assertThat(cbs.admit(b.set(q(1), 1, 0), q(0), q(1))).isEqualTo(ADMIT);
        assertThat(cbs.admit(b.set(q(1), 0, 0), q(0), q(1))).isEqualTo(DENY);
    }

    @Test
    void criticalBubbleEnteringNeedsAFreeSlotThatIsNotCritical() {
        FlowControlRule cbs = new CriticalBubble(2);
        Buffers b = new Buffers(ring);
        assertThat(cbs.admit(b.set(q(1), 1, 1), INJECT, q(1))).isEqualTo(DENY);
        assertThat(cbs.admit(b.set(q(1), 2, 2), INJECT, q(1))).isEqualTo(DENY);
        assertThat(cbs.admit(b.set(q(1), 2, 1), INJECT, q(1))).isEqualTo(ADMIT);
        assertThat(cbs.admit(b.set(q(1), 1, 0), INJECT, q(1))).isEqualTo(ADMIT);
        assertThat(cbs.admit(b.set(q(1), 0, 0), INJECT, q(1))).isEqualTo(DENY);
        Buffers t = new Buffers(torus).set(yQueueFrom10(), 1, 1);
        assertThat(cbs.admit(t, xQueueInto10(), yQueueFrom10())).as("a turn enters a ring").isEqualTo(DENY);
        t.set(yQueueFrom10(), 2, 1);
        assertThat(cbs.admit(t, xQueueInto10(), yQueueFrom10())).isEqualTo(ADMIT);
    }

    @Test
    void criticalBubbleMarksDriftUpstreamOnlyFromAQueueWhoseFreeSlotsAreAllCritical() {
        CriticalBubble cbs = new CriticalBubble(2, false, true);
        assertThat(cbs.marksDrift()).isTrue();
        int queue = q(1);
        int upstream = q(0);
        Buffers b = new Buffers(ring);
        assertThat(cbs.drifts(b.set(queue, 1, 1).set(upstream, 1, 0), queue, upstream)).isTrue();
        assertThat(cbs.drifts(b.set(queue, 2, 2).set(upstream, 2, 1), queue, upstream)).isTrue();
        assertThat(cbs.drifts(b.set(queue, 0, 0).set(upstream, 0, 0), queue, upstream)).isFalse();
        // the queue still has a normal free slot: the mark stays
        assertThat(cbs.drifts(b.set(queue, 2, 1).set(upstream, 3, 0), queue, upstream)).isFalse();
        // no mark to drift, whether the queue has free slots or is full
        assertThat(cbs.drifts(b.set(queue, 1, 0).set(upstream, 3, 0), queue, upstream)).isFalse();
        assertThat(cbs.drifts(b.set(queue, 0, 0).set(upstream, 3, 0), queue, upstream)).isFalse();
        // upstream has no normal free slot: every free slot of it is critical, or none is free
        assertThat(cbs.drifts(b.set(queue, 1, 1).set(upstream, 1, 1), queue, upstream)).isFalse();
        assertThat(cbs.drifts(b.set(queue, 1, 1).set(upstream, 0, 0), queue, upstream)).isFalse();
        // without the drift option nothing drifts, even where it would
        CriticalBubble still = new CriticalBubble(2, false, false);
        assertThat(still.marksDrift()).isFalse();
        assertThat(still.drifts(b.set(queue, 1, 1).set(upstream, 1, 0), queue, upstream)).isFalse();
        assertThat(new CriticalBubble(2).marksDrift()).isFalse();
    }

    @Test
    void criticalBubbleStartsAllMarksOnTheRingsQueueAtTheLowestCoordinate() {
        // bidirectional ring of 4, two VCs: two directional rings; the queue at node 0 is on
        // the channel 3 -> 0 going + and 1 -> 0 going -, VC0
        Torus bi = Torus.torus(new int[] {4}, true);
        Network n = new Network(bi, 2, 3);
        CriticalBubble cbs = new CriticalBubble(3);
        assertThat(cbs.marksPerRing()).isEqualTo(3);
        int plusHome = n.queue(bi.channel(3, 0, 1), 0);
        int minusHome = n.queue(bi.channel(1, 0, -1), 0);
        for (int queue = 0; queue < n.queues(); queue++) {
            int expected = queue == plusHome || queue == minusHome ? 3 : 0;
            assertThat(cbs.initialMarks(n, queue)).as(n.queueName(queue)).isEqualTo(expected);
        }
    }

    @Test
    void criticalBubbleStartsNoMarkOnAQueueOutsideEveryRing() {
        Network escape = new Network(ringTopology, 2, 2, 1);
        CriticalBubble cbs = new CriticalBubble(1);
        int home = escape.queue(ringTopology.channel(3, 0, 1), 0);
        int adaptiveAtHome = escape.queue(ringTopology.channel(3, 0, 1), 1);
        assertThat(cbs.initialMarks(escape, home)).isEqualTo(1);
        assertThat(cbs.initialMarks(escape, adaptiveAtHome)).isZero();
        CriticalBubble spread = new CriticalBubble(2, true);
        for (int c = 0; c < ringTopology.channels(); c++) {
            assertThat(spread.initialMarks(escape, escape.queue(c, 1))).isZero();
        }
    }

    @Test
    void criticalBubbleSpreadDealsTheMarksOverTheRingFirstQueuesFirst() {
        // ring order is queue order: the ring's queues are q(0), q(1), q(2), q(3)
        assertThat(ring.ringQueues(0)).containsExactly(q(0), q(1), q(2), q(3));
        CriticalBubble six = new CriticalBubble(6, true);
        assertThat(new int[] {six.initialMarks(ring, q(0)), six.initialMarks(ring, q(1)),
            six.initialMarks(ring, q(2)), six.initialMarks(ring, q(3))}).containsExactly(2, 2, 1, 1);
        CriticalBubble one = new CriticalBubble(1, true);
        assertThat(new int[] {one.initialMarks(ring, q(0)), one.initialMarks(ring, q(1)),
            one.initialMarks(ring, q(2)), one.initialMarks(ring, q(3))}).containsExactly(1, 0, 0, 0);
        CriticalBubble four = new CriticalBubble(4, true);
        assertThat(new int[] {four.initialMarks(ring, q(0)), four.initialMarks(ring, q(1)),
            four.initialMarks(ring, q(2)), four.initialMarks(ring, q(3))}).containsExactly(1, 1, 1, 1);
    }

    @Test
    void criticalBubbleKeepsBothInvariantsAndDependsOnPosition() {
        CriticalBubble cbs = new CriticalBubble(1);
        assertThat(cbs.invariants()).isEqualTo(EnumSet.of(Invariant.BUBBLE, Invariant.CRITICAL_BUBBLE));
        assertThat(cbs.freeSlotSuffices()).isFalse();
        assertThat(cbs.translationInvariant()).as("marks start at fixed queues").isFalse();
        assertThat(cbs.reflectionInvariant()).isFalse();
        assertThat(cbs.kind()).isEqualTo(RuleKind.CRITICAL_BUBBLE);
        assertThat(cbs.globalReadAtomic()).isTrue();
        assertThat(cbs.mayUse(ring, INJECT, q(2))).isTrue();
    }

    @Test
    void criticalBubbleDescribesMarksAndOptions() {
        assertThat(new CriticalBubble(1).describe()).isEqualTo("critical-bubble (m=1)");
        assertThat(new CriticalBubble(2, true).describe()).isEqualTo("critical-bubble (m=2, spread)");
        assertThat(new CriticalBubble(1, false, true).describe()).isEqualTo("critical-bubble (m=1, drift)");
        assertThat(new CriticalBubble(3, true, true).describe()).isEqualTo("critical-bubble (m=3, spread, drift)");
    }
}
