package flowproof.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import flowproof.check.Flowproof;
import flowproof.fuzz.Scenario;
import flowproof.fuzz.ScenarioGenerator;
import flowproof.spec.Spec;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The generators drive a user's spec through the simulator with every invariant checked. */
class TrafficScriptsTest {

    @Test
    void scenariosOnASpecKeepItsNetworkAndRuleAndBreakNoInvariant() throws Exception {
        Spec spec = Flowproof.read(Path.of("specs/r4-ring4-c2-localized-bubble.yaml"));
        qt().withExamples(40).withFixedSeed(7).forAll(TrafficScripts.on(spec, ScenarioGenerator.Safety.NONE, 8))
            .checkAssert(s -> {
                assertThat(s.spec().get("rule").get("kind").asText()).isEqualTo("localized-bubble");
                assertThat(s.spec().get("topology")).isEqualTo(spec.tree().get("topology"));
                assertThat(s.packets()).hasSizeLessThanOrEqualTo(8);
                assertThat(TrafficScripts.violation(s)).isEmpty();
            });
    }

    @Test
    void aFailingPropertyShrinksTowardTheSmallestScenario() {
        // a property that fails on any scenario with 3 packets or more: QuickTheories must shrink to exactly 3
        Scenario[] smallest = new Scenario[1];
        try {
            qt().withExamples(50).withFixedSeed(3).forAll(TrafficScripts.builtIn(10)).checkAssert(s -> {
                if (s.packets().size() >= 3) {
                    if (smallest[0] == null || s.weight() < smallest[0].weight()) {
                        smallest[0] = s;
                    }
                    throw new AssertionError("three packets");
                }
            });
        } catch (AssertionError expected) {
            assertThat(expected.getMessage()).contains("Property falsified").contains("3 packets");
        }
        assertThat(smallest[0]).isNotNull();
        assertThat(smallest[0].packets()).hasSize(3);
    }
}
