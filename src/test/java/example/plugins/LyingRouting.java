package example.plugins;

import flowproof.plugin.PluginParams;
import flowproof.routing.DimensionOrderRouting;
import flowproof.routing.RoutingFunction;
import flowproof.topology.Topology;
import flowproof.topology.Torus;

/**
 * Broken on purpose: dimension-order routing that claims every reflection, which it lacks at
 * even radix (its ties go the positive way). The explorer refuses it as bad input.
 */
public final class LyingRouting implements RoutingFunction {

    private final DimensionOrderRouting dor;

    public LyingRouting(Topology topology, PluginParams params) {
        this.dor = new DimensionOrderRouting((Torus) topology);
    }

    @Override
    public int candidates(int node, int inChannel, int header, int[] out) {
        return dor.candidates(node, inChannel, header, out);
    }

    @Override
    public int maxCandidates() {
        return dor.maxCandidates();
    }

    @Override
    public int distance(int node, int destination) {
        return dor.distance(node, destination);
    }

    @Override
    public boolean minimal() {
        return true;
    }

    @Override
    public String name() {
        return "lying-dor";
    }

    @Override
    public int headers() {
        return dor.headers();
    }

    @Override
    public boolean translationInvariant() {
        return true;
    }

    @Override
    public boolean reflectionInvariant(int dimension) {
        return true;
    }
}
