package flowproof.explore;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Property#INJECTABILITY}: every traffic pair can inject from some reachable state. A
 * rule that refuses every injection has one reachable state, deadlock-free only vacuously; the
 * explorer must say so, on every engine, instead of {@code deadlock-free}.
 */
class InjectabilityTest {

    static Spec spec(String name) throws Exception {
        return SpecReader.read(Path.of("specs/" + name + ".yaml"));
    }

    static ExplorationResult run(Spec s, int threads, boolean symmetry, Limits limits) {
        return new Explorer(s.model(), s.effectiveProperties(), limits, false).threads(threads).symmetry(symmetry).run();
    }

    static List<Trace.Pair> pairs(int[][] p) {
        List<Trace.Pair> out = new ArrayList<>();
        for (int[] x : p) {
            out.add(new Trace.Pair(x[0], x[1]));
        }
        return out;
    }

    @Test
    void localizedBubbleWithOnePacketQueuesIsACounterexampleNamingEveryPair() throws Exception {
        Spec s = spec("r5-ring4-c1-localized-bubble");
        for (int threads : new int[] {1, 2}) {
            for (boolean sym : new boolean[] {false, true}) {
                ExplorationResult r = run(s, threads, sym, Limits.defaults());
                String what = threads + " threads, symmetry " + sym;
                assertThat(r.states()).as(what).isEqualTo(1);
                assertThat(r.verdict()).as(what).isEqualTo(Verdict.COUNTEREXAMPLE);
                assertThat(r.properties().get(Property.INJECTABILITY)).as(what).isEqualTo(PropertyStatus.VIOLATED);
                assertThat(r.properties().get(Property.DRAINABILITY)).as(what).isEqualTo(PropertyStatus.HOLDS);
                Trace t = r.traces().get(Property.INJECTABILITY);
                assertThat(t.length()).isZero();
                assertThat(t.starved()).as(what).hasSize(12).containsExactlyElementsOf(pairs(s.pairs().toArray(new int[0][])));
            }
        }
    }

    @Test
    void aVctRingInjectsEveryPair() throws Exception {
        ExplorationResult r = run(spec("r1-ring4-c1-vct"), 1, false, Limits.defaults());
        assertThat(r.properties().get(Property.INJECTABILITY)).isEqualTo(PropertyStatus.HOLDS);
        assertThat(r.traces()).doesNotContainKey(Property.INJECTABILITY);
    }

    /** The literal CBS on the 3x2 torus: each 2-queue ring of dimension 1 keeps its mark where three pairs must enter. */
    @Test
    void literalCriticalBubbleOnT3StarvesThreePairsOnEveryEngine() throws Exception {
        Spec s = spec("t3-torus3x2-critical-bubble");
        var top = s.network().topology();
        List<String> expected = List.of("(0,1)->(0,0)", "(1,1)->(1,0)", "(2,1)->(2,0)");
        for (int threads : new int[] {1, 2}) {
            for (boolean sym : new boolean[] {false, true}) {
                ExplorationResult r = run(s, threads, sym, Limits.defaults());
                List<String> names = r.traces().get(Property.INJECTABILITY).starved().stream()
                    .map(p -> top.nodeName(p.source()) + "->" + top.nodeName(p.destination())).toList();
                assertThat(names).as(threads + " threads, symmetry " + sym).isEqualTo(expected);
            }
        }
    }

    @Test
    void aPartialSearchEstablishesInjectabilityByWitnessesAndNeverRefutesIt() throws Exception {
        Spec vct = spec("ring5-c2-vct");
        // the first state's successors already hold every pair's injection
        ExplorationResult some = run(vct, 1, false, new Limits(50, 600, Long.MAX_VALUE));
        assertThat(some.complete()).isFalse();
        assertThat(some.properties().get(Property.INJECTABILITY)).isEqualTo(PropertyStatus.HOLDS);
        // a search that stops before any state is expanded fully is unknown, not violated
        Spec r5 = spec("r5-ring4-c1-localized-bubble");
        ExplorationResult none = new Explorer(r5.model(), r5.effectiveProperties(), new Limits(1, 600, 1), false).run();
        assertThat(none.properties().get(Property.INJECTABILITY)).isNotEqualTo(PropertyStatus.HOLDS);
        assertThat(none.verdict()).isNotEqualTo(Verdict.DEADLOCK_FREE);
    }

    @Test
    void injectionQueuesProductAndDirectSearchAgree() throws Exception {
        for (String name : List.of("r5-ring4-c1-localized-bubble-iq1", "r6-ring4-c1-critical-bubble-iq1",
            "t3-torus3x2-critical-bubble-diagonal-iq1", "ring3-c1-critical-bubble-drift-iq1")) {
            Spec s = spec(name);
            ExplorationResult direct = new Explorer(s.model(), s.effectiveProperties(), Limits.defaults(), false)
                .injectionProduct(false).run();
            ExplorationResult product = new Explorer(s.model(), s.effectiveProperties(), Limits.defaults(), false).run();
            assertThat(product.properties().get(Property.INJECTABILITY)).as(name)
                .isEqualTo(direct.properties().get(Property.INJECTABILITY));
            Trace a = direct.traces().get(Property.INJECTABILITY);
            Trace b = product.traces().get(Property.INJECTABILITY);
            assertThat(a == null ? null : a.starved()).as(name).isEqualTo(b == null ? null : b.starved());
        }
    }

