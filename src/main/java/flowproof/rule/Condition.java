package flowproof.rule;

import flowproof.topology.Network;
import java.util.List;
import java.util.Objects;

/**
 * One linear condition of a state invariant, given as data so that every engine reads the
 * same definition: at every queue or ring of its {@link Scope}, a weighted sum of the state's
 * per-queue or per-ring {@link Quantity quantities} stands in a {@link Relation} to a
 * {@link Bound}. For example the bubble invariant is one condition, "at every ring,
 * {@code RING_FREE_SLOTS >= 1}"; "no queue has more marks than free slots" is
 * "at every queue, {@code CRITICAL_MARKS - FREE_SLOTS <= 0}".
 *
 * <p>In a {@link Scope#RINGS ring scope} a per-queue quantity stands for its sum over the
 * ring's queues ("at every ring, {@code CRITICAL_MARKS = m}" counts the marks of the whole
 * ring); in a queue scope only per-queue quantities may appear.
 *
 * <p>{@link #holds} evaluates the condition on a {@link BufferView} (the explorer, the
 * simulator, the rule contract); the CP-SAT prover reads the same data to require the
 * condition of a state and to detect its violation after a move. For the latter the
 * condition names its violations: {@link #below} when the sum is under the allowed (an
 * {@code AT_LEAST} or {@code EXACTLY} condition), {@link #above} when it is over (an
 * {@code AT_MOST} or {@code EXACTLY} condition). CP-SAT's violation literals carry these
 * names, with the queue or ring number appended ({@code noBubble3}), and a counterexample to
 * induction quotes them. Two violations with the same constraint at the same queue are one
 * literal, named by the first (the off-ring queues' {@code CRITICAL_MARKS = 0} broken below
 * is {@code CRITICAL_MARKS >= 0} broken, {@code negMarks}).
 *
 * @param scope    where the condition applies: every queue, every queue on no ring, every ring
 * @param terms    the weighted quantities summed, at least one
 * @param relation how the sum compares with the bound
 * @param bound    the bound, a constant plus a multiple of the rule's marks per ring
 * @param below    the violation's name when the sum is under the bound; null for {@code AT_MOST}
 * @param above    the violation's name when the sum is over the bound; null for {@code AT_LEAST}
 */
public record Condition(Scope scope, List<Term> terms, Relation relation, Bound bound, String below, String above) {

    /** A per-queue or per-ring quantity of a state, as a {@link BufferView} reports it. */
    public enum Quantity {
        /** Free packet slots of a queue ({@link BufferView#freeSlots}). */
        FREE_SLOTS(false),
        /** Packets in a queue: its capacity minus its free slots. */
        OCCUPANCY(false),
        /** Critical marks of a queue ({@link BufferView#criticalMarks}). */
        CRITICAL_MARKS(false),
        /** Free packet slots of a whole directional ring ({@link BufferView#ringFreeSlots}); ring scope only. */
        RING_FREE_SLOTS(true);

        private final boolean perRing;

        Quantity(boolean perRing) {
            this.perRing = perRing;
        }

        /** Whether it is a quantity of a ring (otherwise of a queue). */
        public boolean perRing() {
            return perRing;
        }

        /** Its value at a queue, or at a ring for {@link #RING_FREE_SLOTS}. */
        public int value(BufferView view, int index) {
            return switch (this) {
                case FREE_SLOTS -> view.freeSlots(index);
                case OCCUPANCY -> view.network().capacity() - view.freeSlots(index);
                case CRITICAL_MARKS -> view.criticalMarks(index);
                case RING_FREE_SLOTS -> view.ringFreeSlots(index);
            };
        }
    }

    /** Where a condition applies: each queue, each queue that belongs to no ring, or each directional ring. */
    public enum Scope {
        QUEUES, QUEUES_OFF_RINGS, RINGS;

        /** How many queues or rings the network has for this scope to range over (some may not apply). */
        public int size(Network net) {
            return this == RINGS ? net.rings() : net.queues();
        }

        /** Whether the condition applies at queue or ring {@code index}. */
        public boolean applies(Network net, int index) {
            return this != QUEUES_OFF_RINGS || net.ringOf(index) < 0;
        }
    }

    /** How a condition's sum compares with its bound. */
    public enum Relation {
        AT_LEAST(">="), AT_MOST("<="), EXACTLY("=");

        private final String symbol;

        Relation(String symbol) {
            this.symbol = symbol;
        }

        public boolean test(long sum, long bound) {
            return switch (this) {
                case AT_LEAST -> sum >= bound;
                case AT_MOST -> sum <= bound;
                case EXACTLY -> sum == bound;
            };
        }

        @Override
        public String toString() {
            return symbol;
        }
    }

    /** A quantity with an integer weight. */
    public record Term(int coefficient, Quantity quantity) {

        public Term {
            Objects.requireNonNull(quantity, "quantity");
        }

        public static Term of(Quantity quantity) {
            return new Term(1, quantity);
        }

        public static Term minus(Quantity quantity) {
            return new Term(-1, quantity);
        }

        @Override
        public String toString() {
            return (coefficient == 1 ? "" : coefficient == -1 ? "-" : coefficient + "*") + quantity;
        }
    }

    /** {@code constant + perMark * m}, where m is the rule's critical marks per ring ({@link FlowControlRule#marksPerRing}). */
    public record Bound(int constant, int perMark) {

        public static Bound of(int constant) {
            return new Bound(constant, 0);
        }

        /** The rule's marks per ring, m. */
        public static Bound marksPerRing() {
            return new Bound(0, 1);
        }

        public long value(int marksPerRing) {
            return constant + (long) perMark * marksPerRing;
        }

