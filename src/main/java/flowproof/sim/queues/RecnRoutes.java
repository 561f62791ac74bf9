package flowproof.sim.queues;

/**
 * RECN-IQ's membership test (seed 002, section 2; Mora et al., RECN-IQ): a packet belongs to a
 * set-aside queue when its explicit route crosses the queue's congested point. With
 * deterministic routing the route from a channel to a destination is unique, so the route
 * to a congested point (RECN's "turnpool" of hops, kept in the CAM line) is named by that
 * point's channel id, and a packet crosses it exactly when the walk of the routing table
 * from the channel it is on towards its destination reaches that channel. RECN-IQ carries
 * the route in the packet header (source routing); the walk reads the same route from the
 * table that generated it.
 */
final class RecnRoutes {

    private final int[] route;
    private final int[] target;
    private final int[] hostOf;
    private final int terminals;

    /**
     * @param route     next channel by {@code node * terminals + destination}, -1 at the destination's host
     * @param target    the node each channel enters
     * @param hostOf    the node of each destination terminal
     * @param terminals the destination terminals
     */
    RecnRoutes(int[] route, int[] target, int[] hostOf, int terminals) {
        this.route = route;
        this.target = target;
        this.hostOf = hostOf;
        this.terminals = terminals;
    }

    /**
     * Whether a packet for {@code d} on channel {@code channel} (at the input port it ends in,
     * or about to be sent on it) will later leave a switch through channel {@code root}.
     */
    boolean crosses(int channel, int d, int root) {
        int host = hostOf[d];
        for (int v = target[channel]; v != host; ) {
            int c = route[v * terminals + d];
            if (c == root) {
                return true;
            }
            if (c < 0) {
                return false;
            }
            v = target[c];
        }
        return false;
    }
}
