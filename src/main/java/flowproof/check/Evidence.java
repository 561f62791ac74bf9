package flowproof.check;

import flowproof.cdg.ChannelDependencyGraph;
import flowproof.explore.ExplorationResult;
import flowproof.explore.GuidedSearch;
import flowproof.explore.Property;
import flowproof.explore.PropertyStatus;
import flowproof.explore.Trace;
import flowproof.explore.Verdict;
import flowproof.solve.ProofResult;
import flowproof.spec.Spec;
import java.util.List;

/**
 * What the steps of a {@link Portfolio} established about one spec, as far as they got: the
 * record a {@link Decision} carries and the text and JSON reports read. Every part is null
 * when its step did not run (or ran and left nothing to report).
 *
 * @param cdg         the channel dependency graph, or null when it was not built (or not in time)
 * @param cdgSeconds  seconds spent building it
 * @param exploration the explorer's result (for {@code check} after the portfolio's first phase
 *                    alone, that phase's), or null
 * @param proof       CP-SAT's answer with the searches around it, or null
 * @param note        one line on why the proof was asked for, when not because the explorer hit a limit, or null
 * @param portfolio   what the engines of {@code check}'s portfolio answered, or null
 * @param guided      the search guided by the dependency cycle, or null
 */
public record Evidence(ChannelDependencyGraph cdg, double cdgSeconds, ExplorationResult exploration, Proof proof,
                       String note, PortfolioReport portfolio, Guided guided) {

    /** Nothing established yet. */
    static final Evidence NONE = new Evidence(null, 0, null, null, null, null, null);

    /**
     * CP-SAT's answer ({@code prove}, or {@code check} when the explorer stopped at a limit or its
     * portfolio's knot search found a reachable deadlock), with the searches around it.
     *
     * @param result     the solver's result
     * @param reach      the guided search toward a deadlock configuration (or over all moves), or null
     * @param restricted whether that search took only the moves that bring the witness's packets in
     * @param injectable what was established about injectability, or null
     * @param method     {@link Method#CP_SAT}, or for message classes {@link Method#EXTENDED_CDG} or
     *                   {@link Method#MESSAGE_SEARCH}
     * @param knotOnly   CP-SAT's knot search alone ({@code check}'s portfolio): no inductiveness check
     * @param found      one line on how the reached trace was found (written beside it when saved), or null
     */
    public record Proof(ProofResult result, GuidedSearch.Result reach, boolean restricted, Injectable injectable,
                        Method method, boolean knotOnly, String found) {

        /** @return whether an exhaustive search showed a pair that never injects (the proof would be vacuous) */
        public boolean vacuous() {
            return injectable != null && injectable.status() == PropertyStatus.VIOLATED;
        }

        /** @return true when a stuck state was reached (with a trace); null when not known */
        public Boolean reachable() {
            return reach == null ? null : reach.found() ? Boolean.TRUE : null;
        }

        /** @return the verdict in explorer terms: proved, counterexample (reached) or incomplete */
        public Verdict verdict() {
            if (vacuous()) {
                return Verdict.COUNTEREXAMPLE;
            }
            return switch (result.verdict()) {
                case PROVED -> Verdict.PROVED;
                case DEADLOCK_CONFIGURATION -> Boolean.TRUE.equals(reachable()) ? Verdict.COUNTEREXAMPLE : Verdict.INCOMPLETE;
                default -> Verdict.INCOMPLETE;
            };
        }

        /** @return {@code prove}'s exit code: a deadlock configuration is a violation even when not reached */
        int exitCode() {
            if (vacuous()) {
                return Decision.EXIT_VIOLATION;
            }
            return switch (result.verdict()) {
                case PROVED -> Decision.EXIT_OK;
                case DEADLOCK_CONFIGURATION -> Decision.EXIT_VIOLATION;
                default -> Decision.EXIT_INCOMPLETE;
            };
        }

        /**
         * As the explorer reports properties: all checked ones hold when proved; a reached
         * stuck state violates stuck-freedom and drainability; otherwise unknown.
         */
        PropertyStatus status(Spec spec, Property prop) {
            if (!spec.effectiveProperties().contains(prop)) {
                return PropertyStatus.NOT_CHECKED;
            }
            if (prop == Property.INJECTABILITY) {
                return injectable == null ? PropertyStatus.UNKNOWN : injectable.status();
            }
            if (result.verdict() == ProofResult.Verdict.PROVED) {
                return PropertyStatus.HOLDS;
            }
            if (Boolean.TRUE.equals(reachable()) && prop.invariant() == null) {
                return PropertyStatus.VIOLATED;
            }
            return PropertyStatus.UNKNOWN;
        }
    }

    /**
     * What {@code prove} established about {@link Property#INJECTABILITY}: holds (every pair
     * injects from the initial state, or was seen to inject in a bounded search), violated (an
     * exhaustive search found pairs that never inject: the proof is vacuous), or unknown.
     *
     * @param status  holds, violated or unknown
     * @param starved the pairs not seen to inject (all of them never inject when violated)
     * @param how     one line on how it was established
     * @param trace   the counterexample when violated, else null
     */
    public record Injectable(PropertyStatus status, List<Trace.Pair> starved, String how, Trace trace) {
    }

    /**
     * What the engines of {@code check}'s portfolio answered: the explorer's first phase (its
     * states, and whether it decided) and CP-SAT's knot search with the guided search toward its
     * configuration, and which answer {@code check} took.
     *
     * @param explorerStates the states of the explorer's first phase
     * @param explorer       its answer, in a few words
     * @param knot           the knot search's answer, in a few words
     * @param knotSeconds    seconds the knot search (and the guided search after it) took
     * @param chosen         {@code cp-sat} or {@code explorer}
     */
    public record PortfolioReport(long explorerStates, String explorer, String knot, double knotSeconds,
                                  String chosen) {
    }

    /**
     * The search guided by the dependency cycle ({@link flowproof.cdg.CycleTraffic}): after the
     * full search stopped at a limit (or the portfolio's first phase), the explorer on the same
     * model with only the traffic pairs whose routes make the dependencies of the graph's cycle,
     * injectability left out. A state reachable with these pairs is reachable with all, and the
     * other properties are judged on a state and its forward and eject moves, so a violation
     * found is one of the full model, its trace a trace of it (the shortest with these pairs, not
     * necessarily with all); finding none proves nothing.
     *
     * @param pairs  the traffic pairs searched, as (source, destination) nodes
     * @param result the explorer's result on them
     * @param before what stopped the full search (and CP-SAT's answer, if it ran), for the report
     */
    public record Guided(List<int[]> pairs, ExplorationResult result, String before) {

        /** @return whether it found a violation with a trace: then it decides the verdict */
        public boolean found() {
            return result.verdict() == Verdict.COUNTEREXAMPLE && !result.traces().isEmpty();
        }
    }

    /** @return whether the search guided by the dependency cycle found a violation */
    boolean guidedFound() {
        return guided != null && guided.found();
    }

    /** @return whether the graph is Duato's extended graph of the escape VCs */
    boolean duato() {
        return cdg != null && cdg.kind() != ChannelDependencyGraph.Kind.FULL;
    }

    /** The verdict: the guided search's violation, else the proof's, else the explorer's, else proved by the graph. */
    Verdict verdict() {
        return guidedFound() ? Verdict.COUNTEREXAMPLE : proof != null ? proof.verdict()
            : exploration == null ? Verdict.PROVED : exploration.verdict();
    }

    /** The step that answered. */
    Method method() {
        if (guidedFound()) {
            return Method.CYCLE_GUIDED;
        }
        if (proof != null) {
            return proof.method() == Method.CP_SAT ? Method.CP_SAT : Method.SEARCH;
        }
        if (exploration != null) {
            return exploration.product() != null ? Method.PRODUCT : Method.EXHAUSTIVE;
        }
        return duato() ? Method.DUATO : Method.CDG;
    }

    Evidence withCdg(ChannelDependencyGraph g, double seconds) {
        return new Evidence(g, seconds, exploration, proof, note, portfolio, guided);
    }

    Evidence withExploration(ExplorationResult r) {
        return new Evidence(cdg, cdgSeconds, r, proof, note, portfolio, guided);
    }

    Evidence withProof(Proof p, String why) {
        return new Evidence(cdg, cdgSeconds, exploration, p, why, portfolio, guided);
    }

    Evidence withPortfolio(PortfolioReport p) {
        return new Evidence(cdg, cdgSeconds, exploration, proof, note, p, guided);
    }

    Evidence withGuided(Guided g) {
        return new Evidence(cdg, cdgSeconds, exploration, proof, note, portfolio, g);
    }

    /** The explorer's part alone (with the graph): what the text and JSON report first. */
    Evidence explorerOnly() {
        return new Evidence(cdg, cdgSeconds, exploration, null, null, null, null);
    }
}
