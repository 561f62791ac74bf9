package flowproof.explore;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The members' shares of the ranks in {@link DenseStateSet}: every rank is owned by exactly one
 * member, in a slot from which that member gets the rank back, and the shares are even.
 */
class DenseStateSetTest {

    @Test
    void everyRankHasOneOwnerAndItsSlotGivesItBack() {
        long range = 37L * 37 * 37 + 5;
        for (int n = 1; n <= 5; n++) {
            DenseStateSet[] sets = new DenseStateSet[n];
            for (int j = 0; j < n; j++) {
                sets[j] = new DenseStateSet(range, n, j);
            }
            long[] code = new long[1];
            long[] back = new long[1];
            int[] owned = new int[n];
            for (long r = 0; r < range; r++) {
                int o = sets[0].owner(r);
                assertThat(o).isBetween(0, n - 1);
                for (DenseStateSet other : sets) {
                    assertThat(other.owner(r)).isEqualTo(o);
                }
                code[0] = r;
                int slot = sets[o].insert(code, 0);
                assertThat(slot).as("rank %d of %d members: a new slot", r, n).isGreaterThanOrEqualTo(0);
                assertThat(sets[o].insert(code, 0)).isEqualTo(-(slot + 1));
                assertThat(sets[o].find(code, 0)).isEqualTo(slot);
                sets[o].get(slot, back, 0);
                assertThat(back[0]).as("rank %d of %d members", r, n).isEqualTo(r);
                owned[o]++;
            }
            for (int j = 0; j < n; j++) {
                assertThat(owned[j]).as("member %d of %d", j, n).isBetween((int) (range / n * 0.97), (int) (range / n * 1.03));
                assertThat(sets[j].slots()).isLessThanOrEqualTo((int) ((range + n - 1) / n));
            }
        }
    }

    /** The reciprocal multiplication gives the owner and slot of a 64-bit division, up to the largest rank. */
    @Test
    void theOwnerIsTheDivisionsUpToTheLargestRank() {
        long[] ranks = {0, 1, 2, 63, 64, (1L << 20) + 7, DenseCodec.MAX_RANGE - 2, DenseCodec.MAX_RANGE - 1,
            Integer.MAX_VALUE - 1L, Integer.MAX_VALUE};
        java.util.SplittableRandom random = new java.util.SplittableRandom(7);
        for (int n = 1; n <= 1024; n = n < 8 ? n + 1 : n * 3 - 1) {
            DenseStateSet set = new DenseStateSet(DenseCodec.MAX_RANGE, n, 0);
            for (int k = 0; k < ranks.length + 20_000; k++) {
                long r = k < ranks.length ? ranks[k] : random.nextLong(Integer.MAX_VALUE + 1L);
                long slot = r / n;
                int expected = (int) ((r - slot * n + mixOf(slot, n)) % n);
                assertThat(set.owner(r)).as("rank %d of %d members", r, n).isEqualTo(expected);
            }
        }
    }

    private static int mixOf(long slot, int members) {
        return (int) ((((slot * 0x9E3779B97F4A7C15L) >>> 32) * members) >>> 32);
    }
}
