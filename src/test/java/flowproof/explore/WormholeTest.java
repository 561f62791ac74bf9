package flowproof.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.report.Picture;
import flowproof.routing.DimensionOrderRouting;
import flowproof.rule.RuleKind;
import flowproof.rule.VirtualCutThrough;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The explorer's wormhole mode ({@code flow: wormhole}): state counts checked by hand and against VCT, and the specs. */
class WormholeTest {

    /** A unidirectional ring of 2, one VC, VCT rule, the single flow 0 -> 1 (one hop, then eject). */
    private static Model twoNodeRing(int packetFlits, int queueFlits) {
        Torus t = Torus.torus(new int[] {2}, false);
        Network n = new Network(t, 1, 1);
        return new Model(n, new DimensionOrderRouting(t), new VirtualCutThrough(), List.<int[]>of(new int[] {0, 1}))
            .with(new Wormhole(packetFlits, queueFlits));
    }

    /**
     * Counted by hand. The packet's only queue q is 0->1 at node 1, its destination, and node 0
     * injects one packet at a time; a new head needs q free (empty and not allocated).
     * <ul>
     *   <li>L=1, C=1: empty; q=[ht]. 2 states.</li>
     *   <li>L=2, C=1: empty; q=[h], 1 to inject; q allocated and empty (head ejected), 1 to inject;
     *       q=[t]. 4 states (from q=[h] the tail cannot enter: the queue is full).</li>
     *   <li>L=2, C=2: the four above plus q=[h t]. 5 states.</li>
     *   <li>L=3, C=1: empty; [h]+2; alloc+2; [f]+1; alloc+1; [t]. 6 states.</li>
     * </ul>
     */
    @ParameterizedTest
    @CsvSource({"1,1,2", "2,1,4", "2,2,5", "3,1,6"})
    void aTwoNodeRingHasTheHandCountedStates(int packetFlits, int queueFlits, long states) {
        ExplorationResult r = Models.explore(twoNodeRing(packetFlits, queueFlits));
        assertThat(r.complete()).isTrue();
        assertThat(r.states()).isEqualTo(states);
        assertThat(r.verdict()).isEqualTo(Verdict.DEADLOCK_FREE);
    }

    /**
     * Packets of one flit in one-flit queues are the packet model with capacity 1: the same
     * reachable states and transitions as virtual cut-through (R1, R2, R3 and a 3x2 torus).
     */
    @ParameterizedTest
    @CsvSource({"4,1,VCT", "4,2,DATELINE", "4,1,THEORETICAL_BUBBLE", "5,1,LOCALIZED_BUBBLE", "5,2,DATELINE"})
    void oneFlitPacketsInOneFlitQueuesAreTheVctModel(int k, int vcs, RuleKind kind) {
        Model vct = Models.ring(k, vcs, 1, kind);
        ExplorationResult a = Models.explore(vct);
        ExplorationResult b = Models.explore(vct.with(new Wormhole(1, 1)));
        assertThat(b.states()).isEqualTo(a.states());
        assertThat(b.transitions()).isEqualTo(a.transitions());
        assertThat(b.verdict()).isEqualTo(a.verdict());
        assertThat(b.stuckStates()).isEqualTo(a.stuckStates());
    }

    @Test
    void oneFlitPacketsOnATorusAreTheVctModel() {
        Model vct = Models.torus(new int[] {3, 2}, false, 1, 1, RuleKind.THEORETICAL_BUBBLE, 0);
        ExplorationResult a = Models.explore(vct);
        ExplorationResult b = Models.explore(vct.with(new Wormhole(1, 1)));
        assertThat(b.states()).isEqualTo(a.states());
        assertThat(b.transitions()).isEqualTo(a.transitions());
    }

    private static Spec spec(String name) throws Exception {
        return SpecReader.read(Path.of("specs", name + ".yaml"));
    }

    private static ExplorationResult explore(Spec s) {
        return new Explorer(s.model(), s.effectiveProperties(), s.limits(), false).run();
    }

    /** The specs of issue 8 item 4, exhaustively, with their measured state counts. */
    @ParameterizedTest
    @CsvSource({
        "wh-ring4-c1-l2-theoretical-bubble, COUNTEREXAMPLE, 1703, 5",
        "wh-ring4-c2-l3-theoretical-bubble, COUNTEREXAMPLE, 17233, -1",
        "wh-ring4-c2-l2-theoretical-bubble, DEADLOCK_FREE, 4625, -1",
        "wh-ring4-c1-l2-dateline, DEADLOCK_FREE, 17176, -1",
        "wh-ring4-c1-l3-dateline, DEADLOCK_FREE, 61512, -1",
        "wh-ring4-bidir-c1-l2-dateline, DEADLOCK_FREE, 186944, -1"})
    void theSpecsHaveTheirVerdicts(String name, Verdict verdict, long states, int stuckLength) throws Exception {
        Spec s = spec(name);
        ExplorationResult r = explore(s);
        assertThat(r.verdict()).isEqualTo(verdict).isEqualTo(s.expect());
        assertThat(r.complete()).isTrue();
        assertThat(r.states()).isEqualTo(states);
        if (stuckLength > 0) {
            Trace t = r.traces().get(Property.STUCK_FREEDOM);
            assertThat(t.length()).isEqualTo(stuckLength);
            Replayer.Outcome o = Replayer.replay(s.model(), t.moves(), Property.STUCK_FREEDOM);
            assertThat(o.reproduced()).as(o.message()).isTrue();
            String picture = Picture.trace(s.model(), t);
            assertThat(picture).contains("inject a flit of").contains("h head").contains("[3: h]").contains("[3: t]")
                .contains("still to inject");
        }
    }

