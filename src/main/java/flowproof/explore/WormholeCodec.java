package flowproof.explore;

/**
 * The code of a wormhole state ({@link WormholeLayout}) for {@link LevelSearch}: the same queue
 * and injection fields, repacked into words of at most 62 bits, so that every code word is
 * below 2^62 as {@link ConcurrentStateTable} needs (it stores {@code word + 1} and keeps 0 and
 * -1 free). The packed layout fills words to 64 bits, so it cannot be stored as it is.
 */
final class WormholeCodec implements StateCodec {

    private static final int WORD_BITS = 62;

    private final WormholeLayout wl;
    private final int words;
    private final int[] qWord;
    private final int[] qShift;
    private final int[] nWord;
    private final int[] nShift;

    WormholeCodec(WormholeLayout wl) {
        this.wl = wl;
        this.qWord = new int[wl.queues];
        this.qShift = new int[wl.queues];
        this.nWord = new int[wl.nodes];
        this.nShift = new int[wl.nodes];
        int[] pos = {0, 0};
        for (int q = 0; q < wl.queues; q++) {
            place(pos, wl.queueBits, qWord, qShift, q);
        }
        for (int v = 0; v < wl.nodes; v++) {
            place(pos, wl.nodeBits, nWord, nShift, v);
        }
        this.words = pos[0] + 1;
    }

    /** Puts field {@code i} of {@code bits} bits at {@code pos} (word, bit), in a new word when it would pass 62 bits. */
    private static void place(int[] pos, int bits, int[] word, int[] shift, int i) {
        if (pos[1] + bits > WORD_BITS) {
            pos[0]++;
            pos[1] = 0;
        }
        word[i] = pos[0];
        shift[i] = pos[1];
        pos[1] += bits;
    }

    /** The codec, or null when a field does not fit a 62-bit word. */
    static WormholeCodec of(WormholeLayout wl) {
        return wl.queueBits > WORD_BITS || wl.nodeBits > WORD_BITS ? null : new WormholeCodec(wl);
    }

    @Override
    public int words() {
        return words;
    }

    @Override
    public boolean encode(long[] s, int off, long[] out, int outOff) {
        java.util.Arrays.fill(out, outOff, outOff + words, 0L);
        for (int q = 0; q < qWord.length; q++) {
            out[outOff + qWord[q]] |= wl.queue(s, off, q) << qShift[q];
        }
        for (int v = 0; v < nWord.length; v++) {
            out[outOff + nWord[v]] |= wl.node(s, off, v) << nShift[v];
        }
        return true;
    }

    @Override
    public void decode(long[] code, int off, long[] out, int outOff) {
        java.util.Arrays.fill(out, outOff, outOff + wl.words, 0L);
        for (int q = 0; q < qWord.length; q++) {
            wl.orQueue(out, outOff, q, (code[off + qWord[q]] >>> qShift[q]) & wl.queueMask);
        }
        for (int v = 0; v < nWord.length; v++) {
            wl.orNode(out, outOff, v, (code[off + nWord[v]] >>> nShift[v]) & wl.nodeMask);
        }
    }
}
