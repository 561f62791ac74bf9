package flowproof.check;

import flowproof.explore.GuidedSearch;
import flowproof.explore.Property;
import flowproof.explore.Verdict;
import flowproof.report.Picture;
import flowproof.report.ResultText;
import flowproof.solve.ProofResult;
import flowproof.solve.Witness;
import flowproof.spec.Spec;
import java.util.List;
import java.util.Map;

/**
 * The human-readable report of a {@link Decision}, as the command line prints it: the
 * explorer's part by {@link ResultText}, then what CP-SAT, the portfolio and the search
 * guided by the dependency cycle added, and the claims refused under the first line.
 */
final class DecisionText {

    private DecisionText() {
    }

    static String of(Decision d) {
        Map<Property, String> saved = d.savedFiles();
        String t = d.kind() == Decision.Kind.PROVE ? proof(d.spec(), d.evidence().proof(), saved)
            : check(d.spec(), d.evidence(), saved);
        List<String> refused = d.refusedClaims();
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

    /** {@code check} and {@code explore}: each later step's lines after the report of the ones before. */
    private static String check(Spec spec, Evidence e, Map<Property, String> saved) {
        var result = e.exploration();
        if (e.guided() != null) {
            return check(spec, e.withGuided(null), saved) + guided(spec, e.guided(), saved, e.verdict());
        }
        if (e.proof() != null && e.note() != null) {
            return check(spec, e.explorerOnly(), saved) + "  " + e.note() + " (check verdict " + e.verdict().key()
                + ")\n" + proof(spec, e.proof(), saved);
        }
        if (e.proof() != null) {
            return check(spec, e.explorerOnly(), saved) + "  the explorer reached its " + result.limit()
                + " limit: proving with " + (e.proof().method() == Method.CP_SAT ? "CP-SAT"
                : "prove's search (message classes)") + " (check verdict " + e.verdict().key() + ")\n"
                + proof(spec, e.proof(), saved);
        }
        if (result != null && e.portfolio() != null) {
            Evidence.PortfolioReport p = e.portfolio();
            return check(spec, e.explorerOnly(), saved) + String.format("  %-14s the explorer's first %,d states: %s;"
                + " CP-SAT's knot search: %s (%.2f s); the explorer's full search decides%n", "portfolio",
                p.explorerStates(), p.explorer(), p.knot(), p.knotSeconds());
        }
        StringBuilder b = new StringBuilder();
        if (result != null) {
            b.append(ResultText.of(spec.source(), spec.name(), spec.traffic(), result, spec.expect(), saved));
            if (e.cdg() != null) {
                b.insert(b.indexOf("\n") + 1, ResultText.cdg(e.cdg(), e.cdgSeconds()));
            } else if (GraphStep.GRAPH_SIZE.equals(result.limit())) {
                // the graph could not be indexed (issue 46): say by how much, in one line
                long queues = spec.network().queues();
                long headers = spec.routing().headers();
                b.append(String.format("  %-14s not built: %,d (queue, header) pairs (%,d queues x %,d headers), more"
                    + " than the %,d it indexes; nothing was searched (docs/limitations.md)%n", "cdg", queues * headers,
                    queues, headers, Integer.MAX_VALUE));
            }
            return b.toString();
        }
        b.append(spec.name()).append("  (").append(spec.source()).append(")\n");
        b.append(String.format("  %-14s %s; traffic %s%n", "model", spec.model().describe(), spec.traffic()));
        String exp = spec.expect() == null ? ""
            : "; expected " + spec.expect().key() + ": " + (Verdict.PROVED.satisfies(spec.expect()) ? "ok" : "MISMATCH");
        b.append(String.format("  %-14s proved deadlock-free (method %s%s)%n", "verdict",
            e.duato() ? "duato: no cycle in the extended dependency graph of the escape VCs" : "cdg: no dependency cycle",
            exp));
        b.append(ResultText.cdg(e.cdg(), e.cdgSeconds()));
        return b.toString();
    }

    private static String pairs(Spec spec, Evidence.Guided g) {
        var top = spec.topology();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < g.pairs().size(); i++) {
            if (i == 6) {
                b.append(String.format(" and %,d more", g.pairs().size() - 6));
                break;
            }
            b.append(i == 0 ? "" : ", ").append(top.nodeName(g.pairs().get(i)[0])).append(" -> ")
                .append(top.nodeName(g.pairs().get(i)[1]));
        }
        return b.toString();
    }

