package flowproof.explore;

import flowproof.routing.QueueRoutes;
import flowproof.routing.RoutingFunction;
import flowproof.rule.FlowControlRule;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
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
public final class InjectionQueueProduct {

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
    static ExplorationResult decide(Model mn, ExplorationResult r0, Tally tally, Set<Property> properties, long start) {
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
        Set<Long> seen = new HashSet<>();
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

    /**
     * Check (b) for a model whose version without injection queues was not enumerated but
     * proved ({@code prove}: every reachable state satisfies the rule's invariants, it is
     * stuck-free and drains). The reachable empty networks are then unknown, so (b) is checked
     * on every empty network the invariants allow, a superset: for each traffic pair, every
     * placement of the marks on the rings of its first queues (exactly m per ring, at most C
     * per queue, the other rings as initially), closed under the drift moves of those rings,
     * must reach a state where the rule admits the pair's injection on some candidate. This
     * rests on the locality {@code prove} checks: the rule's admission of a move reads only
     * the target queue and its ring, and a drift only the two queues it involves.
     *
     * @return null when every pair passes, else which pair fails from which placement
     *         (which the invariants allow but need not be reachable)
     */
    public static String refusedAtInvariantEmptyNetworks(Model m0) {
        StateLayout layout = StateLayout.of(m0);
        Expander ex = Expander.create(m0, layout);
        var net = m0.network();
        var rule = m0.rule();
        var routes = new QueueRoutes(net, m0.routing(), rule);
        int[] up = rule.marksDrift() ? net.ringUpstream() : new int[net.queues()];
        if (!rule.marksDrift()) {
            Arrays.fill(up, -1);
        }
        int[] initialMarks = new int[net.queues()];
        for (int q = 0; q < initialMarks.length; q++) {
            initialMarks[q] = rule.initialMarks(net, q);
        }
        Map<String, Boolean> decided = new HashMap<>();
        Set<Long> pairs = new LinkedHashSet<>();
        for (int[] p : m0.traffic()) {
            pairs.add(((long) p[0] << 32) | p[1]);
        }
        for (long key : pairs) {
            int s = (int) (key >>> 32);
            int d = (int) key;
            SortedSet<Integer> targets = new TreeSet<>();
            for (int h : routes.injectHeaders(s, d)) {
                for (int t : routes.next(FlowControlRule.INJECT, s, h).queues()) {
                    targets.add(t);
                }
            }
            String group = targets.toString();
            if (decided.containsKey(group)) {
                if (!decided.get(group)) {
                    return "pair " + net.topology().nodeName(s) + " -> " + net.topology().nodeName(d);
                }
                continue;
            }
            SortedSet<Integer> rings = new TreeSet<>();
            for (int t : targets) {
                if (net.ringOf(t) >= 0) {
                    rings.add(net.ringOf(t));
                }
            }
            String failed = admitsFromEveryPlacement(layout, ex, rule, up, initialMarks, targets, rings.stream()
                .mapToInt(Integer::intValue).toArray());
            decided.put(group, failed == null);
            if (failed != null) {
                return "pair " + net.topology().nodeName(s) + " -> " + net.topology().nodeName(d) + " from " + failed;
            }
        }
        return null;
    }

    /** Null when every mark placement on {@code rings} drifts to a state admitting an injection into {@code targets}. */
    private static String admitsFromEveryPlacement(StateLayout layout, Expander ex, FlowControlRule rule,
                                                   int[] up, int[] initialMarks, Set<Integer> targets,
                                                   int[] rings) {
        var net = ex.net;
        int m = rule.marksPerRing();
        int c = net.capacity();
        List<int[]> placements = new ArrayList<>();
        placements.add(initialMarks.clone());
        for (int r : rings) {
            int[] members = net.ringQueues(r);
            List<int[]> next = new ArrayList<>();
            for (int[] base : placements) {
                for (int[] counts : compositions(m, members.length, c)) {
                    int[] marks = base.clone();
                    for (int i = 0; i < members.length; i++) {
                        marks[members[i]] = counts[i];
                    }
                    next.add(marks);
                }
            }
            placements = next;
        }
        Set<Integer> ringSet = new HashSet<>();
        for (int r : rings) {
            ringSet.add(r);
        }
        int[][] empty = new int[net.queues()][0];
        for (int[] start : placements) {
            ArrayDeque<long[]> queue = new ArrayDeque<>();
            Set<Key> seen = new HashSet<>();
            long[] s0 = layout.encode(empty, start);
            queue.add(s0);
            seen.add(new Key(s0));
            boolean admitted = false;
            while (!queue.isEmpty() && !admitted) {
                long[] cur = queue.poll();
                ex.load(cur, 0);
                for (int t : targets) {
                    if (rule.admit(ex, FlowControlRule.INJECT, t) != FlowControlRule.DENY) {
                        admitted = true;
                    }
                }
                for (int q = 0; q < net.queues() && !admitted; q++) {
                    int u = up[q];
                    if (u < 0 || !ringSet.contains(net.ringOf(q)) || ex.marks[q] == 0 || !rule.drifts(ex, q, u)) {
                        continue;
                    }
                    int[] marks = ex.marks.clone();
                    marks[q]--;
                    marks[u]++;
                    long[] next = layout.encode(empty, marks);
                    if (seen.add(new Key(next))) {
                        queue.add(next);
                    }
                }
            }
            if (!admitted) {
                StringBuilder b = new StringBuilder("the empty network with marks on");
                for (int q = 0; q < start.length; q++) {
                    if (start[q] > 0 && ringSet.contains(net.ringOf(q))) {
                        b.append(' ').append(net.queueName(q)).append(start[q] > 1 ? " (" + start[q] + ")" : "");
                    }
                }
                return b.toString();
            }
        }
        return null;
    }

    /** Every way to put {@code total} marks on {@code n} queues, at most {@code max} per queue. */
    private static List<int[]> compositions(int total, int n, int max) {
        List<int[]> out = new ArrayList<>();
        compose(new int[n], 0, total, max, out);
        return out;
    }

    private static void compose(int[] cur, int i, int left, int max, List<int[]> out) {
        if (i == cur.length - 1) {
            if (left <= max) {
                cur[i] = left;
                out.add(cur.clone());
            }
            return;
        }
        for (int k = 0; k <= Math.min(left, max); k++) {
            cur[i] = k;
            compose(cur, i + 1, left - k, max, out);
        }
        cur[i] = 0;
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