        @Override
        public String toString() {
            String m = perMark == 0 ? "" : perMark == 1 ? "m" : perMark + "m";
            return m.isEmpty() ? Integer.toString(constant) : constant == 0 ? m : m + (constant > 0 ? "+" : "") + constant;
        }
    }

    public Condition {
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(relation, "relation");
        Objects.requireNonNull(bound, "bound");
        terms = List.copyOf(terms);
        if (terms.isEmpty()) {
            throw new IllegalArgumentException("a condition sums at least one term");
        }
        for (Term t : terms) {
            if (t.quantity().perRing() && scope != Scope.RINGS) {
                throw new IllegalArgumentException(t.quantity() + " is a quantity of a ring, in a condition on " + scope);
            }
        }
        if ((relation != Relation.AT_MOST) != (below != null) || (relation != Relation.AT_LEAST) != (above != null)) {
            throw new IllegalArgumentException("a condition names its violation below the bound when AT_LEAST or"
                + " EXACTLY, above it when AT_MOST or EXACTLY; found " + relation + " with below " + below + ", above "
                + above);
        }
    }

    /** At every element of the scope, {@code sum(terms) >= bound}; broken, it is named {@code violation}. */
    public static Condition atLeast(Scope scope, Bound bound, String violation, Term... terms) {
        return new Condition(scope, List.of(terms), Relation.AT_LEAST, bound, violation, null);
    }

    /** At every element of the scope, {@code sum(terms) <= bound}; broken, it is named {@code violation}. */
    public static Condition atMost(Scope scope, Bound bound, String violation, Term... terms) {
        return new Condition(scope, List.of(terms), Relation.AT_MOST, bound, null, violation);
    }

    /** At every element of the scope, {@code sum(terms) = bound}; broken, it is named {@code below} or {@code above}. */
    public static Condition exactly(Scope scope, Bound bound, String below, String above, Term... terms) {
        return new Condition(scope, List.of(terms), Relation.EXACTLY, bound, below, above);
    }

    /** The sum of the terms at queue or ring {@code index} of the scope. */
    public long sum(BufferView view, int index) {
        Network net = view.network();
        long sum = 0;
        for (int k = 0; k < terms.size(); k++) {
            Term t = terms.get(k);
            Quantity q = t.quantity();
            long v;
            if (scope == Scope.RINGS && !q.perRing()) {
                v = 0;
                for (int queue : net.ringQueues(index)) {
                    v += q.value(view, queue);
                }
            } else {
                v = q.value(view, index);
            }
            sum += t.coefficient() * v;
        }
        return sum;
    }

    /** Whether the condition holds at every queue or ring of its scope. */
    public boolean holds(BufferView view, int marksPerRing) {
        Network net = view.network();
        long b = bound.value(marksPerRing);
        for (int i = 0, n = scope.size(net); i < n; i++) {
            if (scope.applies(net, i) && !relation.test(sum(view, i), b)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether every condition holds. The engines call this on every state, so per-queue
     * quantities are read from the view once per queue (into per-thread arrays) rather than once
     * per condition and term; ring-wide free slots are asked of the view, which may keep them.
     */
    public static boolean allHold(List<Condition> conditions, BufferView view, int marksPerRing) {
        boolean free = false;
        boolean marks = false;
        for (int k = 0; k < conditions.size(); k++) {
            for (Term t : conditions.get(k).terms()) {
                free |= t.quantity() == Quantity.FREE_SLOTS || t.quantity() == Quantity.OCCUPANCY;
                marks |= t.quantity() == Quantity.CRITICAL_MARKS;
            }
        }
        BufferView v = view;
        if (free || marks) {
            Snapshot snap = SNAPSHOT.get();
            snap.fill(view, free, marks);
            v = snap;
        }
        for (int k = 0; k < conditions.size(); k++) {
            if (!conditions.get(k).holds(v, marksPerRing)) {
                return false;
            }
        }
        return true;
    }

    private static final ThreadLocal<Snapshot> SNAPSHOT = ThreadLocal.withInitial(Snapshot::new);

    /** Per-queue free slots and marks copied from a view once; ring-wide free slots asked of it. */
    private static final class Snapshot implements BufferView {
        private BufferView view;
        private int[] free = new int[0];
        private int[] marks = new int[0];

        void fill(BufferView v, boolean readFree, boolean readMarks) {
            this.view = v;
            int n = v.network().queues();
            if (free.length < n) {
                free = new int[n];
                marks = new int[n];
            }
            for (int q = 0; q < n; q++) {
                free[q] = readFree ? v.freeSlots(q) : 0;
                marks[q] = readMarks ? v.criticalMarks(q) : 0;
            }
        }

        @Override
        public Network network() {
            return view.network();
        }

        @Override
        public int freeSlots(int queue) {
            return free[queue];
        }

        @Override
        public int criticalMarks(int queue) {
            return marks[queue];
        }

        @Override
        public int ringFreeSlots(int ring) {
            return view.ringFreeSlots(ring);
        }
    }

    /** Like {@code at every ring: RING_FREE_SLOTS >= 1 (noBubble)}. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("at every ").append(switch (scope) {
            case QUEUES -> "queue";
            case QUEUES_OFF_RINGS -> "queue on no ring";
            case RINGS -> "ring";
        }).append(": ");
        for (int i = 0; i < terms.size(); i++) {
            String t = terms.get(i).toString();
            b.append(i == 0 ? t : t.startsWith("-") ? " - " + t.substring(1) : " + " + t);
        }
        b.append(' ').append(relation).append(' ').append(bound).append(" (");
        b.append(below == null ? above : above == null ? below : below + ", " + above).append(')');
        return b.toString();
    }
}
