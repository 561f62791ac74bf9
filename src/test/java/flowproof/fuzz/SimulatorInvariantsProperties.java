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
     * {@code Invariants.checkFbicm}): the default menu reaches it on one BMIN in five schemes.
     */
    @Test
    void fbicmInvariantsHoldOnGeneratedScenarios() {
        holdOnBmins("fbicm", "{\"kind\":\"bmin\",\"radix\":2,\"stages\":4}");
    }

    /**
     * RECN-IQ alone on BMINs: the same CAM-line invariants (its SAQs hold only packets whose route
     * crosses their line's congested point, per-flow order, at most c SAQs per port).
     */
    @Test
    void recnInvariantsHoldOnGeneratedScenarios() {
        holdOnBmins("recn-iq", "{\"kind\":\"bmin\",\"radix\":4,\"stages\":2}");
    }

    /** The invariants on 200 scenarios of one scheme over the 8-terminal BMIN of radix 2 and {@code other}. */
    private static void holdOnBmins(String scheme, String other) {
        List<ScenarioGenerator.Net> menu = List.of(
            new ScenarioGenerator.Net("{\"kind\":\"bmin\",\"radix\":2,\"stages\":3}", "turnaround", 1,
                "{\"kind\":\"vct\"}", ScenarioGenerator.Safety.ALWAYS, List.of(scheme)),
            new ScenarioGenerator.Net(other, "turnaround", 1, "{\"kind\":\"vct\"}", ScenarioGenerator.Safety.ALWAYS,
                List.of(scheme)));
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
