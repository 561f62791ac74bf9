package flowproof.sim;

import flowproof.routing.RoutingFunction;
import flowproof.rule.FlowControlRule;
import flowproof.sim.SimConfig.Arbiter;
import flowproof.sim.SimConfig.Switching;
import flowproof.topology.Network;
import flowproof.traffic.Workload;

/** Builds simulator configurations for tests. */
final class SimTestSupport {

    private SimTestSupport() {
    }

    static SimConfig config(Network net, RoutingFunction routing, FlowControlRule rule, Workload w, Switching sw,
                            int bufferFlits, int pipeline, int link, long cycles, long warmup) {
        return new SimConfig(net, routing, rule, w, sw, Arbiter.ROUND_ROBIN, bufferFlits, pipeline, link, link, 1, 1,
            cycles, warmup, 1, 500, 100_000, false, true, 100, null);
    }
}
