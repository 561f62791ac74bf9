package flowproof.routing;

import flowproof.topology.Topology;

/**
 * Chooses the physical channels a packet may take next. Virtual channels are not the
 * routing function's business beyond one split: a function with an escape sub-function
 * (Duato) names its escape channels separately, and those go on the escape VCs; every
 * other candidate may use any of the remaining VCs. The flow-control rule decides which
 * of them admit the packet.
 *
 * <p>A packet carries a <em>header</em>: the routing state it needs. For most functions
 * the header is simply the destination node ({@code 0..nodes-1}). Non-minimal functions
 * carry more: UGAL's Valiant branch carries its intermediate router or group until it
 * gets there ({@link #afterHop} then rewrites the header to the plain destination). The
 * explorer stores headers in its packed states, so two packets with equal headers are
 * indistinguishable.
 *
 * <p>Adaptive functions return several candidates; the explorer treats the choice as
 * nondeterministic, the simulator picks by its selection policy. Implementations are
 * immutable and shared by every engine.
 */
public interface RoutingFunction {

    /**
     * Writes the candidate next channels of a packet at {@code node} with {@code header}
     * (never one that {@link #exitNode exits} at {@code node}), that arrived on
     * {@code inChannel} (-1 when it is being injected at {@code node}) into {@code out},
     * and returns how many there are. With an escape sub-function these are the adaptive
     * candidates only.
     */
    int candidates(int node, int inChannel, int header, int[] out);

    /**
     * As {@link #candidates(int, int, int, int[])} for a packet in VC class {@code vcClass} (the class of
     * the queue it is in, or its start class when being injected), when a
     * {@link ClassedRouting VC-class function} knows it. Only routing tables keyed by class
     * ({@code class:} in a route) answer differently; the four-argument form then returns the
     * candidates of every class together.
     */
    default int candidates(int node, int inChannel, int header, int vcClass, int[] out) {
        return candidates(node, inChannel, header, out);
    }

    /** The largest number of candidates {@link #candidates} (or the escape function) ever returns. */
    int maxCandidates();

    /** Hops from {@code node} to {@code destination} along this routing function's minimal route. */
    int distance(int node, int destination);

    /**
     * Whether no packet can ever return to a (channel, header) pair it has left: every
     * hop decreases a measure of the remaining route. True for minimal functions, and for
     * UGAL, whose Valiant branch is minimal to the intermediate and then minimal to the
     * destination. Forward moves then form an acyclic graph.
     */
    boolean minimal();

    /** Registry name, as written in spec files. */
    String name();

    /** Number of distinct headers; headers are {@code 0..headers()-1}, the first {@code nodes} are destinations. */
    int headers();

    /**
     * The headers a packet from {@code source} to {@code destination} may start with,
     * written into {@code out}; returns how many. One (the destination) unless the function
     * chooses a route at the source, as UGAL chooses between the minimal route and a
     * Valiant route through each intermediate.
     */
    default int injectHeaders(int source, int destination, int[] out) {
        out[0] = destination;
        return 1;
    }

    /** The largest number of headers {@link #injectHeaders} ever returns. */
    default int maxInjectHeaders() {
        return 1;
    }

    /** The header of a packet after it crosses {@code channel} (arrives at its target). */
    /**
     * Whether a source picks one of its {@link #injectHeaders} uniformly at random (an
     * oblivious choice: Valiant's intermediate, DOR's random tie) rather than by the network's
     * state (UGAL). The verification engines explore every header either way. False by default.
     */
    default boolean randomHeader() {
        return false;
    }

    default int afterHop(int header, int channel) {
        return header;
    }

    /**
     * The header after a hop over {@code channel} by a packet that arrived on {@code inChannel}
     * (-1: the hop out of its source). Engines call this form; it differs from
     * {@link #afterHop(int, int)} only for functions that track where a packet has been, as a
     * {@link ClassedRouting VC-class function} does.
     */
    default int afterHop(int header, int inChannel, int channel) {
        return afterHop(header, channel);
    }

    /**
     * Whether a packet may occupy VC {@code vc} with {@code header} (its header after the hop into
     * that queue). True for every VC unless the function selects VC classes ({@link ClassedRouting})
     * or maps message classes to VCs ({@link MessageRouting}).
     * The flow-control rule's VC discipline ({@link flowproof.rule.FlowControlRule#mayUse}) applies as well.
     */
    default boolean allowsVc(int header, int vc) {
        return true;
    }

    /**
     * The name of the route a packet with this header is on, as a VC-class function's
     * {@code start} and {@code route} conditions name it: {@code minimal} by default; UGAL says
     * {@code valiant} while its packet heads to its intermediate; XY-YX says {@code xy} or {@code yx}.
     */
    default String routeName(int header) {
        return "minimal";
    }

    /**
     * Whether a packet to its own router may cross the network (Valiant with
     * {@code draw: per-router}: out to an intermediate and back), so that all-pairs traffic
     * includes each router's pair with itself, as on a topology whose self pairs cross
     * ({@link flowproof.topology.Topology#selfPairsCross}). False by default.
     */
    default boolean selfPairsCross() {
        return false;
    }

    /**
     * Why {@link #candidates} offers a packet at {@code node} (arrived on {@code inChannel}, -1 when
     * being injected) with {@code header} no candidate, for the one-line routing error; null when
     * there is nothing to add (the default). A routing table names the entry that says
     * {@code next: []} or the entry that is missing.
     */
    default String noRouteNote(int node, int inChannel, int header) {
        return null;
    }

    /** The destination node of a packet with this header. */
    default int destinationOf(int header) {
        return header;
    }

    /** The node where a packet with this header leaves the network, or -1 while it must still travel (Valiant phase). */
    default int exitNode(int header) {
        return header;
    }

    /** e.g. {@code 3} for a destination, {@code 3 via 5} for a Valiant header. */
    default String headerName(int header, Topology topology) {
        return topology.nodeName(destinationOf(header));
    }

    /**
     * Whether the function commutes with every translation of its topology
     * ({@link Topology#translations}) when headers are destinations: translating a packet's
     * position and destination translates its candidates. False by default; the explorer's
     * symmetry reduction checks the claim on every (queue, header) before relying on it.
     */
    default boolean translationInvariant() {
        return false;
    }

    /**
     * Whether the function commutes with the topology's reflection along {@code dimension}
     * ({@link Topology#reflection}) when headers are destinations. False by default; as for
     * translations, the explorer checks the claim on every (queue, header) and injection and
     * throws when it is false.
     */
    default boolean reflectionInvariant(int dimension) {
        return false;
    }

    /** Whether the function has an escape sub-function (Duato's R1) on dedicated escape VCs. */
    default boolean hasEscape() {
        return false;
    }

    /**
     * The channels of the escape sub-function for the packet, as {@link #candidates}; only
     * called when {@link #hasEscape}. The escape function must be connected: it offers a
     * channel for every packet that has not arrived, wherever it is.
     */
    default int escapeCandidates(int node, int inChannel, int header, int[] out) {
        return 0;
    }
}
