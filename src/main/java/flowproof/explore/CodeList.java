package flowproof.explore;

import java.util.Arrays;

/**
 * Append-only list of encoded states ({@link CompactCodec}) in chunks, never copied when it
 * grows: the states of one BFS level, in {@link LevelSearch} and {@link PartitionedSearch}.
 */
final class CodeList {

    /** Asked for the bytes of every new chunk before it is allocated: false when the budget does not allow them. */
    interface Reserve {
        boolean bytes(long bytes);
    }

    private static final int CHUNK_STATES = 1 << 14;
    private final int cw;
    private final Reserve reserve;
    private long[][] chunks = new long[4][];
    private int size;

    CodeList(int cw, Reserve reserve) {
        this.cw = cw;
        this.reserve = reserve;
    }

    int size() {
        return size;
    }

    /** Appends {@code code[off..off+cw)}; false (nothing added) when the budget does not allow a new chunk. */
    boolean add(long[] code, int off) {
        int c = size / CHUNK_STATES;
        if (size % CHUNK_STATES == 0) {
            long bytes = 8L * CHUNK_STATES * cw;
            if (!reserve.bytes(bytes)) {
                return false;
            }
            if (c == chunks.length) {
                chunks = Arrays.copyOf(chunks, c * 2);
            }
            chunks[c] = new long[CHUNK_STATES * cw];
        }
        System.arraycopy(code, off, chunks[c], (size % CHUNK_STATES) * cw, cw);
        size++;
        return true;
    }

    boolean add(long[] code) {
        return add(code, 0);
    }

    void get(int i, long[] dst) {
        System.arraycopy(chunks[i / CHUNK_STATES], (i % CHUNK_STATES) * cw, dst, 0, cw);
    }
}
