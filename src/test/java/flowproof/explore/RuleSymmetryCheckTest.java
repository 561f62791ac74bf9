package flowproof.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import example.plugins.FixedQueueDeny;
import flowproof.ConfigurationException;
import flowproof.routing.DimensionOrderRouting;
import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import flowproof.rule.RuleKind;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import flowproof.traffic.TrafficPattern;
import java.nio.IntBuffer;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The explorer checks a rule's declared symmetries before it reduces by them
 * ({@link Symmetry#checkRule}): on a generating set of the group, which must generate all of it.
 */
class RuleSymmetryCheckTest {

    private static Symmetry symmetryOf(Model m) {
        return Symmetry.of(m, new StateLayout(m.network(), m.rule().marksPerRing() > 0, m.routing().headers()));
    }

    private static Model model(int[] radix, boolean both, FlowControlRule rule) {
        Torus t = Torus.torus(radix, both);
        return new Model(new Network(t, 1, 1), new DimensionOrderRouting(t), rule, TrafficPattern.ALL_PAIRS.pairs(t));
    }

    @Test
    void theGeneratorsGenerateTheWholeGroupAndAreFew() {
        for (Model m : List.of(Models.torus(new int[] {3, 3}, true, 1, 1, RuleKind.THEORETICAL_BUBBLE, 0),
            Models.torus(new int[] {3, 3}, false, 1, 1, RuleKind.VCT, 0),
            Models.torus(new int[] {5}, true, 1, 2, RuleKind.LOCALIZED_BUBBLE, 0),
            Models.torus(new int[] {4, 2}, false, 1, 1, RuleKind.VCT, 0))) {
            Symmetry sym = symmetryOf(m);
            List<Integer> gens = sym.generators();
            assertThat(gens.size()).as(m.describe()).isLessThanOrEqualTo(
                Integer.SIZE - Integer.numberOfLeadingZeros(sym.order()));
            assertThat(closure(m, gens)).as(m.describe()).isEqualTo(sym.order());
            sym.checkRule(m); // built-in rules keep what they declare
        }
    }

    /** The size of the group the generators' queue maps generate. */
    private static int closure(Model m, List<Integer> gens) {
        int queues = m.network().queues();
        List<int[]> maps = new java.util.ArrayList<>();
        StateLayout layout = new StateLayout(m.network(), false, m.routing().headers());
        Symmetry sym = Symmetry.of(m, layout);
        for (int g : gens) {
            // the image of each queue under g, read off a state with one packet in that queue
            int[] qm = new int[queues];
            for (int q = 0; q < queues; q++) {
                long[] s = new long[layout.words];
                layout.setField(s, 0, q, 1L << layout.markBits);
                long[] img = new long[layout.words];
                sym.apply(g, s, 0, img, 0);
                for (int r = 0; r < queues; r++) {
                    if (layout.field(img, 0, r) != 0) {
                        qm[q] = r;
                    }
                }
            }
            maps.add(qm);
        }
        Set<IntBuffer> seen = new HashSet<>();
        int[] id = java.util.stream.IntStream.range(0, queues).toArray();
        seen.add(IntBuffer.wrap(id));
        ArrayDeque<int[]> todo = new ArrayDeque<>(List.of(id));
        while (!todo.isEmpty()) {
            int[] e = todo.poll();
            for (int[] g : maps) {
                int[] p = new int[queues];
                for (int q = 0; q < queues; q++) {
                    p[q] = g[e[q]];
                }
                if (seen.add(IntBuffer.wrap(p))) {
                    todo.add(p);
                }
            }
        }
        return seen.size();
    }

    @Test
    void aRuleThatDeniesAtOneFixedQueueIsRefusedNamingItsClassTheTranslationTheMoveAndTheState() {
        Model m = model(new int[] {3, 3}, false, new FixedQueueDeny());
        Symmetry sym = symmetryOf(m);
        assertThat(sym.order()).isEqualTo(9);
        assertThatThrownBy(() -> sym.checkRule(m)).isInstanceOf(ConfigurationException.class)
            .hasMessageStartingWith("rule: expected a rule that decides every move as it decides its image under the"
                + " symmetries it declares (translationInvariant()), as --symmetry relies on them, found"
                + " example.plugins.FixedQueueDeny: admit(inject into (0,0)-d0+->(1,0) vc0) is DENY while admit(inject"
                + " into ")
            .hasMessageContaining("its image under the translation taking node (0,0) to node")
            .hasMessageEndingWith("is ADMIT, in the empty network");
        // the search refuses it only when asked to reduce
        Model ring = model(new int[] {4}, false, new FixedQueueDeny());
        Set<Property> props = Explorer.defaultProperties(ring.rule());
        assertThatThrownBy(() -> new Explorer(ring, props, Limits.defaults(), false).symmetry(true).run())
            .isInstanceOf(ConfigurationException.class);
        ExplorationResult r = new Explorer(ring, props, Limits.defaults(), false).threads(2).run();
        assertThat(r.complete()).isTrue();
        assertThat(r.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
    }

    @Test
    void aFalseReflectionClaimIsRefusedNamingTheReflection() {
        FlowControlRule plusOnly = new FlowControlRule() {
            @Override
            public int admit(BufferView view, int from, int to) {
                Network n = view.network();
                return view.freeSlots(to) > 0 && (from != INJECT || n.topology().direction(n.channelOf(to)) > 0)
                    ? ADMIT : DENY;
            }

            @Override
            public boolean translationInvariant() {
                return true;
            }

            @Override
            public boolean reflectionInvariant() {
                return true;
            }

            @Override
            public Set<Invariant> invariants() {
                return Set.of();
            }
        };
        Model m = model(new int[] {5}, true, plusOnly);
        Symmetry sym = symmetryOf(m);
        assertThat(sym.order()).isEqualTo(10);
        assertThatThrownBy(() -> sym.checkRule(m)).isInstanceOf(ConfigurationException.class)
            .hasMessageContaining("(reflectionInvariant() and translationInvariant())")
            .hasMessageContaining("its image under the reflection in dimension 0");
    }
}
