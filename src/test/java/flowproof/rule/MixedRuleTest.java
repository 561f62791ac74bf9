package flowproof.rule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.explore.Explorer;
import flowproof.explore.Limits;
import flowproof.reference.ReferenceEnumerator.Config;
import flowproof.reference.ReferenceEnumerator.Rule;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import flowproof.spec.Yaml;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A rule per VC class or channel set ({@code rule: [{kind, vcs, channels}, ...]}, {@link MixedRule}):
 * a bubble ring with VCT on the channels into router 0, explored and compared with the
 * independent reference enumerator (written from docs/vc-classes.md); a list of one part is
 * the rule itself; and the list's one-line errors.
 */
class MixedRuleTest {

    static Spec spec(String yaml) throws Exception {
        return SpecReader.fromTree("t", "", Yaml.read(yaml));
    }

    static Stream<Arguments> rings() {
        return Stream.of(Arguments.of(3, false, 1), Arguments.of(4, false, 1), Arguments.of(4, false, 2),
            Arguments.of(3, true, 1), Arguments.of(5, false, 1));
    }

    @ParameterizedTest(name = "ring {0}, bidirectional {1}, C={2}")
    @MethodSource("rings")
    void bubbleRingWithOneVctLinkAgreesWithTheReference(int k, boolean bidir, int c) throws Exception {
        String into0 = "\"" + (k - 1) + "-d0+->0\"" + (bidir ? ", \"1-d0-->0\"" : "");
        Spec s = spec("name: t\ntopology: {kind: ring, radix: [" + k + "], bidirectional: " + bidir + "}\nvcs: 1\ncapacity: "
            + c + "\nrule: [{kind: vct, channels: [" + into0 + "]}, {kind: theoretical-bubble}]\n");
        flowproof.reference.Agreement.assertAgrees("ring " + k, s,
            new Config(new int[] {k}, bidir, 1, c, Rule.BUBBLE_WITH_VCT_INTO_ZERO, 0));
    }

    @Test
    void aListOfOnePartIsTheRuleItself() throws Exception {
        String head = "name: t\ntopology: {kind: torus, radix: [3, 2]}\nvcs: 1\ncapacity: 1\n";
        Spec one = spec(head + "rule: [{kind: theoretical-bubble}]\n");
        Spec plain = spec(head + "rule: theoretical-bubble\n");
        long a = new Explorer(one.model(), one.effectiveProperties(), Limits.defaults(), false).run().states();
        long b = new Explorer(plain.model(), plain.effectiveProperties(), Limits.defaults(), false).run().states();
        assertThat(a).isEqualTo(b).isGreaterThan(100);
        assertThat(one.rule().describe()).isEqualTo("mixed (theoretical-bubble on every queue)");
        assertThat(one.rule().kind()).isEqualTo(RuleKind.THEORETICAL_BUBBLE);
    }

    /** The heterogeneous ring deadlocks the simulator too, under full load; the bubble ring does not. */
    @Test
    void theSimulatorDeadlocksOnTheRingWithOneVctLink() throws Exception {
        Spec mixed = SpecReader.read(java.nio.file.Path.of("specs/ring4-c1-theoretical-bubble-one-vct-link.yaml"));
        boolean deadlocked = false;
        for (long seed = 1; seed <= 5 && !deadlocked; seed++) {
            deadlocked = simulate(mixed, seed).deadlock() != null;
        }
        assertThat(deadlocked).as("a deadlock in one of 5 runs at full load").isTrue();
        String bubble = java.nio.file.Files.readString(java.nio.file.Path.of("specs/ring4-c1-theoretical-bubble-one-vct-link.yaml"))
            .replace("  - {kind: vct, channels: [\"3-d0+->0\"]}\n", "");
        Spec plain = spec(bubble);
        for (long seed = 1; seed <= 5; seed++) {
            flowproof.sim.SimResult r = simulate(plain, seed);
            assertThat(r.deadlock()).as("bubble everywhere, seed %d", seed).isNull();
            assertThat(r.drained()).isTrue();
        }
    }

    private static flowproof.sim.SimResult simulate(Spec spec, long seed) throws Exception {
        flowproof.sim.SimConfig cfg = flowproof.spec.SimulationReader.read(spec);
        cfg = cfg.withWorkload(cfg.workload().atLoad(1.0)).withRun(10000, 2000, seed).withCheck(true);
        return new flowproof.sim.Simulator(cfg).run(null);
    }

    static Stream<Arguments> badInput() {
        String head = "name: t\ntopology: {kind: ring, radix: [4]}\nvcs: 2\ncapacity: 1\n";
        return Stream.of(
            Arguments.of(head + "rule: []\n", "rule: expected a rule kind, a mapping, or a non-empty list of parts"),
            Arguments.of(head + "rule: [vct]\n", "rule[0]: expected a part"),
            Arguments.of(head + "rule: [{kind: critical-bubble}]\n", "rule[0].kind: expected vct, theoretical-bubble or"),
            Arguments.of(head + "rule: [{kind: vct, vcs: [2]}]\n", "rule[0].vcs[0]: expected a VC 0..1, found 2"),
            Arguments.of(head + "rule: [{kind: vct, channels: [\"0-x->9\"]}]\n", "rule[0].channels[0]: expected a channel of"),
            Arguments.of(head + "rule: [{kind: vct, vcs: [0]}]\n", "rule: expected a part for every queue"),
            Arguments.of(head + "rule: [{kind: vct}, {kind: theoretical-bubble}]\n",
                "rule[1]: expected a part that governs some queue"),
            Arguments.of(head + "rule: [{kind: vct, colour: red}]\n", "rule[0].colour: expected one of the fields"),
            Arguments.of(head.replace("vcs: 2", "vcs: 3") + "routing: minimal-adaptive\nrule: [{kind: vct}]\n",
                "rule: expected one rule kind with routing minimal-adaptive"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badInput")
    void badInputIsOneLine(String yaml, String message) {
        assertThatThrownBy(() -> spec(yaml)).hasMessageContaining(message)
            .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
