package flowproof.traffic;

import flowproof.ConfigurationException;
import flowproof.topology.Topology;
import flowproof.topology.Grid;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Which (source, destination) pairs may carry traffic. The explorer injects along every
 * allowed pair; the simulator draws destinations from the same patterns. Permutations
 * leave out nodes they map to themselves. Patterns range over the topology's endpoints
 * (the terminals of a butterfly or BMIN, every router elsewhere); bit permutations work
 * on the endpoint index.
 */
public enum TrafficPattern {
    /** Every source to every other node (uniform random, as a set of pairs). */
    ALL_PAIRS("all-pairs"),
    /** Node to its + neighbour in dimension 0. */
    NEIGHBOR("neighbor"),
    /** Every coordinate advanced by ceil(k/2) - 1: the classic worst case for tori. */
    TORNADO("tornado"),
    /** (x, y) to (y, x) on a square 2-D network. */
    TRANSPOSE("transpose"),
    /** Node id to its bitwise complement (power-of-two node count). */
    BIT_COMPLEMENT("bit-complement"),
    /** Node id to its bits reversed (power-of-two node count). */
    BIT_REVERSE("bit-reverse"),
    /** Perfect shuffle: node id rotated left by one bit (power-of-two node count). */
    SHUFFLE("shuffle");

    private final String key;

    TrafficPattern(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    public static TrafficPattern of(String key) {
        for (TrafficPattern p : values()) {
            if (p.key.equals(key)) {
                return p;
            }
        }
        return null;
    }

    public static String keys() {
        return Arrays.stream(values()).map(TrafficPattern::key).collect(Collectors.joining(", "));
    }

    /**
     * The pairs {source, destination} of the pattern on a topology, sources in increasing
     * order, source != destination (but where a packet to its own endpoint crosses the network,
     * {@link Topology#selfPairsCross}: a fly); unmodifiable for all-pairs, computed on demand
     * ({@link AllPairs}).
     *
     * @throws ConfigurationException (field {@code traffic}) when the pattern does not apply
     */
    public List<int[]> pairs(Topology topology) {
        return pairs(topology, topology.selfPairsCross());
    }

    /**
     * As {@link #pairs(Topology)}, with {@code selfPairsCross} saying whether a packet to its
     * own endpoint crosses the network (the topology's, or the routing function's:
     * {@link flowproof.routing.RoutingFunction#selfPairsCross}).
     */
    public List<int[]> pairs(Topology topology, boolean selfPairsCross) {
        int[] e = topology.endpoints();
        if (this == ALL_PAIRS) {
            return new AllPairs(e, selfPairsCross);
        }
        int n = e.length;
        List<int[]> pairs = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            int d = destination(topology, n, s);
            if (d != s || selfPairsCross) {
                pairs.add(new int[] {e[s], e[d]});
            }
        }
        return pairs;
    }

    /** The destination index of endpoint index {@code s} among {@code n} endpoints (on a torus: node ids). */
    private int destination(Topology topology, int n, int s) {
        int bits = Integer.numberOfTrailingZeros(n);
        switch (this) {
            case NEIGHBOR:
            case TORNADO:
            case TRANSPOSE: {
                if (!(topology instanceof Grid)) {
                    throw new ConfigurationException("traffic", "a torus or mesh for pattern " + key, topology.describe());
                }
                Grid t = (Grid) topology;
                int[] c = new int[t.dimensions()];
                for (int i = 0; i < c.length; i++) {
                    c[i] = t.coordinate(s, i);
                }
                if (this == NEIGHBOR) {
                    c[0] = (c[0] + 1) % t.radix(0);
                } else if (this == TORNADO) {
                    for (int i = 0; i < c.length; i++) {
                        c[i] = (c[i] + (t.radix(i) + 1) / 2 - 1) % t.radix(i);
                    }
                } else {
                    if (c.length != 2 || t.radix(0) != t.radix(1)) {
                        throw new ConfigurationException("traffic", "a square 2-D network for transpose", t.describe());
                    }
                    int x = c[0];
                    c[0] = c[1];
                    c[1] = x;
                }
                return t.node(c);
            }
            case BIT_COMPLEMENT:
            case BIT_REVERSE:
            case SHUFFLE: {
                if (Integer.bitCount(n) != 1) {
                    throw new ConfigurationException("traffic", "a power-of-two node count for " + key, Integer.toString(n));
                }
                if (this == BIT_COMPLEMENT) {
                    return ~s & (n - 1);
                }
                if (this == BIT_REVERSE) {
                    return bits == 0 ? s : Integer.reverse(s) >>> (32 - bits);
                }
                return bits == 0 ? s : ((s << 1) | (s >>> (bits - 1))) & (n - 1);
            }
            default:
                throw new AssertionError(this);
        }
    }
}
