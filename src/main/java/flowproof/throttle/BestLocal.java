package flowproof.throttle;

import flowproof.rule.FlowControlRule;
import flowproof.rule.LocalizedBubble;
import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.Scheme;
import flowproof.topology.Network;

/**
 * "Best Local FC", the local baseline of the multiple-critical-bubbles experiments
 * (004_c7ed88898bbdda05.txt, section V.C): "the best local flow control that can be obtained
 * by varying the minimum number of free buffers required in the local channel before
 * injecting a packet. For example, Localized BFC corresponds to the case of two free
 * buffers." So a packet entering a dimension (injection or a turn) needs {@code slots} free
 * packet slots in its target buffer, a packet within a dimension one: Localized BFC with n
 * in place of 2, which the paper tunes per pattern ({@code compare --schemes
 * best-local(slots=2),best-local(slots=4),...} does the tuning). The scheme replaces the
 * spec's bubble rule; default 2 (Localized BFC itself). {@code turn-slots} (default: n) sets a
 * turn's requirement apart, e.g. 2 to vary n at injection only, as the paper's wording has it.
 */
public final class BestLocal implements Scheme {

    private final int slots;
    private final int turnSlots;
    private final String description;

    private BestLocal(int slots, int turnSlots, String description) {
        this.slots = slots;
        this.turnSlots = turnSlots;
        this.description = description;
    }

    static Scheme read(Params p, SchemeContext c) {
        if (!c.rule().readsRings()) {
            throw p.bad("kind", "a bubble rule (critical-bubble, localized-bubble, theoretical-bubble) for scheme "
                + "best-local, which replaces it", "rule " + c.rule().name());
        }
        int max = c.network().capacity();
        if (max < 2) {
            throw p.bad("kind", "buffers of at least 2 packet slots for scheme best-local", max + " slot");
        }
        int n = (int) p.integer("slots", 2, 2, max);
        int turns = (int) p.integer("turn-slots", n, 2, max);
        return new BestLocal(n, turns, p.describe("best-local"));
    }

    @Override
    public String key() {
        return "best-local";
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public FlowControlRule rule(FlowControlRule specRule, Network network) {
        return new LocalizedBubble(slots, turnSlots);
    }

    @Override
    public InjectionControl create(NetworkState state, long seed) {
        return InjectionControl.NONE;
    }
}
