package flowproof.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import flowproof.topology.Torus;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link AllPairs} lists the pairs the stored enumeration listed, in the same order (sources
 * increasing, then destinations increasing, no pair from a node to itself), and counts a
 * 128x128 torus's pairs without storing them.
 */
class AllPairsProperties {

    @Test
    void theComputedPairsAreTheEnumeratedOnesInOrder() {
        qt().withExamples(200).forAll(longs().all(), integers().between(2, 60)).checkAssert((seed, n) -> {
            SplittableRandom r = new SplittableRandom(seed);
            int[] endpoints = new int[n];
            for (int i = 0, id = 0; i < n; i++) {
                id += 1 + r.nextInt(3);
                endpoints[i] = id;
            }
            List<int[]> enumerated = new ArrayList<>();
            for (int s = 0; s < n; s++) {
                for (int d = 0; d < n; d++) {
                    if (d != s) {
                        enumerated.add(new int[] {endpoints[s], endpoints[d]});
                    }
                }
            }
            AllPairs pairs = new AllPairs(endpoints);
            assertThat(pairs).hasSize(enumerated.size());
            for (int i = 0; i < enumerated.size(); i++) {
                assertThat(pairs.get(i)).as("pair %d", i).containsExactly(enumerated.get(i));
            }
            assertThatThrownBy(() -> pairs.get(enumerated.size())).isInstanceOf(IndexOutOfBoundsException.class);
        });
    }

    @Test
    void aOneHundredTwentyEightSquaredTorusHasItsPairsCountedNotStored() {
        Torus t = Torus.torus(new int[] {128, 128}, true);
        List<int[]> pairs = TrafficPattern.ALL_PAIRS.pairs(t);
        assertThat(pairs).hasSize(16_384 * 16_383);
        assertThat(pairs).isInstanceOf(AllPairs.class);
        assertThat(pairs.get(16_383)).containsExactly(1, 0);
        assertThat(pairs.get(pairs.size() - 1)).containsExactly(16_383, 16_382);
    }
}
