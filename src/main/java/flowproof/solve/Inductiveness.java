package flowproof.solve;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.Literal;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import flowproof.solve.DeadlockProver.Induction;
import flowproof.topology.Network;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The inductiveness check of {@link DeadlockProver}: whether some invariant state has an
 * admitted move to a state outside the invariants, over the whole network at once
 * ({@link #monolithic}, the oracle) or move by move over the parts of the network each move
 * changes ({@link #byParts}, the default).
 */
final class Inductiveness {

    private final Network net;
    private final FlowControlRule rule;
    private final RouteGraph graph;
    private final SolverLimits limits;
    private final Induction mode;
    /** The by-parts counterexample to induction as a whole state: occupancies, marks, then {kind, from, to}. */
    private int[][] ctiState;
    /** {@link Induction#PARTS_ALL}: moves whose answer differs from another move's of the same shape (none expected). */
    private final List<String> shapeMismatches = new ArrayList<>();
    /** Models solved (1 for the monolithic check). */
    private int parts;

    Inductiveness(Network net, FlowControlRule rule, RouteGraph graph, SolverLimits limits, Induction mode) {
        this.net = net;
        this.rule = rule;
        this.graph = graph;
        this.limits = limits;
        this.mode = mode;
    }

    /** The check {@link #mode} names, as {@link #monolithic} or {@link #byParts} answer it. */
    CpSolverStatus status(String[] cti, boolean initial) {
        return mode == Induction.MONOLITHIC ? monolithic(cti) : byParts(cti, initial);
    }

    /** The models solved so far. */
    int parts() {
        return parts;
    }

    /** By parts and not inductive: the counterexample as a whole state ({@link DeadlockProver.InductionCheck}). */
    int[][] ctiState() {
        return ctiState;
    }

    /** {@link Induction#PARTS_ALL}: the moves whose answer differs from another move's of the same shape. */
    List<String> shapeMismatches() {
        return shapeMismatches;
    }

    /**
     * Whether an invariant state has an admitted move to a state outside the invariants.
     * Every move of the model is offered, every adaptive and escape candidate included
     * (more moves than any selection policy makes, so inductive here is inductive there),
     * and the drift moves of a rule whose marks drift.
     */
    CpSolverStatus monolithic(String[] cti) {
        parts = 1;
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
            limits.checkTime();
            inTo.add(new ArrayList<>());
            outOf.add(new ArrayList<>());
            markIn.add(new ArrayList<>());
            markOut.add(new ArrayList<>());
        }
        for (int q = 0; q < queues; q++) {
            limits.checkTime();
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
                limits.checkTime();
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
            limits.checkTime();
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
        CpSolver solver = limits.solver(limits.remaining());
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

    /** Every move {@link #monolithic} offers, in its order: eject, forward, inject, drift. */
    private List<Move> moves() {
        List<Move> moves = new ArrayList<>();
        for (int q = 0; q < net.queues(); q++) {
            limits.checkTime();
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
     * (the monolithic model, {@link #monolithic}, is feasible) iff some move m has one in the
     * model of the components m changes alone ({@link #localStatus}) and every other component has
     * an invariant state. The latter holds when the empty network satisfies the invariants;
     * otherwise it is solved, component by component.
     *
     * <p>Moves whose local models are the same up to renaming queues ({@link #shape}) are solved
     * once (unless {@link Induction#PARTS_ALL}): on a torus, one move per kind and direction.
     */
    CpSolverStatus byParts(String[] cti, boolean initial) {
        Map<Long, AdmissionTable> tables = new HashMap<>();
        StateEncoding tablesOnly = new StateEncoding(new CpModel(), graph, rule, true, new boolean[net.queues()], tables);
        if (!initial && !componentsSatisfiable(tables)) {
            return CpSolverStatus.INFEASIBLE;
        }
        Map<String, CpSolverStatus> solved = new HashMap<>();
        boolean all = mode == Induction.PARTS_ALL;
        boolean unknown = false;
        CpSolverStatus found = null;
        String[] first = new String[1];
        int[][] firstState = null;
        for (Move m : moves()) {
            limits.checkTime();
            String key = shape(m, tablesOnly);
            CpSolverStatus st = all ? null : solved.get(key);
            if (st == null) {
                st = localStatus(m, tables, first);
                parts++;
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
                limits.checkTime();
                CpModel model = new CpModel();
                StateEncoding s = new StateEncoding(model, graph, rule, true, include, tables);
                s.requireInvariants(rule.invariants());
                CpSolverStatus st = limits.solver(limits.remaining()).solve(model);
                parts++;
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
     * One move's part of {@link #monolithic}: over the queues of the components the move
     * changes, a state satisfying the invariants there (capacity, route, the rule's conditions
     * at those queues and rings) in which the move is taken, as {@link #monolithic} encodes
     * it, and after which a condition there breaks. FEASIBLE writes the counterexample to
     * {@code cti[0]}, in {@link #monolithic}'s words.
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
        CpSolver solver = limits.solver(limits.remaining());
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
}
