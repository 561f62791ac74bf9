package flowproof.fuzz;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

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
     * The invariants with the router options a BookSim user sets on top of generated scenarios:
     * iSLIP VC and switch allocators (1 or 2 iterations), {@code switch-hold: packet} and, with
     * 2 VCs, {@code input-speedup: 2}; each drawn off at the low end, so that shrinking turns
     * them off one by one and keeps only those a failure needs.
     */
    @Test
    void everyInvariantHoldsWithRouterOptions() {
        PropertyRun.assertInvariantsHold("SimulatorInvariantsProperties", withRouterOptions(120), 300, Variants.NONE);
    }

    @Test
    @Tag("slow")
    void everyInvariantHoldsWithRouterOptionsOnManyScenarios() {
        PropertyRun.assertInvariantsHold("SimulatorInvariantsProperties", withRouterOptions(400), 4_000, Variants.NONE);
    }

    /** Generated scenarios of at most {@code maxPackets} packets with router options drawn on top. */
    private static Gen<Scenario> withRouterOptions(int maxPackets) {
        return ScenarioGen.scenarios(maxPackets).zip(Generate.range(0, 255).zip(Generate.range(0, 1),
            (bits, iterations) -> bits + 256 * iterations), SimulatorInvariantsProperties::withRouterOptions);
    }

    /** The schemes whose engine is not the VC router simulator (flowproof.throttle.InputQueued). */
    private static final List<String> INPUT_QUEUED = List.of("fbicm", "recn-iq", "voq-switch", "voq-net",
        "single-queue");

    /**
     * {@code s} with the router options of {@code draw}: bits 1 VC iSLIP, 2 switch iSLIP, 4
     * switch hold, 8 input speedup, 16 (wormhole) a VC released when the tail leaves, 32
     * BookSim's four stages of a cycle each with the front's route timing and a cycle more on
     * the injection and ejection channels, 64 two ejection VCs, 128 (wormhole, VC released
     * when drained) ejection VCs freed by the terminal's credit, 256 two iterations.
     */
    static Scenario withRouterOptions(Scenario s, int draw) {
        ObjectNode spec = s.spec().deepCopy();
        ObjectNode sim = (ObjectNode) spec.get("simulation");
        if (INPUT_QUEUED.contains(sim.path("control").path("kind").asText())) {
            // their engine has input-port queues, not a VC router: it refuses router options
            return s;
        }
        boolean vcIslip = (draw & 1) != 0;
        boolean swIslip = (draw & 2) != 0;
        if (vcIslip) {
            sim.put("vc-allocator", "islip");
        }
        if (swIslip) {
            // iSLIP's arbiters rotate: oldest-first goes with the separable allocator only
            sim.put("switch-allocator", "islip");
            sim.put("arbiter", "round-robin");
        }
        if ((draw & 16) != 0 && sim.path("switching").asText().equals("wormhole")) {
            sim.put("vc-release", "tail");
        }
        if ((draw & 32) != 0) {
            sim.remove("pipeline");
            sim.set("stages", ScenarioGenerator.parse("{\"routing\":1,\"vc-allocation\":1,\"switch-allocation\":1,"
                + "\"traversal\":1}"));
            sim.put("route-timing", "front");
            sim.put("injection-latency", 1);
            sim.put("ejection-latency", 1);
        }
        if ((draw & 64) != 0) {
            sim.put("ejection-vcs", 2);
        }
        if ((draw & 128) != 0 && sim.path("switching").asText().equals("wormhole") && (draw & 16) == 0) {
            sim.put("ejection-release", "credit");
        }
        if ((vcIslip || swIslip) && (draw & 256) != 0) {
            sim.put("allocator-iterations", 2);
        }
        if ((draw & 4) != 0) {
            sim.put("switch-hold", "packet");
        }
        if ((draw & 8) != 0 && spec.path("vcs").asInt() >= 2) {
            sim.put("input-speedup", 2);
        }
        return new Scenario(spec, s.deadlockFree(), s.variant());
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
