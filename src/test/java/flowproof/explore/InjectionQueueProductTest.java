package flowproof.explore;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The injection-queue product ({@link InjectionQueueProduct}) decides exactly what the direct
 * search of the model with injection queues decides, with the same counts.
 */
class InjectionQueueProductTest {

    /** Every interleaving spec with injection queues whose direct search finishes in a few seconds. */
    static final List<String> SPECS = List.of("r5-ring4-c1-localized-bubble-iq1", "r6-ring4-c1-critical-bubble-drift-iq1",
        "r6-ring4-c1-critical-bubble-iq1", "ring3-c1-critical-bubble-drift-iq1", "ring3-c1-critical-bubble-drift-iq2",
        "ring3-c2-critical-bubble-drift-iq1", "ring3-c2-critical-bubble-drift-iq2", "t3-torus3x2-critical-bubble-diagonal-iq1",
        "t3-torus3x2-critical-bubble-drift-diagonal-iq1", "large/r6-ring4-c1-critical-bubble-drift-iq2");

    static Spec spec(String name) throws Exception {
        return SpecReader.read(Path.of("specs/" + name + ".yaml"));
    }

    static ExplorationResult run(Spec s, boolean product, int threads, boolean symmetry) {
        return new Explorer(s.model(), s.effectiveProperties(), Limits.defaults(), false).injectionProduct(product)
            .threads(threads).symmetry(symmetry).run();
    }

    // -Pslow: a cross-check over every spec or a long run (the default build stays under 15 minutes)
    @Tag("slow")
    @Test
    void theProductAgreesWithTheDirectSearch() throws Exception {
        int decided = 0;
        for (String name : SPECS) {
            Spec s = spec(name);
            ExplorationResult direct = run(s, false, 1, false);
            assertThat(direct.complete()).as(name).isTrue();
            assertThat(direct.product()).isNull();
            for (int threads : new int[] {1, 2}) {
                ExplorationResult product = run(s, true, threads, false);
                String what = name + ", " + threads + " threads";
                assertThat(product.verdict()).as(what).isEqualTo(direct.verdict());
                assertThat(product.properties()).as(what).isEqualTo(direct.properties());
                assertThat(product.states()).as(what + " states").isEqualTo(direct.states());
                assertThat(product.transitions()).as(what + " transitions").isEqualTo(direct.transitions());
                assertThat(product.stuckStates()).as(what + " stuck").isEqualTo(direct.stuckStates());
                assertThat(product.undrainableStates()).as(what + " undrainable").isEqualTo(direct.undrainableStates());
                if (direct.verdict() == Verdict.DEADLOCK_FREE) {
                    assertThat(product.product()).as(what).isNotNull();
                    assertThat(product.depth()).isEqualTo(-1);
                    decided++;
                } else {
                    // a violation: the direct search ran, for the shortest trace
                    assertThat(product.product()).as(what).isNull();
                    assertThat(product.traces().keySet()).as(what).isEqualTo(direct.traces().keySet());
                    product.traces().forEach((p, t) ->
                        assertThat(t.length()).as(what + " " + p).isEqualTo(direct.traces().get(p).length()));
                }
            }
        }
        assertThat(decided).as("specs decided by the product, on 1 and 2 threads").isGreaterThanOrEqualTo(14);
    }

    /** The large specs of the suite whose direct search finishes (40-110 s each): {@code mvn -B verify -Pslow}. */
    @Test
    @Tag("slow")
    void theProductAgreesWithTheDirectSearchOnTheLargeSpecs() throws Exception {
        for (String name : List.of("large/ring4-c2-critical-bubble-drift-iq1", "large/ring5-c1-critical-bubble-drift-iq1",
            "large/torus3x3-c1-critical-bubble-3flows-drift-iq1", "large/torus3x3-c1-critical-bubble-3flows-drift-iq2",
            "large/torus3x3-c2-critical-bubble-3flows-drift-iq1", "large/t3-torus3x2-critical-bubble-drift-diagonal-iq2")) {
            Spec s = spec(name);
            ExplorationResult direct = run(s, false, 2, false);
            ExplorationResult product = run(s, true, 2, false);
            assertThat(direct.complete()).as(name).isTrue();
            assertThat(product.product()).as(name).isNotNull();
            assertThat(product.verdict()).as(name).isEqualTo(direct.verdict());
            assertThat(product.properties()).as(name).isEqualTo(direct.properties());
            assertThat(product.states()).as(name).isEqualTo(direct.states());
            assertThat(product.transitions()).as(name).isEqualTo(direct.transitions());
        }
    }

    @Test
    void theProductCountsExactlyWhenTheSearchWithoutInjectionQueuesIsReducedBySymmetry() {
        // the translations of the ring, all pairs: inject moves per source are weighted by orbit size
        for (Model base : List.of(Models.ring(4, 1, 1, flowproof.rule.RuleKind.THEORETICAL_BUBBLE),
            Models.ring(3, 1, 2, flowproof.rule.RuleKind.THEORETICAL_BUBBLE))) {
            Model m = base.with(Semantics.INTERLEAVING, base.network().topology().nodes() == 4 ? 1 : 2);
            ExplorationResult direct = new Explorer(m, Explorer.defaultProperties(m.rule()), Limits.defaults(), false)
                .injectionProduct(false).run();
            ExplorationResult product = new Explorer(m, Explorer.defaultProperties(m.rule()), Limits.defaults(), false)
                .symmetry(true).threads(2).run();
            assertThat(product.symmetryOrder()).isEqualTo(m.network().topology().nodes());
            assertThat(product.product()).isNotNull();
            assertThat(direct.verdict()).isEqualTo(Verdict.DEADLOCK_FREE);
            assertThat(product.verdict()).isEqualTo(Verdict.DEADLOCK_FREE);
            assertThat(product.states()).isEqualTo(direct.states());
            assertThat(product.transitions()).isEqualTo(direct.transitions());
        }
    }

