package flowproof.check;

import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.cdg.ChannelDependencyGraph;
import flowproof.explore.ExplorationResult;
import flowproof.explore.Property;
import flowproof.explore.PropertyStatus;
import flowproof.explore.Trace;
import flowproof.explore.Verdict;
import flowproof.report.ResultJson;
import flowproof.solve.ProofResult;
import flowproof.spec.Spec;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What flowproof established about one spec: the answer of {@link Flowproof#check},
 * {@link Flowproof#explore} or {@link Flowproof#prove}, the one object the command line,
 * {@code verify}, the JSON and text reports and users' own code all read. Immutable, and one
 * of four: {@link Proved}, {@link DeadlockFree}, {@link Counterexample} or {@link Incomplete},
 * one record per verdict:
 *
 * <pre>{@code
 * Decision d = Flowproof.check(spec);
 * if (d instanceof Decision.Counterexample c) {
 *     Trace t = c.counterexample().orElseThrow();
 * }
 * }</pre>
 *
 * <p>Each carries the question asked ({@link #kind()}), the spec, the {@link Method} that
 * answered, the {@link Evidence} the portfolio's steps gathered and the counterexample files
 * written ({@link Saved}). The {@link #verdict()} is earned or it is {@link Verdict#INCOMPLETE}:
 * a limit, a memory budget or a refused encoding never yields {@code proved} or
 * {@code deadlock-free}.
 */
public sealed interface Decision permits Decision.Proved, Decision.DeadlockFree, Decision.Counterexample,
    Decision.Incomplete {

    /** Exit code of the command line for a proof or a deadlock-free verdict. */
    int EXIT_OK = 0;
    /** Exit code of the command line for a counterexample or a deadlock configuration. */
    int EXIT_VIOLATION = 1;
    /** Exit code of the command line for an incomplete or unknown verdict. */
    int EXIT_INCOMPLETE = 3;

    /** Which question was asked. */
    enum Kind {
        /** {@link Flowproof#check}: the cheapest sound method. */
        CHECK,
        /** {@link Flowproof#explore}: enumeration only. */
        EXPLORE,
        /** {@link Flowproof#prove}: CP-SAT, with a guided search toward a deadlock configuration. */
        PROVE
    }

    /**
     * The counterexample files written for a decision.
     *
     * @param files   the JSON file of each saved trace, by property (empty when nothing was saved)
     * @param failure one line on the first file that could not be written, or null
     */
    record Saved(Map<Property, String> files, String failure) {

        /** Nothing saved, nothing failed. */
        public static final Saved NONE = new Saved(Map.of(), null);

        /**
         * @param files   the JSON file of each saved trace, by property
         * @param failure one line on the first file that could not be written, or null
         */
        public Saved {
            files = Collections.unmodifiableMap(new LinkedHashMap<>(files));
        }
    }

    /**
     * Proved deadlock-free without enumerating every state: by the dependency graph
     * ({@link Method#CDG}, {@link Method#DUATO}) or by CP-SAT ({@link Method#CP_SAT}).
     *
     * @param kind     the question asked
     * @param spec     the spec decided
     * @param method   how
     * @param evidence what the steps established
     * @param saved    the counterexample files written (none)
     */
    record Proved(Kind kind, Spec spec, Method method, Evidence evidence, Saved saved) implements Decision {

        @Override
        public String toString() {
            return Decision.describe(this);
        }
    }

    /**
     * Every reachable state enumerated, and no property violated.
     *
     * @param kind     the question asked
     * @param spec     the spec decided
     * @param method   how
     * @param evidence what the steps established
     * @param saved    the counterexample files written (none)
     */
    record DeadlockFree(Kind kind, Spec spec, Method method, Evidence evidence, Saved saved) implements Decision {

        @Override
        public String toString() {
            return Decision.describe(this);
        }
    }

    /**
     * A property violated, with a trace from the empty network (see {@link #traces()}).
     *
     * @param kind     the question asked
     * @param spec     the spec decided
     * @param method   how
     * @param evidence what the steps established
     * @param saved    the counterexample files written
     */
    record Counterexample(Kind kind, Spec spec, Method method, Evidence evidence, Saved saved) implements Decision {

        @Override
        public String toString() {
            return Decision.describe(this);
        }
    }

    /**
     * No answer: a limit, a memory budget, a lost member or a refused encoding stopped every step.
     *
     * @param kind     the question asked
     * @param spec     the spec decided
     * @param method   the step whose result stands
     * @param evidence what the steps established
     * @param saved    the counterexample files written (none)
     */
    record Incomplete(Kind kind, Spec spec, Method method, Evidence evidence, Saved saved) implements Decision {

        @Override
        public String toString() {
            return Decision.describe(this);
        }
    }

    /** @return which question was asked */
    Kind kind();

    /** @return the spec decided */
    Spec spec();

    /**
     * How the verdict was reached: {@code cdg}, {@code duato}, {@code exhaustive},
     * {@code product}, {@code cp-sat}, {@code search} or {@code cycle-guided} for {@link Kind#CHECK} and
     * {@link Kind#EXPLORE}; for {@link Kind#PROVE} {@code cp-sat} or, for message classes, the
     * extended dependency graph or a search.
     *
     * @return the method; its {@link Method#key()} is the name the JSON reports print
     */
    Method method();

    /** @return what the portfolio's steps established */
    Evidence evidence();

    /** @return the counterexample files written */
    Saved saved();

    /**
     * The verdict in the explorer's terms: {@code proved}, {@code deadlock-free},
     * {@code counterexample} or {@code incomplete}, one per record. For {@link Kind#PROVE} a
     * deadlock configuration is a counterexample only when a search reached it from the empty
     * network; otherwise (and for an unknown proof) it is incomplete; see {@link #proof()} for
     * the solver's own answer.
     *
     * @return the verdict
     */
    default Verdict verdict() {
        return this instanceof Proved ? Verdict.PROVED : this instanceof DeadlockFree ? Verdict.DEADLOCK_FREE
            : this instanceof Counterexample ? Verdict.COUNTEREXAMPLE : Verdict.INCOMPLETE;
    }

    /** @return whether the verdict is proved or deadlock-free */
    default boolean isDeadlockFree() {
        return this instanceof Proved || this instanceof DeadlockFree;
    }

    /**
     * What was established about each property; properties not asked for are
     * {@link PropertyStatus#NOT_CHECKED}.
     *
     * @return a status per property, in property order
     */
    default Map<Property, PropertyStatus> properties() {
        Map<Property, PropertyStatus> m = new EnumMap<>(Property.class);
        for (Property p : Property.values()) {
            m.put(p, status(p));
        }
        return Collections.unmodifiableMap(m);
    }

    /**
     * @param p a property
     * @return what was established about it
     */
    default PropertyStatus status(Property p) {
        Evidence e = evidence();
        if (e.guidedFound() && e.guided().result().traces().containsKey(p)) {
            // the search guided by the dependency cycle found it: a violation of the full model
            return PropertyStatus.VIOLATED;
        }
        if (e.proof() != null) {
            return e.proof().status(spec(), p);
        }
        if (e.exploration() != null) {
            return e.exploration().properties().getOrDefault(p, PropertyStatus.NOT_CHECKED);
        }
        return spec().effectiveProperties().contains(p) ? PropertyStatus.HOLDS : PropertyStatus.NOT_CHECKED;
    }

    /**
     * The counterexamples found, one per violated property, each a shortest trace from the
     * empty network (for {@link Kind#PROVE} and a check that fell back to CP-SAT: the trace
     * the guided search reached; for a check whose full search stopped at a limit and whose
     * search guided by the dependency cycle found a violation, method {@code cycle-guided}: the
     * shortest trace with the cycle's traffic pairs, not necessarily with all).
     *
     * @return the traces by property, in property order
     */
    default Map<Property, Trace> traces() {
        Map<Property, Trace> m = new LinkedHashMap<>();
        Evidence e = evidence();
        Evidence.Proof p = e.proof();
        if (p != null) {
            if (p.injectable() != null && p.injectable().trace() != null) {
                m.put(Property.INJECTABILITY, p.injectable().trace());
            }
            if (p.reach() != null && p.reach().found()) {
                m.put(p.reach().trace().property(), p.reach().trace());
            }
            return Collections.unmodifiableMap(m);
        }
        if (e.exploration() != null) {
            m.putAll(e.exploration().traces());
        }
        if (e.guidedFound()) {
            // the search guided by the dependency cycle: the shortest with its pairs
            e.guided().result().traces().forEach(m::putIfAbsent);
        }
        return Collections.unmodifiableMap(m);
    }

    /** @return the trace to show first (the first violated property's), if any */
    default Optional<Trace> counterexample() {
        return traces().values().stream().findFirst();
    }

    /**
     * @param p a property
     * @return the counterexample to it, if one was found
     */
    default Optional<Trace> trace(Property p) {
        return Optional.ofNullable(traces().get(p));
    }

    /** @return the explorer's result, when the explorer ran */
    default Optional<ExplorationResult> exploration() {
        return Optional.ofNullable(evidence().exploration());
    }

    /** @return states the explorer stored (0 when it did not run) */
    default long states() {
        return exploration().map(ExplorationResult::states).orElse(0L);
    }

    /** @return transitions the explorer followed (0 when it did not run) */
    default long transitions() {
        return exploration().map(ExplorationResult::transitions).orElse(0L);
    }

    /** @return the channel dependency graph {@code check} built first, if it did */
    default Optional<ChannelDependencyGraph> cdg() {
        return Optional.ofNullable(evidence().cdg());
    }

    /** @return the CP-SAT proof ({@link Kind#PROVE}, or a check whose explorer stopped at a limit) */
    default Optional<ProofResult> proof() {
        return Optional.ofNullable(evidence().proof()).map(Evidence.Proof::result);
    }

    /** @return where each counterexample was written (JSON file paths), by property */
    default Map<Property, String> savedFiles() {
        return saved().files();
    }

    /**
     * The result stands, but a counterexample file could not be written: one line naming the
     * file and why (the command line prints it and exits with code 2).
     *
     * @return that line, if writing failed
     */
    default Optional<String> writeFailure() {
        return Optional.ofNullable(saved().failure());
    }

    /**
     * @return whether the verdict meets the spec's {@code expect} (empty when the spec states
     *     none or the verdict is incomplete)
     */
    default Optional<Boolean> matchesExpectation() {
        Verdict expected = spec().expect();
        if (expected == null || verdict() == Verdict.INCOMPLETE) {
            return Optional.empty();
        }
        return Optional.of(verdict().satisfies(expected));
    }

    /** @return seconds spent: the graph, the explorer (and, for a fallback or {@code prove}, CP-SAT) */
    default double seconds() {
        Evidence e = evidence();
        if (kind() == Kind.PROVE) {
            return e.proof().result().seconds();
        }
        return e.cdgSeconds() + (e.exploration() == null ? 0 : e.exploration().seconds())
            + (e.proof() == null ? 0 : e.proof().result().seconds());
    }

    /**
     * The command line's exit code for this decision: {@link #EXIT_OK}, {@link #EXIT_VIOLATION}
     * or {@link #EXIT_INCOMPLETE} (a write failure is the caller's to report). For
     * {@link Kind#PROVE} a deadlock configuration not reached is still {@link #EXIT_VIOLATION}.
     *
     * @return the exit code
     */
    default int exitCode() {
        if (kind() == Kind.PROVE) {
            return evidence().proof().exitCode();
        }
        Verdict v = verdict();
        return v == Verdict.COUNTEREXAMPLE ? EXIT_VIOLATION : v == Verdict.INCOMPLETE ? EXIT_INCOMPLETE : EXIT_OK;
    }

    /** @return the human-readable report, as the command line prints it */
    default String text() {
        return DecisionText.of(this);
    }

    /** @return the report as a JSON tree (a fresh copy), as {@code --json} prints it */
    default ObjectNode jsonTree() {
        return DecisionJson.of(this);
    }

    /** @return the report as one line of JSON, as {@code --json} prints it */
    default String json() {
        return ResultJson.line(jsonTree());
    }

    /**
     * The capabilities the spec's rule (a user's) declares but does not have on the spec's
     * network, each refused before an engine relied on it ({@link flowproof.rule.CheckedRule}),
     * one line each naming the rule, the method and what failed; empty for none.
     *
     * @return the refused claims
     */
    default List<String> refusedClaims() {
        return spec().refusedClaims();
    }

    /** One line: the spec's name, the verdict and the method. */
    private static String describe(Decision d) {
        return d.spec().name() + ": " + d.verdict().key() + " (method " + d.method().key() + ")";
    }

    /**
     * The decision the evidence makes: the record of its verdict, with its method.
     *
     * @param kind     the question asked
     * @param spec     the spec decided
     * @param evidence what the steps established
     * @param saved    the counterexample files written
     * @return the decision
     */
    static Decision of(Kind kind, Spec spec, Evidence evidence, Saved saved) {
        Method m = evidence.method();
        return switch (evidence.verdict()) {
            case PROVED -> new Proved(kind, spec, m, evidence, saved);
            case DEADLOCK_FREE -> new DeadlockFree(kind, spec, m, evidence, saved);
            case COUNTEREXAMPLE -> new Counterexample(kind, spec, m, evidence, saved);
            case INCOMPLETE -> new Incomplete(kind, spec, m, evidence, saved);
        };
    }
}
