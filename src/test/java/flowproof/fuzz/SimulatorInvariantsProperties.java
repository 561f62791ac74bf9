package flowproof.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every invariant of {@link Invariants} on generated scenarios over every network, rule and
 * scheme of the menu (real code: none may fail).
 */
class SimulatorInvariantsProperties {

    @Test
    void everyInvariantHoldsOnGeneratedScenarios() {
        qt().withExamples(400).withShrinkCycles(200).forAll(ScenarioGen.scenarios(120))
            .checkAssert(s -> assertThat(Invariants.check(s, Variants.NONE)).as("%s", s).isNull());
    }

    @Test
    @Tag("slow")
    void everyInvariantHoldsOnManyGeneratedScenarios() {
        qt().withExamples(2_000).withShrinkCycles(500).forAll(ScenarioGen.scenarios(400))
            .checkAssert(s -> assertThat(Invariants.check(s, Variants.NONE)).as("%s", s).isNull());
    }
}
