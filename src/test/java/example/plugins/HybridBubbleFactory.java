package example.plugins;

import flowproof.plugin.PluginParams;
import flowproof.rule.FlowControlRule;
import flowproof.rule.RuleFactory;
import flowproof.topology.Network;

/** Registers {@link HybridBubble} as {@code rule: {plugin: hybrid-bubble}} (META-INF/services/flowproof.rule.RuleFactory). */
public final class HybridBubbleFactory implements RuleFactory {

    @Override
    public String name() {
        return "hybrid-bubble";
    }

    @Override
    public FlowControlRule create(Network network, PluginParams params) {
        return new HybridBubble(network, params);
    }
}
