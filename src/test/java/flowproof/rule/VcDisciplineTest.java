package flowproof.rule;

import static flowproof.rule.FlowControlRule.ADMIT;
import static flowproof.rule.FlowControlRule.ADMIT_SHIFT_MARK;
import static flowproof.rule.FlowControlRule.DENY;
import static flowproof.rule.FlowControlRule.INJECT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.topology.FlattenedButterfly;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import org.junit.jupiter.api.Test;

/**
 * The rules that choose virtual channels: dateline (one or several datelines per ring),
 * VCs ordered by hop, and escape VCs under an adaptive routing (explorer-semantics.md,
 * "Flow-control rules"; the class javadocs).
 */
class VcDisciplineTest {

    private final Torus uni = Torus.torus(new int[] {4}, false);
    private final Torus bi = Torus.torus(new int[] {4}, true);

    /** The queue on the channel leaving {@code node} in direction {@code dir} of dimension 0, on {@code vc}. */
    private static int q(Network n, Torus t, int node, int dir, int vc) {
        return n.queue(t.channel(node, 0, dir), vc);
    }

    // ---- Dateline, one per ring ---------------------------------------------------------

    @Test
    void datelineInjectsOntoVcOneExactlyOverTheWrapAroundChannel() {
        Network n = new Network(uni, 2, 1);
        Dateline d = new Dateline();
        for (int node = 0; node < 3; node++) {
            assertThat(d.mayUse(n, INJECT, q(n, uni, node, 1, 0))).as("%d -> %d", node, node + 1).isTrue();
            assertThat(d.mayUse(n, INJECT, q(n, uni, node, 1, 1))).as("%d -> %d", node, node + 1).isFalse();
        }
        assertThat(d.mayUse(n, INJECT, q(n, uni, 3, 1, 1))).as("3 -> 0 wraps around").isTrue();
        assertThat(d.mayUse(n, INJECT, q(n, uni, 3, 1, 0))).isFalse();
    }

    @Test
    void datelineKeepsVcOneForEveryHopAfterTheWrapAround() {
        Network n = new Network(uni, 2, 1);
        Dateline d = new Dateline();
        // 2 -> 3 on VC0, then over the wrap 3 -> 0 onto VC1
        assertThat(d.mayUse(n, q(n, uni, 2, 1, 0), q(n, uni, 3, 1, 1))).isTrue();
        assertThat(d.mayUse(n, q(n, uni, 2, 1, 0), q(n, uni, 3, 1, 0))).isFalse();
        // 3 -> 0 on VC1, then 0 -> 1 and 1 -> 2 stay on VC1
        assertThat(d.mayUse(n, q(n, uni, 3, 1, 1), q(n, uni, 0, 1, 1))).isTrue();
        assertThat(d.mayUse(n, q(n, uni, 3, 1, 1), q(n, uni, 0, 1, 0))).isFalse();
        assertThat(d.mayUse(n, q(n, uni, 0, 1, 1), q(n, uni, 1, 1, 1))).isTrue();
        assertThat(d.mayUse(n, q(n, uni, 0, 1, 1), q(n, uni, 1, 1, 0))).isFalse();
        // before the wrap everything is VC0
        assertThat(d.mayUse(n, q(n, uni, 0, 1, 0), q(n, uni, 1, 1, 0))).isTrue();
        assertThat(d.mayUse(n, q(n, uni, 0, 1, 0), q(n, uni, 1, 1, 1))).isFalse();
    }

    @Test
    void datelineGoingDownWrapsFromZeroToKMinusOne() {
        Network n = new Network(bi, 2, 1);
        Dateline d = new Dateline();
        assertThat(d.mayUse(n, INJECT, q(n, bi, 0, -1, 1))).as("0 -> 3 wraps around").isTrue();
        assertThat(d.mayUse(n, INJECT, q(n, bi, 0, -1, 0))).isFalse();
        assertThat(d.mayUse(n, INJECT, q(n, bi, 3, -1, 0))).as("3 -> 2").isTrue();
        assertThat(d.mayUse(n, INJECT, q(n, bi, 3, -1, 1))).isFalse();
        assertThat(d.mayUse(n, q(n, bi, 0, -1, 1), q(n, bi, 3, -1, 1))).isTrue();
        assertThat(d.mayUse(n, q(n, bi, 0, -1, 1), q(n, bi, 3, -1, 0))).isFalse();
    }

