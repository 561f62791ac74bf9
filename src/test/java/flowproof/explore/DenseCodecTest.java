package flowproof.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import flowproof.routing.DimensionOrderRouting;
import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import flowproof.rule.RuleKind;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import flowproof.traffic.TrafficPattern;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.quicktheories.generators.Generate;

/**
 * {@link DenseCodec} ranks every state of valid queue fields below its range and back, refuses
 * the others, and a search that meets a state it cannot rank ends as the hash-table search does.
 */
class DenseCodecTest {

    /** Reference R8: 37 valid fields per queue (2 + 5 * 2 + 25 with one mark), 37^5 ranks. */
    @Test
    void r8HasThirtySevenFieldsPerQueue() {
        Model m = Models.torus(new int[] {5}, false, 1, 2, RuleKind.CRITICAL_BUBBLE, 1);
        DenseCodec codec = DenseCodec.of(StateLayout.of(m), m.routing().headers(), m.rule().marksPerRing());
        assertThat(codec).isNotNull();
        assertThat(codec.range()).isEqualTo(37L * 37 * 37 * 37 * 37);
    }

    @Test
    void everyValidStateHasARankBelowTheRangeThatDecodesToIt() {
        qt().withExamples(200).forAll(Generate.range(0, Integer.MAX_VALUE)).checkAssert(seed -> {
            Random rnd = new Random(seed);
            int k = 3 + rnd.nextInt(3);
            int capacity = 1 + rnd.nextInt(2);
            boolean marks = rnd.nextBoolean();
            int m = marks ? 1 + rnd.nextInt(capacity) : 0;
            Model model = Models.torus(new int[] {k}, false, 1 + rnd.nextInt(2), capacity,
                marks ? RuleKind.CRITICAL_BUBBLE : RuleKind.VCT, Math.max(1, m));
            StateLayout layout = StateLayout.of(model);
            int headers = model.routing().headers();
            DenseCodec codec = DenseCodec.of(layout, headers, model.rule().marksPerRing());
            if (codec == null) {
                return;
            }
            long[] a = randomState(rnd, layout, headers, model.rule().marksPerRing());
            long[] b = randomState(rnd, layout, headers, model.rule().marksPerRing());
            long[] ca = new long[1];
            long[] cb = new long[1];
            assertThat(codec.encode(a, 0, ca, 0)).isTrue();
            assertThat(codec.encode(b, 0, cb, 0)).isTrue();
            assertThat(ca[0]).isBetween(0L, codec.range() - 1);
            long[] back = new long[layout.words];
            codec.decode(ca, 0, back, 0);
            assertThat(back).isEqualTo(a);
            assertThat(ca[0] == cb[0]).isEqualTo(Arrays.equals(a, b));
        });
    }

    @Test
    void aQueueWithMoreMarksThanFreeSlotsHasNoRank() {
        Model m = Models.torus(new int[] {4}, false, 1, 1, RuleKind.CRITICAL_BUBBLE, 1);
        StateLayout layout = StateLayout.of(m);
        DenseCodec codec = DenseCodec.of(layout, m.routing().headers(), 1);
        long[] s = new long[layout.words];
        layout.setField(s, 0, 2, (1L << layout.markBits) | 1); // a packet for node 0 and a mark on a full queue
        assertThat(codec.encode(s, 0, new long[1], 0)).isFalse();
    }

    /**
     * A rule that keeps one mark per ring but admits as VCT does fills the marked queue: the
     * dense search meets a state it cannot rank and starts again on the hash table, with the
     * sequential search's counts.
     */
    @Test
    void aSearchMeetingAnUnrankedStateEndsAsTheHashTableSearch() {
        Torus t = Torus.torus(new int[] {4}, false);
        Network n = new Network(t, 1, 1);
        Model m = new Model(n, new DimensionOrderRouting(t), new MarkedVct(), TrafficPattern.ALL_PAIRS.pairs(t));
        assertThat(DenseCodec.of(StateLayout.of(m), m.routing().headers(), 1)).as("the dense search is tried").isNotNull();
        ExplorationResult seq = Models.explore(m);
        ExplorationResult par = ParallelSearchTest.run(m, 2, false);
        ParallelSearchTest.assertSameSearch(seq, par, "marked VCT");
        assertThat(par.verdict()).isNotEqualTo(Verdict.INCOMPLETE);
    }

    /** VCT with one critical mark per ring that never moves and never stops a packet. */
    static final class MarkedVct implements FlowControlRule {
        @Override
        public int admit(BufferView view, int from, int to) {
            return view.freeSlots(to) > 0 ? ADMIT : DENY;
        }

        @Override
        public int marksPerRing() {
            return 1;
        }

        @Override
        public Set<Invariant> invariants() {
            return EnumSet.noneOf(Invariant.class);
        }
    }

    /** A packed state of valid fields: a prefix of random headers, marks within the free slots and m. */
    private static long[] randomState(Random rnd, StateLayout layout, int headers, int m) {
        long[] s = new long[layout.words];
        for (int q = 0; q < layout.queues; q++) {
            int occupied = rnd.nextInt(layout.capacity + 1);
            long slots = 0;
            for (int i = 0; i < occupied; i++) {
                slots |= (long) (1 + rnd.nextInt(headers)) << (i * layout.destBits);
            }
            long marks = layout.markBits == 0 ? 0 : rnd.nextInt(Math.min(layout.capacity - occupied, m) + 1);
            layout.setField(s, 0, q, (slots << layout.markBits) | marks);
        }
        return s;
    }
}
