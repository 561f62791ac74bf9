package flowproof.check;

import flowproof.explore.Verdict;
import flowproof.solve.OrTools;
import flowproof.spec.Spec;

/**
 * CP-SAT's turn ({@link CpSat#prove}): {@code prove} itself, or {@code check}'s fallback when
 * the explorer stopped at a limit. The fallback runs only where it can answer (a lost member
 * has already ended the run: CP-SAT is not asked to decide a run the cluster cut short): not without OR-tools, not
 * for message classes (prove has no CP-SAT model for them, only a breadth-first search over all
 * moves, which is the explorer's own search again), not past the deadline; a rule the CP-SAT
 * model cannot encode leaves the explorer's incomplete result standing.
 */
final class ProveStep implements Step {

    private final boolean fallback;

    private ProveStep(boolean fallback) {
        this.fallback = fallback;
    }

    /** {@code prove}: always answers, or throws for a model beyond the encoding. */
    static ProveStep alone() {
        return new ProveStep(false);
    }

    /** {@code check} after the explorer stopped at a limit. */
    static ProveStep fallback() {
        return new ProveStep(true);
    }

    @Override
    public Outcome take(Spec spec, Budget budget, Evidence sofar) {
        if (!fallback) {
            return new Decided(sofar.withProof(CpSat.prove(spec, budget), null));
        }
        var r = sofar.exploration();
        if (r == null || r.verdict() != Verdict.INCOMPLETE || OrTools.problem() != null || spec.model().messages() != null || !budget.timeLeft()) {
            return new Undecided(sofar);
        }
        Evidence.Proof p;
        try {
            p = CpSat.prove(spec, budget);
        } catch (UnsupportedOperationException e) {
            // A rule the CP-SAT model cannot encode: the explorer's incomplete result stands.
            return new Undecided(sofar);
        }
        Evidence e = sofar.withProof(p, null);
        return p.verdict() == Verdict.INCOMPLETE ? new Undecided(e) : new Decided(e);
    }
}
