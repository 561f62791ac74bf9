package flowproof.rule;

import flowproof.ConfigurationException;
import flowproof.plugin.Registry;
import flowproof.topology.Network;

/**
 * flowproof's own flow-control rules, found through the interface users implement
 * ({@link RuleFactory}, registered by {@code @AutoService}): {@code rule: vct} or {@code rule:
 * {kind: critical-bubble, bubbles: 2}} names the factory {@code vct} or {@code critical-bubble}.
 */
public final class Rules {

    /** The built-in rules by name. */
    public static final Registry<RuleFactory> BUILT_INS = Registry.of(RuleFactory.class, RuleFactory::name,
        RuleFactory::params);

    private Rules() {
    }

    /**
     * Refuses a rule that reads directional rings on a network without them: {@code rule: a rule
     * that needs no rings on a fat-tree (vct, vc-per-hop), found localized-bubble}. The error names
     * field {@code rule} (the spec reader puts it at {@code rule.kind} in the mapping form).
     */
    static void needRings(Network network, String key) {
        if (network.topology().rings() == 0) {
            throw new ConfigurationException("rule", "a rule that needs no rings on a " + network.topology().kind()
                + " (vct, vc-per-hop)", key);
        }
    }
}
