package flowproof.rule;

import flowproof.topology.Network;
import flowproof.topology.Topology;
import java.util.EnumSet;
import java.util.Set;

/**
 * Dateline with two VCs (Dally and Seitz): in every ring, the hop over the wrap-around
 * channel and every later hop in that ring use VC1; all other hops use VC0. Entering a
 * ring over its wrap-around channel uses VC1. On the chosen VC the rule is virtual
 * cut-through. The VC choice lives here, not in routing: routing offers every VC.
 */
public final class Dateline implements FlowControlRule {

    @Override
    public int admit(BufferView view, int from, int to) {
        if (!mayUse(view.network(), from, to)) {
            return DENY;
        }
        return view.freeSlots(to) > 0 ? ADMIT : DENY;
    }

    @Override
    public boolean mayUse(Network network, int from, int to) {
        return network.vcOf(to) == requiredVc(network, from, to);
    }

    /** The VC a packet moving from {@code from} (or injected) into {@code to}'s channel must use. */
    static int requiredVc(Network net, int from, int to) {
        Topology t = net.topology();
        if (t.isWrapAround(net.channelOf(to))) {
            return 1;
        }
        if (net.withinRing(from, to) && net.vcOf(from) == 1) {
            return 1;
        }
        return 0;
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
        return RuleKind.DATELINE;
    }
}
