package flowproof.sim.queues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import flowproof.sim.Engine;
import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;
import org.quicktheories.generators.SourceDSL;

/**
 * Conservation and the engine's invariants on random small configurations of every input
 * organisation. Every run is in check mode: the engine throws
 * {@link flowproof.sim.SimulationError} when a packet is delivered twice, to the wrong
 * terminal or out of its flow's order, when a port's credits + packets on the link + RAM
 * held + credits returning differ from its capacity, when a port holds more than its RAM,
 * when a CFQ holds a packet its CAM line does not list or a port has more than c CFQs, and
 * when packets are lost. On top of that every run must drain without deadlock, and a
 * stable run must deliver every packet it created.
 */
class QueueEnginePropertiesTest {

    record Case(String yaml) {
        @Override
        public String toString() {
            return "\n" + yaml;
        }
    }

    private static Gen<Case> cases() {
        Gen<int[]> shape = Generate.pick(java.util.List.of(new int[] {2, 1}, new int[] {2, 2}, new int[] {2, 3},
            new int[] {4, 1}, new int[] {4, 2}, new int[] {3, 2}));
        Gen<String> scheme = Generate.pick(java.util.List.of("single-queue", "voq-switch", "voq-net", "fbicm"));
        Gen<Integer> size = SourceDSL.integers().between(1, 8);
        Gen<Integer> packets = SourceDSL.integers().between(2, 24);
        Gen<Integer> load = SourceDSL.integers().between(5, 100);
        Gen<Integer> seed = SourceDSL.integers().between(1, 1_000_000);
        Gen<Boolean> hot = SourceDSL.booleans().all();
        Gen<int[]> timing = SourceDSL.integers().between(1, 4).zip(SourceDSL.integers().between(1, 2),
            (p, l) -> new int[] {p, l});
        return shape.zip(scheme, size, packets, (sh, sc, sz, pk) -> new Object[] {sh, sc, sz, pk})
            .zip(load, seed, hot, timing, (a, ld, sd, h, tm) -> build((int[]) a[0], (String) a[1], (Integer) a[2],
                (Integer) a[3], ld, sd, h, tm));
    }

    private static Case build(int[] shape, String scheme, int size, int packets, int load, int seed, boolean hot,
                              int[] timing) {
        int terminals = (int) Math.pow(shape[0], shape[1]);
        // a few thresholds drawn from the seed, within their ranges
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        int memory = packets * size;
        String control = switch (scheme) {
            case "fbicm" -> {
                int cfqs = 1 + r.nextInt(Math.min(8, packets - 1));
                int stop = 1 + r.nextInt(packets - 1);
                yield String.format(Locale.ROOT, "{kind: fbicm, cfqs: %d, detection: %d, stop: %d, go: %d}", cfqs,
                    r.nextInt(packets), stop, r.nextInt(stop));
            }
            case "voq-net" -> "{kind: voq-net, memory: " + Math.max(memory, terminals * size) + "}";
            case "voq-switch" -> "{kind: voq-switch, memory: " + Math.max(memory, 2 * shape[0] * size) + "}";
            default -> "single-queue";
        };
        String traffic = hot && terminals > 2
            ? "{pattern: hot-spot, node: " + r.nextInt(terminals) + ", fraction: 0.5, choose: random}" : "uniform";
        String sim = String.format(Locale.ROOT, """
            switching: vct
            arbiter: oldest-first
            buffer: %d
            packet-size: %d
            pipeline: %d
            link-latency: %d
            traffic: %s
            load: %.2f
            cycles: 1500
            warmup: 300
            seed: %d
            deadlock-cycles: 3000
            control: %s
            """, memory, size, timing[0], timing[1], traffic, load / 100.0, seed, control);
        return new Case(QueueSpecs.bmin(shape[0], shape[1], sim));
    }

    @Test
    void everyOrganisationConservesPacketsAndKeepsItsInvariants() {
        qt().withExamples(200).withShrinkCycles(20).forAll(cases()).checkAssert(c -> {
            SimConfig cfg = QueueSpecs.parse(c.yaml()).withCheck(true);
            SimResult r = Engine.of(cfg).run(null);
            assertThat(r.deadlock()).as("deadlock").isNull();
            assertThat(r.drained()).as("drained").isTrue();
            assertThat(r.checked()).isTrue();
            if (!r.unstable()) {
                assertThat(r.packetsDelivered()).isEqualTo(r.packetsCreated());
            }
            assertThat(r.packetsDelivered()).isPositive();
        });
    }
}
