package flowproof.check;

import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.cdg.ChannelDependencyGraph;
import flowproof.explore.ExplorationResult;
import flowproof.explore.Explorer;
import flowproof.explore.Limits;
import flowproof.explore.Property;
import flowproof.explore.Trace;
import flowproof.explore.Verdict;
import flowproof.report.OutputFile;
import flowproof.report.Picture;
import flowproof.report.ResultJson;
import flowproof.report.ResultText;
import flowproof.solve.DeadlockProver;
import flowproof.solve.OrTools;
import flowproof.spec.CounterexampleFile;
import flowproof.spec.Spec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides a spec by the cheapest sound method ({@code check}), or by enumeration alone
 * ({@code explore}); saves counterexamples and formats the outcome.
 *
 * <p>{@code check} builds the channel dependency graph first. An acyclic graph proves
 * deadlock freedom (stuck-freedom and drainability) at once, verdict {@code proved},
 * method {@code cdg}, but only for rules where a free slot suffices
 * ({@link flowproof.rule.FlowControlRule#freeSlotSuffices}: VCT, dateline). It proves
 * nothing about bubble rules, whose packets can wait forever in front of an empty queue,
 * nor about a rule's invariants. Injectability (no vacuous proof) is established beside it:
 * every traffic pair must have an inject move in the initial state, else the explorer decides. Those specs, and every spec with a cyclic graph, go to
 * the explorer (method {@code exhaustive}).
 *
 * <p>For routing with an escape sub-function (Duato) the graph is Duato's extended
 * dependency graph of the escape VCs ({@link ChannelDependencyGraph#buildEscape}); acyclic,
 * with a rule where a free slot suffices on the escape VCs, it proves the spec: method
 * {@code duato} (Duato's theorem for virtual cut-through: a connected escape sub-function
 * whose extended graph is acyclic makes the whole routing function deadlock-free).
 *
 * <p>When the explorer stops at a limit ({@code incomplete}), {@code check} falls back to
 * {@code prove} (CP-SAT, method {@code cp-sat}): {@code proved}, a {@code counterexample}
 * when the deadlock configuration is reached by guided search, otherwise still
 * {@code incomplete}. Without OR-tools the explorer's result stands.
 */
final class Checker {

    /**
     * What an acyclic graph proves: stuck-freedom and drainability; injectability when every pair
     * can inject from the initial state ({@link Explorer#notInjectableInitially}).
     */
    static final Set<Property> CDG_PROVABLE = EnumSet.of(Property.STUCK_FREEDOM, Property.DRAINABILITY,
        Property.INJECTABILITY);

    /**
     * @param cdg    the dependency graph, or null when only the explorer ran
     * @param result the explorer's result, or null when the graph proved the spec
     */
    record Outcome(Spec spec, ChannelDependencyGraph cdg, double cdgSeconds, ExplorationResult result,
                   Map<Property, String> saved, Proving.Outcome proof, String why, Portfolio portfolio,
                   Guided guided) {

        Outcome(Spec spec, ChannelDependencyGraph cdg, double cdgSeconds, ExplorationResult result,
                Map<Property, String> saved, Proving.Outcome proof, String why) {
            this(spec, cdg, cdgSeconds, result, saved, proof, why, null, null);
        }

        /** This outcome, with what the portfolio's engines answered. */
        Outcome with(Portfolio p) {
            return new Outcome(spec, cdg, cdgSeconds, result, saved, proof, why, p, guided);
        }

        /** This outcome, with the report of a guided search that ran before it (and found nothing). */
        Outcome withGuided(Guided g) {
            return new Outcome(spec, cdg, cdgSeconds, result, saved, proof, why, portfolio, g);
        }

        /** Whether the search guided by the dependency cycle found a violation: it decides the verdict. */
        boolean guidedFound() {
            return guided != null && guided.found();
        }

        Outcome(Spec spec, ChannelDependencyGraph cdg, double cdgSeconds, ExplorationResult result,
                Map<Property, String> saved) {
            this(spec, cdg, cdgSeconds, result, saved, null, null);
        }

        Outcome(Spec spec, ChannelDependencyGraph cdg, double cdgSeconds, ExplorationResult result,
                Map<Property, String> saved, Proving.Outcome proof) {
            this(spec, cdg, cdgSeconds, result, saved, proof, null);
        }

        Verdict verdict() {
            return guidedFound() ? Verdict.COUNTEREXAMPLE : proof != null ? proof.checkVerdict()
                : result == null ? Verdict.PROVED : result.verdict();
        }

        String method() {
            if (guidedFound()) {
                return "cycle-guided";
            }
            return proof != null ? (Proving.CP_SAT.equals(proof.method()) ? "cp-sat" : "search") : result != null ? (result.product() != null ? "product" : "exhaustive")
                : duato() ? "duato" : "cdg";
        }

        private boolean duato() {
            return cdg != null && cdg.kind() != ChannelDependencyGraph.Kind.FULL;
        }

        String text() {
            StringBuilder b = new StringBuilder();
            if (guided != null) {
                return withoutGuided().text() + guided.text(spec, saved, verdict());
            }
            if (proof != null && why != null) {
                return explorerOnly().text() + "  " + why + " (check verdict " + verdict().key() + ")\n" + proof.text();
            }
            if (proof != null) {
                return explorerOnly().text() + "  the explorer reached its " + result.limit() + " limit: proving with "
                    + (Proving.CP_SAT.equals(proof.method()) ? "CP-SAT" : "prove's search (message classes)")
                    + " (check verdict " + verdict().key() + ")\n" + proof.text();
            }
            if (result != null && portfolio != null) {
                return explorerOnly().text() + String.format("  %-14s the explorer's first %,d states: %s; CP-SAT's knot"
                    + " search: %s (%.2f s); the explorer's full search decides%n", "portfolio", portfolio.explorerStates(),
                    portfolio.explorer(), portfolio.knot(), portfolio.knotSeconds());
            }
            if (result != null) {
                b.append(ResultText.of(spec.source(), spec.name(), spec.traffic(), result, spec.expect(), saved));
                if (cdg != null) {
                    b.insert(b.indexOf("\n") + 1, cdgLine());
                }
                return b.toString();
            }
            b.append(spec.name()).append("  (").append(spec.source()).append(")\n");
            b.append(String.format("  %-14s %s; traffic %s%n", "model", spec.model().describe(), spec.traffic()));
            String exp = spec.expect() == null ? ""
                : "; expected " + spec.expect().key() + ": " + (Verdict.PROVED.satisfies(spec.expect()) ? "ok" : "MISMATCH");
            b.append(String.format("  %-14s proved deadlock-free (method %s%s)%n", "verdict",
                duato() ? "duato: no cycle in the extended dependency graph of the escape VCs" : "cdg: no dependency cycle",
                exp));
            b.append(cdgLine());
            return b.toString();
        }

        private String cdgLine() {
            StringBuilder b = new StringBuilder(String.format("  %-14s %,d queues, %,d dependencies, %s, %.2f s%n",
                duato() ? "duato cdg" : "cdg",
                cdg.vertices(), cdg.edges(), cdg.acyclic() ? "acyclic" : "cyclic", cdgSeconds));
            if (!cdg.acyclic()) {
                b.append(String.format("  %-14s %s => (back to the first)%n", "cycle", String.join(" => ", cdg.cycleNames())));
            }
            return b.toString();
        }

        private Outcome explorerOnly() {
            return new Outcome(spec, cdg, cdgSeconds, result, saved, null, null, null, null);
        }

        private Outcome withoutGuided() {
            return new Outcome(spec, cdg, cdgSeconds, result, saved, proof, why, portfolio, null);
        }

        ObjectNode json() {
            ObjectNode o;
            if (guidedFound()) {
                o = ResultJson.of(spec.source(), spec.name(), guided.result(), spec.expect(), saved);
                o.put("method", method());
                ResultJson.addCdg(o, cdg, cdgSeconds);
                o.set("guided", guided.json(spec));
                o.set("explorer", withoutGuided().json());
                return o;
            }
            if (guided != null) {
                o = withoutGuided().json();
                o.set("guided", guided.json(spec));
                return o;
            }
            if (proof != null) {
                o = proof.json();
                o.put("prove", o.get("verdict").asText());
                o.put("verdict", verdict().key());
                if (portfolio != null) {
                    o.set("portfolio", portfolio.json(why));
                }
                o.set("explorer", explorerOnly().json());
                return o;
            }
            if (result != null) {
                o = ResultJson.of(spec.source(), spec.name(), result, spec.expect(), saved);
            } else {
                o = ResultJson.proved(spec.source(), spec.name(), spec.effectiveProperties(), spec.expect());
            }
            o.put("method", method());
            if (cdg == null) {
                o.putNull("cdg");
                o.putNull("cycle");
            } else {
                ResultJson.addCdg(o, cdg, cdgSeconds);
            }
            if (portfolio != null) {
                o.set("portfolio", portfolio.json(null));
            }
            return o;
        }
    }

    /**
     * What the portfolio's engines answered: the explorer's first phase (its states, and
     * whether it decided) and CP-SAT's knot search with the guided search toward its
     * configuration (its answer, or that it was stopped because the explorer decided first),
     * and which answer {@code check} took.
     */
    record Portfolio(long explorerStates, String explorer, String knot, double knotSeconds, String chosen) {

        ObjectNode json(String note) {
            ObjectNode o = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
            o.put("chosen", chosen);
            if (note != null) {
                o.put("note", note);
            }
            ObjectNode e = o.putObject("explorer");
            e.put("states", explorerStates);
            e.put("answer", explorer);
            ObjectNode k = o.putObject("knot");
            k.put("answer", knot);
            k.put("seconds", knotSeconds);
            return o;
        }
    }

    /**
     * The search guided by the dependency cycle ({@link flowproof.cdg.CycleTraffic}): after the
     * full search stopped at a limit, the explorer on the same model with only the traffic pairs
     * whose routes make the dependencies of the graph's cycle, injectability left out (a pair
     * starved there may inject with the others). A state reachable with these pairs is
     * reachable with all, and the other properties are judged on a state and its forward and
     * eject moves, so a violation found is one of the full model, its trace a trace of it (the
     * shortest with these pairs, not necessarily with all); finding none proves nothing.
     *
     * @param before what stopped the full search (and CP-SAT's answer, if it ran), for the report
     */
    record Guided(List<int[]> pairs, ExplorationResult result, String before) {

        boolean found() {
            return result.verdict() == Verdict.COUNTEREXAMPLE && !result.traces().isEmpty();
        }

        private String pairsText(Spec spec) {
            var top = spec.topology();
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < pairs.size(); i++) {
                if (i == 6) {
                    b.append(String.format(" and %,d more", pairs.size() - 6));
                    break;
                }
                b.append(i == 0 ? "" : ", ").append(top.nodeName(pairs.get(i)[0])).append(" -> ")
                    .append(top.nodeName(pairs.get(i)[1]));
            }
            return b.toString();
        }

        private String what(Spec spec) {
            return String.format("%s: a search with only the %,d of %,d traffic pairs whose routes make the cycle's"
                + " dependencies (%s)", before, pairs.size(), spec.pairs().size(), pairsText(spec));
        }

        String text(Spec spec, Map<Property, String> saved, Verdict verdict) {
            if (!found()) {
                return String.format("  %-14s %s found no violation in %,d states (%s): that proves nothing%s%n",
                    "cycle-guided", what(spec), result.states(),
                    result.complete() ? "all it reaches" : "stopped by the " + result.limit() + " limit",
                    verdict == Verdict.INCOMPLETE ? ", the verdict stays incomplete" : "");
            }
            String report = ResultText.of(spec.source(), spec.name(), String.format("%s, %,d of %,d pairs: %s",
                spec.traffic(), pairs.size(), spec.pairs().size(), pairsText(spec)), result, spec.expect(), saved);
            return String.format("  %-14s %s (check verdict counterexample)%n", "cycle-guided", what(spec))
                + report.replace("shortest trace to a violation of ", "trace to a violation (the shortest with"
                    + " these pairs, not necessarily with all) of ");
        }

        ObjectNode json(Spec spec) {
            ObjectNode o = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
            o.put("answer", found() ? "counterexample" : "no violation found");
            o.put("before", before);
            var arr = o.putArray("pairs");
            for (int[] pair : pairs) {
                arr.addArray().add(spec.topology().nodeName(pair[0])).add(spec.topology().nodeName(pair[1]));
            }
            o.put("of", spec.pairs().size());
            o.put("states", result.states());
            o.put("complete", result.complete());
            o.put("limit", result.limit());
            o.put("seconds", result.seconds());
            return o;
        }
    }

    /** States the search guided by the dependency cycle may store (fewer if the spec or the command says so). */
    static final long GUIDED_STATES = 2_000_000;

    /**
     * {@code o} with the search guided by the dependency cycle ({@link Guided}) when the full
     * search stopped at a limit with the graph cyclic and nothing else decided; {@code o} itself
     * when the search does not apply (an acyclic graph, Duato's graph of escape VCs, a lost
     * member, every pair needed, no time left).
     */
    private static Outcome guided(Outcome o, Spec spec, Path saveDir, long states, double seconds, long deadline,
                                  Engine engine) throws IOException, Unsaved {
        List<int[]> pairs = guidedPairs(spec, o.cdg());
        if (o.verdict() != Verdict.INCOMPLETE || o.result() == null || pairs == null
            || MEMBER_LOST.equals(o.result().limit()) || deadline != Long.MAX_VALUE && System.nanoTime() >= deadline) {
            return o;
        }
        String before = "the explorer reached its " + o.result().limit() + " limit"
            + (o.proof() == null ? "" : " and CP-SAT's proof did not decide");
        return guided(o, before, pairs, spec, saveDir, states, seconds, deadline, engine, GUIDED_STATES);
    }

    /**
     * The traffic pairs of the search guided by the dependency cycle ({@link flowproof.cdg.CycleTraffic}), or null
     * when it does not apply: an acyclic graph, Duato's graph of escape VCs, a cycle no pair makes, every pair needed,
     * or no property left but injectability. With message classes the graph is the extended one, with the
     * consumption dependencies, and the pairs are those whose messages or answers make the cycle's edges.
     */
    private static List<int[]> guidedPairs(Spec spec, ChannelDependencyGraph cdg) {
        if (cdg == null || cdg.acyclic() || cdg.kind() != ChannelDependencyGraph.Kind.FULL) {
            return null;
        }
        java.util.Set<Property> props = EnumSet.copyOf(spec.effectiveProperties());
        props.remove(Property.INJECTABILITY);
        if (props.isEmpty()) {
            return null;
        }
        List<int[]> pairs = flowproof.cdg.CycleTraffic.cover(spec.network(), spec.routing(), spec.rule(), spec.pairs(),
            cdg.cycle());
        return pairs == null || pairs.size() >= spec.pairs().size() ? null : pairs;
    }

    /** {@code o} with the search guided by the dependency cycle on {@code pairs}; {@code before} says what came first. */
    private static Outcome guided(Outcome o, String before, List<int[]> pairs, Spec spec, Path saveDir, long states,
                                  double seconds, long deadline, Engine engine, long cap) throws IOException, Unsaved {
        ChannelDependencyGraph cdg = o.cdg();
        java.util.Set<Property> props = EnumSet.copyOf(spec.effectiveProperties());
        props.remove(Property.INJECTABILITY);
        flowproof.explore.Model m = new flowproof.explore.Model(spec.network(), spec.routing(), spec.rule(), pairs,
            spec.escapeAny(), spec.semantics(), spec.injectionQueue(), spec.wormhole());
        Limits l = limits(spec, states, deadline == Long.MAX_VALUE ? seconds : left(deadline), engine);
        Limits lim = new Limits(Math.min(cap, l.states()), l.seconds(), l.bytes());
        Outcome g;
        String unsaved = null;
        try {
            // saved as traces of the spec itself: its tree names all its pairs, so replay takes them as they are
            g = explore(spec, saveDir, lim, x -> new Explorer(m, props, x, true).run());
        } catch (Unsaved u) {
            g = u.result();
            unsaved = u.getMessage();
        }
        Guided gd = new Guided(pairs, g.result(), before);
        Map<Property, String> saved = new EnumMap<>(Property.class);
        saved.putAll(o.saved());
        saved.putAll(g.saved());
        Outcome out = gd.found()
            ? new Outcome(spec, cdg, o.cdgSeconds(), o.result(), saved, null, null, o.portfolio(), gd)
            : new Outcome(spec, cdg, o.cdgSeconds(), o.result(), saved, o.proof(), o.why(), o.portfolio(), gd);
        if (unsaved != null) {
            throw new Unsaved(out, unsaved);
        }
        return out;
    }

    private Checker() {
    }

    /** The spec's channel dependency graph (Duato's extended graph of the escape VCs for routing with escape VCs). */
    static ChannelDependencyGraph cdg(Spec spec) {
        return cdg(spec, Long.MAX_VALUE);
    }

    /** As {@link #cdg(Spec)}; past {@code deadline} ({@link System#nanoTime()}) it throws {@link ChannelDependencyGraph.OutOfTime}. */
    static ChannelDependencyGraph cdg(Spec spec, long deadline) {
        return spec.routing().hasEscape()
            ? ChannelDependencyGraph.buildEscape(spec.network(), spec.routing(), spec.rule(), spec.pairs(),
                spec.wormhole() != null, deadline)
            : ChannelDependencyGraph.build(spec.network(), spec.routing(), spec.rule(), spec.pairs(), deadline);
    }

    /** Seconds left before {@code deadline}, at least a millisecond (a phase given 0 would take its default). */
    private static double left(long deadline) {
        return Math.max(0.001, (deadline - System.nanoTime()) / 1e9);
    }

    /**
     * How the explorer runs: threads, symmetry reduction, a memory budget in bytes for its
     * visited set (reaching it ends the search as incomplete), and progress reports (or null).
     */
    record Engine(int threads, boolean symmetry, long maxBytes, long expectedStates,
                  flowproof.explore.SearchProgress progress, boolean injectionProduct, Options.Method method,
                  boolean first) {

        /**
         * One thread, no reduction, no budget beyond the spec's, silent; the injection-queue product on; the portfolio;
         * stop at the first violation.
         */
        static final Engine SEQUENTIAL = new Engine(1, false, Long.MAX_VALUE, 0, null, true, Options.Method.PORTFOLIO,
            true);

        Engine(int threads, boolean symmetry, long maxBytes, long expectedStates,
               flowproof.explore.SearchProgress progress, boolean injectionProduct) {
            this(threads, symmetry, maxBytes, expectedStates, progress, injectionProduct, Options.Method.PORTFOLIO, true);
        }
    }

    /**
     * The portfolio's first explorer phase: this many states (or the spec's limit, if lower).
     * A search that finishes within it, or finds a violation, goes on exactly as without the
     * portfolio; one that does not gives CP-SAT's knot search its turn. States, not seconds,
     * so that the same spec takes the same path on every run and machine.
     */
    static final long PORTFOLIO_STATES = 1_000_000;
    /** The limit of a partitioned search that lost a member. */
    private static final String MEMBER_LOST = "member-lost";
    /** CP-SAT's deterministic time for the portfolio's knot search (each solve; about seconds of one core). */
    static final double PORTFOLIO_KNOT_TIME = 20;
    /** States the guided search toward the portfolio's deadlock configuration may store. */
    static final long PORTFOLIO_REACH_STATES = 2_000_000;

    /** The cheapest sound method, with the sequential explorer. */
    static Outcome check(Spec spec, Path saveDir, long states, double seconds) throws IOException, Unsaved {
        return check(spec, saveDir, states, seconds, Engine.SEQUENTIAL);
    }

    /** Enumeration only, with the sequential explorer. */
    static Outcome explore(Spec spec, Path saveDir, long states, double seconds, boolean first)
        throws IOException, Unsaved {
        return explore(spec, saveDir, states, seconds, first, Engine.SEQUENTIAL);
    }

    /** The cheapest sound method: the dependency graph, then the explorer. */
    static Outcome check(Spec spec, Path saveDir, long states, double seconds, Engine engine)
        throws IOException, Unsaved {
        return check(spec, saveDir, states, seconds, engine, null);
    }

    /**
     * The cheapest sound method, the full search on the members of {@code cluster} when it is
     * not null: the dependency graph, the portfolio's first phase and CP-SAT run in this JVM as
     * they do without a cluster (so the path taken and the answer are the same); only the
     * explorer's full search is partitioned. A member lost ends the run there, incomplete
     * (limit {@code member-lost}): CP-SAT is not asked to decide a run the cluster cut short.
     */
    static Outcome check(Spec spec, Path saveDir, long states, double seconds, Engine engine,
                         flowproof.cluster.Cluster cluster) throws IOException, Unsaved {
        long t0 = System.nanoTime();
        // --max-seconds bounds all phases together: the graph, the explorer, CP-SAT and the guided search
        long deadline = seconds > 0 ? t0 + (long) (seconds * 1e9) : Long.MAX_VALUE;
        ChannelDependencyGraph cdg;
        try {
            cdg = cdg(spec, deadline);
        } catch (ChannelDependencyGraph.OutOfTime e) {
            return new Outcome(spec, null, (System.nanoTime() - t0) / 1e9,
                Explorer.notStarted(spec.model(), spec.effectiveProperties(), "seconds"), Map.of());
        }
        double cdgSeconds = (System.nanoTime() - t0) / 1e9;
        if (cdg.acyclic() && spec.rule().freeSlotSuffices() && CDG_PROVABLE.containsAll(spec.effectiveProperties())
            && Explorer.notInjectableInitially(spec.model()).isEmpty()) {
            return new Outcome(spec, cdg, cdgSeconds, null, Map.of());
        }
        Portfolio report = null;
        Guided tried = null;
        if (engine.method() == Options.Method.PORTFOLIO) {
            Outcome p = portfolio(spec, saveDir, states, seconds, deadline, engine, cdg, cdgSeconds);
            if (p != null && (p.proof() != null || p.guidedFound())) {
                return p;
            }
            report = p == null ? null : p.portfolio();
            tried = p == null ? null : p.guided();
        }
        Outcome o = searchThenProve(spec, saveDir, states, seconds, deadline, engine, cluster, cdg, cdgSeconds);
        // the guided search once: after the full search unless the portfolio ran it (and found nothing) before it
        o = tried == null ? guided(o, spec, saveDir, states, seconds, deadline, engine)
            : o.verdict() == Verdict.INCOMPLETE ? o.withGuided(tried) : o;
        return report == null ? o : o.with(report);
    }

    /** {@code check} after the portfolio: the explorer with its whole budget, then CP-SAT's proof when it stops at a limit. */
    private static Outcome searchThenProve(Spec spec, Path saveDir, long states, double seconds, long deadline,
                                           Engine engine, flowproof.cluster.Cluster cluster,
                                           ChannelDependencyGraph cdg, double cdgSeconds)
        throws IOException, Unsaved {
        Outcome o;
        double budget = seconds > 0 ? left(deadline) : seconds;
        try {
            o = cluster == null ? explore(spec, saveDir, states, budget, engine.first(), engine)
                : explore(spec, saveDir, states, budget, engine.first(), engine, cluster);
        } catch (Unsaved u) {
            Outcome e = u.result();
            throw new Unsaved(new Outcome(spec, cdg, cdgSeconds, e.result(), e.saved()), u.getMessage());
        }
        boolean lost = MEMBER_LOST.equals(o.result().limit());
        // message classes: prove has no CP-SAT model for them, only a breadth-first search over all moves, which is
        // the explorer's own search again; the search guided by the extended graph's cycle comes after
        if (o.result().verdict() == Verdict.INCOMPLETE && !lost && OrTools.problem() == null
            && spec.model().messages() == null && (deadline == Long.MAX_VALUE || System.nanoTime() < deadline)) {
            DeadlockProver.Options options = deadline == Long.MAX_VALUE ? DeadlockProver.Options.defaults()
                : new DeadlockProver.Options(Math.min(DeadlockProver.Options.defaults().seconds(), left(deadline)), 1);
            try {
                Proving.Outcome p = Proving.prove(spec, options, Proving.ReachLimits.defaults(), saveDir, deadline);
                return new Outcome(spec, cdg, cdgSeconds, o.result(), o.saved(), p);
            } catch (Unsaved u) {
                throw new Unsaved(new Outcome(spec, cdg, cdgSeconds, o.result(), o.saved(), u.result()), u.getMessage());
            } catch (UnsupportedOperationException e) {
                // A rule the CP-SAT model cannot encode: the explorer's incomplete result stands.
                return new Outcome(spec, cdg, cdgSeconds, o.result(), o.saved());
            }
        }
        return new Outcome(spec, cdg, cdgSeconds, o.result(), o.saved());
    }

    /**
     * The portfolio between the dependency graph and the full search: the explorer's first
     * {@link #PORTFOLIO_STATES} states and, on a second thread beside them, CP-SAT's knot search
     * (a deadlock configuration with the fewest packets, deterministic) and a guided search that
     * reaches it from the empty network. If the first phase finishes the search or shows a
     * violation, the knot search is stopped and the answer is null: {@code check} goes on as
     * without the portfolio. Otherwise a reached configuration is the answer (a counterexample,
     * method {@code cp-sat}); else an outcome that carries only the engines' report
     * ({@link Portfolio}), and {@code check} goes on as without the portfolio (the explorer with
     * its whole budget, then CP-SAT's proof). Which engine finishes first never changes the
     * answer: the first phase's, when it decides, else the knot search's. Every
     * step is bounded by states or CP-SAT's deterministic time, never by the clock (apart from
     * {@code --max-seconds}), and the first phase runs on one thread, so a spec takes the same path
     * and gives the same trace on every run, whatever {@code --threads} says.
     * Only where {@code prove} applies: interleaving moves, whole packets, no message classes, no
     * injection queues, a rule the CP-SAT model can tabulate, OR-tools loaded.
     */
    private static Outcome portfolio(Spec spec, Path saveDir, long states, double seconds, long deadline, Engine engine,
                                     ChannelDependencyGraph cdg, double cdgSeconds) throws IOException, Unsaved {
        var m = spec.model();
        long budget = states > 0 ? states : spec.limits().states();
        boolean knotApplies = OrTools.problem() == null && m.messages() == null && m.injectionQueue() == 0
            && m.semantics() == flowproof.explore.Semantics.INTERLEAVING && m.wormhole() == null;
        List<int[]> pairs = guidedPairs(spec, cdg);
        if (budget > 0 && budget <= PORTFOLIO_STATES || !knotApplies && pairs == null) {
            return null;
        }
        // CP-SAT's knot search (and the guided search toward a configuration it finds) runs on its
        // own thread beside the explorer's first phase. The answer taken does not depend on which
        // finishes first: the explorer's when its first phase decides, else the knot search's.
        flowproof.solve.DeadlockProver.Cancel cancel = new flowproof.solve.DeadlockProver.Cancel();
        java.util.concurrent.Future<Proving.KnotRun> knotRun = null;
        if (knotApplies) {
            java.util.concurrent.ExecutorService knotThread = java.util.concurrent.Executors.newSingleThreadExecutor(
                task -> {
                    Thread t = new Thread(task, "flowproof-knot");
                    t.setDaemon(true);
                    return t;
                });
            knotRun = knotThread.submit(() ->
                Proving.knotRun(spec, PORTFOLIO_KNOT_TIME, PORTFOLIO_REACH_STATES, deadline, cancel));
            knotThread.shutdown();
        }
        Outcome first;
        try {
            // one thread: a parallel search stopped by a limit has explored a set of states that depends on the
            // threads, and the path the portfolio takes must not
            Engine one = new Engine(1, engine.symmetry(), engine.maxBytes(), 0, engine.progress(),
                engine.injectionProduct(), engine.method(), true);
            first = explore(spec, null, PORTFOLIO_STATES, seconds > 0 ? left(deadline) : seconds, true, one);
        } catch (Unsaved u) {
            cancel.cancel();
            throw new AssertionError("nothing is saved in the portfolio's first phase", u);
        } catch (RuntimeException | Error e) {
            cancel.cancel();
            throw e;
        }
        ExplorationResult r = first.result();
        boolean memory = "memory".equals(r.limit());
        if (r.complete() || r.verdict() != Verdict.INCOMPLETE || !"states".equals(r.limit()) && !(memory && pairs != null)
            || deadline != Long.MAX_VALUE && System.nanoTime() >= deadline) {
            // finished, a violation found, or the clock ran out: the search as without the portfolio decides
            cancel.cancel();
            return null;
        }
        String undecided = String.format("no violation in its first %,d states", r.states());
        Portfolio report = null;
        if (knotRun != null) {
            Proving.KnotRun run;
            try {
                run = knotRun.get();
            } catch (InterruptedException e) {
                cancel.cancel();
                Thread.currentThread().interrupt();
                return null;
            } catch (java.util.concurrent.ExecutionException e) {
                if (!(e.getCause() instanceof UnsupportedOperationException)) {
                    if (e.getCause() instanceof RuntimeException re) {
                        throw re;
                    }
                    if (e.getCause() instanceof Error err) {
                        throw err;
                    }
                    throw new IllegalStateException(e.getCause());
                }
                run = null; // a rule the CP-SAT model cannot tabulate
            }
            if (run != null) {
                Proving.Outcome knot;
                try {
                    knot = Proving.knot(spec, run, saveDir, r);
                } catch (Unsaved u) {
                    Proving.Outcome p = u.result();
                    throw new Unsaved(new Outcome(spec, cdg, cdgSeconds, r, Map.of(), p, portfolioNote(r, p))
                        .with(new Portfolio(r.states(), undecided, run.describe(), run.seconds(), "cp-sat")),
                        u.getMessage());
                }
                if (knot.checkVerdict() == Verdict.COUNTEREXAMPLE) {
                    return new Outcome(spec, cdg, cdgSeconds, r, Map.of(), knot, portfolioNote(r, knot))
                        .with(new Portfolio(r.states(), undecided, run.describe(), run.seconds(), "cp-sat"));
                }
                // no answer from the knot search: only its report goes on
                report = new Portfolio(r.states(), undecided, run.describe(), run.seconds(), "explorer");
            }
        }
        Guided tried = null;
        if (pairs != null && (deadline == Long.MAX_VALUE || System.nanoTime() < deadline)) {
            String before = String.format(memory ? "the explorer's first phase reached its memory limit at %,d states"
                    + " without a violation%s" : "the explorer's first %,d states showed no violation%s", r.states(),
                report == null ? "" : " and CP-SAT's knot search reached no deadlock");
            // no more states than the first phase's: at most its cost again before the whole explorer
            Outcome g = guided(new Outcome(spec, cdg, cdgSeconds, r, Map.of()), before, pairs, spec, saveDir, states,
                seconds, deadline, engine, PORTFOLIO_STATES);
            if (g.guidedFound()) {
                return report == null ? g : g.with(report);
            }
            tried = g.guided();
        }
        // nothing decided: check searches as without the portfolio, with the engines' report
        return new Outcome(spec, cdg, cdgSeconds, null, Map.of(), null, null, report, tried);
    }

    private static String portfolioNote(ExplorationResult r, Proving.Outcome p) {
        return String.format("portfolio: the explorer's first %,d states showed no violation; CP-SAT's knot search found a"
            + " deadlock configuration of %d packets and a guided search reached it in %d moves", r.states(),
            p.proof().witness().packetCount(), p.reach().trace().length());
    }

    /**
     * Enumeration only.
     *
     * @param saveDir where to write counterexamples, or null not to write them
     * @param states  overrides the spec's state limit when > 0
     * @param seconds overrides the spec's time limit when > 0
     */
    static Outcome explore(Spec spec, Path saveDir, long states, double seconds, boolean first, Engine engine)
        throws IOException, Unsaved {
        return explore(spec, saveDir, states, seconds, first, engine, 0);
    }

    /**
     * Enumeration only; on {@code members} Hazelcast members in this JVM when positive (the
     * partitioned search, {@link Explorer#member}), else on this engine.
     */
    static Outcome explore(Spec spec, Path saveDir, long states, double seconds, boolean first, Engine engine,
                           int members) throws IOException, Unsaved {
        return explore(spec, saveDir, limits(spec, states, seconds, engine), limits -> {
            if (members > 0) {
                return flowproof.cluster.HazelcastMembers.run(members, transports -> {
                    try (flowproof.explore.distributed.Transport t = transports.get()) {
                        return new Explorer(spec.model(), spec.effectiveProperties(), limits, first)
                            .symmetry(engine.symmetry()).member(t).run();
                    }
                }).get(0);
            }
            return new Explorer(spec.model(), spec.effectiveProperties(), limits, first)
                .threads(engine.threads()).symmetry(engine.symmetry()).expectedStates(engine.expectedStates())
                .progress(engine.progress()).injectionProduct(engine.injectionProduct()).run();
        });
    }

    /**
     * Enumeration only, by the partitioned search on every member of {@code cluster}: the spec
     * travels to the other members as its tree (files it names embedded), and each builds the
     * model itself ({@link ClusterSearch}).
     */
    static Outcome explore(Spec spec, Path saveDir, long states, double seconds, boolean first, Engine engine,
                           flowproof.cluster.Cluster cluster) throws IOException, Unsaved {
        return explore(spec, saveDir, limits(spec, states, seconds, engine), limits -> cluster.everyMember(
            new ClusterSearch(spec.source(), spec.tree().toString(), limits.states(), limits.seconds(), limits.bytes(),
                first, engine.symmetry()),
            // this member searches the model it read (which names its files), the others the one they rebuild
            transport -> new Explorer(spec.model(), spec.effectiveProperties(), limits, first)
                .symmetry(engine.symmetry()).member(transport).run()));
    }

    private static Limits limits(Spec spec, long states, double seconds, Engine engine) {
        Limits l = spec.limits();
        return new Limits(states > 0 ? states : l.states(), seconds > 0 ? seconds : l.seconds(),
            Math.min(l.bytes(), engine.maxBytes()));
    }

    private static Outcome explore(Spec spec, Path saveDir, Limits limits,
                                   java.util.function.Function<Limits, ExplorationResult> search)
        throws IOException, Unsaved {
        ExplorationResult r;
        try {
            r = search.apply(limits);
        } catch (flowproof.ConfigurationException e) {
            // the explorer checks what the spec's rule declares (its symmetries) before relying on it
            throw new BadSpecException(spec.source() + ": " + e.getMessage());
        }
        Map<Property, String> saved = new EnumMap<>(Property.class);
        String unsaved = null;
        if (saveDir != null) {
            for (Trace t : r.traces().values()) {
                Path json = saveDir.resolve(CounterexampleFile.fileName(spec, t.property()));
                try {
                    CounterexampleFile.write(json, spec, t);
                    String txt = json.toString().replaceAll("\\.json$", ".txt");
                    OutputFile.write(Path.of(txt), spec.name() + ": " + spec.model().describe() + "\n"
                        + Picture.trace(spec.model(), t));
                    saved.put(t.property(), json.toString().replace('\\', '/'));
                } catch (OutputFile.Failure e) {
                    unsaved = unsaved != null ? unsaved : "--counterexamples: " + e.getMessage();
                }
            }
        }
        Outcome o = new Outcome(spec, null, 0, r, saved);
        if (unsaved != null) {
            throw new Unsaved(o, unsaved);
        }
        return o;
    }
}
