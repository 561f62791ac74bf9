package flowproof.fuzz;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every invariant of {@link Invariants} on generated scenarios over every network, rule and
 * scheme of the menu (real code: none may fail). A failure is reported shrunk, with its seed,
 * file and replay commands ({@link PropertyRun}).
 */
class SimulatorInvariantsProperties {

    @Test
    void everyInvariantHoldsOnGeneratedScenarios() {
        PropertyRun.assertInvariantsHold("SimulatorInvariantsProperties", ScenarioGen.scenarios(120), 400,
            Variants.NONE);
    }

    @Test
    @Tag("slow")
    void everyInvariantHoldsOnManyGeneratedScenarios() {
        PropertyRun.assertInvariantsHold("SimulatorInvariantsProperties", ScenarioGen.scenarios(400), 4_000,
            Variants.NONE);
    }
}
