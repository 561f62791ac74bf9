package flowproof.rule;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import flowproof.topology.Network;
import java.util.List;
import java.util.EnumSet;
import java.util.Set;

/**
 * The Critical Bubble Scheme (004_c7ed88898bbdda05.txt section III) with m critical marks
 * per directional ring.
 *
 * <p>Within a ring the target needs a free slot, critical or not; if every free slot of
 * the target is critical, one mark moves backwards to the slot the packet vacates
 * ({@link #ADMIT_SHIFT_MARK}; in hardware router B raises a control line to router A).
 * Entering a ring the target needs a free slot that is not critical. Ejection and
 * leaving a ring free a slot and move no mark. Initially all m marks sit on the ring's
 * queue at the node with the lowest coordinate along the ring.
 */
public final class CriticalBubble implements FlowControlRule {

    private final int marks;
    private final boolean spread;
    private final boolean drift;

    public CriticalBubble(int marks) {
        this(marks, false, false);
    }

    /**
     * With {@code spread}, the m marks start spread evenly over the ring's queues (as many
     * per queue as fit, the first queues of the ring taking one more) instead of all on the
     * home queue: the simulator's global occupancy control ({@code cbs-global}) marks more
     * slots than one buffer holds.
     */
    public CriticalBubble(int marks, boolean spread) {
        this(marks, spread, false);
    }

    /**
     * With {@code drift}, the simulator also moves a mark from a queue whose free slots are
     * all critical to the upstream queue of its ring when that one has a normal free slot,
     * one mark per queue per cycle. Without it, with m at least the slots of one queue, the
     * marks can pile up on one queue of an idle ring and nothing can ever enter that queue
     * from outside the ring (injection and turns need a normal slot; only an intra-ring
     * packet would move a mark): the generalisation of reference T3 to several marks. The
     * explorer does not model drift (issue 8).
     */
    public CriticalBubble(int marks, boolean spread, boolean drift) {
        this.marks = marks;
        this.spread = spread;
        this.drift = drift;
    }

    @Override
    public boolean marksDrift() {
        return drift;
    }

    /**
     * A mark drifts from {@code queue} when all of its free slots are critical and the
     * upstream queue of its ring has a free slot that is not.
     */
    @Override
    public boolean drifts(BufferView view, int queue, int upstream) {
        int m = view.criticalMarks(queue);
        return drift && m > 0 && view.freeSlots(queue) <= m && view.freeSlots(upstream) > view.criticalMarks(upstream);
    }

    @Override
    public int initialMarks(flowproof.topology.Network network, int queue) {
        if (!spread) {
            return FlowControlRule.super.initialMarks(network, queue);
        }
        int ring = network.ringOf(queue);
        if (ring < 0) {
            return 0;
        }
        int[] members = network.ringQueues(ring);
        for (int i = 0; i < members.length; i++) {
            if (members[i] == queue) {
                return marks / members.length + (i < marks % members.length ? 1 : 0);
            }
        }
        return 0;
    }

    @Override
    public int admit(BufferView view, int from, int to) {
        int free = view.freeSlots(to);
        if (free < 1) {
            return DENY;
        }
        int critical = view.criticalMarks(to);
        if (view.network().withinRing(from, to)) {
            return critical >= free ? ADMIT_SHIFT_MARK : ADMIT;
        }
        return free > critical ? ADMIT : DENY;
    }

    @Override
    public int marksPerRing() {
        return marks;
    }

    @Override
    public Set<Invariant> invariants() {
        return EnumSet.of(Invariant.BUBBLE, Invariant.CRITICAL_BUBBLE);
    }

    @Override
    public RuleKind kind() {
        return RuleKind.CRITICAL_BUBBLE;
    }

    @Override
    public String describe() {
        return "critical-bubble (m=" + marks + (spread ? ", spread" : "") + (drift ? ", drift" : "") + ")";
    }

    /** {@code rule: critical-bubble}: critical marks on free slots that entering packets may not take. */
    @AutoService(RuleFactory.class)
    public static final class Factory implements RuleFactory {
        @Override
        public String name() {
            return "critical-bubble";
        }

        @Override
        public FlowControlRule create(Network network, PluginParams params) {
            Rules.needRings(network, name());
            int m = params.positiveInt("bubbles", 1);
            boolean drift = params.bool("drift", false);
            if (m > network.capacity()) {
                throw params.bad("bubbles", "at most the capacity (" + network.capacity() + "), since all marks start"
                    + " on one queue", Integer.toString(m));
            }
            return new CriticalBubble(m, false, drift);
        }

        @Override
        public List<Param> params() {
            return List.of(Param.of("bubbles"), Param.of("drift"));
        }
    }
}
