package flowproof.solve;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.Literal;
import flowproof.routing.QueueRoutes;
import flowproof.routing.RoutingFunction;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import flowproof.topology.Network;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Proves a flow-control rule deadlock-free on a concrete network with CP-SAT, without
 * enumerating states, or finds a deadlock configuration.
 *
 * <p><b>What is checked.</b> The model is the explorer's packet-level model
 * (docs/model.md). CP-SAT works on <em>invariant states</em>: assignments of
 * queue occupancies (0..C), critical marks and head packets such that
 * <ul>
 *   <li>the capacity invariant holds (0 &lt;= occupancy &lt;= C, by the domains),</li>
 *   <li>the route invariant holds: every packet sits at a (queue, header) pair its route
 *       can reach from an injection of the traffic pattern, on a VC the rule's discipline
 *       allows ({@link RouteGraph}; this is the dateline and VC-per-hop discipline),</li>
 *   <li>the rule's own invariants hold ({@link FlowControlRule#invariants}: the bubble
 *       invariant, the critical-bubble invariant).</li>
 * </ul>
 * Two questions are asked:
 * <ol>
 *   <li><em>Inductiveness</em>: is there an invariant state and a move the rule admits
 *       (inject, forward or eject, every VC and every adaptive candidate) whose successor
 *       violates an invariant? None, and the empty network satisfies them: every reachable
 *       state is an invariant state.</li>
 *   <li><em>Knot</em>: is there an invariant state holding at least one packet in which
 *       every head packet waits: it does not leave the network where it is, and the rule
 *       refuses it on every candidate queue (all of them, for adaptive routing)? Such a
 *       state has no forward or eject move: it is a stuck state, and its packets form a
 *       set that waits only on the full queues, ring bubbles and critical marks of the
 *       state. The search minimizes the number of packets, so the witness is a small
 *       knot in an otherwise empty network.</li>
 * </ol>
 * <p><b>Drifting marks</b> ({@link FlowControlRule#marksDrift}): a drift move passes a mark
 * from a ring queue to its upstream queue when the rule says so ({@link FlowControlRule#drifts},
 * tabulated like admission). It is one more move for inductiveness. A knot is then a state
 * whose heads are all refused and where no single drift, moving a mark off a head's candidate
 * queue, would let that head in. Without a knot, every reachable state with packets has a
 * forward or eject move, or a drift followed by one, so the same shortening argument as
 * below gives drainability. A knot found may still be freed by several drifts: it is not
 * necessarily a stuck state, which the guided search judges on all moves.
 *
 * <p><b>proved</b> = the invariants hold initially, are inductive, and no knot exists. Then
 * no reachable state is stuck; and since forward and eject moves strictly shorten the
 * remaining routes of minimal (and UGAL) routing, every maximal sequence of them ends in
 * a state without such moves, which must be empty: every reachable state drains. So
 * {@code proved} covers stuck-freedom, drainability and the rule's invariants.
 * <b>deadlock-configuration</b>: a knot exists among the invariant states; it may or may
 * not be reachable (the invariants over-approximate the reachable states), which the
 * explorer's guided search decides. <b>unknown</b>: a time limit was hit, or the
 * invariants are not inductive (no proof is claimed then).
 *
 * <p>The rule is never rewritten here: its admission is tabulated by calling
 * {@link FlowControlRule#admit} ({@link AdmissionTable}), routes come from
 * {@link QueueRoutes}, and the invariants are read from their definitions
 * ({@link Invariant#conditions}, the same data {@link Invariant#holds} evaluates): required
 * of the state, negated after the move ({@link ConditionEncoding}).
 */
public final class DeadlockProver {

    /**
     * @param seconds wall-clock limit for all CP-SAT solves together
     * @param workers CP-SAT search workers; with 1 the search is deterministic (as long as
     *                it finishes before the time limit)
     */
    public record Options(double seconds, int workers) {

        public static Options defaults() {
            return new Options(600, 1);
        }
    }

    private final Network net;
    private final FlowControlRule rule;
    private final boolean minimalRouting;
    private final RouteGraph graph;
    private final Options options;
    /**
     * The knot search alone ({@link #knot}): no inductiveness check, and every solve bounded by
     * CP-SAT's deterministic time (the same answer on every run) rather than by seconds.
     */
    private double knotOnlyDeterministicTime;
    private final long start = System.nanoTime();
    private final double routeSeconds;

    private DeadlockProver(Network net, RoutingFunction routing, FlowControlRule rule, List<int[]> traffic,
                           Options options) {
        this.net = net;
        this.rule = rule;
        this.minimalRouting = routing.minimal();
        this.options = options;
        this.graph = new RouteGraph(net, new QueueRoutes(net, routing, rule), traffic);
        this.routeSeconds = (System.nanoTime() - start) / 1e9;
    }

    /**
     * @throws UnsupportedOperationException when the rule reads state the model does not
     *         encode
     * @throws IllegalStateException when OR-tools cannot be loaded (see {@link OrTools#problem})
     */
    public static ProofResult prove(Network net, RoutingFunction routing, FlowControlRule rule, List<int[]> traffic,
                                    Options options) {
        if (routing instanceof flowproof.routing.MessageRouting) {
            // the encoding has no endpoint queues or consume moves: a proof would be unsound
            throw new UnsupportedOperationException("the CP-SAT model does not encode message classes (messages:)");
        }
        String problem = OrTools.problem();
        if (problem != null) {
            throw new IllegalStateException(problem);
        }
        DeadlockProver prover = new DeadlockProver(net, routing, rule, traffic, options);
        try {
            return prover.run();
        } catch (OutOfTime e) {
            return prover.outOfTime();
        }
    }

    /**
     * The knot search alone, for {@code check}'s portfolio: an invariant state in which every
     * packet waits (a deadlock configuration), with the fewest packets, or none. No
     * inductiveness check, so no proof: the verdict is {@code DEADLOCK_CONFIGURATION} or
     * {@code UNKNOWN}, never {@code PROVED}. One worker; each solve is bounded by CP-SAT's
     * deterministic time ({@code deterministicTime}, about seconds of one core's work), so the
     * answer is the same on every run and every machine; {@code options.seconds()} still bounds
     * the wall time of building the models.
     *
     * @throws UnsupportedOperationException as {@link #prove}
     * @throws IllegalStateException when OR-tools cannot be loaded
     */
    public static ProofResult knot(Network net, RoutingFunction routing, FlowControlRule rule, List<int[]> traffic,
                                   Options options, double deterministicTime) {
        if (routing instanceof flowproof.routing.MessageRouting) {
            throw new UnsupportedOperationException("the CP-SAT model does not encode message classes (messages:)");
        }
        String problem = OrTools.problem();
        if (problem != null) {
            throw new IllegalStateException(problem);
        }
        DeadlockProver prover = new DeadlockProver(net, routing, rule, traffic, new Options(options.seconds(), 1));
        prover.knotOnlyDeterministicTime = deterministicTime;
        try {
            return prover.run();
        } catch (OutOfTime e) {
            return prover.outOfTime();
        }
    }

    /** Thrown while a CP-SAT model is being built past the time limit (thousands of VCs: millions of table constraints). */
    private static final class OutOfTime extends RuntimeException {
        OutOfTime() {
            super("the CP-SAT model was not built within the time limit", null, false, false);
        }
    }

    private void checkTime() {
        if ((System.nanoTime() - start) / 1e9 > options.seconds()) {
            throw new OutOfTime();
        }
    }

    private double remaining() {
        return Math.max(0.01, options.seconds() - (System.nanoTime() - start) / 1e9);
    }

    private CpSolver solver(double seconds) {
        CpSolver s = new CpSolver();
        if (knotOnlyDeterministicTime > 0) {
            // deterministic: one worker, a deterministic-time bound, no wall-clock bound
            s.getParameters().setNumWorkers(1).setMaxDeterministicTime(knotOnlyDeterministicTime);
        } else {
            s.getParameters().setNumWorkers(options.workers()).setMaxTimeInSeconds(seconds);
        }
        return s;
    }

    private List<String> invariantNames() {
        List<String> names = new ArrayList<>(List.of("capacity", "route"));
        for (Invariant i : rule.invariants()) {
            names.add(i.key());
        }
        return names;
    }

    private boolean initialHolds() {
        int[] occ = new int[net.queues()];
        int[] marks = new int[net.queues()];
        for (int q = 0; q < marks.length; q++) {
            marks[q] = rule.initialMarks(net, q);
        }
        ArrayView v = new ArrayView(net, occ, marks);
        for (Invariant i : rule.invariants()) {
            if (!i.holds(v, rule.marksPerRing())) {
                return false;
            }
        }
        return true;
    }

    /** Unknown: the time limit passed while a model was still being built. */
    private ProofResult outOfTime() {
        double seconds = (System.nanoTime() - start) / 1e9;
        return new ProofResult(ProofResult.Verdict.UNKNOWN, "the time limit (" + options.seconds() + " s) passed while "
            + "the CP-SAT model was being built", invariantNames(), initialHolds(), null, "UNKNOWN", null, false, seconds,
            options.workers(), options.seconds(), 0, 0, null, routeSeconds, 0, 0);
    }

    private ProofResult run() {
        boolean initial = initialHolds();
        String[] cti = new String[1];
        long t0 = System.nanoTime();
        CpSolverStatus induction = knotOnlyDeterministicTime > 0 ? CpSolverStatus.UNKNOWN : inductionStatus(cti);
        double inductionSeconds = (System.nanoTime() - t0) / 1e9;
        long t1 = System.nanoTime();
        Boolean inductive = induction == CpSolverStatus.INFEASIBLE ? Boolean.TRUE
            : induction == CpSolverStatus.FEASIBLE || induction == CpSolverStatus.OPTIMAL ? Boolean.FALSE : null;

        CpModel model = new CpModel();
        StateEncoding s = knotModel(model);
        int variables = model.model().getVariablesCount();
        int constraints = model.model().getConstraintsCount();
        CpSolver solver = solver(remaining());
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
            CpSolver opt = solver(Math.min(remaining(), Math.max(5, options.seconds() / 4)));
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
        double knotSeconds = (System.nanoTime() - t1) / 1e9;
        double seconds = (System.nanoTime() - start) / 1e9;
        ProofResult.Verdict verdict;
        String reason;
        if (witness != null) {
            verdict = ProofResult.Verdict.DEADLOCK_CONFIGURATION;
            reason = "a state satisfying the invariants in which " + (witness.packetCount() == 1 ? "its only packet waits"
                : "all " + witness.packetCount() + " packets wait") + (minimal ? " (the fewest packets possible)" : "");
        } else if (status != CpSolverStatus.INFEASIBLE && knotOnlyDeterministicTime > 0) {
            verdict = ProofResult.Verdict.UNKNOWN;
            reason = "the knot search stopped at its deterministic time limit (" + knotOnlyDeterministicTime
                + ") without an answer";
        } else if (status != CpSolverStatus.INFEASIBLE) {
            verdict = ProofResult.Verdict.UNKNOWN;
            reason = "the knot search stopped at the time limit (" + options.seconds() + " s) without an answer";
        } else if (knotOnlyDeterministicTime > 0) {
            verdict = ProofResult.Verdict.UNKNOWN;
            reason = "no knot among the invariant states (the knot search alone: inductiveness not checked)";
        } else if (!initial) {
            verdict = ProofResult.Verdict.UNKNOWN;
            reason = "no knot among the invariant states, but the empty network violates the invariants";
        } else if (inductive == null) {
            verdict = ProofResult.Verdict.UNKNOWN;
            reason = "no knot among the invariant states, but the inductiveness check stopped at the time limit";
        } else if (!inductive) {
            verdict = ProofResult.Verdict.UNKNOWN;
            reason = "no knot among the invariant states, but the invariants are not inductive: " + cti[0];
        } else if (!minimalRouting) {
            verdict = ProofResult.Verdict.UNKNOWN;
            reason = "no reachable state is stuck, but the routing is not minimal, so packets may circle forever "
                + "(drainability is not implied)";
        } else {
            verdict = ProofResult.Verdict.PROVED;
            reason = "the invariants hold initially and are inductive, and no invariant state is a knot";
        }
        return new ProofResult(verdict, reason, invariantNames(), initial, inductive, knot, witness, minimal, seconds,
            options.workers(), options.seconds(), variables, constraints, cti[0], routeSeconds, inductionSeconds,
            knotSeconds);
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
            checkTime();
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
                checkTime();
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

    /**
     * Whether an invariant state has an admitted move to a state outside the invariants.
     * Every move of the model is offered, every adaptive and escape candidate included
     * (more moves than any selection policy makes, so inductive here is inductive there),
     * and the drift moves of a rule whose marks drift.
     */
    private CpSolverStatus inductionStatus(String[] cti) {
        CpModel model = new CpModel();
        StateEncoding s = new StateEncoding(model, graph, rule, true);
        s.requireInvariants(rule.invariants());
        int queues = net.queues();
        List<Literal> moves = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<List<Literal>> inTo = new ArrayList<>();
        List<List<Literal>> outOf = new ArrayList<>();
        List<List<Literal>> markIn = new ArrayList<>();
        List<List<Literal>> markOut = new ArrayList<>();
        for (int q = 0; q < queues; q++) {
            checkTime();
            inTo.add(new ArrayList<>());
            outOf.add(new ArrayList<>());
            markIn.add(new ArrayList<>());
            markOut.add(new ArrayList<>());
        }
        for (int q = 0; q < queues; q++) {
            checkTime();
            RouteGraph.HeadClass[] cls = graph.classes[q];
            Map<Integer, List<Literal>> heads = new LinkedHashMap<>();
            List<Literal> exitHeads = new ArrayList<>();
            for (int k = 0; k < cls.length; k++) {
                if (cls[k].exits()) {
                    exitHeads.add(s.head[q][k]);
                }
                for (int t : cls[k].targets()) {
                    heads.computeIfAbsent(t, x -> new ArrayList<>()).add(s.head[q][k]);
                }
            }
            if (!exitHeads.isEmpty()) {
                BoolVar x = model.newBoolVar("eject" + q);
                model.addBoolOr(exitHeads).onlyEnforceIf(x);
                moves.add(x);
                names.add("eject from " + net.queueName(q));
                outOf.get(q).add(x);
            }
            for (Map.Entry<Integer, List<Literal>> e : heads.entrySet()) {
                int t = e.getKey();
                BoolVar[] adm = s.admitted(q, t);
                BoolVar x = model.newBoolVar("fwd" + q + "_" + t);
                model.addBoolOr(e.getValue()).onlyEnforceIf(x);
                model.addImplication(x, adm[0]);
                moves.add(x);
                names.add("forward " + net.queueName(q) + " => " + net.queueName(t));
                outOf.get(q).add(x);
                inTo.get(t).add(x);
                if (rule.marksPerRing() > 0) {
                    BoolVar z = s.and(x, adm[1], "shift" + q + "_" + t);
                    markIn.get(q).add(z);
                    markOut.get(t).add(z);
                }
            }
        }
        Map<Integer, Boolean> injected = new HashMap<>();
        for (RouteGraph.Injection inj : graph.injections) {
            int t = inj.queue();
            if (injected.put(t, true) != null) {
                continue;
            }
            BoolVar[] adm = s.admitted(FlowControlRule.INJECT, t);
            BoolVar x = model.newBoolVar("inj" + t);
            model.addImplication(x, adm[0]);
            // A rule moves no mark on injection (the explorer checks it too).
            model.addImplication(x, adm[1].not());
            moves.add(x);
            names.add("inject into " + net.queueName(t));
            inTo.get(t).add(x);
        }
        if (rule.marksDrift()) {
            // a drift passes one mark from a ring queue to its upstream queue (no packet moves)
            int[] up = net.ringUpstream();
            for (int q = 0; q < queues; q++) {
                checkTime();
                if (up[q] < 0) {
                    continue;
                }
                BoolVar x = model.newBoolVar("driftMove" + q);
                model.addImplication(x, s.drifts(q, up[q]));
                moves.add(x);
                names.add("drift a mark from " + net.queueName(q) + " to " + net.queueName(up[q]));
                markOut.get(q).add(x);
                markIn.get(up[q]).add(x);
            }
        }
        model.addExactlyOne(moves);

        int c = net.capacity();
        List<Literal> violations = new ArrayList<>();
        IntVar[] occ2 = new IntVar[queues];
        IntVar[] marks2 = s.marks == null ? null : new IntVar[queues];
        for (int q = 0; q < queues; q++) {
            checkTime();
            occ2[q] = model.newIntVar(-1, c + 1, "occ'" + q);
            model.addEquality(delta(occ2[q], s.occ[q], inTo.get(q), outOf.get(q)), 0);
            BoolVar over = model.newBoolVar("over" + q);
            model.addGreaterOrEqual(occ2[q], c + 1).onlyEnforceIf(over);
            violations.add(over);
            if (marks2 != null) {
                marks2[q] = model.newIntVar(-1, c + 1, "marks'" + q);
                model.addEquality(delta(marks2[q], s.marks[q], markIn.get(q), markOut.get(q)), 0);
            }
        }
        violations.addAll(invariantViolations(model, net, rule, occ2, marks2));
        model.addBoolOr(violations);
        CpSolver solver = solver(remaining());
        CpSolverStatus st = solver.solve(model);
        if (st == CpSolverStatus.FEASIBLE || st == CpSolverStatus.OPTIMAL) {
            for (int i = 0; i < moves.size(); i++) {
                if (solver.booleanValue(moves.get(i))) {
                    StringBuilder b = new StringBuilder(names.get(i)).append(" leaves them");
                    for (Literal v : violations) {
                        if (solver.booleanValue(v)) {
                            b.append(" (").append(v.toString()).append(')');
                            break;
                        }
                    }
                    cti[0] = b.toString();
                }
            }
        }
        return st;
    }

    /**
     * Literals each true only when the rule's invariants break one way in the state of
     * {@code occ} and {@code marks} (null without marks), the state after a move, whose
     * domains are wider than 0..C: read from the invariants' own conditions
     * ({@link Invariant#conditions}, {@link ConditionEncoding#violations}), in their order.
     * Some literal can be true exactly when {@link Invariant#holds} is false for some invariant.
     */
    static List<Literal> invariantViolations(CpModel model, Network net, FlowControlRule rule, IntVar[] occ,
                                             IntVar[] marks) {
        List<Literal> violations = new ArrayList<>();
        ConditionEncoding after = new ConditionEncoding(model, net, occ, marks, null);
        for (Invariant inv : rule.invariants()) {
            after.violations(inv.key(), inv.conditions(), rule.marksPerRing(), violations);
        }
        return violations;
    }

    /** {@code next - now - sum(in) + sum(out)}: zero when {@code next} is {@code now} after the move. */
    private static LinearExpr delta(IntVar next, IntVar now, List<Literal> in, List<Literal> out) {
        com.google.ortools.sat.LinearExprBuilder b = LinearExpr.newBuilder().add(next).addTerm(now, -1);
        for (Literal l : in) {
            b.addTerm((BoolVar) l, -1);
        }
        for (Literal l : out) {
            b.addTerm((BoolVar) l, 1);
        }
        return b.build();
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
            int header = hc.headers().get(0);
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
