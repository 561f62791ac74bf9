package flowproof.throttle;

import flowproof.rule.CriticalBubble;
import flowproof.rule.FlowControlRule;
import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.Scheme;
import flowproof.topology.Network;

/**
 * Multiple critical bubbles as global occupancy control (004_c7ed88898bbdda05.txt, section
 * on CBS-multiple): m critical marks per directional ring instead of one. A packet entering
 * a ring needs a free slot that is not critical, so injection stops while a ring has no
 * more than m free slots: marking 20% of a ring's slots keeps it below 80% occupancy, with
 * only the local decisions and the one-bit control line of the Critical Bubble Scheme.
 * The marks start spread evenly over the ring.
 *
 * <p>Parameters: {@code bubbles} (marks per ring) or {@code fraction} of the ring's packet
 * slots (default 0.2); {@code drift} (default true): a mark on a queue whose free slots are
 * all critical moves to the upstream queue when that one has a normal free slot. This is
 * flowproof's fix, not the paper's: with m at least the slots of one buffer (13 marks on
 * 8-slot buffers in the paper's setting) the marks can pile up on one buffer of an idle
 * ring, which then can never be entered by injection or a turn; the simulator finds it as
 * a deadlock in the drain ({@code drift: false} reproduces it). Key {@code cbs} is the single-bubble scheme (m = 1), the paper's
 * baseline. Needs the spec's rule to be {@code critical-bubble}.
 */
public final class CbsGlobal implements Scheme {

    private final String key;
    private final int bubbles;
    private final double fraction;
    private final boolean drift;
    private final String description;

    private CbsGlobal(String key, int bubbles, double fraction, boolean drift, String description) {
        this.key = key;
        this.bubbles = bubbles;
        this.fraction = fraction;
        this.drift = drift;
        this.description = description;
    }

    static Scheme read(Params p, SchemeContext c) {
        requireCbs(p, c, "cbs-global");
        int ringSlots = smallestRing(c.network()) * c.network().capacity();
        if (p.has("bubbles") && p.has("fraction")) {
            throw p.bad("bubbles", "bubbles or fraction, not both", "both");
        }
        boolean drift = p.bool("drift", true);
        if (p.has("bubbles")) {
            int m = (int) p.integer("bubbles", 1, 1, ringSlots - 1);
            return new CbsGlobal("cbs-global", m, 0, drift, p.describe("cbs-global"));
        }
        double f = p.number("fraction", 0.2, 0, true, 1);
        int m = marks(f, ringSlots);
        if (m >= ringSlots) {
            throw p.bad("fraction", "a fraction that leaves a ring of " + ringSlots + " slots a normal slot",
                Params.fmt(f));
        }
        return new CbsGlobal("cbs-global", 0, f, drift, p.describe("cbs-global"));
    }

    static Scheme readSingle(Params p, SchemeContext c) {
        requireCbs(p, c, "cbs");
        return new CbsGlobal("cbs", 1, 0, false, "cbs");
    }

    private static void requireCbs(Params p, SchemeContext c, String key) {
        if (c.rule().marksPerRing() == 0) {
            throw p.bad("kind", "rule critical-bubble for scheme " + key + " (its marks are the control)",
                "rule " + c.rule().name());
        }
    }

    private static int smallestRing(Network net) {
        int min = Integer.MAX_VALUE;
        for (int r = 0; r < net.rings(); r++) {
            min = Math.min(min, net.ringQueues(r).length);
        }
        return min == Integer.MAX_VALUE ? 0 : min;
    }

    private static int marks(double fraction, int ringSlots) {
        return Math.max(1, (int) Math.round(fraction * ringSlots));
    }

    /** Critical marks per ring on {@code network}. */
    public int bubbles(Network network) {
        return bubbles > 0 ? bubbles : marks(fraction, smallestRing(network) * network.capacity());
    }

    @Override
    public String key() {
        return key;
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public FlowControlRule rule(FlowControlRule specRule, Network network) {
        return new CriticalBubble(bubbles(network), true, drift);
    }

    @Override
    public InjectionControl create(NetworkState state, long seed) {
        return InjectionControl.NONE;
    }
}
