package flowproof.check;

import flowproof.explore.ExplorationResult;
import flowproof.explore.Explorer;
import flowproof.explore.Limits;
import flowproof.explore.Verdict;
import flowproof.spec.Spec;
import java.util.function.Function;

/**
 * The explorer's search with the whole budget: in this JVM, on Hazelcast members started in
 * it, or on the members of a cluster (the partitioned search; each member builds the model from
 * the spec's tree, {@link ClusterSearch}). It decides unless it stopped at a limit; a lost
 * member ({@link #MEMBER_LOST}) ends the run there, incomplete.
 */
final class ExploreStep implements Step {

    /** The limit of a partitioned search that lost a member. */
    static final String MEMBER_LOST = "member-lost";

    /** One search within the limits, on whatever runs it. */
    interface Search {
        /**
         * @param spec   the spec
         * @param limits the explorer's limits
         * @param first  whether to stop at the first violation
         * @param engine how the explorer runs
         * @return the explorer's result
         */
        ExplorationResult run(Spec spec, Limits limits, boolean first, Budget.Engine engine);
    }

    private final Search search;

    private ExploreStep(Search search) {
        this.search = search;
    }

    /** In this JVM. */
    static ExploreStep full() {
        return new ExploreStep(ExploreStep::local);
    }

    /** On {@code members} Hazelcast members started in this JVM. */
    static ExploreStep onMembers(int members) {
        return new ExploreStep((spec, limits, first, engine) -> flowproof.cluster.HazelcastMembers.run(members,
            transports -> {
                try (flowproof.explore.distributed.Transport t = transports.get()) {
                    return new Explorer(spec.model(), spec.effectiveProperties(), limits, first)
                        .symmetry(engine.symmetry()).member(t).run();
                }
            }).get(0));
    }

    /** On every member of {@code cluster}: the spec travels to the others as its tree (files it names embedded). */
    static ExploreStep on(flowproof.cluster.Cluster cluster) {
        return new ExploreStep((spec, limits, first, engine) -> cluster.everyMember(
            new ClusterSearch(spec.source(), spec.tree().toString(), limits.states(), limits.seconds(), limits.bytes(),
                first, engine.symmetry()),
            // this member searches the model it read (which names its files), the others the one they rebuild
            transport -> new Explorer(spec.model(), spec.effectiveProperties(), limits, first)
                .symmetry(engine.symmetry()).member(transport).run()));
    }

    @Override
    public Outcome take(Spec spec, Budget budget, Evidence sofar) {
        Budget.Engine engine = budget.engine();
        ExplorationResult r = run(spec, budget.limits(spec), limits -> search.run(spec, limits, engine.first(), engine));
        Evidence e = sofar.withExploration(r);
        return r.verdict() != Verdict.INCOMPLETE || MEMBER_LOST.equals(r.limit()) ? new Decided(e) : new Undecided(e);
    }

    /** The sequential or parallel search in this JVM. */
    static ExplorationResult local(Spec spec, Limits limits, boolean first, Budget.Engine engine) {
        return new Explorer(spec.model(), spec.effectiveProperties(), limits, first)
            .threads(engine.threads()).symmetry(engine.symmetry()).expectedStates(engine.expectedStates())
            .progress(engine.progress()).injectionProduct(engine.injectionProduct()).run();
    }

    /** Runs a search; a capability the spec's rule declares but lacks is the spec's error. */
    static ExplorationResult run(Spec spec, Limits limits, Function<Limits, ExplorationResult> search) {
        try {
            return search.apply(limits);
        } catch (flowproof.ConfigurationException e) {
            // the explorer checks what the spec's rule declares (its symmetries) before relying on it
            throw new BadSpecException(spec.source() + ": " + e.getMessage());
        }
    }
}
