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
                int o = DenseStateSet.owner(r, n);
                assertThat(o).isBetween(0, n - 1);
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
}
