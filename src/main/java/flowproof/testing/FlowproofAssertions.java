package flowproof.testing;

import flowproof.check.Decision;
import flowproof.rule.FlowControlRule;
import flowproof.sim.SimResult;

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

    /**
     * @param rule a flow-control rule, e.g. your own
     * @return assertions on it (its contract)
     */
    public static RuleAssert assertThat(FlowControlRule rule) {
        return new RuleAssert(rule);
    }

    /**
     * @param result a simulation's result ({@code Flowproof.simulate})
     * @return assertions on it (drains, stable, deadlocks with its waiting cycle)
     */
    public static SimulationAssert assertThat(SimResult result) {
        return new SimulationAssert(result);
    }
}
