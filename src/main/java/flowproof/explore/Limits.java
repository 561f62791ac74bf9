package flowproof.explore;

/**
 * Budgets of one search. Reaching any of them stops the search with an
 * {@link Verdict#INCOMPLETE} result (unless a violation was already found).
 *
 * @param states  most distinct states to store
 * @param seconds most wall-clock seconds to search
 * @param bytes   most bytes the visited set may hold
 */
public record Limits(long states, double seconds, long bytes) {

    public static final long DEFAULT_STATES = 100_000_000L;
    public static final double DEFAULT_SECONDS = 600;

    public static Limits defaults() {
        return new Limits(DEFAULT_STATES, DEFAULT_SECONDS, Long.MAX_VALUE);
    }
}
