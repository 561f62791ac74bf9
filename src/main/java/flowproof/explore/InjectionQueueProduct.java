package flowproof.explore;

import flowproof.routing.RoutingFunction;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Decides an interleaving model with injection queues of {@code n} packets (Mn) from the same
 * model without them (M0), instead of enumerating every network state with every content of
 * the injection queues.
 *
 * <p>The facts it rests on, for interleaving moves (not clock cycles: there a step injects
 * and moves together):
 * <ol>
 *   <li>Injecting the head of an injection queue is judged exactly as M0's inject move of the
 *       same (source, destination): the rule sees the network alone. So the network parts of
 *       Mn's reachable states are M0's reachable states R0 (an M0 path lifts to Mn by
 *       generating each packet just before it is injected).</li>
 *   <li>Generating is enabled whenever the source's injection queue holds fewer than n
 *       packets, whatever the network holds. So Mn reaches every pair (N, P) of a state N of
 *       R0 and a content P of the injection queues: reach N with empty injection queues, then
 *       generate P. Mn has |R0| x |Q| states, Q the contents (per source: every sequence of at
 *       most n of its traffic destinations).</li>
 *   <li>Drainability of Mn holds iff (a) M0 drains from every state and (b) from every state
 *       of R0 with an empty network, every traffic pair's packet can enter the network after
 *       some drift moves (the only moves of an empty network). If: drain the network of
 *       (N, P) by M0's moves, then take the injection queues' packets one at a time: drift
 *       until the head is admitted, inject it (the network state is in R0 again), drain it.
 *       Only if: (N, no packets waiting) with N undraining does not drain in Mn either, and an
 *       empty network with one packet waiting that no drift lets in never drains.</li>
 *   <li>Stuck-freedom of Mn holds iff M0 is stuck-free and (c) at every empty-network state of
 *       R0 without a drift move, every pair's packet is admitted; (b) implies (c).</li>
 *   <li>The rules' invariants read the network alone: they hold in Mn iff in M0.</li>
 * </ol>
 *
 * <p>So a complete M0 search in which every property holds, together with (b) and (c) over
 * its empty-network states, decides Mn with exact counts: states, and transitions (summed over
 * the product by the M0 search's inject moves per source; see {@link #transitions}). The BFS
 * depth of Mn is not computed. When M0 shows a violation or (b) or (c) fails, Mn violates the
 * property too, and {@link Explorer} runs the direct search of Mn for its shortest trace.
 */
final class InjectionQueueProduct {

    /** What a search of M0 gathers for the product (either engine fills it). */
    static final class Tally {
        /** Inject transitions by source, summed over the states of R0 (weighted by orbit size). */
        final long[] injects;
        /** Every concrete state of R0 with no packet (orbits expanded). */
        final Set<Key> empty = ConcurrentHashMap.newKeySet();

        Tally(int nodes) {
            this.injects = new long[nodes];
        }

        synchronized void addInjects(long[] bySource) {
            for (int s = 0; s < bySource.length; s++) {
                injects[s] += bySource[s];
            }
        }
    }

    private InjectionQueueProduct() {
    }

    /**
     * Mn's result from M0's (searched with {@code tally}), or null when Mn must be searched
     * directly: M0 shows a violation, or an empty network refuses some pair's packet for good.
     */
    static ExplorationResult decide(Model mn, ExplorationResult r0, Tally tally, Set<Property> properties, double start) {
        if (!r0.traces().isEmpty()) {
            return null;
        }
        String limited = null;
        if (!r0.complete()) {
            limited = "the model without injection queues stopped at the " + r0.limit() + " limit after "
                + String.format("%,d", r0.states()) + " states; nothing decided";
        } else {
            String refused = refusedPair(r0.model(), tally, properties.contains(Property.DRAINABILITY));
            if (refused != null) {
                return null;
            }
        }
        StateLayout layout = StateLayout.of(mn);
        int n = mn.injectionQueue();
        int nodes = mn.network().topology().nodes();
        BigInteger[] contents = new BigInteger[nodes];
        BigInteger[] withHead = new BigInteger[nodes];
        int[] dests = destinations(mn, nodes);
        BigInteger q = BigInteger.ONE;
        for (int s = 0; s < nodes; s++) {
            BigInteger d = BigInteger.valueOf(dests[s]);
            contents[s] = BigInteger.ZERO;
            withHead[s] = BigInteger.ZERO;
            for (int k = 0; k <= n; k++) {
                contents[s] = contents[s].add(d.pow(k));
                if (k < n) {
                    withHead[s] = withHead[s].add(d.pow(k));
                }
            }
            q = q.multiply(contents[s]);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (limited != null) {
            return new ExplorationResult(mn, Verdict.INCOMPLETE, false, r0.limit(), r0.states(), r0.transitions(), -1,
                seconds, r0.properties(), Map.of(), r0.stuckStates(), -1, layout.words, layout.bits(), r0.storedBytes(),
                r0.orbits(), r0.symmetryOrder(), r0.symmetry(), r0.threads(), limited);
        }
        BigInteger states = BigInteger.valueOf(r0.states()).multiply(q);
        BigInteger transitions = transitions(mn, r0, tally, q, contents, withHead, dests);
        Map<Property, PropertyStatus> statuses = new EnumMap<>(r0.properties());
        String note = String.format("injection queues of %d: %,d network states (searched without injection queues) x %s"
                + " injection-queue contents; decided from the %,d empty-network states: every pair's packet enters"
                + " after drift moves alone, so draining the network and then each waiting packet empties the queues",
            n, r0.states(), String.format("%,d", q), tally.empty.size());
        return new ExplorationResult(mn, Verdict.DEADLOCK_FREE, true, null, longOr(states), longOr(transitions), -1,
            seconds, statuses, Map.of(), 0, properties.contains(Property.DRAINABILITY) ? 0 : -1, layout.words,
            layout.bits(), r0.storedBytes(), r0.orbits(), r0.symmetryOrder(), r0.symmetry(), r0.threads(), note);
    }

    private static long longOr(BigInteger v) {
        return v.bitLength() < 63 ? v.longValue() : -1;
    }

    /** Distinct traffic destinations of every source. */
    private static int[] destinations(Model m, int nodes) {
        int[] dests = new int[nodes];
        Set<Long> seen = new java.util.HashSet<>();
        for (int[] p : m.traffic()) {
            if (seen.add(((long) p[0] << 32) | p[1])) {
                dests[p[0]]++;
            }
        }
        return dests;
    }

    /**
     * Mn's transitions, summed over every (N, P): N's forward, eject and drift moves for each
     * of the |Q| contents; each source's inject moves for the contents whose queue holds a
     * packet, by its head (the M0 search counted inject moves per source, all destinations
     * together, and every destination heads the same number of contents); each traffic pair's
     * generate move for the contents whose source queue has room.
     */
    static BigInteger transitions(Model mn, ExplorationResult r0, Tally tally, BigInteger q, BigInteger[] contents,
                                  BigInteger[] withHead, int[] dests) {
        long injects = Arrays.stream(tally.injects).sum();
        BigInteger t = q.multiply(BigInteger.valueOf(r0.transitions() - injects));
        for (int s = 0; s < tally.injects.length; s++) {
            if (tally.injects[s] != 0) {
                t = t.add(BigInteger.valueOf(tally.injects[s]).multiply(withHead[s]).multiply(q).divide(contents[s]));
            }
        }
        BigInteger r = BigInteger.valueOf(r0.states());
        int n = mn.injectionQueue();
        for (int[] p : mn.traffic()) {
            int s = p[0];
            BigInteger room = contents[s].subtract(BigInteger.valueOf(dests[s]).pow(n));
            t = t.add(r.multiply(room).multiply(q).divide(contents[s]));
        }
        return t;
    }

    /**
     * Checks (b) (with {@code drain}) or (c) over the empty-network states of R0: returns a
     * description of a state and pair that fail, or null when none does.
     */
    static String refusedPair(Model m0, Tally tally, boolean drain) {
        StateLayout layout = StateLayout.of(m0);
        Expander ex = Expander.create(m0, layout);
        RoutingFunction routing = m0.routing();
        int nodes = m0.network().topology().nodes();
        Map<Long, Integer> pairIndex = new HashMap<>();
        for (int[] p : m0.traffic()) {
            pairIndex.putIfAbsent(((long) p[0] << 32) | p[1], pairIndex.size());
        }
        int pw = Math.max(1, (pairIndex.size() + 63) / 64);
        Map<Key, Integer> index = new HashMap<>();
        for (Key s : tally.empty) {
            index.putIfAbsent(s, index.size());
        }
        int count = index.size();
        long[][] reach = new long[count][pw];
        int[][] drift = new int[count][];
        long[][] unique = new long[count][];
        for (Map.Entry<Key, Integer> e : index.entrySet()) {
            unique[e.getValue()] = e.getKey().words;
        }
        for (int i = 0; i < count; i++) {
            long[] bits = reach[i];
            int[][] succ = {new int[4]};
            int[] ns = {0};
            ex.load(unique[i], 0);
            ex.expand((kind, a, b, header, next) -> {
                if (kind == Expander.INJECT) {
                    Integer pi = pairIndex.get(((long) a << 32) | routing.destinationOf(header));
                    bits[pi >> 6] |= 1L << (pi & 63);
                } else if (kind == Expander.DRIFT) {
                    Integer j = index.get(new Key(next.clone()));
                    if (j == null) {
                        throw new IllegalStateException("a drift move from an empty network left the reachable states");
                    }
                    if (ns[0] == succ[0].length) {
                        succ[0] = Arrays.copyOf(succ[0], ns[0] * 2);
                    }
                    succ[0][ns[0]++] = j;
                } else {
                    throw new IllegalStateException("a packet move in an empty network");
                }
            }, true);
            drift[i] = Arrays.copyOf(succ[0], ns[0]);
        }
        if (drain) {
            // (b): what is injectable after some drift moves: a fixpoint over the drift graph
            boolean changed = true;
            while (changed) {
                changed = false;
                for (int i = 0; i < count; i++) {
                    for (int j : drift[i]) {
                        for (int w = 0; w < pw; w++) {
                            long or = reach[i][w] | reach[j][w];
                            if (or != reach[i][w]) {
                                reach[i][w] = or;
                                changed = true;
                            }
                        }
                    }
                }
            }
        }
        for (int i = 0; i < count; i++) {
            if (!drain && drift[i].length > 0) {
                continue; // (c) asks only about empty networks without a drift move
            }
            for (Map.Entry<Long, Integer> p : pairIndex.entrySet()) {
                int pi = p.getValue();
                if ((reach[i][pi >> 6] & (1L << (pi & 63))) == 0) {
                    long key = p.getKey();
                    return "pair " + m0.network().topology().nodeName((int) (key >>> 32)) + " -> "
                        + m0.network().topology().nodeName((int) key) + " at an empty network";
                }
            }
        }
        return null;
    }

    /** A state as a hash key. */
    record Key(long[] words) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(words, k.words);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(words);
        }
    }
}
