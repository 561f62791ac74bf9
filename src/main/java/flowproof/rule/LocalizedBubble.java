package flowproof.rule;

import java.util.EnumSet;
import java.util.Set;

/**
 * Localized bubble flow control: within a ring the target needs a free slot; entering a
 * ring the target queue itself needs two free slots. With one-packet queues nothing can
 * ever enter a ring. The simulator's "Best Local FC" ({@code best-local}) asks for n free
 * slots instead of two.
 */
public final class LocalizedBubble implements FlowControlRule {

    private final int entrySlots;

    public LocalizedBubble() {
        this(2);
    }

    /** Entering a ring needs {@code entrySlots} (at least 2) free slots in the target queue. */
    public LocalizedBubble(int entrySlots) {
        if (entrySlots < 2) {
            throw new IllegalArgumentException("entering a ring needs at least 2 free slots, found " + entrySlots);
        }
        this.entrySlots = entrySlots;
    }

    @Override
    public int admit(BufferView view, int from, int to) {
        int free = view.freeSlots(to);
        if (free < 1) {
            return DENY;
        }
        if (view.network().withinRing(from, to)) {
            return ADMIT;
        }
        return free >= entrySlots ? ADMIT : DENY;
    }

    /** It reads whether a move enters a ring. */
    @Override
    public boolean readsRings() {
        return true;
    }

    /** Position-independent: it reads only the target's free slots. */
    @Override
    public boolean translationInvariant() {
        return true;
    }

    /** Orientation-free: it reads only the target's free slots and ring membership, which a reflection maps ring onto ring. */
    @Override
    public boolean reflectionInvariant() {
        return true;
    }

    @Override
    public Set<Invariant> invariants() {
        return EnumSet.of(Invariant.BUBBLE);
    }

    @Override
    public RuleKind kind() {
        return RuleKind.LOCALIZED_BUBBLE;
    }

    @Override
    public String describe() {
        return entrySlots == 2 ? "localized-bubble" : "localized-bubble (entry " + entrySlots + " slots)";
    }
}
