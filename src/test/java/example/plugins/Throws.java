package example.plugins;

import flowproof.plugin.PluginParams;
import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import java.util.Set;

/**
 * Fails on purpose: with {@code fail: construct} its constructor throws, with
 * {@code fail: admit} every admission does (after the spec is read).
 */
public final class Throws implements FlowControlRule {

    private final boolean failAdmit;

    public Throws(PluginParams params) {
        String fail = params.choice("fail", "admit", "construct", "admit");
        if (fail.equals("construct")) {
            throw new IllegalStateException("this rule refuses to be built");
        }
        this.failAdmit = true;
    }

    @Override
    public int admit(BufferView view, int from, int to) {
        if (failAdmit) {
            throw new IllegalStateException("this rule refuses to decide");
        }
        return DENY;
    }

    @Override
    public Set<Invariant> invariants() {
        return Set.of();
    }
}
