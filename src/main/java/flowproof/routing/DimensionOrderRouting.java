package flowproof.routing;

import flowproof.topology.Torus;

/**
 * Dimension-order routing on a k-ary n-cube: correct the lowest dimension first. In a
 * bidirectional torus dimension take the shorter direction, and on a tie (distance
 * exactly k/2) the one {@link Tie} says (the positive one by default); in a unidirectional
 * dimension always go positive; in a mesh go towards the destination.
 *
 * <p>The tie is part of the routing function, so every engine (explorer, CDG, CP-SAT,
 * simulator) routes it alike. {@link Tie#RANDOM} is the one choice made per packet: its
 * headers are the destination and a tie bit ({@code destination + bit * nodes}), the source
 * offers both headers when some dimension is tied ({@link #injectHeaders}), the verification
 * engines check both (every packet may go either way, a superset of any random draw), and the
 * simulator draws one per packet uniformly ({@link #randomHeader}).
 */
public final class DimensionOrderRouting implements RoutingFunction {

    /** The direction DOR takes at distance exactly k/2 in a bidirectional torus dimension. */
    public enum Tie {
        /** Always + (flowproof's DOR until now; uniform traffic then loads + channels more). */
        PLUS("plus"),
        /**
         * + from a router whose coordinate in the dimension is even, - from an odd one: the router
         * where a packet enters the dimension has its source's coordinate in it, so this is the
         * tie balanced by the source's parity, decided by the router alone.
         */
        PARITY("parity"),
        /** + or - drawn per packet at its source (one draw for every tied dimension). */
        RANDOM("random");

        private final String key;

        Tie(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        public static Tie of(String key) {
            for (Tie t : values()) {
                if (t.key.equals(key)) {
                    return t;
                }
            }
            return null;
        }
    }

    private final Torus torus;
    private final Tie tie;
    private final int nodes;

    public DimensionOrderRouting(Torus torus) {
        this(torus, Tie.PLUS);
    }

    public DimensionOrderRouting(Torus torus, Tie tie) {
        this.torus = torus;
        this.tie = tie;
        this.nodes = torus.nodes();
    }

    public Tie tie() {
        return tie;
    }

    /**
     * DOR looks only at coordinate differences, so it commutes with every translation of a
     * torus; the parity tie does not (an odd shift turns it around), and the random tie's
     * headers are not destinations (the explorer translates destinations).
     */
    @Override
    public boolean translationInvariant() {
        return tie == Tie.PLUS;
    }

    /**
     * On a bidirectional torus with odd radix in {@code dimension} no destination is at
     * distance exactly k/2, so DOR takes the unique shorter direction, which the reflection
     * reverses along with the channels: it commutes. With even radix the tie goes to +,
     * which the reflection would turn into -: no symmetry. The order of dimensions is kept
     * by a reflection. Unidirectional tori have no reflection; meshes none built.
     */
    @Override
    public boolean reflectionInvariant(int dimension) {
        return tie != Tie.RANDOM && torus.hasWrapAround() && torus.bidirectional() && dimension >= 0 && dimension < torus.dimensions()
            && torus.radix(dimension) % 2 == 1;
    }

    @Override
    public int candidates(int node, int inChannel, int header, int[] out) {
        int destination = header % nodes;
        for (int i = 0; i < torus.dimensions(); i++) {
            int sign = direction(node, destination, i);
            if (sign == 2) {
                sign = header >= nodes ? -1 : 1;
            }
            if (sign != 0) {
                out[0] = torus.channel(node, i, sign);
                return 1;
            }
        }
        return 0;
    }

    /**
     * The direction DOR takes in dimension {@code i} from node to destination: +1, -1 or 0; 2
     * for a tie that the packet's header decides ({@link Tie#RANDOM}).
     */
    int direction(int node, int destination, int i) {
        int c = torus.coordinate(node, i);
        int t = torus.coordinate(destination, i);
        if (c == t) {
            return 0;
        }
        if (!torus.hasWrapAround()) {
            return t > c ? 1 : -1;
        }
        if (!torus.bidirectional()) {
            return 1;
        }
        int k = torus.radix(i);
        int plus = Math.floorMod(t - c, k);
        if (plus != k - plus) {
            return plus < k - plus ? 1 : -1;
        }
        return switch (tie) {
            case PLUS -> 1;
            case PARITY -> c % 2 == 0 ? 1 : -1;
            case RANDOM -> 2;
        };
    }

    /** Whether some dimension from {@code source} to {@code destination} is tied at k/2 (random tie only). */
    private boolean tied(int source, int destination) {
        for (int i = 0; i < torus.dimensions(); i++) {
            if (direction(source, destination, i) == 2) {
                return true;
            }
        }
        return false;
    }

    @Override
    public int maxCandidates() {
        return 1;
    }

    @Override
    public int injectHeaders(int source, int destination, int[] out) {
        out[0] = destination;
        if (tie != Tie.RANDOM || !tied(source, destination)) {
            return 1;
        }
        out[1] = destination + nodes;
        return 2;
    }

    @Override
    public int maxInjectHeaders() {
        return tie == Tie.RANDOM ? 2 : 1;
    }

    /** The random tie's two headers are equally likely: the simulator draws one per packet. */
    @Override
    public boolean randomHeader() {
        return tie == Tie.RANDOM;
    }

    @Override
    public int destinationOf(int header) {
        return header % nodes;
    }

    @Override
    public int exitNode(int header) {
        return header % nodes;
    }

    @Override
    public String headerName(int header, flowproof.topology.Topology topology) {
        String d = topology.nodeName(header % nodes);
        return tie != Tie.RANDOM ? d : d + (header >= nodes ? " (tie -)" : " (tie +)");
    }

    @Override
    public int distance(int node, int destination) {
        int hops = 0;
        for (int i = 0; i < torus.dimensions(); i++) {
            int c = torus.coordinate(node, i);
            int t = torus.coordinate(destination, i);
            int sign = direction(node, destination, i);
            if (sign == 2) {
                sign = 1; // either way: k/2 hops
            }
            if (sign > 0) {
                hops += torus.hasWrapAround() ? Math.floorMod(t - c, torus.radix(i)) : t - c;
            } else if (sign < 0) {
                hops += torus.hasWrapAround() ? Math.floorMod(c - t, torus.radix(i)) : c - t;
            }
        }
        return hops;
    }

    @Override
    public boolean minimal() {
        return true;
    }

    @Override
    public int headers() {
        return tie == Tie.RANDOM ? 2 * nodes : nodes;
    }

    @Override
    public String name() {
        return tie == Tie.PLUS ? "dor" : "dor(tie=" + tie.key() + ")";
    }
}
