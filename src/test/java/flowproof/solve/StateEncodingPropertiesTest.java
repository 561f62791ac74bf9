package flowproof.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import flowproof.routing.DimensionOrderRouting;
import flowproof.routing.QueueRoutes;
import flowproof.rule.CriticalBubble;
import flowproof.rule.Dateline;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import flowproof.rule.LocalizedBubble;
import flowproof.rule.TheoreticalBubble;
import flowproof.rule.VirtualCutThrough;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quicktheories.generators.Generate;

/**
 * The CP-SAT encoding against the Java predicates it stands for, on random states of a
 * 3x3 bidirectional torus: the invariants ({@link Invariant#holds}) and every rule's
 * admission ({@link FlowControlRule#admit}, tabulated by {@link AdmissionTable}). The state
 * is fixed in the model; the solver must then agree with the predicate.
 */
class StateEncodingPropertiesTest {

    @BeforeAll
    static void ortools() {
        assertThat(OrTools.problem()).isNull();
    }

    private static FlowControlRule rule(int i) {
        return switch (i) {
            case 0 -> new VirtualCutThrough();
            case 1 -> new TheoreticalBubble();
            case 2 -> new LocalizedBubble();
            case 3 -> new CriticalBubble(1);
            case 4 -> new CriticalBubble(2);
            default -> new Dateline();
        };
    }

    private static List<int[]> allPairs(int nodes) {
        List<int[]> p = new ArrayList<>();
        for (int s = 0; s < nodes; s++) {
            for (int d = 0; d < nodes; d++) {
                if (s != d) {
                    p.add(new int[] {s, d});
                }
            }
        }
        return p;
    }

    @Test
    void encodingAgreesWithTheRuleAndItsInvariantsOnRandomStates() {
        qt().withExamples(150).forAll(Generate.range(0, 5), Generate.range(1, 2), Generate.longRange(0, Long.MAX_VALUE))
            .checkAssert((ruleIndex, capacity, seed) -> check(rule(ruleIndex), capacity, seed));
    }

    private static void check(FlowControlRule rule, int capacity, long seed) {
        Torus torus = Torus.torus(new int[] {3, 3}, true);
        int vcs = rule instanceof Dateline ? 2 : 1;
        Network net = new Network(torus, vcs, capacity);
        RouteGraph graph = new RouteGraph(net, new QueueRoutes(net, new DimensionOrderRouting(torus), rule),
            allPairs(torus.nodes()));
        SplittableRandom rnd = new SplittableRandom(seed);
        int queues = net.queues();
        int[] occ = new int[queues];
        int[] marks = new int[queues];
        for (int q = 0; q < queues; q++) {
            // Queues no packet can reach stay empty (the route invariant).
            occ[q] = graph.classes[q].length == 0 ? 0 : rnd.nextInt(capacity + 1);
        }
        int m = rule.marksPerRing();
        if (m > 0) {
            for (int r = 0; r < net.rings(); r++) {
                int[] members = net.ringQueues(r);
                int left = rnd.nextInt(4) == 0 ? m + rnd.nextInt(2) : m;
                while (left-- > 0) {
                    marks[members[rnd.nextInt(members.length)]]++;
                }
            }
        }
        ArrayView view = new ArrayView(net, occ, marks);
        boolean holds = true;
        for (Invariant inv : rule.invariants()) {
            holds &= inv.holds(view, m);
        }
        boolean capacityOk = true;
        for (int q = 0; q < queues; q++) {
            capacityOk &= marks[q] <= capacity;
        }
        if (!capacityOk) {
            return;
        }
        CpModel model = new CpModel();
        StateEncoding s = new StateEncoding(model, graph, rule, true);
        for (int q = 0; q < queues; q++) {
            model.addEquality(s.occ[q], occ[q]);
            if (s.marks != null) {
                model.addEquality(s.marks[q], marks[q]);
            }
        }
        int from = rnd.nextInt(queues + 1) - 1;
        int to = rnd.nextInt(queues);
        var deny = s.denied(from, to);
        var admit = s.admitted(from, to);
        CpSolver solver = new CpSolver();
        solver.getParameters().setNumWorkers(1);
        assertThat(solver.solve(model)).isIn(CpSolverStatus.OPTIMAL, CpSolverStatus.FEASIBLE);
        int verdict = rule.admit(view, from, to);
        assertThat(solver.booleanValue(deny)).as("deny %s -> %s", from, to).isEqualTo(verdict == FlowControlRule.DENY);
        assertThat(solver.booleanValue(admit[0])).isEqualTo(verdict != FlowControlRule.DENY);
        assertThat(solver.booleanValue(admit[1])).isEqualTo(verdict == FlowControlRule.ADMIT_SHIFT_MARK);

        s.requireInvariants(rule.invariants());
        CpSolverStatus st = solver.solve(model);
        assertThat(st == CpSolverStatus.OPTIMAL || st == CpSolverStatus.FEASIBLE)
            .as("%s: encoded invariants vs Invariant.holds on occ %s marks %s", rule.describe(),
                java.util.Arrays.toString(occ), java.util.Arrays.toString(marks))
            .isEqualTo(holds);
    }
}
