package flowproof.check;

import flowproof.explore.ExplorationResult;
import flowproof.explore.Verdict;
import flowproof.solve.DeadlockProver;
import flowproof.solve.OrTools;
import flowproof.spec.Spec;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The portfolio between the dependency graph and the full search ({@link Options.Method#PORTFOLIO}):
 * the explorer's first {@link #STATES} states and, on a second thread beside them, CP-SAT's knot
 * search (a deadlock configuration with the fewest packets, deterministic) and a guided search
 * that reaches it from the empty network. If the first phase finishes the search or shows a
 * violation, the knot search is stopped and nothing changes: {@code check} goes on as without
 * the portfolio. Otherwise a reached configuration decides (a counterexample, method
 * {@code cp-sat}); else the search guided by the dependency cycle, within the first phase's
 * states, may decide; else only the engines' report ({@link Evidence.PortfolioReport}) goes on,
 * and {@code check} goes on as without the portfolio (the explorer with its whole budget, then
 * CP-SAT's proof).
 *
 * <p>Which engine finishes first never changes the answer: the first phase's, when it decides,
 * else the knot search's. Every step is bounded by states or CP-SAT's deterministic time, never
 * by the clock (apart from {@code --max-seconds}), and the first phase runs on one thread, so a
 * spec takes the same path and gives the same trace on every run, whatever {@code --threads}
 * says. The knot search runs only where {@code prove} applies: interleaving moves, whole
 * packets, no message classes, no injection queues, a rule the CP-SAT model can tabulate,
 * OR-tools loaded.
 */
final class FirstPhaseStep implements Step {

    /**
     * The first explorer phase: this many states (or the spec's limit, if lower). States, not
     * seconds, so that the same spec takes the same path on every run and machine.
     */
    static final long STATES = 1_000_000;
    /** CP-SAT's deterministic time for the knot search (each solve; about seconds of one core). */
    static final double KNOT_TIME = 20;
    /** States the guided search toward the knot search's deadlock configuration may store. */
    static final long REACH_STATES = 2_000_000;

    @Override
    public Outcome take(Spec spec, Budget budget, Evidence sofar) {
        var m = spec.model();
        long states = budget.states() > 0 ? budget.states() : spec.limits().states();
        boolean knotApplies = OrTools.problem() == null && m.messages() == null && m.injectionQueue() == 0
            && m.semantics() == flowproof.explore.Semantics.INTERLEAVING;
        List<int[]> pairs = GuidedStep.pairs(spec, sofar.cdg());
        if (states > 0 && states <= STATES || !knotApplies && pairs == null) {
            return new Undecided(sofar);
        }
        // CP-SAT's knot search (and the guided search toward a configuration it finds) runs on its
        // own thread beside the explorer's first phase. The answer taken does not depend on which
        // finishes first: the explorer's when its first phase decides, else the knot search's.
        DeadlockProver.Cancel cancel = new DeadlockProver.Cancel();
        Future<CpSat.KnotRun> knotRun = knotApplies ? startKnot(spec, budget, cancel) : null;
        ExplorationResult r;
        try {
            // one thread: a parallel search stopped by a limit has explored a set of states that depends on the
            // threads, and the path the portfolio takes must not
            r = ExploreStep.run(spec, budget.limits(spec, STATES, budget.explorerSeconds()),
                limits -> ExploreStep.local(spec, limits, true, budget.engine().sequential()));
        } catch (RuntimeException | Error e) {
            cancel.cancel();
            throw e;
        }
        boolean memory = "memory".equals(r.limit());
        if (r.complete() || r.verdict() != Verdict.INCOMPLETE || !"states".equals(r.limit()) && !(memory && pairs != null)
            || !budget.timeLeft()) {
            // finished, a violation found, or the clock ran out: the search as without the portfolio decides
            cancel.cancel();
            return new Undecided(sofar);
        }
        String undecided = String.format("no violation in its first %,d states", r.states());
        Evidence.PortfolioReport report = null;
        if (knotRun != null) {
            CpSat.KnotRun run;
            try {
                run = knotRun.get();
            } catch (InterruptedException e) {
                cancel.cancel();
                Thread.currentThread().interrupt();
                return new Undecided(sofar);
            } catch (ExecutionException e) {
                run = unlessUntabulated(e);
            }
            if (run != null) {
                Evidence.Proof knot = CpSat.knot(run, r);
                if (knot.verdict() == Verdict.COUNTEREXAMPLE) {
                    return new Decided(sofar.withExploration(r).withProof(knot, note(r, knot))
                        .withPortfolio(new Evidence.PortfolioReport(r.states(), undecided, run.describe(), run.seconds(),
                            "cp-sat")));
                }
                // no answer from the knot search: only its report goes on
                report = new Evidence.PortfolioReport(r.states(), undecided, run.describe(), run.seconds(), "explorer");
            }
        }
        Evidence.Guided tried = null;
        if (pairs != null && budget.timeLeft()) {
            String before = String.format(memory ? "the explorer's first phase reached its memory limit at %,d states"
                    + " without a violation%s" : "the explorer's first %,d states showed no violation%s", r.states(),
                report == null ? "" : " and CP-SAT's knot search reached no deadlock");
            // no more states than the first phase's: at most its cost again before the whole explorer
            Evidence.Guided g = GuidedStep.run(spec, budget, pairs, before, STATES);
            if (g.found()) {
                return new Decided(sofar.withExploration(r).withGuided(g).withPortfolio(report));
            }
            tried = g;
        }
        // nothing decided: check searches as without the portfolio, with the engines' report
        return new Undecided(sofar.withPortfolio(report).withGuided(tried));
    }

    /** Starts the knot search on a thread of its own. */
    private static Future<CpSat.KnotRun> startKnot(Spec spec, Budget budget, DeadlockProver.Cancel cancel) {
        ExecutorService knotThread = Executors.newSingleThreadExecutor(task -> {
            Thread t = new Thread(task, "flowproof-knot");
            t.setDaemon(true);
            return t;
        });
        Future<CpSat.KnotRun> run = knotThread.submit(() ->
            CpSat.knotRun(spec, KNOT_TIME, REACH_STATES, budget.deadline(), cancel));
        knotThread.shutdown();
        return run;
    }

    /** Null when the knot search failed because the rule cannot be tabulated; otherwise its failure, rethrown. */
    private static CpSat.KnotRun unlessUntabulated(ExecutionException e) {
        if (e.getCause() instanceof UnsupportedOperationException) {
            return null; // a rule the CP-SAT model cannot tabulate
        }
        if (e.getCause() instanceof RuntimeException re) {
            throw re;
        }
        if (e.getCause() instanceof Error err) {
            throw err;
        }
        throw new IllegalStateException(e.getCause());
    }

    private static String note(ExplorationResult r, Evidence.Proof p) {
        return String.format("portfolio: the explorer's first %,d states showed no violation; CP-SAT's knot search found a"
            + " deadlock configuration of %d packets and a guided search reached it in %d moves", r.states(),
            p.result().witness().packetCount(), p.reach().trace().length());
    }
}
