package flowproof.solve;

import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import flowproof.routing.QueueRoutes;
import flowproof.routing.RoutingFunction;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import flowproof.topology.Network;
import java.util.ArrayList;
import java.util.List;

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
 * by move over the rings (or lone queues) the move changes ({@link Inductiveness#byParts}), each
 * class of moves with identical local models solved once; the model over the whole network
 * ({@link Inductiveness#monolithic}) is kept as the oracle.
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
    private final double knotOnlyDeterministicTime;
    private final SolverLimits limits;

    /**
     * Stops a {@link #knot} search from another thread ({@code check}'s portfolio, when the
     * explorer decided first): the solve under way stops and the search ends {@code UNKNOWN}.
     */
    public static final class Cancel {
        private volatile boolean cancelled;
        /** The solve under way, which {@link #cancel} stops (set by {@link SolverLimits#solver}). */
        volatile CpSolver solver;

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
    private final Induction induction = Induction.fromProperty();
    /** The inductiveness check under way or made (null: not started). */
    private Inductiveness inductiveness;

    /** The system property choosing the inductiveness check: monolithic, parts (the default) or parts-all. */
    static final String INDUCTION_PROPERTY = "flowproof.induction";

    /** How inductiveness is checked ({@link #INDUCTION_PROPERTY}). */
    enum Induction {
        /** One model over the whole network, every move ({@link Inductiveness#monolithic}): the oracle. */
        MONOLITHIC,
        /** One local model per move, one move per class of moves with identical local models ({@link Inductiveness#byParts}). */
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
                           Options options, double knotOnlyDeterministicTime, Cancel cancel) {
        this.net = net;
        this.rule = rule;
        this.minimalRouting = routing.minimal();
        this.options = options;
        this.knotOnlyDeterministicTime = knotOnlyDeterministicTime;
        this.limits = new SolverLimits(start, options, knotOnlyDeterministicTime, cancel);
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
        DeadlockProver prover = new DeadlockProver(net, routing, rule, traffic, options, 0, null);
        try {
            return prover.run();
        } catch (SolverLimits.OutOfTime e) {
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
        DeadlockProver prover = new DeadlockProver(net, routing, rule, traffic, new Options(options.seconds(), 1),
            deterministicTime, cancel);
        try {
            return prover.run();
        } catch (SolverLimits.OutOfTime e) {
            return prover.outOfTime();
        }
    }

    /**
     * The knot search under wormhole switching ({@link WormholeKnot}): packets of
     * {@code packetFlits} flits over VC queues of {@code queueFlits} flits, the network's
     * capacity being one packet slot per VC (the rule's view). No configuration of worms is
     * stuck: proved (stuck-freedom; with minimal routing also drainability, since every drain
     * move brings a flit closer to its destination); one is: a deadlock configuration with the
     * fewest packets when the minimization finished. With {@code deterministicTime} > 0 every
     * solve is bounded by CP-SAT's deterministic time (one worker), as {@link #knot}.
     *
     * @throws UnsupportedOperationException when the rule cannot be tabulated or moves critical marks
     * @throws IllegalStateException when OR-tools cannot be loaded
     */
    public static ProofResult wormholeKnot(Network net, RoutingFunction routing, FlowControlRule rule,
                                           List<int[]> traffic, int packetFlits, int queueFlits, Options options,
                                           double deterministicTime, Cancel cancel) {
        if (routing instanceof flowproof.routing.MessageRouting) {
            throw new UnsupportedOperationException("the CP-SAT model does not encode message classes (messages:)");
        }
        String problem = OrTools.problem();
        if (problem != null) {
            throw new IllegalStateException(problem);
        }
        DeadlockProver prover = new DeadlockProver(net, routing, rule, traffic, deterministicTime > 0
            ? new Options(options.seconds(), 1) : options, deterministicTime, cancel);
        try {
            return prover.runWormhole(traffic, packetFlits, queueFlits);
        } catch (SolverLimits.OutOfTime e) {
            return prover.outOfTime();
        }
    }

    private ProofResult runWormhole(List<int[]> traffic, int packetFlits, int queueFlits) {
        long t1 = System.nanoTime();
        WormholeKnot.Outcome found = new WormholeKnot(net, rule, graph, limits, packetFlits, queueFlits, traffic)
            .search();
        double knotSeconds = (System.nanoTime() - t1) / 1e9;
        Witness witness = found.witness();
        ProofResult.Verdict verdict;
        String reason;
        String worms = String.format("packets of %d flits over %d-flit VCs", packetFlits, queueFlits);
        if (witness != null) {
            verdict = ProofResult.Verdict.DEADLOCK_CONFIGURATION;
            reason = "a configuration of worms (" + worms + ") in which " + (witness.packetCount() == 1
                ? "its only packet waits" : "all " + witness.packetCount() + " packets wait")
                + (found.minimal() ? " (the fewest packets possible)" : "");
        } else if (found.spurious() != null) {
            verdict = ProofResult.Verdict.UNKNOWN;
            reason = "the knot search's configuration could not be made concrete: " + found.spurious();
        } else if (found.status() != CpSolverStatus.INFEASIBLE) {
            verdict = ProofResult.Verdict.UNKNOWN;
            reason = knotOnlyDeterministicTime > 0 ? "the wormhole knot search stopped at its deterministic time limit ("
                + knotOnlyDeterministicTime + ") without an answer" : "the wormhole knot search stopped at the time"
                + " limit (" + options.seconds() + " s) without an answer";
        } else if (!minimalRouting) {
            verdict = ProofResult.Verdict.UNKNOWN;
            reason = "no configuration of worms (" + worms + ") is stuck, but the routing is not minimal, so packets"
                + " may circle forever (drainability is not implied)";
        } else {
            verdict = ProofResult.Verdict.PROVED;
            reason = "no configuration of worms (" + worms + ") is stuck, reachable or not, and every drain move"
                + " brings a flit closer to its destination (minimal routing), so every state drains";
        }
        return new ProofResult(verdict, reason, List.of("capacity", "route", "worms"), true, null, found.knot(),
            witness, found.minimal(), (System.nanoTime() - start) / 1e9, options.workers(), options.seconds(),
            found.variables(), found.constraints(), null, routeSeconds, 0, knotSeconds, 0);
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
        DeadlockProver prover = new DeadlockProver(net, routing, rule, traffic, options, 0, null);
        Inductiveness check = new Inductiveness(net, rule, prover.graph, prover.limits, mode);
        String[] cti = new String[1];
        CpSolverStatus st = check.status(cti, prover.initialHolds());
        return new InductionCheck(st, cti[0], check.parts(), check.ctiState(), check.shapeMismatches());
    }

    /**
     * @param state by parts and not inductive: {occupancies, marks, {kind, from, to}} of an invariant
     *              state (the local model's solution, the initial state elsewhere) and the move
     * @param shapeMismatches {@link Induction#PARTS_ALL}, which solves every move's model: the moves
     *              whose answer differs from that of another move with the same shape (must be none)
     */
    record InductionCheck(CpSolverStatus status, String cti, int parts, int[][] state, List<String> shapeMismatches) {
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
            inductionEnd > 0 ? (System.nanoTime() - inductionEnd) / 1e9 : 0,
            inductiveness == null ? 0 : inductiveness.parts());
    }

    /** When the inductiveness check started and ended (System.nanoTime; 0: not yet), for {@link #outOfTime}. */
    private long inductionStart;
    private long inductionEnd;

    private ProofResult run() {
        boolean initial = initialHolds();
        String[] cti = new String[1];
        long t0 = System.nanoTime();
        inductionStart = t0;
        inductiveness = new Inductiveness(net, rule, graph, limits, induction);
        CpSolverStatus inductionStatus = knotOnlyDeterministicTime > 0 ? CpSolverStatus.UNKNOWN
            : inductiveness.status(cti, initial);
        double inductionSeconds = (System.nanoTime() - t0) / 1e9;
        long t1 = System.nanoTime();
        inductionEnd = t1;
        Boolean inductive = inductionStatus == CpSolverStatus.INFEASIBLE ? Boolean.TRUE
            : inductionStatus == CpSolverStatus.FEASIBLE || inductionStatus == CpSolverStatus.OPTIMAL ? Boolean.FALSE
            : null;

        KnotSearch.Outcome found = new KnotSearch(net, rule, graph, limits).search();
        CpSolverStatus status = found.status();
        Witness witness = found.witness();
        boolean minimal = found.minimal();
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
        return new ProofResult(verdict, reason, invariantNames(), initial, inductive, found.knot(), witness, minimal,
            seconds, options.workers(), options.seconds(), found.variables(), found.constraints(), cti[0], routeSeconds,
            inductionSeconds, knotSeconds, inductiveness.parts());
    }
}
