package flowproof.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.explore.distributed.InProcessTransport;
import flowproof.explore.distributed.Transport;
import flowproof.routing.DimensionOrderRouting;
import flowproof.rule.RuleKind;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import flowproof.traffic.TrafficPattern;
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

    /**
     * Drainability decided by the members: the undrainable counts, statuses, verdicts and traces
     * of one JVM, where it holds and where it fails, by ranks and (drifting marks) by rounds.
     */
    @Test
    void membersDecideDrainabilityAsOneJvm() throws Exception {
        List<Model> models = new ArrayList<>(MODELS);
        models.add(SynchronousSemanticsTest.spec("r6-ring4-c1-critical-bubble-drift.yaml").model());
        models.add(SynchronousSemanticsTest.spec("t3-torus3x2-critical-bubble.yaml").model());
        int holds = 0;
        int fails = 0;
        for (boolean symmetry : new boolean[] {false, true}) {
            for (Model m : models) {
                Set<Property> props = Explorer.defaultProperties(m.rule());
                ExplorationResult single = new Explorer(m, props, Limits.defaults(), false).symmetry(symmetry).run();
                assertThat(single.undrainableStates()).isGreaterThanOrEqualTo(0);
                if (single.undrainableStates() == 0) {
                    holds++;
                } else {
                    fails++;
                }
                // the two spec models (drifting marks: by rounds; t3: 45,000 states) on 3 members only
                for (int n : MODELS.contains(m) ? MEMBERS : new int[] {3}) {
                    List<ExplorationResult> rs = members(n, t ->
                        new Explorer(m, props, Limits.defaults(), false).symmetry(symmetry).member(t).run());
                    for (int i = 0; i < n; i++) {
                        String what = m.describe() + ", symmetry " + symmetry + ", member " + i + " of " + n;
                        assertSameSearch(single, rs.get(i), what);
                        assertThat(rs.get(i).undrainableStates()).as(what + " undrainable")
                            .isEqualTo(single.undrainableStates());
                    }
                }
            }
        }
        assertThat(holds).isGreaterThan(0);
        assertThat(fails).isGreaterThan(0);
    }

    /** A spec that is deadlock-free on one JVM is deadlock-free on members, drainability holds. */
    @Test
    void aDeadlockFreeSpecIsDeadlockFreeOnMembers() throws Exception {
        Model m = SynchronousSemanticsTest.spec("t3-torus3x2-critical-bubble-drift.yaml").model();
        Set<Property> props = Explorer.defaultProperties(m.rule());
        ExplorationResult single = new Explorer(m, props, Limits.defaults(), false).run();
        assertThat(single.verdict()).isEqualTo(Verdict.DEADLOCK_FREE);
        for (ExplorationResult r : members(3, t -> new Explorer(m, props, Limits.defaults(), false).member(t).run())) {
            assertSameSearch(single, r, "t3 with drift on 3 members");
            assertThat(r.verdict()).isEqualTo(Verdict.DEADLOCK_FREE);
            assertThat(r.properties()).containsEntry(Property.DRAINABILITY, PropertyStatus.HOLDS);
            assertThat(r.undrainableStates()).isZero();
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

    /** A member lost during the drainability pass: every member ends incomplete, drainability never holds. */
    @Test
    void aMemberLostWhileDecidingDrainabilityEndsTheSearchIncomplete() throws Exception {
        Model m = Models.ring(5, 1, 1, RuleKind.CRITICAL_BUBBLE);
        Set<Property> props = Explorer.defaultProperties(m.rule());
        assertThat(Models.explore(m).verdict()).isEqualTo(Verdict.DEADLOCK_FREE);
        List<ExplorationResult> rs = members(3, t -> {
            Transport lossy = t.self() != 2 ? t : new Transport() {
                @Override
                public int members() {
                    return t.members();
                }

                @Override
                public int self() {
                    return t.self();
                }

                @Override
                public void send(int to, int kind, int level, long[] words, int length) {
                    if (kind == PartitionedSearch.QUERY) {
                        ((InProcessTransport) t).lose(); // its first question about drainability
                    }
                    t.send(to, kind, level, words, length);
                }

                @Override
                public Message receive(long millis) {
                    return t.receive(millis);
                }

                @Override
                public long bytesSent() {
                    return t.bytesSent();
                }

                @Override
                public void close() {
                    t.close();
                }
            };
            return new Explorer(m, props, Limits.defaults(), false).member(lossy).run();
        });
        for (ExplorationResult r : rs) {
            assertThat(r.verdict()).isEqualTo(Verdict.INCOMPLETE);
            assertThat(r.complete()).isFalse();
            assertThat(r.limit()).isEqualTo("member-lost");
            assertThat(r.undrainableStates()).isEqualTo(-1);
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

    /**
     * Members keep a bit per rank they own where the model's states can be ranked (as the single
     * JVM's dense set), a hash table where they cannot (drifting marks).
     */
    @Test
    void membersUseTheDenseSetWhereTheModelIsRankable() {
        Transport t = InProcessTransport.cluster(1).get(0);
        Model ranked = Models.ring(5, 1, 1, RuleKind.CRITICAL_BUBBLE);
        assertThat(PartitionedSearch.create(ranked, withoutDrainability(ranked), Limits.defaults(), false, false, t).table)
            .isInstanceOf(DenseStateSet.class);
        Model drift = SynchronousSemanticsTest.spec("r6-ring4-c1-critical-bubble-drift.yaml").model();
        assertThat(PartitionedSearch.create(drift, withoutDrainability(drift), Limits.defaults(), false, false, t).table)
            .isInstanceOf(ConcurrentStateTable.class);
    }

    /**
     * On the dense codec the ranks travel two to a long: 4 bytes per successor sent and the headers, with
     * batches of an odd number of ranks among them, and the single JVM's search.
     */
    @Test
    void ranksTravelTwoToALong() throws Exception {
        Model m = Models.ring(5, 1, 1, RuleKind.CRITICAL_BUBBLE);
        Set<Property> props = withoutDrainability(m);
        ExplorationResult single = new Explorer(m, props, Limits.defaults(), false).run();
        long[] sent = new long[3];
        long[] bytes = new long[3];
        List<ExplorationResult> rs = members(3, t -> {
            PartitionedSearch s = PartitionedSearch.create(m, props, Limits.defaults(), false, false, t);
            assertThat(s.table).isInstanceOf(DenseStateSet.class);
            ExplorationResult r = s.run();
            sent[t.self()] = s.remoteSuccessors();
            bytes[t.self()] = ((InProcessTransport) t).bytesSent();
            return r;
        });
        for (int i = 0; i < 3; i++) {
            assertSameSearch(single, rs.get(i), "ring 5, member " + i + " of 3");
        }
        long all = sent[0] + sent[1] + sent[2];
        assertThat(all).isGreaterThan(1_000);
        // 4 bytes a rank; on so small a search the acknowledgements and barrier words add more than on R8
        assertThat((double) (bytes[0] + bytes[1] + bytes[2]) / all).isBetween(4.0, 6.0);
    }

    /**
     * A member whose budget does not hold its share of the ranks: every member searches with
     * hash tables (they must agree on the encoding), and they find what one JVM finds.
     */
    @Test
    void aMemberThatCannotAffordTheDenseSetMakesEveryMemberUseHashTables() throws Exception {
        // few states and levels for its ranks: the hash tables and level lists fit the budget that the ranks do not
        Model m = Models.ring(4, 2, 1, RuleKind.DATELINE);
        Set<Property> props = Explorer.defaultProperties(m.rule());
        ExplorationResult single = new Explorer(m, props, Limits.defaults(), false).run();
        DenseCodec dense = DenseCodec.of(StateLayout.of(m), m.routing().headers(), m.rule().marksPerRing());
        long share = (dense.range() + 2) / 3;
        long denseBytes = DenseStateSet.bytes(dense.range(), 3) + 3 * share;
        Limits tight = new Limits(Limits.defaults().states(), Limits.defaults().seconds(), 4 * denseBytes - 1);
        List<VisitedTable> tables = java.util.Collections.synchronizedList(new ArrayList<>());
        List<ExplorationResult> rs = members(3, t -> {
            PartitionedSearch s = PartitionedSearch.create(m, props, t.self() == 1 ? tight : Limits.defaults(), false,
                false, t);
            ExplorationResult r = s.run();
            tables.add(s.table);
            return r;
        });
        for (int i = 0; i < 3; i++) {
            assertSameSearch(single, rs.get(i), "ring 4, member " + i + " of 3, member 1 on a tight budget");
            assertThat(rs.get(i).undrainableStates()).isEqualTo(single.undrainableStates());
        }
        assertThat(tables).hasSize(3).allMatch(t -> t instanceof ConcurrentStateTable);
    }

    /**
     * A state without a rank (a rule that fills a marked queue): every member starts again on the
     * hash table, and they find what one JVM finds, drainability included.
     */
    @Test
    void membersMeetingAnUnrankedStateStartAgainAndFindWhatOneJvmFinds() throws Exception {
        Torus t = Torus.torus(new int[] {4}, false);
        Model m = new Model(new Network(t, 1, 1), new DimensionOrderRouting(t), new DenseCodecTest.MarkedVct(),
            TrafficPattern.ALL_PAIRS.pairs(t));
        Set<Property> props = Explorer.defaultProperties(m.rule());
        ExplorationResult single = new Explorer(m, props, Limits.defaults(), false).run();
        assertThat(single.verdict()).isNotEqualTo(Verdict.INCOMPLETE);
        for (int n : MEMBERS) {
            List<ExplorationResult> rs = members(n, tr -> new Explorer(m, props, Limits.defaults(), false).member(tr).run());
            for (int i = 0; i < n; i++) {
                String what = "marked VCT, member " + i + " of " + n;
                assertSameSearch(single, rs.get(i), what);
                assertThat(rs.get(i).undrainableStates()).as(what + " undrainable").isEqualTo(single.undrainableStates());
            }
        }
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
