package flowproof.cdg;

import flowproof.routing.RoutingFunction;
import flowproof.rule.FlowControlRule;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
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
 * <p>Only dependencies that can occur are included. The (queue, destination) pairs
 * packets can reach are computed first, from every injection of the traffic pattern
 * forward through the routing function and the rule's {@link FlowControlRule#mayUse}.
 * Since {@code mayUse} over-approximates what the rule admits, the graph contains every
 * dependency the network can have: if it is acyclic, no packet can wait on itself, and
 * the network is deadlock-free for every buffer state (virtual cut-through or wormhole).
 * A cyclic graph proves nothing either way: bubble rules keep rings deadlock-free with
 * a cyclic graph, which is why {@code check} then asks the explorer.
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

    private ChannelDependencyGraph(Network network, Graph<Integer, DefaultEdge> graph, int[][] successors) {
        this.network = network;
        this.graph = graph;
        this.successors = successors;
        this.cycle = shortestCycle();
    }

    /**
     * Builds the graph.
     *
     * @param traffic the {source, destination} pairs that inject
     * @throws RoutingException when routing returns no candidate for a reachable packet, or
     *                          a channel that does not leave its router
     */
    public static ChannelDependencyGraph build(Network network, RoutingFunction routing, FlowControlRule rule,
                                               List<int[]> traffic) {
        Topology topo = network.topology();
        int nodes = topo.nodes();
        int queues = network.queues();
        int vcs = network.vcs();
        boolean[] seen = new boolean[queues * nodes];
        boolean[] used = new boolean[queues];
        ArrayDeque<Integer> work = new ArrayDeque<>();
        int[] cand = new int[Math.max(1, routing.maxCandidates())];
        List<List<Integer>> adj = new ArrayList<>();
        for (int q = 0; q < queues; q++) {
            adj.add(new ArrayList<>());
        }
        for (int[] pair : traffic) {
            int s = pair[0];
            int d = pair[1];
            int n = candidates(routing, topo, s, -1, d, cand);
            for (int i = 0; i < n; i++) {
                for (int v = 0; v < vcs; v++) {
                    int t = network.queue(cand[i], v);
                    if (rule.mayUse(network, FlowControlRule.INJECT, t) && !seen[t * nodes + d]) {
                        seen[t * nodes + d] = true;
                        used[t] = true;
                        work.add(t * nodes + d);
                    }
                }
            }
        }
        while (!work.isEmpty()) {
            int key = work.poll();
            int q = key / nodes;
            int d = key % nodes;
            int at = network.nodeOf(q);
            if (at == d) {
                continue;
            }
            int n = candidates(routing, topo, at, network.channelOf(q), d, cand);
            for (int i = 0; i < n; i++) {
                for (int v = 0; v < vcs; v++) {
                    int t = network.queue(cand[i], v);
                    if (!rule.mayUse(network, q, t)) {
                        continue;
                    }
                    if (!adj.get(q).contains(t)) {
                        adj.get(q).add(t);
                    }
                    if (!seen[t * nodes + d]) {
                        seen[t * nodes + d] = true;
                        used[t] = true;
                        work.add(t * nodes + d);
                    }
                }
            }
        }
        Graph<Integer, DefaultEdge> g = new DefaultDirectedGraph<>(DefaultEdge.class);
        int[][] succ = new int[queues][];
        for (int q = 0; q < queues; q++) {
            if (used[q]) {
                g.addVertex(q);
            }
        }
        for (int q = 0; q < queues; q++) {
            List<Integer> out = adj.get(q);
            Integer[] sorted = out.toArray(new Integer[0]);
            Arrays.sort(sorted);
            succ[q] = new int[sorted.length];
            for (int i = 0; i < sorted.length; i++) {
                succ[q][i] = sorted[i];
                g.addEdge(q, sorted[i]);
            }
        }
        return new ChannelDependencyGraph(network, g, succ);
    }

    private static int candidates(RoutingFunction routing, Topology topo, int node, int inChannel, int dest, int[] out) {
        int n = routing.candidates(node, inChannel, dest, out);
        String where = "routing " + routing.name() + " for a packet at node " + topo.nodeName(node) + " destined to "
            + topo.nodeName(dest) + (inChannel < 0 ? " (being injected)" : " on channel " + topo.channelName(inChannel));
        if (n <= 0) {
            throw new RoutingException(where + " returns no candidate channel");
        }
        for (int i = 0; i < n; i++) {
            int c = out[i];
            if (c < 0 || c >= topo.channels() || topo.source(c) != node) {
                throw new RoutingException(where + " returns "
                    + (c < 0 || c >= topo.channels() ? "channel " + c + ", which does not exist"
                        : "channel " + topo.channelName(c) + ", which does not leave " + topo.nodeName(node)));
            }
        }
        return n;
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

    private List<Integer> shortestCycle() {
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