    private static String what(Spec spec, Evidence.Guided g) {
        return String.format("%s: a search with only the %,d of %,d traffic pairs whose routes make the cycle's"
            + " dependencies (%s)", g.before(), g.pairs().size(), spec.pairs().size(), pairs(spec, g));
    }

    private static String guided(Spec spec, Evidence.Guided g, Map<Property, String> saved, Verdict verdict) {
        var result = g.result();
        if (!g.found()) {
            return String.format("  %-14s %s found no violation in %,d states (%s): that proves nothing%s%n",
                "cycle-guided", what(spec, g), result.states(),
                result.complete() ? "all it reaches" : "stopped by the " + result.limit() + " limit",
                verdict == Verdict.INCOMPLETE ? ", the verdict stays incomplete" : "");
        }
        String report = ResultText.of(spec.source(), spec.name(), String.format("%s, %,d of %,d pairs: %s",
            spec.traffic(), g.pairs().size(), spec.pairs().size(), pairs(spec, g)), result, spec.expect(), saved);
        return String.format("  %-14s %s (check verdict counterexample)%n", "cycle-guided", what(spec, g))
            + report.replace("shortest trace to a violation of ", "trace to a violation (the shortest with"
                + " these pairs, not necessarily with all) of ");
    }

    /** {@code prove}'s report (also {@code check}'s after it fell back to CP-SAT). */
    static String proof(Spec spec, Evidence.Proof p, Map<Property, String> saved) {
        ProofResult proof = p.result();
        GuidedSearch.Result reach = p.reach();
        String reached = reach != null && reach.found() ? saved.get(reach.trace().property()) : null;
        StringBuilder b = new StringBuilder();
        b.append(spec.name()).append("  (").append(spec.source()).append(")\n");
        b.append(String.format("  %-14s %s; traffic %s%n", "model", spec.model().describe(), spec.traffic()));
        b.append(String.format("  %-14s %s (method %s: %s)%s%n", "verdict", proof.verdict().key(), p.method().key(),
            proof.reason(), expectation(spec, p)));
        if (p.method() != Method.CP_SAT) {
            // message classes: no CP-SAT model; the extended graph or the breadth-first search
            injectable(b, p, saved);
            if (reach != null) {
                b.append(allMoves(reach, reached));
            }
            return b.toString();
        }
        boolean worms = spec.model().wormhole() != null;
        if (worms) {
            b.append(String.format("  %-14s %s: what every wormhole state satisfies by construction (the rule's own"
                + " invariants, stated for whole packets, are not assumed)%n", "invariants",
                String.join(", ", proof.invariants())));
        } else {
            b.append(String.format("  %-14s %s; initially %s; inductive %s%n", "invariants",
                String.join(", ", proof.invariants()), proof.initialHolds() ? "hold" : "VIOLATED",
                p.knotOnly() ? "not checked (the knot search alone)" : proof.inductive() == null ? "unknown (time limit)"
                    : proof.inductive() ? "yes" : "NO: " + proof.counterToInduction()));
        }
        if (p.knotOnly()) {
            b.append(String.format("  %-14s knot %s; %,d variables, %,d constraints; 1 worker, a deterministic time"
                    + " limit per solve (deterministic); %.2f s (routes %.2f, knot %.2f)%n",
                "cp-sat", proof.knot(), proof.variables(), proof.constraints(), proof.seconds(), proof.routeSeconds(),
                proof.knotSeconds()));
        } else {
            b.append(String.format("  %-14s knot %s; %,d variables, %,d constraints; %d worker%s, limit %.0f s; %.2f s "
                    + "(routes %.2f, inductiveness %.2f in %,d model%s, knot %.2f)%n",
                "cp-sat", proof.knot(), proof.variables(), proof.constraints(), proof.workers(),
                proof.workers() == 1 ? " (deterministic unless the limit is hit)" : "s", proof.timeLimit(),
                proof.seconds(), proof.routeSeconds(), proof.inductionSeconds(), proof.inductionParts(),
                proof.inductionParts() == 1 ? "" : "s", proof.knotSeconds()));
        }
        injectable(b, p, saved);
        Witness w = proof.witness();
        if (w == null && reach != null) {
            b.append(allMoves(reach, reached));
        }
        if (w != null) {
            b.append("  deadlock configuration (").append(w.packetCount()).append(" packets; ")
                .append(worms ? "queues: one destination per flit of the packet the VC is allocated to, the head's"
                    + " VC last in each worm" : Picture.LEGEND).append("):\n");
            b.append(ResultText.witness(spec.network(), spec.routing(), w));
            if (reach.found()) {
                b.append(String.format("  %-14s a stuck state reached from the empty network in %d moves (%s; %,d states, "
                    + "%.2f s)%s%n", "reachable", reach.trace().length(),
                    worms && (p.knotOnly() || CpSat.PLACED.equals(p.found())) ? "placing its worms one after another"
                        : p.restricted() ? "best-first along the witness's routes"
                        : "breadth-first over all moves",
                    reach.states(), reach.seconds(), reached == null ? "" : "; trace " + reached));
            } else {
                b.append(worms ? String.format("  %-14s not known: placing its worms one after another %s%n", "reachable",
                    "route-order".equals(reach.limit()) ? "is impossible: their routes cross each other's queues"
                        : "rule".equals(reach.limit()) ? "met a move the rule refuses"
                        : "ended in a state that is not stuck")
                    : String.format("  %-14s not known: the %s search %s (%,d states, %.2f s)%n", "reachable",
                    p.restricted() ? "guided" : "breadth-first", reach.complete() ? "found no stuck state"
                        : "stopped at its " + reach.limit() + " limit", reach.states(), reach.seconds()));
            }
        }
        return b.toString();
    }

