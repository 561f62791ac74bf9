package flowproof.check;

import flowproof.cdg.ChannelDependencyGraph;
import flowproof.explore.ExplorationResult;
import flowproof.explore.Explorer;
import flowproof.explore.Limits;
import flowproof.explore.Property;
import flowproof.explore.Verdict;
import flowproof.spec.Spec;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * {@code check}'s last step: the search guided by the dependency cycle ({@link Evidence.Guided})
 * when the full search stopped at a limit with the graph cyclic and nothing else decided. It
 * does not apply to an acyclic graph, Duato's graph of escape VCs, a cycle no pair makes, every
 * pair needed, no property left but injectability, or no time left; and it runs once: not again
 * when the portfolio's first phase ran it.
 */
final class GuidedStep implements Step {

    /** States the search guided by the dependency cycle may store (fewer if the spec or the command says so). */
    static final long STATES = 2_000_000;

    @Override
    public Outcome take(Spec spec, Budget budget, Evidence sofar) {
        ExplorationResult r = sofar.exploration();
        if (sofar.guided() != null || sofar.verdict() != Verdict.INCOMPLETE || r == null) {
            return new Undecided(sofar);
        }
        List<int[]> pairs = pairs(spec, sofar.cdg());
        if (pairs == null || !budget.timeLeft()) {
            return new Undecided(sofar);
        }
        String before = "the explorer reached its " + r.limit() + " limit"
            + (sofar.proof() == null ? "" : " and CP-SAT's proof did not decide");
        Evidence.Guided g = run(spec, budget, pairs, before, STATES);
        return g.found() ? new Decided(sofar.withProof(null, null).withGuided(g)) : new Undecided(sofar.withGuided(g));
    }

    /**
     * The traffic pairs of the search guided by the dependency cycle ({@link flowproof.cdg.CycleTraffic}), or null
     * when it does not apply: an acyclic graph, Duato's graph of escape VCs, a cycle no pair makes, every pair needed,
     * or no property left but injectability. With message classes the graph is the extended one, with the
     * consumption dependencies, and the pairs are those whose messages or answers make the cycle's edges.
     */
    static List<int[]> pairs(Spec spec, ChannelDependencyGraph cdg) {
        if (cdg == null || cdg.acyclic() || cdg.kind() != ChannelDependencyGraph.Kind.FULL) {
            return null;
        }
        Set<Property> props = EnumSet.copyOf(spec.effectiveProperties());
        props.remove(Property.INJECTABILITY);
        if (props.isEmpty()) {
            return null;
        }
        List<int[]> pairs = flowproof.cdg.CycleTraffic.cover(spec.network(), spec.routing(), spec.rule(), spec.pairs(),
            cdg.cycle());
        return pairs == null || pairs.size() >= spec.pairs().size() ? null : pairs;
    }

    /**
     * The search guided by the dependency cycle on {@code pairs}, at most {@code cap} states;
     * {@code before} says what came first. Its traces are traces of the spec itself: its tree
     * names all its pairs, so replay takes them as they are.
     */
    static Evidence.Guided run(Spec spec, Budget budget, List<int[]> pairs, String before, long cap) {
        Set<Property> props = EnumSet.copyOf(spec.effectiveProperties());
        props.remove(Property.INJECTABILITY);
        flowproof.explore.Model m = new flowproof.explore.Model(spec.network(), spec.routing(), spec.rule(), pairs,
            spec.escapeAny(), spec.semantics(), spec.injectionQueue(), spec.wormhole());
        Limits l = budget.limits(spec);
        Limits lim = new Limits(Math.min(cap, l.states()), l.seconds(), l.bytes());
        ExplorationResult g = ExploreStep.run(spec, lim, x -> new Explorer(m, props, x, true).run());
        return new Evidence.Guided(pairs, g, before);
    }
}
