package flowproof.check;

import java.util.List;

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
import java.util.Map;
import java.util.Optional;

/**
 * What flowproof established about one spec: the answer of {@link Flowproof#check},
 * {@link Flowproof#explore} or {@link Flowproof#prove}, the one object the command line,
 * {@code verify}, the JSON and text reports and users' own code all read. Immutable.
 *
 * <p>The {@link #verdict()} is earned or it is {@link Verdict#INCOMPLETE}: a limit, a memory
 * budget or a refused encoding never yields {@code proved} or {@code deadlock-free}.
 */
public final class Decision {

    /** Exit code of the command line for a proof or a deadlock-free verdict. */
    public static final int EXIT_OK = 0;
    /** Exit code of the command line for a counterexample or a deadlock configuration. */
    public static final int EXIT_VIOLATION = 1;
    /** Exit code of the command line for an incomplete or unknown verdict. */
    public static final int EXIT_INCOMPLETE = 3;

    /** Which question was asked. */
    public enum Kind {
        /** {@link Flowproof#check}: the cheapest sound method. */
        CHECK,
        /** {@link Flowproof#explore}: enumeration only. */
        EXPLORE,
        /** {@link Flowproof#prove}: CP-SAT, with a guided search toward a deadlock configuration. */
        PROVE
    }

    private final Kind kind;
    private final Checker.Outcome checked;
    private final Proving.Outcome proved;
    private final String writeFailure;

    private Decision(Kind kind, Checker.Outcome checked, Proving.Outcome proved, String writeFailure) {
        this.kind = kind;
        this.checked = checked;
        this.proved = proved;
        this.writeFailure = writeFailure;
    }

    static Decision of(Kind kind, Checker.Outcome o, String writeFailure) {
        return new Decision(kind, o, null, writeFailure);
    }

    static Decision of(Proving.Outcome o, String writeFailure) {
        return new Decision(Kind.PROVE, null, o, writeFailure);
    }

    /** @return which question was asked */
    public Kind kind() {
        return kind;
    }

    /** @return the spec decided */
    public Spec spec() {
        return checked != null ? checked.spec() : proved.spec();
    }

    /**
     * The verdict in the explorer's terms: {@code proved}, {@code deadlock-free},
     * {@code counterexample} or {@code incomplete}. For {@link Kind#PROVE} a deadlock
     * configuration is a counterexample only when a search reached it from the empty network;
     * otherwise (and for an unknown proof) it is incomplete; see {@link #proof()} for the
     * solver's own answer.
     *
     * @return the verdict
     */
    public Verdict verdict() {
        return checked != null ? checked.verdict() : proved.checkVerdict();
    }

    /**
     * How the verdict was reached: {@code cdg}, {@code duato}, {@code exhaustive},
     * {@code product}, {@code cp-sat}, {@code search} or {@code cycle-guided} for {@link Kind#CHECK} and
     * {@link Kind#EXPLORE}; for {@link Kind#PROVE} {@code cp-sat} or, for message classes, the
     * extended dependency graph or a search.
     *
     * @return the method, as the JSON reports name it
     */
    public String method() {
        return checked != null ? checked.method() : proved.method();
    }

    /** @return whether the verdict is proved or deadlock-free */
    public boolean isDeadlockFree() {
        Verdict v = verdict();
        return v == Verdict.PROVED || v == Verdict.DEADLOCK_FREE;
    }

