package flowproof.fabric;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.KosarajuStrongConnectivityInspector;
import org.jgrapht.graph.DefaultDirectedGraph;
import org.jgrapht.graph.DefaultEdge;

/**
 * The credit-loop check of a fabric's installed routes: every CA port to every LID of every
 * other CA port, walked through the switches' forwarding tables, on the VL that each hop's
 * SL-to-VL table gives for the path's SL. A channel is a link leaving a port on one VL; a
 * route that holds a channel and asks for the next one adds a dependency. A cycle of
 * dependencies is a credit loop (the packets on it can each wait for the next one's credits
 * forever); with none, the routes are deadlock-free (Dally and Seitz). The strongly connected
 * components of the dependency graph (JGraphT) are found, and for each one that is cyclic a
 * shortest loop through it, link by link, with the routes that make each of its dependencies.
 */
public final class CreditLoops {

    /** A link leaving {@code node} by {@code port} on {@code vl}. */
    public record Channel(int node, int port, int vl) {
    }

    /** One route that makes a dependency: from endpoint {@code src} to {@code dlid}. */
    public record Route(int src, int dlid, int sl) {
    }

    /** A dependency of a loop: from one channel to the next, with the routes that make it. */
    public record Dependency(Channel from, Channel to, long routes, List<Route> examples) {
    }

    /**
     * A shortest loop through a channel of a cyclic part of the dependency graph (a strongly
     * connected component, numbered from 0), with the part's channels and dependencies.
     */
    public record Loop(int part, int channels, int dependencies, Set<Integer> vls, List<Dependency> loop) {
    }

    /** A route that does not reach its destination. */
    public record Broken(Route route, String why) {
    }

    private final Fabric f;
    private final int[] base;
    private final int channels;
    private final int[] chNode;
    private final int[] chPort;
    /** [channel]: the next channels a route asks for, by (out port * 16 + vl) at the channel's far end. */
    private final BitSet[] next;
    private long routes;
    private long hops;
    private final List<Broken> broken = new ArrayList<>();
    private long brokenCount;
    private final List<Loop> loops = new ArrayList<>();
    private int dependencyCount;
    private final Set<Integer> vlsUsed = new TreeSet<>();
    private final int examples;
    private final int maxLoops;
    /** Channels on a cycle: their part. */
    private final Map<Integer, Integer> partOf = new HashMap<>();
    /** [part]: channels, dependencies. */
    private final List<int[]> parts = new ArrayList<>();
    private int uncovered;

    private CreditLoops(Fabric f, int examples, int maxLoops) {
        this.f = f;
        this.examples = examples;
        this.maxLoops = maxLoops;
        base = new int[f.nodes() + 1];
        for (int v = 0; v < f.nodes(); v++) {
            base[v + 1] = base[v] + f.ports(v) + 1;
        }
        channels = base[f.nodes()] * 16;
        chNode = new int[base[f.nodes()]];
        chPort = new int[base[f.nodes()]];
        for (int v = 0; v < f.nodes(); v++) {
            for (int p = 0; p <= f.ports(v); p++) {
                chNode[base[v] + p] = v;
                chPort[base[v] + p] = p;
            }
        }
        next = new BitSet[channels];
    }

    /**
     * Checks every CA-to-CA route of the fabric.
     *
     * @param examples how many routes to name for each dependency of a loop (all are counted)
     * @param maxLoops how many loops to list at most: a shortest loop through each channel of a
     *     cyclic part that no loop listed before passes, part by part
     */
    public static CreditLoops check(Fabric f, int examples, int maxLoops) {
        CreditLoops c = new CreditLoops(f, examples, maxLoops);
        c.walkAll(null, null);
        c.findLoops();
        return c;
    }

    private int channel(int node, int port, int vl) {
        return (base[node] + port) * 16 + vl;
    }

    /** The channel by its index. */
    public Channel channelOf(int c) {
        return new Channel(chNode[c / 16], chPort[c / 16], c % 16);
    }

    /**
     * Walks every route; with {@code watch} set, also collects for each watched dependency
     * ({@code from * channels + to}) its count and first routes.
     */
    private void walkAll(Map<Long, long[]> watch, Map<Long, List<Route>> found) {
        int lids = 1 << f.lmc();
        int[] stack = new int[f.nodes() + 2];
        for (int src = 0; src < f.endpoints(); src++) {
            for (int dst = 0; dst < f.endpoints(); dst++) {
                if (dst == src) {
                    continue;
                }
                for (int k = 0; k < lids; k++) {
                    int dlid = f.endpointLid(dst) + k;
                    walk(src, dlid, stack, watch, found);
                }
            }
        }
    }

