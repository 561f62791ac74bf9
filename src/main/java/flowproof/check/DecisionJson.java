package flowproof.check;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.explore.GuidedSearch;
import flowproof.explore.Property;
import flowproof.report.ResultJson;
import flowproof.solve.ProofResult;
import flowproof.solve.Witness;
import flowproof.spec.Spec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON object of a {@link Decision}, as {@code --json} prints it: the explorer's part by
 * {@link ResultJson}, CP-SAT's by {@link #proof}, and what the portfolio and the search guided
 * by the dependency cycle added. Each object is a record bound by Jackson (fields in component
 * order, nulls written); an answering step's object holds the ones of the steps before it.
 */
final class DecisionJson {

    private DecisionJson() {
    }

    static ObjectNode of(Decision d) {
        Map<Property, String> saved = d.savedFiles();
        ObjectNode o = d.kind() == Decision.Kind.PROVE ? proof(d.spec(), d.evidence().proof(), saved)
            : check(d.spec(), d.evidence(), saved);
        List<String> refused = d.refusedClaims();
        if (!refused.isEmpty()) {
            var a = o.putArray("refused-claims");
            refused.forEach(a::add);
        }
        return o;
    }

    /** {@code check} and {@code explore}: the answering step's object, with the ones before it inside. */
    private static ObjectNode check(Spec spec, Evidence e, Map<Property, String> saved) {
        ObjectNode o;
        if (e.guidedFound()) {
            o = ResultJson.of(spec.source(), spec.name(), e.guided().result(), spec.expect(), saved);
            o.put("method", e.method().key());
            ResultJson.addCdg(o, e.cdg(), e.cdgSeconds());
            o.set("guided", guided(spec, e.guided()));
            o.set("explorer", check(spec, e.withGuided(null), saved));
            return o;
        }
        if (e.guided() != null) {
            o = check(spec, e.withGuided(null), saved);
            o.set("guided", guided(spec, e.guided()));
            return o;
        }
        if (e.proof() != null) {
            o = proof(spec, e.proof(), saved);
            o.put("prove", o.get("verdict").asText());
            o.put("verdict", e.verdict().key());
            if (e.portfolio() != null) {
                o.set("portfolio", portfolio(e.portfolio(), e.note()));
            }
            o.set("explorer", check(spec, e.explorerOnly(), saved));
            return o;
        }
        if (e.exploration() != null) {
            o = ResultJson.of(spec.source(), spec.name(), e.exploration(), spec.expect(), saved);
        } else {
            o = ResultJson.proved(spec.source(), spec.name(), spec.effectiveProperties(), spec.expect());
        }
        o.put("method", e.method().key());
        if (e.cdg() == null) {
            o.putNull("cdg");
            o.putNull("cycle");
        } else {
            ResultJson.addCdg(o, e.cdg(), e.cdgSeconds());
        }
        if (e.portfolio() != null) {
            o.set("portfolio", portfolio(e.portfolio(), null));
        }
        return o;
    }

    /** The portfolio's report: the answer taken (and why), and what each engine answered. */
    record Portfolio(String chosen, @JsonInclude(JsonInclude.Include.NON_NULL) String note, FirstPhase explorer,
                     Knot knot) {
    }

    /** The explorer's first phase: its states and its answer. */
    record FirstPhase(long states, String answer) {
    }

    /** CP-SAT's knot search: its answer and how long it (and the guided search after it) took. */
    record Knot(String answer, double seconds) {
    }

    /** The search guided by the dependency cycle: its answer, what came before, its pairs and its counts. */
    record Guided(String answer, String before, List<List<String>> pairs, int of, long states, boolean complete,
                  String limit, double seconds) {
    }

    /** A guided search toward a deadlock configuration, or over all moves. */
    record Reach(String mode, long states, boolean complete, String limit, double seconds,
                 @JsonInclude(JsonInclude.Include.NON_NULL) Integer length) {
    }

    /** What {@code prove} established about injectability. */
    record Injectability(String status, String how, List<List<String>> notSeenToInject, String counterexample) {
    }

    /** How long each phase of the proof took. */
    record Phases(double routes, double inductiveness, double knot) {
    }

    /** The head of {@code prove}'s object: the verdict and the solver's figures. */
    record ProofHead(String spec, String name, String verdict, String method, String reason, boolean complete,
                     String limit, double seconds, Phases phaseSeconds, int inductionParts, int workers,
                     double timeLimit, boolean deterministic, Map<String, String> properties,
                     @JsonInclude(JsonInclude.Include.NON_NULL) Injectability injectability, List<String> invariants,
                     boolean initialHolds, Boolean inductive, String knot,
                     @JsonInclude(JsonInclude.Include.NON_NULL) Boolean knotSearchOnly, int variables,
                     int constraints) {
    }

