package flowproof.rule;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import java.util.List;
import flowproof.topology.Network;
import java.util.EnumSet;
import java.util.Set;

/**
 * Virtual channels ordered by hop (Gunther; the scheme UGAL uses on flattened butterflies
 * and dragonflies): a packet's i-th hop (counting from 0 at injection) uses VC i, so
 * every hop goes to a higher VC and no dependency cycle can form. On the chosen VC the
 * rule is virtual cut-through. Needs as many VCs as the longest route has hops; a packet
 * that would need more finds no VC, which the channel dependency graph reports.
 */
public final class VcPerHop implements FlowControlRule {

    @Override
    public int admit(BufferView view, int from, int to) {
        if (!mayUse(view.network(), from, to)) {
            return DENY;
        }
        return view.freeSlots(to) > 0 ? ADMIT : DENY;
    }

    @Override
    public boolean mayUse(Network network, int from, int to) {
        return network.vcOf(to) == (from == INJECT ? 0 : network.vcOf(from) + 1);
    }

    @Override
    public boolean freeSlotSuffices() {
        return true;
    }

    @Override
    public Set<Invariant> invariants() {
        return EnumSet.noneOf(Invariant.class);
    }

    @Override
    public RuleKind kind() {
        return RuleKind.VC_PER_HOP;
    }

    @Override
    public boolean choosesVcs() {
        return true;
    }

    /** {@code rule: vc-per-hop}: the VC of a hop is the number of hops taken so far. */
    @AutoService(RuleFactory.class)
    public static final class Factory implements RuleFactory {
        @Override
        public String name() {
            return "vc-per-hop";
        }

        @Override
        public FlowControlRule create(Network network, PluginParams params) {
            if (network.ringVcs() != network.vcs()) {
                throw new flowproof.ConfigurationException("rule", "the rule of escape VCs (vct, dateline or a bubble"
                    + " rule)", name());
            }
            return new VcPerHop();
        }

        @Override
        public List<Param> params() {
            return List.of();
        }
    }
}
