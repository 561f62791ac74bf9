package example.plugins;

import flowproof.plugin.PluginParams;
import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import flowproof.topology.Network;
import java.util.Set;

/**
 * Lies on purpose: {@link HybridBubble}, which reads ring occupancy, declaring that it does not
 * ({@link #readsRingOccupancy} false). flowproof checks the claim, refuses it and keeps the
 * ring counts, so every engine answers as for {@link HybridBubble}.
 */
public final class HiddenRingReader implements FlowControlRule {

    private final HybridBubble rule;

    public HiddenRingReader(Network network, PluginParams params) {
        rule = new HybridBubble(network, params);
    }

    @Override
    public int admit(BufferView view, int from, int to) {
        return rule.admit(view, from, to);
    }

    @Override
    public boolean readsRingOccupancy() {
        return false;
    }

    @Override
    public boolean translationInvariant() {
        return true;
    }

    @Override
    public boolean reflectionInvariant() {
        return true;
    }

    @Override
    public Set<Invariant> invariants() {
        return rule.invariants();
    }
}
