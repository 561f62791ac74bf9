package flowproof.cdg;

import flowproof.routing.QueueRoutes;
import flowproof.routing.RoutingException;
import flowproof.routing.RoutingFunction;
import flowproof.rule.FlowControlRule;
import flowproof.topology.Network;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.KosarajuStrongConnectivityInspector;
import org.jgrapht.graph.DefaultDirectedGraph;
import org.jgrapht.graph.DefaultEdge;

/**
 * The channel dependency graph (Dally and Seitz) of a network, a routing function and a
 * rule's VC discipline: one vertex per queue (channel x VC) that a packet can occupy, an
 * edge q -> t when a packet at the head of q may request t next.
 *
 * <p>Only dependencies that can occur are included. The (queue, header) pairs packets
 * can reach are computed first, from every injection of the traffic pattern forward
 * through the routing function and the rule's {@link FlowControlRule#mayUse}
 * ({@link QueueRoutes}, the same routes the explorer takes).
 * Since {@code mayUse} over-approximates what the rule admits, the graph contains every
 * dependency the network can have: if it is acyclic, no packet can wait on itself, and
 * the network is deadlock-free for every buffer state (virtual cut-through or wormhole).
 * A cyclic graph proves nothing either way: bubble rules keep rings deadlock-free with
 * a cyclic graph, which is why {@code check} then asks the explorer.
 *
 * <p>With message classes ({@link flowproof.routing.MessageRouting}) the graph is the
 * extended dependency graph in the style of Song and Pinkston: it also has the
 * <em>consumption</em> dependencies, from every queue a message of a non-sink class c can
 * occupy when it reaches its destination node to every queue into which any class-(c+1)
 * answer generated at that node can be injected (the node's endpoint queues are FIFOs shared
 * by all messages of a class, so a message waits for whichever answer is ahead of it). The endpoint queues between them only pass the dependency
 * on (a message waits in its destination's input queue for room in the output queue, and
 * there for its injection), so they are left out as vertices. Requests and replies
 * sharing VCs on a ring then close a cycle; separate virtual networks stay acyclic.
 *
 * <p>The graph is a jgrapht graph; cycles are found with strongly connected components,
 * and one shortest cycle is extracted by breadth-first search inside them. Simple cycles
 * are never enumerated (their number explodes).
 */
public final class ChannelDependencyGraph {

    private final Network network;
    private final Graph<Integer, DefaultEdge> graph;
    private final int[][] successors;
    private final List<Integer> cycle;
    private final Kind kind;

    private ChannelDependencyGraph(Network network, Graph<Integer, DefaultEdge> graph, int[][] successors, Kind kind,
                                   long deadline) {
        this.network = network;
        this.kind = kind;
        this.graph = graph;
        this.successors = successors;
        this.cycle = shortestCycle(deadline);
    }

    /** Thrown by a build that passed its deadline: the graph is not known. */
    public static final class OutOfTime extends RuntimeException {
        OutOfTime() {
            super("the dependency graph was not built within the time limit", null, false, false);
        }
    }

    /**
     * Thrown before a build whose (queue, header) pairs outnumber what the graph indexes (2^31 - 1,
     * a {@link BitSet}'s range): the graph is not known, and the message says by how much.
     */
    public static final class TooLarge extends RuntimeException {
        TooLarge(String message) {
            super(message, null, false, false);
        }
    }

    /** Throws {@link TooLarge} unless every (queue, header) pair has an index. */
    static void checkSize(Network network, RoutingFunction routing) {
        long pairs = (long) network.queues() * routing.headers();
        if (pairs > Integer.MAX_VALUE) {
            throw new TooLarge(String.format("the dependency graph would index %,d (queue, header) pairs (%,d queues x"
                + " %,d headers), more than its %,d", pairs, network.queues(), routing.headers(), Integer.MAX_VALUE));
        }
    }

    private static void checkTime(long deadline) {
        if (deadline != Long.MAX_VALUE && System.nanoTime() > deadline) {
            throw new OutOfTime();
        }
    }