    @Test
    void datelineStartsAfreshOnVcZeroWhenTurningIntoAnotherRing() {
        Torus t = Torus.torus(new int[] {4, 4}, false);
        Network n = new Network(t, 2, 1);
        Dateline d = new Dateline();
        // arrived at (0,0) over the x wrap-around on VC1, turns into y
        int xAfterWrap = n.queue(t.channel(t.node(3, 0), 0, 1), 1);
        int yPlain = n.queue(t.channel(t.node(0, 0), 1, 1), 0);
        int yPlainVc1 = n.queue(t.channel(t.node(0, 0), 1, 1), 1);
        assertThat(d.mayUse(n, xAfterWrap, yPlain)).isTrue();
        assertThat(d.mayUse(n, xAfterWrap, yPlainVc1)).isFalse();
        // a turn straight onto the y wrap-around takes VC1
        int xPlain = n.queue(t.channel(t.node(2, 3), 0, 1), 0);
        int yWrap = n.queue(t.channel(t.node(3, 3), 1, 1), 1);
        int yWrapVc0 = n.queue(t.channel(t.node(3, 3), 1, 1), 0);
        assertThat(d.mayUse(n, xPlain, yWrap)).isTrue();
        assertThat(d.mayUse(n, xPlain, yWrapVc0)).isFalse();
    }

    @Test
    void datelineAdmitsOnTheChosenVcExactlyWhenItHasAFreeSlot() {
        Network n = new Network(uni, 2, 1);
        Dateline d = new Dateline();
        int from = q(n, uni, 2, 1, 0);
        Buffers b = new Buffers(n);
        assertThat(d.admit(b, from, q(n, uni, 3, 1, 1))).isEqualTo(ADMIT);
        assertThat(d.admit(b, from, q(n, uni, 3, 1, 0))).as("free, but the wrong VC").isEqualTo(DENY);
        b.set(q(n, uni, 3, 1, 1), 0, 0);
        assertThat(d.admit(b, from, q(n, uni, 3, 1, 1))).isEqualTo(DENY);
    }

    @Test
    void datelineIsAVctRuleWithAFixedPlace() {
        Dateline d = new Dateline();
        assertThat(d.datelines()).isEqualTo(1);
        assertThat(d.freeSlotSuffices()).isTrue();
        assertThat(d.invariants()).isEmpty();
        assertThat(d.kind()).isEqualTo(RuleKind.DATELINE);
        assertThat(d.describe()).isEqualTo("dateline");
        assertThat(d.translationInvariant()).as("picks VCs at a fixed channel").isFalse();
        assertThat(d.reflectionInvariant()).isFalse();
        assertThat(d.marksPerRing()).isZero();
    }

    // ---- Dateline, several per ring -----------------------------------------------------

