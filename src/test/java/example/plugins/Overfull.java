package example.plugins;

import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import flowproof.topology.Network;
import java.util.Set;

/**
 * Broken on purpose: it says packets use VC 0 only ({@link #mayUse}) but admits every move,
 * into full queues and onto VC 1 alike. {@link flowproof.rule.RuleContract} names both.
 */
public final class Overfull implements FlowControlRule {

    @Override
    public int admit(BufferView view, int from, int to) {
        return ADMIT;
    }

    @Override
    public boolean mayUse(Network network, int from, int to) {
        return network.vcOf(to) == 0;
    }

    @Override
    public Set<Invariant> invariants() {
        return Set.of();
    }
}
