package flowproof.check;

import flowproof.explore.Verdict;
import flowproof.spec.Spec;
import java.util.ArrayList;
import java.util.List;

/**
 * The decision pipeline: steps run in order, each with the whole {@link Budget} and what the
 * ones before established, until one decides. The order is the answer's: the cheapest sound
 * step first, so the same spec is decided by the same engine on every run.
 *
 * <p>{@code check} is the dependency graph ({@link GraphStep}), the portfolio's first phase
 * ({@link FirstPhaseStep}, with {@link Options.Method#PORTFOLIO}), the explorer's full search
 * ({@link ExploreStep}), CP-SAT when the explorer stopped at a limit ({@link ProveStep}) and the
 * search guided by the dependency cycle ({@link GuidedStep}); {@code explore} is the explorer
 * alone; {@code prove} is CP-SAT alone.
 */
final class Portfolio {

    private final Decision.Kind kind;
    private final List<Step> steps;

    private Portfolio(Decision.Kind kind, List<Step> steps) {
        this.kind = kind;
        this.steps = List.copyOf(steps);
    }

    /**
     * {@code check}: the full search on the members of {@code cluster} when not null; the other
     * steps run in this JVM, so the path taken and the answer are one JVM's.
     */
    static Portfolio check(Options.Method method, flowproof.cluster.Cluster cluster) {
        List<Step> steps = new ArrayList<>();
        steps.add(new GraphStep());
        if (method == Options.Method.PORTFOLIO) {
            steps.add(new FirstPhaseStep());
        }
        steps.add(cluster == null ? ExploreStep.full() : ExploreStep.on(cluster));
        steps.add(ProveStep.fallback());
        steps.add(new GuidedStep());
        return new Portfolio(Decision.Kind.CHECK, steps);
    }

    /** {@code explore}: the explorer alone, in this JVM. */
    static Portfolio explore() {
        return new Portfolio(Decision.Kind.EXPLORE, List.of(ExploreStep.full()));
    }

    /** {@code explore} on {@code members} Hazelcast members started in this JVM. */
    static Portfolio explore(int members) {
        return new Portfolio(Decision.Kind.EXPLORE, List.of(ExploreStep.onMembers(members)));
    }

    /** {@code explore} on the members of {@code cluster}. */
    static Portfolio explore(flowproof.cluster.Cluster cluster) {
        return new Portfolio(Decision.Kind.EXPLORE, List.of(ExploreStep.on(cluster)));
    }

    /** {@code prove}: CP-SAT alone. */
    static Portfolio prove() {
        return new Portfolio(Decision.Kind.PROVE, List.of(ProveStep.alone()));
    }

    /**
     * Runs the steps until one decides. A search guided by the dependency cycle that found
     * nothing is reported only when the verdict stays incomplete.
     *
     * @return the decision, nothing saved yet
     */
    Decision decide(Spec spec, Budget budget) {
        Evidence e = Evidence.NONE;
        for (Step s : steps) {
            Step.Outcome o = s.take(spec, budget, e);
            e = o.evidence();
            if (o instanceof Step.Decided) {
                break;
            }
        }
        if (e.guided() != null && !e.guidedFound() && e.verdict() != Verdict.INCOMPLETE) {
            e = e.withGuided(null);
        }
        return Decision.of(kind, spec, e, Decision.Saved.NONE);
    }
}
