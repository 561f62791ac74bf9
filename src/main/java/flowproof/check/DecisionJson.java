package flowproof.check;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.explore.GuidedSearch;
import flowproof.explore.Property;
import flowproof.explore.Trace;
import flowproof.report.ResultJson;
import flowproof.solve.ProofResult;
import flowproof.solve.Witness;
import flowproof.spec.Spec;
import java.util.List;
import java.util.Map;

/**
 * The JSON object of a {@link Decision}, as {@code --json} prints it: the explorer's part by
 * {@link ResultJson}, CP-SAT's by {@link #proof}, and what the portfolio and the search guided
 * by the dependency cycle added.
 */
final class DecisionJson {

    private static final ObjectMapper JSON = new ObjectMapper();

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

    private static ObjectNode portfolio(Evidence.PortfolioReport p, String note) {
        ObjectNode o = JSON.createObjectNode();
        o.put("chosen", p.chosen());
        if (note != null) {
            o.put("note", note);
        }
        ObjectNode e = o.putObject("explorer");
        e.put("states", p.explorerStates());
        e.put("answer", p.explorer());
        ObjectNode k = o.putObject("knot");
        k.put("answer", p.knot());
        k.put("seconds", p.knotSeconds());
        return o;
    }

    private static ObjectNode guided(Spec spec, Evidence.Guided g) {
        ObjectNode o = JSON.createObjectNode();
        o.put("answer", g.found() ? "counterexample" : "no violation found");
        o.put("before", g.before());
        var arr = o.putArray("pairs");
        for (int[] pair : g.pairs()) {
            arr.addArray().add(spec.topology().nodeName(pair[0])).add(spec.topology().nodeName(pair[1]));
        }
        o.put("of", spec.pairs().size());
        o.put("states", g.result().states());
        o.put("complete", g.result().complete());
        o.put("limit", g.result().limit());
        o.put("seconds", g.result().seconds());
        return o;
    }

    /** {@code prove}'s object (also {@code check}'s after it fell back to CP-SAT). */
    static ObjectNode proof(Spec spec, Evidence.Proof p, Map<Property, String> saved) {
        ProofResult proof = p.result();
        GuidedSearch.Result reach = p.reach();
        String reached = reach != null && reach.found() ? saved.get(reach.trace().property()) : null;
        ObjectNode o = JSON.createObjectNode();
        o.put("spec", spec.source());
        o.put("name", spec.name());
        o.put("verdict", proof.verdict().key());
        o.put("method", p.method().key());
        o.put("reason", proof.reason());
        o.put("complete", proof.verdict() != ProofResult.Verdict.UNKNOWN);
        if (proof.verdict() == ProofResult.Verdict.UNKNOWN && proof.inductive() != Boolean.FALSE) {
            o.put("limit", "seconds");
        } else {
            o.putNull("limit");
        }
        o.put("seconds", Math.round(proof.seconds() * 1000) / 1000.0);
        ObjectNode phases = o.putObject("phaseSeconds");
        phases.put("routes", Math.round(proof.routeSeconds() * 1000) / 1000.0);
        phases.put("inductiveness", Math.round(proof.inductionSeconds() * 1000) / 1000.0);
        phases.put("knot", Math.round(proof.knotSeconds() * 1000) / 1000.0);
        o.put("inductionParts", proof.inductionParts());
        o.put("workers", proof.workers());
        o.put("timeLimit", proof.timeLimit());
        // One worker is deterministic unless a time limit cut a solve short: the verdict's,
        // or the witness's minimization (then the witness depends on timing).
        o.put("deterministic", p.knotOnly() ? reach == null || !"seconds".equals(reach.limit())
            : p.method() == Method.CP_SAT ? proof.workers() == 1
            && proof.verdict() != ProofResult.Verdict.UNKNOWN && (proof.witness() == null || proof.minimal())
            : reach == null || !"seconds".equals(reach.limit()));
        ObjectNode props = o.putObject("properties");
        for (Property prop : Property.values()) {
            props.put(prop.key(), p.status(spec, prop).key());
        }
        Evidence.Injectable inj = p.injectable();
        if (inj != null) {
            ObjectNode io = o.putObject("injectability");
            io.put("status", inj.status().key());
            io.put("how", inj.how());
            ArrayNode never = io.putArray("notSeenToInject");
            for (Trace.Pair pr : inj.starved()) {
                never.addArray().add(spec.network().topology().nodeName(pr.source()))
                    .add(spec.network().topology().nodeName(pr.destination()));
            }
            String file = inj.trace() == null ? null : saved.get(Property.INJECTABILITY);
            if (file == null) {
                io.putNull("counterexample");
            } else {
                io.put("counterexample", file);
            }
        }
        ArrayNode inv = o.putArray("invariants");
        proof.invariants().forEach(inv::add);
        o.put("initialHolds", proof.initialHolds());
        if (proof.inductive() == null) {
            o.putNull("inductive");
        } else {
            o.put("inductive", proof.inductive());
        }
        o.put("knot", proof.knot());
        if (p.knotOnly()) {
            o.put("knotSearchOnly", true);
        }
        o.put("variables", proof.variables());
        o.put("constraints", proof.constraints());
        Witness w = proof.witness();
        if (w == null && reach != null && p.method() != Method.CP_SAT) {
            o.set("reach", reach(reach, "all-moves"));
        }
        if (w != null) {
            o.set("witness", ResultJson.witness(spec.network(), spec.routing(), w, proof.minimal()));
        } else {
            o.putNull("witness");
        }
        if (p.reachable() == null) {
            o.putNull("reachable");
        } else {
            o.put("reachable", true);
        }
        if (w != null) {
            o.set("reach", reach(reach, p.restricted() ? "witness-routes" : "all-moves"));
        }
        if (reached == null) {
            o.putNull("counterexample");
        } else {
            o.put("counterexample", reached);
        }
        if (spec.expect() == null) {
            o.putNull("expected");
            o.putNull("matches");
        } else {
            o.put("expected", spec.expect().key());
            o.put("matches", p.verdict().satisfies(spec.expect()));
        }
        return o;
    }

    private static ObjectNode reach(GuidedSearch.Result reach, String mode) {
        ObjectNode r = JSON.createObjectNode();
        r.put("mode", mode);
        r.put("states", reach.states());
        r.put("complete", reach.complete());
        if (reach.limit() == null) {
            r.putNull("limit");
        } else {
            r.put("limit", reach.limit());
        }
        r.put("seconds", Math.round(reach.seconds() * 1000) / 1000.0);
        if (reach.found()) {
            r.put("length", reach.trace().length());
        }
        return r;
    }
}
