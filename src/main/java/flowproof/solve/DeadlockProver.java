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
 * <p><b>Inductiveness by parts</b> (the default; {@link #INDUCTION_PROPERTY}): every invariant is
 * about one queue or one ring and a move changes at most two queues, so the check is made move
 * by move over the rings (or lone queues) the move changes ({@link #inductionByParts}), each
 * class of moves with identical local models solved once; the model over the whole network
 * ({@link #inductionStatus}) is kept as the oracle.
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
    /** Stops the knot search from another thread (null: none). */
    private Cancel cancel;

    /**
     * Stops a {@link #knot} search from another thread ({@code check}'s portfolio, when the
     * explorer decided first): the solve under way stops and the search ends {@code UNKNOWN}.
     */
    public static final class Cancel {
        private volatile boolean cancelled;
        private volatile CpSolver solver;

        public void cancel() {
            cancelled = true;
            CpSolver s = solver;
            if (s != null) {
                s.stopSearch();
            }
        }

        public boolean cancelled() {
            return cancelled;
        }
    }
    private final long start = System.nanoTime();
    private final double routeSeconds;
    /** How inductiveness is checked: {@link #INDUCTION_PROPERTY}, by parts unless it says otherwise. */
    private Induction induction = Induction.fromProperty();
    /** The by-parts counterexample to induction as a whole state: occupancies, marks, then {kind, from, to}. */
    private int[][] ctiState;
    /** {@link Induction#PARTS_ALL}: moves whose answer differs from another move's of the same shape (none expected). */
    private final List<String> shapeMismatches = new ArrayList<>();
    /** Local models solved by {@link #inductionByParts} (0 for the monolithic check). */
    private int inductionParts;

    /** The system property choosing the inductiveness check: monolithic, parts (the default) or parts-all. */
    static final String INDUCTION_PROPERTY = "flowproof.induction";

    /** How inductiveness is checked ({@link #INDUCTION_PROPERTY}). */
    enum Induction {
        /** One model over the whole network, every move ({@link #inductionStatus}): the oracle. */
        MONOLITHIC,
        /** One local model per move, one move per class of moves with identical local models ({@link #inductionByParts}). */
        PARTS,
        /** One local model per move, every move solved, even after a counterexample (to check the classes). */
        PARTS_ALL;

        static Induction fromProperty() {
            String v = System.getProperty(INDUCTION_PROPERTY, "parts");
            return switch (v) {
                case "monolithic" -> MONOLITHIC;
                case "parts" -> PARTS;
                case "parts-all" -> PARTS_ALL;
                default -> throw new IllegalArgumentException(INDUCTION_PROPERTY + " must be monolithic, parts or"
                    + " parts-all, not " + v);
            };
        }
    }

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
        return knot(net, routing, rule, traffic, options, deterministicTime, null);
    }

    /** As {@link #knot(Network, RoutingFunction, FlowControlRule, List, Options, double)}, stopped by {@code cancel} (or null). */
    public static ProofResult knot(Network net, RoutingFunction routing, FlowControlRule rule, List<int[]> traffic,
                                   Options options, double deterministicTime, Cancel cancel) {
        if (routing instanceof flowproof.routing.MessageRouting) {
            throw new UnsupportedOperationException("the CP-SAT model does not encode message classes (messages:)");
        }
        String problem = OrTools.problem();
        if (problem != null) {
            throw new IllegalStateException(problem);
        }
        DeadlockProver prover = new DeadlockProver(net, routing, rule, traffic, new Options(options.seconds(), 1));
        prover.knotOnlyDeterministicTime = deterministicTime;
        prover.cancel = cancel;
        try {
            return prover.run();
        } catch (OutOfTime e) {
            return prover.outOfTime();
        }
    }

    /**
     * The inductiveness check alone, as {@code mode} makes it, for tests: the solver status
     * (INFEASIBLE: inductive), the counterexample's line, the models solved, and for a
     * counterexample found by parts the whole state it stands for ({@link InductionCheck#state}).
     */
    static InductionCheck induction(Network net, RoutingFunction routing, FlowControlRule rule, List<int[]> traffic,
                                    Options options, Induction mode) {
        String problem = OrTools.problem();
        if (problem != null) {
            throw new IllegalStateException(problem);
        }
        DeadlockProver prover = new DeadlockProver(net, routing, rule, traffic, options);
        prover.induction = mode;
        String[] cti = new String[1];
        CpSolverStatus st = mode == Induction.MONOLITHIC ? prover.inductionStatus(cti)
            : prover.inductionByParts(cti, prover.initialHolds());
        return new InductionCheck(st, cti[0], prover.inductionParts, prover.ctiState, prover.shapeMismatches);
    }

    /**
     * @param state by parts and not inductive: {occupancies, marks, {kind, from, to}} of an invariant
     *              state (the local model's solution, the initial state elsewhere) and the move
     * @param shapeMismatches {@link Induction#PARTS_ALL}, which solves every move's model: the moves
     *              whose answer differs from that of another move with the same shape (must be none)
     */
    record InductionCheck(CpSolverStatus status, String cti, int parts, int[][] state, List<String> shapeMismatches) {
    }

    /** Thrown while a CP-SAT model is being built past the time limit (thousands of VCs: millions of table constraints). */
    private static final class OutOfTime extends RuntimeException {
        OutOfTime() {
            super("the CP-SAT model was not built within the time limit", null, false, false);
        }
    }

    private void checkTime() {
        if ((System.nanoTime() - start) / 1e9 > options.seconds() || cancel != null && cancel.cancelled) {
            throw new OutOfTime();
        }
    }

    private double remaining() {
        return Math.max(0.01, options.seconds() - (System.nanoTime() - start) / 1e9);
    }

    private CpSolver solver(double seconds) {
        checkTime();
        CpSolver s = new CpSolver();
        if (cancel != null) {
            cancel.solver = s;
        }
        if (knotOnlyDeterministicTime > 0) {
            // deterministic: one worker, a deterministic-time bound, no wall-clock bound
            s.getParameters().setNumWorkers(1).setMaxDeterministicTime(knotOnlyDeterministicTime);
        } else {
            s.getParameters().setNumWorkers(options.workers()).setMaxTimeInSeconds(seconds);
        }
        if (Boolean.getBoolean("flowproof.cpsat.log")) {
            s.getParameters().setLogSearchProgress(true);
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
            options.workers(), options.seconds(), 0, 0, null, routeSeconds,
            inductionStart == 0 ? 0 : ((inductionEnd > 0 ? inductionEnd : System.nanoTime()) - inductionStart) / 1e9,
            inductionEnd > 0 ? (System.nanoTime() - inductionEnd) / 1e9 : 0, inductionParts);
    }

    /** When the inductiveness check started and ended (System.nanoTime; 0: not yet), for {@link #outOfTime}. */
    private long inductionStart;
    private long inductionEnd;

    private ProofResult run() {
        boolean initial = initialHolds();
        String[] cti = new String[1];
        long t0 = System.nanoTime();
        inductionStart = t0;
        CpSolverStatus induction = knotOnlyDeterministicTime > 0 ? CpSolverStatus.UNKNOWN
            : this.induction == Induction.MONOLITHIC ? inductionStatus(cti) : inductionByParts(cti, initial);
        double inductionSeconds = (System.nanoTime() - t0) / 1e9;
        long t1 = System.nanoTime();
        inductionEnd = t1;
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
            knotSeconds, inductionParts);
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
        inductionParts = 1;
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
        for (int t : graph.injectionQueues) {
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

    /** One move of the model: its kind, source queue (or {@link FlowControlRule#INJECT}), target queue, name. */
    private record Move(char kind, int from, int to, String name) {
    }

    /** Every move {@link #inductionStatus} offers, in its order: eject, forward, inject, drift. */
    private List<Move> moves() {
        List<Move> moves = new ArrayList<>();
        for (int q = 0; q < net.queues(); q++) {
            checkTime();
            RouteGraph.HeadClass[] cls = graph.classes[q];
            java.util.Set<Integer> targets = new java.util.LinkedHashSet<>();
            boolean exits = false;
            for (RouteGraph.HeadClass hc : cls) {
                exits |= hc.exits();
                for (int t : hc.targets()) {
                    targets.add(t);
                }
            }
            if (exits) {
                moves.add(new Move('e', q, q, "eject from " + net.queueName(q)));
            }
            for (int t : targets) {
                moves.add(new Move('f', q, t, "forward " + net.queueName(q) + " => " + net.queueName(t)));
            }
        }
        for (int t : graph.injectionQueues) {
            moves.add(new Move('i', FlowControlRule.INJECT, t, "inject into " + net.queueName(t)));
        }
        if (rule.marksDrift()) {
            int[] up = net.ringUpstream();
            for (int q = 0; q < net.queues(); q++) {
                if (up[q] >= 0) {
                    moves.add(new Move('d', q, up[q], "drift a mark from " + net.queueName(q) + " to "
                        + net.queueName(up[q])));
                }
            }
        }
        return moves;
    }

    /** The queues of q's ring, or q alone when it is on none: the queues the invariants tie q to. */
    private int[] component(int q) {
        int r = net.ringOf(q);
        return r >= 0 ? net.ringQueues(r) : new int[] {q};
    }

    /** The queues a move's local model holds: the components of the queues it changes. */
    private int[][] components(Move m) {
        int[] a = component(m.kind() == 'i' ? m.to() : m.from());
        if (m.kind() == 'e' || m.kind() == 'i') {
            return new int[][] {a};
        }
        int[] b = component(m.to());
        return java.util.Arrays.equals(a, b) ? new int[][] {a} : new int[][] {a, b};
    }

    /**
     * Everything a move's local model ({@link #localStatus}) is built from, up to renaming the
     * queues: two moves with the same key have identical models but for the queue numbers,
     * hence the same answer. Per component (the source's first), in the model's terms: ring or
     * lone queue, how many of its other queues can hold packets (have a head class; a queue
     * without one is empty by the route invariant) and how many cannot, and for each queue the
     * move changes its role and whether it can hold packets; the move's kind; the rule's whole
     * table for the move (admission, or drift). The invariants' conditions are the same at every
     * queue of a kind (on a ring, off rings) and every ring; a ring's conditions read only sums
     * over its queues, so which of its queues is which does not matter beyond the roles.
     */
    private String shape(Move m, StateEncoding tablesOnly) {
        StringBuilder b = new StringBuilder().append(m.kind());
        for (int[] comp : components(m)) {
            b.append(net.ringOf(comp[0]) >= 0 ? "|R" : "|Q").append(comp.length);
            int busy = 0;
            int idle = 0;
            for (int q : comp) {
                boolean can = graph.classes[q].length > 0;
                String role = (q == m.from() ? "s" : "") + (q == m.to() ? "t" : "");
                if (role.isEmpty()) {
                    if (can) {
                        busy++;
                    } else {
                        idle++;
                    }
                } else {
                    b.append(',').append(role).append(can ? '+' : '0');
                }
            }
            b.append(",busy").append(busy).append(",idle").append(idle);
        }
        if (m.kind() == 'f' || m.kind() == 'i') {
            AdmissionTable t = tablesOnly.table(m.from(), m.to());
            b.append("|adm").append(t.readsMarks ? 'm' : '-').append(t.readsRing ? 'r' : '-')
                .append(java.util.Arrays.deepToString(t.outcome));
        } else if (m.kind() == 'd') {
            b.append("|drift").append(java.util.Arrays.toString(StateEncoding.driftTable(net, rule, m.from(), m.to())));
        }
        return b.toString();
    }

    /**
     * Inductiveness by parts. Every invariant condition is about one queue or one ring, and so
     * are the capacity and route invariants; a move changes its source and target queues (their
     * occupancy and marks; a drift two queues of one ring) and nothing else. So a move breaks the
     * invariants from an invariant state only by breaking a condition at a queue it changes or at
     * the ring of one, and whether it is admitted there reads only its target, the target's ring
     * (and for a drift its two queues). The invariant states are the products of invariant states
     * of the components (rings, queues on no ring), which constrain each other in nothing. Hence
     * there is an invariant state with an admitted move m to a state outside the invariants
     * (the monolithic model, {@link #inductionStatus}, is feasible) iff some move m has one in the
     * model of the components m changes alone ({@link #localStatus}) and every other component has
     * an invariant state. The latter holds when the empty network satisfies the invariants;
     * otherwise it is solved, component by component.
     *
     * <p>Moves whose local models are the same up to renaming queues ({@link #shape}) are solved
     * once (unless {@link Induction#PARTS_ALL}): on a torus, one move per kind and direction.
     */
    private CpSolverStatus inductionByParts(String[] cti, boolean initial) {
        Map<Long, AdmissionTable> tables = new HashMap<>();
        StateEncoding tablesOnly = new StateEncoding(new CpModel(), graph, rule, true, new boolean[net.queues()], tables);
        if (!initial && !componentsSatisfiable(tables)) {
            return CpSolverStatus.INFEASIBLE;
        }
        Map<String, CpSolverStatus> solved = new HashMap<>();
        boolean all = induction == Induction.PARTS_ALL;
        boolean unknown = false;
        CpSolverStatus found = null;
        String[] first = new String[1];
        int[][] firstState = null;
        for (Move m : moves()) {
            checkTime();
            String key = shape(m, tablesOnly);
            CpSolverStatus st = all ? null : solved.get(key);
            if (st == null) {
                st = localStatus(m, tables, first);
                inductionParts++;
                CpSolverStatus before = solved.put(key, st);
                if (before != null && (before == CpSolverStatus.INFEASIBLE) != (st == CpSolverStatus.INFEASIBLE)) {
                    // every move is solved: moves with the same shape must have the same answer
                    shapeMismatches.add(m.name() + ": " + st + ", another move of its shape " + before);
                }
            }
            if (st == CpSolverStatus.FEASIBLE || st == CpSolverStatus.OPTIMAL) {
                if (found == null) {
                    found = st;
                    cti[0] = first[0];
                    firstState = ctiState;
                }
                if (!all) {
                    return st;
                }
            }
            unknown |= st != CpSolverStatus.INFEASIBLE;
        }
        ctiState = firstState;
        return found != null ? found : unknown ? CpSolverStatus.UNKNOWN : CpSolverStatus.INFEASIBLE;
    }

    /** Whether every component (ring, queue on no ring) has a state satisfying the invariants. */
    private boolean componentsSatisfiable(Map<Long, AdmissionTable> tables) {
        Map<String, Boolean> seen = new HashMap<>();
        boolean[] done = new boolean[net.queues()];
        for (int q = 0; q < net.queues(); q++) {
            if (done[q]) {
                continue;
            }
            int[] comp = component(q);
            int busy = 0;
            boolean[] include = new boolean[net.queues()];
            for (int x : comp) {
                done[x] = true;
                include[x] = true;
                busy += graph.classes[x].length > 0 ? 1 : 0;
            }
            String key = (net.ringOf(q) >= 0 ? "R" : "Q") + comp.length + "," + busy;
            Boolean ok = seen.get(key);
            if (ok == null) {
                checkTime();
                CpModel model = new CpModel();
                StateEncoding s = new StateEncoding(model, graph, rule, true, include, tables);
                s.requireInvariants(rule.invariants());
                CpSolverStatus st = solver(remaining()).solve(model);
                inductionParts++;
                ok = st != CpSolverStatus.INFEASIBLE;
                seen.put(key, ok);
            }
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /**
     * One move's part of {@link #inductionStatus}: over the queues of the components the move
     * changes, a state satisfying the invariants there (capacity, route, the rule's conditions
     * at those queues and rings) in which the move is taken, as {@link #inductionStatus} encodes
     * it, and after which a condition there breaks. FEASIBLE writes the counterexample to
     * {@code cti[0]}, in {@link #inductionStatus}'s words.
     */
    private CpSolverStatus localStatus(Move m, Map<Long, AdmissionTable> tables, String[] cti) {
        int queues = net.queues();
        boolean[] include = new boolean[queues];
        for (int[] comp : components(m)) {
            for (int q : comp) {
                include[q] = true;
            }
        }
        CpModel model = new CpModel();
        StateEncoding s = new StateEncoding(model, graph, rule, true, include, tables);
        s.requireInvariants(rule.invariants());
        List<Literal> in = new ArrayList<>();
        int src = -1;
        int dst = -1;
        Literal markToSrc = null;
        switch (m.kind()) {
            case 'e' -> {
                // the head leaves the network here
                List<Literal> exitHeads = new ArrayList<>();
                RouteGraph.HeadClass[] cls = graph.classes[m.from()];
                for (int k = 0; k < cls.length; k++) {
                    if (cls[k].exits()) {
                        exitHeads.add(s.head[m.from()][k]);
                    }
                }
                model.addBoolOr(exitHeads);
                src = m.from();
            }
            case 'f' -> {
                // a head routed to the target, admitted there; a mark may move back to the source
                List<Literal> heads = new ArrayList<>();
                RouteGraph.HeadClass[] cls = graph.classes[m.from()];
                for (int k = 0; k < cls.length; k++) {
                    for (int t : cls[k].targets()) {
                        if (t == m.to()) {
                            heads.add(s.head[m.from()][k]);
                            break;
                        }
                    }
                }
                model.addBoolOr(heads);
                BoolVar[] adm = s.admitted(m.from(), m.to());
                model.addBoolOr(new Literal[] {adm[0]});
                src = m.from();
                dst = m.to();
                if (rule.marksPerRing() > 0) {
                    markToSrc = adm[1];
                }
            }
            case 'i' -> {
                BoolVar[] adm = s.admitted(FlowControlRule.INJECT, m.to());
                model.addBoolOr(new Literal[] {adm[0]});
                // A rule moves no mark on injection (the explorer checks it too).
                model.addBoolOr(new Literal[] {adm[1].not()});
                dst = m.to();
            }
            case 'd' -> model.addBoolOr(new Literal[] {s.drifts(m.from(), m.to())});
            default -> throw new IllegalStateException("move kind " + m.kind());
        }
        int c = net.capacity();
        List<Literal> violations = new ArrayList<>();
        IntVar[] occ2 = new IntVar[queues];
        IntVar[] marks2 = s.marks == null ? null : new IntVar[queues];
        for (int q = 0; q < queues; q++) {
            if (!include[q]) {
                continue;
            }
            occ2[q] = s.occ[q];
            if (marks2 != null) {
                marks2[q] = s.marks[q];
            }
            if (q != src && q != dst && (m.kind() != 'd' || (q != m.from() && q != m.to()))) {
                continue;
            }
            occ2[q] = model.newIntVar(-1, c + 1, "occ'" + q);
            model.addEquality(LinearExpr.newBuilder().add(occ2[q]).addTerm(s.occ[q], -1).build(),
                (q == dst ? 1 : 0) - (q == src ? 1 : 0));
            BoolVar over = model.newBoolVar("over" + q);
            model.addGreaterOrEqual(occ2[q], c + 1).onlyEnforceIf(over);
            violations.add(over);
            if (marks2 != null) {
                marks2[q] = model.newIntVar(-1, c + 1, "marks'" + q);
                com.google.ortools.sat.LinearExprBuilder d = LinearExpr.newBuilder().add(marks2[q])
                    .addTerm(s.marks[q], -1);
                long constant = 0;
                if (markToSrc != null && q == src) {
                    d.addTerm((BoolVar) markToSrc, -1);
                }
                if (markToSrc != null && q == dst) {
                    d.addTerm((BoolVar) markToSrc, 1);
                }
                if (m.kind() == 'd') {
                    // the drift's mark leaves the source for the upstream queue
                    constant = q == m.from() ? -1 : 1;
                }
                model.addEquality(d.build(), constant);
            }
        }
        ConditionEncoding after = new ConditionEncoding(model, net, occ2, marks2, null, include, s.ringIncluded);
        for (Invariant inv : rule.invariants()) {
            after.violations(inv.key(), inv.conditions(), rule.marksPerRing(), violations);
        }
        if (violations.isEmpty()) {
            return CpSolverStatus.INFEASIBLE;
        }
        model.addBoolOr(violations);
        CpSolver solver = solver(remaining());
        CpSolverStatus st = solver.solve(model);
        if (st == CpSolverStatus.FEASIBLE || st == CpSolverStatus.OPTIMAL) {
            StringBuilder b = new StringBuilder(m.name()).append(" leaves them");
            for (Literal v : violations) {
                if (solver.booleanValue(v)) {
                    b.append(" (").append(v.toString()).append(')');
                    break;
                }
            }
            cti[0] = b.toString();
            int[] occ = new int[queues];
            int[] marks = new int[queues];
            for (int q = 0; q < queues; q++) {
                if (include[q]) {
                    occ[q] = (int) solver.value(s.occ[q]);
                    marks[q] = s.marks == null ? 0 : (int) solver.value(s.marks[q]);
                } else {
                    marks[q] = rule.initialMarks(net, q);
                }
            }
            ctiState = new int[][] {occ, marks, {m.kind(), m.from(), m.to()}};
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
