package flowproof.check;

import flowproof.explore.Limits;
import flowproof.explore.SearchProgress;
import flowproof.solve.DeadlockProver;
import flowproof.spec.Spec;

/**
 * What one run of a {@link Portfolio} may spend, handed whole to every {@link Step}: the
 * state and time limits that override the spec's, the clock's deadline for all steps together
 * ({@code check --max-seconds}), how the explorer runs, CP-SAT's limits and the guided searches'.
 *
 * @param states   overrides the spec's state limit when positive
 * @param seconds  overrides the spec's time limit when positive
 * @param start    when the run began ({@link System#nanoTime()})
 * @param deadline when every step must have ended ({@link System#nanoTime()}), or {@link Long#MAX_VALUE}
 * @param engine   how the explorer runs
 * @param prover   CP-SAT's time limit and workers (within the deadline)
 * @param reach    the limits of the guided searches around a proof
 */
record Budget(long states, double seconds, long start, long deadline, Engine engine, DeadlockProver.Options prover,
              Reach reach) {

    /**
     * How the explorer runs: threads, symmetry reduction, a memory budget in bytes for its
     * visited set (reaching it ends the search as incomplete), a size hint, progress reports
     * (or null), the injection-queue product, and whether to stop at the first violation.
     */
    record Engine(int threads, boolean symmetry, long maxBytes, long expectedStates, SearchProgress progress,
                  boolean injectionProduct, boolean first) {

        /** This engine on one thread, without a size hint or progress reports. */
        Engine sequential() {
            return new Engine(1, symmetry, maxBytes, 0, progress, injectionProduct, true);
        }
    }

    /** States and seconds the guided searches around a proof may spend. */
    record Reach(long states, double seconds) {

        static Reach defaults() {
            return new Reach(2_000_000, 60);
        }
    }

    /** {@code check}: {@code --max-seconds} bounds every step together, from now. */
    static Budget check(Options o) {
        long t0 = System.nanoTime();
        long deadline = o.maxSeconds() > 0 ? t0 + (long) (o.maxSeconds() * 1e9) : Long.MAX_VALUE;
        return new Budget(o.maxStates(), o.maxSeconds(), t0, deadline, engine(o), DeadlockProver.Options.defaults(),
            Reach.defaults());
    }

    /** {@code explore}: the explorer's own limits, no deadline. */
    static Budget explore(Options o) {
        return new Budget(o.maxStates(), o.maxSeconds(), System.nanoTime(), Long.MAX_VALUE, engine(o),
            DeadlockProver.Options.defaults(), Reach.defaults());
    }

    /** {@code prove}: CP-SAT's limits and the guided search's, no deadline. */
    static Budget prove(ProveOptions o) {
        return new Budget(0, 0, System.nanoTime(), Long.MAX_VALUE, engine(Options.defaults()),
            new DeadlockProver.Options(o.seconds(), o.workers()), new Reach(o.reachStates(), o.reachSeconds()));
    }

    private static Engine engine(Options o) {
        return new Engine(o.threads(), o.symmetry(), o.maxBytes(), o.expectedStates(), o.progress(),
            o.injectionProduct(), o.firstViolation());
    }

    /** Whether the deadline, if any, is still ahead. */
    boolean timeLeft() {
        return deadline == Long.MAX_VALUE || System.nanoTime() < deadline;
    }

    /** Seconds left before the deadline, at least a millisecond (a phase given 0 would take its default). */
    double left() {
        return Math.max(0.001, (deadline - System.nanoTime()) / 1e9);
    }

    /** The explorer's time limit now: what is left before the deadline, or the overriding seconds (0: the spec's). */
    double explorerSeconds() {
        return deadline == Long.MAX_VALUE ? seconds : left();
    }

    /** CP-SAT's limits now: within the deadline, one worker. */
    DeadlockProver.Options solver() {
        return deadline == Long.MAX_VALUE ? prover : new DeadlockProver.Options(Math.min(prover.seconds(), left()), 1);
    }

    /** Seconds a guided search may take now: its own limit, within the deadline. */
    double reachSeconds(double limit) {
        return deadline == Long.MAX_VALUE ? limit : Math.max(0.001, Math.min(limit, (deadline - System.nanoTime()) / 1e9));
    }

    /** The explorer's limits for {@code spec}: {@code states} and {@code seconds} override the spec's when positive. */
    Limits limits(Spec spec, long states, double seconds) {
        Limits l = spec.limits();
        return new Limits(states > 0 ? states : l.states(), seconds > 0 ? seconds : l.seconds(),
            Math.min(l.bytes(), engine.maxBytes()));
    }

    /** The explorer's limits for {@code spec} now. */
    Limits limits(Spec spec) {
        return limits(spec, states, explorerSeconds());
    }
}
