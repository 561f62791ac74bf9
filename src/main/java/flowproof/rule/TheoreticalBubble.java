package flowproof.rule;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import flowproof.topology.Network;
import java.util.List;
import java.util.EnumSet;
import java.util.Set;

/**
 * Theoretical bubble flow control (Puente et al.; 004_c7ed88898bbdda05.txt section II):
 * within a ring the target needs a free slot; entering a ring (injection or a change of
 * dimension) the target needs a free slot and the whole directional ring at least two.
 * The ring-wide check needs global, atomic knowledge: possible in a model, not in
 * hardware.
 *
 * <p>{@code atomic} (the default) keeps that idealisation under synchronous semantics: the
 * admissions into one ring within a cycle are serialised, each seeing the entries before
 * it. Without it (spec {@code global: snapshot}) every router reads the ring's free count
 * from the start of the cycle: the uncoordinated global rule of the CBS paper (Fig. 2 and
 * 7), where two routers that each see two free slots enter in the same cycle.
 */
public final class TheoreticalBubble implements FlowControlRule {

    private final boolean atomic;

    public TheoreticalBubble() {
        this(true);
    }

    public TheoreticalBubble(boolean atomic) {
        this.atomic = atomic;
    }

    /** The whole ring must keep two free slots for a packet to enter it. */
    @Override
    public boolean readsRingOccupancy() {
        return true;
    }

    @Override
    public boolean globalReadAtomic() {
        return atomic;
    }

    @Override
    public String describe() {
        return atomic ? kind().key() : kind().key() + " (global count from the cycle's snapshot)";
    }

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

    /** Orientation-free: it reads only free slots of the target and of its ring, and ring membership, which a reflection maps ring onto ring. */
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
        return RuleKind.THEORETICAL_BUBBLE;
    }

    /** {@code rule: theoretical-bubble}: a packet enters a ring only while two slots of the ring are free. */
    @AutoService(RuleFactory.class)
    public static final class Factory implements RuleFactory {
        @Override
        public String name() {
            return "theoretical-bubble";
        }

        @Override
        public FlowControlRule create(Network network, PluginParams params) {
            Rules.needRings(network, name());
            return new TheoreticalBubble(params.choice("global", "atomic", "atomic", "snapshot").equals("atomic"));
        }

        @Override
        public List<Param> params() {
            return List.of(Param.of("global"));
        }
    }
}
