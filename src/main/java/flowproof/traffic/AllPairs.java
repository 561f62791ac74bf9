package flowproof.traffic;

import java.util.AbstractList;
import java.util.RandomAccess;

/**
 * The pairs {source, destination} of all-pairs traffic over a list of endpoints, computed on
 * demand instead of stored: sources in increasing order, each with every other endpoint in
 * increasing order (the order {@link TrafficPattern#pairs} always gave), or with {@code self}
 * every endpoint including itself (a {@link flowproof.topology.Fly}'s, whose packets to their
 * own endpoint cross the network: {@link flowproof.topology.Topology#selfPairsCross}). A 128x128 torus has
 * 268,419,072 such pairs, which as {@code int[2]} arrays would not fit a modest heap even when
 * the command (e.g. {@code simulate}) never reads them. Immutable.
 */
final class AllPairs extends AbstractList<int[]> implements RandomAccess {

    private final int[] endpoints;
    private final int size;
    private final boolean self;

    /**
     * @param endpoints node ids of the endpoints; at most 46,341 of them, so that the pairs
     *     can be counted by an {@code int}
     */
    AllPairs(int[] endpoints) {
        this(endpoints, false);
    }

    /** With {@code self}: each endpoint's pair with itself too. */
    AllPairs(int[] endpoints, boolean self) {
        long count = (long) endpoints.length * (endpoints.length - (self ? 0 : 1));
        if (count > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("too many endpoints for all-pairs: " + endpoints.length);
        }
        this.endpoints = endpoints.clone();
        this.size = (int) count;
        this.self = self;
    }

    @Override
    public int[] get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index);
        }
        if (self) {
            return new int[] {endpoints[index / endpoints.length], endpoints[index % endpoints.length]};
        }
        int others = endpoints.length - 1;
        int s = index / others;
        int d = index % others;
        return new int[] {endpoints[s], endpoints[d < s ? d : d + 1]};
    }

    @Override
    public int size() {
        return size;
    }
}
