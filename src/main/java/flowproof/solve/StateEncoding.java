package flowproof.solve;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.Literal;
import com.google.ortools.sat.TableConstraint;
import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import flowproof.topology.Network;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * CP-SAT variables for one packet-level state of a network, and the rule's predicates over
 * them. Per queue q: its occupancy {@code occ[q]} in 0..C, its critical marks
 * {@code marks[q]} (rules with marks), and one literal per head class of q
 * ({@link RouteGraph}) that is true when the head packet belongs to that class; per ring
 * its free slots. Packets behind the head are only counted: the rule never asks about
 * them, and any header reachable at q may stand there.
 */
final class StateEncoding {

    final CpModel model;
    final Network net;
    final RouteGraph graph;
    final FlowControlRule rule;
    final int capacity;
    final IntVar[] occ;
    final IntVar[] marks;
    final BoolVar[] nonEmpty;
    /** head[q][k]: the head of q is of class k; null for classes left out. */
    final BoolVar[][] head;
    final IntVar[] ringFree;
    /** The queues encoded (every queue unless a part of the network was asked for); the others' entries are null. */
    final boolean[] included;
    /** The rings encoded: those whose queues are all included. */
    final boolean[] ringIncluded;
    private final Map<Long, AdmissionTable> tables;
    private final Map<Long, BoolVar> deny = new HashMap<>();
    private final Map<Long, BoolVar[]> admit = new HashMap<>();
    /** Per ring and list of steps: the interval of the ring's free slots ({@link #ringInterval}). */
    private final Map<String, IntVar> intervals = new HashMap<>();

    /** @param exits whether heads that leave the network here are allowed (false in the knot model: they never wait) */
    StateEncoding(CpModel model, RouteGraph graph, FlowControlRule rule, boolean exits) {
        this(model, graph, rule, exits, null, new HashMap<>());
    }

    /**
     * The state of a part of the network only: variables for the queues {@code include}
     * marks (null: all) and for the rings all of whose queues it marks; admission tables
     * are taken from (and added to) {@code tables}, which parts of one network may share.
     */
    StateEncoding(CpModel model, RouteGraph graph, FlowControlRule rule, boolean exits, boolean[] include,
                  Map<Long, AdmissionTable> tables) {
        this.model = model;
        this.tables = tables;
        this.net = graph.network;
        this.graph = graph;
        this.rule = rule;
        this.capacity = net.capacity();
        int queues = net.queues();
        occ = new IntVar[queues];
        marks = rule.marksPerRing() > 0 ? new IntVar[queues] : null;
        nonEmpty = new BoolVar[queues];
        head = new BoolVar[queues][];
        included = new boolean[queues];
        for (int q = 0; q < queues; q++) {
            included[q] = include == null || include[q];
            if (!included[q]) {
                continue;
            }
            RouteGraph.HeadClass[] cls = graph.classes[q];
            occ[q] = model.newIntVar(0, capacity, "occ" + q);
            nonEmpty[q] = model.newBoolVar("ne" + q);
            model.addGreaterOrEqual(occ[q], 1).onlyEnforceIf(nonEmpty[q]);
            model.addEquality(occ[q], 0).onlyEnforceIf(nonEmpty[q].not());
            head[q] = new BoolVar[cls.length];
            com.google.ortools.sat.LinearExprBuilder sum = LinearExpr.newBuilder();
            for (int k = 0; k < cls.length; k++) {
                if (cls[k].exits() && !exits) {
                    continue;
                }
                head[q][k] = model.newBoolVar("head" + q + "_" + k);
                sum.add(head[q][k]);
            }
            sum.addTerm(nonEmpty[q], -1);
            model.addEquality(sum.build(), 0);
            if (marks != null) {
                marks[q] = model.newIntVar(0, capacity, "marks" + q);
            }
        }
        ringFree = new IntVar[net.rings()];
        ringIncluded = new boolean[net.rings()];
        for (int r = 0; r < net.rings(); r++) {
            int[] members = net.ringQueues(r);
            boolean all = true;
            for (int q : members) {
                all &= included[q];
            }
            ringIncluded[r] = all;
            if (!all) {
                continue;
            }
            ringFree[r] = model.newIntVar(0, (long) members.length * capacity, "ringFree" + r);
            com.google.ortools.sat.LinearExprBuilder b = LinearExpr.newBuilder().add(ringFree[r]);
            for (int q : members) {
                b.add(occ[q]);
            }
            model.addEquality(b.build(), (long) members.length * capacity);
        }
    }

    /**
     * Constrains the state to satisfy the invariants (and the capacity bound, by the
     * domains): the constraints are read from the invariants' own conditions
     * ({@link Invariant#conditions}, {@link ConditionEncoding#require}), the definition
     * {@link Invariant#holds} evaluates too.
     *
     * @throws IllegalStateException when an invariant reads critical marks and the rule keeps none
     */
    void requireInvariants(Set<Invariant> invariants) {
        ConditionEncoding enc = new ConditionEncoding(model, net, occ, marks, ringFree, included, ringIncluded);
        for (Invariant inv : invariants) {
            enc.require(inv.key(), inv.conditions(), rule.marksPerRing());
        }
    }

