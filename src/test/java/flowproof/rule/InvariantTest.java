package flowproof.rule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.rule.Condition.Bound;
import flowproof.rule.Condition.Quantity;
import flowproof.rule.Condition.Scope;
import flowproof.rule.Condition.Term;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * The invariants (explorer-semantics.md, "Properties": every ring keeps a free slot; every
 * ring holds exactly m marks and no queue more marks than free slots), and the initial
 * marks of CBS, which must satisfy them.
 */
class InvariantTest {

    private final Torus t2 = Torus.torus(new int[] {3, 2}, true);
    private final Network torus = new Network(t2, 1, 2);

    @Test
    void keysAreTheSpecNames() {
        assertThat(Invariant.BUBBLE.key()).isEqualTo("bubble-invariant");
        assertThat(Invariant.CRITICAL_BUBBLE.key()).isEqualTo("critical-bubble-invariant");
    }

    @Test
    void eachInvariantIsItsListOfConditions() {
        assertThat(Invariant.BUBBLE.conditions()).extracting(Condition::toString)
            .containsExactly("at every ring: RING_FREE_SLOTS >= 1 (noBubble)");
        assertThat(Invariant.CRITICAL_BUBBLE.conditions()).extracting(Condition::toString).containsExactly(
            "at every queue: CRITICAL_MARKS - FREE_SLOTS <= 0 (markOnFull)",
            "at every queue: CRITICAL_MARKS >= 0 (negMarks)",
            "at every queue on no ring: CRITICAL_MARKS = 0 (negMarks, markOffRing)",
            "at every ring: CRITICAL_MARKS = m (fewMarks, manyMarks)");
    }