    /**
     * Builds the graph.
     *
     * @param traffic the {source, destination} pairs that inject
     * @throws RoutingException when routing returns no candidate for a reachable packet, a
     *                          channel that does not leave its router, or candidates on
     *                          which the rule allows no VC
     */
    public static ChannelDependencyGraph build(Network network, RoutingFunction routing, FlowControlRule rule,
                                               List<int[]> traffic) {
        return build(network, routing, rule, traffic, Long.MAX_VALUE);
    }

    /** As {@link #build(Network, RoutingFunction, FlowControlRule, List)}; past {@code deadline} ({@link System#nanoTime()}) it throws {@link OutOfTime}. */
    public static ChannelDependencyGraph build(Network network, RoutingFunction routing, FlowControlRule rule,
                                               List<int[]> traffic, long deadline) {
        checkSize(network, routing);
        return build(new QueueRoutes(network, routing, rule), traffic, Kind.FULL, deadline);
    }

    /**
     * Builds Duato's extended channel dependency graph of the escape sub-function of an
     * adaptive routing function ({@link RoutingFunction#hasEscape}): its vertices are the
     * escape queues, its edges the dependencies between escape queues that packets of the
     * full routing function can create.
     * <ul>
     *   <li>direct: a packet in escape queue q may request escape queue t next;</li>
     *   <li>direct cross: the same, for a packet that entered q as an adaptive choice of
     *       the full function. Both come out of the same reachable (queue, header) pairs,
     *       so both are included;</li>
     *   <li>indirect ({@code wormhole} only): a packet holding q may go on through
     *       adaptive queues and then request escape queue t. A virtual cut-through packet
     *       holds one queue at a time, so for it these do not arise (Duato 1996, the
     *       cut-through form of the theorem) and they are left out.</li>
     * </ul>
     * If this graph is acyclic (and the escape sub-function is connected, which
     * {@link QueueRoutes} checks for every reachable packet), the full routing function is
     * deadlock-free (Duato).
     */
    public static ChannelDependencyGraph buildEscape(Network network, RoutingFunction routing, FlowControlRule rule,
                                                     List<int[]> traffic, boolean wormhole) {
        return buildEscape(network, routing, rule, traffic, wormhole, Long.MAX_VALUE);
    }

    /** As {@link #buildEscape(Network, RoutingFunction, FlowControlRule, List, boolean)}, with a deadline ({@link OutOfTime}). */
    public static ChannelDependencyGraph buildEscape(Network network, RoutingFunction routing, FlowControlRule rule,
                                                     List<int[]> traffic, boolean wormhole, long deadline) {
        if (!routing.hasEscape()) {
            throw new IllegalArgumentException("routing " + routing.name() + " has no escape sub-function");
        }
        checkSize(network, routing);
        return build(new QueueRoutes(network, routing, rule), traffic, wormhole ? Kind.DUATO_WORMHOLE : Kind.DUATO,
            deadline);
    }

    /** Which graph: the full dependency graph, or Duato's extended graph of the escape queues. */
    public enum Kind {
        FULL, DUATO, DUATO_WORMHOLE
    }

