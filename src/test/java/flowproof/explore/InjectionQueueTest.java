package flowproof.explore;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.rule.RuleKind;
import flowproof.spec.Spec;
import org.junit.jupiter.api.Test;

/** Injection queues: packets wait at their source, and drainability must empty them too. */
class InjectionQueueTest {

    @Test
    void noInjectionQueueKeepsTheReferenceLayoutAndCounts() {
        Model m = Models.ring(4, 1, 1, RuleKind.CRITICAL_BUBBLE);
        assertThat(StateLayout.of(m.with(Semantics.INTERLEAVING, 0)).words())
            .isEqualTo(new StateLayout(m.network(), true, m.routing().headers()).words());
        assertThat(Models.explore(m.with(Semantics.INTERLEAVING, 0)).states()).isEqualTo(256);
        assertThat(StateLayout.of(m.with(Semantics.INTERLEAVING, 2)).bits())
            .isEqualTo(StateLayout.of(m).bits() + 4L * 2 * 3);
    }

    @Test
    void aSourceThatCanNeverInjectViolatesDrainability() {
        Spec s = SynchronousSemanticsTest.spec("r5-ring4-c1-localized-bubble-iq1.yaml");
        ExplorationResult r = new Explorer(s.model(), s.effectiveProperties(), s.limits(), false).run();
        assertThat(r.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
        assertThat(r.states()).isEqualTo(256);
        Trace t = r.traces().get(Property.DRAINABILITY);
        assertThat(t.length()).isEqualTo(1);
        assertThat(t.moves().get(0).kind()).isEqualTo(Move.Kind.GENERATE);
        assertThat(t.last().packetCount()).isZero();
        assertThat(t.last().waitingCount()).isEqualTo(1);
        // without injection queues the same rule just never injects: one state, nothing to drain,
        // and a counterexample to injectability rather than a vacuous pass
        ExplorationResult none = new Explorer(s.model().with(Semantics.INTERLEAVING, 0), s.effectiveProperties(),
            s.limits(), false).run();
        assertThat(none.states()).isEqualTo(1);
        assertThat(none.properties().get(Property.DRAINABILITY)).isEqualTo(PropertyStatus.HOLDS);
        assertThat(none.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
        assertThat(none.traces().keySet()).containsExactly(Property.INJECTABILITY);
    }

    @Test
    void injectionQueuesEmptyInFifoOrderAndOnlyUpToTheirSize() {
        Model m = Models.ring(3, 1, 1, RuleKind.VCT).with(Semantics.INTERLEAVING, 2);
        StateLayout layout = StateLayout.of(m);
        Expander ex = Expander.create(m, layout);
        long[] s = Explorer.initialState(m, layout);
        // node 0 generates 2 then 1; a third packet does not fit
        s = only(ex, s, Move.Kind.GENERATE, 0, 2);
        s = only(ex, s, Move.Kind.GENERATE, 0, 1);
        ex.load(s, 0);
        boolean[] third = new boolean[1];
        ex.expand((k, a, b, d, succ) -> third[0] |= k == Expander.GENERATE && a == 0, true);
        assertThat(third[0]).isFalse();
        Snapshot snap = layout.decode(s, 0);
        assertThat(snap.sources()[0]).containsExactly(2, 1);
        // the head (destination 2) is injected first, and injecting is a drain move
        ex.load(s, 0);
        int[] injected = {-1};
        ex.expand((k, a, b, d, succ) -> {
            if (k == Expander.INJECT && a == 0) {
                injected[0] = d;
            }
        }, false);
        assertThat(injected[0]).isEqualTo(2);
        assertThat(ex.drainMoves).isEqualTo(1);
    }

    @Test
    void literalCriticalBubbleStarvesSourcesOnT3sTurnsAndDriftDoesNot() {
        Spec literal = SynchronousSemanticsTest.spec("t3-torus3x2-critical-bubble-diagonal-iq1.yaml");
        ExplorationResult a = new Explorer(literal.model(), literal.effectiveProperties(), literal.limits(), false).run();
        assertThat(a.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
        assertThat(a.states()).isEqualTo(4_096);
        Spec fixed = SynchronousSemanticsTest.spec("t3-torus3x2-critical-bubble-drift-diagonal-iq1.yaml");
        ExplorationResult b = new Explorer(fixed.model(), fixed.effectiveProperties(), fixed.limits(), false).run();
        assertThat(b.verdict()).isEqualTo(Verdict.DEADLOCK_FREE);
        assertThat(b.states()).isEqualTo(589_824);
    }

    @Test
    void synchronousStepsWithInjectionQueuesAndDrift() {
        Spec s = SynchronousSemanticsTest.spec("ring4-c1-critical-bubble-drift-race-sync-iq1.yaml");
        ExplorationResult r = new Explorer(s.model(), s.effectiveProperties(), s.limits(), false).run();
        assertThat(r.verdict()).isEqualTo(Verdict.DEADLOCK_FREE);
    }

    private static long[] only(Expander ex, long[] s, Move.Kind kind, int node, int dest) {
        ex.load(s, 0);
        long[][] found = new long[1][];
        ex.expand((k, a, b, d, succ) -> {
            Move m = Expander.move(k, a, b, d, ex.net);
            if (m.kind() == kind && m.node() == node && m.destination() == dest) {
                found[0] = succ.clone();
            }
        }, true);
        assertThat(found[0]).isNotNull();
        return found[0];
    }
}
