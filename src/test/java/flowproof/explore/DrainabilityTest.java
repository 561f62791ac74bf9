package flowproof.explore;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.rule.RuleKind;
import org.junit.jupiter.api.Test;

/** The depth-first drainability pass and the fixpoint it falls back to agree. */
class DrainabilityTest {

    private static ExplorationResult run(Model m, boolean fixpoint) {
        Explorer e = new Explorer(m, Explorer.defaultProperties(m.rule()), Limits.defaults(), false);
        if (fixpoint) {
            e.forceFixpoint();
        }
        return e.run();
    }

    @Test
    void depthFirstAndFixpointFindTheSameUndrainableStates() {
        for (Model m : new Model[] {Models.ring(4, 1, 1, RuleKind.VCT), Models.ring(3, 1, 2, RuleKind.VCT),
            Models.torus(new int[] {3, 2}, false, 1, 1, RuleKind.CRITICAL_BUBBLE, 0), Models.ring(4, 2, 1, RuleKind.DATELINE)}) {
            ExplorationResult dfs = run(m, false);
            ExplorationResult fix = run(m, true);
            assertThat(dfs.undrainableStates()).isEqualTo(fix.undrainableStates());
            assertThat(dfs.properties()).isEqualTo(fix.properties());
            Trace a = dfs.traces().get(Property.DRAINABILITY);
            Trace b = fix.traces().get(Property.DRAINABILITY);
            assertThat(a == null ? null : a.moves()).isEqualTo(b == null ? null : b.moves());
        }
    }

    @Test
    void everyStuckStateIsUndrainable() {
        ExplorationResult r = Models.explore(Models.ring(4, 1, 1, RuleKind.VCT));
        assertThat(r.undrainableStates()).isGreaterThanOrEqualTo(r.stuckStates());
        assertThat(r.traces().get(Property.DRAINABILITY).length())
            .isLessThanOrEqualTo(r.traces().get(Property.STUCK_FREEDOM).length());
    }
}
