package flowproof.routing;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import flowproof.topology.Topology;
import java.util.List;
import flowproof.topology.Torus;

/**
 * Dimension-order routing on a k-ary n-cube: correct the lowest dimension first. In a
 * bidirectional torus dimension take the shorter direction, and on a tie (distance
 * exactly k/2) the one {@link Tie} says (the positive one by default); in a unidirectional
 * dimension always go positive; in a mesh go towards the destination.
 *
 * <p>The tie is part of the routing function, so every engine (explorer, CDG, CP-SAT,
 * simulator) routes it alike. {@link Tie#RANDOM} is the one choice made per packet: its
 * headers are the destination and a tie bit per dimension ({@code destination + mask *
 * nodes}, bit i of the mask set for - in dimension i), the source offers one header for every
 * combination of directions in the dimensions that are tied ({@link #injectHeaders}), the
 * verification engines check them all (every packet may go either way in each tied
 * dimension, a superset of any random draw), and the simulator draws one per packet uniformly
 * ({@link #randomHeader}): a fair draw per tied dimension, as BookSim's
 * {@code dor_next_torus} draws one ({@code RandomInt(1)}) as the packet enters each.
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
        /** + or - drawn per packet at its source, independently for each tied dimension. */
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
        if (tie == Tie.RANDOM && ((long) nodes << torus.dimensions()) > 1 << 28) {
            // a header per node and combination of tied directions
            throw new flowproof.ConfigurationException("routing.tie", "random on at most 2^28 nodes x 2^dimensions"
                + " (a header for every destination and every combination of directions)",
                "random on " + nodes + " nodes in " + torus.dimensions() + " dimensions");
        }
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
     * which the reflection would turn into -: no symmetry. On a mesh the direction is the
     * sign of the coordinate difference, which {@code x -> k-1-x} negates: it commutes at
     * every radix. The order of dimensions is kept by a reflection. Unidirectional tori have
     * no reflection. (Each claim is checked on every queue and header when a search uses it.)
     */
    @Override
    public boolean reflectionInvariant(int dimension) {
        if (tie == Tie.RANDOM || !torus.bidirectional() || dimension < 0 || dimension >= torus.dimensions()) {
            return false;
        }
        return !torus.hasWrapAround() || torus.radix(dimension) % 2 == 1;
    }

    @Override
    public int candidates(int node, int inChannel, int header, int[] out) {
        int destination = header % nodes;
        for (int i = 0; i < torus.dimensions(); i++) {
            int sign = direction(node, destination, i);
            if (sign == 2) {
                sign = ((header / nodes) >> i & 1) == 1 ? -1 : 1;
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

    /** The dimensions from {@code source} to {@code destination} tied at k/2 (random tie only), one bit each. */
    private int tied(int source, int destination) {
        int mask = 0;
        for (int i = 0; i < torus.dimensions(); i++) {
            if (direction(source, destination, i) == 2) {
                mask |= 1 << i;
            }
        }
        return mask;
    }

    @Override
    public int maxCandidates() {
        return 1;
    }

    @Override
    public int injectHeaders(int source, int destination, int[] out) {
        out[0] = destination;
        int tied = tie == Tie.RANDOM ? tied(source, destination) : 0;
        if (tied == 0) {
            return 1;
        }
        // every subset of the tied dimensions going -, in increasing order of the mask (all + first)
        int n = 0;
        for (int m = tied; ; m = (m - 1) & tied) {
            out[n++] = destination + m * nodes;
            if (m == 0) {
                break;
            }
        }
        // (enumerated downwards from the full subset: reverse into increasing order)
        for (int a = 0, b = n - 1; a < b; a++, b--) {
            int x = out[a];
            out[a] = out[b];
            out[b] = x;
        }
        return n;
    }

    /**
     * With the random tie, a hop clears the tie bits of the dimensions no longer tied from the
     * node it reaches (the one it is correcting, once entered, is nearer than k/2): the header
     * keeps only the draws still to be used, so packets that will take the same route carry the
     * same header (the explorer counts them as one, as it does packets of one destination).
     */
    @Override
    public int afterHop(int header, int channel) {
        if (header < nodes) {
            return header;
        }
        int destination = header % nodes;
        return destination + ((header / nodes) & tied(torus.target(channel), destination)) * nodes;
    }

    @Override
    public int maxInjectHeaders() {
        return tie == Tie.RANDOM ? 1 << torus.dimensions() : 1;
    }

    /** The random tie's headers are equally likely: the simulator draws one per packet, a fair draw per tied dimension. */
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
        if (tie != Tie.RANDOM) {
            return d;
        }
        // the direction each dimension takes if it is tied
        StringBuilder s = new StringBuilder(d).append(" (tie ");
        for (int i = 0; i < torus.dimensions(); i++) {
            s.append(i > 0 ? "," : "").append(((header / nodes) >> i & 1) == 1 ? '-' : '+');
        }
        return s.append(')').toString();
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
        return tie == Tie.RANDOM ? nodes << torus.dimensions() : nodes;
    }

    @Override
    public String name() {
        return tie == Tie.PLUS ? "dor" : "dor(tie=" + tie.key() + ")";
    }

    /** {@code routing: dor}: dimension order, lowest dimension first. */
    @AutoService(RoutingFactory.class)
    public static final class Factory implements RoutingFactory {
        @Override
        public String name() {
            return "dor";
        }

        @Override
        public RoutingFunction create(Topology topology, PluginParams params) {
            DimensionOrderRouting.Tie tie = Tie.PLUS;
            if (params.has("tie")) {
                tie = params.value("tie") instanceof String s ? Tie.of(s) : null;
                if (tie == null) {
                    throw params.bad("tie", "plus, parity or random");
                }
            }
            return new DimensionOrderRouting((Torus) topology, tie);
        }

        @Override
        public List<Param> params() {
            return List.of(Param.of("tie"));
        }

        @Override
        public String refuses(Topology topology) {
            return topology instanceof Torus ? null : RoutingParams.GRID_ONLY;
        }
    }
}
