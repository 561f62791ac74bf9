package flowproof.solve;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.Literal;
import flowproof.rule.FlowControlRule;
import flowproof.topology.Network;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The knot search of {@link DeadlockProver}: an invariant state with a packet in which every
 * head packet waits, found and then minimized to the fewest packets, and made concrete as a
 * {@link Witness}.
 */
final class KnotSearch {

    /**
     * What the search found.
     *
     * @param status the first solve's status (INFEASIBLE: no knot)
     * @param knot the status of the solve the witness comes from, by name
     * @param witness the knot, or null
     * @param minimal whether the witness has the fewest packets possible
     * @param variables the knot model's variables
     * @param constraints the knot model's constraints
     */
    record Outcome(CpSolverStatus status, String knot, Witness witness, boolean minimal, int variables,
                   int constraints) {
    }

    private final Network net;
    private final FlowControlRule rule;
    private final RouteGraph graph;
    private final SolverLimits limits;

    KnotSearch(Network net, FlowControlRule rule, RouteGraph graph, SolverLimits limits) {
        this.net = net;
        this.rule = rule;
        this.graph = graph;
        this.limits = limits;
    }

    /** Builds the knot model and solves it: a first knot, then the one with the fewest packets. */
    Outcome search() {
        CpModel model = new CpModel();
        StateEncoding s = knotModel(model);
        int variables = model.model().getVariablesCount();
        int constraints = model.model().getConstraintsCount();
        CpSolver solver = limits.solver(limits.remaining());
        CpSolverStatus status = solver.solve(model);
        Witness witness = null;
        boolean minimal = false;
        String knot = status.name();
        if (status == CpSolverStatus.FEASIBLE || status == CpSolverStatus.OPTIMAL) {
            int[] occ = values(solver, s.occ);
            int[] marks = s.marks == null ? new int[occ.length] : values(solver, s.marks);
            int[] cls = headClasses(solver, s);
            // Second phase: the fewest packets, from the first solution.
            for (int q = 0; q < occ.length; q++) {
                model.addHint(s.occ[q], occ[q]);
            }
            model.minimize(LinearExpr.sum(s.occ));
            CpSolver opt = limits.solver(Math.min(limits.remaining(), Math.max(5, limits.seconds() / 4)));
            CpSolverStatus st2 = opt.solve(model);
            if (st2 == CpSolverStatus.FEASIBLE || st2 == CpSolverStatus.OPTIMAL) {
                occ = values(opt, s.occ);
                marks = s.marks == null ? new int[occ.length] : values(opt, s.marks);
                cls = headClasses(opt, s);
                minimal = st2 == CpSolverStatus.OPTIMAL;
                knot = st2.name();
            }
            witness = witness(occ, marks, cls);
        }
        return new Outcome(status, knot, witness, minimal, variables, constraints);
    }

    private static int[] values(CpSolver solver, IntVar[] vars) {
        int[] v = new int[vars.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = (int) solver.value(vars[i]);
        }
        return v;
    }

    private static int[] headClasses(CpSolver solver, StateEncoding s) {
        int[] cls = new int[s.head.length];
        for (int q = 0; q < cls.length; q++) {
            cls[q] = -1;
            for (int k = 0; k < s.head[q].length; k++) {
                if (s.head[q][k] != null && solver.booleanValue(s.head[q][k])) {
                    cls[q] = k;
                }
            }
        }
        return cls;
    }

    /**
     * Knot: an invariant state with a packet, every head refused on every candidate; with
     * drifting marks, also no head that one drift of a mark off its candidate would let in.
     */
    private StateEncoding knotModel(CpModel model) {
        StateEncoding s = new StateEncoding(model, graph, rule, false);
        s.requireInvariants(rule.invariants());
        for (int q = 0; q < net.queues(); q++) {
            limits.checkTime();
            RouteGraph.HeadClass[] cls = graph.classes[q];
            for (int k = 0; k < cls.length; k++) {
                if (s.head[q][k] == null) {
                    continue;
                }
                for (int t : cls[k].targets()) {
                    model.addImplication(s.head[q][k], s.denied(q, t));
                }
            }
        }
        model.addGreaterOrEqual(LinearExpr.sum(s.occ), 1);
        if (rule.marksDrift()) {
            // with drifting marks, a state whose heads are all refused is still no knot when one
            // drift (a mark leaving a head's candidate queue) lets that head in: exclude those
            int[] up = net.ringUpstream();
            Map<Integer, BoolVar> drift = new HashMap<>();
            for (int q = 0; q < net.queues(); q++) {
                limits.checkTime();
                RouteGraph.HeadClass[] cls = graph.classes[q];
                for (int k = 0; k < cls.length; k++) {
                    if (s.head[q][k] == null) {
                        continue;
                    }
                    for (int t : cls[k].targets()) {
                        if (up[t] < 0) {
                            continue;
                        }
                        BoolVar d = drift.computeIfAbsent(t, x -> s.drifts(x, up[x]));
                        model.addBoolOr(new Literal[] {s.head[q][k].not(), d.not(), s.admittedAfterDrift(q, t).not()});
                    }
                }
            }
        }
        return s;
    }

    /** Makes the knot concrete: headers for every packet, what each head waits on, routes in. */
    private Witness witness(int[] occ, int[] marks, int[] cls) {
        int queues = net.queues();
        int[][] packets = new int[queues][];
        int[][] waits = new int[queues][];
        List<int[]> injections = new ArrayList<>();
        List<int[]> forwards = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (int q = 0; q < queues; q++) {
            if (occ[q] == 0) {
                packets[q] = new int[0];
                waits[q] = new int[0];
                continue;
            }
            RouteGraph.HeadClass hc = graph.classes[q][cls[q]];
            int header = hc.headers()[0];
            packets[q] = new int[occ[q]];
            java.util.Arrays.fill(packets[q], header);
            waits[q] = hc.targets().clone();
            RouteGraph.Route route = graph.routeTo(q, header);
            RouteGraph.Injection inj = route.injection();
            if (seen.add("i" + inj)) {
                injections.add(new int[] {inj.source(), inj.header(), inj.queue()});
            }
            for (int i = 0; i + 1 < route.hops().size(); i++) {
                long[] a = route.hops().get(i);
                long[] b = route.hops().get(i + 1);
                int[] f = {(int) a[0], (int) a[1], (int) b[0]};
                if (seen.add("f" + java.util.Arrays.toString(f))) {
                    forwards.add(f);
                }
            }
        }
        return new Witness(packets, marks, waits, injections, forwards);
    }
}
