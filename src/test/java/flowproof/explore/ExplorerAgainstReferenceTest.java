package flowproof.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import flowproof.reference.ReferenceEnumerator;
import flowproof.rule.RuleKind;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * The explorer against the independent brute-force enumerator of the semantics document
 * (flowproof.reference, test code only, sharing no code with the explorer): same number
 * of reachable states, same verdicts, same shortest stuck depth.
 */
class ExplorerAgainstReferenceTest {

    record Case(int[] radix, boolean bidirectional, int vcs, int capacity, RuleKind rule) {
        @Override
        public String toString() {
            return Models.name(radix, bidirectional, vcs, capacity, rule);
        }
    }

    static ReferenceEnumerator.Rule reference(RuleKind k) {
        return ReferenceEnumerator.Rule.valueOf(k.name());
    }

    static void assertAgrees(Case c) {
        ExplorationResult r = Models.exploreAll(Models.torus(c.radix(), c.bidirectional(), c.vcs(), c.capacity(), c.rule(), 0));
        ReferenceEnumerator.Result ref = ReferenceEnumerator.enumerate(new ReferenceEnumerator.Config(c.radix(),
            c.bidirectional(), c.vcs(), c.capacity(), reference(c.rule()), c.rule() == RuleKind.CRITICAL_BUBBLE ? 1 : 0));
        assertThat(r.complete()).isTrue();
        assertThat(r.states()).as("states of %s", c).isEqualTo(ref.states());
        assertThat(r.properties().get(Property.STUCK_FREEDOM) == PropertyStatus.VIOLATED)
            .as("stuck of %s", c).isEqualTo(ref.stuckStateReachable());
        assertThat(r.properties().get(Property.DRAINABILITY) == PropertyStatus.HOLDS)
            .as("drainable of %s", c).isEqualTo(ref.allStatesDrainable());
        assertThat(r.properties().get(Property.BUBBLE_INVARIANT) == PropertyStatus.HOLDS)
            .as("bubble invariant of %s", c).isEqualTo(ref.bubbleInvariantHolds());
        if (c.rule() == RuleKind.CRITICAL_BUBBLE) {
            assertThat(r.properties().get(Property.CRITICAL_BUBBLE_INVARIANT) == PropertyStatus.HOLDS)
                .as("critical invariant of %s", c).isEqualTo(ref.criticalBubbleInvariantHolds());
        }
        Trace stuck = r.traces().get(Property.STUCK_FREEDOM);
        assertThat(stuck == null ? -1 : stuck.length()).as("shortest stuck depth of %s", c)
            .isEqualTo(ref.shortestStuckDepth());
    }

    static Stream<Arguments> references() {
        List<Case> cases = new ArrayList<>();
        for (RuleKind k : RuleKind.values()) {
            if (k == RuleKind.VC_PER_HOP) {
                cases.add(new Case(new int[] {4}, false, 3, 1, k));
                cases.add(new Case(new int[] {3}, false, 2, 2, k));
                cases.add(new Case(new int[] {4}, true, 2, 1, k));
                cases.add(new Case(new int[] {2, 2}, true, 2, 1, k));
                continue;
            }
            int vcs = k == RuleKind.DATELINE ? 2 : 1;
            cases.add(new Case(new int[] {4}, false, vcs, 1, k));
            cases.add(new Case(new int[] {3}, false, vcs, 2, k));
            cases.add(new Case(new int[] {4}, true, vcs, 1, k));
            if (k != RuleKind.VCT && k != RuleKind.DATELINE) {
                cases.add(new Case(new int[] {3, 2}, false, vcs, 1, k));
            }
            cases.add(new Case(new int[] {2, 2}, true, 1, 1, k == RuleKind.DATELINE ? RuleKind.VCT : k));
        }
        cases.add(new Case(new int[] {6}, false, 1, 1, RuleKind.CRITICAL_BUBBLE));
        cases.add(new Case(new int[] {4}, false, 1, 2, RuleKind.LOCALIZED_BUBBLE));
        cases.add(new Case(new int[] {3}, false, 2, 1, RuleKind.THEORETICAL_BUBBLE));
        cases.add(new Case(new int[] {3}, false, 2, 1, RuleKind.CRITICAL_BUBBLE));
        cases.add(new Case(new int[] {3}, true, 2, 1, RuleKind.VCT));
        return cases.stream().map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("references")
    void explorerCountsEqualTheIndependentEnumerator(Case c) {
        assertAgrees(c);
    }

    @Test
    @Tag("slow")
    void largerConfigurationsAgreeWithTheIndependentEnumerator() {
        assertAgrees(new Case(new int[] {2, 2, 2}, false, 1, 1, RuleKind.CRITICAL_BUBBLE));
        assertAgrees(new Case(new int[] {3, 2}, false, 1, 1, RuleKind.VCT));
    }

    /** Small generated networks: shrinking moves to fewer dimensions, smaller radix, fewer slots, plainer rules. */
    static Gen<Case> smallCases() {
        Gen<RuleKind> rule = Generate.pick(List.of(RuleKind.values()));
        Gen<Boolean> bidir = Generate.booleans();
        // one VC per hop multiplies the queues by the route length: smaller rings for it
        return rule.flatMap(k -> Generate.pick(k == RuleKind.VC_PER_HOP
                ? List.of(new int[] {2}, new int[] {3}, new int[] {2, 2})
                : List.of(new int[] {2}, new int[] {3}, new int[] {4}, new int[] {5}, new int[] {2, 2}))
            .zip(bidir, (r, b) -> new Object[] {r, b, k})).flatMap(o -> {
            int[] r = (int[]) o[0];
            boolean b = (Boolean) o[1];
            RuleKind k = (RuleKind) o[2];
            int nodes = 1;
            for (int x : r) {
                nodes *= x;
            }
            boolean bidirectional = b && nodes * r.length * 2 * (k == RuleKind.DATELINE ? 2 : 1) <= 10;
            int hops = 0;
            for (int x : r) {
                hops += bidirectional ? x / 2 : x - 1;
            }
            int vcs = k == RuleKind.DATELINE ? 2 : k == RuleKind.VC_PER_HOP ? hops : 1;
            int queues = nodes * r.length * (bidirectional ? 2 : 1) * vcs;
            int maxCapacity = queues <= 4 ? 2 : 1;
            return Generate.range(1, maxCapacity).map(c -> new Case(r, bidirectional, vcs, c, k));
        });
    }

    @Test
    void generatedSmallNetworksAgreeWithTheIndependentEnumerator() {
        qt().withExamples(60).withShrinkCycles(200).forAll(smallCases()).checkAssert(ExplorerAgainstReferenceTest::assertAgrees);
    }
}