    @Test
    void twoDatelinesGoingUpLieOnTheChannelsEnteringZeroAndHalfTheRadix() {
        Network n = new Network(uni, 3, 1);
        Dateline d = new Dateline(2);
        assertThat(d.datelines()).isEqualTo(2);
        assertThat(d.describe()).isEqualTo("dateline (2 per ring)");
        // injected: VC = datelines crossed by this hop
        assertThat(d.mayUse(n, INJECT, q(n, uni, 0, 1, 0))).as("0 -> 1").isTrue();
        assertThat(d.mayUse(n, INJECT, q(n, uni, 1, 1, 1))).as("1 -> 2 enters 2").isTrue();
        assertThat(d.mayUse(n, INJECT, q(n, uni, 1, 1, 0))).isFalse();
        assertThat(d.mayUse(n, INJECT, q(n, uni, 2, 1, 0))).as("2 -> 3").isTrue();
        assertThat(d.mayUse(n, INJECT, q(n, uni, 3, 1, 1))).as("3 -> 0 enters 0").isTrue();
        assertThat(d.mayUse(n, INJECT, q(n, uni, 3, 1, 0))).isFalse();
        // within the ring: one VC up per dateline crossed
        assertThat(d.mayUse(n, q(n, uni, 1, 1, 1), q(n, uni, 2, 1, 1))).isTrue();
        assertThat(d.mayUse(n, q(n, uni, 2, 1, 1), q(n, uni, 3, 1, 2))).isTrue();
        assertThat(d.mayUse(n, q(n, uni, 2, 1, 1), q(n, uni, 3, 1, 1))).isFalse();
        assertThat(d.mayUse(n, q(n, uni, 0, 1, 0), q(n, uni, 1, 1, 1))).isTrue();
    }

    @Test
    void twoDatelinesGoingDownLieOnTheChannelsLeavingZeroAndHalfTheRadix() {
        Network n = new Network(bi, 3, 1);
        Dateline d = new Dateline(2);
        assertThat(d.mayUse(n, INJECT, q(n, bi, 0, -1, 1))).as("0 -> 3 leaves 0").isTrue();
        assertThat(d.mayUse(n, INJECT, q(n, bi, 0, -1, 0))).isFalse();
        assertThat(d.mayUse(n, INJECT, q(n, bi, 2, -1, 1))).as("2 -> 1 leaves 2").isTrue();
        assertThat(d.mayUse(n, INJECT, q(n, bi, 2, -1, 0))).isFalse();
        assertThat(d.mayUse(n, INJECT, q(n, bi, 1, -1, 0))).as("1 -> 0 enters 0 but leaves 1").isTrue();
        assertThat(d.mayUse(n, INJECT, q(n, bi, 1, -1, 1))).isFalse();
        assertThat(d.mayUse(n, INJECT, q(n, bi, 3, -1, 0))).as("3 -> 2").isTrue();
        assertThat(d.mayUse(n, INJECT, q(n, bi, 3, -1, 1))).isFalse();
    }

    @Test
    void severalDatelinesOutsideATorusFallBackToWrapAroundChannels() {
        // a flattened butterfly has no wrap-around channels and no rings: every hop on VC0
        FlattenedButterfly fb = new FlattenedButterfly(3, 1, 1);
        Network n = new Network(fb, 3, 1);
        Dateline d = new Dateline(2);
        for (int c = 0; c < fb.channels(); c++) {
            assertThat(d.mayUse(n, INJECT, n.queue(c, 0))).isTrue();
            assertThat(d.mayUse(n, INJECT, n.queue(c, 1))).isFalse();
        }
    }

    @Test
    void aDatelineCountBelowOneIsRefused() {
        assertThatThrownBy(() -> new Dateline(0))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("found 0");
        assertThat(new Dateline(1).describe()).isEqualTo("dateline");
    }

    // ---- VCs ordered by hop -------------------------------------------------------------

    @Test
    void vcPerHopTakesVcZeroFirstAndOneVcUpPerHop() {
        Network n = new Network(Torus.torus(new int[] {4, 4}, true), 3, 1);
        VcPerHop rule = new VcPerHop();
        for (int to = 0; to < n.queues(); to++) {
            assertThat(rule.mayUse(n, INJECT, to)).isEqualTo(n.vcOf(to) == 0);
            for (int from = 0; from < n.queues(); from++) {
                assertThat(rule.mayUse(n, from, to)).as("%s -> %s", n.queueName(from), n.queueName(to))
                    .isEqualTo(n.vcOf(to) == n.vcOf(from) + 1);
            }
        }
    }

