package flowproof.explore;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The visited set of {@link LevelSearch}: open addressing with linear probing over one
 * {@code long[]}, the encoded states ({@link CompactCodec}, {@code w} words each) stored in
 * the slots themselves, safe for concurrent {@link #insert} and {@link #find}. No boxing,
 * no per-state objects, no locks.
 *
 * <p>Slot layout: {@code w} consecutive longs; word 0 holds {@code code[0] + 1} (code
 * words are below 2^62), so 0 marks an empty slot and {@link #BUSY} a slot being filled.
 * A thread claims an empty slot by compare-and-set of word 0 (straight to the key when
 * {@code w == 1}; else to BUSY, then writes the other words and publishes word 0 with
 * release semantics; a reader that meets BUSY waits for it). Entries are never removed.
 *
 * <p>A slot index is a state's id for as long as the table does not grow. Growing
 * ({@link #grow}) is single-threaded and happens only between rounds of the search, when
 * no thread inserts: a round never inserts more than {@link #room} states.
 */
final class ConcurrentStateTable implements VisitedTable {

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);
    static final long BUSY = -1L;
    /** Most slots: the array must stay below the JVM's array length limit. */
    private static final long MAX_ARRAY = Integer.MAX_VALUE - 16;
    /** Highest load a round may reach. */
    static final double MAX_LOAD = 0.85;

    private final int w;
    private long[] table;
    private int slots;

    ConcurrentStateTable(int words, int initialSlots) {
        this.w = words;
        this.slots = initialSlots;
        this.table = new long[slots * words];
    }

    @Override
    public int slots() {
        return slots;
    }

    @Override
    public long bytes() {
        return 8L * table.length;
    }

    /** Most slots a table of this width can have. */
    @Override
    public long maxSlots() {
        return MAX_ARRAY / w;
    }

    /** States that may still be inserted before the load passes {@link #MAX_LOAD}. */
    @Override
    public long room(long size) {
        return (long) (slots * MAX_LOAD) - size;
    }

    static long hash(long[] s, int off, int w) {
        return StateSet.hash(s, off, w);
    }

    private static int index(long h, int length) {
        return (int) (((h >>> 32) * length) >>> 32);
    }

    /**
     * Inserts an encoded state. Returns its slot (>= 0) if this call added it, or
     * {@code -(slot + 1)} if it was there already.
     */
    @Override
    public int insert(long[] code, int off) {
        long[] t = table;
        int n = slots;
        long key = code[off] + 1;
        int i = index(hash(code, off, w), n);
        while (true) {
            int base = i * w;
            long e = (long) SLOT.getAcquire(t, base);
            if (e == 0) {
                if (w == 1) {
                    if (SLOT.compareAndSet(t, base, 0L, key)) {
                        return i;
                    }
                    continue;
                }
                if (SLOT.compareAndSet(t, base, 0L, BUSY)) {
                    System.arraycopy(code, off + 1, t, base + 1, w - 1);
                    SLOT.setRelease(t, base, key);
                    return i;
                }
                continue;
            }
            if (e == BUSY) {
                Thread.onSpinWait();
                continue;
            }
            if (e == key && rest(t, base, code, off)) {
                return -(i + 1);
            }
            if (++i == n) {
                i = 0;
            }
        }
    }

    /**
     * Reads the home slot of each of {@code count} encoded states (one after another in
     * {@code codes}) and returns a value that depends on the reads. The reads do not depend
     * on each other, so the processor overlaps their cache misses, and the inserts or finds
     * that follow find the lines in the cache: purely a speed measure.
     */
    @Override
    public long touch(long[] codes, int count) {
        long[] t = table;
        int n = slots;
        long acc = 0;
        for (int k = 0; k < count; k++) {
            acc += t[index(hash(codes, k * w, w), n) * w];
        }
        return acc;
    }

    /** The slot holding the encoded state, or -1. Safe during inserts by other threads. */
    @Override
    public int find(long[] code, int off) {
        long[] t = table;
        int n = slots;
        long key = code[off] + 1;
        int i = index(hash(code, off, w), n);
        while (true) {
            int base = i * w;
            long e = (long) SLOT.getAcquire(t, base);
            if (e == 0) {
                return -1;
            }
            if (e == BUSY) {
                Thread.onSpinWait();
                continue;
            }
            if (e == key && rest(t, base, code, off)) {
                return i;
            }
            if (++i == n) {
                i = 0;
            }
        }
    }

    private boolean rest(long[] t, int base, long[] code, int off) {
        for (int k = 1; k < w; k++) {
            if (t[base + k] != code[off + k]) {
                return false;
            }
        }
        return true;
    }

    /** Whether a slot holds a state (only between rounds). */
    @Override
    public boolean occupied(int slot) {
        return table[slot * w] != 0;
    }

    /** Copies the encoded state of an occupied slot (only between rounds). */
    @Override
    public void get(int slot, long[] dst, int off) {
        int base = slot * w;
        dst[off] = table[base] - 1;
        System.arraycopy(table, base + 1, dst, off + 1, w - 1);
    }

    /**
     * Rehashes into a table of {@code newSlots} slots. Single-threaded: no insert may run.
     * Slot ids change.
     */
    @Override
    public void grow(int newSlots) {
        long[] from = table;
        long[] t = new long[newSlots * w];
        long[] tmp = new long[w];
        for (int base = 0; base < from.length; base += w) {
            if (from[base] == 0) {
                continue;
            }
            tmp[0] = from[base] - 1;
            System.arraycopy(from, base + 1, tmp, 1, w - 1);
            int i = index(hash(tmp, 0, w), newSlots);
            while (t[i * w] != 0) {
                if (++i == newSlots) {
                    i = 0;
                }
            }
            System.arraycopy(from, base, t, i * w, w);
        }
        table = t;
        slots = newSlots;
    }
}
