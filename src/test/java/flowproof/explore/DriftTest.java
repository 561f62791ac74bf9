package flowproof.explore;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.rule.CriticalBubble;
import flowproof.rule.FlowControlRule;
import flowproof.rule.RuleKind;
import flowproof.spec.Spec;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fix of T3: critical marks that drift backwards by themselves (rule option drift). */
class DriftTest {

    private static ExplorationResult run(Spec s) {
        return new Explorer(s.model(), s.effectiveProperties(), s.limits(), false).run();
    }

    @Test
    void t3IsACounterexampleForTheLiteralSchemeAndDeadlockFreeWithDrift() {
        ExplorationResult literal = run(SynchronousSemanticsTest.spec("t3-torus3x2-critical-bubble.yaml"));
        assertThat(literal.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
        assertThat(literal.states()).isEqualTo(45_000);
        ExplorationResult fixed = run(SynchronousSemanticsTest.spec("t3-torus3x2-critical-bubble-drift.yaml"));
        assertThat(fixed.verdict()).isEqualTo(Verdict.DEADLOCK_FREE);
        assertThat(fixed.states()).isEqualTo(360_000);
        assertThat(fixed.properties()).containsEntry(Property.DRAINABILITY, PropertyStatus.HOLDS)
            .containsEntry(Property.CRITICAL_BUBBLE_INVARIANT, PropertyStatus.HOLDS)
            .containsEntry(Property.BUBBLE_INVARIANT, PropertyStatus.HOLDS);
    }

    @Test
    void driftRescuesTheTurnOfT3sTrace() {
        Spec s = SynchronousSemanticsTest.spec("t3-torus3x2-critical-bubble.yaml");
        Trace t = run(s).traces().get(Property.DRAINABILITY);
        Spec fixed = SynchronousSemanticsTest.spec("t3-torus3x2-critical-bubble-drift.yaml");
        // the same injection, and from there a drift move is enabled that frees the turn
        StateLayout layout = StateLayout.of(fixed.model());
        Expander ex = Expander.create(fixed.model(), layout);
        Replayer.Outcome o = Replayer.replay(fixed.model(), t.moves(), Property.DRAINABILITY);
        assertThat(o.reproduced()).as(o.message()).isFalse();
        assertThat(o.message()).isEqualTo("drainability holds after 1 move");
        ex.load(layout.encode(o.last().packets(), o.last().marks()), 0);
        List<Move> drifts = new java.util.ArrayList<>();
        ex.expand((k, a, b, d, succ) -> {
            if (k == Expander.DRIFT) {
                drifts.add(Expander.move(k, a, b, d, fixed.network()));
            }
        }, false);
        assertThat(drifts).isNotEmpty();
    }

    @Test
    void theRuleDecidesDriftOnlyWhenEveryFreeSlotIsCriticalAndUpstreamHasANormalOne() {
        Model m = Models.ring(3, 1, 2, RuleKind.CRITICAL_BUBBLE);
        var net = m.network();
        FlowControlRule drift = new CriticalBubble(1, false, true);
        FlowControlRule still = new CriticalBubble(1, false, false);
        int q = net.queue(net.topology().channel(0, 0, 1), 0);
        int u = net.ringUpstream()[q];
        assertThat(u).isGreaterThanOrEqualTo(0).isNotEqualTo(q);
        assertThat(net.nodeOf(u)).isEqualTo(net.topology().source(net.channelOf(q)));
        int[][] packets = {{}, {}, {}};
        // q: one packet, one critical free slot; u empty: drifts
        packets[q] = new int[] {2};
        int[] marks = new int[3];
        marks[q] = 1;
        assertThat(drift.drifts(view(m, packets, marks), q, u)).isTrue();
        assertThat(still.drifts(view(m, packets, marks), q, u)).isFalse();
        // q with a normal free slot beside the critical one: stays
        packets[q] = new int[0];
        assertThat(drift.drifts(view(m, packets, marks), q, u)).isFalse();
        // upstream full: stays
        packets[q] = new int[] {2};
        packets[u] = new int[] {1, 1};
        assertThat(drift.drifts(view(m, packets, marks), q, u)).isFalse();
    }

    @Test
    void componentDrainabilityAgreesWithTheFixpointOnCyclicDrainGraphs() {
        for (String f : List.of("ring3-c2-critical-bubble-drift-iq1.yaml", "r6-ring4-c1-critical-bubble-drift.yaml",
            "fb1d-k3-ugal-1vc.yaml", "t3-torus3x2-critical-bubble-diagonal-iq1.yaml")) {
            Spec s = SynchronousSemanticsTest.spec(f);
            var props = EnumSet.of(Property.STUCK_FREEDOM, Property.DRAINABILITY);
            ExplorationResult a = new Explorer(s.model(), props, s.limits(), false).run();
            Explorer fix = new Explorer(s.model(), props, s.limits(), false);
            fix.forceFixpoint();
            ExplorationResult b = fix.run();
            assertThat(a.undrainableStates()).as(f).isEqualTo(b.undrainableStates());
            assertThat(a.verdict()).as(f).isEqualTo(b.verdict());
        }
    }

    @Test
    void everyCriticalBubbleSpecHasADeadlockFreeDriftTwin() throws Exception {
        try (var files = java.nio.file.Files.list(java.nio.file.Path.of("specs"))) {
            for (var p : files.filter(x -> x.getFileName().toString().matches(".*critical-bubble(-3flows|-escape)?\\.yaml"))
                .toList()) {
                String twin = p.getFileName().toString().replace(".yaml", "-drift.yaml");
                Spec s = SynchronousSemanticsTest.spec(java.nio.file.Files.exists(java.nio.file.Path.of("specs", twin))
                    ? twin : "large/" + twin);
                assertThat(s.rule().marksDrift()).as(twin).isTrue();
                assertThat(s.expect()).as(twin).isEqualTo(Verdict.DEADLOCK_FREE);
            }
        }
    }

    private static flowproof.rule.BufferView view(Model m, int[][] packets, int[] marks) {
        StateLayout layout = StateLayout.of(m);
        Expander ex = new Expander(m, layout);
        ex.load(layout.encode(packets, marks), 0);
        return ex;
    }
}
