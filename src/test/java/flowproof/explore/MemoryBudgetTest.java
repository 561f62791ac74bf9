package flowproof.explore;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.rule.RuleKind;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Issue 16, item 1: a visited set that refuses a state (the memory budget, the heap) ends the
 * search as incomplete, never as a pass on the states it happened to store. R1 (VCT on a
 * ring of 4, capacity 1) has a counterexample: no budget may turn it into deadlock-free.
 */
class MemoryBudgetTest {

    private static final Set<Property> DEADLOCK = EnumSet.of(Property.STUCK_FREEDOM, Property.DRAINABILITY);

    private static ExplorationResult explore(Model m, long bytes, int threads, long expectedStates) {
        return new Explorer(m, DEADLOCK, new Limits(Limits.DEFAULT_STATES, 60, bytes), false)
            .threads(threads).expectedStates(expectedStates).run();
    }

    @Test
    void aBudgetBelowTheEmptyNetworkIsIncompleteOnBothEngines() {
        Model r1 = Models.ring(4, 1, 1, RuleKind.VCT);
        for (int threads : new int[] {1, 2}) {
            for (long bytes : new long[] {1, 1024, 32 * 1024}) {
                ExplorationResult r = explore(r1, bytes, threads, 0);
                assertThat(r.verdict()).as("%d thread(s), %d bytes", threads, bytes).isEqualTo(Verdict.INCOMPLETE);
                assertThat(r.complete()).isFalse();
                assertThat(r.limit()).isEqualTo("memory");
                assertThat(r.properties().get(Property.STUCK_FREEDOM)).isEqualTo(PropertyStatus.UNKNOWN);
            }
        }
    }

    @Test
    void everyBudgetGivesTheTrueVerdictOrIncomplete() {
        Model r1 = Models.ring(4, 1, 1, RuleKind.VCT);
        Model bubble = Models.ring(4, 1, 1, RuleKind.THEORETICAL_BUBBLE);
        for (int threads : new int[] {1, 2}) {
            for (long bytes = 1; bytes <= (4L << 20); bytes *= 4) {
                assertThat(explore(r1, bytes, threads, 0).verdict()).as("R1, %d thread(s), %d bytes", threads, bytes)
                    .isIn(Verdict.COUNTEREXAMPLE, Verdict.INCOMPLETE);
                assertThat(explore(bubble, bytes, threads, 0).verdict()).as("bubble, %d thread(s), %d bytes", threads, bytes)
                    .isIn(Verdict.DEADLOCK_FREE, Verdict.INCOMPLETE);
            }
        }
    }

    @Test
    void expectedStatesBeyondTheBudgetStopsBeforeAllocatingTheTable() {
        Model r1 = Models.ring(4, 1, 1, RuleKind.VCT);
        ExplorationResult r = explore(r1, 1L << 20, 2, 2_000_000_000L);
        assertThat(r.verdict()).isEqualTo(Verdict.INCOMPLETE);
        assertThat(r.limit()).isEqualTo("memory");
        assertThat(r.states()).isZero();
    }

    @Test
    void aStateLimitOfOneIsIncompleteOnBothEngines() {
        Model r1 = Models.ring(4, 1, 1, RuleKind.VCT);
        for (int threads : new int[] {1, 2}) {
            ExplorationResult r = new Explorer(r1, DEADLOCK, new Limits(1, 60, Long.MAX_VALUE), false).threads(threads).run();
            assertThat(r.verdict()).isEqualTo(Verdict.INCOMPLETE);
            assertThat(r.limit()).isEqualTo("states");
        }
    }

    @Test
    void theGuidedSearchReportsARefusedEmptyNetworkAsAMemoryLimit() {
        Model r1 = Models.ring(4, 1, 1, RuleKind.VCT);
        GuidedSearch.Result r = GuidedSearch.search(r1, null, null, null, 1_000_000, 60, 1);
        assertThat(r.found()).isFalse();
        assertThat(r.complete()).isFalse();
        assertThat(r.limit()).isEqualTo("memory");
        assertThat(r.states()).isZero();
    }

    @Test
    void theGuidedSearchReportsAFullVisitedSetAsAMemoryLimit() {
        Model bubble = Models.ring(4, 1, 1, RuleKind.CRITICAL_BUBBLE);
        GuidedSearch.Result r = GuidedSearch.search(bubble, null, null, null, 1_000_000, 60, 20_000);
        assertThat(r.complete()).isFalse();
        assertThat(r.limit()).isEqualTo("memory");
    }
}
