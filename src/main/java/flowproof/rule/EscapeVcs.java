package flowproof.rule;

import flowproof.topology.Network;
import java.util.Set;

/**
 * A rule for routing with an escape sub-function (Duato): the escape VCs
 * {@code 0..escapeVcs-1} follow the wrapped rule (dateline, a bubble rule, CBS), the
 * adaptive VCs above them are plain virtual cut-through. The network's rings are made of
 * the escape VCs only ({@link Network#ringVcs}), so a packet moving from an adaptive VC
 * into the escape VC of the same ring enters that ring, as in the adaptive bubble router
 * of Puente et al. Which channels a packet may take on which class of VC is the routing
 * function's business ({@link flowproof.routing.RoutingFunction#escapeCandidates}).
 */
public final class EscapeVcs implements FlowControlRule {

    private final FlowControlRule escape;
    private final int escapeVcs;
    private final boolean leave;

    /** Escape VCs a packet may leave again for an adaptive VC (Duato's routing, the default). */
    public EscapeVcs(FlowControlRule escape, int escapeVcs) {
        this(escape, escapeVcs, true);
    }

    /**
     * @param leave whether a packet on an escape VC may move to an adaptive VC again (spec
     *              {@code escape: {leave: false}} makes the escape VCs a class a packet never leaves)
     */
    public EscapeVcs(FlowControlRule escape, int escapeVcs, boolean leave) {
        this.escape = escape;
        this.escapeVcs = escapeVcs;
        this.leave = leave;
    }

    /** Whether a packet on an escape VC may move to an adaptive VC again. */
    public boolean mayLeave() {
        return leave;
    }

    private boolean leaves(Network network, int from, int to) {
        return from >= 0 && network.vcOf(from) < escapeVcs && network.vcOf(to) >= escapeVcs;
    }

    /** The rule of the escape VCs. */
    public FlowControlRule escapeRule() {
        return escape;
    }

    public int escapeVcs() {
        return escapeVcs;
    }

    @Override
    public int admit(BufferView view, int from, int to) {
        if (view.network().vcOf(to) >= escapeVcs) {
            if (!leave && leaves(view.network(), from, to)) {
                return DENY;
            }
            return view.freeSlots(to) > 0 ? ADMIT : DENY;
        }
        return escape.admit(view, from, to);
    }

    @Override
    public boolean mayUse(Network network, int from, int to) {
        if (network.vcOf(to) >= escapeVcs) {
            return leave || !leaves(network, from, to);
        }
        return escape.mayUse(network, from, to);
    }

    @Override
    public boolean mayUse(Network network, int from, int to, int destination) {
        if (network.vcOf(to) >= escapeVcs) {
            return mayUse(network, from, to);
        }
        return escape.mayUse(network, from, to, destination);
    }

    @Override
    public boolean freeSlotSuffices() {
        return escape.freeSlotSuffices();
    }

    @Override
    public int marksPerRing() {
        return escape.marksPerRing();
    }

    @Override
    public boolean marksDrift() {
        return escape.marksDrift();
    }

    /** Marks live on escape VCs only (rings are made of them); the escape rule decides. */
    @Override
    public boolean drifts(BufferView view, int queue, int upstream) {
        return escape.drifts(view, queue, upstream);
    }

    @Override
    public boolean readsRingOccupancy() {
        return escape.readsRingOccupancy();
    }

    @Override
    public boolean readsRings() {
        return escape.readsRings();
    }

    @Override
    public boolean globalReadAtomic() {
        return escape.globalReadAtomic();
    }

    @Override
    public int initialMarks(Network network, int queue) {
        return escape.initialMarks(network, queue);
    }

    @Override
    public Set<Invariant> invariants() {
        return escape.invariants();
    }

    @Override
    public RuleKind kind() {
        return escape.kind();
    }

    @Override
    public String describe() {
        return escape.describe() + " on escape VC" + (escapeVcs > 1 ? "s 0-" + (escapeVcs - 1) : " 0")
            + ", vct on adaptive VCs" + (leave ? "" : ", escape VCs never left");
    }
}
