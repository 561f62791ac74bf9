package flowproof.testing;

import flowproof.check.Decision;
import flowproof.explore.Property;
import flowproof.explore.PropertyStatus;
import flowproof.explore.Trace;
import flowproof.explore.Verdict;
import org.assertj.core.api.AbstractAssert;

/**
 * AssertJ assertions on a {@link Decision}; start with
 * {@link FlowproofAssertions#assertThat(Decision)}. A failure message names the spec, the
 * verdict and the method, then shows the decision's report (with its trace, if any).
 *
 * <pre>{@code
 * assertThat(Flowproof.check(spec)).isDeadlockFree();
 * assertThat(Flowproof.check(broken)).hasCounterexample().withTraceLength(4);
 * }</pre>
 */
public final class DecisionAssert extends AbstractAssert<DecisionAssert, Decision> {

    DecisionAssert(Decision actual) {
        super(actual, DecisionAssert.class);
    }

    private DecisionAssert verdictIs(String what, boolean ok) {
        isNotNull();
        if (!ok) {
            failWithMessage("Expected %s to be %s, but the verdict is %s (method %s):%n%s", actual.spec().name(), what,
                actual.verdict().key(), actual.method(), actual.text());
        }
        return this;
    }

    /**
     * Proved without enumeration (channel dependency graph, Duato, CP-SAT).
     *
     * @return this assertion
     */
    public DecisionAssert isProved() {
        return verdictIs("proved", actual != null && actual.verdict() == Verdict.PROVED);
    }

    /**
     * Proved, or deadlock-free by exhaustive enumeration: every checked property holds.
     *
     * @return this assertion
     */
    public DecisionAssert isDeadlockFree() {
        return verdictIs("deadlock-free or proved", actual != null && actual.isDeadlockFree());
    }

    /**
     * A limit, a budget or an unknown proof: no verdict.
     *
     * @return this assertion
     */
    public DecisionAssert isIncomplete() {
        return verdictIs("incomplete", actual != null && actual.verdict() == Verdict.INCOMPLETE);
    }

    /**
     * A counterexample with its trace; continue with the returned assertion on the first trace.
     *
     * @return an assertion on the counterexample
     */
    public CounterexampleAssert hasCounterexample() {
        verdictIs("a counterexample", actual != null && actual.verdict() == Verdict.COUNTEREXAMPLE);
        Trace t = actual.counterexample().orElse(null);
        if (t == null) {
            failWithMessage("Expected %s to have a counterexample trace, but the decision carries none", actual.spec().name());
        }
        return new CounterexampleAssert(actual, t);
    }

    /**
     * @param method e.g. {@code cdg}, {@code exhaustive}, {@code cp-sat}
     * @return this assertion
     */
    public DecisionAssert hasMethod(String method) {
        isNotNull();
        if (!actual.method().key().equals(method)) {
            failWithMessage("Expected %s to be decided by method %s, but it was %s (verdict %s)", actual.spec().name(),
                method, actual.method(), actual.verdict().key());
        }
        return this;
    }

    /**
     * @param p a property
     * @return this assertion, when {@code p} was established to hold
     */
    public DecisionAssert holds(Property p) {
        return statusIs(p, PropertyStatus.HOLDS);
    }

    /**
     * @param p a property
     * @return this assertion, when a reachable state violates {@code p}
     */
    public DecisionAssert violates(Property p) {
        return statusIs(p, PropertyStatus.VIOLATED);
    }

    private DecisionAssert statusIs(Property p, PropertyStatus expected) {
        isNotNull();
        PropertyStatus s = actual.status(p);
        if (s != expected) {
            failWithMessage("Expected %s of %s to be %s, but it is %s (verdict %s, method %s)", p.key(),
                actual.spec().name(), expected.key(), s.key(), actual.verdict().key(), actual.method());
        }
        return this;
    }

    /**
     * The verdict meets the spec's {@code expect} field; a spec without one, or an incomplete
     * verdict, fails (a regression suite needs an expectation, and a limit is no pass).
     *
     * @return this assertion
     */
    public DecisionAssert matchesExpectation() {
        isNotNull();
        Verdict expected = actual.spec().expect();
        if (expected == null) {
            failWithMessage("Expected %s to state an expected verdict (field expect), but it states none",
                actual.spec().name());
        }
        if (actual.verdict() == Verdict.INCOMPLETE) {
            failWithMessage("Expected %s to be %s, but the verdict is incomplete (%s): a limit is not a pass%n%s",
                actual.spec().name(), expected.key(), actual.exploration().map(r -> r.limit() + " limit")
                    .orElse("no answer"), actual.text());
        }
        if (!actual.verdict().satisfies(expected)) {
            failWithMessage("Expected %s to be %s, but it is %s (method %s):%n%s", actual.spec().name(), expected.key(),
                actual.verdict().key(), actual.method(), actual.text());
        }
        return this;
    }

    /**
     * Every counterexample file the options asked for was written.
     *
     * @return this assertion
     */
    public DecisionAssert savedEverything() {
        isNotNull();
        if (actual.writeFailure().isPresent()) {
            failWithMessage("Expected every counterexample of %s to be saved, but: %s", actual.spec().name(),
                actual.writeFailure().get());
        }
        return this;
    }
}
