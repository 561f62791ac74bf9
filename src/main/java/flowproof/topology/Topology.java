package flowproof.topology;

/**
 * The routers and directed physical channels of a network.
 *
 * <p>Nodes are dense ints {@code 0..nodes()-1}; channels are dense ints
 * {@code 0..channels()-1}. A channel runs from {@link #source} to {@link #target};
 * its input queues (one per virtual channel) sit at the target. Channels that belong
 * to a dimension of a k-ary n-cube also belong to a <em>directional ring</em>: the
 * channels of one dimension, one direction, on one line of nodes.
 *
 * <p>Implementations are immutable and shared by every engine (explorer, CDG,
 * solver, simulator). A user's own implementation (a plugin: {@code topology: {class: C,
 * params: {...}}} or a {@link TopologyFactory}, see docs/plugins.md) overrides what its network
 * has beyond the required methods; {@link TopologyContract} checks it before any engine runs.
 */
public interface Topology {

    /** Number of routers. */
    int nodes();

    /** Number of directed physical channels between routers. */
    int channels();

    /** The router a channel leaves. */
    int source(int channel);

    /** The router a channel enters; the channel's input queues sit here. */
    int target(int channel);

    /** Dimension of a channel, or -1 for channels outside any dimension. */
    int dimension(int channel);

    /**
     * The latency of a channel in cycles, at least 1: 1 (the default), or the length a topology
     * gives its channels (a flattened butterfly's or a dragonfly's {@code channel-length}, a
     * graph channel's {@code latency}). The simulator adds it, less one, to a link's latency.
     */
    default int latency(int channel) {
        return 1;
    }

    /** +1 or -1: the direction of a dimensional channel, 0 otherwise (the default). */
    default int direction(int channel) {
        return 0;
    }

    /**
     * Whether the channel is the wrap-around channel of its ring (from k-1 to 0 going +,
     * from 0 to k-1 going -), the dateline of dateline schemes.
     */
    default boolean isWrapAround(int channel) {
        return false;
    }

    /** Number of directional rings (lines, for meshes); 0 (the default) for networks without rings. */
    default int rings() {
        return 0;
    }

    /** The directional ring a channel belongs to, or -1 (the default). */
    default int ringOf(int channel) {
        return -1;
    }

    /**
     * The channel of a ring whose target has the lowest coordinate along the ring's
     * dimension: where ring-wide state such as critical bubbles starts.
     */
    default int ringHome(int ring) {
        throw new IllegalArgumentException(describe() + " has no rings, asked for ring " + ring);
    }

    /** The channel from {@code from} in a dimension and direction, or -1 (the default, for networks without them). */
    default int channel(int from, int dimension, int direction) {
        return -1;
    }

    /** A short human name of a node, e.g. {@code 2} or {@code (2,1)}. */
    String nodeName(int node);

    /** A human name of a channel that identifies it uniquely, e.g. {@code (0,1)-d0+->(1,1)}. */
    default String channelName(int channel) {
        String dir = direction(channel) > 0 ? "+" : direction(channel) < 0 ? "-" : "";
        String dim = dimension(channel) >= 0 ? "d" + dimension(channel) + dir : "";
        return nodeName(source(channel)) + "-" + dim + "->" + nodeName(target(channel));
    }

    /**
     * Whether packets are injected at and delivered to this node. Every router of a torus,
     * a flattened butterfly or a dragonfly is an endpoint (its terminals, see
     * {@link #concentration}, are abstracted into it); in a butterfly or a BMIN only the
     * terminal nodes are, the switches are not. Traffic patterns range over endpoints.
     */
    default boolean isEndpoint(int node) {
        return true;
    }

    /** The endpoint nodes in increasing order. */
    default int[] endpoints() {
        return java.util.stream.IntStream.range(0, nodes()).filter(this::isEndpoint).toArray();
    }

    /**
     * Whether a packet from an endpoint to the same endpoint crosses the network: false (the
     * default) where it is delivered at the router it entered, so traffic patterns leave such
     * pairs out; true for a {@link Fly}, whose terminals inject at the first stage and are
     * delivered at the last, so all-pairs traffic includes them.
     */
    default boolean selfPairsCross() {
        return false;
    }

    /**
     * Terminals attached to every endpoint router (the concentration of a flattened
     * butterfly or a dragonfly; 1 elsewhere). The explorer and the channel dependency
     * graph route to routers, so a router's terminals share its queues and its label;
     * the simulator injects from each terminal separately.
     */
    default int concentration() {
        return 1;
    }

    /**
     * The translation group of the topology as node permutations ({@code perm[node]} is the
     * image of {@code node}), the identity first: every permutation maps each channel to a
     * channel of the same dimension and direction. Only the identity by default; a torus
     * has one translation per node. The explorer's symmetry reduction uses them only when
     * the routing function and the rule also declare themselves translation-invariant.
     */
    default java.util.List<int[]> translations() {
        return java.util.List.of(java.util.stream.IntStream.range(0, nodes()).toArray());
    }

    /**
     * The reflection along a dimension as an automorphism, or null (the default) when it is
     * none. On a bidirectional torus the reflection {@code x_d -> -x_d mod k_d} maps the +
     * channel of dimension d leaving u onto the - channel leaving the image of u (other
     * dimensions keep their direction); on a unidirectional torus it would reverse channels,
     * so it is no automorphism. The explorer's symmetry reduction composes the reflections
     * the routing function and the rule declare ({@code reflectionInvariant}) with the
     * translations.
     */
    default Automorphism reflection(int dimension) {
        return null;
    }

    /** One line describing the topology, e.g. {@code unidirectional torus 3x2}. */
    String describe();

    /**
     * What messages call this kind of network, e.g. {@code torus}: a built-in's key, and for a
     * user's topology {@code topology CLASS} (the default).
     */
    default String kind() {
        return "topology " + getClass().getName();
    }

    /**
     * Whether some channels are global (a dragonfly's, between groups) and the others local:
     * {@code vc-classes} steps may then name the sets {@code global} and {@code local}. False by default.
     */
    default boolean hasGlobalChannels() {
        return false;
    }

    /** Whether {@code channel} is global ({@link #hasGlobalChannels}); false by default. */
    default boolean isGlobal(int channel) {
        return false;
    }

    /**
     * Where pictures draw the routers, for a network with a layout of its own (the stages of a
     * butterfly, the levels of a fat tree), or null (the default): rings and grids are drawn by
     * their coordinates ({@link Grid}), anything else on a circle.
     */
    default Placement placement() {
        return null;
    }

    /**
     * Router positions in grid units.
     *
     * @param style what the layout is, e.g. {@code stages} or {@code levels}
     * @param x     per router, left to right
     * @param y     per router, top to bottom
     */
    record Placement(String style, double[] x, double[] y) {
    }

    /** The routing a spec gets when it names none: {@code shortest-path} (the default). */
    default String defaultRouting() {
        return "shortest-path";
    }

    /**
     * Whether the routings for any network (shortest-path, table, valiant) apply: true (the
     * default) for graphs and users' topologies; false for built-ins with routings of their own.
     */
    default boolean takesAnyRouting() {
        return true;
    }
}
