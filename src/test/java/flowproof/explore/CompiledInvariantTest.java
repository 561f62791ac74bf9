package flowproof.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import flowproof.rule.Invariant;
import flowproof.rule.RuleKind;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.quicktheories.generators.Generate;

/**
 * {@link CompiledInvariant} answers as {@link Invariant#holds} on random states of random
 * rings and tori (random slots and mark counts, invariants broken or not), so the searches
 * that check the compiled form check the one definition.
 */
class CompiledInvariantTest {

    @Test
    void answersAsTheInvariantOnRandomStates() {
        qt().withExamples(300).forAll(Generate.range(0, Integer.MAX_VALUE)).checkAssert(seed -> {
            Random rnd = new Random(seed);
            int[] radix = rnd.nextBoolean() ? new int[] {3 + rnd.nextInt(3)} : new int[] {2 + rnd.nextInt(2), 2 + rnd.nextInt(2)};
            int capacity = 1 + rnd.nextInt(3);
            RuleKind kind = rnd.nextBoolean() ? RuleKind.CRITICAL_BUBBLE : RuleKind.THEORETICAL_BUBBLE;
            int m = 1 + rnd.nextInt(capacity);
            Model model = Models.torus(radix, rnd.nextInt(4) == 0, 1, capacity, kind, m);
            StateLayout layout = StateLayout.of(model);
            Expander ex = new Expander(model, layout);
            long[] s = new long[layout.words];
            boolean sparse = rnd.nextBoolean();
            for (int q = 0; q < layout.queues; q++) {
                int occupied = sparse && rnd.nextInt(3) > 0 ? 0 : rnd.nextInt(capacity + 1);
                long slots = 0;
                for (int i = 0; i < occupied; i++) {
                    slots |= (long) (1 + rnd.nextInt(model.routing().headers())) << (i * layout.destBits);
                }
                long marks = layout.markBits == 0 ? 0 : rnd.nextInt((int) layout.markMask + 1);
                layout.setField(s, 0, q, (slots << layout.markBits) | marks);
            }
            ex.load(s, 0);
            for (Invariant inv : Invariant.values()) {
                int perRing = model.rule().marksPerRing();
                assertThat(new CompiledInvariant(inv, model.network(), perRing).holds(ex)).as(inv + " on " + model.describe())
                    .isEqualTo(inv.holds(ex, perRing));
            }
        });
    }

    /** Both answers occur above: the empty network holds every invariant; a full ring breaks the bubble invariant. */
    @Test
    void emptyHoldsAndFullBreaks() {
        Model model = Models.torus(new int[] {4}, false, 1, 1, RuleKind.THEORETICAL_BUBBLE, 0);
        StateLayout layout = StateLayout.of(model);
        Expander ex = new Expander(model, layout);
        CompiledInvariant bubble = new CompiledInvariant(Invariant.BUBBLE, model.network(), 0);
        ex.load(new long[layout.words], 0);
        assertThat(bubble.holds(ex)).isTrue();
        long[] full = new long[layout.words];
        for (int q = 0; q < layout.queues; q++) {
            layout.setField(full, 0, q, 1);
        }
        ex.load(full, 0);
        assertThat(bubble.holds(ex)).isFalse();
        assertThat(Invariant.BUBBLE.holds(ex, 0)).isFalse();
    }
}