    @Test
    void vcPerHopAdmitsOnTheNextVcExactlyWhenItHasAFreeSlot() {
        Network n = new Network(uni, 2, 1);
        VcPerHop rule = new VcPerHop();
        Buffers b = new Buffers(n);
        assertThat(rule.admit(b, INJECT, q(n, uni, 1, 1, 0))).isEqualTo(ADMIT);
        assertThat(rule.admit(b, INJECT, q(n, uni, 1, 1, 1))).isEqualTo(DENY);
        assertThat(rule.admit(b, q(n, uni, 0, 1, 0), q(n, uni, 1, 1, 1))).isEqualTo(ADMIT);
        assertThat(rule.admit(b, q(n, uni, 0, 1, 0), q(n, uni, 1, 1, 0))).isEqualTo(DENY);
        assertThat(rule.admit(b, q(n, uni, 0, 1, 1), q(n, uni, 1, 1, 1))).as("no VC above the last").isEqualTo(DENY);
        b.set(q(n, uni, 1, 1, 1), 0, 0);
        assertThat(rule.admit(b, q(n, uni, 0, 1, 0), q(n, uni, 1, 1, 1))).isEqualTo(DENY);
    }

    @Test
    void vcPerHopIsAVctRule() {
        VcPerHop rule = new VcPerHop();
        assertThat(rule.freeSlotSuffices()).isTrue();
        assertThat(rule.invariants()).isEmpty();
        assertThat(rule.kind()).isEqualTo(RuleKind.VC_PER_HOP);
        assertThat(rule.describe()).isEqualTo("vc-per-hop");
    }

    // ---- escape VCs ---------------------------------------------------------------------

    @Test
    void adaptiveVcsAreVctWhateverTheEscapeRuleSays() {
        // VC0 escape (the ring), VC1 adaptive
        Network n = new Network(uni, 2, 2, 1);
        EscapeVcs rule = new EscapeVcs(new CriticalBubble(1), 1);
        int adaptive = q(n, uni, 1, 1, 1);
        Buffers b = new Buffers(n).set(adaptive, 1, 1);
        assertThat(new CriticalBubble(1).admit(b, INJECT, adaptive)).as("CBS alone would deny").isEqualTo(DENY);
        assertThat(rule.admit(b, INJECT, adaptive)).isEqualTo(ADMIT);
        assertThat(rule.admit(b, q(n, uni, 0, 1, 0), adaptive)).isEqualTo(ADMIT);
        b.set(adaptive, 0, 0);
        assertThat(rule.admit(b, INJECT, adaptive)).isEqualTo(DENY);
    }

    @Test
    void escapeVcsFollowTheEscapeRuleAndAnAdaptiveToEscapeMoveEntersTheRing() {
        Network n = new Network(uni, 2, 2, 1);
        EscapeVcs rule = new EscapeVcs(new CriticalBubble(1), 1);
        int escape = q(n, uni, 1, 1, 0);
        Buffers b = new Buffers(n).set(escape, 1, 1);
        assertThat(rule.admit(b, INJECT, escape)).isEqualTo(DENY);
        assertThat(rule.admit(b, q(n, uni, 0, 1, 1), escape)).as("from the adaptive VC: enters").isEqualTo(DENY);
        assertThat(rule.admit(b, q(n, uni, 0, 1, 0), escape)).as("from the escape VC: within").isEqualTo(ADMIT_SHIFT_MARK);
        b.set(escape, 2, 1);
        assertThat(rule.admit(b, q(n, uni, 0, 1, 1), escape)).isEqualTo(ADMIT);
    }

