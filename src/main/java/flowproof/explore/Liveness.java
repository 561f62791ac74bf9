package flowproof.explore;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jgrapht.Graph;
import org.jgrapht.Graphs;
import org.jgrapht.alg.connectivity.KosarajuStrongConnectivityInspector;
import org.jgrapht.graph.DirectedPseudograph;
import org.jgrapht.graph.MaskSubgraph;

/**
 * Starvation and livelock under a stated arbitration and fairness (issue 44). The reachable
 * state graph of a model is built whole (small models: a state limit says when it is not), with
 * each move labelled by its <em>actor</em>: the head packet of a queue (its forward or eject
 * moves) or a traffic pair's source (its injections). For starvation the sources are saturated:
 * each always has a packet to send, competes for its first queue and is bound by the fairness;
 * for livelock a source may stop sending at any time (a packet may circle alone). The arbitration decides which of the actors competing for a queue's free
 * slot may take it: {@code any} (every interleaving, as the explorer), {@code fixed-priority}
 * (the lowest VC, then the lowest channel, injections last: a round-robin arbiter that always
 * starts its scan at VC 0 is this), {@code round-robin} (a pointer per queue, part of the state,
 * moved past each grant). Fairness: weak (an actor enabled in every state from some point on
 * eventually moves) or strong (an actor enabled infinitely often eventually moves).
 *
 * <ul>
 *   <li><b>Starvation-freedom</b>: no fair run in which a packet waits at the head of a queue,
 *   or a source waits to inject, forever. A violation is a lasso: a reachable loop, fair to
 *   every actor, in which the victim never moves.</li>
 *   <li><b>Livelock-freedom</b>: no fair run in which a packet moves forever without being
 *   ejected; a packet is followed through the queues (FIFO positions) from its injection.</li>
 * </ul>
 *
 * <p>A fair loop is found on the strongly connected components of the graph without the
 * victim's moves (JGraphT), refined for strong fairness by removing the states where an actor
 * that never moves inside is enabled (Emerson and Lei); the loop printed visits a move of every
 * actor that moves inside and, for weak fairness, a state where each other actor is disabled.
 * Interleaving models of whole packets only: no injection queues, message classes, wormhole
 * flits or clock-cycle steps.
 */
public final class Liveness {

    /** Who may take a free slot among the actors that compete for it. */
    public enum Arbitration {
        ANY("any"), ROUND_ROBIN("round-robin"), FIXED_PRIORITY("fixed-priority");

        private final String key;

        Arbitration(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        public static Arbitration of(String key) {
            for (Arbitration a : values()) {
                if (a.key.equals(key)) {
                    return a;
                }
            }
            return null;
        }
    }

    /** Weak or strong fairness on actors. */
    public enum Fairness {
        WEAK, STRONG;

        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** The two properties. */
    public enum Kind {
        STARVATION_FREEDOM("starvation-freedom"), LIVELOCK_FREEDOM("livelock-freedom");

        private final String key;

        Kind(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }
    }

    /** A fair loop reached from the empty network: the moves to it, the loop, and whom it starves or keeps moving. */
    public record Lasso(List<Move> prefix, List<Move> loop, String victim, int victimActor) {
    }

    /** One property's answer: holds, violated (with the lasso, and every actor starved) or incomplete (the state limit). */
    public record Result(Kind kind, String status, Lasso lasso, List<String> victims, String how) {
    }

    /** The whole answer: each property's result and the graph's size. */
    public record Answer(List<Result> results, long states, long moves, double seconds, String limit) {
    }

    /** Why a model is not covered, or null. */
    public static String refusal(Model model) {
        if (model.wormhole() != null) {
            return "wormhole flits";
        }
        if (model.semantics() != Semantics.INTERLEAVING) {
            return "clock-cycle steps (semantics: synchronous)";
        }
        if (model.injectionQueue() > 0) {
            return "injection queues";
        }
        if (model.messages() != null) {
            return "message classes";
        }
        return null;
    }

    /** An edge of the state graph: its move's actor and the move (kind, a, b, destination). */
    static final class Edge {
        final int actor;
        final int kind;
        final int a;
        final int b;
        final int dest;
        /** Livelock product: the followed packet moved on this edge. */
        final boolean followed;

        Edge(int actor, int kind, int a, int b, int dest, boolean followed) {
            this.actor = actor;
            this.kind = kind;
            this.a = a;
            this.b = b;
            this.dest = dest;
            this.followed = followed;
        }
    }

    private final Model model;
    private final Arbitration arbitration;
    private final Fairness fairness;
    private final StateLayout layout;
    private final Expander ex;
    private final int queues;
    private final Map<Long, Integer> injectActor = new HashMap<>();
    private final List<String> actorNames = new ArrayList<>();
    /** The base graph: states, their keys, BFS parents, enabled actors, occupancy. */
    private final Map<Key, Integer> index = new HashMap<>();
    private final List<long[]> states = new ArrayList<>();
    private final List<BitSet> enabled = new ArrayList<>();
    private final List<int[]> out = new ArrayList<>();
    private final List<Edge[]> outEdges = new ArrayList<>();
    private final List<int[]> parent = new ArrayList<>();
    private long moveCount;
    /** When the whole check must end (System.nanoTime); a search past it answers incomplete. */
    private long deadline = Long.MAX_VALUE;