    private void walk(int src, int dlid, int[] stack, Map<Long, long[]> watch, Map<Long, List<Route>> found) {
        int sl = f.pathSl(src, dlid);
        int node = f.endpointNode(src);
        int port = f.endpointPort(src);
        int vl = f.vl(node, 0, port, sl);
        int prev = channel(node, port, vl);
        if (watch == null) {
            routes++;
            vlsUsed.add(vl);
        }
        int steps = 0;
        while (true) {
            int at = f.peer(node, port);
            if (at < 0) {
                fail(watch, src, dlid, sl, f.name(node) + " port " + port + " has no active link");
                return;
            }
            int in = f.peerPort(node, port);
            if (!f.isSwitch(at)) {
                int e = f.endpointOfLid(dlid);
                if (e < 0 || f.endpointNode(e) != at || f.endpointPort(e) != in) {
                    fail(watch, src, dlid, sl, "delivered to " + f.name(at) + " port " + in + ", which has not LID "
                        + dlid);
                }
                return;
            }
            if (++steps > f.nodes()) {
                fail(watch, src, dlid, sl, "a forwarding loop (more hops than the fabric has nodes, through "
                    + f.name(at) + ")");
                return;
            }
            int out = f.outPort(at, dlid);
            if (out == Fabric.NO_PORT) {
                fail(watch, src, dlid, sl, f.name(at) + " has no forwarding entry for LID " + dlid);
                return;
            }
            if (out == 0) {
                fail(watch, src, dlid, sl, f.name(at) + " forwards LID " + dlid + " to itself (port 0)");
                return;
            }
            int nvl = f.vl(at, in, out, sl);
            if (nvl == 15) {
                fail(watch, src, dlid, sl, f.name(at) + " maps SL " + sl + " from port " + in + " to port " + out
                    + " onto VL 15 (dropped)");
                return;
            }
            int ch = channel(at, out, nvl);
            if (watch == null) {
                BitSet b = next[prev];
                if (b == null) {
                    b = next[prev] = new BitSet();
                }
                int key = out * 16 + nvl;
                if (!b.get(key)) {
                    b.set(key);
                    dependencyCount++;
                }
                hops++;
                vlsUsed.add(nvl);
            } else {
                long key = (long) prev * channels + ch;
                long[] n = watch.get(key);
                if (n != null) {
                    n[0]++;
                    List<Route> l = found.get(key);
                    if (l.size() < examples) {
                        l.add(new Route(src, dlid, sl));
                    }
                }
            }
            prev = ch;
            node = at;
            port = out;
        }
    }

    private void fail(Map<Long, long[]> watch, int src, int dlid, int sl, String why) {
        if (watch != null) {
            return;
        }
        brokenCount++;
        if (broken.size() < Math.max(examples, 10)) {
            broken.add(new Broken(new Route(src, dlid, sl), why));
        }
    }

    private int far(int c) {
        return f.peer(chNode[c / 16], chPort[c / 16]);
    }

    private void findLoops() {
        Graph<Integer, DefaultEdge> g = new DefaultDirectedGraph<>(DefaultEdge.class);
        for (int c = 0; c < channels; c++) {
            if (next[c] != null) {
                int at = far(c);
                g.addVertex(c);
                for (int k = next[c].nextSetBit(0); k >= 0; k = next[c].nextSetBit(k + 1)) {
                    int to = channel(at, k / 16, k % 16);
                    g.addVertex(to);
                    g.addEdge(c, to);
                }
            }
        }
        List<Set<Integer>> sccs = new KosarajuStrongConnectivityInspector<>(g).stronglyConnectedSets();
        List<int[]> cycles = new ArrayList<>();
        List<int[]> sizes = new ArrayList<>();
        List<Set<Integer>> vls = new ArrayList<>();
        sccs.sort((a, b) -> Integer.compare(a.stream().mapToInt(Integer::intValue).min().orElseThrow(),
            b.stream().mapToInt(Integer::intValue).min().orElseThrow()));
        int part = 0;
        for (Set<Integer> scc : sccs) {
            int first = scc.stream().mapToInt(Integer::intValue).min().orElseThrow();
            if (scc.size() == 1 && !g.containsEdge(first, first)) {
                continue;
            }
            int deps = 0;
            Set<Integer> v = new TreeSet<>();
            for (int c : scc) {
                v.add(c % 16);
                partOf.put(c, part);
                for (DefaultEdge e : g.outgoingEdgesOf(c)) {
                    deps += scc.contains(g.getEdgeTarget(e)) ? 1 : 0;
                }
            }
            parts.add(new int[] {scc.size(), deps});
            // a shortest loop through each channel of the part not yet on a loop listed: every channel on a
            // cycle is on one of them
            BitSet covered = new BitSet();
            for (int c : new TreeSet<>(scc)) {
                if (covered.get(c) || cycles.size() >= maxLoops) {
                    if (!covered.get(c)) {
                        uncovered++;
                    }
                    continue;
                }
                int[] cyc = shortestLoop(g, scc, c);
                for (int x : cyc) {
                    covered.set(x);
                }
                cycles.add(cyc);
                sizes.add(new int[] {part, scc.size(), deps});
                vls.add(v);
            }
            part++;
        }
        if (cycles.isEmpty()) {
            return;
        }
        Map<Long, long[]> watch = new HashMap<>();
        Map<Long, List<Route>> found = new HashMap<>();
        for (int[] cyc : cycles) {
            for (int i = 0; i < cyc.length; i++) {
                long key = (long) cyc[i] * channels + cyc[(i + 1) % cyc.length];
                watch.put(key, new long[1]);
                found.put(key, new ArrayList<>());
            }
        }
        walkAll(watch, found);
        for (int k = 0; k < cycles.size(); k++) {
            int[] cyc = cycles.get(k);
            List<Dependency> deps = new ArrayList<>();
            for (int i = 0; i < cyc.length; i++) {
                long key = (long) cyc[i] * channels + cyc[(i + 1) % cyc.length];
                deps.add(new Dependency(channelOf(cyc[i]), channelOf(cyc[(i + 1) % cyc.length]), watch.get(key)[0],
                    List.copyOf(found.get(key))));
            }
            loops.add(new Loop(sizes.get(k)[0], sizes.get(k)[1], sizes.get(k)[2], vls.get(k), deps));
        }
    }

