package flowproof.throttle;

import flowproof.rule.FlowControlRule;
import flowproof.rule.ReservedClassVcs;
import flowproof.sim.control.Scheme;
import flowproof.topology.Network;

/**
 * What the schemes that reserve class VCs at the top of every channel (CBCM, ECN, ideal, SRP)
 * share: their key, the description of their parameters, and the spec's rule with the class
 * VCs closed off ({@link ReservedClassVcs}).
 */
abstract class ClassVcScheme implements Scheme {

    private final String key;
    private final int classes;
    private String description;

    ClassVcScheme(String key, int classes) {
        this.key = key;
        this.classes = classes;
    }

    /** Sets the description from the parameters read; a subclass calls it after its last read. */
    final void described(Params p) {
        description = p.describe(key);
    }

    @Override
    public final String key() {
        return key;
    }

    @Override
    public final String describe() {
        return description;
    }

    @Override
    public final FlowControlRule rule(FlowControlRule specRule, Network network) {
        return new ReservedClassVcs(specRule, classes);
    }
}
