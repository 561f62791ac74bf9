package flowproof.rule;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import flowproof.topology.Network;
import java.util.List;
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
    private final int turnSlots;

    public LocalizedBubble() {
        this(2);
    }

    /** Entering a ring needs {@code entrySlots} (at least 2) free slots in the target queue. */
    public LocalizedBubble(int entrySlots) {
        this(entrySlots, entrySlots);
    }

    /**
     * Injection into a ring needs {@code entrySlots} free slots in the target queue, a turn into
     * it {@code turnSlots} (both at least 2): the CBS paper's Best Local FC varies "the minimum
     * number of free buffers required in the local channel before injecting a packet".
     */
    public LocalizedBubble(int entrySlots, int turnSlots) {
        if (entrySlots < 2 || turnSlots < 2) {
            throw new IllegalArgumentException("entering a ring needs at least 2 free slots, found "
                + Math.min(entrySlots, turnSlots));
        }
        this.entrySlots = entrySlots;
        this.turnSlots = turnSlots;
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
        return free >= (from == INJECT ? entrySlots : turnSlots) ? ADMIT : DENY;
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
        if (entrySlots == 2 && turnSlots == 2) {
            return "localized-bubble";
        }
        return "localized-bubble (entry " + entrySlots + (turnSlots == entrySlots ? "" : ", turns " + turnSlots) + " slots)";
    }

    /** {@code rule: localized-bubble}: a packet enters a ring only into a queue with two free slots. */
    @AutoService(RuleFactory.class)
    public static final class Factory implements RuleFactory {
        @Override
        public String name() {
            return "localized-bubble";
        }

        @Override
        public FlowControlRule create(Network network, PluginParams params) {
            Rules.needRings(network, name());
            return new LocalizedBubble();
        }

        @Override
        public List<Param> params() {
            return List.of();
        }
    }
}
