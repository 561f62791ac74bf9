package example.plugins;

import flowproof.plugin.PluginParams;
import flowproof.routing.VcClassFunction;
import flowproof.topology.Topology;

/**
 * A user's VC-class function: the dateline as a class function (Dally and Seitz). A packet enters
 * every ring in class 0 and moves to class 1 on the ring's wrap-around channel; the same function
 * as the table {@code vc-classes: {classes: 2, hops: [{new-ring: true, set: 0}, {channel:
 * dateline, add: 1}]}}, so it gives the same verdicts and state counts.
 */
public final class DatelineClasses implements VcClassFunction {

    public DatelineClasses(Topology topology, PluginParams params) {
        boolean wraps = false;
        for (int c = 0; c < topology.channels(); c++) {
            wraps |= topology.isWrapAround(c);
        }
        if (!wraps) {
            throw params.bad("topology", "a topology with wrap-around channels (a ring or a torus)",
                topology.describe());
        }
    }

    @Override
    public int classes() {
        return 2;
    }

    @Override
    public int startClass(String route, int source, int destination) {
        return 0;
    }

    @Override
    public int afterHop(Hop hop) {
        int c = hop.newRing() ? 0 : hop.vcClass();
        return hop.topology().isWrapAround(hop.channel()) ? c + 1 : c;
    }
}