    /** The check over every empty network the invariants allow (for CP-SAT proofs) is never weaker than the exact one. */
    @Test
    void theInvariantEmptyNetworkCheckPassesOnlyWhereTheExactOnePasses() throws Exception {
        int passed = 0;
        for (String name : SPECS) {
            Spec s = spec(name);
            Model m0 = s.model().with(Semantics.INTERLEAVING, 0);
            InjectionQueueProduct.Tally tally = new InjectionQueueProduct.Tally(m0.network().topology().nodes());
            Explorer base = new Explorer(m0, s.effectiveProperties(), Limits.defaults(), false);
            base.tally = tally;
            assertThat(base.run().complete()).isTrue();
            String exact = InjectionQueueProduct.refusedPair(m0, tally, true);
            String over = InjectionQueueProduct.refusedAtInvariantEmptyNetworks(m0);
            if (over == null) {
                assertThat(exact).as(name).isNull();
                passed++;
            }
            if (exact != null) {
                assertThat(over).as(name).isNotNull();
            }
        }
        assertThat(passed).as("specs where every invariant empty network lets every pair in").isGreaterThanOrEqualTo(6);
        assertThat(InjectionQueueProduct.refusedAtInvariantEmptyNetworks(
            spec("r6-ring4-c1-critical-bubble-iq1").model().with(Semantics.INTERLEAVING, 0)))
            .isEqualTo("pair 0 -> 1 from the empty network with marks on 0-d0+->1 vc0");
    }

    @Test
    void aLimitReachedWithoutInjectionQueuesIsIncompleteAndSaysSo() throws Exception {
        Spec s = spec("t3-torus3x2-critical-bubble-drift-diagonal-iq1");
        ExplorationResult r = new Explorer(s.model(), s.effectiveProperties(), new Limits(1_000, 60, Long.MAX_VALUE), false)
            .run();
        assertThat(r.verdict()).isEqualTo(Verdict.INCOMPLETE);
        assertThat(r.complete()).isFalse();
        assertThat(r.limit()).isEqualTo("states");
        assertThat(r.product()).contains("stopped at the states limit").contains("nothing decided");
        assertThat(r.properties().get(Property.DRAINABILITY)).isEqualTo(PropertyStatus.NOT_CHECKED);
    }

    @Test
    void theLiteralCriticalBubbleSchemeStarvesAQueuedSourceAndTheProductDefersToTheDirectSearch() throws Exception {
        // T3's turning flows, literal CBS, injection queues of 1: M0 already fails drainability
        Spec s = spec("t3-torus3x2-critical-bubble-diagonal-iq1");
        ExplorationResult r = run(s, true, 1, false);
        assertThat(r.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
        assertThat(r.product()).isNull();
        assertThat(r.depth()).isPositive();
    }

    @Test
    void anEmptyNetworkThatRefusesAPairForGoodFailsCheckB() throws Exception {
        // localized bubble with one-packet queues admits no injection, and has no drift moves
        Spec s = spec("r5-ring4-c1-localized-bubble-iq1");
        InjectionQueueProduct.Tally tally = new InjectionQueueProduct.Tally(4);
        Explorer base = new Explorer(s.model().with(Semantics.INTERLEAVING, 0), s.effectiveProperties(), Limits.defaults(),
            false);
        base.tally = tally;
        ExplorationResult r0 = base.run();
        // drains (vacuously), and no pair ever injects: a counterexample to injectability
        assertThat(r0.properties().get(Property.DRAINABILITY)).isEqualTo(PropertyStatus.HOLDS);
        assertThat(r0.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
        assertThat(r0.traces().keySet()).containsExactly(Property.INJECTABILITY);
        assertThat(tally.empty).hasSize(1);
        assertThat(InjectionQueueProduct.refusedPair(r0.model(), tally, true)).startsWith("pair ");
        assertThat(InjectionQueueProduct.refusedPair(r0.model(), tally, false)).startsWith("pair ");
        // with drift, CBS on a ring lets every pair in after drift moves
        Spec drift = spec("r6-ring4-c1-critical-bubble-drift-iq1");
        InjectionQueueProduct.Tally t2 = new InjectionQueueProduct.Tally(4);
        Explorer b2 = new Explorer(drift.model().with(Semantics.INTERLEAVING, 0), drift.effectiveProperties(),
            Limits.defaults(), false);
        b2.tally = t2;
        ExplorationResult d0 = b2.run();
        assertThat(InjectionQueueProduct.refusedPair(d0.model(), t2, true)).isNull();
        assertThat(t2.empty).hasSizeGreaterThan(1);
    }
}
