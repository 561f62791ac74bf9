package flowproof.rule;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import flowproof.topology.Network;
import java.util.List;
import java.util.EnumSet;
import java.util.Set;

/** Virtual cut-through: a packet enters any queue with a free packet slot. */
public final class VirtualCutThrough implements FlowControlRule {

    @Override
    public int admit(BufferView view, int from, int to) {
        return view.freeSlots(to) > 0 ? ADMIT : DENY;
    }

    @Override
    public boolean freeSlotSuffices() {
        return true;
    }

    /** Position-independent: it reads only the target's free slots. */
    @Override
    public boolean translationInvariant() {
        return true;
    }

    /** Orientation-free: it reads only the target's free slots, which a reflection maps ring onto ring. */
    @Override
    public boolean reflectionInvariant() {
        return true;
    }

    @Override
    public Set<Invariant> invariants() {
        return EnumSet.noneOf(Invariant.class);
    }

    @Override
    public RuleKind kind() {
        return RuleKind.VCT;
    }

    /** {@code rule: vct}: a packet enters a queue with a free slot. */
    @AutoService(RuleFactory.class)
    public static final class Factory implements RuleFactory {
        @Override
        public String name() {
            return "vct";
        }

        @Override
        public FlowControlRule create(Network network, PluginParams params) {
            return new VirtualCutThrough();
        }

        @Override
        public List<Param> params() {
            return List.of();
        }
    }
}
