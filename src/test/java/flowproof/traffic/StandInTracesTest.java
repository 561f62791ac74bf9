package flowproof.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The checked-in stand-in traces of CBCM's Fig. 10 (specs/sim/cbcm-fig10/traces) are what
 * {@link StandInTraces} writes ({@code -Dflowproof.writeTraces=true} rewrites them), they read
 * back as traces of 128 ranks, and their mean message sizes rise in the figure's order.
 */
class StandInTracesTest {

    private static final Path DIR = Path.of("specs/sim/cbcm-fig10/traces");

    @Test
    void theFilesAreWhatTheGeneratorWrites() throws Exception {
        for (String name : StandInTraces.NAMES) {
            Path file = DIR.resolve(name + ".csv");
            String generated = StandInTraces.csv(name);
            if (Boolean.getBoolean("flowproof.writeTraces")) {
                Files.createDirectories(DIR);
                Files.writeString(file, generated);
            }
            assertThat(Files.readString(file)).as(file + " is stale: rerun with -Dflowproof.writeTraces=true")
                .isEqualTo(generated);
        }
    }

    @Test
    void meanMessageSizesRiseInTheFiguresOrderAndEveryTraceOffersTheSameLoad() {
        double previous = 0;
        for (String name : StandInTraces.NAMES) {
            List<TraceFile.Message> m = TraceFile.parse(StandInTraces.csv(name).lines().toList(), name, "trace",
                StandInTraces.RANKS);
            double mean = m.stream().mapToInt(TraceFile.Message::flits).average().orElseThrow();
            assertThat(mean).as(name + "'s mean message size").isGreaterThan(previous);
            previous = mean;
            long flits = m.stream().mapToLong(TraceFile.Message::flits).sum();
            long last = m.stream().mapToLong(TraceFile.Message::cycle).max().orElseThrow();
            assertThat(last).as(name + "'s last message").isLessThan(StandInTraces.LENGTH);
            // whole iterations only: the offered load over the iterations it holds is at most 0.2
            double load = flits / (double) StandInTraces.RANKS / StandInTraces.LENGTH;
            assertThat(load).as(name + "'s load over the trace").isBetween(0.1, 0.2);
            assertThat(m).allSatisfy(x -> assertThat(x.source()).isNotEqualTo(x.destination()));
        }
    }
}
