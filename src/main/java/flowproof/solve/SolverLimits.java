package flowproof.solve;

import com.google.ortools.sat.CpSolver;

/**
 * The limits every CP-SAT solve of one {@link DeadlockProver} run shares: the wall-clock limit
 * counted from the proof's start (also while a model is built, {@link #checkTime}), the
 * deterministic-time limit of the knot search alone, and a {@link DeadlockProver.Cancel}.
 */
final class SolverLimits {

    private final long start;
    private final DeadlockProver.Options options;
    /** The knot search alone: every solve bounded by CP-SAT's deterministic time instead (0: not). */
    private final double knotOnlyDeterministicTime;
    /** Stops the knot search from another thread (null: none). */
    private final DeadlockProver.Cancel cancel;

    SolverLimits(long start, DeadlockProver.Options options, double knotOnlyDeterministicTime,
                 DeadlockProver.Cancel cancel) {
        this.start = start;
        this.options = options;
        this.knotOnlyDeterministicTime = knotOnlyDeterministicTime;
        this.cancel = cancel;
    }

    /** Thrown while a CP-SAT model is being built past the time limit (thousands of VCs: millions of table constraints). */
    static final class OutOfTime extends RuntimeException {
        OutOfTime() {
            super("the CP-SAT model was not built within the time limit", null, false, false);
        }
    }

    /** The wall-clock limit for all solves together, in seconds. */
    double seconds() {
        return options.seconds();
    }

    /** Throws {@link OutOfTime} past the time limit or once cancelled. */
    void checkTime() {
        if ((System.nanoTime() - start) / 1e9 > options.seconds() || cancel != null && cancel.cancelled()) {
            throw new OutOfTime();
        }
    }

    /** The seconds left, at least 0.01. */
    double remaining() {
        return Math.max(0.01, options.seconds() - (System.nanoTime() - start) / 1e9);
    }

    /** A solver for at most {@code seconds} (or the deterministic time), checking the time first. */
    CpSolver solver(double seconds) {
        checkTime();
        CpSolver s = new CpSolver();
        if (cancel != null) {
            cancel.solver = s;
        }
        if (knotOnlyDeterministicTime > 0) {
            // deterministic: one worker, a deterministic-time bound, no wall-clock bound
            s.getParameters().setNumWorkers(1).setMaxDeterministicTime(knotOnlyDeterministicTime);
        } else {
            s.getParameters().setNumWorkers(options.workers()).setMaxTimeInSeconds(seconds);
        }
        if (Boolean.getBoolean("flowproof.cpsat.log")) {
            s.getParameters().setLogSearchProgress(true);
        }
        return s;
    }
}
