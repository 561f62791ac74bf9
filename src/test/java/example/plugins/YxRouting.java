package example.plugins;

import flowproof.plugin.PluginParams;
import flowproof.routing.RoutingFunction;
import flowproof.topology.Topology;
import flowproof.topology.Torus;
import java.util.List;

/**
 * A user's routing function: dimension-order routing on a torus or mesh in an order of the
 * user's choice ({@code order: [1, 0]} corrects dimension 1 first; the default is the reverse
 * of DOR's). Shorter direction in a bidirectional dimension, positive on a tie.
 */
public final class YxRouting implements RoutingFunction {

    private final Torus torus;
    private final int[] order;

    public YxRouting(Topology topology, PluginParams params) {
        if (!(topology instanceof Torus t)) {
            throw params.bad("order", "a torus or mesh for " + YxRouting.class.getName(), topology.describe());
        }
        this.torus = t;
        List<Integer> given = params.integers("order");
        int n = t.dimensions();
        if (given.isEmpty()) {
            order = new int[n];
            for (int i = 0; i < n; i++) {
                order[i] = n - 1 - i;
            }
        } else {
            if (given.size() != n || given.stream().distinct().count() != n
                || given.stream().anyMatch(d -> d < 0 || d >= n)) {
                throw params.bad("order", "every dimension 0.." + (n - 1) + " once");
            }
            order = given.stream().mapToInt(Integer::intValue).toArray();
        }
    }

    @Override
    public int candidates(int node, int inChannel, int destination, int[] out) {
        for (int d : order) {
            int delta = step(node, destination, d);
            if (delta != 0) {
                out[0] = torus.channel(node, d, delta);
                return 1;
            }
        }
        return 0;
    }

    /** +1, -1 or 0: the direction to take in dimension d. */
    private int step(int node, int destination, int d) {
        int k = torus.radix(d);
        int a = torus.coordinate(node, d);
        int b = torus.coordinate(destination, d);
        if (a == b) {
            return 0;
        }
        if (!torus.hasWrapAround()) {
            return b > a ? 1 : -1;
        }
        if (!torus.bidirectional()) {
            return 1;
        }
        int up = Math.floorMod(b - a, k);
        return up <= k - up ? 1 : -1;
    }

    @Override
    public int maxCandidates() {
        return 1;
    }

    @Override
    public int distance(int node, int destination) {
        int sum = 0;
        for (int d = 0; d < torus.dimensions(); d++) {
            int k = torus.radix(d);
            int up = Math.floorMod(torus.coordinate(destination, d) - torus.coordinate(node, d), k);
            sum += !torus.hasWrapAround() ? Math.abs(torus.coordinate(destination, d) - torus.coordinate(node, d))
                : torus.bidirectional() ? Math.min(up, k - up) : up;
        }
        return sum;
    }

    @Override
    public boolean minimal() {
        return true;
    }

    @Override
    public String name() {
        StringBuilder b = new StringBuilder("dimension order");
        for (int d : order) {
            b.append(' ').append(d);
        }
        return b.toString();
    }

    @Override
    public int headers() {
        return torus.nodes();
    }

    @Override
    public boolean translationInvariant() {
        return true;
    }
}
