package flowproof.traffic;

import static flowproof.traffic.Workloads.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.within;

import flowproof.ConfigurationException;
import flowproof.topology.FlattenedButterfly;
import flowproof.topology.Torus;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Injection processes, packet sizes, seeds and descriptions. */
class InjectionTest {

    private static final Torus TORUS_4X4 = Torus.torus(new int[] {4, 4}, true);
    private static final Torus RING_16 = Torus.torus(new int[] {16}, true);

    /** Packets created by every terminal in cycles [from, to). */
    private static long packets(Workload.Generator g, int terminals, long from, long to) {
        long n = 0;
        for (long c = from; c < to; c++) {
            for (int t = 0; t < terminals; t++) {
                n += g.packets(t, c);
            }
        }
        return n;
    }

    @Test
    void bernoulliRateOverOneHundredThousandCyclesIsWithinTwoPercentOfLoadOverPacketSize() {
        Workload w = read("{load: 0.3, packet-size: 8}", TORUS_4X4);
        long cycles = 100_000;
        double measured = (double) packets(w.start(42), 16, 0, cycles) / (16 * cycles);
        assertThat(measured).isCloseTo(0.3 / 8, within(0.02 * 0.3 / 8));
        assertThat(w.start(42).offered(12345)).isEqualTo(0.3);
        assertThat(w.start(42).lastGeneration()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void defaultsAreUniformBernoulliAtOneTenthWithEightFlitPackets() {
        Workload w = WorkloadReader.read(null, TORUS_4X4);
        assertThat(w.terminals()).isEqualTo(16);
        assertThat(w.describe()).isEqualTo("uniform, bernoulli 0.10 flits/node/cycle, 8-flit packets");
        assertThat(w.maxPacketSize()).isEqualTo(8);
        assertThat(w.meanPacketSize()).isEqualTo(8.0);
        assertThat(w.takesLoad()).isTrue();
    }

    @Test
    void atLoadChangesTheBernoulliRate() {
        Workload w = read("{traffic: uniform}", TORUS_4X4).atLoad(0.3);
        assertThat(w.describe()).isEqualTo("uniform, bernoulli 0.30 flits/node/cycle, 8-flit packets");
        assertThat(w.start(1).offered(0)).isEqualTo(0.3);
    }

    @Test
    void rampRisesLinearlyThenStaysAtItsTopRate() {
        Workload w = read("{injection: {process: ramp, from: 0.0, to: 0.4, cycles: 100000}, packet-size: 4}",
            TORUS_4X4);
        Workload.Generator g = w.start(9);
        assertThat(g.offered(0)).isEqualTo(0.0);
        assertThat(g.offered(50_000)).isCloseTo(0.2, within(1e-12));
        assertThat(g.offered(100_000)).isEqualTo(0.4);
        assertThat(g.offered(5_000_000)).isEqualTo(0.4);
        // Cycles 40,000..60,000 average 0.2 flits/terminal/cycle: 0.05 packets.
        packets(g, 16, 0, 40_000);
        double mid = (double) packets(g, 16, 40_000, 60_000) / (16 * 20_000);
        assertThat(mid).isCloseTo(0.2 / 4, within(0.03 * 0.2 / 4));
        double top = (double) packets(g, 16, 100_000, 120_000) / (16 * 20_000);
        assertThat(top).isCloseTo(0.4 / 4, within(0.03 * 0.4 / 4));
        assertThat(w.describe()).isEqualTo("uniform, ramp 0.00 to 0.40 flits/node/cycle over 100000 cycles, 4-flit packets");
    }

    @Test
    void rampTopRateDefaultsToTheLoadAndAtLoadSetsIt() {
        Workload w = read("{injection: {process: ramp, cycles: 1000}, load: 0.275}", TORUS_4X4);
        assertThat(w.start(1).offered(1000)).isEqualTo(0.275);
        assertThat(w.atLoad(0.5).start(1).offered(1000)).isEqualTo(0.5);
        assertThat(w.atLoad(0.5).start(1).offered(500)).isEqualTo(0.25);
    }

    @Test
    void burstyPhasesAlternateAndTheHighPhaseCyclesThroughItsPatterns() {
        Workload w = read("""
            packet-size: 16
            injection:
              process: bursty
              phases:
                - {cycles: 1500, packets-every: 1500, traffic: uniform}
                - {cycles: 500, packets-every: 15, traffic: [bit-complement, bit-reverse]}
            """, RING_16);
        assertThat(w.takesLoad()).isFalse();
        Workload.Generator g = w.start(3);
        assertThat(g.offered(0)).isEqualTo(16.0 / 1500);
        assertThat(g.offered(1499)).isEqualTo(16.0 / 1500);
        assertThat(g.offered(1500)).isEqualTo(16.0 / 15);
        assertThat(g.offered(1999)).isEqualTo(16.0 / 15);
        assertThat(g.offered(2000)).isEqualTo(16.0 / 1500);
        // Burst 0 complements, burst 1 reverses bits, burst 2 complements again.
        assertThat(g.destination(1, 1500)).isEqualTo(14);
        assertThat(g.destination(1, 3500)).isEqualTo(8);
        assertThat(g.destination(1, 5500)).isEqualTo(14);
        // Measured packet probabilities per phase.
        Workload.Generator h = w.start(4);
        long low = 0;
        long high = 0;
        for (int period = 0; period < 40; period++) {
            low += packets(h, 16, period * 2000L, period * 2000L + 1500);
            high += packets(h, 16, period * 2000L + 1500, period * 2000L + 2000);
        }
        assertThat((double) low / (40 * 16 * 1500)).isCloseTo(1.0 / 1500, within(0.15 / 1500));
        assertThat((double) high / (40 * 16 * 500)).isCloseTo(1.0 / 15, within(0.03 / 15));
        assertThat(w.describe()).isEqualTo("bursty: 1500 cycles uniform at one packet every 1500 cycles, then 500 cycles"
            + " [bit-complement | bit-reverse] (one per burst) at one packet every 15 cycles, 16-flit packets");
    }

    @Test
    void burstyPhaseWithoutTrafficUsesTheSimulationTraffic() {
        Workload w = read("""
            traffic: bit-complement
            injection: {process: bursty, phases: [{cycles: 10, load: 0.5}, {cycles: 10, load: 0.0, traffic: neighbor}]}
            """, RING_16);
        Workload.Generator g = w.start(1);
        assertThat(g.destination(3, 5)).isEqualTo(12);
        assertThat(g.destination(3, 15)).isEqualTo(4);
        assertThat(g.offered(15)).isEqualTo(0.0);
        assertThat(packets(g, 16, 10, 20)).isZero();
    }

    @Test
    void collectiveCreatesExactlyNPacketsPerTerminalAtCycleZeroAndNothingAfter() {
        Workload w = read("{injection: {process: collective, packets: 10}}", TORUS_4X4);
        assertThat(w.takesLoad()).isFalse();
        Workload.Generator g = w.start(5);
        for (int t = 0; t < 16; t++) {
            assertThat(g.packets(t, 0)).isEqualTo(10);
        }
        assertThat(packets(g, 16, 1, 10_000)).isZero();
        assertThat(g.lastGeneration()).isZero();
        assertThat(g.offered(0)).isEqualTo(80.0);
        assertThat(g.offered(1)).isEqualTo(0.0);
        assertThat(w.describe()).isEqualTo("uniform, collective 10 packets per terminal at cycle 0, 8-flit packets");
    }

    @Test
    void atLoadOnBurstyOrCollectiveIsAnErrorNamingLoad() {
        Workload w = read("{injection: {process: collective, packets: 1}}", TORUS_4X4);
        ConfigurationException e = catchThrowableOfType(ConfigurationException.class, () -> w.atLoad(0.5));
        assertThat(e.field()).isEqualTo("load");
        Workload b = read("{load: 0.2}", TORUS_4X4);
        assertThat(catchThrowableOfType(ConfigurationException.class, () -> b.atLoad(0)).field()).isEqualTo("load");
        assertThat(catchThrowableOfType(ConfigurationException.class, () -> b.atLoad(1.5)).field()).isEqualTo("load");
    }

    @Test
    void variablePacketSizesAreDrawnWithTheirWeights() {
        Workload w = read("{packet-size: {sizes: [4, 16], weights: [0.75, 0.25]}}", TORUS_4X4);
        assertThat(w.maxPacketSize()).isEqualTo(16);
        assertThat(w.meanPacketSize()).isEqualTo(7.0);
        Workload.Generator g = w.start(8);
        int small = 0;
        int n = 40_000;
        for (int i = 0; i < n; i++) {
            int s = g.size(i % 16);
            assertThat(s).isIn(4, 16);
            small += s == 4 ? 1 : 0;
        }
        assertThat((double) small / n).isCloseTo(0.75, within(0.01));
        assertThat(w.describe()).endsWith("4- or 16-flit packets (mean 7.00)");
    }

    /** Every event of a run: packets, destinations and sizes of each terminal, terminals asked in the given order. */
    private static List<Integer> trace(Workload w, long seed, int cycles, boolean reverse) {
        Workload.Generator g = w.start(seed);
        int n = w.terminals();
        List<List<Integer>> perTerminal = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            perTerminal.add(new ArrayList<>());
        }
        for (int c = 0; c < cycles; c++) {
            for (int i = 0; i < n; i++) {
                int t = reverse ? n - 1 - i : i;
                int p = g.packets(t, c);
                for (int k = 0; k < p; k++) {
                    perTerminal.get(t).add(c);
                    perTerminal.get(t).add(g.destination(t, c));
                    perTerminal.get(t).add(g.size(t));
                }
            }
        }
        List<Integer> all = new ArrayList<>();
        perTerminal.forEach(all::addAll);
        return all;
    }

    @Test
    void theSameSeedGivesTheSameRunWhateverTheOrderTerminalsAreAskedIn() {
        Workload w = read("{load: 0.5, packet-size: {sizes: [1, 8]}}", new FlattenedButterfly(4, 1, 2));
        List<Integer> a = trace(w, 77, 2000, false);
        assertThat(a).isNotEmpty();
        assertThat(trace(w, 77, 2000, false)).isEqualTo(a);
        assertThat(trace(w, 77, 2000, true)).isEqualTo(a);
        assertThat(trace(w, 78, 2000, false)).isNotEqualTo(a);
    }

    @Test
    void injectionTimesOfASeedDoNotDependOnThePattern() {
        Workload uniform = read("{load: 0.4}", TORUS_4X4);
        Workload transpose = read("{load: 0.4, traffic: transpose}", TORUS_4X4);
        Workload.Generator a = uniform.start(5);
        Workload.Generator b = transpose.start(5);
        for (int c = 0; c < 3000; c++) {
            for (int t = 0; t < 16; t++) {
                int p = a.packets(t, c);
                assertThat(b.packets(t, c)).isEqualTo(p);
                if (p > 0) {
                    a.destination(t, c);
                    b.destination(t, c);
                }
            }
        }
    }
}
