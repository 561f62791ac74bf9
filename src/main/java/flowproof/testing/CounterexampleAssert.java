package flowproof.testing;

import flowproof.check.Decision;
import flowproof.explore.Property;
import flowproof.explore.Trace;
import org.assertj.core.api.AbstractAssert;

/**
 * AssertJ assertions on the counterexample of a {@link Decision}: its length in moves (steps
 * under synchronous semantics) and the property it violates. Reached from
 * {@link DecisionAssert#hasCounterexample()}.
 */
public final class CounterexampleAssert extends AbstractAssert<CounterexampleAssert, Trace> {

    private final Decision decision;

    CounterexampleAssert(Decision decision, Trace trace) {
        super(trace, CounterexampleAssert.class);
        this.decision = decision;
    }

    /**
     * @param length the expected number of moves (or steps) from the empty network
     * @return this assertion
     */
    public CounterexampleAssert withTraceLength(int length) {
        isNotNull();
        if (actual.length() != length) {
            failWithMessage("Expected the counterexample of %s to be %d moves long, but it is %d:%n%s",
                decision.spec().name(), length, actual.length(), decision.text());
        }
        return this;
    }

    /**
     * @param length the most moves (or steps) the trace may have
     * @return this assertion
     */
    public CounterexampleAssert withTraceLengthAtMost(int length) {
        isNotNull();
        if (actual.length() > length) {
            failWithMessage("Expected the counterexample of %s to be at most %d moves long, but it is %d",
                decision.spec().name(), length, actual.length());
        }
        return this;
    }

    /**
     * @param p the property the trace must violate, e.g. {@link Property#STUCK_FREEDOM}
     * @return this assertion
     */
    public CounterexampleAssert violating(Property p) {
        isNotNull();
        if (actual.property() != p) {
            failWithMessage("Expected the counterexample of %s to violate %s, but it violates %s",
                decision.spec().name(), p.key(), actual.property().key());
        }
        return this;
    }

    /** @return to assertions on the decision */
    public DecisionAssert decision() {
        return new DecisionAssert(decision);
    }
}
