package flowproof.traffic;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Every terminal's destination rule for one run, flattened into primitive arrays so that
 * {@link #destination} is a table look-up, or one random draw from a pool: whatever the
 * pattern (permutation, hot spot, mix of both), the hot path never dispatches on it.
 * Built by {@link Destinations#compile} when a run starts; not modified afterwards.
 */
final class DestinationTable {

    /** The source sends nothing (a permutation fixed point, a terminal outside every mix entry). */
    static final int NONE = -1;
    /** The destination is drawn uniformly from the source's pool, skipping the source itself. */
    static final int RANDOM = -2;

    /** Per terminal: a destination terminal, {@link #NONE} or {@link #RANDOM}. */
    final int[] fixed;
    /** Per terminal whose rule is {@link #RANDOM}: the terminals to draw from (shared arrays). */
    final int[][] pool;
    /** Per terminal whose rule is {@link #RANDOM}: its own index in its pool, skipped when drawing. */
    final int[] self;

    DestinationTable(int terminals) {
        fixed = new int[terminals];
        Arrays.fill(fixed, NONE);
        pool = new int[terminals][];
        self = new int[terminals];
    }

    void setFixed(int source, int destination) {
        fixed[source] = destination == source ? NONE : destination;
    }

    /** {@code source} draws from {@code members}, in which it sits at index {@code selfIndex}. */
    void setRandom(int source, int[] members, int selfIndex) {
        fixed[source] = RANDOM;
        pool[source] = members;
        self[source] = selfIndex;
    }

    /** The destination of {@code source}'s next packet, or {@link #NONE}. */
    int destination(int source, SplittableRandom random) {
        int d = fixed[source];
        if (d != RANDOM) {
            return d;
        }
        // Draw among the pool without the source: pick one of n-1 slots and step over the
        // source's own slot, so one draw suffices and no retry loop is needed.
        int[] p = pool[source];
        int r = random.nextInt(p.length - 1);
        return p[r >= self[source] ? r + 1 : r];
    }

    /** The probability of each destination terminal for {@code source}'s packets (all 0 when it sends nothing). */
    double[] weights(int source, int terminals) {
        double[] w = new double[terminals];
        int d = fixed[source];
        if (d >= 0) {
            w[d] = 1;
        } else if (d == RANDOM) {
            int[] p = pool[source];
            for (int i = 0; i < p.length; i++) {
                if (i != self[source]) {
                    w[p[i]] += 1.0 / (p.length - 1);
                }
            }
        }
        return w;
    }
}