    @Test
    void wormholeAndClockCycleModelsAreCheckedToo(@TempDir Path dir) throws Exception {
        // a bubble rule under wormhole: a VC is one packet slot, so "two free slots" never holds
        Path wh = dir.resolve("wh.yaml");
        Files.writeString(wh, "name: wh-vacuous\ntopology: {kind: ring, radix: [4], bidirectional: false}\n"
            + "routing: dor\nvcs: 1\nflow: wormhole\ncapacity: 1\npacket-flits: 2\n"
            + "rule: {kind: localized-bubble}\ntraffic: all-pairs\n");
        Path sync = dir.resolve("sync.yaml");
        Files.writeString(sync, "name: sync-vacuous\ntopology: {kind: ring, radix: [4], bidirectional: false}\n"
            + "routing: dor\nvcs: 1\ncapacity: 1\nsemantics: synchronous\nrule: {kind: localized-bubble}\n"
            + "traffic: all-pairs\n");
        for (Path p : List.of(wh, sync)) {
            Spec s = SpecReader.read(p);
            ExplorationResult r = run(s, 1, false, Limits.defaults());
            assertThat(r.verdict()).as(p.toString()).isEqualTo(Verdict.COUNTEREXAMPLE);
            assertThat(r.traces().get(Property.INJECTABILITY).starved()).as(p.toString()).hasSize(12);
        }
    }

    @Test
    void theCounterexampleReplaysAndATamperedPairDoesNot() throws Exception {
        Spec s = spec("t3-torus3x2-critical-bubble");
        Trace t = run(s, 1, false, Limits.defaults()).traces().get(Property.INJECTABILITY);
        assertThat(Replayer.replay(s.model(), t.moves(), List.of(), Property.INJECTABILITY, t.starved()).reproduced())
            .isTrue();
        // (0,0) -> (1,0) injects from the empty network
        List<Trace.Pair> wrong = List.of(new Trace.Pair(0, 1));
        Replayer.Outcome o = Replayer.replay(s.model(), t.moves(), List.of(), Property.INJECTABILITY, wrong);
        assertThat(o.reproduced()).isFalse();
        assertThat(o.message()).contains("(0,0) -> (1,0)");
    }

    @Test
    void theInitialStateCheckFindsThePairsARuleRefusesThere() throws Exception {
        assertThat(Explorer.notInjectableInitially(spec("r5-ring4-c1-localized-bubble").model())).hasSize(12);
        assertThat(Explorer.notInjectableInitially(spec("r2-ring4-c1-dateline").model())).isEmpty();
        // eleven pairs find a critical mark on their first queue in the empty network; eight of
        // them inject later, once marks have moved: the initial check is a witness, never a refutation
        Spec t3 = spec("t3-torus3x2-critical-bubble");
        assertThat(Explorer.notInjectableInitially(t3.model())).hasSize(11)
            .containsAll(run(t3, 1, false, Limits.defaults()).traces().get(Property.INJECTABILITY).starved());
        // with injection queues a packet is generated first, then injected
        assertThat(Explorer.notInjectableInitially(Models.ring(3, 1, 1, flowproof.rule.RuleKind.VCT)
            .with(Semantics.INTERLEAVING, 1))).isEmpty();
        assertThat(Explorer.notInjectableInitially(spec("r6-ring4-c1-critical-bubble-iq1").model()))
            .containsExactly(new Trace.Pair(3, 0), new Trace.Pair(3, 1), new Trace.Pair(3, 2));
    }

    /**
     * On every spec of specs/ the sequential search, the level-synchronous one and the symmetry-reduced
     * one name the same pairs (or none), and the explorer's search with injectability alone agrees.
     */
    // -Pslow: a cross-check over every spec or a long run (the default build stays under 15 minutes)
    @Tag("slow")
    @Test
    void everyEngineAgreesOnEverySpec() throws Exception {
        List<Path> files;
        try (Stream<Path> st = Files.list(Path.of("specs"))) {
            files = st.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        int compared = 0;
        for (Path f : files) {
            Spec s = SpecReader.read(f);
            Limits small = new Limits(300_000, 30, Long.MAX_VALUE);
            ExplorationResult seq = run(s, 1, false, small);
            if (!seq.complete()) {
                continue;
            }
            ExplorationResult par = run(s, 2, true, small);
            ExplorationResult alone = new Explorer(s.model(), EnumSet.of(Property.INJECTABILITY), small, false).run();
            String what = f.toString();
            assertThat(par.properties().get(Property.INJECTABILITY)).as(what)
                .isEqualTo(seq.properties().get(Property.INJECTABILITY));
            assertThat(alone.properties().get(Property.INJECTABILITY)).as(what)
                .isEqualTo(seq.properties().get(Property.INJECTABILITY));
            Trace a = seq.traces().get(Property.INJECTABILITY);
            Trace b = par.traces().get(Property.INJECTABILITY);
            assertThat(a == null ? null : a.starved()).as(what).isEqualTo(b == null ? null : b.starved());
            if (a == null) {
                assertThat(seq.properties().get(Property.INJECTABILITY)).as(what).isEqualTo(PropertyStatus.HOLDS);
            }
            compared++;
        }
        assertThat(compared).isGreaterThan(80);
    }
}
