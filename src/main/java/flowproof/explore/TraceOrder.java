package flowproof.explore;

import java.util.List;

/**
 * The fixed order that picks one counterexample among the shortest ones, so that a trace
 * depends only on the model and the property: not on the engine (sequential or
 * level-synchronous), the thread count, the order in which states were discovered, symmetry
 * reduction, or whether an injection-queue product ran first.
 *
 * <p>States compare by their packed words ({@link StateLayout}), word 0 first, each word
 * compared as an unsigned number. This is the order in which {@link Symmetry} picks an orbit's
 * canonical representative (its least image), so the representative stored by a reduced search
 * is the least concrete state of its orbit. Moves compare as {@link Move#compareTo} says; the
 * moves of a synchronous step compare as lists (element by element, then the shorter first).
 *
 * <p>The chosen trace of a violated property, with {@code d} the least BFS depth of a violating
 * state:
 * <ol>
 *   <li>the final state is the least violating state at depth {@code d};</li>
 *   <li>walking back, the state before a state {@code s} at depth {@code k} is the least state
 *       at depth {@code k - 1} with a step to {@code s};</li>
 *   <li>the step between two consecutive states is the least step from the first to the second.</li>
 * </ol>
 * Every state at depth {@code k - 1} extends back to the empty network in {@code k - 1} steps,
 * so this is the least shortest trace when traces compare by their states from the last to the
 * first, and then by their steps.
 *
 * <p>The choice needs the whole level {@code d} to have been searched. A search that stops
 * inside that level (a state, time or memory limit, or {@code stopAtFirstViolation}) reports
 * the least violation among the states it checked, which can depend on the engine.
 */
final class TraceOrder {

    private TraceOrder() {
    }

    /** Compares two packed states of {@code w} words: word 0 first, unsigned. */
    static int compareStates(long[] a, int aOff, long[] b, int bOff, int w) {
        for (int i = 0; i < w; i++) {
            int c = Long.compareUnsigned(a[aOff + i], b[bOff + i]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** Compares two packed states of equal length. */
    static int compareStates(long[] a, long[] b) {
        return compareStates(a, 0, b, 0, a.length);
    }

    /** Compares the moves of two steps: element by element, then the shorter first. */
    static int compareSteps(List<Move> a, List<Move> b) {
        int n = Math.min(a.size(), b.size());
        for (int i = 0; i < n; i++) {
            int c = a.get(i).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }
}
