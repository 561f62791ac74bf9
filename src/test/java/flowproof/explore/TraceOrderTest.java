package flowproof.explore;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.spec.SpecReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The counterexample trace is the one {@link TraceOrder} defines, whichever engine, thread count,
 * symmetry reduction or injection-queue product found it.
 */
class TraceOrderTest {

    /**
     * The three specs whose traces differed between 1 and 2 threads before the order was fixed,
     * specs reduced by symmetry (translations; translations and a reflection), an injection-queue
     * spec decided through the product's fall-back, a synchronous and a wormhole spec (the
     * sequential engine only).
     */
    private static final List<String> SPECS = List.of("fb1d-k3-ugal-1vc", "torus3x3-c1-critical-bubble-3flows",
        "t3-torus3x2-critical-bubble-diagonal-iq1", "ring4-c2-vct", "ring5-bidir-c1-vct",
        "r5-ring4-c1-localized-bubble-iq1", "t3-torus3x2-critical-bubble-sync", "wh-ring4-c1-l2-theoretical-bubble");

    private static Model model(String spec) throws Exception {
        return SpecReader.read(Path.of("specs/" + spec + ".yaml")).model();
    }

    private static Set<Property> properties(Model m) {
        Set<Property> p = EnumSet.copyOf(Explorer.defaultProperties(m.rule()));
        return p;
    }

    private static ExplorationResult run(Model m, int threads, boolean symmetry, boolean product) {
        return new Explorer(m, properties(m), Limits.defaults(), false).threads(threads).symmetry(symmetry)
            .injectionProduct(product).run();
    }

    // -Pslow: a cross-check over every spec or a long run (the default build stays under 15 minutes)
    @Tag("slow")
    @Test
    void everyEngineThreadCountSymmetryAndProductChooseTheSameTrace() throws Exception {
        for (String spec : SPECS) {
            Model m = model(spec);
            ExplorationResult seq = run(m, 1, false, true);
            assertThat(seq.traces()).as(spec).isNotEmpty();
            for (int threads : new int[] {1, 2, 3}) {
                for (boolean symmetry : new boolean[] {false, true}) {
                    for (boolean product : new boolean[] {true, false}) {
                        ExplorationResult r = run(m, threads, symmetry, product);
                        String what = spec + ", " + threads + " threads, symmetry " + symmetry + ", product " + product;
                        assertThat(r.traces().keySet()).as(what).isEqualTo(seq.traces().keySet());
                        for (Map.Entry<Property, Trace> e : seq.traces().entrySet()) {
                            Trace t = r.traces().get(e.getKey());
                            assertThat(t.moves()).as(what + " " + e.getKey()).isEqualTo(e.getValue().moves());
                            assertThat(t.stepSizes()).as(what + " " + e.getKey()).isEqualTo(e.getValue().stepSizes());
                        }
                    }
                }
            }
        }
    }

    @Test
    void symmetryReductionIsOnForTheSymmetrySpecs() throws Exception {
        // else the test above would not exercise the reduced engine's trace rebuilding
        assertThat(run(model("ring4-c2-vct"), 2, true, true).symmetryOrder()).isEqualTo(4);
        assertThat(run(model("ring5-bidir-c1-vct"), 2, true, true).symmetryOrder()).isEqualTo(10);
    }

    @Test
    void theStuckTraceIsTheLeastShortestTraceOfAPlainSearchOfTheWholeStateGraph() throws Exception {
        for (String spec : SPECS) {
            Model m = model(spec);
            Trace expected = leastStuckTrace(m);
            assertThat(expected).as(spec).isNotNull();
            for (int threads : new int[] {1, 2}) {
                for (boolean symmetry : new boolean[] {false, true}) {
                    Trace t = run(m, threads, symmetry, true).traces().get(Property.STUCK_FREEDOM);
                    String what = spec + ", " + threads + " threads, symmetry " + symmetry;
                    assertThat(t).as(what).isNotNull();
                    assertThat(t.moves()).as(what).isEqualTo(expected.moves());
                    assertThat(t.stepSizes()).as(what).isEqualTo(expected.stepSizes());
                }
            }
        }
    }

