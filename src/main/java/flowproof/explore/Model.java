package flowproof.explore;

import flowproof.routing.RoutingFunction;
import flowproof.rule.FlowControlRule;
import flowproof.topology.Network;
import java.util.List;

/**
 * The packet-level model the explorer checks (see explorer-semantics.md): buffers,
 * routing, the flow-control rule and the (source, destination) pairs that may inject.
 *
 * <p>{@code escapeAny} matters only for routing with an escape sub-function (Duato): when
 * false (the default, the usual router policy) a packet takes an escape VC only when the
 * rule admits it on none of its adaptive candidates; when true the choice between adaptive
 * and escape candidates is free, which covers every selection policy at once.
 */
public record Model(Network network, RoutingFunction routing, FlowControlRule rule, List<int[]> traffic,
                    boolean escapeAny) {

    /** A model where escape channels are taken only when every adaptive one is blocked. */
    public Model(Network network, RoutingFunction routing, FlowControlRule rule, List<int[]> traffic) {
        this(network, routing, rule, traffic, false);
    }

    /**
     * Whether {@link Symmetry} permutes every component of this model's states (queue
     * contents and critical marks). A model whose states hold more (per-node queues,
     * packets spread over several queues, a step phase) must answer false until
     * {@link Symmetry#apply} permutes that too; symmetry reduction then switches itself off.
     */
    public boolean symmetryCovered() {
        return true;
    }

    public String describe() {
        return network.topology().describe() + ", " + network.vcs() + " VC" + (network.vcs() > 1 ? "s" : "")
            + ", capacity " + network.capacity() + ", " + routing.name() + ", " + rule.describe()
            + (routing.hasEscape() ? (escapeAny ? ", escape any time" : ", escape when blocked") : "");
    }
}
