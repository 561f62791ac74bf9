package flowproof.explore;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.rule.FlowControlRule;
import flowproof.rule.RuleKind;
import flowproof.spec.Spec;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Synchronous semantics: clock cycles, each move judged on the state at the start of the cycle. */
class SynchronousSemanticsTest {

    static Spec spec(String file) {
        try {
            return SpecReader.read(Path.of("specs", file));
        } catch (SpecException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    @Test
    void uncoordinatedTheoreticalBubbleRacesIntoADeadlockInThreeCyclesOnRingFour() {
        Spec s = spec("ring4-c1-theoretical-bubble-snapshot-sync.yaml");
        ExplorationResult r = new Explorer(s.model(), s.effectiveProperties(), s.limits(), false).run();
        assertThat(r.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
        assertThat(r.states()).isEqualTo(33);
        Trace t = r.traces().get(Property.STUCK_FREEDOM);
        assertThat(t.synchronous()).isTrue();
        assertThat(t.length()).isEqualTo(3);
        assertThat(t.stepSizes()).containsExactly(2, 2, 2);
        // the last cycle: routers 0 and 2 both inject, each having seen two free slots in the ring
        List<Move> last = t.steps().get(2);
        assertThat(last).extracting(Move::kind).containsOnly(Move.Kind.INJECT);
        assertThat(last).extracting(Move::node).containsExactlyInAnyOrder(0, 2);
        Snapshot before = t.states().get(2);
        assertThat(s.network().capacity() * 4 - before.packetCount()).isEqualTo(2);
        assertThat(t.last().packetCount()).isEqualTo(4);
        assertThat(r.traces().get(Property.BUBBLE_INVARIANT).length()).isEqualTo(3);
        Replayer.Outcome o = Replayer.replay(s.model(), t.moves(), t.stepSizes(), t.property());
        assertThat(o.reproduced()).as(o.message()).isTrue();
    }

    @Test
    void theRaceNeedsSimultaneityOneMoveAtATimeTheRuleDeniesTheSecondEntry() {
        Spec s = spec("ring4-c1-theoretical-bubble-snapshot-sync.yaml");
        Trace t = new Explorer(s.model(), s.effectiveProperties(), s.limits(), false).run().traces()
            .get(Property.STUCK_FREEDOM);
        Replayer.Outcome o = Replayer.replay(s.model().with(Semantics.INTERLEAVING, 0), t.moves(), t.property());
        assertThat(o.reproduced()).isFalse();
        assertThat(o.message()).startsWith("step 6:").contains("is not admitted");
    }

    @Test
    void atomicTheoreticalBubbleAndCriticalBubbleHaveNoRace() {
        for (String f : List.of("ring4-c1-theoretical-bubble-atomic-sync.yaml", "ring4-c1-critical-bubble-race-sync.yaml",
            "torus3x3-c1-theoretical-bubble-atomic-sync.yaml", "torus3x3-c1-critical-bubble-race-sync.yaml",
            "r6-ring4-c1-critical-bubble-sync.yaml", "ring3-c2-critical-bubble-sync.yaml")) {
            Spec s = spec(f);
            ExplorationResult r = new Explorer(s.model(), s.effectiveProperties(), s.limits(), false).run();
            assertThat(r.verdict()).as(f).isEqualTo(Verdict.DEADLOCK_FREE);
        }
    }

    @Test
    void theTorusRaceIsOneCycleOfThreeInjections() {
        Spec s = spec("torus3x3-c1-theoretical-bubble-snapshot-sync.yaml");
        ExplorationResult r = new Explorer(s.model(), s.effectiveProperties(), s.limits(), false).run();
        Trace t = r.traces().get(Property.BUBBLE_INVARIANT);
        assertThat(t.length()).isEqualTo(1);
        assertThat(t.moves()).hasSize(3).extracting(Move::kind).containsOnly(Move.Kind.INJECT);
    }

    @Test
    void datelineInClockCyclesIsDeadlockFreeByEnumeration() {
        for (String f : List.of("r2-ring4-c1-dateline-sync.yaml", "ring3-c2-dateline-sync.yaml")) {
            Spec s = spec(f);
            ExplorationResult r = new Explorer(s.model(), s.effectiveProperties(), s.limits(), false).run();
            assertThat(r.verdict()).as(f).isEqualTo(Verdict.DEADLOCK_FREE);
        }
    }

    /** Every successor step obeys the hardware limits and consists of moves each admitted on the start state. */
    @Test
    void everyStepRespectsTheOnePacketPerQueuePerCycleLimitsAndIsJudgedOnTheStartState() {
        List<Model> models = List.of(
            Models.ring(4, 1, 1, RuleKind.CRITICAL_BUBBLE).with(Semantics.SYNCHRONOUS, 0),
            Models.ring(3, 1, 2, RuleKind.THEORETICAL_BUBBLE).with(Semantics.SYNCHRONOUS, 0),
            Models.ring(3, 1, 2, RuleKind.VCT).with(Semantics.SYNCHRONOUS, 1),
            spec("ring4-c1-theoretical-bubble-snapshot-sync.yaml").model());
        for (Model m : models) {
            StateLayout layout = StateLayout.of(m);
            Expander sync = Expander.create(m, layout);
            Expander single = new Expander(m, layout);
            List<long[]> reachable = reachable(m);
            int steps = 0;
            for (long[] s : reachable) {
                single.load(s, 0);
                Set<Move> admitted = new HashSet<>();
                single.expand((k, a, b, d, succ) -> admitted.add(Expander.move(k, a, b, d, m.network())), true);
                sync.load(s, 0);
                List<List<Move>> stepMoves = new ArrayList<>();
                sync.expand((k, a, b, d, succ) -> stepMoves.add(sync.stepMoves(k, a, b, d)), true);
                for (List<Move> step : stepMoves) {
                    assertThat(step).isNotEmpty();
                    assertThat(admitted).as(m.describe()).containsAll(step);
                    assertThat(distinct(step, Move::to)).as("one packet enters a queue").isTrue();
                    assertThat(distinct(step, Move::from)).as("one packet leaves a queue").isTrue();
                    assertThat(distinct(step.stream().filter(x -> x.kind() == Move.Kind.INJECT).toList(), Move::node))
                        .as("one injection per node").isTrue();
                    assertThat(distinct(step.stream().filter(x -> x.kind() == Move.Kind.EJECT).toList(), Move::node))
                        .as("one ejection per node").isTrue();
                    assertThat(distinct(step.stream().filter(x -> x.kind() == Move.Kind.GENERATE).toList(), Move::node))
                        .as("one new packet per node").isTrue();
                    steps++;
                }
                // every single admitted move is a step of its own
                for (Move one : admitted) {
                    assertThat(stepMoves).contains(List.of(one));
                }
            }
            assertThat(steps).isPositive();
        }
    }

    @Test
    void synchronousReachableStatesIncludeTheInterleavingOnesForRulesWithoutDrift() {
        Model inter = Models.ring(3, 1, 2, RuleKind.CRITICAL_BUBBLE);
        Set<List<Long>> a = asSet(reachable(inter));
        Set<List<Long>> b = asSet(reachable(inter.with(Semantics.SYNCHRONOUS, 0)));
        assertThat(b).containsAll(a);
        assertThat(a).hasSize(441);
    }

    @Test
    void atomicGlobalReadSerialisesTheEntriesOfACycle() {
        FlowControlRule atomic = RuleKind.THEORETICAL_BUBBLE.create(Models.ring(4, 1, 1, RuleKind.VCT).network(), 0);
        assertThat(atomic.globalReadAtomic()).isTrue();
        Spec s = spec("ring4-c1-theoretical-bubble-atomic-sync.yaml");
        assertThat(s.rule().globalReadAtomic()).isTrue();
        assertThat(spec("ring4-c1-theoretical-bubble-snapshot-sync.yaml").rule().globalReadAtomic()).isFalse();
        // from the empty ring of four all four routers may not inject at once: at most three entries
        Model m = Models.ring(4, 1, 1, RuleKind.THEORETICAL_BUBBLE).with(Semantics.SYNCHRONOUS, 0);
        StateLayout layout = StateLayout.of(m);
        Expander ex = Expander.create(m, layout);
        ex.load(Explorer.initialState(m, layout), 0);
        int[] most = new int[1];
        ex.expand((k, a, b, d, succ) -> most[0] = Math.max(most[0], ex.stepMoves(k, a, b, d).size()), true);
        assertThat(most[0]).isEqualTo(3);
    }

    private static <T> boolean distinct(List<Move> moves, java.util.function.Function<Move, T> f) {
        List<T> keys = moves.stream().map(f).filter(x -> !(x instanceof Integer i && i < 0)).toList();
        return new HashSet<>(keys).size() == keys.size();
    }

    private static Set<List<Long>> asSet(List<long[]> states) {
        Set<List<Long>> out = new HashSet<>();
        for (long[] s : states) {
            out.add(Arrays.stream(s).boxed().toList());
        }
        return out;
    }

    /** Every reachable packed state, by a plain breadth-first search over the expander. */
    static List<long[]> reachable(Model m) {
        StateLayout layout = StateLayout.of(m);
        Expander ex = Expander.create(m, layout);
        StateSet set = new StateSet(layout.words, 10_000_000, Long.MAX_VALUE);
        set.add(Explorer.initialState(m, layout), 0);
        long[] cur = new long[layout.words];
        List<long[]> out = new ArrayList<>();
        for (int id = 0; id < set.size(); id++) {
            set.get(id, cur, 0);
            out.add(cur.clone());
            ex.load(cur, 0);
            ex.expand((k, a, b, d, succ) -> set.add(succ, 0), true);
        }
        return out;
    }
}
