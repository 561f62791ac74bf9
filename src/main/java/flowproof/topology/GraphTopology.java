package flowproof.topology;

import flowproof.ConfigurationException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Any network: routers by name and directed channels between them, read from a file
 * ({@code topology: {kind: graph, file: ...}} or {@code {kind: anynet, file: ...}}, see
 * {@code flowproof.spec.GraphFiles}).
 *
 * <p>A graph has no coordinates: every channel has dimension -1 and direction 0, none is a
 * wrap-around channel and there are no directional rings, so the rules that need rings
 * (the bubble rules) and datelines are refused on it; {@code vct} and {@code vc-per-hop}
 * apply. At most one channel runs from a router to another (a channel is named by its two
 * routers). Every router with terminals is an endpoint; all endpoints have the same number
 * of terminals ({@link #concentration}). Channels carry a latency in cycles (1 unless the
 * file says otherwise). Immutable.
 */
public final class GraphTopology implements Topology {

    /** The largest number of routers accepted. */
    public static final int MAX_ROUTERS = 4096;

    private final String source;
    private final String[] names;
    private final int[] src;
    private final int[] dst;
    private final int[] latency;
    private final boolean[] endpoint;
    private final int concentration;
    private final Map<Long, Integer> byPair = new HashMap<>();
    private final int[][] out;
    /** Where the file places each router (grid units, y upwards), or null. */
    private final double[] px;
    private final double[] py;

    /**
     * @param source the file it came from, for {@link #describe}
     * @param names router names, distinct
     * @param channels directed channels {@code [from, to, latency]} by router index
     * @param endpoint which routers have terminals (at least two)
     * @param concentration terminals per endpoint router
     * @throws ConfigurationException on a self-loop, a repeated channel or too few endpoints
     */
    public GraphTopology(String source, List<String> names, List<int[]> channels, boolean[] endpoint,
            int concentration) {
        this(source, names, channels, endpoint, concentration, null, null);
    }

    /**
     * As {@link #GraphTopology(String, List, List, boolean[], int)}, with where each router is
     * drawn ({@code positions} of a graph file: grid units, x to the right, y upwards), or null.
     */
    public GraphTopology(String source, List<String> names, List<int[]> channels, boolean[] endpoint,
            int concentration, double[] x, double[] y) {
        if ((x == null) != (y == null) || x != null && (x.length != names.size() || y.length != names.size())) {
            throw new ConfigurationException("positions", "a position for every router", x == null ? "none" : x.length
                + " positions for " + names.size() + " routers");
        }
        this.px = x == null ? null : x.clone();
        this.py = y == null ? null : y.clone();
        if (names.isEmpty() || names.size() > MAX_ROUTERS) {
            throw new ConfigurationException("routers", "1 to " + MAX_ROUTERS + " routers", names.size() + " routers");
        }
        this.source = source;
        this.names = names.toArray(new String[0]);
        int m = channels.size();
        src = new int[m];
        dst = new int[m];
        latency = new int[m];
        int[] degree = new int[names.size()];
        for (int c = 0; c < m; c++) {
            int[] ch = channels.get(c);
            if (ch[0] == ch[1]) {
                throw new ConfigurationException("channels", "a channel between two different routers",
                    "a channel from " + names.get(ch[0]) + " to itself");
            }
            if (byPair.put(key(ch[0], ch[1]), c) != null) {
                throw new ConfigurationException("channels", "at most one channel from a router to another",
                    "two from " + names.get(ch[0]) + " to " + names.get(ch[1]));
            }
            src[c] = ch[0];
            dst[c] = ch[1];
            latency[c] = ch.length > 2 ? ch[2] : 1;
            degree[ch[0]]++;
        }
        out = new int[names.size()][];
        for (int v = 0; v < out.length; v++) {
            out[v] = new int[degree[v]];
            degree[v] = 0;
        }
        for (int c = 0; c < m; c++) {
            out[src[c]][degree[src[c]]++] = c;
        }
        this.endpoint = endpoint.clone();
        long endpoints = java.util.stream.IntStream.range(0, endpoint.length).filter(v -> endpoint[v]).count();
        if (endpoints < 2) {
            throw new ConfigurationException("terminals", "at least two routers with terminals", endpoints + "");
        }
        this.concentration = concentration;
    }

    private long key(int from, int to) {
        return (long) from * MAX_ROUTERS + to;
    }

    /** The channel from {@code from} to {@code to}, or -1 when there is none. */
    public int channelTo(int from, int to) {
        Integer c = byPair.get(key(from, to));
        return c == null ? -1 : c;
    }

    /** The channels leaving a router, in increasing order. */
    public int[] outChannels(int node) {
        return out[node].clone();
    }

    /** The router with this name, or -1. */
    public int node(String name) {
        for (int v = 0; v < names.length; v++) {
            if (names[v].equals(name)) {
                return v;
            }
        }
        return -1;
    }

    /** The latency of a channel in cycles, 1 unless the file gave one. */
    @Override
    public int latency(int channel) {
        return latency[channel];
    }

    /**
     * Hops from every router to {@code destination} along directed channels
     * ({@link Integer#MAX_VALUE} when it cannot be reached).
     */
    public int[] distancesTo(int destination) {
        int[] d = new int[names.length];
        Arrays.fill(d, Integer.MAX_VALUE);
        d[destination] = 0;
        int[] queue = new int[names.length];
        int head = 0;
        int tail = 0;
        queue[tail++] = destination;
        while (head < tail) {
            int v = queue[head++];
            for (int c = 0; c < src.length; c++) {
                if (dst[c] == v && d[src[c]] == Integer.MAX_VALUE) {
                    d[src[c]] = d[v] + 1;
                    queue[tail++] = src[c];
                }
            }
        }
        return d;
    }

    @Override
    public int nodes() {
        return names.length;
    }

    @Override
    public int channels() {
        return src.length;
    }

    @Override
    public int source(int channel) {
        return src[channel];
    }

    @Override
    public int target(int channel) {
        return dst[channel];
    }

    /** -1: a graph has no dimensions. */
    @Override
    public int dimension(int channel) {
        return -1;
    }

    @Override
    public boolean isEndpoint(int node) {
        return endpoint[node];
    }

    @Override
    public int concentration() {
        return concentration;
    }

    /** The router's name in the file. */
    @Override
    public String nodeName(int node) {
        return names[node];
    }

    /** {@code a->b}: channels are named by their routers. */
    @Override
    public String channelName(int channel) {
        return names[src[channel]] + "->" + names[dst[channel]];
    }

    /** e.g. {@code graph net.yaml (8 routers, 24 channels)}. */
    @Override
    public String describe() {
        return "graph " + source + " (" + names.length + " routers, " + src.length + " channels)";
    }

    @Override
    public String kind() {
        return "graph";
    }

    /** The routers where the graph file places them ({@code positions}), or null: then drawn by a graph layout. */
    @Override
    public Placement placement() {
        if (px == null) {
            return null;
        }
        double top = Arrays.stream(py).max().orElse(0);
        double left = Arrays.stream(px).min().orElse(0);
        double[] x = new double[px.length];
        double[] y = new double[py.length];
        for (int v = 0; v < px.length; v++) {
            x[v] = px[v] - left;
            y[v] = top - py[v];
        }
        return new Placement("positions", x, y);
    }
}
