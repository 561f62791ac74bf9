package example.plugins;

import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import flowproof.plugin.PluginParams;
import java.util.Collections;
import java.util.HashSet;
import java.util.Set;

/**
 * Broken on purpose: virtual cut-through whose {@link #invariants} answers null, or with
 * {@code params: {holding-null: true}} a set that holds null.
 */
public final class NullInvariants implements FlowControlRule {

    private final boolean holdingNull;

    public NullInvariants(PluginParams params) {
        holdingNull = params.bool("holding-null", false);
    }

    @Override
    public int admit(BufferView view, int from, int to) {
        return view.freeSlots(to) > 0 ? ADMIT : DENY;
    }

    @Override
    public Set<Invariant> invariants() {
        if (!holdingNull) {
            return null;
        }
        Set<Invariant> s = new HashSet<>();
        s.add(null);
        return Collections.unmodifiableSet(s);
    }
}
