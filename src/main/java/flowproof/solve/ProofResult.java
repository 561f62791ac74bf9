package flowproof.solve;

import java.util.List;

/**
 * The outcome of {@link DeadlockProver#prove}.
 *
 * @param verdict     proved, deadlock-configuration or unknown
 * @param reason      one line: why the verdict (which check failed or hit the time limit)
 * @param invariants  the invariants assumed (the rule's, plus capacity and route invariants)
 * @param initialHolds whether the empty network satisfies the invariants
 * @param inductive   whether no invariant state has a move to a non-invariant state
 *                    (null: the solver stopped at its time limit)
 * @param knot        the knot search's solver status: INFEASIBLE, FEASIBLE, OPTIMAL or UNKNOWN
 * @param witness     the deadlock configuration, or null
 * @param minimal     whether the witness has the fewest packets of any (proved optimal)
 * @param seconds     wall-clock seconds of the whole proof
 * @param workers     CP-SAT search workers (1: deterministic unless a time limit is hit)
 * @param timeLimit   the time limit in seconds given to CP-SAT
 * @param variables   variables of the knot model
 * @param constraints constraints of the knot model
 * @param counterToInduction when not inductive: the move that leaves the invariants, one line
 * @param routeSeconds     seconds to build the route graph and head classes
 * @param inductionSeconds seconds of the inductiveness check
 * @param knotSeconds      seconds of the knot search (and the witness's minimization)
 * @param inductionParts   CP-SAT models the inductiveness check solved: local models of moves
 *                         (and of rings) when checked by parts, 1 for the monolithic model, 0 when not checked
 */
public record ProofResult(Verdict verdict, String reason, List<String> invariants, boolean initialHolds,
                          Boolean inductive, String knot, Witness witness, boolean minimal, double seconds,
                          int workers, double timeLimit, int variables, int constraints, String counterToInduction,
                          double routeSeconds, double inductionSeconds, double knotSeconds, int inductionParts) {

    /** The same proof with another verdict and reason (for conclusions drawn after CP-SAT). */
    public ProofResult with(Verdict verdict, String reason) {
        return new ProofResult(verdict, reason, invariants, initialHolds, inductive, knot, witness, minimal, seconds,
            workers, timeLimit, variables, constraints, counterToInduction, routeSeconds, inductionSeconds, knotSeconds,
            inductionParts);
    }

    public enum Verdict {
        PROVED("proved"),
        DEADLOCK_CONFIGURATION("deadlock-configuration"),
        UNKNOWN("unknown");

        private final String key;

        Verdict(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }
    }
}