    /** A state as a hash key. */
    private record Key(long[] words) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(words, k.words);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(words);
        }
    }

    /** The move order, written out here independently of Move.compareTo. */
    private static final Comparator<Move> MOVES = Comparator.<Move>comparingInt(x -> x.kind().ordinal())
        .thenComparingInt(Move::node).thenComparingInt(Move::destination).thenComparingInt(Move::from)
        .thenComparingInt(Move::to);

    private static int compareSteps(List<Move> a, List<Move> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = MOVES.compare(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    /**
     * The definition, by brute force: every level of the state graph in full, the least stuck
     * state (words compared unsigned) of the first level that has one, then back level by level the
     * least state with a step to the current one and the least such step. Null when nothing is stuck.
     */
    private static Trace leastStuckTrace(Model m) {
        StateLayout layout = StateLayout.of(m);
        Expander ex = Expander.create(m, layout);
        List<List<long[]>> levels = new ArrayList<>();
        Set<Key> seen = new HashSet<>();
        long[] init = Explorer.initialState(m, layout);
        seen.add(new Key(init));
        levels.add(List.of(init));
        long[] target = null;
        while (target == null && !levels.get(levels.size() - 1).isEmpty()) {
            List<long[]> next = new ArrayList<>();
            for (long[] s : levels.get(levels.size() - 1)) {
                ex.load(s, 0);
                ex.expand((kind, a, b, destination, succ) -> {
                    if (seen.add(new Key(succ.clone()))) {
                        next.add(succ.clone());
                    }
                }, true);
                if (ex.packets() > 0 && ex.drainMoves == 0 && (target == null || Arrays.compareUnsigned(s, target) < 0)) {
                    target = s;
                }
            }
            if (target == null) {
                levels.add(next);
            }
        }
        if (target == null) {
            return null;
        }
        List<List<Move>> steps = new ArrayList<>();
        List<Snapshot> states = new ArrayList<>();
        long[] cur = target;
        states.add(layout.decode(cur, 0));
        for (int level = levels.size() - 1; level > 0; level--) {
            long[] best = null;
            List<Move> bestStep = null;
            for (long[] p : levels.get(level - 1)) {
                List<List<Move>> found = new ArrayList<>();
                long[] c = cur;
                ex.load(p, 0);
                ex.expand((kind, a, b, destination, succ) -> {
                    if (Arrays.equals(succ, c)) {
                        found.add(ex.stepMoves(kind, a, b, destination));
                    }
                }, true);
                if (!found.isEmpty() && (best == null || Arrays.compareUnsigned(p, best) < 0)) {
                    best = p;
                    bestStep = Collections.min(found, TraceOrderTest::compareSteps);
                }
            }
            steps.add(bestStep);
            cur = best;
            states.add(layout.decode(cur, 0));
        }
        Collections.reverse(steps);
        Collections.reverse(states);
        return Trace.of(Property.STUCK_FREEDOM, steps, states, m.semantics() == Semantics.SYNCHRONOUS);
    }

    @Test
    void statesCompareWordByWordAsUnsignedNumbers() {
        assertThat(TraceOrder.compareStates(new long[] {1, 0}, new long[] {-1L, 0})).isNegative();
        assertThat(TraceOrder.compareStates(new long[] {2, 0}, new long[] {1, -1L})).isPositive();
        assertThat(TraceOrder.compareStates(new long[] {5, 7}, new long[] {5, 7})).isZero();
    }

    @Test
    void movesCompareByKindThenNodeDestinationFromAndTo() {
        Move inject = new Move(Move.Kind.INJECT, 3, 1, -1, 4);
        Move forward = new Move(Move.Kind.FORWARD, 0, 0, 0, 1);
        assertThat(inject.compareTo(forward)).isNegative();
        assertThat(new Move(Move.Kind.FORWARD, 0, 2, 5, 1).compareTo(new Move(Move.Kind.FORWARD, 1, 0, 0, 0))).isNegative();
        assertThat(new Move(Move.Kind.FORWARD, 1, 0, 3, 0).compareTo(new Move(Move.Kind.FORWARD, 1, 0, 2, 9))).isPositive();
        assertThat(new Move(Move.Kind.EJECT, 1, 0, 3, -1).compareTo(new Move(Move.Kind.EJECT, 1, 0, 3, -1))).isZero();
        assertThat(TraceOrder.compareSteps(List.of(forward), List.of(forward, inject))).isNegative();
        assertThat(TraceOrder.compareSteps(List.of(inject, forward), List.of(forward))).isNegative();
    }
}
