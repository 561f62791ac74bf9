package flowproof.explore;

/**
 * A dense encoding of packed states for the visited set of {@link LevelSearch}: each
 * queue field becomes one mixed-radix digit, and digits are packed greedily into words of
 * at most 62 bits. A queue field of {@code C} slots over {@code H} headers (plus the empty
 * value) and {@code C + 1} mark counts has radix {@code (H + 1)^C * (C + 1)} instead of
 * {@code 2^fieldBits}: a 3x3 torus with one-packet queues has 18 fields of 4 bits (two
 * words packed) but 10^18 < 2^62 combinations (one word encoded). Every code word is below
 * 2^62, so {@link ConcurrentStateTable} can store {@code word + 1} and keep 0 and -1 free.
 */
final class CompactCodec {

    static final long WORD_LIMIT = 1L << 62;

    private final StateLayout layout;
    final int words;
    /** Code word and place value of every queue's digit. */
    private final int[] word;
    private final long[] place;
    private final long[] radix;
    private final long hp1;
    private final int markRadix;

    private CompactCodec(StateLayout layout, int headers, int[] word, long[] place, long[] radix, int words) {
        this.layout = layout;
        this.word = word;
        this.place = place;
        this.radix = radix;
        this.words = words;
        this.hp1 = headers + 1L;
        this.markRadix = layout.markBits == 0 ? 1 : layout.capacity + 1;
    }

    /**
     * The codec for a layout, or null when a single queue field has more than 2^62 values or
     * the layout holds anything besides its queue fields (then only the sequential search runs).
     */
    static CompactCodec of(StateLayout layout, int headers) {
        if (layout.bits() != (long) layout.queues * layout.fieldBits) {
            return null; // the layout holds more than queue fields: this codec would drop it
        }
        int q = layout.queues;
        long r = 1;
        for (int i = 0; i < layout.capacity; i++) {
            r = Math.multiplyHigh(r, headers + 1L) != 0 ? WORD_LIMIT : r * (headers + 1L);
            if (r >= WORD_LIMIT) {
                return null;
            }
        }
        long fieldRadix = r * (layout.markBits == 0 ? 1 : layout.capacity + 1);
        if (fieldRadix >= WORD_LIMIT || fieldRadix <= 0) {
            return null;
        }
        int[] word = new int[q];
        long[] place = new long[q];
        long[] radix = new long[q];
        int w = 0;
        long p = 1;
        for (int i = 0; i < q; i++) {
            if (p > (WORD_LIMIT - 1) / fieldRadix) {
                w++;
                p = 1;
            }
            word[i] = w;
            place[i] = p;
            radix[i] = fieldRadix;
            p *= fieldRadix;
        }
        return new CompactCodec(layout, headers, word, place, radix, q == 0 ? 1 : w + 1);
    }

    /** The digit of a field: slots in base {@code H + 1}, head least significant, then marks. */
    private long digit(long f) {
        long marks = f & layout.markMask;
        long slots = f >>> layout.markBits;
        long d = 0;
        long p = 1;
        while (slots != 0) {
            d += (slots & layout.destMask) * p;
            p *= hp1;
            slots >>>= layout.destBits;
        }
        return d * markRadix + marks;
    }

    void encode(long[] s, int off, long[] out, int outOff) {
        java.util.Arrays.fill(out, outOff, outOff + words, 0L);
        for (int q = 0; q < layout.queues; q++) {
            long f = layout.field(s, off, q);
            if (f != 0) {
                out[outOff + word[q]] += digit(f) * place[q];
            }
        }
    }

    void decode(long[] code, int off, long[] out, int outOff) {
        java.util.Arrays.fill(out, outOff, outOff + layout.words, 0L);
        for (int q = 0; q < layout.queues; q++) {
            long d = (code[off + word[q]] / place[q]) % radix[q];
            if (d == 0) {
                continue;
            }
            long marks = d % markRadix;
            d /= markRadix;
            long slots = 0;
            for (int i = 0; d != 0; i++) {
                slots |= (d % hp1) << (i * layout.destBits);
                d /= hp1;
            }
            layout.setField(out, outOff, q, (slots << layout.markBits) | marks);
        }
    }
}
