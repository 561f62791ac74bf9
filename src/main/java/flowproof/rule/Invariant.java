package flowproof.rule;

import static flowproof.rule.Condition.Quantity.CRITICAL_MARKS;
import static flowproof.rule.Condition.Quantity.FREE_SLOTS;
import static flowproof.rule.Condition.Quantity.RING_FREE_SLOTS;
import static flowproof.rule.Condition.Scope.QUEUES;
import static flowproof.rule.Condition.Scope.QUEUES_OFF_RINGS;
import static flowproof.rule.Condition.Scope.RINGS;

import flowproof.rule.Condition.Bound;
import flowproof.rule.Condition.Term;
import java.util.List;

/**
 * State invariants of bubble-style rules, judged on a {@link BufferView}.
 *
 * <p><b>One definition, read by every engine.</b> Each invariant is written once, as data: a
 * list of linear {@link Condition conditions} over per-queue and per-ring quantities (free
 * slots, occupancy, critical marks, a ring's free slots), each at every queue, every queue
 * on no ring, or every ring, with a comparison and a bound that may involve the rule's
 * marks per ring m ({@link #conditions}). Nothing else defines it:
 * <ul>
 *   <li>{@link #holds} evaluates the conditions on a {@link BufferView}: the explorer's
 *       invariant properties, the simulator's checks (fuzz), the rule contract, the prover's
 *       initial state;</li>
 *   <li>the CP-SAT prover ({@code flowproof.solve}) reads the same conditions twice: as
 *       constraints on a state's variables (the invariant states the knot search and the
 *       inductiveness check start from; a condition the variables' domains already
 *       guarantee, such as marks &gt;= 0, adds no constraint), and negated, as literals on
 *       the variables of the state after a move, one per way a condition can break, each
 *       true only if its condition is broken there (the inductiveness check asks whether
 *       one can be).</li>
 * </ul>
 * A property test ({@code InvariantEncodingAgreementTest}) checks on random states that
 * the three agree. A new invariant linear in these quantities needs its conditions here
 * and a property and spec name ({@code explore.Property}); the engines need no change.
 * ({@code RuleContract} generates its sample states by repairing random ones towards the
 * two built-in invariants, then keeps those {@link #holds} accepts.)
 */
public enum Invariant {

    /** Every directional ring has at least one free slot (Theoretical BFC, CBS). */
    BUBBLE("bubble-invariant", List.of(
        Condition.atLeast(RINGS, Bound.of(1), "noBubble", Term.of(RING_FREE_SLOTS)))),

    /**
     * Every ring holds exactly m critical marks and no queue has more marks than free
     * slots (CBS); no queue holds a negative count, and a queue on no ring none at all.
     */
    CRITICAL_BUBBLE("critical-bubble-invariant", List.of(
        Condition.atMost(QUEUES, Bound.of(0), "markOnFull", Term.of(CRITICAL_MARKS), Term.minus(FREE_SLOTS)),
        Condition.atLeast(QUEUES, Bound.of(0), "negMarks", Term.of(CRITICAL_MARKS)),
        Condition.exactly(QUEUES_OFF_RINGS, Bound.of(0), "negMarks", "markOffRing", Term.of(CRITICAL_MARKS)),
        Condition.exactly(RINGS, Bound.marksPerRing(), "fewMarks", "manyMarks", Term.of(CRITICAL_MARKS))));

    private final String key;
    private final List<Condition> conditions;

    Invariant(String key, List<Condition> conditions) {
        this.key = key;
        this.conditions = conditions;
    }

    /** Its name in specs and reports, e.g. {@code bubble-invariant}. */
    public String key() {
        return key;
    }

    /**
     * The conditions that define it, all of which must hold. Their order is the order in
     * which engines check and encode them (queue conditions queue by queue, then ring
     * conditions ring by ring).
     */
    public List<Condition> conditions() {
        return conditions;
    }

    /** Whether the state satisfies every condition, with {@code marksPerRing} marks per ring. */
    public boolean holds(BufferView view, int marksPerRing) {
        return Condition.allHold(conditions, view, marksPerRing);
    }
}
