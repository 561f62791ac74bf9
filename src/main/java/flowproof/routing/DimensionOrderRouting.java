package flowproof.routing;

import flowproof.topology.Torus;

/**
 * Dimension-order routing on a k-ary n-cube: correct the lowest dimension first. In a
 * bidirectional torus dimension take the shorter direction, and on a tie (distance
 * exactly k/2) the positive one; in a unidirectional dimension always go positive; in a
 * mesh go towards the destination.
 */
public final class DimensionOrderRouting implements RoutingFunction {

    private final Torus torus;

    public DimensionOrderRouting(Torus torus) {
        this.torus = torus;
    }

    /** DOR looks only at coordinate differences, so it commutes with every translation of a torus. */
    @Override
    public boolean translationInvariant() {
        return true;
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
        return torus.hasWrapAround() && torus.bidirectional() && dimension >= 0 && dimension < torus.dimensions()
            && torus.radix(dimension) % 2 == 1;
    }

    @Override
    public int candidates(int node, int inChannel, int destination, int[] out) {
        for (int i = 0; i < torus.dimensions(); i++) {
            int sign = direction(node, destination, i);
            if (sign != 0) {
                out[0] = torus.channel(node, i, sign);
                return 1;
            }
        }
        return 0;
    }

    /** The direction DOR takes in dimension {@code i} from node to destination: +1, -1 or 0. */
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
        return plus <= k - plus ? 1 : -1;
    }

    @Override
    public int maxCandidates() {
        return 1;
    }

    @Override
    public int distance(int node, int destination) {
        int hops = 0;
        for (int i = 0; i < torus.dimensions(); i++) {
            int c = torus.coordinate(node, i);
            int t = torus.coordinate(destination, i);
            int sign = direction(node, destination, i);
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
        return torus.nodes();
    }

    @Override
    public String name() {
        return "dor";
    }
}
