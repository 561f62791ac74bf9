package flowproof.explore;

import java.util.Arrays;

/**
 * The visited set: full packed states (not fingerprints: counts must be exact) with dense
 * int ids in insertion order.
 *
 * <p>States live in fixed-size chunks of a {@code long[]} each ({@link #CHUNK} states per
 * chunk, so growing never copies them); the index is an open-addressing table of
 * {@code id + 1} (0 = empty) with linear probing, grown by half when 3/4 full. A lookup hashes
 * the words, probes the table and compares the words of the candidate id. The bits of an
 * index entry above those the ids need hold a tag of the hash, so that a probe past a
 * different state is almost always rejected without touching that state's words (a
 * cache miss each: without tags they dominated the search time). Memory per state:
 * {@code 8 * words} bytes of state plus {@code 4 / load} bytes of index.
 * Single-threaded; no boxing.
 */
final class StateSet {

    static final int CHUNK_BITS = 12;
    static final int CHUNK = 1 << CHUNK_BITS;
    private static final long MAX_TABLE = Integer.MAX_VALUE - 16;

    private final int w;
    private long[][] chunks = new long[16][];
    private int size;
    private int[] table;
    private final long memoryBudget;
    private final int idBits;
    private final int idMask;
    private final long maxSize;

    /**
     * @param words        words per state
     * @param maxStates    most states the set will be asked to hold (sizes the id field)
     * @param memoryBudget bytes the set may use; {@link #add} reports {@link #FULL} beyond it
     */
    StateSet(int words, long maxStates, long memoryBudget) {
        this.w = words;
        this.memoryBudget = memoryBudget;
        this.idBits = Math.min(31, Math.max(20, 64 - Long.numberOfLeadingZeros(maxStates + 1)));
        this.idMask = (int) ((1L << idBits) - 1);
        this.maxSize = idMask - 1L;
        this.table = new int[4096];
    }

    /** Returned by {@link #add} when the memory budget does not allow another state. */
    static final int FULL = Integer.MIN_VALUE;

    int size() {
        return size;
    }

    int words() {
        return w;
    }

    /** Bytes held by the set's arrays. */
    long bytes() {
        long chunkBytes = 0;
        for (long[] c : chunks) {
            if (c != null) {
                chunkBytes += 8L * c.length;
            }
        }
        return chunkBytes + 4L * table.length + 8L * chunks.length;
    }

    static long hash(long[] s, int off, int w) {
        long h = 0x9E3779B97F4A7C15L * (w + 1);
        for (int i = 0; i < w; i++) {
            h ^= s[off + i] * 0xC2B2AE3D27D4EB4FL;
            h = Long.rotateLeft(h, 31) * 0x9E3779B97F4A7C15L;
        }
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        return h;
    }

    /**
     * Adds a state. Returns its new id (>= 0) if it was absent, {@code -(id + 1)} of the
     * equal state if present, or {@link #FULL} if the memory budget is exhausted.
     */
    int add(long[] s, int off) {
        long h = hash(s, off, w);
        int p = probe(s, off, h);
        if (p >= 0) {
            return -(p + 1);
        }
        int i = -(p + 1);
        int tag = tag(h);
        if (size >= maxSize) {
            return FULL;
        }
        if ((size & (CHUNK - 1)) == 0 && !allocateChunk()) {
            return FULL;
        }
        int id = size++;
        long[] chunk = chunks[id >>> CHUNK_BITS];
        System.arraycopy(s, off, chunk, (id & (CHUNK - 1)) * w, w);
        table[i] = tag | (id + 1);
        if (size * 4L > table.length * 3L) {
            if (!grow()) {
                size--;
                table[i] = 0;
                return FULL;
            }
        }
        return id;
    }

    /** The id of an equal state, or -1. */
    int find(long[] s, int off) {
        int p = probe(s, off, hash(s, off, w));
        return p >= 0 ? p : -1;
    }

    /** The id of a state equal to {@code s} (>= 0), or {@code -(slot + 1)} of the empty slot where it belongs. */
    private int probe(long[] s, int off, long h) {
        int[] t = table;
        int i = index(h, t.length);
        int tag = tag(h);
        while (true) {
            int e = t[i];
            if (e == 0) {
                return -(i + 1);
            }
            if ((e & ~idMask) == tag && equalsState((e & idMask) - 1, s, off)) {
                return (e & idMask) - 1;
            }
            if (++i == t.length) {
                i = 0;
            }
        }
    }