    private static ChannelDependencyGraph build(QueueRoutes routes, List<int[]> traffic, Kind kind, long deadline) {
        Network network = routes.network();
        int queues = network.queues();
        int headers = routes.routing().headers();
        BitSet seen = new BitSet();
        boolean[] used = new boolean[queues];
        ArrayDeque<Long> work = new ArrayDeque<>();
        BitSet[] adj = new BitSet[queues];
        flowproof.routing.MessageRouting messages = routes.routing() instanceof flowproof.routing.MessageRouting m
            ? m : null;
        // message classes: by class * nodes + node, the queues where messages of the class exit
        // there, and the sources of those messages (where their answers go)
        int epKeys = messages == null ? 0 : messages.classes() * network.topology().nodes();
        BitSet[] exits = new BitSet[epKeys];
        BitSet[] answers = new BitSet[epKeys];
        for (int[] pair : traffic) {
            for (int h : routes.injectHeaders(pair[0], pair[1])) {
                QueueRoutes.Next next = routes.next(FlowControlRule.INJECT, pair[0], h);
                for (int i = 0; i < next.size(); i++) {
                    visit(next.queues()[i], next.headers()[i], headers, seen, used, work);
                }
            }
        }
        int ringVcs = network.ringVcs();
        int polls = 0;
        while (!work.isEmpty()) {
            if ((++polls & 255) == 0) {
                checkTime(deadline);
            }
            long key = work.poll();
            int q = (int) (key / headers);
            int h = (int) (key % headers);
            QueueRoutes.Next next = routes.next(q, -1, h);
            for (int i = 0; i < next.size(); i++) {
                int t = next.queues()[i];
                if (kind == Kind.FULL || (network.vcOf(q) < ringVcs && i >= next.primary())) {
                    edge(adj, q, t);
                }
                visit(t, next.headers()[i], headers, seen, used, work);
            }
            if (kind == Kind.DUATO_WORMHOLE && network.vcOf(q) < ringVcs) {
                indirect(routes, q, next, headers, adj);
            }
            if (next.exits() && messages != null && messages.sourceOf(h) >= 0) {
                // a message of a non-sink class reaches its destination: its answer is generated there
                int node = network.nodeOf(q);
                int c = messages.classOf(h);
                int ek = c * network.topology().nodes() + node;
                if (exits[ek] == null) {
                    exits[ek] = new BitSet();
                    answers[ek] = new BitSet();
                }
                exits[ek].set(q);
                int src = messages.sourceOf(h);
                if (!answers[ek].get(src)) {
                    answers[ek].set(src);
                    int[] hs = new int[Math.max(1, messages.maxInjectHeaders())];
                    int n = messages.messageHeaders(c + 1, node, src, hs);
                    for (int j = 0; j < n; j++) {
                        QueueRoutes.Next inj = routes.next(FlowControlRule.INJECT, node, hs[j]);
                        for (int i = 0; i < inj.size(); i++) {
                            visit(inj.queues()[i], inj.headers()[i], headers, seen, used, work);
                        }
                    }
                }
            }
        }
        if (messages != null) {
            // consumption dependencies: a message of class c waiting in q at its destination
            // waits, through the node's input queue of class c and output queue of class c+1,
            // for the injection of any class-(c+1) answer generated there (the endpoint queues
            // are FIFOs shared by every message of their class at the node)
            int nodes = network.topology().nodes();
            for (int key = 0; key < exits.length; key++) {
                if (exits[key] == null) {
                    continue;
                }
                int c = key / nodes;
                int node = key % nodes;
                int[] hs = new int[Math.max(1, messages.maxInjectHeaders())];
                for (int src = answers[key].nextSetBit(0); src >= 0; src = answers[key].nextSetBit(src + 1)) {
                    int n = messages.messageHeaders(c + 1, node, src, hs);
                    for (int j = 0; j < n; j++) {
                        QueueRoutes.Next inj = routes.next(FlowControlRule.INJECT, node, hs[j]);
                        for (int q = exits[key].nextSetBit(0); q >= 0; q = exits[key].nextSetBit(q + 1)) {
                            for (int i = 0; i < inj.size(); i++) {
                                edge(adj, q, inj.queues()[i]);
                            }
                        }
                    }
                }
            }
        }
        Graph<Integer, DefaultEdge> g = new DefaultDirectedGraph<>(DefaultEdge.class);
        int[][] succ = new int[queues][];
        for (int q = 0; q < queues; q++) {
            if (used[q] && (kind == Kind.FULL || network.vcOf(q) < ringVcs)) {
                g.addVertex(q);
            }
        }
        for (int q = 0; q < queues; q++) {
            checkTime(deadline);
            succ[q] = adj[q] == null ? new int[0] : adj[q].stream().toArray();
            for (int t : succ[q]) {
                g.addEdge(q, t);
            }
        }
        return new ChannelDependencyGraph(network, g, succ, kind, deadline);
    }