    private static void injectable(StringBuilder b, Evidence.Proof p, Map<Property, String> saved) {
        Evidence.Injectable inj = p.injectable();
        if (inj != null) {
            String file = inj.trace() == null ? null : saved.get(Property.INJECTABILITY);
            b.append(String.format("  %-14s %s: %s%s%n", "injectability", inj.status().key(), inj.how(),
                file == null ? "" : "; trace " + file));
        }
    }

    /** The line of a breadth-first search over all moves. */
    private static String allMoves(GuidedSearch.Result reach, String reached) {
        return reach.found()
            ? String.format("  %-14s a stuck state reached from the empty network in %d move%s (breadth-first"
                + " over all moves; %,d states, %.2f s)%s%n", "reachable", reach.trace().length(),
                reach.trace().length() == 1 ? "" : "s", reach.states(), reach.seconds(),
                reached == null ? "" : "; trace " + reached)
            : String.format("  %-14s no stuck state found: the breadth-first search %s (%,d states, %.2f s)%n",
                "reachable", reach.complete() ? "was complete" : "stopped at its " + reach.limit() + " limit",
                reach.states(), reach.seconds());
    }

    private static String expectation(Spec spec, Evidence.Proof p) {
        if (spec.expect() == null) {
            return "";
        }
        Verdict v = p.verdict();
        if (v == Verdict.INCOMPLETE) {
            // no answer is no mismatch (verify counts it as incomplete too)
            return "; expected " + spec.expect().key() + ": not decided";
        }
        return "; expected " + spec.expect().key() + ": " + (v.satisfies(spec.expect()) ? "ok" : "MISMATCH");
    }
}
