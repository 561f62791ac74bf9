package flowproof.explore;

import flowproof.routing.DimensionOrderRouting;
import flowproof.rule.RuleKind;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import flowproof.traffic.TrafficPattern;

public class Scratch {
    public static void main(String[] args) {
        Object[][] cfgs = {
            {"R1", new int[]{4}, false, 1, 1, RuleKind.VCT},
            {"R2", new int[]{4}, false, 2, 1, RuleKind.DATELINE},
            {"R3", new int[]{4}, false, 1, 1, RuleKind.THEORETICAL_BUBBLE},
            {"R4", new int[]{4}, false, 1, 2, RuleKind.LOCALIZED_BUBBLE},
            {"R5", new int[]{4}, false, 1, 1, RuleKind.LOCALIZED_BUBBLE},
            {"R6", new int[]{4}, false, 1, 1, RuleKind.CRITICAL_BUBBLE},
            {"R7", new int[]{6}, false, 1, 1, RuleKind.CRITICAL_BUBBLE},
            {"R8", new int[]{5}, false, 1, 2, RuleKind.CRITICAL_BUBBLE},
            {"T1", new int[]{3,2}, false, 1, 1, RuleKind.VCT},
            {"T2", new int[]{3,2}, false, 1, 1, RuleKind.THEORETICAL_BUBBLE},
            {"T3", new int[]{3,2}, false, 1, 1, RuleKind.CRITICAL_BUBBLE},
        };
        for (Object[] c : cfgs) {
            if (args.length > 0 && !java.util.Arrays.asList(args).contains(c[0])) continue;
            Torus t = Torus.torus((int[]) c[1], (Boolean) c[2]);
            Network n = new Network(t, (Integer) c[3], (Integer) c[4]);
            var rule = ((RuleKind) c[5]).create(n, 0);
            Model m = new Model(n, new DimensionOrderRouting(t), rule, TrafficPattern.ALL_PAIRS.pairs(t));
            var props = Explorer.defaultProperties(rule); if (System.getenv("NODRAIN") != null) props.remove(Property.DRAINABILITY); var r = new Explorer(m, props, Limits.defaults(), false).run();
            System.out.printf("%s %s states=%d trans=%d depth=%d stuck=%d undrain=%d %.2fs %.1f B/state %s%n", c[0], r.verdict(), r.states(), r.transitions(), r.depth(), r.stuckStates(), r.undrainableStates(), r.seconds(), r.bytesPerState(), r.properties());
            for (var tr : r.traces().values()) System.out.println("  " + tr.property() + " len " + tr.length());
        }
    }
}
