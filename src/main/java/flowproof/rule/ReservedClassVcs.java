package flowproof.rule;

import flowproof.sim.control.RouterControl;
import flowproof.topology.Network;
import java.util.Set;

/**
 * The spec's rule on the lowest {@code vcs - k} VCs of every channel and {@code k}
 * reserved class VCs above them (the control and throttled VCs of CBCM, ECN's control VC,
 * the hot-spot VC of the ideal isolation: congestion-control schemes that give a class of
 * packets VCs of its own; {@link flowproof.sim.control.RouterControl}). A rule combinator
 * like {@link MixedRule}: it lives with the rules, and the schemes build it.
 *
 * <p>Discipline ({@link #mayUse}): a packet on a normal VC moves only to normal VCs, as the
 * spec's rule allows; a packet on a class VC moves only to the same class VC; injection
 * may enter a class VC (the simulator lets a packet enter only its own class's VC). On a
 * class VC the admission is virtual cut-through (a free packet slot).
 *
 * <p>Deadlock freedom: the channel dependency graph splits into the spec rule's graph on
 * the normal VCs (unchanged, so acyclic when the spec is) and one graph per class VC with
 * no edge between them. Class packets take minimal routes only (the simulator gives them
 * the minimal header at injection); on a flattened butterfly a minimal route is dimension
 * ordered (one hop per dimension, the dimensions in a fixed order), so each class graph is
 * acyclic too. Ejection is always drained by its terminal, and control packets are
 * consumed on arrival, never waiting for a data buffer, so no class waits on another.
 * The simulator's deadlock detector still watches every run.
 */
public final class ReservedClassVcs implements FlowControlRule {

    private final FlowControlRule inner;
    private final int classes;

    public ReservedClassVcs(FlowControlRule inner, int classes) {
        this.inner = inner;
        this.classes = classes;
    }

    /** The rule on the normal VCs. */
    public FlowControlRule inner() {
        return inner;
    }

    private boolean isClassVc(Network net, int q) {
        return net.vcOf(q) >= net.vcs() - classes;
    }

    @Override
    public int admit(BufferView view, int from, int to) {
        Network net = view.network();
        if (isClassVc(net, to)) {
            if (from != INJECT && net.vcOf(from) != net.vcOf(to)) {
                return DENY;
            }
            return view.freeSlots(to) > 0 ? ADMIT : DENY;
        }
        if (from != INJECT && isClassVc(net, from)) {
            return DENY;
        }
        return inner.admit(view, from, to);
    }

    @Override
    public boolean mayUse(Network network, int from, int to) {
        if (isClassVc(network, to)) {
            return from == INJECT || network.vcOf(from) == network.vcOf(to);
        }
        if (from != INJECT && isClassVc(network, from)) {
            return false;
        }
        return inner.mayUse(network, from, to);
    }

    @Override
    public boolean mayUse(Network network, int from, int to, int destination) {
        return mayUse(network, from, to) && (isClassVc(network, to) || inner.mayUse(network, from, to, destination));
    }

    @Override
    public boolean freeSlotSuffices() {
        return inner.freeSlotSuffices();
    }

    @Override
    public int marksPerRing() {
        return inner.marksPerRing();
    }

    @Override
    public int initialMarks(Network network, int queue) {
        return isClassVc(network, queue) ? 0 : inner.initialMarks(network, queue);
    }

    @Override
    public Set<Invariant> invariants() {
        return inner.invariants();
    }

    @Override
    public RuleKind kind() {
        return inner.kind();
    }

    @Override
    public boolean readsRingOccupancy() {
        return inner.readsRingOccupancy();
    }

    @Override
    public boolean readsRings() {
        return inner.readsRings();
    }

    @Override
    public String describe() {
        return inner.describe() + " + " + classes + " class VC" + (classes == 1 ? "" : "s");
    }
}
