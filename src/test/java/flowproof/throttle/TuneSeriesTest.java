package flowproof.throttle;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.sim.SimResult;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The self-tuning over time (the Tune paper's Fig. 7, 000_38ccbb1a41645d3d.txt): the
 * paper's network (specs/sim/tune-torus16x16.yaml) at 0.5 flits/node/cycle, about twice
 * saturation, with and without the local-maxima rule. Prints 5,000-cycle averages of the
 * recorded series (threshold min/mean/max, estimate, full buffers, accepted throughput),
 * the numbers docs/results/tune.md quotes. About 30 s, so tagged slow
 * ({@code mvn -B test -Pslow -Dtest=TuneSeriesTest}).
 */
@Tag("slow")
class TuneSeriesTest {

    static final int BLOCK = 5_000;

    /** Prints the block averages; returns the mean accepted throughput over the measured blocks. */
    static double print(String label, SimResult r) {
        SimResult.ControlSeries cs = r.controlSeries();
        double[] acc = r.series().accepted();
        System.out.println(label + ": " + r.control() + ", accepted " + r.accepted());
        System.out.println("  from   threshold min/mean/max   estimate   full   accepted");
        double[] threshold = cs.values()[0];
        double measured = 0;
        int blocks = 0;
        for (long from = 0; from < r.generationCycles(); from += BLOCK) {
            double min = Double.MAX_VALUE;
            double max = -1;
            double th = 0;
            double est = 0;
            double full = 0;
            double a = 0;
            int n = 0;
            for (int i = 0; i < cs.t().length; i++) {
                if (cs.t()[i] >= from && cs.t()[i] < from + BLOCK) {
                    min = Math.min(min, threshold[i]);
                    max = Math.max(max, threshold[i]);
                    th += threshold[i];
                    est += cs.values()[1][i];
                    full += cs.values()[2][i];
                    a += acc[i];
                    n++;
                }
            }
            if (n > 0) {
                System.out.printf(Locale.ROOT, "  %5d  %4.0f / %4.0f / %4.0f   %6.0f   %5.0f   %.3f%n", from, min, th / n, max,
                    est / n, full / n, a / n);
                if (from >= r.warmup()) {
                    measured += a / n;
                    blocks++;
                }
            }
        }
        return measured / blocks;
    }

    @Test
    void withoutLocalMaximaAvoidanceTheHillClimberCreepsIntoSaturation() throws Exception {
        Path file = Path.of("specs/sim/tune-torus16x16.yaml");
        SimResult with = TuneBurstyTest.run(file, "tune", 0.5);
        SimResult without = TuneBurstyTest.run(file, "{kind: tune, local-maxima: false}", 0.5);
        double a = print("local maxima avoided", with);
        double b = print("hill climbing only", without);
        assertThat(b).isLessThan(0.7 * a);
        double maxWithout = 0;
        for (double v : without.controlSeries().values()[0]) {
            maxWithout = Math.max(maxWithout, v);
        }
        assertThat(maxWithout).as("the threshold climbs far above the full buffers of the best period").isGreaterThan(900);
    }
}
