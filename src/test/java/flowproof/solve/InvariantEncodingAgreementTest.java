package flowproof.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.Literal;
import flowproof.routing.DimensionOrderRouting;
import flowproof.routing.MinimalAdaptiveRouting;
import flowproof.routing.QueueRoutes;
import flowproof.routing.RoutingFunction;
import flowproof.rule.Condition;
import flowproof.rule.CriticalBubble;
import flowproof.rule.EscapeVcs;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import flowproof.rule.TheoreticalBubble;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quicktheories.generators.Generate;

/**
 * The three uses of an invariant's definition ({@link Invariant#conditions}) agree on random
 * states, for both invariants alone and together: {@link Invariant#holds} (the explorer's
 * check), the requirement of {@link StateEncoding#requireInvariants} (satisfiable with the
 * state fixed iff it holds) and the violation literals of
 * {@link Inductiveness#invariantViolations} on the state after a move, whose values may
 * leave 0..C (one of them can be true iff it does not hold). Networks: rings of several sizes,
 * a bidirectional torus, and escape VCs, whose adaptive queues belong to no ring.
 */
class InvariantEncodingAgreementTest {

    @BeforeAll
    static void ortools() {
        assertThat(OrTools.problem()).isNull();
    }

    /** A network, a rule and the route graph of all pairs. */
    record Setup(String name, Network net, FlowControlRule rule, RouteGraph graph) {
    }

    private static final ConcurrentHashMap<Integer, Setup> SETUPS = new ConcurrentHashMap<>();

    private static Setup setup(int i) {
        return SETUPS.computeIfAbsent(i, k -> switch (k) {
            case 0 -> make("ring5 C=2 critical-bubble m=1", Torus.torus(new int[] {5}, false), 1, 2,
                t -> new DimensionOrderRouting(t), new CriticalBubble(1));
            case 1 -> make("ring4 C=2 critical-bubble m=2", Torus.torus(new int[] {4}, false), 1, 2,
                t -> new DimensionOrderRouting(t), new CriticalBubble(2));
            case 2 -> make("torus3x2 bidir C=1 theoretical-bubble", Torus.torus(new int[] {3, 2}, true), 1, 1,
                t -> new DimensionOrderRouting(t), new TheoreticalBubble());
            case 3 -> make("torus3x3 C=2 escape critical-bubble m=1", Torus.torus(new int[] {3, 3}, false), 2, 2,
                t -> new MinimalAdaptiveRouting(t), new EscapeVcs(new CriticalBubble(1), 1));
            default -> make("ring3 bidir C=3 critical-bubble m=3", Torus.torus(new int[] {3}, true), 1, 3,
                t -> new DimensionOrderRouting(t), new CriticalBubble(3));
        });
    }

    private static Setup make(String name, Torus t, int vcs, int capacity,
                              java.util.function.Function<Torus, RoutingFunction> routing, FlowControlRule rule) {
        Network net = new Network(t, vcs, capacity, 1);
        List<int[]> pairs = new ArrayList<>();
        for (int s = 0; s < t.nodes(); s++) {
            for (int d = 0; d < t.nodes(); d++) {
                if (s != d) {
                    pairs.add(new int[] {s, d});
                }
            }
        }
        return new Setup(name, net, rule, new RouteGraph(net, new QueueRoutes(net, routing.apply(t), rule), pairs));
    }

    @Test
    void holdsTheRequirementAndTheViolationsAgreeOnRandomStates() {
        qt().withExamples(400).forAll(Generate.range(0, 4), Generate.range(0, 2), Generate.longRange(0, Long.MAX_VALUE))
            .checkAssert((setup, which, seed) -> check(setup(setup), which, seed));
    }

    /** A state near the invariants: random occupancies, most rings left a free slot, about m marks per ring. */
    private static int[][] state(Setup s, SplittableRandom rnd, boolean reachableOnly) {
        Network net = s.net();
        int c = net.capacity();
        int m = s.rule().marksPerRing();
        int[] occ = new int[net.queues()];
        int[] marks = new int[net.queues()];
        for (int q = 0; q < occ.length; q++) {
            occ[q] = reachableOnly && s.graph().classes[q].length == 0 ? 0 : rnd.nextInt(c + 1);
        }
        for (int r = 0; r < net.rings(); r++) {
            int[] members = net.ringQueues(r);
            if (rnd.nextInt(4) != 0) {
                int q = members[rnd.nextInt(members.length)];
                occ[q] = Math.min(occ[q], c - 1);
            }
            int left = rnd.nextInt(4) == 0 ? m + rnd.nextInt(3) - 1 : m;
            for (int tries = 0; left > 0 && tries < 50; tries++) {
                int q = members[rnd.nextInt(members.length)];
                if (marks[q] < c - occ[q] || rnd.nextInt(8) == 0) {
                    marks[q] = Math.min(c, marks[q] + 1);
                    left--;
                }
            }
        }
        if (m > 0 && rnd.nextInt(8) == 0) {
            int q = rnd.nextInt(occ.length);
            marks[q] = Math.min(c, marks[q] + 1);
        }
        return new int[][] {occ, marks};
    }