    /** Indirect dependencies of escape queue {@code q}: escape queues requested after adaptive hops. */
    private static void indirect(QueueRoutes routes, int q, QueueRoutes.Next first, int headers, BitSet[] adj) {
        BitSet seen = new BitSet();
        ArrayDeque<Long> work = new ArrayDeque<>();
        for (int i = 0; i < first.primary(); i++) {
            long key = (long) first.queues()[i] * headers + first.headers()[i];
            if (!seen.get((int) key)) {
                seen.set((int) key);
                work.add(key);
            }
        }
        while (!work.isEmpty()) {
            long key = work.poll();
            QueueRoutes.Next next = routes.next((int) (key / headers), -1, (int) (key % headers));
            for (int i = 0; i < next.size(); i++) {
                if (i >= next.primary()) {
                    edge(adj, q, next.queues()[i]);
                } else {
                    long k = (long) next.queues()[i] * headers + next.headers()[i];
                    if (!seen.get((int) k)) {
                        seen.set((int) k);
                        work.add(k);
                    }
                }
            }
        }
    }

    private static void visit(int q, int h, int headers, BitSet seen, boolean[] used, ArrayDeque<Long> work) {
        long key = (long) q * headers + h;
        if (key > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("too many (queue, header) pairs for a dependency graph: " + key);
        }
        if (!seen.get((int) key)) {
            seen.set((int) key);
            used[q] = true;
            work.add(key);
        }
    }

    private static void edge(BitSet[] adj, int q, int t) {
        if (adj[q] == null) {
            adj[q] = new BitSet();
        }
        adj[q].set(t);
    }

    /** Which graph this is. */
    public Kind kind() {
        return kind;
    }

    public Network network() {
        return network;
    }

    /** The jgrapht graph: vertices are queue ids ({@code channel * vcs + vc}). */
    public Graph<Integer, DefaultEdge> graph() {
        return graph;
    }

    public int vertices() {
        return graph.vertexSet().size();
    }

    public int edges() {
        return graph.edgeSet().size();
    }

    public boolean acyclic() {
        return cycle.isEmpty();
    }

    /**
     * A shortest dependency cycle, as queues in order (a packet in each may wait for the
     * next, and in the last for the first), or
     * an empty list when the graph is acyclic.
     */
    public List<Integer> cycle() {
        return cycle;
    }

    /** Queue names of {@link #cycle()}, e.g. {@code 0-d0+->1 vc0}. */
    public List<String> cycleNames() {
        List<String> names = new ArrayList<>();
        for (int q : cycle) {
            names.add(network.queueName(q));
        }
        return names;
    }

    private List<Integer> shortestCycle(long deadline) {
        checkTime(deadline);
        List<Set<Integer>> sccs = new KosarajuStrongConnectivityInspector<>(graph).stronglyConnectedSets();
        int queues = network.queues();
        int[] component = new int[queues];
        Arrays.fill(component, -1);
        int index = 0;
        for (Set<Integer> scc : sccs) {
            boolean selfLoop = scc.size() == 1 && graph.containsEdge(scc.iterator().next(), scc.iterator().next());
            if (scc.size() > 1 || selfLoop) {
                for (int v : scc) {
                    component[v] = index;
                }
                index++;
            }
        }
        int[] best = null;
        int[] dist = new int[queues];
        int[] parent = new int[queues];
        int[] queue = new int[queues];
        for (int start = 0; start < queues && (best == null || best.length > 1); start++) {
            if (component[start] < 0) {
                continue;
            }
            checkTime(deadline);
            Arrays.fill(dist, -1);
            dist[start] = 0;
            int head = 0;
            int tail = 0;
            queue[tail++] = start;
            int closing = -1;
            while (head < tail && closing < 0) {
                int u = queue[head++];
                if (best != null && dist[u] + 1 >= best.length) {
                    break;
                }
                for (int t : successors[u]) {
                    if (component[t] != component[start]) {
                        continue;
                    }
                    if (t == start) {
                        closing = u;
                        break;
                    }
                    if (dist[t] < 0) {
                        dist[t] = dist[u] + 1;
                        parent[t] = u;
                        queue[tail++] = t;
                    }
                }
            }
            if (closing >= 0 && (best == null || dist[closing] + 1 < best.length)) {
                int[] c = new int[dist[closing] + 1];
                for (int v = closing, i = c.length - 1; i >= 0; i--) {
                    c[i] = v;
                    v = v == start ? v : parent[v];
                }
                best = c;
            }
        }
        List<Integer> out = new ArrayList<>();
        if (best != null) {
            for (int v : best) {
                out.add(v);
            }
        }
        return List.copyOf(out);
    }
}
