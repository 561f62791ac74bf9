package flowproof.throttle;

import flowproof.rule.FlowControlRule;
import flowproof.rule.TheoreticalBubble;
import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.Scheme;
import flowproof.topology.Network;

/**
 * Theoretical BFC as a scheme (004_c7ed88898bbdda05.txt, Fig. 10): the rule
 * {@code theoretical-bubble} (entering a ring needs a free slot in the target and two in the
 * whole ring, read globally and atomically) in place of the spec's bubble rule, so that
 * {@code compare --schemes theoretical,cbs,best-local} draws the paper's three curves from one
 * spec. Parameter {@code atomic} (true): false reads the ring's count from the cycle's snapshot
 * (the uncoordinated global rule of the paper's Fig. 2).
 */
public final class Theoretical implements Scheme {

    private final boolean atomic;
    private final String description;

    private Theoretical(boolean atomic, String description) {
        this.atomic = atomic;
        this.description = description;
    }

    static Scheme read(Params p, SchemeContext c) {
        if (!c.rule().readsRings()) {
            throw p.bad("kind", "a bubble rule (critical-bubble, localized-bubble, theoretical-bubble) for scheme "
                + "theoretical, which replaces it", "rule " + c.rule().name());
        }
        return new Theoretical(p.bool("atomic", true), p.describe("theoretical"));
    }

    @Override
    public String key() {
        return "theoretical";
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public FlowControlRule rule(FlowControlRule specRule, Network network) {
        return new TheoreticalBubble(atomic);
    }

    @Override
    public InjectionControl create(NetworkState state, long seed) {
        return InjectionControl.NONE;
    }
}