    AdmissionTable table(int from, int to) {
        return tables.computeIfAbsent(pairKey(from, to), k -> new AdmissionTable(net, rule, from, to));
    }

    private long pairKey(int from, int to) {
        return (long) (from + 1) * net.queues() + to;
    }

    /** The variables a move's table reads: the target's occupancy, then its marks and its ring's free slots when read. */
    private IntVar[] inputs(AdmissionTable t) {
        int n = 1 + (t.readsMarks ? 1 : 0) + (t.readsRing ? 1 : 0);
        IntVar[] v = new IntVar[n];
        int i = 0;
        v[i++] = occ[t.to];
        if (t.readsMarks) {
            v[i++] = marks[t.to];
        }
        if (t.readsRing) {
            v[i] = ringInterval(t);
        }
        return v;
    }

    /**
     * The interval of ring {@code t.ring}'s free slots between the table's steps
     * ({@link AdmissionTable#ringSteps}), as a variable in 0..steps: the sum of one literal
     * {@code ringFree >= step} per step. The table's outcome is the same across an interval,
     * so reading the interval instead of the free slots themselves is exact; it keeps a table
     * constraint from expanding into one literal per value of the ring's free slots (a
     * 64-queue ring has 65 to 129 of them, and a 64x64 torus 32,768 tables).
     */
    private IntVar ringInterval(AdmissionTable t) {
        String key = t.ring + java.util.Arrays.toString(t.ringSteps);
        return intervals.computeIfAbsent(key, k -> {
            IntVar free = ringFree[t.ring];
            IntVar interval = model.newIntVar(0, t.ringSteps.length, "ringInterval" + t.ring + "_" + intervals.size());
            com.google.ortools.sat.LinearExprBuilder sum = LinearExpr.newBuilder();
            for (int step : t.ringSteps) {
                BoolVar atLeast = model.newBoolVar("ringFree" + t.ring + ">=" + step);
                model.addGreaterOrEqual(free, step).onlyEnforceIf(atLeast);
                model.addLessOrEqual(free, step - 1).onlyEnforceIf(atLeast.not());
                sum.add(atLeast);
            }
            model.addEquality(interval, sum.build());
            return interval;
        });
    }

    /** A literal that is true iff the rule refuses the move from {@code from} (or INJECT) into {@code to}. */
    BoolVar denied(int from, int to) {
        return deny.computeIfAbsent(pairKey(from, to), k -> {
            AdmissionTable t = table(from, to);
            BoolVar d = model.newBoolVar("deny" + from + "_" + to);
            IntVar[] in = inputs(t);
            IntVar[] vars = java.util.Arrays.copyOf(in, in.length + 1);
            vars[in.length] = d;
            TableConstraint tc = model.addAllowedAssignments(vars);
            forEachTuple(t, (tuple, outcome) -> {
                long[] row = java.util.Arrays.copyOf(tuple, tuple.length + 1);
                row[tuple.length] = outcome == FlowControlRule.DENY ? 1 : 0;
                tc.addTuple(row);
            });
            return d;
        });
    }

    /** Literals {admitted, admitted with a mark moving back} of the move from {@code from} (or INJECT) into {@code to}. */
    BoolVar[] admitted(int from, int to) {
        return admit.computeIfAbsent(pairKey(from, to), k -> {
            AdmissionTable t = table(from, to);
            BoolVar a = model.newBoolVar("admit" + from + "_" + to);
            BoolVar s = model.newBoolVar("shift" + from + "_" + to);
            IntVar[] in = inputs(t);
            IntVar[] vars = java.util.Arrays.copyOf(in, in.length + 2);
            vars[in.length] = a;
            vars[in.length + 1] = s;
            TableConstraint tc = model.addAllowedAssignments(vars);
            forEachTuple(t, (tuple, outcome) -> {
                long[] row = java.util.Arrays.copyOf(tuple, tuple.length + 2);
                row[tuple.length] = outcome == FlowControlRule.DENY ? 0 : 1;
                row[tuple.length + 1] = outcome == FlowControlRule.ADMIT_SHIFT_MARK ? 1 : 0;
                tc.addTuple(row);
            });
            return new BoolVar[] {a, s};
        });
    }

