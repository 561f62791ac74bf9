package example.plugins;

import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import java.util.Set;

/**
 * Lies on purpose: it declares {@link #freeSlotSuffices} (admit exactly when the target has a
 * free slot) but never lets a packet leave the first queue it was injected into. On a network
 * whose dependency graph is acyclic that claim alone would be a proof; flowproof checks it on the
 * spec's network, refuses it, and finds the deadlock.
 */
public final class NeverForwards implements FlowControlRule {

    @Override
    public int admit(BufferView view, int from, int to) {
        return from == INJECT && view.freeSlots(to) > 0 ? ADMIT : DENY;
    }

    @Override
    public boolean freeSlotSuffices() {
        return true;
    }

    @Override
    public Set<Invariant> invariants() {
        return Set.of();
    }
}