    private static void check(Setup s, int which, long seed) {
        Set<Invariant> all = s.rule().invariants();
        List<Set<Invariant>> sets = new ArrayList<>();
        for (Invariant inv : all) {
            sets.add(EnumSet.of(inv));
        }
        sets.add(all);
        Set<Invariant> invs = sets.get(Math.min(which, sets.size() - 1));
        FlowControlRule rule = new OnlyThese(s.rule(), invs);
        Network net = s.net();
        int m = rule.marksPerRing();
        SplittableRandom rnd = new SplittableRandom(seed);

        // the requirement: a state of the encoding's domains (0..C), routes respected
        int[][] pre = state(s, rnd, true);
        boolean holds = holds(invs, net, pre, m);
        CpModel model = new CpModel();
        StateEncoding enc = new StateEncoding(model, s.graph(), rule, true);
        fix(model, enc.occ, pre[0]);
        if (enc.marks != null) {
            fix(model, enc.marks, pre[1]);
        }
        enc.requireInvariants(invs);
        assertThat(feasible(model)).as("%s %s: requirement vs holds on occ %s marks %s", s.name(), invs,
            Arrays.toString(pre[0]), Arrays.toString(pre[1])).isEqualTo(holds);

        // the violations: the state after a move, values in -1..C+1 as in the inductiveness check
        int[][] post = state(s, rnd, false);
        int c = net.capacity();
        for (int k = rnd.nextInt(3); k >= 0; k--) {
            int[] a = post[rnd.nextInt(m > 0 ? 2 : 1)];
            int q = rnd.nextInt(a.length);
            a[q] = Math.max(-1, Math.min(c + 1, a[q] + (rnd.nextBoolean() ? 1 : -1)));
        }
        boolean after = holds(invs, net, post, m);
        CpModel m2 = new CpModel();
        IntVar[] occ2 = vars(m2, net.queues(), c, "occ'");
        IntVar[] marks2 = m > 0 ? vars(m2, net.queues(), c, "marks'") : null;
        fix(m2, occ2, post[0]);
        if (marks2 != null) {
            fix(m2, marks2, post[1]);
        }
        List<Literal> violations = Inductiveness.invariantViolations(m2, net, rule, occ2, marks2);
        m2.addBoolOr(violations);
        assertThat(feasible(m2)).as("%s %s: some violation vs not holds on occ %s marks %s", s.name(), invs,
            Arrays.toString(post[0]), Arrays.toString(post[1])).isEqualTo(!after);
        // literal by literal: the broken conditions' literals can be true, a few others (at random) cannot
        Set<String> broken = brokenNames(invs, net, post, m);
        Set<String> names = new java.util.HashSet<>();
        for (Literal v : violations) {
            String name = ((BoolVar) v).getName();
            names.add(name);
            if (!broken.contains(name) && rnd.nextInt(Math.max(1, violations.size() / 4)) != 0) {
                continue;
            }
            m2.clearAssumptions();
            m2.addAssumption(v);
            assertThat(feasible(m2)).as("%s %s: %s can be true on occ %s marks %s", s.name(), invs, name,
                Arrays.toString(post[0]), Arrays.toString(post[1])).isEqualTo(broken.contains(name));
        }
        assertThat(names).as("a literal for every broken condition").containsAll(broken);
    }

    private static boolean holds(Set<Invariant> invs, Network net, int[][] st, int m) {
        ArrayView view = new ArrayView(net, st[0], st[1]);
        boolean holds = true;
        for (Invariant inv : invs) {
            holds &= inv.holds(view, m);
        }
        return holds;
    }

    /** The names of the violations that hold in a state, with the queue or ring, evaluated by the conditions themselves. */
    private static Set<String> brokenNames(Set<Invariant> invs, Network net, int[][] st, int m) {
        ArrayView view = new ArrayView(net, st[0], st[1]);
        Set<String> names = new java.util.HashSet<>();
        for (Invariant inv : invs) {
            for (Condition cond : inv.conditions()) {
                long bound = cond.bound().value(m);
                for (int i = 0; i < cond.scope().size(net); i++) {
                    if (!cond.scope().applies(net, i)) {
                        continue;
                    }
                    long sum = cond.sum(view, i);
                    if (sum < bound && cond.below() != null) {
                        names.add(cond.below() + i);
                    }
                    if (sum > bound && cond.above() != null) {
                        names.add(cond.above() + i);
                    }
                }
            }
        }
        return names;
    }

    private static IntVar[] vars(CpModel model, int n, int c, String name) {
        IntVar[] v = new IntVar[n];
        for (int q = 0; q < n; q++) {
            v[q] = model.newIntVar(-1, c + 1, name + q);
        }
        return v;
    }

    private static void fix(CpModel model, IntVar[] vars, int[] values) {
        for (int q = 0; q < vars.length; q++) {
            model.addEquality(vars[q], values[q]);
        }
    }

    private static boolean feasible(CpModel model) {
        CpSolver solver = new CpSolver();
        solver.getParameters().setNumWorkers(1);
        CpSolverStatus st = solver.solve(model);
        assertThat(st).isIn(CpSolverStatus.OPTIMAL, CpSolverStatus.FEASIBLE, CpSolverStatus.INFEASIBLE);
        return st != CpSolverStatus.INFEASIBLE;
    }

    /** A rule as given, declaring only some of its invariants. */
    private static final class OnlyThese implements FlowControlRule {
        private final FlowControlRule rule;
        private final Set<Invariant> invariants;

        OnlyThese(FlowControlRule rule, Set<Invariant> invariants) {
            this.rule = rule;
            this.invariants = invariants;
        }

        @Override
        public int admit(flowproof.rule.BufferView view, int from, int to) {
            return rule.admit(view, from, to);
        }

        @Override
        public int marksPerRing() {
            return rule.marksPerRing();
        }

        @Override
        public Set<Invariant> invariants() {
            return invariants;
        }
    }
}
