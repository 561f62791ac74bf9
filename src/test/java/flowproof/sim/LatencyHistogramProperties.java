package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The latency histogram gives exactly what sorting every sample gave: the latency at rank
 * {@code ceil(q n)} for p50 and p99, the maximum, and the count.
 */
class LatencyHistogramProperties {

    private static int sortedRank(List<Integer> samples, double q) {
        int[] l = samples.stream().mapToInt(Integer::intValue).sorted().toArray();
        double n = l.length;
        return l[(int) Math.min(l.length - 1, Math.ceil(q * n) - 1)];
    }

    @Test
    void quantilesAreTheSortedSamplesAtRankCeilQn() {
        qt().withExamples(300)
            .forAll(lists().of(integers().between(0, 5_000)).ofSizeBetween(1, 400),
                integers().between(1, 1000))
            .checkAssert((samples, permille) -> {
                LatencyHistogram h = new LatencyHistogram();
                samples.forEach(h::record);
                double q = permille / 1000.0;
                assertThat(h.packets()).isEqualTo(samples.size());
                assertThat(h.max()).isEqualTo(samples.stream().mapToInt(Integer::intValue).max().orElseThrow());
                assertThat(h.quantile(q)).as("q %s", q).isEqualTo(sortedRank(samples, q));
                assertThat(h.quantile(0.5)).isEqualTo(sortedRank(samples, 0.5));
                assertThat(h.quantile(0.99)).isEqualTo(sortedRank(samples, 0.99));
                assertThat(h.quantile(1.0)).isEqualTo(h.max());
            });
    }

    @Test
    void memoryFollowsTheLongestLatencyNotThePacketCount() {
        LatencyHistogram h = new LatencyHistogram();
        for (int i = 0; i < 1_000_000; i++) {
            h.record(i % 300);
        }
        assertThat(h.packets()).isEqualTo(1_000_000);
        assertThat(h.bytes()).isEqualTo(8L * 512);
        h.record(70_000);
        assertThat(h.bytes()).isEqualTo(8L * 131_072);
        assertThat(h.quantile(0.5)).isEqualTo(149);
        assertThat(h.max()).isEqualTo(70_000);
    }

    @Test
    void refusesNegativeLatenciesAndQuantilesOfNothing() {
        LatencyHistogram h = new LatencyHistogram();
        assertThatThrownBy(() -> h.quantile(0.5)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> h.record(-1)).isInstanceOf(IllegalArgumentException.class);
        h.record(3);
        assertThatThrownBy(() -> h.quantile(0)).isInstanceOf(IllegalArgumentException.class);
        assertThat(h.max()).isEqualTo(3);
    }
}
