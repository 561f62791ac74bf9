package flowproof.check;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.cdg.ChannelDependencyGraph;
import flowproof.cdg.CycleTraffic;
import flowproof.explore.Property;
import flowproof.explore.Replayer;
import flowproof.explore.Trace;
import flowproof.explore.Verdict;
import flowproof.spec.BookSimConfig;
import flowproof.spec.CounterexampleFile;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code check}'s search guided by the dependency cycle (docs/verdicts.md, method
 * {@code cycle-guided}): after a full search stopped at a limit, the explorer with only the
 * traffic pairs that make the cycle's dependencies. A violation it finds is the answer, its
 * trace replays on the spec itself; finding none leaves the verdict incomplete.
 */
class CycleGuidedSearchTest {

    /** BookSim's valiant_mesh on a 4x4 mesh: every VC out of a packet's destination router, a 2-move deadlock. */
    private static Spec valiant4x4() throws Exception {
        String cfg = String.join("\n", "topology = mesh;", "k = 4;", "n = 2;", "routing_function = valiant;",
            "num_vcs = 2;", "vc_buf_size = 2;", "packet_size = 1;", "traffic = uniform;", "injection_rate = 0.05;") + "\n";
        return SpecReader.fromTree("valiant4x4.cfg", "",
            BookSimConfig.toSpecTree("valiant4x4.cfg", "valiant4x4", cfg, BookSimConfig.Purpose.VERIFY));
    }

    @Test
    void aWormholeSearchCutShortIsDecidedByTheKnotSearchOnWorms(@TempDir Path dir)
        throws Exception {
        Spec spec = valiant4x4();
        Decision d = Flowproof.check(spec, Options.defaults().withMaxStates(10_000).withSaveTo(dir));
        assertThat(d.exploration()).hasValueSatisfying(r -> {
            assertThat(r.verdict()).isEqualTo(Verdict.INCOMPLETE);
            assertThat(r.limit()).isEqualTo("states");
        });
        assertThat(d.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
        // BookSim switches wormhole: CP-SAT's knot search on worms decides before the cycle's pairs are searched
        assertThat(d.method()).isEqualTo(Method.CP_SAT);
        assertThat(d.exitCode()).isEqualTo(Decision.EXIT_VIOLATION);
        assertThat(d.status(Property.STUCK_FREEDOM).key()).isEqualTo("violated");
        Trace t = d.trace(Property.STUCK_FREEDOM).orElseThrow();
        assertThat(t.length()).isEqualTo(2);
        // a trace of the spec itself, all its pairs: replayed on the full model
        assertThat(Replayer.replay(spec.model(), t.moves(), t.stepSizes(), t.property()).reproduced()).isTrue();
        // saved with the spec's own traffic, and read back
        String saved = d.savedFiles().get(Property.STUCK_FREEDOM);
        CounterexampleFile.Loaded back = CounterexampleFile.read(Path.of(saved));
        assertThat(back.spec().pairs()).hasSameSizeAs(spec.pairs());
        assertThat(Replayer.replay(back.spec().model(), back.moves(), back.stepSizes(), back.property()).reproduced())
            .isTrue();
        var json = d.jsonTree();
        assertThat(json.get("method").asText()).isEqualTo("cp-sat");
        assertThat(json.has("guided")).isFalse();
        assertThat(json.at("/explorer/verdict").asText()).isEqualTo("incomplete");
        assertThat(d.text()).contains("all 2 packets wait (the fewest packets possible)")
            .contains("placing its worms one after another");
    }

    @Test
    void theCoverMakesEveryDependencyOfTheCycleWithFewerPairs() throws Exception {
        Spec spec = valiant4x4();
        ChannelDependencyGraph cdg = GraphStep.cdg(spec);
        List<int[]> cover = CycleTraffic.cover(spec.network(), spec.routing(), spec.rule(), spec.pairs(), cdg.cycle());
        assertThat(cover).isNotNull().isNotEmpty();
        assertThat(cover.size()).isLessThan(spec.pairs().size());
        // the graph of the covering pairs alone still has every edge of the cycle
        ChannelDependencyGraph alone = ChannelDependencyGraph.build(spec.network(), spec.routing(), spec.rule(), cover);
        List<Integer> c = cdg.cycle();
        for (int i = 0; i < c.size(); i++) {
            assertThat(alone.graph().containsEdge(c.get(i), c.get((i + 1) % c.size())))
                .as("edge %d of the cycle", i).isTrue();
        }
        // a "cycle" whose edges no pair makes: no cover
        assertThat(CycleTraffic.cover(spec.network(), spec.routing(), spec.rule(), spec.pairs(),
            List.of(c.get(0), c.get(0)))).isNull();
    }

    @Test
    void findingNothingLeavesTheVerdictIncomplete() throws Exception {
        // wormhole theoretical bubble on a ring with 2-flit queues: deadlock-free, cyclic graph, no CP-SAT model
        Spec spec = SpecReader.read(Path.of("specs/wh-ring4-c2-l2-theoretical-bubble.yaml"));
        Decision d = Flowproof.check(spec, Options.defaults().withMaxStates(200));
        assertThat(d.verdict()).isEqualTo(Verdict.INCOMPLETE);
        assertThat(d.exitCode()).isEqualTo(Decision.EXIT_INCOMPLETE);
        // CP-SAT's knot search on worms ran too: a configuration the bubble keeps out of reach, so no answer
        assertThat(d.method()).isEqualTo(Method.CP_SAT);
        assertThat(d.jsonTree().at("/guided/answer").asText()).isEqualTo("no violation found");
        assertThat(d.jsonTree().at("/guided/complete").asBoolean()).isTrue();
        assertThat(d.text()).contains("that proves nothing, the verdict stays incomplete");
        // the same spec searched in full: deadlock-free, and no guided search
        Decision full = Flowproof.check(spec);
        assertThat(full.verdict()).isEqualTo(Verdict.DEADLOCK_FREE);
        assertThat(full.jsonTree().has("guided")).isFalse();
    }

    @Test
    void aSmallCounterexampleSpecCutShortIsStillACounterexample() throws Exception {
        Spec spec = SpecReader.read(Path.of("specs/wh-ring4-c1-l2-theoretical-bubble.yaml"));
        Decision full = Flowproof.check(spec);
        assertThat(full.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
        Decision cut = Flowproof.check(spec, Options.defaults().withMaxStates(40));
        assertThat(cut.exploration().orElseThrow().verdict()).isEqualTo(Verdict.INCOMPLETE);
        assertThat(cut.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
        assertThat(cut.method()).isEqualTo(Method.CP_SAT);
        assertThat(cut.traces()).isNotEmpty();
        for (Trace t : cut.traces().values()) {
            assertThat(Replayer.replay(spec.model(), t.moves(), t.stepSizes(), t.property()).reproduced()).isTrue();
            // never shorter than the explorer's shortest with all pairs
            Trace shortest = full.traces().get(t.property());
            if (shortest != null) {
                assertThat(t.length()).isGreaterThanOrEqualTo(shortest.length());
            }
        }
        // with 20 states the explorer decides nothing, but the knot search on worms is no state search:
        // its configuration, placed worm by worm, is still the answer, and replays
        Decision tiny = Flowproof.check(spec, Options.defaults().withMaxStates(20));
        assertThat(tiny.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
        assertThat(tiny.method()).isEqualTo(Method.CP_SAT);
        for (Trace t : tiny.traces().values()) {
            assertThat(Replayer.replay(spec.model(), t.moves(), t.stepSizes(), t.property()).reproduced()).isTrue();
        }
    }
}
