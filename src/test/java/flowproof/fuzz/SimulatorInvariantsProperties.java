package flowproof.fuzz;

import java.util.List;
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

    /**
     * FBICM alone on BMINs (its CFQs and CAM lines checked every cycle, see
     * {@code Invariants.checkFbicm}): the default menu reaches it on one BMIN in four schemes.
     */
    @Test
    void fbicmInvariantsHoldOnGeneratedScenarios() {
        List<ScenarioGenerator.Net> menu = List.of(
            new ScenarioGenerator.Net("{\"kind\":\"bmin\",\"radix\":2,\"stages\":3}", "turnaround", 1,
                "{\"kind\":\"vct\"}", ScenarioGenerator.Safety.ALWAYS, List.of("fbicm")),
            new ScenarioGenerator.Net("{\"kind\":\"bmin\",\"radix\":2,\"stages\":4}", "turnaround", 1,
                "{\"kind\":\"vct\"}", ScenarioGenerator.Safety.ALWAYS, List.of("fbicm")));
        PropertyRun.assertInvariantsHold("SimulatorInvariantsProperties", ScenarioGen.scenarios(menu, 200, null), 300,
            Variants.NONE);
    }

    /**
     * RECN-IQ alone on BMINs: the same CAM-line invariants (its SAQs hold only packets whose route
     * crosses their line's congested point, per-flow order, at most c SAQs per port).
     */
    @Test
    void recnInvariantsHoldOnGeneratedScenarios() {
        List<ScenarioGenerator.Net> menu = List.of(
            new ScenarioGenerator.Net("{\"kind\":\"bmin\",\"radix\":2,\"stages\":3}", "turnaround", 1,
                "{\"kind\":\"vct\"}", ScenarioGenerator.Safety.ALWAYS, List.of("recn-iq")),
            new ScenarioGenerator.Net("{\"kind\":\"bmin\",\"radix\":4,\"stages\":2}", "turnaround", 1,
                "{\"kind\":\"vct\"}", ScenarioGenerator.Safety.ALWAYS, List.of("recn-iq")));
        PropertyRun.assertInvariantsHold("SimulatorInvariantsProperties", ScenarioGen.scenarios(menu, 200, null), 300,
            Variants.NONE);
    }

    @Test
    @Tag("slow")
    void everyInvariantHoldsOnManyGeneratedScenarios() {
        PropertyRun.assertInvariantsHold("SimulatorInvariantsProperties", ScenarioGen.scenarios(400), 4_000,
            Variants.NONE);
    }
}
