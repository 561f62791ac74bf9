package flowproof.solve;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.LinearExprBuilder;
import com.google.ortools.sat.Literal;
import flowproof.routing.QueueRoutes;
import flowproof.rule.FlowControlRule;
import flowproof.topology.Network;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The knot search under wormhole switching: a stuck configuration of worms (packets of L flits
 * over VC queues of C flits, each VC allocated to one packet from its head's arrival to its
 * tail's departure), found with the fewest packets, or none.
 *
 * <p>A stuck state of the wormhole model ({@code WormholeExpander}) is exactly one in which
 * <ul>
 *   <li>every allocated VC holds at least one flit (a VC whose flits moved on while the tail is
 *       still behind has a flit behind it that can follow);</li>
 *   <li>every allocated VC either holds the packet's head at its front, not at its destination,
 *       with every candidate of its next hop allocated or refused by the rule, or is a body VC
 *       whose head went on to a next queue (a candidate of its header there), which is full;</li>
 *   <li>every packet holds a chain of VCs along its route, each entered from the one before, at
 *       most L flits in all, L unless its source still injects it, and then the first VC of the
 *       chain is full, one packet per injecting node.</li>
 * </ul>
 * The model states exactly these conditions over the rule's packet-level view (one slot per
 * VC, free when the VC is free, the view the explorer's and the simulator's rules get under
 * wormhole), with the rule's admission tabulated as for packets ({@link AdmissionTable}). Heads
 * are chosen by head class ({@link RouteGraph}); a chain's classes must be linked by some header
 * (checked header by header when the witness is made concrete). No invariant of the rule is
 * assumed: its invariants are stated for whole packets. So no configuration at all means no
 * reachable state is stuck.
 */
final class WormholeKnot {

    /** What the search found: the first solve's status (INFEASIBLE: no knot), the witness's solve, the witness or null. */
    record Outcome(CpSolverStatus status, String knot, Witness witness, boolean minimal, int variables,
                   int constraints, String spurious) {
    }

    private final Network net;
    private final FlowControlRule rule;
    private final RouteGraph graph;
    private final SolverLimits limits;
    private final int packetFlits;
    private final int queueFlits;
    private final List<int[]> traffic;

    /** Per queue: its headers, ascending, and the class of each. */
    private final int[][] headersAt;
    private final int[][] classOf;

    /** Rounds of cuts one region's minimization may take before it answers unknown. */
    private static final int MAX_CUTS = 200;
    /** The clause that cuts off the chain the last witness could not make concrete (null: none). */
    private List<Literal> cut;
    private IntVar[] flits;
    private BoolVar[] heads;
    private Map<Long, BoolVar> links;
    private Map<Long, BoolVar> injecting;
    private StateEncoding s;

    WormholeKnot(Network net, FlowControlRule rule, RouteGraph graph, SolverLimits limits, int packetFlits,
                 int queueFlits, List<int[]> traffic) {
        if (rule.marksPerRing() > 0) {
            throw new UnsupportedOperationException("rule " + rule.name() + " moves critical marks, which wormhole"
                + " switching does not have");
        }
        this.net = net;
        this.rule = rule;
        this.graph = graph;
        this.limits = limits;
        this.packetFlits = packetFlits;
        this.queueFlits = queueFlits;
        this.traffic = traffic;
        int queues = net.queues();
        headersAt = new int[queues][];
        classOf = new int[queues][];
        for (int q = 0; q < queues; q++) {
            RouteGraph.HeadClass[] cls = graph.classes[q];
            int n = 0;
            for (RouteGraph.HeadClass c : cls) {
                n += c.headers().length;
            }
            long[] pairs = new long[n];
            int i = 0;
            for (int k = 0; k < cls.length; k++) {
                for (int h : cls[k].headers()) {
                    pairs[i++] = ((long) h << 20) | k;
                }
            }
            Arrays.sort(pairs);
            headersAt[q] = new int[n];
            classOf[q] = new int[n];
            for (i = 0; i < n; i++) {
                headersAt[q][i] = (int) (pairs[i] >>> 20);
                classOf[q][i] = (int) (pairs[i] & 0xfffff);
            }
        }
    }

