package flowproof.explore;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A visited set with one bit for every rank of a {@link DenseCodec}: a rank is its own slot,
 * a lookup reads one bit, an insert sets it with an atomic OR. For small state spaces (all
 * ranks within {@link DenseCodec#MAX_RANGE}) the bitmap is smaller than a hash table of the
 * reachable states and far more of it stays in the processor's caches; it never grows.
 */
final class DenseStateSet implements VisitedTable {

    private static final VarHandle WORD = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] bits;
    private final int range;

    DenseStateSet(long range) {
        this.range = (int) range;
        this.bits = new long[(int) ((range + 63) >>> 6)];
    }

    @Override
    public int insert(long[] code, int off) {
        int c = (int) code[off];
        long mask = 1L << c;
        if (((long) WORD.getAcquire(bits, c >>> 6) & mask) != 0
            || ((long) WORD.getAndBitwiseOr(bits, c >>> 6, mask) & mask) != 0) {
            return -(c + 1);
        }
        return c;
    }

    @Override
    public int find(long[] code, int off) {
        int c = (int) code[off];
        return ((long) WORD.getAcquire(bits, c >>> 6) & (1L << c)) != 0 ? c : -1;
    }

    @Override
    public long touch(long[] codes, int count) {
        long acc = 0;
        for (int k = 0; k < count; k++) {
            acc += bits[(int) codes[k] >>> 6];
        }
        return acc;
    }

    @Override
    public int slots() {
        return range;
    }

    @Override
    public boolean occupied(int slot) {
        return (bits[slot >>> 6] & (1L << slot)) != 0;
    }

    @Override
    public void get(int slot, long[] dst, int off) {
        dst[off] = slot;
    }

    @Override
    public long bytes() {
        return 8L * bits.length;
    }

    /** Never full: every rank has its bit from the start. */
    @Override
    public long room(long size) {
        return Long.MAX_VALUE >>> 2;
    }

    @Override
    public long maxSlots() {
        return range;
    }

    /** Never called ({@link #room} is never short). */
    @Override
    public void grow(int newSlots) {
        throw new UnsupportedOperationException("a dense state set holds every rank from the start");
    }
}