    /** The tail without a deadlock configuration: a search over all moves (message classes), if one ran, first. */
    record SearchTail(@JsonInclude(JsonInclude.Include.NON_NULL) Reach reach, Object witness, Boolean reachable,
                      String counterexample, String expected, Boolean matches) {
    }

    /** The tail with a deadlock configuration, and the guided search toward it after. */
    record WitnessTail(ObjectNode witness, Boolean reachable, Reach reach, String counterexample, String expected,
                       Boolean matches) {
    }

    private static ObjectNode portfolio(Evidence.PortfolioReport p, String note) {
        return ResultJson.tree(new Portfolio(p.chosen(), note, new FirstPhase(p.explorerStates(), p.explorer()),
            new Knot(p.knot(), p.knotSeconds())));
    }

    private static ObjectNode guided(Spec spec, Evidence.Guided g) {
        var top = spec.topology();
        List<List<String>> pairs = g.pairs().stream().map(pair -> List.of(top.nodeName(pair[0]), top.nodeName(pair[1])))
            .toList();
        return ResultJson.tree(new Guided(g.found() ? "counterexample" : "no violation found", g.before(), pairs,
            spec.pairs().size(), g.result().states(), g.result().complete(), g.result().limit(), g.result().seconds()));
    }

    private static double ms(double seconds) {
        return Math.round(seconds * 1000) / 1000.0;
    }

    /** {@code prove}'s object (also {@code check}'s after it fell back to CP-SAT). */
    static ObjectNode proof(Spec spec, Evidence.Proof p, Map<Property, String> saved) {
        ProofResult proof = p.result();
        GuidedSearch.Result reach = p.reach();
        String reached = reach != null && reach.found() ? saved.get(reach.trace().property()) : null;
        Map<String, String> props = new LinkedHashMap<>();
        for (Property prop : Property.values()) {
            props.put(prop.key(), p.status(spec, prop).key());
        }
        Evidence.Injectable inj = p.injectable();
        Injectability injectability = inj == null ? null : new Injectability(inj.status().key(), inj.how(),
            inj.starved().stream().map(pr -> List.of(spec.network().topology().nodeName(pr.source()),
                spec.network().topology().nodeName(pr.destination()))).toList(),
            inj.trace() == null ? null : saved.get(Property.INJECTABILITY));
        // One worker is deterministic unless a time limit cut a solve short: the verdict's,
        // or the witness's minimization (then the witness depends on timing).
        boolean deterministic = p.knotOnly() ? reach == null || !"seconds".equals(reach.limit())
            : p.method() == Method.CP_SAT ? proof.workers() == 1
            && proof.verdict() != ProofResult.Verdict.UNKNOWN && (proof.witness() == null || proof.minimal())
            : reach == null || !"seconds".equals(reach.limit());
        ObjectNode o = ResultJson.tree(new ProofHead(spec.source(), spec.name(), proof.verdict().key(), p.method().key(),
            proof.reason(), proof.verdict() != ProofResult.Verdict.UNKNOWN,
            proof.verdict() == ProofResult.Verdict.UNKNOWN && proof.inductive() != Boolean.FALSE ? "seconds" : null,
            ms(proof.seconds()), new Phases(ms(proof.routeSeconds()), ms(proof.inductionSeconds()),
                ms(proof.knotSeconds())), proof.inductionParts(), proof.workers(), proof.timeLimit(), deterministic,
            props, injectability, proof.invariants(), proof.initialHolds(), proof.inductive(), proof.knot(),
            p.knotOnly() ? Boolean.TRUE : null, proof.variables(), proof.constraints()));
        String expected = spec.expect() == null ? null : spec.expect().key();
        Boolean matches = spec.expect() == null ? null : p.verdict().satisfies(spec.expect());
        Witness w = proof.witness();
        o.setAll(w == null
            ? ResultJson.tree(new SearchTail(reach != null && p.method() != Method.CP_SAT ? reach(reach, "all-moves")
                : null, null, p.reachable(), reached, expected, matches))
            : ResultJson.tree(new WitnessTail(ResultJson.witness(spec.network(), spec.routing(), w, proof.minimal()),
                p.reachable(), reach(reach, p.restricted() ? "witness-routes" : "all-moves"), reached, expected,
                matches)));
        return o;
    }

    private static Reach reach(GuidedSearch.Result reach, String mode) {
        return new Reach(mode, reach.states(), reach.complete(), reach.limit(), ms(reach.seconds()),
            reach.found() ? reach.trace().length() : null);
    }
}
