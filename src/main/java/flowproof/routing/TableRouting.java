package flowproof.routing;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import flowproof.ConfigurationException;
import flowproof.topology.GraphTopology;
import flowproof.topology.Topology;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Routing by table on any topology (a {@link GraphTopology} read from a file, or a user's own
 * topology): for each (router, destination) the candidate
 * output channels, optionally keyed by the channel the packet arrived on. One candidate is
 * deterministic routing, several are adaptive (the explorer tries each, the simulator picks
 * by its selection policy). Registry names {@code table} (a spec's own table) and
 * {@code shortest-path} (generated: every next hop that brings a packet one hop closer,
 * i.e. minimal adaptive routing).
 *
 * <p><b>Dead ends and defaults.</b> An entry may say there is no route ({@code next: []}: an
 * empty candidate array). An entry keyed by the in-channel ({@code from}) takes precedence;
 * at a (router, destination) that has such entries, the entry without {@code from} covers the
 * packets injected there, and the packets that arrived over another channel only when it is a
 * default ({@code default: true}, {@code defaults}); otherwise such a packet has no route. At a
 * (router, destination) without keyed entries the entry without {@code from} covers every packet.
 *
 * <p><b>Routability</b> is checked over the pairs the traffic sends ({@link #checkRoutable}):
 * every route the table allows from the source reaches the destination, with a candidate at
 * every router and in-channel on the way and no loop; the first dead end is named with the
 * shortest route to it. {@link #minimal} is true only when every candidate on a route of any
 * pair of endpoints brings the packet one hop closer to its destination (by the graph's
 * shortest paths) and no such route loops. Headers are destinations. Immutable.
 *
 * <p><b>Hop limit.</b> With a hop limit {@code N > 0} routes may loop: the header then
 * carries the hops taken, {@code h*R + d} ({@code R} routers, {@code h} in {@code 0..N}),
 * so the state space stays finite, and a candidate is offered only while the packet can
 * still reach its destination within the limit by the table ({@code h + 1 + rem(c, d) <= N},
 * with {@code rem} the fewest table hops after crossing {@code c}). A packet therefore
 * never reaches the limit away from its destination: a candidate that would strand it is
 * refused. A pair of endpoints that has no table route within {@code N} hops at all is an
 * error when the table is built. {@link #minimal} is then false: the explorer decides
 * drainability by its component pass, and {@code prove} answers {@code unknown} rather
 * than {@code proved}.
 */
public final class TableRouting implements RoutingFunction, PairRoutable {

    private final Topology graph;
    private final String name;
    /** [node][destination]: candidate channels for any in-channel, or null. */
    private final int[][][] table;
    /** (inChannel * nodes + destination) -> candidates, overriding {@link #table}. */
    private final Map<Long, int[]> byInput;
    private final int[][] distance;
    private final boolean minimal;
    private final int maxCandidates;
    /** Routes keyed by VC class ({@link #classKey}), taking precedence; empty for most tables. */
    private final Map<Long, int[]> byClass;
    /** One more than the largest class a route names, 0 without class routes. */
    private final int classes;
    /** 0: none (routes must be loop-free); else the most hops a packet takes. */
    private final int hopLimit;
    /** With a hop limit: [channel][destination], the fewest table hops after crossing the channel, or MAX_VALUE. */
    private final int[][] rem;
    /** {@code node * nodes + destination} with an entry keyed by in-channel. */
    private final java.util.Set<Long> keyed = new java.util.HashSet<>();
    /** Routes may loop without a hop limit ({@code loops: true}). */
    private final boolean loops;
    /** {@code node * nodes + destination} whose entry without in-channel is a default ({@code default: true}). */
    private final java.util.Set<Long> defaults;

    /**
     * @param table {@code [node][destination]}: candidate channels leaving {@code node}, or null
     * @param byInput {@code inChannel * nodes + destination}: candidates for packets that arrived
     *     on {@code inChannel}, taking precedence over {@code table}
     * @throws ConfigurationException (field {@code routing}) when a candidate does not leave its
     *     router, or when some pair of endpoints has no route or a route with a loop
     */
    public TableRouting(Topology graph, String name, int[][][] table, Map<Long, int[]> byInput) {
        this(graph, name, table, byInput, 0);
    }

    /**
     * As {@link #TableRouting(Topology, String, int[][][], Map)}, with a hop limit
     * ({@code hopLimit > 0}) under which routes may loop.
     *
     * @throws ConfigurationException (field {@code routing.hop-limit}) when some pair of
     *     endpoints has no route within the limit
     */
    public TableRouting(Topology graph, String name, int[][][] table, Map<Long, int[]> byInput, int hopLimit) {
        this(graph, name, table, byInput, hopLimit, Map.of());
    }

    /**
     * As {@link #TableRouting(Topology, String, int[][][], Map, int)}, with routes keyed by VC
     * class: {@code byClass} maps {@link #classKey} to candidates, taking precedence over the routes
     * without a class. Checked (every pair routed, no loop, minimal or not) on the union of every
     * class's routes with the others; a class that meets no route where a packet of it is, is
     * reported when the engines build that route. Not with a hop limit.
     *
     * @throws ConfigurationException (field {@code routing.hop-limit}) when both are given
     */
    public TableRouting(Topology graph, String name, int[][][] table, Map<Long, int[]> byInput, int hopLimit,
                        Map<Long, int[]> byClass) {
        this(graph, name, table, byInput, hopLimit, byClass, java.util.Set.of());
    }

    /**
     * As {@link #TableRouting(Topology, String, int[][][], Map, int, Map)}, with the (router,
     * destination) pairs {@code node * nodes + destination} whose entry without in-channel also
     * covers packets that arrived over a channel without an entry of its own ({@code default: true}).
     * An empty candidate array is a dead end: no route there.
     */
    public TableRouting(Topology graph, String name, int[][][] table, Map<Long, int[]> byInput, int hopLimit,
                        Map<Long, int[]> byClass, java.util.Set<Long> defaults) {
        this(graph, name, table, byInput, hopLimit, byClass, defaults, false);
    }

    /**
     * As {@link #TableRouting(Topology, String, int[][][], Map, int, Map, java.util.Set)}; with
     * {@code loops} the routes may loop without a hop limit ({@code loops: true}): a packet may
     * then move forever without arriving (a livelock, which {@code live} decides). Every route must
     * still be able to reach its destination.
     */
    public TableRouting(Topology graph, String name, int[][][] table, Map<Long, int[]> byInput, int hopLimit,
                        Map<Long, int[]> byClass, java.util.Set<Long> defaults, boolean loops) {
        this.loops = loops;
        this.defaults = java.util.Set.copyOf(defaults);
        if (!byClass.isEmpty() && hopLimit > 0) {
            throw new ConfigurationException("routing.hop-limit", "no hop limit with routes keyed by class",
                Integer.toString(hopLimit));
        }
        this.byClass = new HashMap<>(byClass);
        int most = 0;
        for (long k : byClass.keySet()) {
            most = Math.max(most, (int) (k / ((long) (graph.channels() + graph.nodes()) * graph.nodes())) + 1);
        }
        this.classes = most;
        if (hopLimit < 0 || (long) (hopLimit + 1) * graph.nodes() > Integer.MAX_VALUE) {
            throw new ConfigurationException("routing.hop-limit", "a hop limit from 1 to "
                + (Integer.MAX_VALUE / graph.nodes() - 1), Integer.toString(hopLimit));
        }
        this.hopLimit = hopLimit;
        this.graph = graph;
        this.name = name;
        int n = graph.nodes();
        this.table = new int[n][n][];
        for (int v = 0; v < n; v++) {
            for (int d = 0; d < n; d++) {
                this.table[v][d] = table[v][d] == null ? null : table[v][d].clone();
            }
        }
        this.byInput = new HashMap<>(byInput);
        this.distance = new int[n][];
        int[][] entering = inChannels(graph);
        for (int d = 0; d < n; d++) {
            int[] to = distancesTo(graph, entering, d);
            for (int v = 0; v < n; v++) {
                if (distance[v] == null) {
                    distance[v] = new int[n];
                }
                distance[v][d] = to[v];
            }
        }
        int max = 1;
        for (int[][] row : this.table) {
            for (int[] c : row) {
                max = Math.max(max, c == null ? 0 : c.length);
            }
        }
        if (!this.byClass.isEmpty()) {
            int[][] leaving = outChannels(graph);
            for (int v = 0; v < n; v++) {
                max = Math.max(max, leaving[v].length); // the union of the classes' routes
            }
            for (Map.Entry<Long, int[]> e : this.byClass.entrySet()) {
                int state = (int) (e.getKey() / n % (graph.channels() + n));
                check(state >= graph.channels() ? state - graph.channels() : graph.target(state), e.getValue());
            }
        }
        for (Map.Entry<Long, int[]> e : this.byInput.entrySet()) {
            max = Math.max(max, e.getValue().length);
            int in = (int) (e.getKey() / n);
            check(graph.target(in), e.getValue());
            keyed.add((long) graph.target(in) * n + e.getKey() % n);
        }
        for (int v = 0; v < n; v++) {
            for (int[] c : this.table[v]) {
                if (c != null) {
                    check(v, c);
                }
            }
        }
        this.maxCandidates = max;
        if (hopLimit > 0) {
            this.rem = remainingHops();
            // which pairs must be routable is the traffic's: checkWithinLimit(pairs), called by the spec reader
            this.minimal = false;
        } else {
            this.rem = null;
            // which pairs must be routable is the traffic's: checkRoutable(pairs), called by the spec reader
            boolean all = true;
            for (int d : graph.endpoints()) {
                all &= walk(d, graph.endpoints(), false);
            }
            this.minimal = all;
        }
    }

    /**
     * Every (source, destination) pair of {@code pairs} (the traffic the spec sends, and the answers'
     * way back with message classes): with a hop limit, a table route within it
     * ({@link #checkWithinLimit}); without, every route the table allows reaches the destination
     * with a candidate at every router and in-channel on the way, and none loops.
     *
     * @throws ConfigurationException (field {@code routing.routes}, or {@code routing.hop-limit}) one
     *     line naming the first pair, the router and in-channel without a route and the shortest
     *     route to it, or the loop
     */
    @Override
    public void checkRoutable(List<int[]> pairs) {
        if (hopLimit > 0) {
            checkWithinLimit(pairs);
            return;
        }
        Map<Integer, List<Integer>> sources = new java.util.TreeMap<>();
        for (int[] p : pairs) {
            if (p[0] != p[1]) {
                sources.computeIfAbsent(p[1], k -> new ArrayList<>()).add(p[0]);
            }
        }
        for (Map.Entry<Integer, List<Integer>> e : sources.entrySet()) {
            walk(e.getKey(), e.getValue().stream().mapToInt(Integer::intValue).toArray(), true);
        }
    }

    /** rem[c][d]: the fewest hops by the table after crossing {@code c} until {@code d}; a fixpoint. */
    private int[][] remainingHops() {
        int n = graph.nodes();
        int m = graph.channels();
        int[][] r = new int[m][n];
        int[] out = new int[maxCandidates];
        for (int d = 0; d < n; d++) {
            for (int c = 0; c < m; c++) {
                r[c][d] = graph.target(c) == d ? 0 : Integer.MAX_VALUE;
            }
            boolean changed = true;
            while (changed) {
                changed = false;
                for (int c = 0; c < m; c++) {
                    int v = graph.target(c);
                    if (v == d) {
                        continue;
                    }
                    int k = raw(v, c, d, out);
                    for (int j = 0; j < k; j++) {
                        int after = r[out[j]][d];
                        if (after != Integer.MAX_VALUE && after + 1 < r[c][d]) {
                            r[c][d] = after + 1;
                            changed = true;
                        }
                    }
                }
            }
        }
        return r;
    }

    /**
     * With a hop limit: every (source, destination) pair of {@code pairs} (the traffic the spec
     * sends, issue 47) has a table route within it; throws a one-line {@link ConfigurationException}
     * naming the first pair without one. Nothing to check without a hop limit.
     */
    public void checkWithinLimit(java.util.List<int[]> pairs) {
        if (hopLimit <= 0) {
            return;
        }
        int[] out = new int[maxCandidates];
        for (int[] pair : pairs) {
            int s = pair[0];
            int d = pair[1];
            if (s == d) {
                continue;
            }
            int best = Integer.MAX_VALUE;
            int k = raw(s, -1, d, out);
            for (int j = 0; j < k; j++) {
                if (rem[out[j]][d] != Integer.MAX_VALUE) {
                    best = Math.min(best, 1 + rem[out[j]][d]);
                }
            }
            if (best > hopLimit) {
                throw new ConfigurationException("routing.hop-limit", "a limit within which every pair the traffic"
                    + " sends has a table route", "no route from " + graph.nodeName(s) + " to " + graph.nodeName(d)
                    + (best == Integer.MAX_VALUE ? " at all" : " within " + hopLimit + (hopLimit == 1 ? " hop" : " hops")
                    + " (the shortest takes " + best + ")"));
            }
        }
    }


    private void check(int node, int[] candidates) {
        for (int c : candidates) {
            if (c < 0 || c >= graph.channels() || graph.source(c) != node) {
                throw new ConfigurationException("routing", "candidate channels that leave router "
                    + graph.nodeName(node), c < 0 || c >= graph.channels() ? "channel " + c : graph.channelName(c));
            }
        }
    }

    /**
     * Shortest-path routing: at every router, every channel whose target is one hop closer to
     * the destination. Needs every endpoint to reach every other.
     */
    public static TableRouting shortestPath(Topology graph) {
        int n = graph.nodes();
        int[][][] table = new int[n][n][];
        int[][] in = inChannels(graph);
        int[][] out = outChannels(graph);
        for (int d = 0; d < n; d++) {
            int[] dist = distancesTo(graph, in, d);
            for (int v = 0; v < n; v++) {
                if (v == d || dist[v] == Integer.MAX_VALUE) {
                    continue;
                }
                List<Integer> next = new ArrayList<>();
                for (int c : out[v]) {
                    if (dist[graph.target(c)] == dist[v] - 1) {
                        next.add(c);
                    }
                }
                table[v][d] = next.stream().mapToInt(Integer::intValue).toArray();
            }
        }
        return new TableRouting(graph, "shortest-path", table, Map.of());
    }

    /** The channels leaving each router, in increasing order. */
    private static int[][] outChannels(Topology t) {
        return byRouter(t, true);
    }

    /** The channels entering each router, in increasing order. */
    private static int[][] inChannels(Topology t) {
        return byRouter(t, false);
    }

    private static int[][] byRouter(Topology t, boolean leaving) {
        int n = t.nodes();
        int[] degree = new int[n];
        for (int c = 0; c < t.channels(); c++) {
            degree[leaving ? t.source(c) : t.target(c)]++;
        }
        int[][] by = new int[n][];
        for (int v = 0; v < n; v++) {
            by[v] = new int[degree[v]];
            degree[v] = 0;
        }
        for (int c = 0; c < t.channels(); c++) {
            int v = leaving ? t.source(c) : t.target(c);
            by[v][degree[v]++] = c;
        }
        return by;
    }

    /**
     * Hops from every router to {@code destination} along the channels ({@link Integer#MAX_VALUE}
     * when it cannot be reached); {@code in} the channels entering each router.
     */
    private static int[] distancesTo(Topology t, int[][] in, int destination) {
        int[] d = new int[t.nodes()];
        Arrays.fill(d, Integer.MAX_VALUE);
        d[destination] = 0;
        int[] queue = new int[t.nodes()];
        int head = 0;
        int tail = 0;
        queue[tail++] = destination;
        while (head < tail) {
            int v = queue[head++];
            for (int c : in[v]) {
                int u = t.source(c);
                if (d[u] == Integer.MAX_VALUE) {
                    d[u] = d[v] + 1;
                    queue[tail++] = u;
                }
            }
        }
        return d;
    }

    /**
     * Walks every route the table allows from {@code sources} to {@code d}; returns whether every hop
     * on them is minimal and none loops. {@code strict}: a dead end or a loop is an error (thrown);
     * otherwise a dead end ends the route and a loop makes the answer false.
     */
    private boolean walk(int d, int[] sources, boolean strict) {
        int n = graph.nodes();
        int m = graph.channels();
        boolean allMinimal = true;
        int[] out = new int[maxCandidates];
        // state: in-channel (0..m-1) or m + node for a packet injected at node
        byte[] mark = new byte[m + n]; // 0 new, 1 on the path, 2 done
        // with loops allowed: every hop walked, and the states that arrive, to check that none is a trap
        List<int[]> hops = loops && strict ? new ArrayList<>() : null;
        boolean[] arrives = loops && strict ? new boolean[m + n] : null;
        for (int s : sources) {
            int start = m + s;
            if (mark[start] != 0) {
                continue;
            }
            // iterative DFS
            List<int[]> stack = new ArrayList<>();
            mark[start] = 1;
            stack.add(new int[] {start, 0});
            while (!stack.isEmpty()) {
                int[] top = stack.get(stack.size() - 1);
                int state = top[0];
                int node = state >= m ? state - m : graph.target(state);
                int in = state >= m ? -1 : state;
                int k = candidates(node, in, d, out);
                if (k == 0 && strict && distance[node][d] == Integer.MAX_VALUE) {
                    throw new ConfigurationException("routing", "a topology in which every pair the traffic sends is"
                        + " connected", "no path from " + graph.nodeName(node) + " to " + graph.nodeName(d)
                        + (node == s ? "" : " (reached on the way from " + graph.nodeName(s) + ")"));
                }
                if (k == 0 && strict) {
                    throw new ConfigurationException("routing.routes", "a route at every router a packet the"
                        + " traffic sends can reach (routability)", (in < 0 ? "none for " + graph.nodeName(s) + " -> "
                        + graph.nodeName(d) + " at its source"
                        : "none at " + graph.nodeName(node) + " for " + graph.nodeName(s) + " -> " + graph.nodeName(d)
                        + " arriving from " + graph.nodeName(graph.source(in)) + " (route " + route(s, d, state) + ")")
                        + ": " + noRoute(node, in, d));
                }
                if (top[1] >= k) {
                    mark[state] = 2;
                    stack.remove(stack.size() - 1);
                    continue;
                }
                int c = out[top[1]++];
                if (distance[graph.target(c)][d] != distance[node][d] - 1) {
                    allMinimal = false;
                }
                if (graph.target(c) == d) {
                    if (arrives != null) {
                        arrives[state] = true;
                    }
                    continue;
                }
                if (hops != null) {
                    hops.add(new int[] {state, c});
                }
                if (mark[c] == 1) {
                    if (strict && !loops) {
                        throw new ConfigurationException("routing.routes", "routes without loops (or a hop-limit: routes may then loop)",
                            "a loop through " + graph.channelName(c) + " for destination " + graph.nodeName(d)
                                + " from " + graph.nodeName(s));
                    }
                    allMinimal = false;
                    continue;
                }
                if (mark[c] == 0) {
                    mark[c] = 1;
                    stack.add(new int[] {c, 0});
                }
            }
        }
        if (hops != null) {
            // loops are allowed, traps are not: from every state walked some route still arrives
            boolean changed = true;
            while (changed) {
                changed = false;
                for (int[] h : hops) {
                    if (!arrives[h[0]] && arrives[h[1]]) {
                        arrives[h[0]] = true;
                        changed = true;
                    }
                }
            }
            for (int[] h : hops) {
                for (int st : h) {
                    if (!arrives[st]) {
                        throw new ConfigurationException("routing.routes", "routes that can always still reach their "
                            + "destination (loops: true allows loops, not traps)", "no route from "
                            + (st >= m ? graph.nodeName(st - m) + " (injected)" : graph.channelName(st)) + " reaches "
                            + graph.nodeName(d));
                    }
                }
            }
        }
        return allMinimal;
    }

    /** The shortest table route from {@code s} to state {@code goal} (an in-channel of {@link #walk}), router by router. */
    private String route(int s, int d, int goal) {
        int n = graph.nodes();
        int m = graph.channels();
        int[] parent = new int[m + n];
        Arrays.fill(parent, -2);
        int[] queue = new int[m + n];
        int head = 0;
        int tail = 0;
        queue[tail++] = m + s;
        parent[m + s] = -1;
        int[] out = new int[maxCandidates];
        while (head < tail && parent[goal] == -2) {
            int state = queue[head++];
            int node = state >= m ? state - m : graph.target(state);
            int k = candidates(node, state >= m ? -1 : state, d, out);
            for (int j = 0; j < k; j++) {
                int c = out[j];
                if (graph.target(c) != d && parent[c] == -2) {
                    parent[c] = state;
                    queue[tail++] = c;
                }
            }
        }
        List<String> names = new ArrayList<>();
        for (int x = goal; x >= 0; x = parent[x]) {
            names.add(0, graph.nodeName(x >= m ? x - m : graph.target(x)));
        }
        return String.join(" -> ", names);
    }

    /** Why the table offers no route at {@code node} (arrived on {@code in}, -1 injected) for {@code d}. */
    private String noRoute(int node, int in, int d) {
        int n = graph.nodes();
        String at = " at " + graph.nodeName(node) + " to " + graph.nodeName(d);
        if (in >= 0 && byInput.containsKey((long) in * n + d)) {
            return "the entry" + at + " from " + graph.nodeName(graph.source(in)) + " says next: []";
        }
        int[] plain = table[node][d];
        if (in >= 0 && plain != null && plain.length > 0 && keyed.contains((long) node * n + d)) {
            return "no entry" + at + " from " + graph.nodeName(graph.source(in)) + ", and the entry without from"
                + " covers arrivals only with default: true";
        }
        if (plain != null) {
            return "the entry" + at + " says next: []";
        }
        if (keyed.contains((long) node * n + d)) {
            return in >= 0 ? "no entry" + at + " from " + graph.nodeName(graph.source(in)) + " or without from"
                : "no entry" + at + " without from (the entries there cover packets arriving from the routers they name)";
        }
        return "no entry" + at;
    }

    /** The topology routed on. */
    public Topology graph() {
        return graph;
    }

    @Override
    public int candidates(int node, int inChannel, int header, int[] out) {
        if (hopLimit == 0) {
            return raw(node, inChannel, header, out);
        }
        int n = graph.nodes();
        int d = header % n;
        int left = hopLimit - header / n - 1;
        int k = raw(node, inChannel, d, out);
        int kept = 0;
        for (int j = 0; j < k; j++) {
            if (rem[out[j]][d] <= left) {
                out[kept++] = out[j];
            }
        }
        return kept;
    }

    /** The hop limit, 0 for none. */
    public int hopLimit() {
        return hopLimit;
    }

    /**
     * The key of a route for VC class {@code vcClass} at {@code node} (arrived on {@code inChannel}, or
     * -1 for a route that holds whatever the packet arrived on) for {@code destination}.
     */
    public static long classKey(Topology graph, int vcClass, int node, int inChannel, int destination) {
        int state = inChannel >= 0 ? inChannel : graph.channels() + node;
        return ((long) vcClass * (graph.channels() + graph.nodes()) + state) * graph.nodes() + destination;
    }

    /** One more than the largest VC class a route names; 0 when no route names a class. */
    public int classes() {
        return classes;
    }

    /** Class routes first (with the in-channel, then without), then the routes without a class. */
    @Override
    public int candidates(int node, int inChannel, int header, int vcClass, int[] out) {
        if (byClass.isEmpty() || vcClass < 0) {
            return candidates(node, inChannel, header, out);
        }
        int[] c = inChannel >= 0 ? byClass.get(classKey(graph, vcClass, node, inChannel, header)) : null;
        if (c == null) {
            c = byClass.get(classKey(graph, vcClass, node, -1, header));
        }
        if (c == null) {
            return raw(node, inChannel, header, out);
        }
        System.arraycopy(c, 0, out, 0, c.length);
        return c.length;
    }

    /** The table's candidates for a packet bound for {@code destination}, without the hop limit (with class routes: every class's, together). */
    private int raw(int node, int inChannel, int header, int[] out) {
        if (!byClass.isEmpty()) {
            return union(node, inChannel, header, out);
        }
        return plain(node, inChannel, header, out);
    }

    private int union(int node, int inChannel, int header, int[] out) {
        int k = plain(node, inChannel, header, out);
        for (int cls = 0; cls < classes; cls++) {
            int[] c = inChannel >= 0 ? byClass.get(classKey(graph, cls, node, inChannel, header)) : null;
            if (c == null) {
                c = byClass.get(classKey(graph, cls, node, -1, header));
            }
            if (c == null) {
                continue;
            }
            for (int x : c) {
                boolean seen = false;
                for (int j = 0; j < k; j++) {
                    seen |= out[j] == x;
                }
                if (!seen) {
                    out[k++] = x;
                }
            }
        }
        return k;
    }

    private int plain(int node, int inChannel, int header, int[] out) {
        int[] c = null;
        if (inChannel >= 0 && !byInput.isEmpty()) {
            c = byInput.get((long) inChannel * graph.nodes() + header);
        }
        if (c == null && inChannel >= 0 && !keyed.isEmpty()) {
            long at = (long) node * graph.nodes() + header;
            if (keyed.contains(at) && !defaults.contains(at)) {
                return 0; // arrivals without an entry of their own: a from-less entry covers them only as a default
            }
        }
        if (c == null) {
            c = table[node][header];
        }
        if (c == null) {
            return 0;
        }
        System.arraycopy(c, 0, out, 0, c.length);
        return c.length;
    }

    /**
     * Why the table offers a packet at {@code node} (arrived on {@code inChannel}, -1 injected) for
     * {@code header} no candidate: the entry that says {@code next: []}, or the entry missing.
     */
    @Override
    public String noRouteNote(int node, int inChannel, int header) {
        return noRoute(node, inChannel, destinationOf(header));
    }

    @Override
    public int maxCandidates() {
        return maxCandidates;
    }

    /** Hops on the graph's shortest path. */
    @Override
    public int distance(int node, int destination) {
        return distance[node][destination];
    }

    @Override
    public boolean minimal() {
        return minimal;
    }

    @Override
    public String name() {
        return name;
    }

    /** {@code R}, or {@code (N+1)*R} with a hop limit N. */
    @Override
    public int headers() {
        return graph.nodes() * (hopLimit + 1);
    }

    /** With a hop limit, the hops taken grow by one. */
    @Override
    public int afterHop(int header, int channel) {
        return hopLimit == 0 ? header : header + graph.nodes();
    }

    @Override
    public int destinationOf(int header) {
        return header % graph.nodes();
    }

    @Override
    public int exitNode(int header) {
        return header % graph.nodes();
    }

    /** {@code d}, or {@code d after 2 hops} with a hop limit. */
    @Override
    public String headerName(int header, flowproof.topology.Topology topology) {
        String d = topology.nodeName(destinationOf(header));
        int h = header / graph.nodes();
        return hopLimit == 0 ? d : d + " after " + h + (h == 1 ? " hop" : " hops");
    }

    /** {@code routing: shortest-path}: every shortest path of a graph. */
    @AutoService(RoutingFactory.class)
    public static final class ShortestPathFactory implements RoutingFactory {
        @Override
        public String name() {
            return "shortest-path";
        }

        @Override
        public RoutingFunction create(Topology topology, PluginParams params) {
            return shortestPath(topology);
        }

        @Override
        public List<Param> params() {
            return RoutingParams.NONE;
        }

        @Override
        public String refuses(Topology topology) {
            return topology.takesAnyRouting() ? null : "is for graphs and topologies of your own";
        }
    }
}
