package flowproof.explore;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.rule.RuleKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The level-synchronous search on several threads agrees with the sequential search. */
class ParallelSearchTest {

    static final List<Model> MODELS = List.of(
        Models.ring(4, 1, 1, RuleKind.VCT),
        Models.ring(4, 2, 1, RuleKind.DATELINE),
        Models.ring(4, 1, 2, RuleKind.CRITICAL_BUBBLE),
        Models.ring(4, 1, 2, RuleKind.LOCALIZED_BUBBLE),
        Models.torus(new int[] {3, 2}, false, 1, 1, RuleKind.THEORETICAL_BUBBLE, 0),
        Models.torus(new int[] {3, 2}, false, 1, 1, RuleKind.CRITICAL_BUBBLE, 1));

    static ExplorationResult run(Model m, int threads, boolean symmetry) {
        return new Explorer(m, Explorer.defaultProperties(m.rule()), Limits.defaults(), false)
            .threads(threads).symmetry(symmetry).run();
    }

    /** Same counts, verdict, statuses and shortest trace lengths; every trace replays. */
    static void assertSameSearch(ExplorationResult a, ExplorationResult b, String what) {
        assertThat(b.verdict()).as(what).isEqualTo(a.verdict());
        assertThat(b.states()).as(what + " states").isEqualTo(a.states());
        assertThat(b.transitions()).as(what + " transitions").isEqualTo(a.transitions());
        assertThat(b.depth()).as(what + " depth").isEqualTo(a.depth());
        assertThat(b.stuckStates()).as(what + " stuck").isEqualTo(a.stuckStates());
        assertThat(b.undrainableStates()).as(what + " undrainable").isEqualTo(a.undrainableStates());
        assertThat(b.properties()).as(what).isEqualTo(a.properties());
        assertThat(b.traces().keySet()).as(what).isEqualTo(a.traces().keySet());
        for (Map.Entry<Property, Trace> e : a.traces().entrySet()) {
            Trace t = b.traces().get(e.getKey());
            assertThat(t.length()).as(what + " trace of " + e.getKey()).isEqualTo(e.getValue().length());
            Replayer.Outcome o = Replayer.replay(b.model(), t.moves(), t.stepSizes(), e.getKey(), t.starved());
            assertThat(o.reproduced()).as(what + ": " + o.message()).isTrue();
        }
    }

    @Test
    void parallelAndSequentialSearchesFindTheSameStatesAndTraceLengths() {
        for (Model m : MODELS) {
            ExplorationResult seq = Models.explore(m);
            assertThat(seq.threads()).isEqualTo(1);
            for (int threads : new int[] {1, 2, 3}) {
                ExplorationResult par = run(m, threads, false);
                assertThat(par.threads()).isEqualTo(threads);
                assertThat(par.orbits()).isEqualTo(par.states());
                assertSameSearch(seq, par, m.describe() + ", " + threads + " threads");
            }
        }
    }

    /** Drifting marks and injection queues (extra moves, extra state words) on the parallel engine. */
    @Test
    void parallelSearchAgreesOnDriftAndInjectionQueueModels() throws Exception {
        for (String spec : List.of("ring3-c1-critical-bubble-drift-iq1", "ring3-c2-critical-bubble-drift-iq2",
            "r6-ring4-c1-critical-bubble-drift", "r5-ring4-c1-localized-bubble-iq1", "r6-ring4-c1-critical-bubble-iq1",
            "t3-torus3x2-critical-bubble-drift-diagonal-iq1", "torus3x3-c1-critical-bubble-3flows-drift")) {
            Model m = flowproof.spec.SpecReader.read(java.nio.file.Path.of("specs/" + spec + ".yaml")).model();
            ExplorationResult seq = Models.explore(m);
            assertThat(seq.threads()).isEqualTo(1);
            for (int threads : new int[] {1, 2}) {
                ExplorationResult par = run(m, threads, false);
                assertThat(par.threads()).as(spec).isEqualTo(threads);
                assertSameSearch(seq, par, spec + ", " + threads + " threads");
            }
        }
    }

    // -Pslow: a cross-check over every spec or a long run (the default build stays under 15 minutes)
    @Tag("slow")
    @Test
    void parallelTracesAreTheSameOnEveryRun() {
        // the threads fill a level's lists in no fixed order; traces (saved as counterexample
        // files) must not depend on it
        for (Model m : List.of(Models.ring(5, 1, 2, RuleKind.VCT),
            Models.torus(new int[] {3, 2}, false, 1, 1, RuleKind.CRITICAL_BUBBLE, 1))) {
            ExplorationResult first = run(m, 2, false);
            assertThat(first.traces()).isNotEmpty();
            for (int run = 0; run < 3; run++) {
                ExplorationResult again = run(m, 2, false);
                for (var e : first.traces().entrySet()) {
                    assertThat(again.traces().get(e.getKey()).moves()).as(m.describe() + " " + e.getKey())
                        .isEqualTo(e.getValue().moves());
                }
            }
        }
    }

    @Test
    void parallelSearchStopsAtTheStateLimitWithAnIncompleteResult() {
        Model m = Models.torus(new int[] {3, 2}, false, 1, 1, RuleKind.THEORETICAL_BUBBLE, 0);
        ExplorationResult r = new Explorer(m, Explorer.defaultProperties(m.rule()), new Limits(5_000, 600, Long.MAX_VALUE),
            false).threads(2).run();
        assertThat(r.verdict()).isEqualTo(Verdict.INCOMPLETE);
        assertThat(r.limit()).isEqualTo("states");
        assertThat(r.orbits()).isEqualTo(5_000L);
        assertThat(r.states()).isEqualTo(5_000L);
        ExplorationResult seq = new Explorer(m, Explorer.defaultProperties(m.rule()), new Limits(5_000, 600, Long.MAX_VALUE),
            false).run();
        assertThat(r.depth()).as("the level being expanded when the limit struck").isEqualTo(seq.depth());
        assertThat(r.properties().get(Property.DRAINABILITY)).isEqualTo(PropertyStatus.NOT_CHECKED);
    }

    @Test
    void parallelSearchStopsAtTheMemoryLimitWithAnIncompleteResult() {
        Model m = Models.torus(new int[] {3, 2}, false, 1, 1, RuleKind.THEORETICAL_BUBBLE, 0);
        ExplorationResult r = new Explorer(m, Explorer.defaultProperties(m.rule()), new Limits(Long.MAX_VALUE, 600, 4L << 20),
            false).threads(2).run();
        assertThat(r.verdict()).isEqualTo(Verdict.INCOMPLETE);
        assertThat(r.limit()).isEqualTo("memory");
        assertThat(r.orbits()).isPositive().isLessThan(100_467L);
    }
}
