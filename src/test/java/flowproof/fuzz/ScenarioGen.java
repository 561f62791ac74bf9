package flowproof.fuzz;

import java.util.List;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * QuickTheories generators of {@link Scenario}s: the main code's {@link ScenarioGenerator}
 * drawing every choice from QuickTheories, so its shrinking (which moves each draw toward the
 * low end of its range) moves toward smaller networks, fewer packets, earlier cycles, plainer
 * patterns and no scheme. Reused by {@code flowproof fuzz} through the same generator.
 */
final class ScenarioGen {

    private ScenarioGen() {
    }

    /** Scenarios over {@code menu} with at most {@code maxPackets} packets, with {@code variant} (null: real code). */
    static Gen<Scenario> scenarios(List<ScenarioGenerator.Net> menu, int maxPackets, String variant) {
        ScenarioGenerator g = new ScenarioGenerator(menu, maxPackets);
        return in -> {
            Scenario s = g.generate((lo, hi) -> Generate.range(lo, hi).generate(in));
            return new Scenario(s.spec(), s.deadlockFree(), variant);
        };
    }

    /** Scenarios over the whole default menu. */
    static Gen<Scenario> scenarios(int maxPackets) {
        return scenarios(ScenarioGenerator.MENU, maxPackets, null);
    }
}
