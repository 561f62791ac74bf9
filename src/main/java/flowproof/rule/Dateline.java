package flowproof.rule;

import flowproof.topology.Network;
import flowproof.topology.Topology;
import flowproof.topology.Torus;
import java.util.EnumSet;
import java.util.Set;

/**
 * Dateline (Dally and Seitz): in every ring, the hop over the wrap-around channel and every
 * later hop in that ring use VC1; all other hops use VC0. Entering a ring over its
 * wrap-around channel uses VC1. On the chosen VC the rule is virtual cut-through. The VC
 * choice lives here, not in routing: routing offers every VC.
 *
 * <p>With d datelines per ring (State-Propagation Throttling's torus has two, at
 * coordinates 0 and k/2) a ring has d+1 VCs and a packet moves to the next VC at each
 * dateline it crosses: the VC of a hop is the number of datelines crossed so far in that
 * ring, this hop included. Dateline j of a ring of k routers lies on the channels entering
 * coordinate j*k/d going up and leaving it going down (for d = 1: the wrap-around channel).
 */
public final class Dateline implements FlowControlRule {

    private final int datelines;

    /** One dateline per ring, two VCs. */
    public Dateline() {
        this(1);
    }

    /** {@code datelines} per ring, {@code datelines + 1} VCs; the radix of every ring must be a multiple of it. */
    public Dateline(int datelines) {
        if (datelines < 1) {
            throw new IllegalArgumentException("datelines must be at least 1, found " + datelines);
        }
        this.datelines = datelines;
    }

    public int datelines() {
        return datelines;
    }

    @Override
    public int admit(BufferView view, int from, int to) {
        if (!mayUse(view.network(), from, to)) {
            return DENY;
        }
        return view.freeSlots(to) > 0 ? ADMIT : DENY;
    }

    @Override
    public boolean mayUse(Network network, int from, int to) {
        return network.vcOf(to) == requiredVc(network, from, to, datelines);
    }

    /** The VC a packet moving from {@code from} (or injected) into {@code to}'s channel must use. */
    static int requiredVc(Network net, int from, int to, int datelines) {
        int crossing = onDateline(net.topology(), net.channelOf(to), datelines) ? 1 : 0;
        return net.withinRing(from, to) ? net.vcOf(from) + crossing : crossing;
    }

    /**
     * Whether {@code channel} is a dateline channel with {@code datelines} per ring: the
     * wrap-around channel for one; for d on a torus, the channels entering coordinate
     * {@code j*k/d} going up and leaving it going down.
     */
    public static boolean onDateline(Topology t, int channel, int datelines) {
        if (datelines == 1 || !(t instanceof Torus)) {
            return t.isWrapAround(channel);
        }
        Torus torus = (Torus) t;
        int dim = t.dimension(channel);
        int k = torus.radix(dim);
        int p = torus.coordinate(t.direction(channel) > 0 ? t.target(channel) : t.source(channel), dim);
        return p % (k / datelines) == 0;
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

    @Override
    public String describe() {
        return datelines == 1 ? "dateline" : "dateline (" + datelines + " per ring)";
    }
}
