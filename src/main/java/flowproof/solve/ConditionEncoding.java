package flowproof.solve;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.Constraint;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.IntegerVariableProto;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.LinearExprBuilder;
import com.google.ortools.sat.Literal;
import flowproof.rule.Condition;
import flowproof.rule.Condition.Relation;
import flowproof.rule.Condition.Scope;
import flowproof.rule.Condition.Term;
import flowproof.topology.Network;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The CP-SAT form of invariant {@link Condition conditions} over the variables of one state:
 * per queue its occupancy and (rules with marks) its critical marks, per ring optionally a
 * variable for its free slots (without one a ring's free slots are the sum of its queues'
 * capacity minus occupancy). A condition becomes one linear constraint per queue or ring of
 * its scope, queue conditions queue by queue in the order given, then ring conditions ring
 * by ring; a sum whose coefficients are all negative is negated (with the comparison
 * flipped), so that constraints read like {@code sum(occ) >= n*C}.
 *
 * <ul>
 *   <li>{@link #require}: the state satisfies the conditions. A condition the variables'
 *       domains already guarantee (marks &gt;= 0 with marks in 0..C) adds no constraint.</li>
 *   <li>{@link #violations}: one literal per way a condition can break (below its bound,
 *       above it; both for an equality), which implies that break ({@code onlyEnforceIf}), named
 *       after the condition's violation and the queue or ring. A violation identical to one
 *       already made here (same variables, coefficients, comparison and bound) is not
 *       repeated.</li>
 * </ul>
 */
final class ConditionEncoding {

    private final CpModel model;
    private final Network net;
    private final long capacity;
    private final IntVar[] occ;
    private final IntVar[] marks;
    private final IntVar[] ringFree;
    private final Set<String> made = new HashSet<>();
    /** The queues and rings encoded (null: all). */
    private final boolean[] queueIn;
    private final boolean[] ringIn;

    /**
     * @param marks    per queue, null for a rule without marks
     * @param ringFree per ring its free slots, or null to sum them from the occupancies
     */
    ConditionEncoding(CpModel model, Network net, IntVar[] occ, IntVar[] marks, IntVar[] ringFree) {
        this(model, net, occ, marks, ringFree, null, null);
    }

    /**
     * The conditions at the queues {@code queueIn} marks and the rings {@code ringIn} marks only
     * (null: all), for a model of a part of the network; a marked ring's queues must be marked.
     */
    ConditionEncoding(CpModel model, Network net, IntVar[] occ, IntVar[] marks, IntVar[] ringFree, boolean[] queueIn,
                      boolean[] ringIn) {
        this.queueIn = queueIn;
        this.ringIn = ringIn;
        this.model = model;
        this.net = net;
        this.capacity = net.capacity();
        this.occ = occ;
        this.marks = marks;
        this.ringFree = ringFree;
    }

    /** A linear form {@code sum(coeffs * vars) + constant}, like terms merged. */
    private static final class Linear {
        final List<IntVar> vars = new ArrayList<>();
        final List<Long> coeffs = new ArrayList<>();
        long constant;

        void add(IntVar v, long c) {
            for (int i = 0; i < vars.size(); i++) {
                if (vars.get(i).getIndex() == v.getIndex()) {
                    coeffs.set(i, coeffs.get(i) + c);
                    return;
                }
            }
            vars.add(v);
            coeffs.add(c);
        }

        LinearExpr expr() {
            LinearExprBuilder b = LinearExpr.newBuilder();
            for (int i = 0; i < vars.size(); i++) {
                if (coeffs.get(i) != 0) {
                    b.addTerm(vars.get(i), coeffs.get(i));
                }
            }
            return b.build();
        }

        boolean noPositive() {
            for (long c : coeffs) {
                if (c > 0) {
                    return false;
                }
            }
            return true;
        }

        void negate() {
            coeffs.replaceAll(c -> -c);
            constant = -constant;
        }

        /** The least or greatest value over the variables' domains. */
        long extreme(boolean max) {
            long s = constant;
            for (int i = 0; i < vars.size(); i++) {
                IntegerVariableProto.Builder d = vars.get(i).getBuilder();
                long lo = d.getDomain(0);
                long hi = d.getDomain(d.getDomainCount() - 1);
                long c = coeffs.get(i);
                s += c * ((c > 0) == max ? hi : lo);
            }
            return s;
        }

        String key(Relation r, long bound) {
            StringBuilder b = new StringBuilder().append(r).append(bound - constant);
            List<long[]> t = new ArrayList<>();
            for (int i = 0; i < vars.size(); i++) {
                if (coeffs.get(i) != 0) {
                    t.add(new long[] {vars.get(i).getIndex(), coeffs.get(i)});
                }
            }
            t.sort((x, y) -> Long.compare(x[0], y[0]));
            for (long[] x : t) {
                b.append(':').append(x[0]).append('*').append(x[1]);
            }
            return b.toString();
        }
    }

    private Linear linear(Condition c, int index, String invariant) {
        Linear l = new Linear();
        boolean ring = c.scope() == Scope.RINGS;
        int[] queues = ring ? net.ringQueues(index) : new int[] {index};
        for (Term t : c.terms()) {
            long k = t.coefficient();
            switch (t.quantity()) {
                case RING_FREE_SLOTS -> {
                    if (ringFree != null) {
                        l.add(ringFree[index], k);
                    } else {
                        for (int q : queues) {
                            l.add(occ[q], -k);
                            l.constant += k * capacity;
                        }
                    }
                }
                case FREE_SLOTS -> {
                    for (int q : queues) {
                        l.add(occ[q], -k);
                        l.constant += k * capacity;
                    }
                }
                case OCCUPANCY -> {
                    for (int q : queues) {
                        l.add(occ[q], k);
                    }
                }
                case CRITICAL_MARKS -> {
                    if (marks == null) {
                        throw new IllegalStateException(invariant + " reads critical marks, on a rule without marks");
                    }
                    for (int q : queues) {
                        l.add(marks[q], k);
                    }
                }
            }
        }
        return l;
    }

    /** Calls {@code each} for every (condition, queue or ring) pair: queue conditions queue by queue, then rings. */
    private void forEach(List<Condition> conditions, java.util.function.ObjIntConsumer<Condition> each) {
        for (int q = 0; q < net.queues(); q++) {
            if (queueIn != null && !queueIn[q]) {
                continue;
            }
            for (Condition c : conditions) {
                if (c.scope() != Scope.RINGS && c.scope().applies(net, q)) {
                    each.accept(c, q);
                }
            }
        }
        for (int r = 0; r < net.rings(); r++) {
            if (ringIn != null && !ringIn[r]) {
                continue;
            }
            for (Condition c : conditions) {
                if (c.scope() == Scope.RINGS) {
                    each.accept(c, r);
                }
            }
        }
    }

    private Constraint add(Linear l, Relation r, long bound) {
        LinearExpr e = l.expr();
        long b = bound - l.constant;
        return switch (r) {
            case AT_LEAST -> model.addGreaterOrEqual(e, b);
            case AT_MOST -> model.addLessOrEqual(e, b);
            case EXACTLY -> model.addEquality(e, b);
        };
    }

    private static Relation flip(Relation r) {
        return switch (r) {
            case AT_LEAST -> Relation.AT_MOST;
            case AT_MOST -> Relation.AT_LEAST;
            case EXACTLY -> Relation.EXACTLY;
        };
    }

    /**
     * Constrains the state to satisfy the conditions of invariant {@code invariant}.
     *
     * @throws IllegalStateException when a condition reads marks and the state has none
     */
    void require(String invariant, List<Condition> conditions, int marksPerRing) {
        forEach(conditions, (c, i) -> {
            Linear l = linear(c, i, invariant);
            Relation r = c.relation();
            long bound = c.bound().value(marksPerRing);
            boolean atLeast = l.extreme(false) >= bound;
            boolean atMost = l.extreme(true) <= bound;
            boolean implied = switch (r) {
                case AT_LEAST -> atLeast;
                case AT_MOST -> atMost;
                case EXACTLY -> atLeast && atMost;
            };
            if (implied) {
                return;
            }
            if (l.noPositive()) {
                l.negate();
                r = flip(r);
                bound = -bound;
            }
            add(l, r, bound);
        });
    }

    /**
     * Adds to {@code out} literals, each of which may be true only when a condition of
     * invariant {@code invariant} breaks one way: {@code sum < bound} (named
     * {@link Condition#below}), {@code sum > bound} (named {@link Condition#above}). Some can be
     * true exactly when some condition is broken.
     *
     * @throws IllegalStateException when a condition reads marks and the state has none
     */
    void violations(String invariant, List<Condition> conditions, int marksPerRing, List<Literal> out) {
        forEach(conditions, (c, i) -> {
            long bound = c.bound().value(marksPerRing);
            if (c.relation() != Relation.AT_MOST) {
                violation(linear(c, i, invariant), Relation.AT_MOST, bound - 1, c.below() + i, out);
            }
            if (c.relation() != Relation.AT_LEAST) {
                violation(linear(c, i, invariant), Relation.AT_LEAST, bound + 1, c.above() + i, out);
            }
        });
    }

    private void violation(Linear l, Relation r, long bound, String name, List<Literal> out) {
        if (l.noPositive()) {
            l.negate();
            r = flip(r);
            bound = -bound;
        }
        if (!made.add(l.key(r, bound))) {
            return;
        }
        BoolVar v = model.newBoolVar(name);
        add(l, r, bound).onlyEnforceIf(v);
        out.add(v);
    }
}