    @Test
    void theDeadlockNeedsPacketsLongerThanTheQueue() throws Exception {
        Spec fits = spec("wh-ring4-c2-l2-theoretical-bubble");
        ExplorationResult r = new Explorer(fits.model(), EnumSet.of(Property.BUBBLE_INVARIANT), Limits.defaults(), false)
            .run();
        // The bubble invariant is lost even when packets fit (a head takes a VC its body still holds) ...
        assertThat(r.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
        // ... but only packets longer than a queue deadlock (theSpecsHaveTheirVerdicts).
    }

    @Test
    void wormholeModelsAreReducedBySymmetry() {
        Model m = Models.ring(4, 1, 1, RuleKind.VCT);
        assertThat(m.supportsSymmetry()).isTrue();
        assertThat(m.with(new Wormhole(2, 1)).supportsSymmetry()).isTrue();
        assertThat(m.with(new Wormhole(2, 1)).with(Semantics.INTERLEAVING, 0).wormhole()).isEqualTo(new Wormhole(2, 1));
        assertThat(m.with(new Wormhole(2, 1)).describe()).contains("wormhole: packets of 2 flits, queues of 1 flit");
    }

    /**
     * The parallel search and the symmetry reduction on worms: every count of the sequential
     * search (states the orbits stand for, transitions, stuck and undrainable states, depth), the
     * same verdicts and traces as long, each trace replaying, fewer states stored where the group
     * reduces. The rings and the 2x2 torus reduce by their translations, the bidirectional 3-ring's
     * dateline by its reflection (odd radix, DOR), the 4-ring's dateline by nothing.
     */
    @ParameterizedTest
    @CsvSource({
        "wh-ring4-c1-l2-theoretical-bubble, 4",
        "wh-ring4-c2-l3-theoretical-bubble, 4",
        "wh-ring4-c2-l2-theoretical-bubble, 4",
        "wh-ring4-c1-l2-dateline, 1",
        "ring3-bidir-dateline, 2",
        "torus2x2-vct-l2-c2, 4"})
    void theParallelAndReducedSearchesCountAsTheSequentialOne(String name, int order) throws Exception {
        Model model = switch (name) {
            case "ring3-bidir-dateline" -> Models.torus(new int[] {3}, true, 2, 1, RuleKind.DATELINE, 0)
                .with(new Wormhole(2, 1));
            case "torus2x2-vct-l2-c2" -> Models.torus(new int[] {2, 2}, false, 1, 1, RuleKind.VCT, 0)
                .with(new Wormhole(2, 2));
            default -> spec(name).model();
        };
        EnumSet<Property> props = EnumSet.of(Property.STUCK_FREEDOM, Property.DRAINABILITY, Property.INJECTABILITY);
        ExplorationResult seq = new Explorer(model, props, Limits.defaults(), false).threads(1).run();
        ExplorationResult par = new Explorer(model, props, Limits.defaults(), false).threads(2).run();
        ExplorationResult red = new Explorer(model, props, Limits.defaults(), false).threads(2).symmetry(true).run();
        assertThat(seq.complete()).isTrue();
        for (ExplorationResult r : List.of(par, red)) {
            assertThat(r.complete()).isTrue();
            assertThat(r.verdict()).isEqualTo(seq.verdict());
            assertThat(r.states()).isEqualTo(seq.states());
            assertThat(r.transitions()).isEqualTo(seq.transitions());
            assertThat(r.stuckStates()).isEqualTo(seq.stuckStates());
            assertThat(r.undrainableStates()).isEqualTo(seq.undrainableStates());
            assertThat(r.depth()).isEqualTo(seq.depth());
            assertThat(r.traces().keySet()).isEqualTo(seq.traces().keySet());
            for (var e : r.traces().entrySet()) {
                assertThat(e.getValue().length()).isEqualTo(seq.traces().get(e.getKey()).length());
                Replayer.Outcome o = Replayer.replay(model, e.getValue().moves(), e.getKey());
                assertThat(o.reproduced()).as(o.message()).isTrue();
            }
        }
        assertThat(red.symmetryOrder()).isEqualTo(order);
        if (order > 1) {
            assertThat(red.orbits()).isLessThan(seq.states()).isGreaterThanOrEqualTo(seq.states() / order);
        }
    }

    @Test
    void unsupportedCombinationsAreRefused() {
        assertThatThrownBy(() -> new Wormhole(0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Wormhole(1, 0)).isInstanceOf(IllegalArgumentException.class);
        Model cbs = Models.ring(4, 1, 1, RuleKind.CRITICAL_BUBBLE);
        assertThatThrownBy(() -> cbs.with(new Wormhole(2, 1))).isInstanceOf(IllegalArgumentException.class);
        Model c2 = Models.ring(4, 1, 2, RuleKind.VCT);
        assertThatThrownBy(() -> c2.with(new Wormhole(2, 1))).isInstanceOf(IllegalArgumentException.class);
    }
}