    /**
     * What was established about each property; properties not asked for are
     * {@link PropertyStatus#NOT_CHECKED}.
     *
     * @return a status per property, in property order
     */
    public Map<Property, PropertyStatus> properties() {
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
    public PropertyStatus status(Property p) {
        if (proved != null) {
            return proved.propertyStatus(p);
        }
        if (checked.guidedFound() && checked.guided().result().traces().containsKey(p)) {
            // the search guided by the dependency cycle found it: a violation of the full model
            return PropertyStatus.VIOLATED;
        }
        if (checked.proof() != null) {
            return checked.proof().propertyStatus(p);
        }
        if (checked.result() != null) {
            return checked.result().properties().getOrDefault(p, PropertyStatus.NOT_CHECKED);
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
    public Map<Property, Trace> traces() {
        Map<Property, Trace> m = new LinkedHashMap<>();
        Proving.Outcome p = proved != null ? proved : checked.proof();
        if (p != null) {
            if (p.injectable() != null && p.injectable().trace() != null) {
                m.put(Property.INJECTABILITY, p.injectable().trace());
            }
            if (p.reach() != null && p.reach().found()) {
                m.put(p.reach().trace().property(), p.reach().trace());
            }
            return Collections.unmodifiableMap(m);
        }
        if (checked.result() != null) {
            m.putAll(checked.result().traces());
        }
        if (checked.guidedFound()) {
            // the search guided by the dependency cycle: the shortest with its pairs
            checked.guided().result().traces().forEach(m::putIfAbsent);
        }
        return Collections.unmodifiableMap(m);
    }

    /** @return the trace to show first (the first violated property's), if any */
    public Optional<Trace> counterexample() {
        return traces().values().stream().findFirst();
    }

    /**
     * @param p a property
     * @return the counterexample to it, if one was found
     */
    public Optional<Trace> trace(Property p) {
        return Optional.ofNullable(traces().get(p));
    }

    /** @return the explorer's result, when the explorer ran */
    public Optional<ExplorationResult> exploration() {
        return checked == null ? Optional.empty() : Optional.ofNullable(checked.result());
    }

    /** @return states the explorer stored (0 when it did not run) */
    public long states() {
        return exploration().map(ExplorationResult::states).orElse(0L);
    }

    /** @return transitions the explorer followed (0 when it did not run) */
    public long transitions() {
        return exploration().map(ExplorationResult::transitions).orElse(0L);
    }

    /** @return the channel dependency graph {@code check} built first, if it did */
    public Optional<ChannelDependencyGraph> cdg() {
        return checked == null ? Optional.empty() : Optional.ofNullable(checked.cdg());
    }

    /** @return the CP-SAT proof ({@link Kind#PROVE}, or a check whose explorer stopped at a limit) */
    public Optional<ProofResult> proof() {
        Proving.Outcome p = proved != null ? proved : checked.proof();
        return p == null ? Optional.empty() : Optional.of(p.proof());
    }

    /** @return where each counterexample was written (JSON file paths), by property */
    public Map<Property, String> savedFiles() {
        Map<Property, String> m = new LinkedHashMap<>();
        Proving.Outcome p = proved != null ? proved : checked.proof();
        if (checked != null) {
            m.putAll(checked.saved());
        }
        if (p != null) {
            if (p.injectable() != null && p.injectable().saved() != null) {
                m.put(Property.INJECTABILITY, p.injectable().saved());
            }
            if (p.saved() != null && p.reach() != null && p.reach().found()) {
                m.put(p.reach().trace().property(), p.saved());
            }
        }
        return Collections.unmodifiableMap(m);
    }

    /**
     * The result stands, but a counterexample file could not be written: one line naming the
     * file and why (the command line prints it and exits with code 2).
     *
     * @return that line, if writing failed
     */
    public Optional<String> writeFailure() {
        return Optional.ofNullable(writeFailure);
    }

    /**
     * @return whether the verdict meets the spec's {@code expect} (empty when the spec states
     *     none or the verdict is incomplete)
     */
    public Optional<Boolean> matchesExpectation() {
        Verdict expected = spec().expect();
        if (expected == null || verdict() == Verdict.INCOMPLETE) {
            return Optional.empty();
        }
        return Optional.of(verdict().satisfies(expected));
    }

    /** @return seconds spent: the graph, the explorer (and, for a fallback or {@code prove}, CP-SAT) */
    public double seconds() {
        if (proved != null) {
            return proved.proof().seconds();
        }
        return checked.cdgSeconds() + (checked.result() == null ? 0 : checked.result().seconds())
            + (checked.proof() == null ? 0 : checked.proof().proof().seconds());
    }

    /**
     * The command line's exit code for this decision: {@link #EXIT_OK}, {@link #EXIT_VIOLATION}
     * or {@link #EXIT_INCOMPLETE} (a write failure is the caller's to report).
     *
     * @return the exit code
     */
    public int exitCode() {
        if (proved != null) {
            return proved.exitCode();
        }
        Verdict v = kind == Kind.EXPLORE ? checked.result().verdict() : verdict();
        return v == Verdict.COUNTEREXAMPLE ? EXIT_VIOLATION : v == Verdict.INCOMPLETE ? EXIT_INCOMPLETE : EXIT_OK;
    }

    /** @return the human-readable report, as the command line prints it */
    public String text() {
        String t = checked != null ? checked.text() : proved.text();
        List<String> refused = refusedClaims();
        if (refused.isEmpty()) {
            return t;
        }
        StringBuilder b = new StringBuilder();
        for (String r : refused) {
            b.append(String.format("  %-14s %s%n", "claim refused", r));
        }
        int line = t.indexOf('\n') + 1;
        return t.substring(0, line) + b + t.substring(line);
    }

    /** @return the report as a JSON tree (a fresh copy), as {@code --json} prints it */
    public ObjectNode jsonTree() {
        ObjectNode o = checked != null ? checked.json() : proved.json();
        List<String> refused = refusedClaims();
        if (!refused.isEmpty()) {
            var a = o.putArray("refused-claims");
            refused.forEach(a::add);
        }
        return o;
    }

    /**
     * The capabilities the spec's rule (a user's) declares but does not have on the spec's
     * network, each refused before an engine relied on it ({@link flowproof.rule.CheckedRule}),
     * one line each naming the rule, the method and what failed; empty for none.
     *
     * @return the refused claims
     */
    public List<String> refusedClaims() {
        return spec().refusedClaims();
    }

    /** @return the report as one line of JSON, as {@code --json} prints it */
    public String json() {
        return ResultJson.line(jsonTree());
    }

    Checker.Outcome checked() {
        return checked;
    }

    @Override
    public String toString() {
        return spec().name() + ": " + verdict().key() + " (method " + method() + ")";
    }
}
