package flowproof.rule;

import java.util.EnumSet;
import java.util.Set;

/**
 * Localized bubble flow control: within a ring the target needs a free slot; entering a
 * ring the target queue itself needs two free slots. With one-packet queues nothing can
 * ever enter a ring.
 */
public final class LocalizedBubble implements FlowControlRule {

    @Override
    public int admit(BufferView view, int from, int to) {
        int free = view.freeSlots(to);
        if (free < 1) {
            return DENY;
        }
        if (view.network().withinRing(from, to)) {
            return ADMIT;
        }
        return free >= 2 ? ADMIT : DENY;
    }

    @Override
    public Set<Invariant> invariants() {
        return EnumSet.of(Invariant.BUBBLE);
    }

    @Override
    public RuleKind kind() {
        return RuleKind.LOCALIZED_BUBBLE;
    }
}
