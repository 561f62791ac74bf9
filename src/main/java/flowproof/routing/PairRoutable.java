package flowproof.routing;

import java.util.List;

/**
 * A routing function whose routability depends on which pairs it must route: a routing table
 * or a turn model may leave pairs without a route, which matters only when the traffic sends
 * them. The spec reader calls {@link #checkRoutable} with the traffic's pairs (and, with message
 * classes, the answers' way back) once they are read (issue 47: routability over the traffic's
 * pairs, not every pair of endpoints).
 */
public interface PairRoutable {

    /**
     * Every (source, destination) pair of {@code pairs} has a route, and every route the function
     * allows from the source reaches the destination.
     *
     * @throws flowproof.ConfigurationException one line naming the first pair, router and in-channel
     *     without a route
     */
    void checkRoutable(List<int[]> pairs);
}
