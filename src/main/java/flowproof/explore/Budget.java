package flowproof.explore;

/**
 * What the heap allows: the visited sets and the passes over them ask before they allocate,
 * so that a search ends as {@link Verdict#INCOMPLETE} (limit "memory") rather than in an
 * {@link OutOfMemoryError}. A headroom is kept free for everything else the search
 * allocates (expander scratch, traces, the report): 64 MB (96 MB for the parallel search),
 * but never more than a quarter of the heap, so that a small heap ({@code -Xmx64m}) still
 * explores what fits instead of refusing every state.
 */
final class Budget {

    private Budget() {
    }

    /** The headroom kept free: {@code preferred}, at most a quarter of the largest heap the JVM allows. */
    static long headroom(long preferred) {
        return Math.min(preferred, Runtime.getRuntime().maxMemory() / 4);
    }

    /** Whether {@code extra} more bytes fit in the heap with the default headroom of 64 MB. */
    static boolean heapAllows(long extra) {
        return heapAllows(extra, 64L << 20);
    }

    /** Whether {@code extra} more bytes fit in the heap, keeping {@link #headroom(long)} free. */
    static boolean heapAllows(long extra, long preferredHeadroom) {
        Runtime rt = Runtime.getRuntime();
        long used = rt.totalMemory() - rt.freeMemory();
        return used + extra < rt.maxMemory() - headroom(preferredHeadroom);
    }
}
