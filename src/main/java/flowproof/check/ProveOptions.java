package flowproof.check;

import java.nio.file.Path;

/**
 * How {@link Flowproof#prove} runs. Immutable; start from {@link #defaults()}.
 *
 * @param seconds      CP-SAT's time limit
 * @param workers      CP-SAT search workers (1 is deterministic unless the time limit is hit)
 * @param reachStates  states the guided search toward a deadlock configuration may store
 * @param reachSeconds seconds the guided search may take
 * @param saveTo       where a reached deadlock's trace is written, or null not to write it
 */
public record ProveOptions(double seconds, int workers, long reachStates, double reachSeconds, Path saveTo) {

    /**
     * Checks the values; throws {@link IllegalArgumentException} naming the first bad one.
     *
     * @param seconds      CP-SAT's time limit
     * @param workers      CP-SAT search workers
     * @param reachStates  states the guided search may store
     * @param reachSeconds seconds the guided search may take
     * @param saveTo       where a reached deadlock's trace is written, or null
     */
    public ProveOptions {
        if (!(seconds > 0)) {
            throw new IllegalArgumentException("seconds: expected a positive number of seconds, found " + seconds);
        }
        if (workers < 1) {
            throw new IllegalArgumentException("workers: expected at least 1, found " + workers);
        }
        if (reachStates < 1) {
            throw new IllegalArgumentException("reachStates: expected a positive number of states, found " + reachStates);
        }
        if (!(reachSeconds > 0)) {
            throw new IllegalArgumentException("reachSeconds: expected a positive number of seconds, found "
                + reachSeconds);
        }
    }

    /**
     * 600 s, one worker, 2,000,000 states and 60 s for the guided search, nothing saved.
     *
     * @return the default options (those of the {@code prove} command, without saving)
     */
    public static ProveOptions defaults() {
        return new ProveOptions(600, 1, 2_000_000, 60, null);
    }

    /**
     * @param s CP-SAT's time limit in seconds
     * @return these options with that limit
     */
    public ProveOptions withSeconds(double s) {
        return new ProveOptions(s, workers, reachStates, reachSeconds, saveTo);
    }

    /**
     * @param n CP-SAT search workers
     * @return these options with that many workers
     */
    public ProveOptions withWorkers(int n) {
        return new ProveOptions(seconds, n, reachStates, reachSeconds, saveTo);
    }

    /**
     * @param states states the guided search may store
     * @return these options with that limit
     */
    public ProveOptions withReachStates(long states) {
        return new ProveOptions(seconds, workers, states, reachSeconds, saveTo);
    }

    /**
     * @param dir where a reached deadlock's trace is written, or null not to write it
     * @return these options saving there
     */
    public ProveOptions withSaveTo(Path dir) {
        return new ProveOptions(seconds, workers, reachStates, reachSeconds, dir);
    }
}
