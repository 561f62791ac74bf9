package example.plugins;

import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import java.util.Set;

/** A rule without a constructor flowproof can call (it takes an int). */
public final class NoUsableConstructor implements FlowControlRule {

    private final int k;

    public NoUsableConstructor(int k) {
        this.k = k;
    }

    @Override
    public int admit(BufferView view, int from, int to) {
        return view.freeSlots(to) > k ? ADMIT : DENY;
    }

    @Override
    public Set<Invariant> invariants() {
        return Set.of();
    }
}
