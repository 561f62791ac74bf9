package example.plugins;

import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import java.util.EnumSet;
import java.util.Set;

/**
 * Lies on purpose: virtual cut-through (admit on any free slot) declaring the bubble invariant,
 * every ring keeps a free slot, which it does not keep. The explorer checks the invariant in
 * every reachable state, CP-SAT proves it inductive before it relies on it: neither believes it.
 */
public final class FalseBubble implements FlowControlRule {

    @Override
    public int admit(BufferView view, int from, int to) {
        return view.freeSlots(to) > 0 ? ADMIT : DENY;
    }

    @Override
    public boolean freeSlotSuffices() {
        return true;
    }

    @Override
    public Set<Invariant> invariants() {
        return EnumSet.of(Invariant.BUBBLE);
    }
}
