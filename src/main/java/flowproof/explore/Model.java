package flowproof.explore;

import flowproof.routing.RoutingFunction;
import flowproof.rule.FlowControlRule;
import flowproof.topology.Network;
import java.util.List;

/**
 * The packet-level model the explorer checks (see explorer-semantics.md): buffers,
 * routing, the flow-control rule and the (source, destination) pairs that may inject.
 */
public record Model(Network network, RoutingFunction routing, FlowControlRule rule, List<int[]> traffic) {

    public String describe() {
        return network.topology().describe() + ", " + network.vcs() + " VC" + (network.vcs() > 1 ? "s" : "")
            + ", capacity " + network.capacity() + ", " + routing.name() + ", " + rule.describe();
    }
}
