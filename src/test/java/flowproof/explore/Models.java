package flowproof.explore;

import flowproof.routing.DimensionOrderRouting;
import flowproof.rule.FlowControlRule;
import flowproof.rule.RuleKind;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import flowproof.traffic.TrafficPattern;
import java.util.Arrays;

/** Builds explorer models for tests (all-pairs traffic, DOR). */
public final class Models {

    private Models() {
    }

    public static Model torus(int[] radix, boolean bidirectional, int vcs, int capacity, RuleKind kind, int bubbles) {
        Torus t = Torus.torus(radix, bidirectional);
        Network n = new Network(t, vcs, capacity);
        FlowControlRule rule = kind.create(n, bubbles);
        return new Model(n, new DimensionOrderRouting(t), rule, TrafficPattern.ALL_PAIRS.pairs(t));
    }

    public static Model ring(int k, int vcs, int capacity, RuleKind kind) {
        return torus(new int[] {k}, false, vcs, capacity, kind, 0);
    }

    public static ExplorationResult explore(Model m) {
        return new Explorer(m, Explorer.defaultProperties(m.rule()), Limits.defaults(), false).run();
    }

    /** Checks every property, whatever the rule. */
    public static ExplorationResult exploreAll(Model m) {
        var props = java.util.EnumSet.of(Property.STUCK_FREEDOM, Property.DRAINABILITY, Property.BUBBLE_INVARIANT);
        if (m.rule().marksPerRing() > 0) {
            props.add(Property.CRITICAL_BUBBLE_INVARIANT);
        }
        return new Explorer(m, props, Limits.defaults(), false).run();
    }

    public static String name(int[] radix, boolean bidirectional, int vcs, int capacity, RuleKind kind) {
        return Arrays.toString(radix) + (bidirectional ? " bidir" : " uni") + " vcs=" + vcs + " C=" + capacity + " " + kind.key();
    }
}
