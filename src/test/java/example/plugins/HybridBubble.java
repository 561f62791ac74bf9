package example.plugins;

import flowproof.plugin.PluginParams;
import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import flowproof.topology.Network;
import java.util.EnumSet;
import java.util.Set;

/**
 * "Hybrid bubble", a rule that is not built in: a packet injected into a ring needs the ring
 * to keep a free slot after the move (the ring has at least 2 free slots, the target at least
 * 1: the theoretical bubble's condition), a packet coming from another ring needs
 * {@code turn-slots} (default 2) free slots in the target queue (the localized bubble's), and
 * a packet staying in its ring needs one. Either way every ring keeps a bubble.
 *
 * <p>Parameter {@code turn-slots}: 2 up to the capacity.
 */
public final class HybridBubble implements FlowControlRule {

    private final int turnSlots;

    public HybridBubble(Network network, PluginParams params) {
        int max = Math.max(2, network.capacity());
        this.turnSlots = params.positiveInt("turn-slots", 2);
        if (turnSlots < 2 || turnSlots > max) {
            throw params.bad("turn-slots", "2 up to the capacity (" + network.capacity() + ")",
                Integer.toString(turnSlots));
        }
    }

    @Override
    public int admit(BufferView view, int from, int to) {
        int free = view.freeSlots(to);
        if (free < 1) {
            return DENY;
        }
        Network net = view.network();
        if (net.withinRing(from, to)) {
            return ADMIT;
        }
        int ring = net.ringOf(to);
        if (ring < 0) {
            return ADMIT;
        }
        if (from == INJECT) {
            return view.ringFreeSlots(ring) >= 2 ? ADMIT : DENY;
        }
        return free >= turnSlots ? ADMIT : DENY;
    }

    @Override
    public boolean readsRingOccupancy() {
        return true;
    }

    @Override
    public boolean translationInvariant() {
        return true;
    }

    @Override
    public boolean reflectionInvariant() {
        return true;
    }

    @Override
    public Set<Invariant> invariants() {
        return EnumSet.of(Invariant.BUBBLE);
    }

    @Override
    public String describe() {
        return "hybrid-bubble (turns need " + turnSlots + " free slots)";
    }
}
