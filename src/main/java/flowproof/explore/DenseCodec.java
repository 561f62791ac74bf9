package flowproof.explore;

/**
 * A perfect hash of small state spaces: every state whose queues each hold a valid field
 * (occupied slots a prefix, headers below {@code H}, and with marks at most
 * {@code min(free slots, marks per ring)} critical marks) gets its own rank below
 * {@link #range}, the index of its bit in a {@link DenseStateSet}. A queue's field becomes
 * one digit, its rank among the valid fields; the state's rank is the mixed-radix number of
 * those digits, queue 0 least significant.
 *
 * <p>Reference R8 (5 queues of 2 packets over 5 destinations, one CBS mark) has 37 valid
 * fields per queue and 37^5 = 69,343,957 ranks: an 8.7 MB bitmap instead of a hash table of
 * 8-byte slots, and one bit read instead of a cache miss per lookup. A state outside the
 * ranked space (more marks on a queue than it has free slots: the critical-bubble invariant
 * broken) has no rank: {@link #encode} says so and the search starts again on
 * {@link CompactCodec}.
 */
final class DenseCodec implements StateCodec {

    /** Most ranks: a bitmap of 16 MB, and a status byte per rank for the drainability pass. */
    static final long MAX_RANGE = 1L << 27;
    /** Most bits of a queue field (the rank table has an entry per field value). */
    private static final int MAX_FIELD_BITS = 16;

    private final StateLayout layout;
    /** The rank of each field value among the valid ones, -1 for an invalid value. */
    private final int[] digitOf;
    /** The field value of each rank. */
    private final long[] fieldOf;
    private final int radix;
    /** 1 / radix, for a quotient without a division (corrected by one step where rounding errs). */
    private final double inverse;
    private final long range;
    /** The layout's queue fields: word, shift and mask, copied for the loops below. */
    private final int queues;
    private final int[] word;
    private final int[] shift;
    private final long mask;

    private DenseCodec(StateLayout layout, int[] digitOf, long[] fieldOf, long range) {
        this.layout = layout;
        this.digitOf = digitOf;
        this.fieldOf = fieldOf;
        this.radix = fieldOf.length;
        this.inverse = 1.0 / radix;
        this.range = range;
        this.queues = layout.queues;
        this.word = layout.word.clone();
        this.shift = layout.shift.clone();
        this.mask = layout.fieldMask;
    }

    /**
     * The codec for a layout of {@code headers} packet headers and {@code marksPerRing} marks,
     * or null when the layout holds more than queue fields, a field is wider than 16 bits, or
     * the ranks reach {@link #MAX_RANGE}.
     */
    static DenseCodec of(StateLayout layout, int headers, int marksPerRing) {
        if (layout.bits() != (long) layout.queues * layout.fieldBits || layout.fieldBits > MAX_FIELD_BITS
            || layout.queues == 0) {
            return null;
        }
        int values = 1 << layout.fieldBits;
        int[] digitOf = new int[values];
        long[] fields = new long[values];
        int valid = 0;
        for (int f = 0; f < values; f++) {
            digitOf[f] = valid(layout, f, headers, marksPerRing) ? valid : -1;
            if (digitOf[f] >= 0) {
                fields[valid++] = f;
            }
        }
        long range = 1;
        for (int q = 0; q < layout.queues; q++) {
            range *= valid;
            if (range >= MAX_RANGE) {
                return null;
            }
        }
        return new DenseCodec(layout, digitOf, java.util.Arrays.copyOf(fields, valid), range);
    }

    /** Whether a field value can be a queue's: slots a prefix of headers + 1, marks within the free slots and the ring's. */
    private static boolean valid(StateLayout layout, long f, int headers, int marksPerRing) {
        long marks = f & layout.markMask;
        long slots = f >>> layout.markBits;
        int occupied = 0;
        for (int i = 0; i < layout.capacity; i++) {
            long v = (slots >>> (i * layout.destBits)) & layout.destMask;
            if (v == 0) {
                break;
            }
            if (v > headers) {
                return false;
            }
            occupied++;
        }
        if (slots >>> (occupied * layout.destBits) != 0) {
            return false; // a packet behind an empty slot, or a slot value past the field
        }
        return marks <= Math.min(layout.capacity - occupied, marksPerRing);
    }

    /** Ranks: the bits of the visited set. */
    long range() {
        return range;
    }

    @Override
    public int words() {
        return 1;
    }

    @Override
    public boolean encode(long[] s, int off, long[] out, int outOff) {
        int code = 0;
        for (int q = queues - 1; q >= 0; q--) {
            int d = digitOf[(int) ((s[off + word[q]] >>> shift[q]) & mask)];
            if (d < 0) {
                return false;
            }
            code = code * radix + d; // below MAX_RANGE < 2^31 all along
        }
        out[outOff] = code;
        return true;
    }

    @Override
    public void decode(long[] code, int off, long[] out, int outOff) {
        java.util.Arrays.fill(out, outOff, outOff + layout.words, 0L);
        int c = (int) code[off];
        for (int q = 0; q < queues; q++) {
            int next = (int) (c * inverse);
            int digit = c - next * radix;
            if (digit < 0) {
                next--;
                digit += radix;
            } else if (digit >= radix) {
                next++;
                digit -= radix;
            }
            out[outOff + word[q]] |= fieldOf[digit] << shift[q];
            c = next;
        }
    }
}
