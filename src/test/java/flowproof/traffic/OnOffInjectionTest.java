package flowproof.traffic;

import static flowproof.traffic.Workloads.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.within;

import flowproof.ConfigurationException;
import flowproof.topology.Torus;
import org.junit.jupiter.api.Test;

/**
 * The on-off injection process ({@code injection: {process: on-off, ...}}, BookSim's
 * {@code on_off}): its mean rate is the load, its bursts last 1 / beta cycles, its third
 * parameter follows from the other two and the load, and impossible parameters are one line.
 */
class OnOffInjectionTest {

    private static final Torus TORUS_4X4 = Torus.torus(new int[] {4, 4}, true);

    @Test
    void theMeanRateIsTheLoadAndBurstsLastOneOverBetaCycles() {
        // 1-flit packets and a packet every cycle while on: runs of packets are the on periods.
        // alpha 0.05 and on-load 1 at load 0.2 make beta 0.05 x 0.8 / 0.2 = 0.2: runs of 5 cycles on average
        Workload w = read("{load: 0.2, packet-size: 1, injection: {process: on-off, alpha: 0.05, on-load: 1.0}}",
            TORUS_4X4);
        Workload.Generator g = w.start(7);
        long cycles = 200_000;
        long packets = 0;
        long runs = 0;
        for (int t = 0; t < 16; t++) {
            boolean before = false;
            for (long c = 0; c < cycles; c++) {
                boolean now = g.packets(t, c) == 1;
                packets += now ? 1 : 0;
                runs += now && !before ? 1 : 0;
                before = now;
            }
        }
        assertThat((double) packets / (16 * cycles)).isCloseTo(0.2, within(0.005));
        assertThat((double) packets / runs).isCloseTo(5.0, within(0.1));
        assertThat(g.offered(99)).isEqualTo(0.2);
        assertThat(w.describe()).contains("on-off 0.20 flits/node/cycle (on 1.00, alpha 0.05, beta 0.20)");
    }

    /** Variance over mean of the packets of one terminal in windows of {@code window} cycles. */
    private static double dispersion(Workload w, int window) {
        Workload.Generator g = w.start(3);
        int windows = 2000;
        double sum = 0;
        double squares = 0;
        for (int k = 0; k < windows; k++) {
            int n = 0;
            for (int c = 0; c < window; c++) {
                n += g.packets(5, (long) k * window + c);
            }
            sum += n;
            squares += (double) n * n;
        }
        double mean = sum / windows;
        return (squares / windows - mean * mean) / mean;
    }

    @Test
    void itIsBurstierThanBernoulliAtTheSameRate() {
        String common = "load: 0.3, packet-size: 4";
        double bernoulli = dispersion(read("{" + common + "}", TORUS_4X4), 200);
        double onOff = dispersion(read("{" + common + ", injection: {process: on-off, alpha: 0.01, beta: 0.01}}",
            TORUS_4X4), 200);
        // Bernoulli: variance/mean = 1 - p (about 0.93); on-off with bursts of 100 cycles: far above 1
        assertThat(bernoulli).isBetween(0.8, 1.1);
        assertThat(onOff).isGreaterThan(5);
    }

    @Test
    void atLoadDerivesTheMissingParameterAgainAndChecksIt() {
        Workload w = read("{load: 0.2, packet-size: 1, injection: {process: on-off, alpha: 0.1, beta: 0.1}}", TORUS_4X4);
        assertThat(w.describe()).contains("(on 0.40, alpha 0.10, beta 0.10)");
        assertThat(w.atLoad(0.4).describe()).contains("on-off 0.40 flits/node/cycle (on 0.80, alpha 0.10, beta 0.10)");
        ConfigurationException e = catchThrowableOfType(() -> w.atLoad(0.6), ConfigurationException.class);
        assertThat(e.getMessage()).startsWith("simulation.injection.on-load: expected a rate while on from the load (0.60)"
            + " to 1 flit per terminal per cycle (derived: load x (alpha + beta) / alpha), found 1.20");
    }

    private static String refused(String injection) {
        ConfigurationException e = catchThrowableOfType(() -> read("{load: 0.45, packet-size: 1, injection: "
            + injection + "}", TORUS_4X4), ConfigurationException.class);
        assertThat(e).as(injection).isNotNull();
        assertThat(e.getMessage()).doesNotContain("\n");
        return e.getMessage();
    }

    @Test
    void impossibleParametersAreOneLineNamingTheField() {
        assertThat(refused("{process: on-off, alpha: 0.1, beta: 0.1, on-load: 0.9}"))
            .startsWith("simulation.injection: expected exactly two of alpha, beta and on-load");
        assertThat(refused("{process: on-off, alpha: 0.1}"))
            .startsWith("simulation.injection: expected exactly two of alpha, beta and on-load");
        assertThat(refused("on-off")).startsWith("simulation.injection.alpha: expected two of alpha, beta and on-load");
        assertThat(refused("{process: on-off, alpha: 0.1, on-load: 0.4}"))
            .startsWith("simulation.injection.on-load: expected a rate while on from the load (0.45)");
        // beta 0.9 with on-load 0.5 at load 0.45: alpha = 0.9 x 0.45 / 0.05 = 8.1
        assertThat(refused("{process: on-off, beta: 0.9, on-load: 0.5}"))
            .startsWith("simulation.injection.alpha: expected a probability in (0, 1] of turning on per cycle (derived");
        assertThat(refused("{process: on-off, alpha: 1.5, beta: 0.1}"))
            .startsWith("simulation.injection.alpha: expected a number in (0, 1]");
        assertThat(refused("{process: on-off, alpha: 0.1, gamma: 0.1}")).contains("gamma");
    }
}
