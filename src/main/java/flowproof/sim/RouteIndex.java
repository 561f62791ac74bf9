package flowproof.sim;

import java.util.Arrays;

/**
 * The index of {@link RouteComputation}'s lazily filled route table: key (queue or injecting
 * router) x header to an offset in its pool, -1 while unknown. A plain array while the key space
 * is small (at most {@link #DENSE_LIMIT} keys); above it an open-addressing hash of the keys
 * actually routed, because the key space grows with the square of the network (a 64x64 torus
 * with 3 VCs has 218 million keys, a 128x128 one 3.5 billion) while a run routes only the keys
 * of its packets' hops.
 */
final class RouteIndex {

    /** The most keys kept in a plain array (64 MB of offsets). */
    static final long DENSE_LIMIT = 1L << 24;
    private static final long EMPTY = -1;

    private final int[] dense;
    private long[] keys;
    private int[] values;
    private int size;

    /** @param space the number of keys, {@code 0..space-1} */
    RouteIndex(long space) {
        if (space <= DENSE_LIMIT) {
            dense = new int[(int) space];
            Arrays.fill(dense, -1);
        } else {
            dense = null;
            keys = new long[1 << 16];
            Arrays.fill(keys, EMPTY);
            values = new int[keys.length];
        }
    }

    /** The offset stored for {@code key}, or -1. */
    int get(long key) {
        if (dense != null) {
            return dense[(int) key];
        }
        int mask = keys.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == key) {
                return values[i];
            }
            if (k == EMPTY) {
                return -1;
            }
        }
    }

    /** Stores {@code offset} for {@code key}, which has none yet. */
    void put(long key, int offset) {
        if (dense != null) {
            dense[(int) key] = offset;
            return;
        }
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        insert(key, offset);
        size++;
    }

    private void insert(long key, int offset) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (keys[i] != EMPTY) {
            i = (i + 1) & mask;
        }
        keys[i] = key;
        values[i] = offset;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        Arrays.fill(keys, EMPTY);
        values = new int[keys.length];
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY) {
                insert(oldKeys[i], oldValues[i]);
            }
        }
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 32) & mask;
    }
}
