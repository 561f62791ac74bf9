package flowproof.explore;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.rule.RuleKind;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GuidedSearchTest {

    @Test
    void unrestrictedSearchReachesTheShortestStuckStateOfR1AndItReplays() {
        Model r1 = Models.ring(4, 1, 1, RuleKind.VCT);
        GuidedSearch.Result r = GuidedSearch.search(r1, null, null, 1_000_000, 60);
        assertThat(r.found()).isTrue();
        assertThat(r.trace().length()).isEqualTo(4);
        assertThat(Replayer.replay(r1, r.trace().moves(), Property.STUCK_FREEDOM).reproduced()).isTrue();
    }

    @Test
    void bestFirstSearchReachesAStuckStateThatReplays() {
        Model r1 = Models.ring(4, 1, 1, RuleKind.VCT);
        GuidedSearch.Result r = GuidedSearch.search(r1, null, null, Snapshot::packetCount, 1_000_000, 60);
        assertThat(r.found()).isTrue();
        assertThat(r.trace().last().packetCount()).isEqualTo(4);
        assertThat(Replayer.replay(r1, r.trace().moves(), Property.STUCK_FREEDOM).reproduced()).isTrue();
    }

    @Test
    void exhaustiveSearchOnADeadlockFreeRingFindsNoStuckStateAndSaysItIsComplete() {
        Model r6 = Models.ring(4, 1, 1, RuleKind.CRITICAL_BUBBLE);
        GuidedSearch.Result r = GuidedSearch.search(r6, null, null, 1_000_000, 60);
        assertThat(r.found()).isFalse();
        assertThat(r.complete()).isTrue();
        assertThat(r.states()).isEqualTo(256);
    }

    @Test
    void noAllowedMoveLeavesOnlyTheEmptyNetwork() {
        Model r1 = Models.ring(4, 1, 1, RuleKind.VCT);
        GuidedSearch.Result r = GuidedSearch.search(r1, Set.of(), null, 1_000_000, 60);
        assertThat(r.found()).isFalse();
        assertThat(r.complete()).isTrue();
        assertThat(r.states()).isEqualTo(1);
    }

    @Test
    void aStatesLimitIsReportedNotHidden() {
        Model r1 = Models.ring(4, 1, 1, RuleKind.CRITICAL_BUBBLE);
        GuidedSearch.Result r = GuidedSearch.search(r1, null, null, 10, 60);
        assertThat(r.found()).isFalse();
        assertThat(r.complete()).isFalse();
        assertThat(r.limit()).isEqualTo("states");
    }
}
