package example.plugins;

import flowproof.plugin.PluginParams;
import flowproof.routing.RoutingFunction;
import flowproof.topology.Topology;

/**
 * A user's routing function for any topology that numbers its routers around a ring and has a
 * channel from each router to the next in dimension 0, direction +1 ({@link Topology#channel}), as
 * {@link PluginRing}: every packet goes round in that direction. It declares itself
 * translation-invariant, so {@code --symmetry} reduces by the topology's translations.
 */
public final class ClockwiseRouting implements RoutingFunction {

    private final Topology topology;

    public ClockwiseRouting(Topology topology, PluginParams params) {
        for (int v = 0; v < topology.nodes(); v++) {
            int c = topology.channel(v, 0, 1);
            if (c < 0 || topology.target(c) != (v + 1) % topology.nodes()) {
                throw params.bad("topology", "a ring with a channel from each router to the next",
                    topology.describe());
            }
        }
        this.topology = topology;
    }

    @Override
    public int candidates(int node, int inChannel, int destination, int[] out) {
        out[0] = topology.channel(node, 0, 1);
        return 1;
    }

    @Override
    public int maxCandidates() {
        return 1;
    }

    @Override
    public int distance(int node, int destination) {
        return Math.floorMod(destination - node, topology.nodes());
    }

    @Override
    public boolean minimal() {
        return true;
    }

    @Override
    public String name() {
        return "clockwise";
    }

    @Override
    public int headers() {
        return topology.nodes();
    }

    @Override
    public boolean translationInvariant() {
        return true;
    }
}