    /** The class of {@code header} at queue {@code q}, -1 when it cannot stand there. */
    int classAt(int q, int header) {
        int i = Arrays.binarySearch(headersAt[q], header);
        return i < 0 ? -1 : classOf[q][i];
    }

    /**
     * The search. When no admission reads more than its target VC (checked on the rule's
     * tabulated admission, not taken from its declarations), a stuck configuration with the
     * fewest packets is a set of worms whose heads wait on one another around one strongly
     * connected part of the queues' dependency graph (or a single head refused on every
     * candidate), and each of its worms lies within {@code 1 + (L - 1) / C - 1} hops upstream of
     * that part; such a set stays stuck alone. So the search runs part by part on those regions,
     * smallest first, each bounded by the best found so far: every part answered means the
     * fewest packets overall (or no stuck configuration at all). Otherwise one model over the
     * whole network.
     */
    Outcome search() {
        Map<Long, AdmissionTable> tables = new HashMap<>();
        List<boolean[]> regions = regions(tables);
        if (regions == null) {
            return solveRegion(null, tables, Integer.MAX_VALUE);
        }
        Outcome best = null;
        int variables = 0;
        int constraints = 0;
        boolean answered = true;
        for (boolean[] region : regions) {
            Outcome o = solveRegion(region, tables, best == null ? Integer.MAX_VALUE : best.witness().packetCount() - 1);
            variables = Math.max(variables, o.variables());
            constraints = Math.max(constraints, o.constraints());
            if (o.spurious() != null) {
                return o;
            }
            if (o.witness() != null) {
                best = o;
            }
            if (o.witness() == null ? o.status() != CpSolverStatus.INFEASIBLE : !o.minimal()) {
                answered = false;
            }
        }
        if (best == null) {
            return new Outcome(answered ? CpSolverStatus.INFEASIBLE : CpSolverStatus.UNKNOWN,
                answered ? "INFEASIBLE" : "UNKNOWN", null, false, variables, constraints, null);
        }
        return new Outcome(best.status(), best.knot(), best.witness(), answered, variables, constraints, null);
    }

    /**
     * The regions to search part by part (see {@link #search}), smallest part first, or null when
     * some admission reads a ring (then a part's worms alone need not stay stuck).
     */
    private List<boolean[]> regions(Map<Long, AdmissionTable> tables) {
        int queues = net.queues();
        org.jgrapht.Graph<Integer, org.jgrapht.graph.DefaultEdge> g =
            new org.jgrapht.graph.DefaultDirectedGraph<>(org.jgrapht.graph.DefaultEdge.class);
        List<List<Integer>> upstream = new ArrayList<>();
        List<Integer> deadEnds = new ArrayList<>();
        for (int q = 0; q < queues; q++) {
            g.addVertex(q);
            upstream.add(new ArrayList<>());
        }
        for (int from = 0; from < queues; from++) {
            limits.checkTime();
            int q = from;
            for (RouteGraph.HeadClass c : graph.classes[q]) {
                if (c.exits()) {
                    continue;
                }
                boolean refusedEverywhere = true;
                for (int t : c.targets()) {
                    // keyed as StateEncoding keys them, which shares the map
                    AdmissionTable at = tables.computeIfAbsent((long) (q + 1) * queues + t,
                        k -> new AdmissionTable(net, rule, q, t));
                    if (at.readsRing || at.readsMarks) {
                        return null;
                    }
                    refusedEverywhere &= at.outcome[1][0][0] == FlowControlRule.DENY;
                    if (!g.containsEdge(q, t)) {
                        g.addEdge(q, t);
                        upstream.get(t).add(q);
                    }
                }
                if (refusedEverywhere && !deadEnds.contains(q)) {
                    deadEnds.add(q);
                }
            }
        }
        List<List<Integer>> parts = new ArrayList<>();
        for (java.util.Set<Integer> scc : new org.jgrapht.alg.connectivity.KosarajuStrongConnectivityInspector<>(g)
            .stronglyConnectedSets()) {
            int v = scc.iterator().next();
            if (scc.size() > 1 || g.containsEdge(v, v)) {
                parts.add(scc.stream().sorted().toList());
            }
        }
        for (int q : deadEnds) {
            parts.add(List.of(q));
        }
        parts.sort(java.util.Comparator.<List<Integer>>comparingInt(List::size).thenComparing(x -> x.get(0)));
        int hops = (packetFlits - 1) / queueFlits;
        List<boolean[]> regions = new ArrayList<>();
        for (List<Integer> part : parts) {
            boolean[] in = new boolean[queues];
            List<Integer> frontier = new ArrayList<>(part);
            for (int q : part) {
                in[q] = true;
            }
            for (int h = 0; h < hops; h++) {
                List<Integer> next = new ArrayList<>();
                for (int q : frontier) {
                    for (int p : upstream.get(q)) {
                        if (!in[p]) {
                            in[p] = true;
                            next.add(p);
                        }
                    }
                }
                frontier = next;
            }
            regions.add(in);
        }
        return regions;
    }

