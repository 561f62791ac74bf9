package example.plugins;

import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import flowproof.topology.Network;
import java.util.Set;

/**
 * Injection needs a free slot in the target and in the queue upstream of it in its ring (a
 * rule that reads another queue than the target): the explorer and the simulator run it,
 * {@code prove} refuses it, naming the class.
 */
public final class UpstreamAware implements FlowControlRule {

    private final int[] upstream;

    public UpstreamAware(Network network, flowproof.plugin.PluginParams params) {
        this.upstream = network.ringUpstream();
    }

    @Override
    public int admit(BufferView view, int from, int to) {
        if (view.freeSlots(to) < 1) {
            return DENY;
        }
        if (from != INJECT) {
            return ADMIT;
        }
        int up = upstream[to];
        return up < 0 || view.freeSlots(up) >= 1 ? ADMIT : DENY;
    }

    @Override
    public Set<Invariant> invariants() {
        return Set.of();
    }
}
