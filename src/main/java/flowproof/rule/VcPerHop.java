package flowproof.rule;

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
}
