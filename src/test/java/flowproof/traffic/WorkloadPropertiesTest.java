package flowproof.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import flowproof.ConfigurationException;
import flowproof.topology.Butterfly;
import flowproof.topology.Dragonfly;
import flowproof.topology.FlattenedButterfly;
import flowproof.topology.Topology;
import flowproof.topology.Torus;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/** Generated topologies, patterns, seeds and loads: what holds for every workload. */
class WorkloadPropertiesTest {

    private static final List<String> PATTERNS = List.of("uniform", "transpose", "bit-complement", "bit-reverse",
        "shuffle", "bit-rotation", "tornado", "neighbor", "neighbor-all", "adversarial", "random-permutation",
        "hot-spot");
    /** Patterns that give every source one fixed destination for a whole run. */
    private static final List<String> PERMUTATIONS = List.of("transpose", "bit-complement", "bit-reverse", "shuffle",
        "bit-rotation", "tornado", "neighbor", "neighbor-all", "adversarial", "random-permutation");

    /** Rings, tori and meshes, flats with concentration, butterflies and dragonflies, all small. */
    static Gen<Topology> topologies() {
        Gen<Topology> rings = Generate.range(2, 16).map(k -> Torus.torus(new int[] {k}, true));
        Gen<Topology> tori = Generate.range(2, 6).zip(Generate.range(2, 6), Generate.booleans(),
            (a, b, wrap) -> wrap ? Torus.torus(new int[] {a, b}, true) : Torus.mesh(new int[] {a, b}));
        Gen<Topology> flats = Generate.range(2, 4).zip(Generate.range(1, 2), Generate.range(1, 4),
            (k, n, c) -> new FlattenedButterfly(k, n, c));
        Gen<Topology> flies = Generate.range(1, 4).map(n -> new Butterfly(2, n));
        Gen<Topology> dragonflies = Generate.range(1, 3).zip(Generate.range(1, 2), Generate.range(1, 3),
            (a, h, p) -> new Dragonfly(a, h, p));
        return Generate.oneOf(rings, tori, flats, flies, dragonflies).describedAs(Topology::describe);
    }

    /** The workload, or null when the pattern does not apply to the topology (which must then be a bit pattern's count). */
    private static Workload readOrNull(String simulation, Topology t, String pattern) {
        try {
            return Workloads.read(simulation, t);
        } catch (ConfigurationException e) {
            assertThat(pattern).isIn("transpose", "bit-complement", "bit-reverse", "shuffle", "bit-rotation");
            assertThat(e.field()).isEqualTo("simulation.traffic");
            return null;
        }
    }

    @Test
    void everyDestinationIsAnotherTerminalOrNone() {
        qt().withExamples(300).forAll(topologies(), Generate.pick(PATTERNS), Generate.longRange(0, Long.MAX_VALUE))
            .checkAssert((t, pattern, seed) -> {
                Workload w = readOrNull("traffic: " + pattern, t, pattern);
                if (w == null) {
                    return;
                }
                int n = t.endpoints().length * t.concentration();
                assertThat(w.terminals()).isEqualTo(n);
                Workload.Generator g = w.start(seed);
                for (int c = 0; c < 5; c++) {
                    for (int s = 0; s < n; s++) {
                        assertThat(g.destination(s, c)).isBetween(-1, n - 1).isNotEqualTo(s);
                    }
                }
            });
    }

    @Test
    void permutationsSendNoTwoSourcesToOneDestination() {
        qt().withExamples(300).forAll(topologies(), Generate.pick(PERMUTATIONS), Generate.longRange(0, Long.MAX_VALUE))
            .checkAssert((t, pattern, seed) -> {
                Workload w = readOrNull("traffic: " + pattern, t, pattern);
                if (w == null) {
                    return;
                }
                int[] d = Workloads.destinations(w, seed, 0);
                assertThat(Arrays.stream(d).filter(x -> x >= 0).toArray()).doesNotHaveDuplicates();
                assertThat(Workloads.destinations(w, seed, 1000)).containsExactly(d);
            });
    }

    @Test
    void hotSpotSendsTheRoundedFractionOfTheOtherSourcesToTheNode() {
        qt().withExamples(200).forAll(topologies(), Generate.range(1, 100), Generate.range(0, 1 << 20),
            Generate.booleans()).checkAssert((t, percent, nodeSeed, random) -> {
                int n = t.endpoints().length * t.concentration();
                if (n < 2) {
                    return;
                }
                int node = nodeSeed % n;
                Workload w = Workloads.read("traffic: {pattern: hot-spot, node: " + node + ", fraction: " + percent / 100.0
                    + ", choose: " + (random ? "random" : "lowest") + ", background: none}", t);
                int[] d = Workloads.destinations(w, nodeSeed, 0);
                long expected = Math.max(1, Math.round(percent / 100.0 * (n - 1)));
                assertThat(Arrays.stream(d).filter(x -> x == node).count()).isEqualTo(expected);
                assertThat(Arrays.stream(d).filter(x -> x != node && x != -1).count()).isZero();
                assertThat(d[node]).isEqualTo(-1);
            });
    }

    @Test
    void mixWithinKeepsEveryDestinationInsideItsSet() {
        qt().withExamples(200).forAll(topologies(), Generate.range(0, 1 << 20), Generate.pick(List.of("uniform",
            "tornado", "neighbor", "adversarial", "random-permutation", "hot-spot")))
            .checkAssert((t, split, pattern) -> {
                int n = t.endpoints().length * t.concentration();
                if (n < 4) {
                    return;
                }
                int cut = 2 + split % (n - 3);
                Workload w = Workloads.read("traffic: {mix: [{terminals: \"0-" + (cut - 1) + "\", pattern: " + pattern
                    + ", within: true}, {terminals: \"" + cut + "-" + (n - 1) + "\", pattern: uniform, within: true}]}", t);
                Workload.Generator g = w.start(split);
                for (int c = 0; c < 5; c++) {
                    for (int s = 0; s < n; s++) {
                        int d = g.destination(s, c);
                        if (d >= 0) {
                            assertThat(d < cut).as("%d -> %d, cut %d", s, d, cut).isEqualTo(s < cut);
                        }
                    }
                }
            });
    }

    @Test
    void bernoulliRunsRepeatUnderTheirSeed() {
        qt().withExamples(50).forAll(topologies(), Generate.range(1, 100), Generate.longRange(0, Long.MAX_VALUE))
            .checkAssert((t, percent, seed) -> {
                Workload w = Workloads.read("{load: " + percent / 100.0 + ", packet-size: {sizes: [1, 5]}}", t);
                Workload.Generator a = w.start(seed);
                Workload.Generator b = w.start(seed);
                for (int c = 0; c < 200; c++) {
                    for (int s = 0; s < w.terminals(); s++) {
                        int p = a.packets(s, c);
                        assertThat(b.packets(s, c)).isEqualTo(p);
                        for (int k = 0; k < p; k++) {
                            assertThat(b.destination(s, c)).isEqualTo(a.destination(s, c));
                            assertThat(b.size(s)).isEqualTo(a.size(s));
                        }
                    }
                }
            });
    }
}