    @Test
    void theLastEscapeVcFollowsTheEscapeRuleAndTheFirstAdaptiveOneDoesNot() {
        // VC0 and VC1 escape with a dateline, VC2 adaptive
        Network n = new Network(uni, 3, 1, 2);
        EscapeVcs rule = new EscapeVcs(new Dateline(), 2);
        Buffers b = new Buffers(n);
        int plainVc1 = q(n, uni, 1, 1, 1);
        int plainVc2 = q(n, uni, 1, 1, 2);
        assertThat(rule.mayUse(n, INJECT, plainVc1)).isFalse();
        assertThat(rule.admit(b, INJECT, plainVc1)).isEqualTo(DENY);
        assertThat(rule.mayUse(n, INJECT, plainVc2)).isTrue();
        assertThat(rule.admit(b, INJECT, plainVc2)).isEqualTo(ADMIT);
        assertThat(rule.mayUse(n, INJECT, q(n, uni, 1, 1, 0))).isTrue();
        assertThat(rule.mayUse(n, INJECT, q(n, uni, 3, 1, 1))).isTrue();
        assertThat(rule.mayUse(n, INJECT, q(n, uni, 3, 1, 0))).isFalse();
    }

    @Test
    void aPacketEnteringTheDatelineEscapeFromAnAdaptiveVcTakesVcOneOnceItHasCrossed() {
        // VC0 and VC1 escape with a dateline, VC2 adaptive, on a unidirectional ring of 6
        Torus ring = Torus.torus(new int[] {6}, false);
        Network n = new Network(ring, 3, 1, 2);
        EscapeVcs rule = new EscapeVcs(new Dateline(), 2);
        // crossed 5 -> 0 on the adaptive VC, enters the escape ring at 0 -> 1, bound for 2
        int adaptiveOverWrap = q(n, ring, 5, 1, 2);
        assertThat(rule.mayUse(n, adaptiveOverWrap, q(n, ring, 0, 1, 1), 2)).isTrue();
        assertThat(rule.mayUse(n, adaptiveOverWrap, q(n, ring, 0, 1, 0), 2)).isFalse();
        // at 3 -> 4 from the adaptive VC, bound for 1: the wrap-around is still ahead, VC0
        int adaptive23 = q(n, ring, 2, 1, 2);
        assertThat(rule.mayUse(n, adaptive23, q(n, ring, 3, 1, 0), 1)).isTrue();
        assertThat(rule.mayUse(n, adaptive23, q(n, ring, 3, 1, 1), 1)).isFalse();
        // bound for 5: no dateline ahead (crossed or never will), VC1
        assertThat(rule.mayUse(n, adaptive23, q(n, ring, 3, 1, 1), 5)).isTrue();
        assertThat(rule.mayUse(n, adaptive23, q(n, ring, 3, 1, 0), 5)).isFalse();
        // entering over the wrap-around channel itself: VC1
        assertThat(rule.mayUse(n, q(n, ring, 4, 1, 2), q(n, ring, 5, 1, 1), 1)).isTrue();
        assertThat(rule.mayUse(n, q(n, ring, 4, 1, 2), q(n, ring, 5, 1, 0), 1)).isFalse();
        // without a destination either VC may be the one, and a free slot admits
        Buffers b = new Buffers(n);
        assertThat(rule.mayUse(n, adaptiveOverWrap, q(n, ring, 0, 1, 0))).isTrue();
        assertThat(rule.mayUse(n, adaptiveOverWrap, q(n, ring, 0, 1, 1))).isTrue();
        assertThat(rule.admit(b, adaptiveOverWrap, q(n, ring, 0, 1, 1))).isEqualTo(ADMIT);
        // moves within the escape ring and injections are decided as before, whatever the destination
        for (int dest = 0; dest < 6; dest++) {
            assertThat(rule.mayUse(n, INJECT, q(n, ring, 0, 1, 1), dest)).isFalse();
            assertThat(rule.mayUse(n, q(n, ring, 5, 1, 1), q(n, ring, 0, 1, 1), dest)).isTrue();
            assertThat(rule.mayUse(n, q(n, ring, 5, 1, 1), q(n, ring, 0, 1, 0), dest)).isFalse();
        }
    }