    /** The knot model on {@code region} (null: the whole network) with at most {@code bound} packets. */
    private Outcome solveRegion(boolean[] region, Map<Long, AdmissionTable> tables, int bound) {
        CpModel model = new CpModel();
        build(model, region, tables);
        LinearExprBuilder packets = LinearExpr.newBuilder();
        for (BoolVar h : heads) {
            if (h != null) {
                packets.add(h);
            }
        }
        if (bound < Integer.MAX_VALUE) {
            model.addLessOrEqual(packets.build(), bound);
        }
        int variables = model.model().getVariablesCount();
        int constraints = model.model().getConstraintsCount();
        CpSolver solver = limits.solver(limits.remaining());
        CpSolverStatus status = solver.solve(model);
        if (status != CpSolverStatus.FEASIBLE && status != CpSolverStatus.OPTIMAL) {
            return new Outcome(status, status.name(), null, false, variables, constraints, null);
        }
        CpSolver best = solver;
        String knot = status.name();
        boolean minimal = false;
        for (IntVar v : flits) {
            if (v != null) {
                model.addHint(v, solver.value(v));
            }
        }
        for (BoolVar h : heads) {
            if (h != null) {
                model.addHint(h, solver.value(h));
            }
        }
        model.minimize(packets.build());
        String[] why = {null};
        Witness w = null;
        // A chain's classes are linked pairwise; a chain no single header runs along is cut off and the
        // minimization solved again (each cut removes only configurations that cannot be made concrete).
        for (int round = 0; round < MAX_CUTS; round++) {
            CpSolver opt = limits.solver(Math.min(limits.remaining(), Math.max(5, limits.seconds() / 4)));
            CpSolverStatus st2 = opt.solve(model);
            if (st2 == CpSolverStatus.FEASIBLE || st2 == CpSolverStatus.OPTIMAL) {
                best = opt;
                knot = st2.name();
                minimal = st2 == CpSolverStatus.OPTIMAL;
            } else if (round > 0) {
                // the cuts left no configuration (INFEASIBLE), or no answer within the limit
                return new Outcome(st2, st2.name(), null, false, variables, constraints,
                    st2 == CpSolverStatus.INFEASIBLE ? null : why[0]);
            }
            cut = null;
            why[0] = null;
            w = witness(best, why);
            if (w != null || cut == null) {
                break;
            }
            model.addBoolOr(cut.toArray(new Literal[0]));
            model.clearHints();
            status = CpSolverStatus.FEASIBLE;
        }
        return new Outcome(status, knot, w, minimal && w != null, variables, constraints, why[0]);
    }

    private static long key(int a, int b) {
        return ((long) a << 32) | (b & 0xffffffffL);
    }

