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
    void theTraceDoesNotDependOnTheOrderTheAllowedMovesIterateIn() {
        // check's portfolio passes the witness's moves as a set; a HashSet of records holding an
        // enum iterates in an order that changes from JVM to JVM, and the trace must not
        Model r1 = Models.ring(4, 2, 1, RuleKind.VCT);
        GuidedSearch.Result any = GuidedSearch.search(r1, null, null, Snapshot::packetCount, 1_000_000, 60);
        assertThat(any.found()).isTrue();
        java.util.List<Move> moves = new java.util.ArrayList<>(any.trace().moves());
        Set<Move> forward = new java.util.LinkedHashSet<>(moves);
        java.util.Collections.reverse(moves);
        Set<Move> backward = new java.util.LinkedHashSet<>(moves);
        GuidedSearch.Result a = GuidedSearch.search(r1, forward, null, Snapshot::packetCount, 1_000_000, 60);
        GuidedSearch.Result b = GuidedSearch.search(r1, backward, null, Snapshot::packetCount, 1_000_000, 60);
        assertThat(a.found()).isTrue();
        assertThat(b.trace().moves()).isEqualTo(a.trace().moves());
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
