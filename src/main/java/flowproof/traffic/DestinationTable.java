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
    /** The destination is drawn uniformly from the source's pool, skipping the source itself unless its index is -1. */
    static final int RANDOM = -2;

    /** Per terminal: a destination terminal, {@link #NONE} or {@link #RANDOM}. */
    final int[] fixed;
    /** Per terminal whose rule is {@link #RANDOM}: the terminals to draw from (shared arrays). */
    final int[][] pool;
    /** Per terminal whose rule is {@link #RANDOM}: its own index in its pool, skipped when drawing (-1: not skipped). */
    final int[] self;
    /**
     * Per terminal: a hot spot that each of its packets goes to with probability
     * {@code hotFraction}, before its own rule is asked (-1: none; hot-spot traffic per packet).
     */
    final int[] hot;
    final double[] hotFraction;
    /**
     * Per terminal with several hot spots: the hot spots and their cumulative weights (shared
     * arrays), one drawn by weight when the packet goes to a hot spot; null with one.
     */
    final int[][] hotSet;
    final double[][] hotCumulative;

    DestinationTable(int terminals) {
        fixed = new int[terminals];
        Arrays.fill(fixed, NONE);
        pool = new int[terminals][];
        self = new int[terminals];
        hot = new int[terminals];
        Arrays.fill(hot, NONE);
        hotFraction = new double[terminals];
        hotSet = new int[terminals][];
        hotCumulative = new double[terminals][];
    }

    /** Each packet of {@code source} goes to {@code node} with probability {@code fraction}, else by its rule. */
    void setHot(int source, int node, double fraction) {
        hot[source] = node;
        hotFraction[source] = fraction;
    }

    /**
     * Each packet of {@code source} goes to a hot spot with probability {@code fraction}, the
     * hot spot {@code nodes[i]} drawn with weight {@code cumulative[i] - cumulative[i - 1]};
     * else by its rule. One node is {@link #setHot(int, int, double)}.
     */
    void setHot(int source, int[] nodes, double[] cumulative, double fraction) {
        setHot(source, nodes[0], fraction);
        if (nodes.length > 1) {
            hotSet[source] = nodes;
            hotCumulative[source] = cumulative;
        }
    }

    void setFixed(int source, int destination) {
        fixed[source] = destination == source ? NONE : destination;
    }

    /** {@code source} sends every packet to itself (a permutation's fixed point, BookSim's way). */
    void setSelf(int source) {
        fixed[source] = source;
    }

    /** {@code source} draws from {@code members}, in which it sits at index {@code selfIndex} (-1: itself included). */
    void setRandom(int source, int[] members, int selfIndex) {
        fixed[source] = RANDOM;
        pool[source] = members;
        self[source] = selfIndex;
    }

    /** The destination of {@code source}'s next packet, or {@link #NONE}. */
    int destination(int source, SplittableRandom random) {
        if (hot[source] >= 0 && random.nextDouble() < hotFraction[source]) {
            int[] set = hotSet[source];
            if (set == null) {
                return hot[source];
            }
            double[] cum = hotCumulative[source];
            double u = random.nextDouble() * cum[cum.length - 1];
            int i = 0;
            while (i < set.length - 1 && u >= cum[i]) {
                i++;
            }
            return set[i];
        }
        int d = fixed[source];
        if (d != RANDOM) {
            return d;
        }
        // Draw among the pool without the source: pick one of n-1 slots and step over the
        // source's own slot, so one draw suffices and no retry loop is needed.
        int[] p = pool[source];
        if (self[source] < 0) {
            return p[random.nextInt(p.length)];
        }
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
            int n = self[source] < 0 ? p.length : p.length - 1;
            for (int i = 0; i < p.length; i++) {
                if (i != self[source]) {
                    w[p[i]] += 1.0 / n;
                }
            }
        }
        if (hot[source] >= 0) {
            double f = hotFraction[source];
            for (int i = 0; i < terminals; i++) {
                w[i] *= 1 - f;
            }
            int[] set = hotSet[source];
            if (set == null) {
                w[hot[source]] += f;
            } else {
                double[] cum = hotCumulative[source];
                for (int i = 0; i < set.length; i++) {
                    w[set[i]] += f * (cum[i] - (i == 0 ? 0 : cum[i - 1])) / cum[cum.length - 1];
                }
            }
        }
        return w;
    }
}
