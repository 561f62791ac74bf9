package flowproof.testing;

import flowproof.check.Decision;

/**
 * Entry point of flowproof's AssertJ assertions, to import statically beside AssertJ's own:
 *
 * <pre>{@code
 * import static flowproof.testing.FlowproofAssertions.assertThat;
 *
 * assertThat(Flowproof.check(spec)).isDeadlockFree();
 * }</pre>
 */
public final class FlowproofAssertions {

    private FlowproofAssertions() {
    }

    /**
     * @param decision what flowproof decided
     * @return assertions on it
     */
    public static DecisionAssert assertThat(Decision decision) {
        return new DecisionAssert(decision);
    }
}