    /** The targets in the region of the classes a waiting head may have at {@code q}, each once. */
    private int[] targets(int q) {
        java.util.LinkedHashSet<Integer> t = new java.util.LinkedHashSet<>();
        for (int k = 0; k < graph.classes[q].length; k++) {
            if (s.head[q][k] != null) {
                for (int x : graph.classes[q][k].targets()) {
                    if (s.included[x]) {
                        t.add(x);
                    }
                }
            }
        }
        return t.stream().mapToInt(Integer::intValue).toArray();
    }

    private void build(CpModel model, boolean[] region, Map<Long, AdmissionTable> tables) {
        s = new StateEncoding(model, graph, rule, false, region, tables);
        int queues = net.queues();
        flits = new IntVar[queues];
        heads = new BoolVar[queues];
        links = new HashMap<>();
        injecting = new HashMap<>();
        IntVar[] acc = new IntVar[queues];
        BoolVar[] fromInjection = new BoolVar[queues];
        List<List<BoolVar>> incoming = new ArrayList<>();
        List<List<Integer>> incomingFrom = new ArrayList<>();
        for (int q = 0; q < queues; q++) {
            incoming.add(new ArrayList<>());
            incomingFrom.add(new ArrayList<>());
        }
        for (int q = 0; q < queues; q++) {
            limits.checkTime();
            if (!s.included[q]) {
                continue;
            }
            BoolVar busy = s.nonEmpty[q];
            flits[q] = model.newIntVar(0, queueFlits, "flits" + q);
            model.addGreaterOrEqual(flits[q], 1).onlyEnforceIf(busy);
            model.addEquality(flits[q], 0).onlyEnforceIf(busy.not());
            acc[q] = model.newIntVar(0, packetFlits, "acc" + q);
            fromInjection[q] = model.newBoolVar("inj" + q);
            heads[q] = model.newBoolVar("headHere" + q);
            LinearExprBuilder roles = LinearExpr.newBuilder().add(heads[q]);
            for (int t : targets(q)) {
                BoolVar l = model.newBoolVar("link" + q + "_" + t);
                links.put(key(q, t), l);
                roles.add(l);
                incoming.get(t).add(l);
                incomingFrom.get(t).add(q);
            }
            // an allocated VC holds the head or is a body VC whose head went on to one next queue
            roles.addTerm(busy, -1);
            model.addEquality(roles.build(), 0);
        }
        for (int q = 0; q < queues; q++) {
            limits.checkTime();
            if (!s.included[q]) {
                continue;
            }
            RouteGraph.HeadClass[] cls = graph.classes[q];
            for (int k = 0; k < cls.length; k++) {
                if (s.head[q][k] == null) {
                    continue;
                }
                for (int t : cls[k].targets()) {
                    // a waiting head: every candidate allocated or refused (outside the region: free)
                    if (s.included[t]) {
                        model.addBoolOr(new Literal[] {s.nonEmpty[t], s.denied(q, t)})
                            .onlyEnforceIf(new Literal[] {s.head[q][k], heads[q]});
                    } else if (s.table(q, t).outcome[1][0][0] != FlowControlRule.DENY) {
                        model.addBoolOr(new Literal[] {s.head[q][k].not(), heads[q].not()});
                    }
                }
            }
            for (int t : targets(q)) {
                BoolVar l = links.get(key(q, t));
                model.addImplication(l, s.nonEmpty[t]);
                model.addEquality(flits[t], queueFlits).onlyEnforceIf(l);
                linkClasses(model, q, t, l);
            }
        }
        for (int q = 0; q < queues; q++) {
            limits.checkTime();
            if (!s.included[q]) {
                continue;
            }
            List<BoolVar> in = incoming.get(q);
            BoolVar entered = model.newBoolVar("entered" + q);
            if (in.isEmpty()) {
                model.addEquality(entered, 0);
            } else {
                model.addLessOrEqual(LinearExpr.sum(in.toArray(new BoolVar[0])), 1);
                model.addEquality(LinearExpr.sum(in.toArray(new BoolVar[0])), entered);
            }
            model.addEquality(acc[q], flits[q]).onlyEnforceIf(entered.not());
            model.addEquality(fromInjection[q], startsInjecting(model, q)).onlyEnforceIf(entered.not());
            for (int i = 0; i < in.size(); i++) {
                int p = incomingFrom.get(q).get(i);
                model.addEquality(LinearExpr.newBuilder().add(acc[q]).addTerm(acc[p], -1).build(), flits[q])
                    .onlyEnforceIf(in.get(i));
                model.addEquality(fromInjection[q], fromInjection[p]).onlyEnforceIf(in.get(i));
            }
            // a worm's flits: all L in the network, or its first VC full and the rest still at the source
            model.addEquality(acc[q], packetFlits).onlyEnforceIf(new Literal[] {heads[q], fromInjection[q].not()});
            model.addLessOrEqual(acc[q], packetFlits - 1L).onlyEnforceIf(new Literal[] {heads[q], fromInjection[q]});
        }
        // one packet at a time per injecting node
        Map<Integer, List<BoolVar>> bySource = new HashMap<>();
        for (Map.Entry<Long, BoolVar> e : injecting.entrySet()) {
            bySource.computeIfAbsent((int) (e.getKey() & 0xffffffffL), x -> new ArrayList<>()).add(e.getValue());
        }
        for (List<BoolVar> vs : bySource.values()) {
            if (vs.size() > 1) {
                model.addLessOrEqual(LinearExpr.sum(vs.toArray(new BoolVar[0])), 1);
            }
        }
        LinearExprBuilder any = LinearExpr.newBuilder();
        for (BoolVar h : heads) {
            if (h != null) {
                any.add(h);
            }
        }
        model.addGreaterOrEqual(any.build(), 1);
    }

