package example.plugins;

import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import java.util.Set;

/**
 * Broken on purpose: virtual cut-through, except that nothing is ever injected into queue 0,
 * while it declares itself the same at every position ({@link #translationInvariant}) and
 * under reflections. The explorer's {@code --symmetry} and {@link flowproof.rule.RuleContract}
 * both refuse it.
 */
public final class FixedQueueDeny implements FlowControlRule {

    @Override
    public int admit(BufferView view, int from, int to) {
        if (from == INJECT && to == 0) {
            return DENY;
        }
        return view.freeSlots(to) > 0 ? ADMIT : DENY;
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
        return Set.of();
    }
}
