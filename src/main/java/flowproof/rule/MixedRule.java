package flowproof.rule;

import flowproof.topology.Network;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Different flow-control rules on different queues: a heterogeneous fabric (one link whose
 * ends run another protocol, a rule per VC class). Each queue is governed by one part, and a
 * move is judged by the rule of the queue it enters, exactly as that rule judges it alone;
 * bubble rules count the free slots of the whole directional ring as they do alone.
 *
 * <p>The parts are rules without state of their own and without a VC discipline: virtual
 * cut-through and the theoretical and localized bubble rules (VCs are chosen by
 * {@code vc-classes}). The invariants checked are those every part keeps.
 */
public final class MixedRule implements FlowControlRule {

    /** One part: a rule and the queues it governs (a description for messages). */
    public record Part(FlowControlRule rule, String queues) {}

    private final List<Part> parts;
    private final int[] partOf;

    /**
     * @param partOf the part governing each queue, by queue index
     * @throws IllegalArgumentException when a part keeps critical marks or chooses VCs
     */
    public MixedRule(List<Part> parts, int[] partOf) {
        this.parts = List.copyOf(parts);
        this.partOf = partOf.clone();
        for (Part p : parts) {
            RuleKind k = p.rule().kind();
            if (k != RuleKind.VCT && k != RuleKind.THEORETICAL_BUBBLE && k != RuleKind.LOCALIZED_BUBBLE) {
                throw new IllegalArgumentException("a mixed rule takes vct and the bubble rules, not " + k.key());
            }
        }
    }

    public List<Part> parts() {
        return parts;
    }

    /** The rule governing {@code queue}. */
    public FlowControlRule ruleOf(int queue) {
        return parts.get(partOf[queue]).rule();
    }

    @Override
    public int admit(BufferView view, int from, int to) {
        return ruleOf(to).admit(view, from, to);
    }

    @Override
    public boolean mayUse(Network network, int from, int to) {
        return ruleOf(to).mayUse(network, from, to);
    }

    @Override
    public boolean mayUse(Network network, int from, int to, int destination) {
        return ruleOf(to).mayUse(network, from, to, destination);
    }

    @Override
    public boolean freeSlotSuffices() {
        return parts.stream().allMatch(p -> p.rule().freeSlotSuffices());
    }

    @Override
    public boolean readsRingOccupancy() {
        return parts.stream().anyMatch(p -> p.rule().readsRingOccupancy());
    }

    @Override
    public boolean readsRings() {
        return parts.stream().anyMatch(p -> p.rule().readsRings());
    }

    @Override
    public boolean globalReadAtomic() {
        return parts.stream().allMatch(p -> p.rule().globalReadAtomic());
    }

    @Override
    public Set<Invariant> invariants() {
        Set<Invariant> common = EnumSet.allOf(Invariant.class);
        for (Part p : parts) {
            common.retainAll(p.rule().invariants());
        }
        return common;
    }

    /**
     * The kind of the part that reads the most: theoretical-bubble (ring-wide occupancy) if a
     * part has it, else localized-bubble, else vct: the name messages give the rule's family. What
     * engines and schemes need comes from the capabilities ({@link #readsRings},
     * {@link #readsRingOccupancy}).
     */
    @Override
    public RuleKind kind() {
        RuleKind best = RuleKind.VCT;
        for (Part p : parts) {
            RuleKind k = p.rule().kind();
            if (k == RuleKind.THEORETICAL_BUBBLE || k == RuleKind.LOCALIZED_BUBBLE && best == RuleKind.VCT) {
                best = k;
            }
        }
        return best;
    }

    @Override
    public String describe() {
        StringBuilder b = new StringBuilder("mixed (");
        for (int i = 0; i < parts.size(); i++) {
            b.append(i == 0 ? "" : "; ").append(parts.get(i).rule().describe()).append(" on ").append(parts.get(i).queues());
        }
        return b.append(')').toString();
    }
}