    /** A shortest cycle through {@code start} inside {@code scc}, breadth first. */
    private static int[] shortestLoop(Graph<Integer, DefaultEdge> g, Set<Integer> scc, int start) {
        Map<Integer, Integer> parent = new HashMap<>();
        ArrayDeque<Integer> q = new ArrayDeque<>();
        q.add(start);
        parent.put(start, -1);
        int last = -1;
        while (!q.isEmpty() && last < 0) {
            int c = q.poll();
            List<Integer> outs = new ArrayList<>();
            for (DefaultEdge e : g.outgoingEdgesOf(c)) {
                outs.add(g.getEdgeTarget(e));
            }
            outs.sort(null);
            for (int t : outs) {
                if (t == start) {
                    last = c;
                    break;
                }
                if (scc.contains(t) && !parent.containsKey(t)) {
                    parent.put(t, c);
                    q.add(t);
                }
            }
        }
        List<Integer> path = new ArrayList<>();
        for (int c = last; c >= 0; c = parent.get(c)) {
            path.add(c);
        }
        java.util.Collections.reverse(path);
        return path.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The fabric checked. */
    public Fabric fabric() {
        return f;
    }

    /** Routes walked (source CA port, destination LID). */
    public long routes() {
        return routes;
    }

    /** Switch hops walked in all. */
    public long hops() {
        return hops;
    }

    /** Distinct dependencies between channels. */
    public int dependencies() {
        return dependencyCount;
    }

    /** The VLs the routes use. */
    public Set<Integer> vls() {
        return vlsUsed;
    }

    /** The cyclic components, each with a shortest loop, shortest first; empty when the routes are free of credit loops. */
    public List<Loop> loops() {
        return loops;
    }

    /** The cyclic parts (strongly connected components with a cycle): [channels, dependencies] each. */
    public List<int[]> parts() {
        return parts;
    }

    /** Channels on a cycle that no loop listed passes (after {@code maxLoops} loops). */
    public int uncovered() {
        return uncovered;
    }

    /** The cyclic part the channel lies on, or -1 when no credit loop passes it. */
    public int partOf(Channel c) {
        Integer p = partOf.get(channel(c.node(), c.port(), c.vl()));
        return p == null ? -1 : p;
    }

    /** Whether some route holds {@code a} and then asks for {@code b}. */
    public boolean depends(Channel a, Channel b) {
        int ca = channel(a.node(), a.port(), a.vl());
        if (next[ca] == null || far(ca) != b.node()) {
            return false;
        }
        return next[ca].get(b.port() * 16 + b.vl());
    }

    /** Routes that do not reach their destination (the first ones). */
    public List<Broken> broken() {
        return broken;
    }

    /** How many routes do not reach their destination. */
    public long brokenCount() {
        return brokenCount;
    }

    /** {@code S01 port 5 -> S00 port 4}: a channel's link, by names and ports. */
    public String link(Channel c) {
        int to = f.peer(c.node(), c.port());
        return f.name(c.node()) + " port " + c.port() + " -> " + (to < 0 ? "(no link)"
            : f.name(to) + " port " + f.peerPort(c.node(), c.port()));
    }

    /** {@code H00 -> LID 8 (H02)}: a route by names. */
    public String route(Route r) {
        int e = f.endpointOfLid(r.dlid());
        return f.endpointName(r.src()) + " -> " + (e < 0 ? "LID " + r.dlid() : f.endpointName(e)
            + (f.lmc() > 0 ? " (LID " + r.dlid() + ")" : "")) + (f.pathSlsGiven() ? " on SL " + r.sl() : "");
    }

    @Override
    public String toString() {
        return "CreditLoops" + Arrays.asList(routes, dependencyCount, loops.size());
    }
}
