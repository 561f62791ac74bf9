package flowproof.traffic;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * A traffic pattern as read from a spec and validated against its terminal space: how
 * each source picks destinations. Immutable; {@link #compile} turns it into a run's
 * {@link DestinationTable}, drawing any run-fixed random choice (a random permutation,
 * randomly chosen hot-spot sources) from the random source it is given.
 */
sealed interface Destinations {

    /**
     * Writes the rule of every terminal of {@code sources} into {@code table}.
     *
     * @param sources terminals of the network, in increasing order, that follow this pattern
     * @param random run-fixed choices; compile consumes it in a fixed order (deterministic)
     */
    void compile(DestinationTable table, int[] sources, SplittableRandom random);

    /** e.g. {@code uniform}, {@code hot-spot to terminal 0 from 16 sources (lowest-numbered), others uniform}. */
    String describe();

    /**
     * A fixed permutation (transpose, bit patterns, tornado, neighbor, adversarial): a table by
     * rank. A fixed point sends nothing, or (when {@code self}) to itself, as BookSim's do.
     */
    record Permutation(PatternKind kind, TerminalSpace space, int[] to, boolean self) implements Destinations {

        Permutation(PatternKind kind, TerminalSpace space, int[] to) {
            this(kind, space, to, false);
        }

        @Override
        public void compile(DestinationTable table, int[] sources, SplittableRandom random) {
            for (int s : sources) {
                int d = space.terminal(to[space.rank(s)]);
                if (self && d == s) {
                    table.setSelf(s);
                } else {
                    table.setFixed(s, d);
                }
            }
        }

        @Override
        public String describe() {
            return kind.key() + (self ? " (fixed points to themselves)" : "");
        }
    }

    /**
     * Uniform random over every other terminal of the space, or (when {@code self}) over every
     * terminal, the source included (BookSim's uniform).
     */
    record Uniform(TerminalSpace space, boolean self) implements Destinations {
        @Override
        public void compile(DestinationTable table, int[] sources, SplittableRandom random) {
            for (int s : sources) {
                table.setRandom(s, space.members(), self ? -1 : space.rank(s));
            }
        }

        @Override
        public String describe() {
            return self ? "uniform (self included)" : "uniform";
        }
    }

    /**
     * Every source other than the hot spots sends each packet to a hot spot with probability
     * {@code fraction} (one of {@code nodes}, drawn by {@code weights} when there are several)
     * and otherwise follows {@code background}; the hot spots themselves follow
     * {@code background}, or with {@code self} draw as the others do (BookSim's hot spot: per
     * packet, where {@link HotSpot} is per source; BookSim's {@code hotspot} pattern sends
     * every packet of every terminal, the hot spots' own included, to a hot spot drawn by
     * its rate).
     */
    record HotSpotPerPacket(int[] nodes, double[] weights, double fraction, boolean self, Destinations background)
        implements Destinations {
        @Override
        public void compile(DestinationTable table, int[] sources, SplittableRandom rnd) {
            background.compile(table, sources, rnd);
            double[] cumulative = new double[nodes.length];
            double sum = 0;
            for (int i = 0; i < nodes.length; i++) {
                sum += weights[i];
                cumulative[i] = sum;
            }
            for (int s : sources) {
                if (self || Arrays.stream(nodes).noneMatch(n -> n == s)) {
                    table.setHot(s, nodes, cumulative, fraction);
                }
            }
        }

        @Override
        public String describe() {
            StringBuilder spots = new StringBuilder();
            for (int i = 0; i < nodes.length; i++) {
                spots.append(i == 0 ? "" : ", ").append(nodes[i]);
                if (nodes.length > 1) {
                    spots.append(String.format(java.util.Locale.ROOT, " (weight %.3g)", weights[i]));
                }
            }
            return String.format(java.util.Locale.ROOT, "hot-spot to terminal%s %s with %.3g of every %ssource's packets,"
                + " others %s", nodes.length > 1 ? "s" : "", spots, fraction, self ? "" : "other ", background.describe());
        }
    }

    /** A permutation of the space's terminals drawn when a run starts (SPTh's random pair). */
    record RandomPermutation(TerminalSpace space) implements Destinations {
        @Override
        public void compile(DestinationTable table, int[] sources, SplittableRandom random) {
            int m = space.size();
            int[] to = new int[m];
            for (int i = 0; i < m; i++) {
                to[i] = i;
            }
            for (int i = m - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int x = to[i];
                to[i] = to[j];
                to[j] = x;
            }
            for (int s : sources) {
                table.setFixed(s, space.terminal(to[space.rank(s)]));
            }
        }

        @Override
        public String describe() {
            return "random-permutation";
        }
    }

    /**
     * {@code count} of the sources other than {@code node} send to {@code node}: the
     * lowest-numbered ones, or (when {@code random}) ones drawn when a run starts. The rest,
     * the hot spot itself included, follow {@code background}.
     */
    record HotSpot(int node, int count, boolean random, Destinations background) implements Destinations {
        @Override
        public void compile(DestinationTable table, int[] sources, SplittableRandom rnd) {
            int[] candidates = new int[sources.length];
            int n = 0;
            for (int s : sources) {
                if (s != node) {
                    candidates[n++] = s;
                }
            }
            if (random) {
                // Partial Fisher-Yates: the first count slots become a uniform random subset.
                for (int i = 0; i < count; i++) {
                    int j = i + rnd.nextInt(n - i);
                    int x = candidates[i];
                    candidates[i] = candidates[j];
                    candidates[j] = x;
                }
            }
            boolean[] hot = new boolean[table.fixed.length];
            for (int i = 0; i < count; i++) {
                hot[candidates[i]] = true;
                table.setFixed(candidates[i], node);
            }
            int[] others = new int[sources.length - count];
            int o = 0;
            for (int s : sources) {
                if (!hot[s]) {
                    others[o++] = s;
                }
            }
            background.compile(table, others, rnd);
        }

        @Override
        public String describe() {
            return "hot-spot to terminal " + node + " from " + count + " source" + (count == 1 ? "" : "s")
                + (random ? " (random)" : " (lowest-numbered)") + ", others " + background.describe();
        }
    }

    /** One set of a mix: its terminals (increasing) and their pattern. */
    /** One entry of a mix; {@code load} is the entry's own load in flits/terminal/cycle, or NaN for the workload's. */
    record MixEntry(int[] terminals, boolean within, Destinations pattern, double load) {

        MixEntry(int[] terminals, boolean within, Destinations pattern) {
            this(terminals, within, pattern, Double.NaN);
        }

        String describe() {
            return Format.terminals(terminals) + ": " + pattern.describe() + (within ? " (within)" : "")
                + (Double.isNaN(load) ? "" : " at load " + Format.number(load));
        }
    }

    /** Patterns on disjoint sets of sources; terminals outside every set send nothing. */
    record Mix(List<MixEntry> entries) implements Destinations {
        @Override
        public void compile(DestinationTable table, int[] sources, SplittableRandom random) {
            for (int s : sources) {
                table.setFixed(s, DestinationTable.NONE);
            }
            for (MixEntry e : entries) {
                e.pattern.compile(table, e.terminals, random);
            }
        }

        @Override
        public String describe() {
            return "mix of " + entries.stream().map(MixEntry::describe).collect(Collectors.joining("; "));
        }
    }

    /** Sources send nothing ({@code background: none}). */
    record Silent() implements Destinations {
        @Override
        public void compile(DestinationTable table, int[] sources, SplittableRandom random) {
            for (int s : sources) {
                table.setFixed(s, DestinationTable.NONE);
            }
        }

        @Override
        public String describe() {
            return "none";
        }
    }
}
