package flowproof.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.explore.distributed.InProcessTransport;
import flowproof.explore.distributed.Transport;
import flowproof.rule.RuleKind;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The search partitioned over members in one JVM ({@link InProcessTransport}) finds what the
 * single-JVM explorer finds: states, transitions, depth, stuck states, statuses, verdicts and the
 * very same traces, on 1, 2, 3 and 5 members, with and without symmetry reduction.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PartitionedSearchTest {

    static final List<Model> MODELS = List.of(
        Models.ring(4, 1, 1, RuleKind.VCT),
        Models.ring(4, 2, 1, RuleKind.DATELINE),
        Models.ring(4, 1, 1, RuleKind.THEORETICAL_BUBBLE),
        Models.ring(4, 1, 1, RuleKind.LOCALIZED_BUBBLE),
        Models.ring(4, 1, 2, RuleKind.CRITICAL_BUBBLE),
        Models.ring(5, 1, 1, RuleKind.CRITICAL_BUBBLE),
        Models.torus(new int[] {2, 2}, false, 1, 1, RuleKind.VCT, 0),
        Models.torus(new int[] {3, 2}, false, 1, 1, RuleKind.THEORETICAL_BUBBLE, 0),
        Models.torus(new int[] {3, 2}, false, 1, 1, RuleKind.CRITICAL_BUBBLE, 1));

    static final int[] MEMBERS = {1, 2, 3, 5};

    /** Every member's result, from {@code n} members in one JVM, each on its own thread. */
    static List<ExplorationResult> members(int n, Function<Transport, ExplorationResult> search) throws Exception {
        List<InProcessTransport> ends = InProcessTransport.cluster(n);
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<ExplorationResult>> fs = new ArrayList<>();
            for (InProcessTransport t : ends) {
                fs.add(pool.submit(() -> search.apply(t)));
            }
            List<ExplorationResult> out = new ArrayList<>();
            for (Future<ExplorationResult> f : fs) {
                out.add(f.get(50, TimeUnit.SECONDS));
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    static Set<Property> withoutDrainability(Model m) {
        Set<Property> p = EnumSet.copyOf(Explorer.defaultProperties(m.rule()));
        p.remove(Property.DRAINABILITY);
        return p;
    }

    static void assertSameSearch(ExplorationResult single, ExplorationResult member, String what) {
        assertThat(member.verdict()).as(what + " verdict").isEqualTo(single.verdict());
        assertThat(member.complete()).as(what + " complete").isEqualTo(single.complete());
        assertThat(member.states()).as(what + " states").isEqualTo(single.states());
        assertThat(member.orbits()).as(what + " orbits").isEqualTo(single.orbits());
        assertThat(member.transitions()).as(what + " transitions").isEqualTo(single.transitions());
        assertThat(member.depth()).as(what + " depth").isEqualTo(single.depth());
        assertThat(member.stuckStates()).as(what + " stuck").isEqualTo(single.stuckStates());
        assertThat(member.properties()).as(what + " statuses").isEqualTo(single.properties());
        assertThat(member.traces().keySet()).as(what + " violated").isEqualTo(single.traces().keySet());
        for (Map.Entry<Property, Trace> e : single.traces().entrySet()) {
            Trace t = member.traces().get(e.getKey());
            assertThat(t.length()).as(what + " trace length of " + e.getKey()).isEqualTo(e.getValue().length());
            assertThat(t).as(what + " trace of " + e.getKey()).usingRecursiveComparison().isEqualTo(e.getValue());
        }
    }

    @Test
    void membersFindTheSameStatesTransitionsDepthStuckStatesAndTracesAsOneJvm() throws Exception {
        for (boolean symmetry : new boolean[] {false, true}) {
            for (Model m : MODELS) {
                Set<Property> props = withoutDrainability(m);
                ExplorationResult single = new Explorer(m, props, Limits.defaults(), false).symmetry(symmetry).run();
                for (int n : MEMBERS) {
                    List<ExplorationResult> rs = members(n, t ->
                        new Explorer(m, props, Limits.defaults(), false).symmetry(symmetry).member(t).run());
                    for (int i = 0; i < n; i++) {
                        assertSameSearch(single, rs.get(i), m.describe() + ", symmetry " + symmetry + ", member " + i
                            + " of " + n);
                        assertThat(rs.get(i).threads()).isEqualTo(n);
                    }
                }
            }
        }
    }

    /** Drainability is not distributed: asked for, it is not-checked and no search is called deadlock-free. */
    @Test
    void drainabilityStaysNotCheckedAndNoDeadlockFreedomIsClaimed() throws Exception {
        for (Model m : MODELS) {
            ExplorationResult single = Models.explore(m);
            List<ExplorationResult> rs = members(3, t ->
                new Explorer(m, Explorer.defaultProperties(m.rule()), Limits.defaults(), false).member(t).run());
            for (ExplorationResult r : rs) {
                assertThat(r.states()).isEqualTo(single.states());
                assertThat(r.transitions()).isEqualTo(single.transitions());
                assertThat(r.undrainableStates()).isEqualTo(-1);
                assertThat(r.verdict()).as(m.describe()).isNotEqualTo(Verdict.DEADLOCK_FREE);
                if (!r.traces().containsKey(Property.DRAINABILITY)) {
                    assertThat(r.properties().get(Property.DRAINABILITY)).isEqualTo(PropertyStatus.NOT_CHECKED);
                }
                if (r.traces().isEmpty()) {
                    assertThat(r.verdict()).isEqualTo(Verdict.INCOMPLETE);
                    assertThat(r.limit()).isEqualTo("drainability");
                } else {
                    assertThat(r.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
                }
            }
        }
    }

    /** A member that leaves before the end: the others end incomplete, with no verdict and no holds. */
    @Test
    void aLostMemberEndsTheSearchIncomplete() throws Exception {
        Model m = Models.ring(5, 1, 1, RuleKind.CRITICAL_BUBBLE);
        Set<Property> props = withoutDrainability(m);
        List<ExplorationResult> rs = members(3, t -> {
            if (t.self() == 2) {
                ((InProcessTransport) t).lose();
                return null;
            }
            return new Explorer(m, props, Limits.defaults(), false).member(t).run();
        });
        for (int i = 0; i < 2; i++) {
            ExplorationResult r = rs.get(i);
            assertThat(r.verdict()).isEqualTo(Verdict.INCOMPLETE);
            assertThat(r.complete()).isFalse();
            assertThat(r.limit()).isEqualTo("member-lost");
            assertThat(r.properties().values()).doesNotContain(PropertyStatus.HOLDS, PropertyStatus.VIOLATED);
        }
    }

    /** At most 10 bytes on the wire per successor sent to another member (one-word states: 8, plus headers). */
    @Test
    void aRemoteSuccessorCostsAtMostTenBytesOnTheWire() throws Exception {
        Model m = Models.torus(new int[] {3, 2}, false, 1, 1, RuleKind.THEORETICAL_BUBBLE, 0);
        Set<Property> props = withoutDrainability(m);
        long[] bytes = new long[2];
        long[] remote2 = new long[2];
        List<InProcessTransport> own = InProcessTransport.cluster(2);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (InProcessTransport t : own) {
                fs.add(pool.submit(() -> {
                    PartitionedSearch s = PartitionedSearch.create(m, props, Limits.defaults(), false, false, t);
                    s.run();
                    remote2[t.self()] = s.remoteSuccessors();
                    bytes[t.self()] = t.bytesSent();
                }));
            }
            for (Future<?> f : fs) {
                f.get(50, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(remote2[0] + remote2[1]).isGreaterThan(10_000);
        assertThat(StateLayout.of(m).words).isEqualTo(1);
        double perSuccessor = (double) (bytes[0] + bytes[1]) / (remote2[0] + remote2[1]);
        assertThat(perSuccessor).isBetween(8.0, 10.0);
    }

    @Test
    void aModelTheMembersDoNotCoverIsRefusedWithTheReason() {
        Model m = Models.ring(4, 1, 1, RuleKind.VCT).with(Semantics.SYNCHRONOUS, 0);
        assertThat(Explorer.partitionable(m)).isEqualTo("synchronous steps");
        Transport t = InProcessTransport.cluster(1).get(0);
        assertThatThrownBy(() -> new Explorer(m, Set.of(Property.STUCK_FREEDOM), Limits.defaults(), false).member(t).run())
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("synchronous steps");
    }
}