    @Test
    void aConditionIsWellFormed() {
        assertThatThrownBy(() -> Condition.atLeast(Scope.QUEUES, Bound.of(1), "x", Term.of(Quantity.RING_FREE_SLOTS)))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("quantity of a ring");
        assertThatThrownBy(() -> new Condition(Scope.RINGS, java.util.List.of(Term.of(Quantity.FREE_SLOTS)),
            Condition.Relation.EXACTLY, Bound.of(1), "few", null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Condition(Scope.RINGS, java.util.List.of(), Condition.Relation.AT_LEAST,
            Bound.of(1), "few", null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aConditionOutsideTheEnumEvaluatesTheSameWay() {
        // every ring keeps two free slots, summed from its queues (a plugin's invariant could read so)
        Condition twoBubbles = Condition.atLeast(Scope.RINGS, Bound.of(2), "fewBubbles", Term.of(Quantity.FREE_SLOTS));
        Condition occupancy = Condition.atMost(Scope.QUEUES, Bound.of(1), "crowded", Term.of(Quantity.OCCUPANCY));
        Buffers b = new Buffers(torus);
        assertThat(Condition.allHold(java.util.List.of(twoBubbles, occupancy), b, 0)).isTrue();
        int[] ring = torus.ringQueues(0);
        b.set(ring[0], 0, 0);
        assertThat(occupancy.holds(b, 0)).as("two packets in a queue").isFalse();
        assertThat(twoBubbles.holds(b, 0)).as("ring 0 has %d queues of 2", ring.length).isEqualTo(ring.length >= 2);
        for (int q : ring) {
            b.set(q, q == ring[0] ? 1 : 0, 0);
        }
        assertThat(twoBubbles.sum(b, 0)).isEqualTo(1);
        assertThat(twoBubbles.holds(b, 0)).isFalse();
        assertThat(Bound.marksPerRing().value(3)).isEqualTo(3);
        assertThat(new Bound(1, 2).value(3)).isEqualTo(7);
    }

    @Test
    void theBubbleInvariantNeedsOneFreeSlotInEveryRing() {
        assertThat(Invariant.BUBBLE.holds(new Buffers(torus), 0)).isTrue();
        for (int r = 0; r < torus.rings(); r++) {
            Buffers b = new Buffers(torus).ringFree(r, 1);
            assertThat(Invariant.BUBBLE.holds(b, 0)).as("ring %d with one free slot", r).isTrue();
            b.ringFree(r, 0);
            assertThat(Invariant.BUBBLE.holds(b, 0)).as("ring %d full", r).isFalse();
        }
        assertThat(Invariant.BUBBLE.holds(new Buffers(torus).full(), 0)).isFalse();
    }

    /** One mark per ring on the home queues, as CBS starts. */
    private Buffers initial(Network n, FlowControlRule rule) {
        Buffers b = new Buffers(n);
        for (int q = 0; q < n.queues(); q++) {
            b.set(q, n.capacity(), rule.initialMarks(n, q));
        }
        return b;
    }

    @Test
    void theCriticalBubbleInvariantHoldsOnTheInitialState() {
        Buffers b = initial(torus, new CriticalBubble(1));
        assertThat(Invariant.CRITICAL_BUBBLE.holds(b, 1)).isTrue();
        assertThat(Invariant.CRITICAL_BUBBLE.holds(b, 2)).as("m counts").isFalse();
        assertThat(Invariant.CRITICAL_BUBBLE.holds(b, 0)).isFalse();
    }

    @Test
    void theCriticalBubbleInvariantCountsTheMarksOfEveryRing() {
        CriticalBubble cbs = new CriticalBubble(1);
        for (int r = 0; r < torus.rings(); r++) {
            Buffers b = initial(torus, cbs);
            int[] members = torus.ringQueues(r);
            int other = members[0] == t2Home(r) ? members[1] : members[0];
            b.set(other, 2, 1);
            assertThat(Invariant.CRITICAL_BUBBLE.holds(b, 1)).as("ring %d with two marks", r).isFalse();
            b.set(other, 2, 0).set(t2Home(r), 2, 0);
            assertThat(Invariant.CRITICAL_BUBBLE.holds(b, 1)).as("ring %d without a mark", r).isFalse();
        }
    }

    private int t2Home(int ring) {
        return torus.queue(t2.ringHome(ring), 0);
    }

    @Test
    void noQueueHoldsMoreMarksThanFreeSlots() {
        Buffers b = initial(torus, new CriticalBubble(1));
        int home = t2Home(0);
        b.set(home, 1, 1);
        assertThat(Invariant.CRITICAL_BUBBLE.holds(b, 1)).as("as many marks as free slots").isTrue();
        b.set(home, 0, 1);
        assertThat(Invariant.CRITICAL_BUBBLE.holds(b, 1)).isFalse();
    }

    @Test
    void noQueueHoldsANegativeMarkCount() {
        Network n = new Network(Torus.torus(new int[] {4}, false), 1, 2);
        Buffers b = initial(n, new CriticalBubble(1));
        int home = n.queue(n.topology().ringHome(0), 0);
        int other = home == 0 ? 1 : 0;
        b.set(home, 2, 2).set(other, 2, -1);
        assertThat(Invariant.CRITICAL_BUBBLE.holds(b, 1)).as("the ring sums to 1, but with -1").isFalse();
    }

    @Test
    void aQueueOutsideEveryRingHoldsNoMark() {
        Torus ring = Torus.torus(new int[] {4}, false);
        Network n = new Network(ring, 2, 2, 1);
        Buffers b = initial(n, new CriticalBubble(1));
        assertThat(Invariant.CRITICAL_BUBBLE.holds(b, 1)).isTrue();
        int adaptive = n.queue(ring.channel(1, 0, 1), 1);
        b.set(adaptive, 2, 1);
        assertThat(Invariant.CRITICAL_BUBBLE.holds(b, 1)).isFalse();
    }

    record Shape(Network net, int marks, boolean spread) {
        @Override
        public String toString() {
            return net.topology().describe() + " vcs=" + net.vcs() + " C=" + net.capacity() + " m=" + marks
                + (spread ? " spread" : "");
        }
    }

    static Gen<Shape> shapes() {
        Gen<int[]> radix = Generate.pick(List.of(new int[] {2}, new int[] {3}, new int[] {5}, new int[] {3, 2},
            new int[] {2, 2, 2}));
        return radix.zip(Generate.booleans(), Generate.range(1, 2), Generate.range(1, 4),
                (r, bidir, vcs, cap) -> new Network(Torus.torus(r, bidir), vcs, cap))
            .zip(Generate.range(1, 4), Generate.booleans(), (n, m, spread) ->
                new Shape(n, spread ? m : Math.min(m, n.capacity()), spread));
    }

    @Test
    void everyInitialStateOfCbsKeepsBothInvariants() {
        qt().withExamples(200).forAll(shapes()).checkAssert(s -> {
            CriticalBubble cbs = new CriticalBubble(s.marks(), s.spread());
            Network n = s.net();
            Buffers b = initial(n, cbs);
            if (s.spread()) {
                // spread marks overfill a queue only when some ring has fewer slots in all than marks
                for (int r = 0; r < n.rings(); r++) {
                    if (s.marks() > n.ringQueues(r).length * n.capacity()) {
                        return;
                    }
                }
            }
            assertThat(Invariant.CRITICAL_BUBBLE.holds(b, s.marks())).isTrue();
            assertThat(Invariant.BUBBLE.holds(b, s.marks())).isTrue();
            for (int r = 0; r < n.rings(); r++) {
                int max = 0;
                int min = Integer.MAX_VALUE;
                int holders = 0;
                for (int q : n.ringQueues(r)) {
                    int m = cbs.initialMarks(n, q);
                    max = Math.max(max, m);
                    min = Math.min(min, m);
                    holders += m > 0 ? 1 : 0;
                }
                if (s.spread()) {
                    assertThat(max - min).as("spread evenly").isLessThanOrEqualTo(1);
                } else {
                    assertThat(holders).as("all on one queue").isEqualTo(1);
                }
            }
        });
    }
}