    @Test
    void withTwoDatelinesAnAdaptiveEntryTakesTheLastVcLessTheDatelinesAhead() {
        // datelines entering coordinates 0 and 4 going up; escape VCs 0-2, VC3 adaptive
        Torus ring = Torus.torus(new int[] {8}, false);
        Network n = new Network(ring, 4, 1, 3);
        EscapeVcs rule = new EscapeVcs(new Dateline(2), 3);
        int from = q(n, ring, 1, 1, 3);
        // 2 -> 3, bound for 6: the dateline entering 4 lies ahead, VC 2 - 1
        assertThat(rule.mayUse(n, from, q(n, ring, 2, 1, 1), 6)).isTrue();
        assertThat(rule.mayUse(n, from, q(n, ring, 2, 1, 2), 6)).isFalse();
        // bound for 3: none ahead, VC2
        assertThat(rule.mayUse(n, from, q(n, ring, 2, 1, 2), 3)).isTrue();
        assertThat(rule.mayUse(n, from, q(n, ring, 2, 1, 0), 3)).isFalse();
    }

    @Test
    void onAMeshAnAdaptiveEntryIntoTheDatelineEscapeStaysOnVcZero() {
        Torus mesh = Torus.mesh(new int[] {4});
        Network n = new Network(mesh, 3, 1, 2);
        EscapeVcs rule = new EscapeVcs(new Dateline(), 2);
        int from = n.queue(mesh.channel(0, 0, 1), 2);
        int to = n.queue(mesh.channel(1, 0, 1), 0);
        assertThat(rule.mayUse(n, from, to, 3)).isTrue();
        assertThat(rule.mayUse(n, from, n.queue(mesh.channel(1, 0, 1), 1), 3)).isFalse();
    }

    @Test
    void escapeVcsReportTheEscapeRulesStateAndProperties() {
        Network n = new Network(uni, 2, 2, 1);
        CriticalBubble cbs = new CriticalBubble(2, false, true);
        EscapeVcs rule = new EscapeVcs(cbs, 1);
        assertThat(rule.escapeRule()).isSameAs(cbs);
        assertThat(rule.escapeVcs()).isEqualTo(1);
        assertThat(rule.marksPerRing()).isEqualTo(2);
        assertThat(rule.marksDrift()).isTrue();
        assertThat(rule.freeSlotSuffices()).isFalse();
        assertThat(rule.invariants()).containsExactlyInAnyOrder(Invariant.BUBBLE, Invariant.CRITICAL_BUBBLE);
        assertThat(rule.kind()).isEqualTo(RuleKind.CRITICAL_BUBBLE);
        int home = q(n, uni, 3, 1, 0);
        assertThat(rule.initialMarks(n, home)).isEqualTo(2);
        assertThat(rule.initialMarks(n, q(n, uni, 3, 1, 1))).isZero();
        assertThat(rule.initialMarks(n, q(n, uni, 1, 1, 0))).isZero();
        Buffers b = new Buffers(n).set(home, 2, 2).set(q(n, uni, 2, 1, 0), 1, 0);
        assertThat(rule.drifts(b, home, q(n, uni, 2, 1, 0))).isTrue();
        b.set(home, 2, 1);
        assertThat(rule.drifts(b, home, q(n, uni, 2, 1, 0))).isFalse();
        assertThat(rule.describe()).isEqualTo("critical-bubble (m=2, drift) on escape VC 0, vct on adaptive VCs");

        EscapeVcs dateline = new EscapeVcs(new Dateline(), 2);
        assertThat(dateline.freeSlotSuffices()).isTrue();
        assertThat(dateline.marksPerRing()).isZero();
        assertThat(dateline.marksDrift()).isFalse();
        assertThat(dateline.invariants()).isEmpty();
        assertThat(dateline.kind()).isEqualTo(RuleKind.DATELINE);
        assertThat(dateline.describe()).isEqualTo("dateline on escape VCs 0-1, vct on adaptive VCs");

        assertThat(new EscapeVcs(new TheoreticalBubble(false), 1).globalReadAtomic()).isFalse();
        assertThat(new EscapeVcs(new TheoreticalBubble(true), 1).globalReadAtomic()).isTrue();
    }
}
