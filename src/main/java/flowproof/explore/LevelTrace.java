package flowproof.explore;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Rebuilds the trace {@link TraceOrder} defines from the BFS levels' lists of encoded states,
 * back from the violating packed state (the least state of its orbit under reduction): at each
 * level the least concrete predecessor, then the least move from it. A stored representative
 * is the least state of its orbit, so one not less than the best predecessor so far has no
 * image less than it and is not expanded. Shared by {@link LevelSearch} (one JVM) and
 * {@link PartitionedSearch} (members, each holding a part of every level).
 */
final class LevelTrace {

    private LevelTrace() {
    }

    /**
     * The trace to {@code target} at BFS level {@code depth}. {@code agree} gets the least
     * predecessor found in {@code levels} at each step back (null when none) and returns the
     * least one of all lists that hold the level: the identity on one JVM, an exchange between
     * members otherwise.
     */
    static Trace rebuild(Property p, long[] target, int depth, Model model, StateLayout layout, StateCodec codec,
                         Symmetry symmetry, Expander ex, List<CodeList[]> levels, UnaryOperator<long[]> agree) {
        List<Move> moves = new ArrayList<>();
        List<Snapshot> states = new ArrayList<>();
        long[] cur = target.clone();
        states.add(layout.decode(cur, 0));
        long[] code = new long[codec.words()];
        long[] pred = new long[layout.words];
        long[] scratch = new long[layout.words];
        LevelSearch.PredecessorSink sink = new LevelSearch.PredecessorSink(layout, symmetry);
        LevelSearch.MoveSink moveSink = new LevelSearch.MoveSink(model);
        for (int level = depth; level > 0; level--) {
            sink.target = cur;
            if (symmetry != null) {
                sink.canonTarget = new long[layout.words];
                symmetry.canonicalize(cur, 0, sink.canonTarget, 0, scratch);
            }
            sink.best = null;
            for (CodeList list : levels.get(level - 1)) {
                for (int i = 0; i < list.size(); i++) {
                    list.get(i, code);
                    codec.decode(code, 0, pred, 0);
                    if (sink.best != null && TraceOrder.compareStates(pred, sink.best) >= 0) {
                        continue;
                    }
                    sink.pred = pred;
                    ex.load(pred, 0);
                    ex.expand(sink, true);
                }
            }
            long[] best = agree.apply(sink.best);
            if (best == null) {
                throw new IllegalStateException("no predecessor of a state at BFS level " + level);
            }
            moveSink.target = cur;
            moveSink.move = null;
            ex.load(best, 0);
            ex.expand(moveSink, true);
            if (moveSink.move == null) {
                throw new IllegalStateException("a symmetry did not carry a move over at BFS level " + level);
            }
            moves.add(moveSink.move);
            cur = best;
            states.add(layout.decode(cur, 0));
        }
        Collections.reverse(moves);
        Collections.reverse(states);
        return new Trace(p, List.copyOf(moves), List.copyOf(states));
    }
}
