package flowproof.check;

import flowproof.cdg.ChannelDependencyGraph;
import flowproof.explore.Explorer;
import flowproof.explore.Property;
import flowproof.spec.Spec;
import java.util.EnumSet;
import java.util.Set;

/**
 * {@code check}'s first step: the channel dependency graph. An acyclic graph proves deadlock
 * freedom (stuck-freedom and drainability) at once, method {@code cdg}, but only for rules
 * where a free slot suffices ({@link flowproof.rule.FlowControlRule#freeSlotSuffices}: VCT,
 * dateline). It proves nothing about bubble rules, whose packets can wait forever in front of
 * an empty queue, nor about a rule's invariants. Injectability (no vacuous proof) is
 * established beside it: every traffic pair must have an inject move in the initial state,
 * else the explorer decides.
 *
 * <p>For routing with an escape sub-function (Duato) the graph is Duato's extended dependency
 * graph of the escape VCs ({@link ChannelDependencyGraph#buildEscape}); acyclic, with a rule
 * where a free slot suffices on the escape VCs, it proves the spec: method {@code duato}
 * (Duato's theorem for virtual cut-through). A graph not built by the deadline decides the
 * spec as incomplete (limit {@code seconds}).
 */
final class GraphStep implements Step {

    /**
     * The limit of a spec whose (queue, header) pairs the dependency graph cannot index
     * ({@link ChannelDependencyGraph.TooLarge}).
     */
    static final String GRAPH_SIZE = "graph-size";

    /**
     * What an acyclic graph proves: stuck-freedom and drainability; injectability when every pair
     * can inject from the initial state ({@link Explorer#notInjectableInitially}).
     */
    static final Set<Property> PROVABLE = EnumSet.of(Property.STUCK_FREEDOM, Property.DRAINABILITY,
        Property.INJECTABILITY);

    @Override
    public Outcome take(Spec spec, Budget budget, Evidence sofar) {
        ChannelDependencyGraph g;
        try {
            g = cdg(spec, budget.deadline());
        } catch (ChannelDependencyGraph.TooLarge e) {
            // beyond the graph's index: nothing established, the search not started (issue 46)
            return new Decided(sofar.withCdg(null, (System.nanoTime() - budget.start()) / 1e9)
                .withExploration(Explorer.notStarted(spec.model(), spec.effectiveProperties(), GRAPH_SIZE)));
        } catch (ChannelDependencyGraph.OutOfTime e) {
            return new Decided(sofar.withCdg(null, (System.nanoTime() - budget.start()) / 1e9)
                .withExploration(Explorer.notStarted(spec.model(), spec.effectiveProperties(), "seconds")));
        }
        Evidence e = sofar.withCdg(g, (System.nanoTime() - budget.start()) / 1e9);
        if (g.acyclic() && spec.rule().freeSlotSuffices() && PROVABLE.containsAll(spec.effectiveProperties())
            && Explorer.notInjectableInitially(spec.model()).isEmpty()) {
            return new Decided(e);
        }
        return new Undecided(e);
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
}