    /**
     * The home slot of a hash in a table of any length: the high 32 bits of the hash
     * scaled to the length (multiply-shift range reduction), so the table need not be a
     * power of two and can grow by half its size.
     */
    private static int index(long h, int length) {
        return (int) (((h >>> 32) * length) >>> 32);
    }

    /** Where {@link #prefetch} leaves the words it read, so that the reads are not optimised away. */
    long warm;

    /**
     * Reads, for each of {@code count} states packed one after another in {@code batch},
     * the index entry it hashes to and the stored state that entry points to, without
     * changing anything. The reads of different states do not depend on each other, so
     * the processor overlaps their cache misses; the {@link #add} calls that follow then
     * find the lines in the cache. Purely a speed measure: results never depend on it.
     */
    void prefetch(long[] batch, int count, int[] slots) {
        int[] t = table;
        long acc = 0;
        for (int k = 0; k < count; k++) {
            int i = index(hash(batch, k * w, w), t.length);
            slots[k] = i;
            acc += t[i];
        }
        for (int k = 0; k < count; k++) {
            int i = slots[k];
            int tag = tag(hash(batch, k * w, w));
            int e;
            while ((e = t[i]) != 0 && (e & ~idMask) != tag) {
                if (++i == t.length) {
                    i = 0;
                }
            }
            if (e != 0) {
                int id = (e & idMask) - 1;
                acc += chunks[id >>> CHUNK_BITS][(id & (CHUNK - 1)) * w];
            }
        }
        warm += acc;
    }

    /** The tag of a hash, already in place above the id bits (the low hash bits: the index uses the high ones). */
    private int tag(long h) {
        return (int) h & ~idMask;
    }

    private boolean equalsState(int id, long[] s, int off) {
        long[] chunk = chunks[id >>> CHUNK_BITS];
        int base = (id & (CHUNK - 1)) * w;
        for (int k = 0; k < w; k++) {
            if (chunk[base + k] != s[off + k]) {
                return false;
            }
        }
        return true;
    }

    /** Copies the words of state {@code id} into {@code dst} at {@code off}. */
    void get(int id, long[] dst, int off) {
        System.arraycopy(chunks[id >>> CHUNK_BITS], (id & (CHUNK - 1)) * w, dst, off, w);
    }

    private boolean allocateChunk() {
        int c = size >>> CHUNK_BITS;
        if (!affordable(8L * CHUNK * w)) {
            return false;
        }
        if (c == chunks.length) {
            chunks = Arrays.copyOf(chunks, chunks.length * 2);
        }
        chunks[c] = new long[CHUNK * w];
        return true;
    }

    /** Grows the index by half when it is 3/4 full: it stays between 1/2 and 3/4 full. */
    private boolean grow() {
        long length = Math.min(MAX_TABLE, table.length + (table.length >>> 1));
        if (length <= table.length || !affordable(4L * length)) {
            return false;
        }
        int[] t = new int[(int) length];
        int[] from = table;
        // The home slot (multiply-shift of the hash's high half) preserves hash order, so
        // walking the old index slot by slot visits the states in nearly increasing new
        // home order: the writes into the new index are almost sequential. The state
        // words an entry points to are read in batches, so their misses overlap.
        int batch = 64;
        int[] entries = new int[batch];
        long[] tmp = new long[w];
        long acc = 0;
        for (int base = 0; base < from.length; base += batch) {
            int n = Math.min(batch, from.length - base);
            for (int k = 0; k < n; k++) {
                int e = from[base + k];
                entries[k] = e;
                if (e != 0) {
                    int id = (e & idMask) - 1;
                    acc += chunks[id >>> CHUNK_BITS][(id & (CHUNK - 1)) * w];
                }
            }
            for (int k = 0; k < n; k++) {
                int e = entries[k];
                if (e == 0) {
                    continue;
                }
                get((e & idMask) - 1, tmp, 0);
                int i = index(hash(tmp, 0, w), t.length);
                while (t[i] != 0) {
                    if (++i == t.length) {
                        i = 0;
                    }
                }
                t[i] = e;
            }
        }
        warm += acc;
        table = t;
        return true;
    }

    private boolean affordable(long extra) {
        return bytes() + extra <= memoryBudget && Budget.heapAllows(extra);
    }
}
