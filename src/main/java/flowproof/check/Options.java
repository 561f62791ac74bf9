package flowproof.check;

import flowproof.explore.SearchProgress;
import java.nio.file.Path;

/**
 * How {@link Flowproof#check} and {@link Flowproof#explore} run: budgets, the explorer's
 * engine settings and where counterexamples go. Immutable; start from {@link #defaults()}
 * and change what you need with the {@code with...} methods:
 *
 * <pre>{@code
 * Options o = Options.defaults().withMaxSeconds(60).withThreads(2).withSymmetry(true);
 * }</pre>
 *
 * @param maxStates        overrides the spec's state limit when positive (0: the spec's)
 * @param maxSeconds       overrides the spec's time limit when positive (0: the spec's); {@code check} bounds all
 *                         its phases together by it: the graph, the explorer, CP-SAT and the guided search
 * @param threads          threads that expand states (1: the sequential engine)
 * @param symmetry         reduce by the symmetries the topology, routing and rule declare (checked first)
 * @param maxBytes         a memory budget for the visited set, in bytes; reaching it ends the search as
 *                         {@code incomplete} ({@link Long#MAX_VALUE}: none beyond the spec's)
 * @param expectedStates   a hint that sizes the visited set (0: none)
 * @param progress         called with progress reports during a search, or null
 * @param injectionProduct decide injection queues by the injection-queue product (on by default)
 * @param saveTo           where counterexamples are written (JSON and text), or null not to write them
 * @param firstViolation   stop at the first property violated with a trace (the default); counts are then
 *                         partial and the other properties unknown; false searches on for every property
 * @param method           ({@code check} only) how it searches after the dependency graph
 */