    /**
     * The body VC {@code q} linked to {@code t}: the class at {@code q} has {@code t} as a
     * candidate, and some header of it steps to a header of the class at {@code t}.
     */
    private void linkClasses(CpModel model, int q, int t, BoolVar link) {
        RouteGraph.HeadClass[] cls = graph.classes[q];
        int tClasses = graph.classes[t].length;
        List<Literal> allowedAtQ = new ArrayList<>();
        for (int k = 0; k < cls.length; k++) {
            if (s.head[q][k] == null) {
                continue;
            }
            int idx = indexOf(cls[k].targets(), t);
            if (idx < 0) {
                continue;
            }
            allowedAtQ.add(s.head[q][k]);
            boolean[] reach = new boolean[tClasses];
            for (int h : cls[k].headers()) {
                QueueRoutes.Next nx = graph.routes.next(q, -1, h);
                for (int i = 0; i < nx.size(); i++) {
                    if (nx.queues()[i] == t) {
                        int c = classAt(t, nx.headers()[i]);
                        if (c >= 0) {
                            reach[c] = true;
                        }
                    }
                }
            }
            for (int c = 0; c < tClasses; c++) {
                if (!reach[c] && s.head[t][c] != null) {
                    model.addBoolOr(new Literal[] {link.not(), s.head[q][k].not(), s.head[t][c].not()});
                }
            }
        }
        allowedAtQ.add(link.not());
        model.addBoolOr(allowedAtQ.toArray(new Literal[0]));
    }

