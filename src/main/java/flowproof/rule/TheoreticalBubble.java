package flowproof.rule;

import java.util.EnumSet;
import java.util.Set;

/**
 * Theoretical bubble flow control (Puente et al.; 004_c7ed88898bbdda05.txt section II):
 * within a ring the target needs a free slot; entering a ring (injection or a change of
 * dimension) the target needs a free slot and the whole directional ring at least two.
 * The ring-wide check needs global, atomic knowledge: possible in a model, not in
 * hardware.
 */
public final class TheoreticalBubble implements FlowControlRule {

    @Override
    public int admit(BufferView view, int from, int to) {
        if (view.freeSlots(to) < 1) {
            return DENY;
        }
        if (view.network().withinRing(from, to)) {
            return ADMIT;
        }
        int ring = view.network().ringOf(to);
        return ring < 0 || view.ringFreeSlots(ring) >= 2 ? ADMIT : DENY;
    }

    /** Position-independent: it reads only free slots of the target and its ring. */
    @Override
    public boolean translationInvariant() {
        return true;
    }

    @Override
    public Set<Invariant> invariants() {
        return EnumSet.of(Invariant.BUBBLE);
    }

    @Override
    public RuleKind kind() {
        return RuleKind.THEORETICAL_BUBBLE;
    }
}
