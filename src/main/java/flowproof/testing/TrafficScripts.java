package flowproof.testing;

import com.fasterxml.jackson.databind.JsonNode;
import flowproof.fuzz.Invariants;
import flowproof.fuzz.Scenario;
import flowproof.fuzz.ScenarioGenerator;
import flowproof.fuzz.Variants;
import flowproof.fuzz.Violation;
import flowproof.spec.Spec;
import java.util.List;
import java.util.Optional;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * QuickTheories generators of simulator scenarios (a network, a rule, router settings and a
 * script of packets: source, destination, size, cycle), and the check of every simulator
 * invariant on one, as {@code flowproof fuzz} runs them, for users' own property tests:
 *
 * <pre>{@code
 * qt().withExamples(200).forAll(TrafficScripts.on(spec, Safety.VCT, 12))
 *     .checkAssert(s -> assertThat(TrafficScripts.violation(s)).isEmpty());
 * }</pre>
 *
 * Every choice is drawn from QuickTheories' {@code Generate.range}, so shrinking moves a
 * failing scenario toward fewer packets, earlier cycles, smaller buffers and plainer
 * patterns.
 */
public final class TrafficScripts {

    private TrafficScripts() {
    }

    /**
     * Scenarios on a spec's network, routing, VCs and rule (a plugin rule included); buffer
     * sizes, pipeline depth, arbitration, switching and the packet script vary.
     *
     * @param spec       the spec whose network and rule to drive
     * @param claim      when the network must drain after the script ends: {@code ALWAYS},
     *                   under virtual cut-through ({@code VCT}, {@code VCT_TWO_SLOTS}), or never ({@code NONE})
     * @param maxPackets most packets per scenario
     * @return the generator
     */
    public static Gen<Scenario> on(Spec spec, ScenarioGenerator.Safety claim, int maxPackets) {
        JsonNode t = spec.tree();
        JsonNode routing = t.get("routing");
        String routingKind = routing == null ? null : routing.isTextual() ? routing.asText()
            : routing.path("kind").asText(null);
        JsonNode rule = t.get("rule");
        String ruleJson = rule.isTextual() ? "{\"kind\":\"" + rule.asText() + "\"}" : rule.toString();
        ScenarioGenerator.Net net = new ScenarioGenerator.Net(t.get("topology").toString(), routingKind,
            t.path("vcs").asInt(1), ruleJson, claim, List.of());
        return over(List.of(net), maxPackets);
    }

    /**
     * Scenarios over flowproof's own menu of networks and rules (rings, tori, meshes, a
     * flattened butterfly, a BMIN; every built-in rule and scheme).
     *
     * @param maxPackets most packets per scenario
     * @return the generator
     */
    public static Gen<Scenario> builtIn(int maxPackets) {
        return over(ScenarioGenerator.MENU, maxPackets);
    }

    /**
     * Scenarios over a menu of networks.
     *
     * @param menu       the networks, rules and schemes to draw from
     * @param maxPackets most packets per scenario
     * @return the generator
     */
    public static Gen<Scenario> over(List<ScenarioGenerator.Net> menu, int maxPackets) {
        ScenarioGenerator g = new ScenarioGenerator(menu, maxPackets);
        return in -> g.generate((lo, hi) -> Generate.range(lo, hi).generate(in));
    }

    /**
     * Runs a scenario with every simulator invariant checked on every cycle (conservation,
     * flit order, credits, the rule's admission, the scheme's invariants, drain when claimed,
     * no starvation of a lone packet).
     *
     * @param s a scenario
     * @return the first invariant broken, or empty
     */
    public static Optional<Violation> violation(Scenario s) {
        return Optional.ofNullable(Invariants.check(s, Variants.NONE));
    }
}
