package flowproof.explore;

import flowproof.rule.Condition;
import flowproof.rule.Invariant;
import flowproof.topology.Network;

/**
 * An {@link Invariant}'s conditions flattened, for one network and m, into rows of weighted
 * terms read straight from an {@link Expander}'s unpacked state: one row per condition and
 * queue or ring it applies at (a ring's per-queue quantity becomes one term per member queue),
 * in the conditions' order. It answers exactly as {@link Invariant#holds} on the expander
 * (CompiledInvariantTest), without the per-call walk over the conditions' lists and the view's
 * virtual calls: the searches check it on every state.
 */
final class CompiledInvariant {

    private static final int FREE = 0;
    private static final int OCCUPANCY = 1;
    private static final int MARKS = 2;
    private static final int RING_FREE = 3;

    private final int capacity;
    /** Terms of row r: {@code rowStart[r] .. rowStart[r + 1]}. */
    private final int[] rowStart;
    private final Condition.Relation[] relation;
    private final long[] bound;
    private final int[] coefficient;
    private final int[] quantity;
    private final int[] element;

    CompiledInvariant(Invariant invariant, Network net, int marksPerRing) {
        this.capacity = net.capacity();
        IntList starts = new IntList();
        IntList coef = new IntList();
        IntList qty = new IntList();
        IntList elem = new IntList();
        java.util.List<Condition.Relation> rel = new java.util.ArrayList<>();
        java.util.List<Long> bounds = new java.util.ArrayList<>();
        for (Condition c : invariant.conditions()) {
            for (int i = 0, n = c.scope().size(net); i < n; i++) {
                if (!c.scope().applies(net, i)) {
                    continue;
                }
                starts.add(coef.size);
                rel.add(c.relation());
                bounds.add(c.bound().value(marksPerRing));
                for (Condition.Term t : c.terms()) {
                    int kind = kind(t.quantity());
                    if (c.scope() == Condition.Scope.RINGS && !t.quantity().perRing()) {
                        for (int q : net.ringQueues(i)) {
                            coef.add(t.coefficient());
                            qty.add(kind);
                            elem.add(q);
                        }
                    } else {
                        coef.add(t.coefficient());
                        qty.add(kind);
                        elem.add(i);
                    }
                }
            }
        }
        starts.add(coef.size);
        this.rowStart = starts.toArray();
        this.relation = rel.toArray(new Condition.Relation[0]);
        this.bound = bounds.stream().mapToLong(Long::longValue).toArray();
        this.coefficient = coef.toArray();
        this.quantity = qty.toArray();
        this.element = elem.toArray();
    }

    private static int kind(Condition.Quantity q) {
        return switch (q) {
            case FREE_SLOTS -> FREE;
            case OCCUPANCY -> OCCUPANCY;
            case CRITICAL_MARKS -> MARKS;
            case RING_FREE_SLOTS -> RING_FREE;
        };
    }

    /** Whether the state loaded in {@code ex} satisfies every row. */
    boolean holds(Expander ex) {
        int[] occ = ex.occ;
        int[] marks = ex.marks;
        int[] ringFree = ex.ringFree;
        for (int r = 0; r < bound.length; r++) {
            long sum = 0;
            for (int t = rowStart[r]; t < rowStart[r + 1]; t++) {
                int e = element[t];
                int v = switch (quantity[t]) {
                    case FREE -> capacity - occ[e];
                    case OCCUPANCY -> occ[e];
                    case MARKS -> marks[e];
                    default -> ringFree[e];
                };
                sum += (long) coefficient[t] * v;
            }
            if (!relation[r].test(sum, bound[r])) {
                return false;
            }
        }
        return true;
    }

    /** A growing int array. */
    private static final class IntList {
        int[] a = new int[16];
        int size;

        void add(int v) {
            if (size == a.length) {
                a = java.util.Arrays.copyOf(a, size * 2);
            }
            a[size++] = v;
        }

        int[] toArray() {
            return java.util.Arrays.copyOf(a, size);
        }
    }
}