    /**
     * A literal that is true iff the rule drifts a mark from ring queue {@code q} to its
     * upstream queue {@code u} ({@link FlowControlRule#drifts}), tabulated by asking the rule
     * over every (occupancy, marks) of both queues. A rule that reads anything else is
     * beyond this encoding ({@link UnsupportedOperationException}).
     */
    BoolVar drifts(int q, int u) {
        BoolVar d = model.newBoolVar("drift" + q + "_" + u);
        TableConstraint tc = model.addAllowedAssignments(new IntVar[] {occ[q], marks[q], occ[u], marks[u], d});
        boolean[] yes = driftTable(net, rule, q, u);
        int c = capacity;
        int i = 0;
        for (int oq = 0; oq <= c; oq++) {
            for (int mq = 0; mq <= c; mq++) {
                for (int ou = 0; ou <= c; ou++) {
                    for (int mu = 0; mu <= c; mu++) {
                        tc.addTuple(new long[] {oq, mq, ou, mu, yes[i++] ? 1 : 0});
                    }
                }
            }
        }
        return d;
    }

    /**
     * Whether the rule drifts a mark from {@code q} to {@code u} ({@link FlowControlRule#drifts}) for
     * every (occupancy of q, marks of q, occupancy of u, marks of u), each in 0..C, in that
     * nesting order (the last fastest).
     */
    static boolean[] driftTable(Network net, FlowControlRule rule, int q, int u) {
        int c = net.capacity();
        int[] occs = new int[net.queues()];
        int[] ms = new int[net.queues()];
        BufferView probe = new BufferView() {
            @Override
            public Network network() {
                return net;
            }

            @Override
            public int freeSlots(int queue) {
                return c - occs[check(queue)];
            }

            @Override
            public int criticalMarks(int queue) {
                return ms[check(queue)];
            }

            @Override
            public int ringFreeSlots(int ring) {
                throw new UnsupportedOperationException("the CP-SAT model encodes drift as a function of a queue and"
                    + " its upstream queue; the rule read the free slots of ring " + ring);
            }

            private int check(int queue) {
                if (queue != q && queue != u) {
                    throw new UnsupportedOperationException("the CP-SAT model encodes drift as a function of "
                        + net.queueName(q) + " and its upstream queue; the rule read " + net.queueName(queue));
                }
                return queue;
            }
        };
        boolean[] yes = new boolean[(c + 1) * (c + 1) * (c + 1) * (c + 1)];
        int i = 0;
        for (int oq = 0; oq <= c; oq++) {
            for (int mq = 0; mq <= c; mq++) {
                for (int ou = 0; ou <= c; ou++) {
                    for (int mu = 0; mu <= c; mu++) {
                        occs[q] = oq;
                        ms[q] = mq;
                        occs[u] = ou;
                        ms[u] = mu;
                        yes[i++] = mq > 0 && rule.drifts(probe, q, u);
                    }
                }
            }
        }
        return yes;
    }

    /**
     * A literal that is true iff the rule would admit the move from {@code from} (or INJECT)
     * into {@code to} were one critical mark of {@code to} gone (drifted upstream): the same
     * table at marks - 1; false when {@code to} holds no mark.
     */
    BoolVar admittedAfterDrift(int from, int to) {
        AdmissionTable t = table(from, to);
        BoolVar a = model.newBoolVar("admitAfterDrift" + from + "_" + to);
        IntVar ring = t.readsRing ? ringInterval(t) : model.newConstant(0);
        TableConstraint tc = model.addAllowedAssignments(new IntVar[] {occ[to], marks[to], ring, a});
        for (int f = 0; f <= capacity; f++) {
            for (int m = 0; m <= capacity; m++) {
                for (int i = 0; i <= t.ringSteps.length; i++) {
                    boolean yes = m > 0 && t.outcome(f, m - 1, t.ringIntervalStart(i)) != FlowControlRule.DENY;
                    tc.addTuple(new long[] {capacity - f, m, i, yes ? 1 : 0});
                }
            }
        }
        return a;
    }

    private interface TupleSink {
        void accept(long[] tuple, int outcome);
    }

    private void forEachTuple(AdmissionTable t, TupleSink sink) {
        for (int f = 0; f < t.outcome.length; f++) {
            for (int m = 0; m < t.outcome[f].length; m++) {
                for (int r = 0; r < t.outcome[f][m].length; r++) {
                    long[] tuple = new long[1 + (t.readsMarks ? 1 : 0) + (t.readsRing ? 1 : 0)];
                    int i = 0;
                    tuple[i++] = capacity - f;
                    if (t.readsMarks) {
                        tuple[i++] = m;
                    }
                    if (t.readsRing) {
                        tuple[i] = t.ringInterval(r);
                        if (r != t.ringIntervalStart(t.ringInterval(r))) {
                            continue; // one tuple per interval: the outcome is the same across it
                        }
                    }
                    sink.accept(tuple, t.outcome[f][m][r]);
                }
            }
        }
    }

    /** A literal for the conjunction of two literals. */
    BoolVar and(Literal a, Literal b, String name) {
        BoolVar z = model.newBoolVar(name);
        model.addImplication(z, a);
        model.addImplication(z, b);
        model.addBoolOr(new Literal[] {a.not(), b.not(), z});
        return z;
    }
}
