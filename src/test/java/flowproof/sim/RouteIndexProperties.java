package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link RouteIndex} answers like a map from key to offset, -1 for a key never stored, both as a
 * plain array (small key spaces) and as a hash (key spaces above {@link RouteIndex#DENSE_LIMIT},
 * up to the 3.5 billion keys of a 128x128 torus), across the hash's growth.
 */
class RouteIndexProperties {

    @Test
    void everyStoredKeyGivesItsOffsetAndEveryOtherKeyMinusOne() {
        qt().withExamples(60)
            .forAll(longs().all(), integers().between(1, 200_000), longs().between(1, 4_000_000_000L), booleans().all())
            .checkAssert((seed, stores, large, hashed) -> {
                // a plain array (at most 2^20 keys here) or a hash (beyond DENSE_LIMIT)
                long space = hashed ? RouteIndex.DENSE_LIMIT + large : 1 + large % (1 << 20);
                RouteIndex index = new RouteIndex(space);
                Map<Long, Integer> expected = new HashMap<>();
                SplittableRandom r = new SplittableRandom(seed);
                for (int i = 0; i < stores; i++) {
                    long key = r.nextLong(space);
                    if (!expected.containsKey(key)) {
                        assertThat(index.get(key)).isEqualTo(-1);
                        index.put(key, i);
                        expected.put(key, i);
                    }
                }
                expected.forEach((key, offset) -> assertThat(index.get(key)).as("key %d", key).isEqualTo(offset));
                for (int i = 0; i < 1000; i++) {
                    long key = r.nextLong(space);
                    assertThat(index.get(key)).isEqualTo(expected.getOrDefault(key, -1));
                }
            });
    }
}
