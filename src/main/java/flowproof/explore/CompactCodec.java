package flowproof.explore;

/**
 * A dense encoding of packed states for the visited set of {@link LevelSearch}: each
 * queue field (and each injection-queue field) becomes one mixed-radix digit, and digits
 * are packed greedily into words of at most 62 bits. A queue field of {@code C} slots over
 * {@code H} headers (plus the empty value) and {@code C + 1} mark counts has radix
 * {@code (H + 1)^C * (C + 1)} instead of {@code 2^fieldBits}: a 3x3 torus with one-packet
 * queues has 18 fields of 4 bits (two words packed) but 10^18 < 2^62 combinations (one word
 * encoded). An injection queue of {@code n} packets over {@code N} destinations has radix
 * {@code (N + 1)^n}. Every code word is below 2^62, so {@link ConcurrentStateTable} can
 * store {@code word + 1} and keep 0 and -1 free.
 */
final class CompactCodec implements StateCodec {

    static final long WORD_LIMIT = 1L << 62;

    private final StateLayout layout;
    final int words;
    /** Code word and place value of every digit: the queues' first, then the injection queues'. */
    private final int[] word;
    private final long[] place;
    private final long[] radix;
    /** Values of one slot (empty included): of a queue slot, and of an injection-queue slot. */
    private final long hp1;
    private final long np1;
    private final int markRadix;

    private CompactCodec(StateLayout layout, long hp1, long np1, int[] word, long[] place, long[] radix, int words) {
        this.layout = layout;
        this.word = word;
        this.place = place;
        this.radix = radix;
        this.words = words;
        this.hp1 = hp1;
        this.np1 = np1;
        this.markRadix = layout.markBits == 0 ? 1 : layout.capacity + 1;
    }

    /**
     * The codec for a layout, or null when a single field has 2^62 values or more, or the
     * layout holds anything besides its queue and injection-queue fields (then only the
     * sequential search runs).
     */
    static CompactCodec of(StateLayout layout, int headers) {
        int q = layout.queues;
        int iq = layout.injWord.length;
        if (layout.bits() != (long) q * layout.fieldBits + (long) iq * layout.injFieldBits) {
            return null; // the layout holds more than these fields: this codec would drop it
        }
        long queueRadix = power(headers + 1L, layout.capacity);
        if (queueRadix < 0) {
            return null;
        }
        queueRadix *= layout.markBits == 0 ? 1 : layout.capacity + 1;
        if (queueRadix >= WORD_LIMIT || queueRadix <= 0) {
            return null;
        }
        long nodes = iq == 0 ? 1 : iq;
        long injRadix = power(nodes + 1, layout.injCapacity);
        if (injRadix < 0) {
            return null;
        }
        int digits = q + iq;
        int[] word = new int[digits];
        long[] place = new long[digits];
        long[] radix = new long[digits];
        int w = 0;
        long p = 1;
        for (int i = 0; i < digits; i++) {
            long r = i < q ? queueRadix : injRadix;
            if (p > (WORD_LIMIT - 1) / r) {
                w++;
                p = 1;
            }
            word[i] = w;
            place[i] = p;
            radix[i] = r;
            p *= r;
        }
        return new CompactCodec(layout, headers + 1L, nodes + 1, word, place, radix, digits == 0 ? 1 : w + 1);
    }

    /** {@code base^exp}, or -1 when it reaches 2^62. */
    private static long power(long base, int exp) {
        long r = 1;
        for (int i = 0; i < exp; i++) {
            if (Math.multiplyHigh(r, base) != 0 || r * base >= WORD_LIMIT) {
                return -1;
            }
            r *= base;
        }
        return r;
    }

    /** The slots of a field as a number in base {@code values}, head least significant. */
    private long slotsDigit(long slots, long values) {
        long d = 0;
        long p = 1;
        while (slots != 0) {
            d += (slots & layout.destMask) * p;
            p *= values;
            slots >>>= layout.destBits;
        }
        return d;
    }

    private long slotsField(long d, long values) {
        long slots = 0;
        for (int i = 0; d != 0; i++) {
            slots |= (d % values) << (i * layout.destBits);
            d /= values;
        }
        return slots;
    }

    @Override
    public int words() {
        return words;
    }

    /** Every state has a code: always true. */
    @Override
    public boolean encode(long[] s, int off, long[] out, int outOff) {
        java.util.Arrays.fill(out, outOff, outOff + words, 0L);
        for (int q = 0; q < layout.queues; q++) {
            long f = layout.field(s, off, q);
            if (f != 0) {
                long d = slotsDigit(f >>> layout.markBits, hp1) * markRadix + (f & layout.markMask);
                out[outOff + word[q]] += d * place[q];
            }
        }
        for (int v = 0, i = layout.queues; v < layout.injWord.length; v++, i++) {
            long f = layout.injField(s, off, v);
            if (f != 0) {
                out[outOff + word[i]] += slotsDigit(f, np1) * place[i];
            }
        }
        return true;
    }

    @Override
    public void decode(long[] code, int off, long[] out, int outOff) {
        java.util.Arrays.fill(out, outOff, outOff + layout.words, 0L);
        for (int q = 0; q < layout.queues; q++) {
            long d = (code[off + word[q]] / place[q]) % radix[q];
            if (d != 0) {
                layout.setField(out, outOff, q, (slotsField(d / markRadix, hp1) << layout.markBits) | (d % markRadix));
            }
        }
        for (int v = 0, i = layout.queues; v < layout.injWord.length; v++, i++) {
            long d = (code[off + word[i]] / place[i]) % radix[i];
            if (d != 0) {
                layout.setInjField(out, outOff, v, slotsField(d, np1));
            }
        }
    }
}
