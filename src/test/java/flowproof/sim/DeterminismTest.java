package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A run is a function of its configuration and seed: same seed, same numbers; another seed, others. */
class DeterminismTest {

    /** Everything a run measured except wall-clock time. */
    record Numbers(double load, long cycles, long generationCycles, long created, long delivered, double offered,
                   double accepted, SimResult.Latency latency, boolean unstable, SimResult.Deadlock deadlock,
                   boolean drained, long drainCycles, long completion, double meanHops, List<Double> utilisation,
                   List<Double> seriesAccepted) {
        static Numbers of(SimResult r) {
            return new Numbers(r.load(), r.cycles(), r.generationCycles(), r.packetsCreated(), r.packetsDelivered(),
                r.offered(), r.accepted(), r.latency(), r.unstable(), r.deadlock(), r.drained(), r.drainCycles(),
                r.completion(), r.meanHops(), Arrays.stream(r.utilisation()).boxed().toList(),
                Arrays.stream(r.series().accepted()).boxed().toList());
        }
    }

    private static Numbers run(String spec, double load, long seed) {
        SimConfig cfg = DeadlockTest.spec(spec);
        cfg = cfg.withWorkload(cfg.workload().atLoad(load)).withRun(3000, 500, seed);
        return Numbers.of(new Simulator(cfg).run(null));
    }

    @Test
    void sameSeedSameNumbers() {
        for (String spec : List.of("torus8x8-dateline.yaml", "torus8x8-critical-bubble.yaml")) {
            Numbers a = run(spec, 0.4, 5);
            Numbers b = run(spec, 0.4, 5);
            assertThat(b).isEqualTo(a);
            assertThat(a.latency()).isNotNull();
            assertThat(a.created()).isPositive();
        }
        // a deadlock too: same cycle, same held queues
        Numbers a = run("torus8x8-vct-1vc.yaml", 0.8, 3);
        Numbers b = run("torus8x8-vct-1vc.yaml", 0.8, 3);
        assertThat(a.deadlock()).isNotNull();
        assertThat(b).isEqualTo(a);
    }

    @Test
    void differentSeedsDifferentNumbers() {
        Numbers a = run("torus8x8-dateline.yaml", 0.4, 5);
        Numbers b = run("torus8x8-dateline.yaml", 0.4, 6);
        assertThat(b.created()).isNotEqualTo(a.created());
        assertThat(b.offered()).isNotEqualTo(a.offered());
        assertThat(b.accepted()).isNotEqualTo(a.accepted());
        assertThat(b.latency().mean()).isNotEqualTo(a.latency().mean());
        assertThat(b.utilisation()).isNotEqualTo(a.utilisation());
    }

    @Test
    void theSeedOfTheSpecIsUsedWhenNoneIsGiven() {
        SimConfig cfg = DeadlockTest.spec("torus8x8-dateline.yaml");
        assertThat(cfg.seed()).isEqualTo(1);
        cfg = cfg.withRun(2000, 500, cfg.seed());
        assertThat(Numbers.of(new Simulator(cfg).run(null))).isEqualTo(Numbers.of(new Simulator(cfg).run(null)));
    }
}