public record Options(long maxStates, double maxSeconds, int threads, boolean symmetry, long maxBytes,
                      long expectedStates, SearchProgress progress, boolean injectionProduct, Path saveTo,
                      boolean firstViolation, Method method) {

    /** How {@code check} searches when the channel dependency graph does not prove the spec. */
    public enum Method {
        /**
         * The explorer's first million states; if they neither finish nor show a violation,
         * CP-SAT's knot search and a guided search that reaches its deadlock configuration; else
         * as {@link #EXPLORER}. Every phase is bounded by states or CP-SAT's deterministic time,
         * so the answer is the same on every run. The default.
         */
        PORTFOLIO("portfolio"),
        /** The explorer with the whole budget, then CP-SAT's proof if it stops at a limit. */
        EXPLORER("explorer");

        private final String key;

        Method(String key) {
            this.key = key;
        }

        /** @return the name {@code --method} takes */
        public String key() {
            return key;
        }
    }

    /**
     * Checks the values; throws {@link IllegalArgumentException} naming the first bad one.
     *
     * @param maxStates        the state limit (0: the spec's)
     * @param maxSeconds       the time limit (0: the spec's)
     * @param threads          threads that expand states
     * @param symmetry         whether to reduce by the declared symmetries
     * @param maxBytes         the visited set's memory budget in bytes
     * @param expectedStates   a hint that sizes the visited set (0: none)
     * @param progress         called with progress reports, or null
     * @param injectionProduct whether injection queues are decided by the injection-queue product
     * @param saveTo           where counterexamples are written, or null
     * @param firstViolation   whether to stop at the first violation
     * @param method           ({@code check} only) how it searches after the dependency graph
     */
    public Options {
        if (method == null) {
            throw new IllegalArgumentException("method: expected portfolio or explorer, found nothing");
        }
        if (maxStates < 0) {
            throw new IllegalArgumentException("maxStates: expected 0 or a positive number of states, found " + maxStates);
        }
        if (maxSeconds < 0 || Double.isNaN(maxSeconds)) {
            throw new IllegalArgumentException("maxSeconds: expected 0 or a positive number, found " + maxSeconds);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads: expected at least 1, found " + threads);
        }
        if (maxBytes < 1) {
            throw new IllegalArgumentException("maxBytes: expected a positive number of bytes, found " + maxBytes);
        }
        if (expectedStates < 0) {
            throw new IllegalArgumentException("expectedStates: expected 0 or more, found " + expectedStates);
        }
    }

    /**
     * The spec's own limits, one thread, no symmetry reduction, no memory budget, silent,
     * the injection-queue product on, nothing saved, stop at the first violation, the portfolio.
     *
     * @return the default options
     */
    public static Options defaults() {
        return new Options(0, 0, 1, false, Long.MAX_VALUE, 0, null, true, null, true, Method.PORTFOLIO);
    }

    /**
     * @param states the state limit (0: the spec's)
     * @return these options with that state limit
     */
    public Options withMaxStates(long states) {
        return new Options(states, maxSeconds, threads, symmetry, maxBytes, expectedStates, progress, injectionProduct,
            saveTo, firstViolation, method);
    }

    /**
     * @param seconds the time limit (0: the spec's)
     * @return these options with that time limit
     */
    public Options withMaxSeconds(double seconds) {
        return new Options(maxStates, seconds, threads, symmetry, maxBytes, expectedStates, progress, injectionProduct,
            saveTo, firstViolation, method);
    }

    /**
     * @param n threads that expand states
     * @return these options with that many threads
     */
    public Options withThreads(int n) {
        return new Options(maxStates, maxSeconds, n, symmetry, maxBytes, expectedStates, progress, injectionProduct,
            saveTo, firstViolation, method);
    }

    /**
     * @param on whether to reduce by the declared (and checked) symmetries
     * @return these options with symmetry reduction on or off
     */
    public Options withSymmetry(boolean on) {
        return new Options(maxStates, maxSeconds, threads, on, maxBytes, expectedStates, progress, injectionProduct,
            saveTo, firstViolation, method);
    }

    /**
     * @param bytes the visited set's memory budget
     * @return these options with that budget
     */
    public Options withMaxBytes(long bytes) {
        return new Options(maxStates, maxSeconds, threads, symmetry, bytes, expectedStates, progress, injectionProduct,
            saveTo, firstViolation, method);
    }

    /**
     * @param states how many states the search is expected to store (sizes the visited set)
     * @return these options with that hint
     */
    public Options withExpectedStates(long states) {
        return new Options(maxStates, maxSeconds, threads, symmetry, maxBytes, states, progress, injectionProduct,
            saveTo, firstViolation, method);
    }

    /**
     * @param listener called with progress reports, or null
     * @return these options with that listener
     */
    public Options withProgress(SearchProgress listener) {
        return new Options(maxStates, maxSeconds, threads, symmetry, maxBytes, expectedStates, listener,
            injectionProduct, saveTo, firstViolation, method);
    }

    /**
     * @param on whether injection queues are decided by the injection-queue product (else enumerated)
     * @return these options with the product on or off
     */
    public Options withInjectionProduct(boolean on) {
        return new Options(maxStates, maxSeconds, threads, symmetry, maxBytes, expectedStates, progress, on,
            saveTo, firstViolation, method);
    }

    /**
     * @param dir where counterexamples are written, or null not to write them
     * @return these options saving there
     */
    public Options withSaveTo(Path dir) {
        return new Options(maxStates, maxSeconds, threads, symmetry, maxBytes, expectedStates, progress,
            injectionProduct, dir, firstViolation, method);
    }

    /**
     * @param on whether to stop at the first violation (false: search on for every property)
     * @return these options stopping there or not
     */
    public Options withFirstViolation(boolean on) {
        return new Options(maxStates, maxSeconds, threads, symmetry, maxBytes, expectedStates, progress,
            injectionProduct, saveTo, on, method);
    }

    /**
     * @param m how {@code check} searches after the dependency graph
     * @return these options with that method
     */
    public Options withMethod(Method m) {
        return new Options(maxStates, maxSeconds, threads, symmetry, maxBytes, expectedStates, progress,
            injectionProduct, saveTo, firstViolation, m);
    }
}
