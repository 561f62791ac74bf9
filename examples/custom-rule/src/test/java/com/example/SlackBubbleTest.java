package com.example;

import static flowproof.testing.FlowproofAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;

import flowproof.cdg.ChannelDependencyGraph;
import flowproof.check.Decision;
import flowproof.check.Flowproof;
import flowproof.check.ProveOptions;
import flowproof.explore.Property;
import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import flowproof.fuzz.ScenarioGenerator;
import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import flowproof.spec.Spec;
import flowproof.spec.SpecException;
import flowproof.testing.SpecSuite;
import flowproof.testing.TrafficScripts;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Our new rule, checked by every engine of flowproof: the explorer, the channel dependency
 * graph, CP-SAT (prove) and the cycle-accurate simulator, plus the rule contract, and our
 * specs and saved counterexamples as a regression suite.
 */
class SlackBubbleTest {

    private static Spec torus(String name, int slack, int... radix) throws SpecException {
        return Flowproof.spec(name).torus(radix).routing("dor").vcs(1).capacity(2)
            .rule(SlackBubble.class, Map.of("slack", slack)).traffic("all-pairs").build();
    }

    @Test
    void theExplorerFindsItDeadlockFreeOnASmallTorus() throws Exception {
        Decision d = Flowproof.check(torus("torus2x2-slack", 2, 2, 2));
        // a bubble rule blocks packets in front of free slots: the dependency graph proves nothing,
        // so check enumerates every reachable state
        assertThat(d).isDeadlockFree().hasMethod("exhaustive")
            .holds(Property.STUCK_FREEDOM).holds(Property.DRAINABILITY).holds(Property.BUBBLE_INVARIANT);
        assertThat(d.states()).isPositive();
    }

    @Test
    void theDependencyGraphIsCyclicSoItCannotProveABubbleRule() throws Exception {
        ChannelDependencyGraph g = Flowproof.cdg(torus("torus3x3-slack", 2, 3, 3));
        assertThat(g.acyclic()).isFalse();
        assertThat(g.cycleNames()).isNotEmpty();
    }

    @Test
    void cpSatProvesItOnA4x4TorusWithoutEnumeratingStates() throws Exception {
        Decision d = Flowproof.prove(torus("torus4x4-slack", 2, 4, 4), ProveOptions.defaults().withSeconds(120));
        assertThat(d).isProved().hasMethod("cp-sat");
        assertThat(d.proof()).hasValueSatisfying(p -> assertThat(p.inductive()).isTrue());
    }

    @Test
    void slackOneDeadlocksAndTheTraceIsTheShortest() throws Exception {
        Spec ring = Flowproof.spec("ring4-slack-1").ring(4).routing("dor").vcs(1).capacity(1)
            .rule(SlackBubble.class, Map.of("slack", 1)).traffic("all-pairs").build();
        assertThat(Flowproof.check(ring)).hasCounterexample().withTraceLength(4).violating(Property.STUCK_FREEDOM);
    }

    @Test
    void theSimulatorRunsTheSameRuleAndDrains() throws Exception {
        SimConfig cfg = Flowproof.simulation(Flowproof.read(Path.of("simulation/torus4x4-slack-bubble-sim.yaml")));
        SimResult r = Flowproof.simulate(cfg);
        // packets created, no deadlock (else the failure shows its waiting cycle), drained
        assertThat(r).drains().acceptsAtLeast(0.15);
    }

    @Test
    void itKeepsTheRuleContract() throws Exception {
        assertThat(new SlackBubble(2)).satisfiesContractOn(torus("t3x3", 2, 3, 3), torus("t4", 2, 4));
        assertThat(new SlackBubble(1)).satisfiesContractOn(torus("t3x3", 1, 3, 3));
    }

    @Test
    void aRuleThatDeclaresAnInvariantItDoesNotKeepIsCaught() {
        // slack 1 claiming the bubble invariant: an entry can take a ring's last free slot
        FlowControlRule liar = new ClaimsTheBubbleInvariant(new SlackBubble(1));
        assertThatThrownBy(() -> assertThat(liar).satisfiesContractOn(torus("t3x3", 1, 3, 3)))
            .isInstanceOf(AssertionError.class)
            .hasMessageContaining("com.example.SlackBubbleTest$ClaimsTheBubbleInvariant")
            .hasMessageContaining("invariant");
    }

    @Test
    void aBadParameterIsAOneLineError() {
        assertThatThrownBy(() -> Flowproof.spec("bad").ring(4).capacity(2)
            .rule(SlackBubble.class, Map.of("slack", 0)).build())
            .isInstanceOf(SpecException.class)
            .hasMessageContaining("rule.params.slack");
    }

    @Test
    void randomTrafficScriptsBreakNoSimulatorInvariant() throws Exception {
        Spec spec = Flowproof.read(Path.of("specs/ring4-c2-slack-bubble.yaml"));
        qt().withExamples(60).withFixedSeed(1).forAll(TrafficScripts.on(spec, ScenarioGenerator.Safety.NONE, 10))
            .checkAssert(s -> assertThat(TrafficScripts.violation(s)).isEmpty());
    }

    /** Our regression suite: every spec must meet its expectation, every saved trace must still reproduce. */
    @TestFactory
    Stream<DynamicNode> regression() {
        return SpecSuite.in(Path.of("specs")).counterexamples(Path.of("counterexamples")).tests();
    }

    /** A rule that decides as another one but claims the bubble invariant, kept or not. */
    private static final class ClaimsTheBubbleInvariant implements FlowControlRule {
        private final FlowControlRule inner;

        ClaimsTheBubbleInvariant(FlowControlRule inner) {
            this.inner = inner;
        }

        @Override
        public int admit(BufferView view, int from, int to) {
            return inner.admit(view, from, to);
        }

        @Override
        public boolean readsRingOccupancy() {
            return inner.readsRingOccupancy();
        }

        @Override
        public Set<Invariant> invariants() {
            return EnumSet.of(Invariant.BUBBLE);
        }
    }
}
