package flowproof.routing;

/**
 * Chooses the physical channels a packet may take next. Virtual channels are not the
 * routing function's business: every VC of a candidate channel is a candidate, and the
 * flow-control rule decides which of them admit the packet.
 *
 * <p>Adaptive functions return several candidates; the explorer treats the choice as
 * nondeterministic, the simulator picks by its selection policy.
 */
public interface RoutingFunction {

    /**
     * Writes the candidate next channels of a packet at {@code node}, destined to
     * {@code destination != node}, that arrived on {@code inChannel} (-1 when it is being
     * injected at {@code node}) into {@code out}, and returns how many there are.
     */
    int candidates(int node, int inChannel, int destination, int[] out);

    /** The largest number of candidates {@link #candidates} ever returns. */
    int maxCandidates();

    /** Hops from {@code node} to {@code destination} along this routing function. */
    int distance(int node, int destination);

    /**
     * Whether every hop decreases {@link #distance} by exactly one, so that packets cannot
     * circle: forward moves then form an acyclic graph.
     */
    boolean minimal();

    /** Registry name, as written in spec files. */
    String name();
}