    private static int indexOf(int[] a, int v) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == v) {
                return i;
            }
        }
        return -1;
    }

    /** Per queue, the sources injecting into it and, per source, the classes at the queue its injections give. */
    private Map<Integer, Map<Integer, boolean[]>> injectorsByQueue;

    private Map<Integer, boolean[]> injectorsOf(int q) {
        if (injectorsByQueue == null) {
            injectorsByQueue = new HashMap<>();
            for (int[] pair : traffic) {
                for (int h : graph.routes.injectHeaders(pair[0], pair[1])) {
                    QueueRoutes.Next nx = graph.routes.next(FlowControlRule.INJECT, pair[0], h);
                    for (int i = 0; i < nx.size(); i++) {
                        int t = nx.queues()[i];
                        int c = classAt(t, nx.headers()[i]);
                        if (c >= 0) {
                            injectorsByQueue.computeIfAbsent(t, x -> new java.util.TreeMap<>())
                                .computeIfAbsent(pair[0], x -> new boolean[graph.classes[t].length])[c] = true;
                        }
                    }
                }
            }
        }
        return injectorsByQueue.getOrDefault(q, Map.of());
    }

    /** A literal: the worm starting at q is still being injected (its VC full), by one of the nodes injecting into q. */
    private BoolVar startsInjecting(CpModel model, int q) {
        Map<Integer, boolean[]> by = injectorsOf(q);
        BoolVar any = model.newBoolVar("startsInj" + q);
        if (by.isEmpty()) {
            model.addEquality(any, 0);
            return any;
        }
        List<BoolVar> vs = new ArrayList<>();
        for (Map.Entry<Integer, boolean[]> e : by.entrySet()) {
            BoolVar v = model.newBoolVar("injBy" + q + "_" + e.getKey());
            injecting.put(key(q, e.getKey()), v);
            vs.add(v);
            List<Literal> cls = new ArrayList<>();
            cls.add(v.not());
            for (int k = 0; k < e.getValue().length; k++) {
                if (e.getValue()[k] && s.head[q][k] != null) {
                    cls.add(s.head[q][k]);
                }
            }
            model.addBoolOr(cls.toArray(new Literal[0]));
            model.addEquality(flits[q], queueFlits).onlyEnforceIf(v);
            model.addImplication(v, s.nonEmpty[q]);
        }
        model.addEquality(LinearExpr.sum(vs.toArray(new BoolVar[0])), any);
        return any;
    }

    /** The solution's worms made concrete, or null (with the reason in {@code why[0]}) when no header chain fits. */
    private Witness witness(CpSolver solver, String[] why) {
        int queues = net.queues();
        int[] pred = new int[queues];
        Arrays.fill(pred, -1);
        for (Map.Entry<Long, BoolVar> e : links.entrySet()) {
            if (solver.booleanValue(e.getValue())) {
                pred[(int) (e.getKey() & 0xffffffffL)] = (int) (e.getKey() >>> 32);
            }
        }
        int[] cls = new int[queues];
        for (int q = 0; q < queues; q++) {
            cls[q] = -1;
            for (int k = 0; s.included[q] && k < s.head[q].length; k++) {
                if (s.head[q][k] != null && solver.booleanValue(s.head[q][k])) {
                    cls[q] = k;
                }
            }
        }
        int[][] packets = new int[queues][0];
        int[][] waits = new int[queues][0];
        List<Witness.Worm> worms = new ArrayList<>();
        List<int[]> injections = new ArrayList<>();
        List<int[]> forwards = new ArrayList<>();
        for (int q = 0; q < queues; q++) {
            if (heads[q] == null || !solver.booleanValue(heads[q])) {
                continue;
            }
            List<Integer> chain = new ArrayList<>();
            for (int x = q; x >= 0; x = pred[x]) {
                chain.add(0, x);
            }
            int[] qs = chain.stream().mapToInt(Integer::intValue).toArray();
            int source = -1;
            for (Map.Entry<Long, BoolVar> e : injecting.entrySet()) {
                if ((int) (e.getKey() >>> 32) == qs[0] && solver.booleanValue(e.getValue())) {
                    source = (int) (e.getKey() & 0xffffffffL);
                }
            }
            int[] fl = new int[qs.length];
            int total = 0;
            for (int i = 0; i < qs.length; i++) {
                fl[i] = (int) solver.value(flits[qs[i]]);
                total += fl[i];
            }
            Witness.Worm w = concrete(qs, cls, fl, source, packetFlits - total);
            if (w == null) {
                why[0] = "no header makes the chain " + chainName(qs) + " of classes the solver chose";
                cut = new ArrayList<>();
                for (int i = 0; i < qs.length; i++) {
                    cut.add(s.head[qs[i]][cls[qs[i]]].not());
                    if (i + 1 < qs.length) {
                        cut.add(links.get(key(qs[i], qs[i + 1])).not());
                    }
                }
                cut.add(heads[q].not());
                if (source >= 0) {
                    cut.add(injecting.get(key(qs[0], source)).not());
                }
                return null;
            }
            worms.add(w);
            for (int i = 0; i < qs.length; i++) {
                packets[qs[i]] = new int[fl[i]];
                Arrays.fill(packets[qs[i]], w.headers()[i]);
            }
            waits[q] = graph.classes[q][cls[q]].targets().clone();
            int first = w.before().length > 0 ? w.before()[0] : qs[0];
            injections.add(new int[] {w.source(), w.sourceHeader(), first});
            int[] path = concat(w.before(), qs);
            int[] hs = concat(w.beforeHeaders(), w.headers());
            for (int i = 0; i + 1 < path.length; i++) {
                forwards.add(new int[] {path[i], hs[i], path[i + 1]});
            }
        }
        return new Witness(packets, new int[queues], waits, injections, forwards, List.copyOf(worms));
    }

    private static int[] concat(int[] a, int[] b) {
        int[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private String chainName(int[] qs) {
        StringBuilder b = new StringBuilder();
        for (int q : qs) {
            b.append(b.length() == 0 ? "" : " => ").append(net.queueName(q));
        }
        return b.toString();
    }

    /**
     * Headers along the chain: each a header of the class chosen there, the next one what the
     * route gives it on entering the next queue; the worm's source and the queues its head
     * crossed before the chain. Null when no header fits.
     */
    private Witness.Worm concrete(int[] qs, int[] cls, int[] fl, int source, int left) {
        List<int[]> starts = new ArrayList<>(); // {header at qs[0], source, source header}
        if (source >= 0) {
            for (int[] pair : traffic) {
                if (pair[0] != source) {
                    continue;
                }
                for (int h : graph.routes.injectHeaders(pair[0], pair[1])) {
                    QueueRoutes.Next nx = graph.routes.next(FlowControlRule.INJECT, pair[0], h);
                    for (int i = 0; i < nx.size(); i++) {
                        if (nx.queues()[i] == qs[0] && classAt(qs[0], nx.headers()[i]) == cls[qs[0]]) {
                            starts.add(new int[] {nx.headers()[i], source, h});
                        }
                    }
                }
            }
        } else {
            for (int h : graph.classes[qs[0]][cls[qs[0]]].headers()) {
                starts.add(new int[] {h, -1, -1});
            }
        }
        for (int[] st : starts) {
            int[] hs = new int[qs.length];
            hs[0] = st[0];
            boolean ok = true;
            for (int i = 0; i + 1 < qs.length && ok; i++) {
                QueueRoutes.Next nx = graph.routes.next(qs[i], -1, hs[i]);
                ok = false;
                for (int j = 0; j < nx.size() && !ok; j++) {
                    if (nx.queues()[j] == qs[i + 1] && classAt(qs[i + 1], nx.headers()[j]) == cls[qs[i + 1]]) {
                        hs[i + 1] = nx.headers()[j];
                        ok = true;
                    }
                }
            }
            if (!ok) {
                continue;
            }
            if (st[1] >= 0) {
                return new Witness.Worm(qs, hs, fl, st[1], st[2], left, new int[0], new int[0]);
            }
            RouteGraph.Route route = graph.routeTo(qs[0], hs[0]);
            int n = route.hops().size() - 1;
            int[] before = new int[n];
            int[] beforeHeaders = new int[n];
            for (int i = 0; i < n; i++) {
                before[i] = (int) route.hops().get(i)[0];
                beforeHeaders[i] = (int) route.hops().get(i)[1];
            }
            return new Witness.Worm(qs, hs, fl, route.injection().source(), route.injection().header(), 0, before,
                beforeHeaders);
        }
        return null;
    }
}
