package example.plugins;

import flowproof.plugin.PluginParams;
import flowproof.routing.RoutingFunction;
import flowproof.topology.Topology;

/**
 * Lies on purpose: on a bidirectional ring, the shortest way round, except that a packet at
 * router 0 or 1 bound elsewhere is sent to the other of the two, so that it circles between them
 * forever; it declares {@link #minimal}, with the ring's distance. {@code RoutingContract}
 * refuses the claim and the engines treat the function as non-minimal.
 */
public final class PingPongRouting implements RoutingFunction {

    private final Topology topology;
    private final int n;

    public PingPongRouting(Topology topology, PluginParams params) {
        this.topology = topology;
        this.n = topology.nodes();
        for (int v = 0; v < n; v++) {
            if (topology.channel(v, 0, 1) < 0 || topology.channel(v, 0, -1) < 0) {
                throw params.bad("topology", "a bidirectional ring", topology.describe());
            }
        }
    }

    @Override
    public int candidates(int node, int inChannel, int destination, int[] out) {
        if (node <= 1 && destination > 1) {
            out[0] = topology.channel(node, 0, node == 0 ? 1 : -1);
            return 1;
        }
        int forward = Math.floorMod(destination - node, n);
        out[0] = topology.channel(node, 0, forward <= n - forward ? 1 : -1);
        return 1;
    }

    @Override
    public int maxCandidates() {
        return 1;
    }

    @Override
    public int distance(int node, int destination) {
        int forward = Math.floorMod(destination - node, n);
        return Math.min(forward, n - forward);
    }

    @Override
    public boolean minimal() {
        return true;
    }

    @Override
    public String name() {
        return "ping-pong";
    }

    @Override
    public int headers() {
        return n;
    }
}
