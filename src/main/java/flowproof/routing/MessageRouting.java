package flowproof.routing;

import flowproof.topology.Topology;
import java.util.List;

/**
 * Message classes (spec field {@code messages:}, see docs/messages.md): a chain of classes
 * {@code 0..L-1} where consuming a message of class {@code c < L-1} at its destination
 * generates one message of class {@code c+1} there, addressed to the consumed message's
 * source; the last class is the sink (consumed without generating anything). Traffic pairs
 * inject messages of class 0. Each class travels on its own set of VCs (shared sets: one
 * virtual network for several classes).
 *
 * <p>This wraps the spec's routing function: a header carries the class, for a non-sink
 * class the message's source (where its answer goes), and the inner routing function's
 * header. Encoding, with {@code N} nodes and {@code H} inner headers:
 * class {@code c < L-1}: {@code (c * N + source) * H + inner}; the sink class:
 * {@code (L-1) * N * H + inner}. Class-0 messages from node 0 thus keep the inner headers
 * unchanged. Routes are the inner function's, restricted to the class's VCs
 * ({@link #allowsVc}); endpoint queues hold {@link #endpointQueue} messages per class.
 */
public final class MessageRouting implements RoutingFunction {

    private final RoutingFunction inner;
    private final List<String> classes;
    private final boolean[][] vcAllowed;
    private final int endpointQueue;
    private final int nodes;
    private final int innerHeaders;
    private final int last;

    /**
     * @param classes       class names in chain order (the first is injected by traffic, the last is the sink)
     * @param vcs           for every class, the VCs it may use
     * @param endpointQueue messages per endpoint queue (input and output queue of every class at every node)
     */
    public MessageRouting(RoutingFunction inner, int nodes, List<String> classes, int[][] vcs, int totalVcs,
                          int endpointQueue) {
        if (classes.size() < 2 || vcs.length != classes.size() || endpointQueue < 1) {
            throw new IllegalArgumentException("message classes: at least 2 classes, VCs for each, endpoint queues >= 1");
        }
        if (inner instanceof MessageRouting || inner.hasEscape()) {
            throw new IllegalArgumentException("message classes over " + inner.name());
        }
        this.inner = inner;
        this.classes = List.copyOf(classes);
        this.endpointQueue = endpointQueue;
        this.nodes = nodes;
        this.innerHeaders = inner.headers();
        this.last = classes.size() - 1;
        this.vcAllowed = new boolean[classes.size()][totalVcs];
        for (int c = 0; c < vcs.length; c++) {
            if (vcs[c].length == 0) {
                throw new IllegalArgumentException("class " + classes.get(c) + " has no VC");
            }
            for (int v : vcs[c]) {
                vcAllowed[c][v] = true;
            }
        }
        long h = (long) last * nodes * innerHeaders + innerHeaders;
        if (h > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException("too many message headers: " + h);
        }
    }

    public RoutingFunction inner() {
        return inner;
    }

    /** Number of classes in the chain. */
    public int classes() {
        return classes.size();
    }

    public List<String> classNames() {
        return classes;
    }

    public String className(int c) {
        return classes.get(c);
    }

    /** Messages per endpoint queue. */
    public int endpointQueue() {
        return endpointQueue;
    }

    /** Whether class {@code c} may travel on VC {@code vc}. */
    public boolean classUsesVc(int c, int vc) {
        return vcAllowed[c][vc];
    }

    /** The class of a header. */
    public int classOf(int header) {
        int c = header / (nodes * innerHeaders);
        return Math.min(c, last);
    }

    /** The source a non-sink message carries (where its answer goes), -1 for the sink class. */
    public int sourceOf(int header) {
        int c = classOf(header);
        return c == last ? -1 : (header / innerHeaders) % nodes;
    }

    /** The inner routing function's header. */
    public int innerOf(int header) {
        return header % innerHeaders;
    }

    /** The header of a class-{@code c} message from {@code source} with inner header {@code inner}. */
    public int header(int c, int source, int innerHeader) {
        return c == last ? last * nodes * innerHeaders + innerHeader : (c * nodes + source) * innerHeaders + innerHeader;
    }

    /**
     * The headers a class-{@code c} message from {@code source} to {@code destination} may be
     * injected with (the inner function's choices), into {@code out}; returns how many.
     */
    public int messageHeaders(int c, int source, int destination, int[] out) {
        int n = inner.injectHeaders(source, destination, out);
        for (int i = 0; i < n; i++) {
            out[i] = header(c, source, out[i]);
        }
        return n;
    }

    @Override
    public int injectHeaders(int source, int destination, int[] out) {
        return messageHeaders(0, source, destination, out);
    }

    @Override
    public int maxInjectHeaders() {
        return inner.maxInjectHeaders();
    }

    /** The wrapped function's: an oblivious choice at the source (DOR's random tie) stays one. */
    @Override
    public boolean randomHeader() {
        return inner.randomHeader();
    }

    /** The wrapped function's. */
    @Override
    public boolean selfPairsCross() {
        return inner.selfPairsCross();
    }

    /** The VCs of the message's class (a hop keeps the class), and of the inner function's choice. */
    @Override
    public boolean allowsVc(int header, int vc) {
        return vcAllowed[classOf(header)][vc] && inner.allowsVc(innerOf(header), vc);
    }

    @Override
    public int afterHop(int header, int inChannel, int channel) {
        int c = classOf(header);
        return header(c, c == last ? 0 : sourceOf(header), inner.afterHop(innerOf(header), inChannel, channel));
    }

    @Override
    public String routeName(int header) {
        return inner.routeName(innerOf(header));
    }

    @Override
    public int candidates(int node, int inChannel, int header, int[] out) {
        return inner.candidates(node, inChannel, innerOf(header), out);
    }

    @Override
    public int maxCandidates() {
        return inner.maxCandidates();
    }

    @Override
    public int distance(int node, int destination) {
        return inner.distance(node, destination);
    }

    @Override
    public boolean minimal() {
        return inner.minimal();
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public int headers() {
        return last * nodes * innerHeaders + innerHeaders;
    }

    @Override
    public int afterHop(int header, int channel) {
        int c = classOf(header);
        return header(c, c == last ? 0 : sourceOf(header), inner.afterHop(innerOf(header), channel));
    }

    @Override
    public int destinationOf(int header) {
        return inner.destinationOf(innerOf(header));
    }

    @Override
    public int exitNode(int header) {
        return inner.exitNode(innerOf(header));
    }

    @Override
    public String noRouteNote(int node, int inChannel, int header) {
        return inner.noRouteNote(node, inChannel, innerOf(header));
    }

    /** e.g. {@code 2 request from 0}, {@code 0 reply}. */
    @Override
    public String headerName(int header, Topology topology) {
        int c = classOf(header);
        return inner.headerName(innerOf(header), topology) + " " + classes.get(c)
            + (c == last ? "" : " from " + topology.nodeName(sourceOf(header)));
    }
}