    /** The time limit was reached inside a search. */
    private static final class OutOfTime extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutOfTime() {
            super(null, null, false, false);
        }
    }

    private void tick() {
        if (System.nanoTime() > deadline) {
            throw new OutOfTime();
        }
    }

    private record Key(long[] s) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(s, k.s);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(s);
        }
    }

    private Liveness(Model model, Arbitration arbitration, Fairness fairness) {
        this.model = model;
        this.arbitration = arbitration;
        this.fairness = fairness;
        this.layout = StateLayout.of(model);
        this.ex = Expander.create(model, layout);
        this.queues = model.network().queues();
        for (int q = 0; q < queues; q++) {
            actorNames.add("the head packet of " + model.network().queueName(q));
        }
        // every injection entry's actor, in the expander's order: the same numbers in every run
        for (int p = 0; p < ex.injectSource.length; p++) {
            actorOfInject(ex.injectSource[p], ex.injectHeader[p]);
        }
    }

    /**
     * Checks the properties asked for; the graph is built once. {@code maxStates} bounds it
     * (counting round-robin pointers as state), {@code maxSeconds} the whole check.
     */
    public static Answer check(Model model, Arbitration arbitration, Fairness fairness, Set<Kind> kinds, int maxStates,
                               double maxSeconds) {
        String refused = refusal(model);
        if (refused != null) {
            throw new IllegalArgumentException("liveness is checked on interleaving models of whole packets, not on "
                + refused);
        }
        long t0 = System.nanoTime();
        long deadline = t0 + (long) (maxSeconds * 1e9);
        Liveness l = new Liveness(model, arbitration, fairness);
        l.deadline = deadline;
        // livelock first by the routes alone: every route finite (proved for any traffic), or a packet alone that
        // circles; only otherwise the whole graph
        Result structural = kinds.contains(Kind.LIVELOCK_FREEDOM) ? l.livelockByRoutes() : null;
        boolean needGraph = kinds.contains(Kind.STARVATION_FREEDOM) || structural == null && kinds.contains(
            Kind.LIVELOCK_FREEDOM);
        String limit = needGraph ? l.build(maxStates, deadline) : null;
        List<Result> results = new ArrayList<>();
        for (Kind k : Kind.values()) {
            if (!kinds.contains(k)) {
                continue;
            }
            if (k == Kind.LIVELOCK_FREEDOM && structural != null) {
                results.add(structural);
                continue;
            }
            if (limit != null) {
                results.add(new Result(k, "incomplete", null, List.of(), "the " + limit + " limit"));
                continue;
            }
            List<String> victims = new ArrayList<>();
            Lasso lasso;
            try {
                lasso = k == Kind.STARVATION_FREEDOM ? l.starvation(victims) : l.livelock();
            } catch (OutOfTime e) {
                // a victim found before the limit is still a violation; else nothing is established
                if (victims.isEmpty() || l.firstLasso == null) {
                    results.add(new Result(k, "incomplete", null, List.of(), "the seconds limit, in the search"));
                    continue;
                }
                lasso = l.firstLasso;
            }
            results.add(new Result(k, lasso == null ? "holds" : "violated", lasso, victims, k == Kind.LIVELOCK_FREEDOM
                ? "the whole state graph, a packet followed from its injection" : "the whole state graph"));
        }
        return new Answer(results, l.states.size(), l.moveCount, (System.nanoTime() - t0) / 1e9, limit);
    }

    private int pointerWords() {
        return arbitration == Arbitration.ROUND_ROBIN ? queues : 0;
    }

    private int actorOfInject(int source, int header) {
        long k = (long) source * Integer.MAX_VALUE + header;
        Integer a = injectActor.get(k);
        if (a == null) {
            a = queues + injectActor.size();
            injectActor.put(k, a);
            actorNames.add("the source " + model.network().topology().nodeName(source) + " injecting "
                + model.routing().headerName(header, model.network().topology()));
        }
        return a;
    }

    /** Who competes for the target of a move: the queue whose head moves, or the injecting source (queues + node). */
    private int competitor(int[] move, int actor) {
        return move[0] == Expander.INJECT ? queues + move[1] : actor;
    }

    /** The arbiter's priority of a competitor for a queue: lower wins under fixed priority (lowest VC, channel; sources last). */
    private long priority(int competitor) {
        if (competitor < queues) {
            return (long) model.network().vcOf(competitor) * queues + competitor;
        }
        return Long.MAX_VALUE / 2 + competitor;
    }

    private String build(int maxStates, long deadline) {
        long[] init = Explorer.initialState(model, layout);
        long[] key0 = Arrays.copyOf(init, init.length + pointerWords());
        index.put(new Key(key0), 0);
        states.add(key0);
        parent.add(new int[] {-1, -1});
        ArrayDeque<Integer> frontier = new ArrayDeque<>();
        frontier.add(0);
        while (!frontier.isEmpty()) {
            if (System.nanoTime() > deadline) {
                return "seconds";
            }
            int s = frontier.poll();
            long[] full = states.get(s);
            List<Succ> succ = successors(full);
            BitSet en = new BitSet();
            List<Integer> targets = new ArrayList<>();
            List<Edge> edges = new ArrayList<>();
            for (Succ x : succ) {
                Key k = new Key(x.next());
                Integer t = index.get(k);
                if (t == null) {
                    if (states.size() >= maxStates) {
                        return "states";
                    }
                    t = states.size();
                    index.put(k, t);
                    states.add(x.next());
                    parent.add(new int[] {s, edges.size()});
                    frontier.add(t);
                }
                if (x.actor() >= 0) {
                    en.set(x.actor());
                }
                targets.add(t);
                int[] m = x.move();
                edges.add(new Edge(x.actor(), m[0], m[1], m[2], m[3], false));
            }
            while (enabled.size() <= s) {
                enabled.add(null);
                out.add(null);
                outEdges.add(null);
            }
            enabled.set(s, en);
            out.set(s, targets.stream().mapToInt(Integer::intValue).toArray());
            outEdges.set(s, edges.toArray(new Edge[0]));
            moveCount += edges.size();
        }
        return null;
    }

    /** A move the arbiter allows: (kind, a, b, destination), its actor, and the state after it (pointers included). */
    record Succ(int[] move, int actor, long[] next) {
    }

    /** The moves the arbitration allows from a state (network words, then round-robin pointers), with their successors. */
    List<Succ> successors(long[] full) {
        int words = full.length - pointerWords();
        ex.load(Arrays.copyOf(full, words), 0);
        List<long[]> succs = new ArrayList<>();
        List<int[]> moves = new ArrayList<>();
        ex.expand((kind, a, b, d, succ) -> {
            succs.add(succ.clone());
            moves.add(new int[] {kind, a, b, d});
        }, true);
        int n = moves.size();
        int[] actor = new int[n];
        for (int i = 0; i < n; i++) {
            int[] m = moves.get(i);
            actor[i] = switch (m[0]) {
                case Expander.FORWARD, Expander.EJECT -> m[1];
                case Expander.INJECT -> actorOfInject(m[1], m[3]);
                default -> -1; // a mark drifting: nobody waits for it
            };
        }
        // the arbiter: per target queue, which competing actors may take its slot
        boolean[] allowed = new boolean[n];
        Arrays.fill(allowed, true);
        if (arbitration != Arbitration.ANY) {
            Map<Integer, List<Integer>> byTarget = new HashMap<>();
            for (int i = 0; i < n; i++) {
                int k = moves.get(i)[0];
                if (k == Expander.FORWARD || k == Expander.INJECT) {
                    byTarget.computeIfAbsent(moves.get(i)[2], x -> new ArrayList<>()).add(i);
                }
            }
            for (Map.Entry<Integer, List<Integer>> e : byTarget.entrySet()) {
                // the competitors: a queue's head packet, or a source (its pairs are one input port; which of
                // its packets goes first is the source's choice, fair to each pair)
                int winner = -1;
                if (arbitration == Arbitration.FIXED_PRIORITY) {
                    for (int i : e.getValue()) {
                        int c = competitor(moves.get(i), actor[i]);
                        if (winner < 0 || priority(c) < priority(winner)) {
                            winner = c;
                        }
                    }
                } else {
                    int pointer = (int) full[words + e.getKey()];
                    int bestRank = Integer.MAX_VALUE;
                    for (int i : e.getValue()) {
                        int c = competitor(moves.get(i), actor[i]);
                        int rank = Math.floorMod(c - pointer, queues + model.network().topology().nodes() + 1);
                        if (rank < bestRank) {
                            bestRank = rank;
                            winner = c;
                        }
                    }
                }
                for (int i : e.getValue()) {
                    allowed[i] = competitor(moves.get(i), actor[i]) == winner;
                }
            }
        }
        List<Succ> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (!allowed[i]) {
                continue;
            }
            int[] m = moves.get(i);
            long[] next = Arrays.copyOf(succs.get(i), words + pointerWords());
            if (pointerWords() > 0) {
                System.arraycopy(full, words, next, words, pointerWords());
                if (m[0] == Expander.FORWARD || m[0] == Expander.INJECT) {
                    next[words + m[2]] = competitor(m, actor[i]) + 1;
                }
            }
            out.add(new Succ(m, actor[i], next));
        }
        return out;
    }

    /**
     * Replays a lasso on its own: every move of the prefix and of the loop must be one the
     * arbitration allows where it is made, the loop must end in the state it began in (arbiter
     * pointers included), and in a starvation lasso the victim must never move in the loop (a
     * queue's head packet: the queue never empty). Null when it does; else what failed.
     */
    public static String replay(Model model, Arbitration arbitration, Fairness fairness, Lasso lasso) {
        Liveness l = new Liveness(model, arbitration, fairness);
        BitSet everywhere = null;
        BitSet somewhere = new BitSet();
        BitSet moved = new BitSet();
        long[] init = Explorer.initialState(model, l.layout);
        long[] state = Arrays.copyOf(init, init.length + l.pointerWords());
        long[] loopStart = null;
        List<Move> all = new ArrayList<>(lasso.prefix());
        all.addAll(lasso.loop());
        for (int i = 0; i < all.size(); i++) {
            if (i == lasso.prefix().size()) {
                loopStart = state.clone();
            }
            boolean inLoop = i >= lasso.prefix().size();
            if (inLoop && lasso.victimActor() >= 0 && lasso.victimActor() < l.queues
                && l.layout.occupancy(l.layout.field(state, 0, lasso.victimActor()) >>> l.layout.markBits) == 0) {
                return "the loop's move " + (i - lasso.prefix().size() + 1) + " starts with the victim's queue empty";
            }
            Move want = all.get(i);
            Succ hit = null;
            List<Succ> here = l.successors(state);
            if (inLoop) {
                BitSet en = new BitSet();
                here.forEach(x -> {
                    if (x.actor() >= 0) {
                        en.set(x.actor());
                    }
                });
                somewhere.or(en);
                if (everywhere == null) {
                    everywhere = (BitSet) en.clone();
                } else {
                    everywhere.and(en);
                }
            }
            for (Succ x : here) {
                int[] m = x.move();
                if (Expander.move(m[0], m[1], m[2], m[3], model.network()).equals(want)) {
                    hit = x;
                    break;
                }
            }
            if (hit == null) {
                return (inLoop ? "the loop's move " + (i - lasso.prefix().size() + 1) : "the prefix's move " + (i + 1))
                    + " (" + Replayer.describe(model, want) + ") is not one the " + arbitration.key() + " arbiter allows there";
            }
            if (inLoop && lasso.victimActor() >= 0 && hit.actor() == lasso.victimActor()) {
                return "the victim moves in the loop (move " + (i - lasso.prefix().size() + 1) + ")";
            }
            if (inLoop && hit.actor() >= 0) {
                moved.set(hit.actor());
            }
            state = hit.next();
        }
        if (loopStart == null || lasso.loop().isEmpty()) {
            return "the loop is empty";
        }
        if (!Arrays.equals(state, loopStart)) {
            return "the loop does not end in the state it began in";
        }
        // fair: every actor the fairness binds moves in the loop (starvation: the saturated sources too;
        // livelock: sources may stop, only the packets at queue heads)
        BitSet bound = fairness == Fairness.STRONG ? somewhere : everywhere;
        boolean starvation = lasso.victimActor() >= 0;
        for (int a = bound.nextSetBit(0); a >= 0; a = bound.nextSetBit(a + 1)) {
            if ((a < l.queues || starvation) && !moved.get(a)) {
                return "the loop is not " + fairness.key() + "ly fair: " + l.actorNames.get(a) + " is enabled "
                    + (fairness == Fairness.STRONG ? "in it" : "all through it") + " and never moves";
            }
        }
        return null;
    }

    /** The actor by its name in a lasso (as {@code live} prints it), or -1. */
    public static int actorNamed(Model model, String name) {
        return new Liveness(model, Arbitration.ANY, Fairness.STRONG).actorNames.indexOf(name);
    }

    private int occupancy(int s, int q) {
        return layout.occupancy(layout.field(states.get(s), 0, q) >>> layout.markBits);
    }

    private Move move(Edge e) {
        return Expander.move(e.kind, e.a, e.b, e.dest, model.network());
    }

    // ---- starvation ----

    /** The lasso of the first actor starved (sources before queues' head packets), every one starved named in {@code victims}. */
    /** The first starvation lasso found, kept when the time runs out with more victims to try. */
    private Lasso firstLasso;

    private Lasso starvation(List<String> victims) {
        int actors = actorNames.size();
        Lasso first = null;
        for (int i = 0; i < actors; i++) {
            // sources first: a source that never injects is the case users meet first (injectability's, too)
            final int victim = i < actors - queues ? queues + i : i - (actors - queues);
            // the victim waits: a queue's head packet while the queue holds one; a source always
            BitSet keep = new BitSet();
            for (int s = 0; s < states.size(); s++) {
                if (victim >= queues || occupancy(s, victim) > 0) {
                    keep.set(s);
                }
            }
            G g = graph(keep, e -> e.actor != victim);
            Lasso l = fairLoop(g, victim, "starves " + actorNames.get(victim), false);
            if (l != null) {
                victims.add(actorNames.get(victim));
                if (first == null) {
                    first = l;
                    firstLasso = l;
                }
            }
        }
        return first;
    }

    // ---- livelock: a packet followed from its injection ----

    private Lasso livelock() {
        // product states (base state, queue, position of the followed packet)
        Map<Long, Integer> pindex = new HashMap<>();
        List<long[]> pstates = new ArrayList<>();
        List<int[]> pparent = new ArrayList<>();
        ArrayDeque<Integer> frontier = new ArrayDeque<>();
        int cap = model.network().capacity();
        java.util.function.ToLongFunction<int[]> code = x -> ((long) x[0] * queues + x[1]) * (cap + 1) + x[2];
        List<List<int[]>> pout = new ArrayList<>();
        List<List<Edge>> pedges = new ArrayList<>();
        for (int s = 0; s < states.size(); s++) {
            Edge[] es = outEdges.get(s);
            int[] ts = out.get(s);
            for (int i = 0; i < es.length; i++) {
                if (es[i].kind == Expander.INJECT) {
                    int t = ts[i];
                    int[] p = {t, es[i].b, occupancy(t, es[i].b) - 1};
                    long c = code.applyAsLong(p);
                    if (!pindex.containsKey(c)) {
                        pindex.put(c, pstates.size());
                        pstates.add(new long[] {p[0], p[1], p[2]});
                        pparent.add(new int[] {-1, s, i});
                        frontier.add(pstates.size() - 1);
                    }
                }
            }
        }
        while (!frontier.isEmpty()) {
            tick();
            int ps = frontier.poll();
            int s = (int) pstates.get(ps)[0];
            int q = (int) pstates.get(ps)[1];
            int k = (int) pstates.get(ps)[2];
            Edge[] es = outEdges.get(s);
            int[] ts = out.get(s);
            List<int[]> outs = new ArrayList<>();
            List<Edge> edges = new ArrayList<>();
            for (int i = 0; i < es.length; i++) {
                Edge e = es[i];
                int t = ts[i];
                int[] p;
                boolean moved = false;
                if (e.actor == q && k == 0) {
                    if (e.kind == Expander.EJECT) {
                        continue; // the followed packet leaves: not a livelock
                    }
                    p = new int[] {t, e.b, occupancy(t, e.b) - 1};
                    moved = true;
                } else if (e.actor == q) {
                    p = new int[] {t, q, k - 1};
                } else {
                    p = new int[] {t, q, k};
                }
                long c = code.applyAsLong(p);
                Integer to = pindex.get(c);
                if (to == null) {
                    to = pstates.size();
                    pindex.put(c, to);
                    pstates.add(new long[] {p[0], p[1], p[2]});
                    pparent.add(new int[] {ps, s, i});
                    frontier.add(to);
                }
                outs.add(new int[] {to});
                edges.add(new Edge(e.actor, e.kind, e.a, e.b, e.dest, moved));
            }
            while (pout.size() <= ps) {
                pout.add(null);
                pedges.add(null);
            }
            pout.set(ps, outs);
            pedges.set(ps, edges);
        }
        while (pout.size() < pstates.size()) {
            pout.add(List.of());
            pedges.add(List.of());
        }
        // the graph of the product, with the base state's enabled actors
        G g = new G();
        for (int ps = 0; ps < pstates.size(); ps++) {
            g.graph.addVertex(ps);
        }
        g.state = ps -> (int) pstates.get(ps)[0];
        for (int ps = 0; ps < pstates.size(); ps++) {
            for (int i = 0; i < pout.get(ps).size(); i++) {
                g.graph.addEdge(ps, pout.get(ps).get(i)[0], new LEdge(pedges.get(ps).get(i)));
            }
        }
        g.prefix = ps -> {
            // the moves to the followed packet's injection, then the product path
            List<Move> moves = new ArrayList<>();
            int cur = ps;
            List<Move> tail = new ArrayList<>();
            while (pparent.get(cur)[0] >= 0) {
                int[] par = pparent.get(cur);
                tail.add(0, move(outEdges.get(par[1])[par[2]]));
                cur = par[0];
            }
            int[] root = pparent.get(cur);
            moves.addAll(pathTo(root[1]));
            moves.add(move(outEdges.get(root[1])[root[2]]));
            moves.addAll(tail);
            return moves;
        };
        return fairLoop(g, -1, "keeps a packet moving without ever ejecting it", true);
    }

    /**
     * Livelock by the routes alone. The graph of (queue, header) a packet can hold, from its
     * injection through every candidate the routing gives (primary and escape, whatever the
     * state): acyclic means every route is finite, so no packet moves forever (holds, for any
     * traffic and any state). Cyclic: a packet alone in the network, the sources idle, is walked
     * through the moves the explorer allows it; a loop of its forward moves is a fair lasso (it
     * is the only packet, and it moves). Null when neither decides (a cycle only congestion
     * could make a packet take).
     */
    private Result livelockByRoutes() {
        int headers = ex.headers;
        Map<Long, Integer> ids = new HashMap<>();
        List<long[]> adj = new ArrayList<>();
        ArrayDeque<Long> todo = new ArrayDeque<>();
        java.util.function.LongUnaryOperator add = key -> {
            if (!ids.containsKey(key)) {
                ids.put(key, ids.size());
                todo.add(key);
            }
            return ids.get(key);
        };
        for (int p = 0; p < ex.injectSource.length; p++) {
            for (int i = ex.injectStart[p]; i < ex.injectStart[p + 1]; i++) {
                add.applyAsLong((long) ex.injectQueue[i] * headers + ex.injectNextHeader[i]);
            }
        }
        Graph<Long, org.jgrapht.graph.DefaultEdge> routes = new org.jgrapht.graph.DefaultDirectedGraph<>(
            org.jgrapht.graph.DefaultEdge.class);
        while (!todo.isEmpty()) {
            long key = todo.poll();
            routes.addVertex(key);
            int q = (int) (key / headers);
            int h = (int) (key % headers);
            int[] ts = ex.targetsOf(q, h);
            if (ts == Expander.EXIT) {
                continue;
            }
            int[] hs = ex.fwdHeaders[q * headers + h];
            for (int i = 0; i < ts.length; i++) {
                long next = (long) ts[i] * headers + hs[i];
                add.applyAsLong(next);
                routes.addVertex(next);
                routes.addEdge(key, next);
            }
        }
        if (!new org.jgrapht.alg.cycle.CycleDetector<>(routes).detectCycles()) {
            return new Result(Kind.LIVELOCK_FREEDOM, "holds", null, List.of(), "every route is finite (the graph of "
                + "queues and headers a packet can hold is acyclic: " + routes.vertexSet().size() + " of them)");
        }
        // a packet alone: its states from each injection into the empty network, with the explorer's moves
        long[] init = Explorer.initialState(model, layout);
        Map<Key, Integer> idx = new HashMap<>();
        List<long[]> sts = new ArrayList<>();
        List<int[]> par = new ArrayList<>();
        List<List<int[]>> outs = new ArrayList<>();
        Graph<Integer, LEdge> g = new DirectedPseudograph<>(LEdge.class);
        ex.load(init, 0);
        List<int[]> injects = new ArrayList<>();
        List<long[]> firsts = new ArrayList<>();
        ex.expand((kind, a, b, d, succ) -> {
            if (kind == Expander.INJECT) {
                injects.add(new int[] {kind, a, b, d});
                firsts.add(succ.clone());
            }
        }, true);
        ArrayDeque<Integer> frontier = new ArrayDeque<>();
        List<Move> firstMove = new ArrayList<>();
        for (int i = 0; i < firsts.size(); i++) {
            Key k = new Key(firsts.get(i));
            if (!idx.containsKey(k)) {
                idx.put(k, sts.size());
                sts.add(firsts.get(i));
                par.add(new int[] {-1, i});
                g.addVertex(sts.size() - 1);
                frontier.add(sts.size() - 1);
            }
        }
        Map<Integer, List<Object[]>> edgesOf = new HashMap<>();
        while (!frontier.isEmpty()) {
            int v = frontier.poll();
            ex.load(sts.get(v), 0);
            List<Object[]> found = new ArrayList<>();
            ex.expand((kind, a, b, d, succ) -> found.add(new Object[] {new int[] {kind, a, b, d}, succ.clone()}), false);
            for (Object[] f : found) {
                int[] m = (int[]) f[0];
                if (m[0] == Expander.EJECT) {
                    continue;
                }
                Key k = new Key((long[]) f[1]);
                Integer t = idx.get(k);
                if (t == null) {
                    t = sts.size();
                    idx.put(k, t);
                    sts.add((long[]) f[1]);
                    par.add(new int[] {v, m[0], m[1], m[2], m[3]});
                    g.addVertex(t);
                    frontier.add(t);
                }
                g.addEdge(v, t, new LEdge(new Edge(m[0] == Expander.FORWARD ? m[1] : -1, m[0], m[1], m[2], m[3],
                    m[0] == Expander.FORWARD)));
            }
        }
        for (Set<Integer> scc : new KosarajuStrongConnectivityInspector<>(g).stronglyConnectedSets()) {
            LEdge hop = null;
            for (int v : scc) {
                for (LEdge e : g.outgoingEdgesOf(v)) {
                    if (e.e.followed && scc.contains(g.getEdgeTarget(e))) {
                        hop = e;
                    }
                }
            }
            if (hop == null) {
                continue;
            }
            int start = g.getEdgeSource(hop);
            List<Move> prefix = new ArrayList<>();
            int cur = start;
            while (par.get(cur)[0] >= 0) {
                int[] pp = par.get(cur);
                prefix.add(0, Expander.move(pp[1], pp[2], pp[3], pp[4], model.network()));
                cur = pp[0];
            }
            int[] inj = injects.get(par.get(cur)[1]);
            prefix.add(0, Expander.move(inj[0], inj[1], inj[2], inj[3], model.network()));
            List<LEdge> loop = new ArrayList<>();
            loop.add(hop);
            G gg = new G();
            Graphs.addGraph(gg.graph, g);
            walk(gg, scc, g.getEdgeTarget(hop), start, loop);
            List<Move> moves = new ArrayList<>();
            loop.forEach(e -> moves.add(move(e.e)));
            return new Result(Kind.LIVELOCK_FREEDOM, "violated", new Lasso(prefix, moves,
                "keeps a packet moving without ever ejecting it (a packet alone in the network; the sources stopped)",
                -1),
                List.of(), "a packet alone: its route loops");
        }
        return null;
    }

    // ---- fair loops ----

    /** A labelled edge of the graph searched. */
    static final class LEdge {
        final Edge e;

        LEdge(Edge e) {
            this.e = e;
        }
    }

    /** A graph to search: vertices, labelled edges, each vertex's base state, and the moves to a vertex. */
    final class G {
        Graph<Integer, LEdge> graph = new DirectedPseudograph<>(LEdge.class);
        java.util.function.IntUnaryOperator state = x -> x;
        java.util.function.IntFunction<List<Move>> prefix = Liveness.this::pathTo;
    }

    private G graph(BitSet keep, java.util.function.Predicate<Edge> edgeOk) {
        // a plain graph per victim: JGraphT's SCCs run faster on it than on a masked view of the whole
        G g = new G();
        for (int s = keep.nextSetBit(0); s >= 0; s = keep.nextSetBit(s + 1)) {
            g.graph.addVertex(s);
        }
        for (int s = keep.nextSetBit(0); s >= 0; s = keep.nextSetBit(s + 1)) {
            Edge[] es = outEdges.get(s);
            int[] ts = out.get(s);
            for (int i = 0; i < es.length; i++) {
                if (keep.get(ts[i]) && edgeOk.test(es[i])) {
                    g.graph.addEdge(s, ts[i], new LEdge(es[i]));
                }
            }
        }
        return g;
    }

    /** The moves from the empty network to base state {@code s} (breadth-first: a shortest way). */
    private List<Move> pathTo(int s) {
        List<Move> moves = new ArrayList<>();
        for (int cur = s; parent.get(cur)[0] >= 0; cur = parent.get(cur)[0]) {
            int[] p = parent.get(cur);
            moves.add(0, move(outEdges.get(p[0])[p[1]]));
        }
        return moves;
    }

    /**
     * A fair loop of {@code g} (in which {@code victim}, when not -1, never moves: its moves are
     * not in g), or null. With {@code needFollowed}, the loop must move the followed packet.
     */
    private Lasso fairLoop(G g, int victim, String what, boolean needFollowed) {
        ArrayDeque<Set<Integer>> work = new ArrayDeque<>();
        work.addAll(new KosarajuStrongConnectivityInspector<>(g.graph).stronglyConnectedSets());
        while (!work.isEmpty()) {
            tick();
            Set<Integer> scc = work.poll();
            List<LEdge> inner = new ArrayList<>();
            for (int v : scc) {
                for (LEdge e : g.graph.outgoingEdgesOf(v)) {
                    if (scc.contains(g.graph.getEdgeTarget(e))) {
                        inner.add(e);
                    }
                }
            }
            if (inner.isEmpty() || needFollowed && inner.stream().noneMatch(e -> e.e.followed)) {
                continue;
            }
            BitSet taken = new BitSet();
            inner.forEach(e -> {
                if (e.e.actor >= 0) {
                    taken.set(e.e.actor);
                }
            });
            int actors = actorNames.size();
            // for each actor that never moves inside: where it is enabled
            int unfair = -1;
            for (int a = 0; a < actors && unfair < 0; a++) {
                // starvation: sources are saturated (always a packet to send), so fairness binds them all;
                // livelock: a source may stop sending at any time
                if (taken.get(a) || needFollowed && a >= queues) {
                    continue;
                }
                boolean everywhere = true;
                boolean somewhere = false;
                for (int v : scc) {
                    boolean en = enabled.get(g.state.applyAsInt(v)).get(a);
                    everywhere &= en;
                    somewhere |= en;
                }
                if (fairness == Fairness.WEAK ? everywhere : somewhere) {
                    unfair = a;
                }
            }
            if (unfair < 0) {
                return lasso(g, scc, taken, what, victim);
            }
            if (fairness == Fairness.WEAK) {
                continue; // the whole part is the fairest loop it has: none is weakly fair
            }
            // strong: no fair loop passes a state where that actor is enabled
            final int a = unfair;
            Set<Integer> rest = new java.util.HashSet<>();
            for (int v : scc) {
                if (!enabled.get(g.state.applyAsInt(v)).get(a)) {
                    rest.add(v);
                }
            }
            if (rest.size() < scc.size() && !rest.isEmpty()) {
                MaskSubgraph<Integer, LEdge> sub = new MaskSubgraph<>(g.graph, x -> !rest.contains(x), e -> false);
                work.addAll(new KosarajuStrongConnectivityInspector<>(sub).stronglyConnectedSets());
            }
        }
        return null;
    }

    /** The lasso: the way to the part, then a loop through a move of every actor that moves in it (and, weak, a state where each other actor is disabled). */
    private Lasso lasso(G g, Set<Integer> scc, BitSet taken, String what, int victim) {
        int start = scc.stream().mapToInt(Integer::intValue).min().orElseThrow();
        List<LEdge> loop = new ArrayList<>();
        int cur = start;
        BitSet covered = new BitSet();
        boolean followed = false;
        // the stops: a move of each actor that moves inside (one that moves the followed packet among them) and,
        // for weak fairness, a state where each other actor is disabled; a stop the way there already passed is skipped
        List<Object> stops = new ArrayList<>();
        for (LEdge e : g.graph.edgeSet()) {
            if (e.e.followed && scc.contains(g.graph.getEdgeSource(e)) && scc.contains(g.graph.getEdgeTarget(e))) {
                stops.add(e);
                break;
            }
        }
        for (int a = taken.nextSetBit(0); a >= 0; a = taken.nextSetBit(a + 1)) {
            search:
            for (int v : scc) {
                for (LEdge e : g.graph.outgoingEdgesOf(v)) {
                    if (e.e.actor == a && scc.contains(g.graph.getEdgeTarget(e))) {
                        stops.add(e);
                        break search;
                    }
                }
            }
        }
        if (fairness == Fairness.WEAK) {
            for (int a = 0; a < actorNames.size(); a++) {
                if (!taken.get(a) && (a < queues || victim >= 0)) {
                    for (int v : scc) {
                        if (!enabled.get(g.state.applyAsInt(v)).get(a)) {
                            stops.add(new int[] {v, a});
                            break;
                        }
                    }
                }
            }
        }
        BitSet disabledSeen = new BitSet();
        for (Object stop : stops) {
            if (stop instanceof LEdge e) {
                if (e.e.followed ? followed : covered.get(e.e.actor)) {
                    continue;
                }
                cur = walk(g, scc, cur, g.graph.getEdgeSource(e), loop);
                loop.add(e);
                cur = g.graph.getEdgeTarget(e);
            } else {
                int[] st = (int[]) stop;
                if (disabledSeen.get(st[1])) {
                    continue;
                }
                cur = walk(g, scc, cur, st[0], loop);
            }
            for (LEdge x : loop) {
                if (x.e.actor >= 0) {
                    covered.set(x.e.actor);
                }
                followed |= x.e.followed;
                BitSet en = enabled.get(g.state.applyAsInt(g.graph.getEdgeSource(x)));
                for (int a = 0; a < actorNames.size(); a++) {
                    if (!en.get(a)) {
                        disabledSeen.set(a);
                    }
                }
            }
        }
        walk(g, scc, cur, start, loop);
        if (loop.isEmpty()) {
            // a part with edges always has a loop through its start
            LEdge e = g.graph.outgoingEdgesOf(start).stream().filter(x -> scc.contains(g.graph.getEdgeTarget(x)))
                .findFirst().orElseThrow();
            loop.add(e);
            walk(g, scc, g.graph.getEdgeTarget(e), start, loop);
        }
        List<Move> moves = new ArrayList<>();
        loop.forEach(e -> moves.add(move(e.e)));
        return new Lasso(g.prefix.apply(start), moves, what, victim);
    }

    /** Appends the edges of a shortest way from {@code from} to {@code to} inside the part; returns {@code to}. */
    private int walk(G g, Set<Integer> scc, int from, int to, List<LEdge> moves) {
        if (from == to) {
            return to;
        }
        Map<Integer, LEdge> via = new HashMap<>();
        ArrayDeque<Integer> q = new ArrayDeque<>();
        q.add(from);
        via.put(from, null);
        while (!q.isEmpty() && !via.containsKey(to)) {
            int v = q.poll();
            for (LEdge e : g.graph.outgoingEdgesOf(v)) {
                int w = g.graph.getEdgeTarget(e);
                if (scc.contains(w) && !via.containsKey(w)) {
                    via.put(w, e);
                    q.add(w);
                }
            }
        }
        List<LEdge> path = new ArrayList<>();
        for (int v = to; v != from; ) {
            LEdge e = via.get(v);
            path.add(0, e);
            v = g.graph.getEdgeSource(e);
        }
        moves.addAll(path);
        return to;
    }
}
