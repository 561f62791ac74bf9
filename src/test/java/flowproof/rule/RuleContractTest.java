package flowproof.rule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import example.plugins.FixedQueueDeny;
import example.plugins.HybridBubble;
import example.plugins.Overfull;
import flowproof.plugin.PluginParams;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link RuleContract} on rules that are not built in: the hybrid bubble plugin keeps it, the
 * rules broken on purpose are caught, each violation naming the rule's class, the move and the
 * state.
 */
class RuleContractTest {

    private static final Network RING4 = new Network(Torus.torus(new int[] {4}, false), 2, 1);
    private static final Network TORUS = new Network(Torus.torus(new int[] {3, 2}, true), 1, 2);

    @Test
    void theHybridBubblePluginKeepsTheContractOnEverySmallNetwork() {
        for (Network n : FlowControlRuleContractTest.networks()) {
            RuleContract.check(new HybridBubble(n, PluginParams.of(Map.of())), n);
        }
    }

    @Test
    void aRuleAdmittingIntoFullQueuesAndWhatMayUseForbidsIsCaughtByName() {
        List<RuleContract.Violation> v = RuleContract.violations(new Overfull(), RING4);
        assertThat(v).extracting(RuleContract.Violation::check).contains("free-slot", "may-use");
        assertThat(v).allSatisfy(x -> assertThat(x.rule()).isEqualTo(Overfull.class.getName()));
        RuleContract.Violation full = v.stream().filter(x -> x.check().equals("free-slot")).findFirst().orElseThrow();
        assertThat(full.move()).startsWith("inject into ");
        assertThat(full.state()).isEqualTo("every queue full");
        assertThatThrownBy(() -> RuleContract.check(new Overfull(), RING4)).isInstanceOf(AssertionError.class)
            .hasMessageContaining("example.plugins.Overfull breaks the flow-control rule contract")
            .hasMessageContaining("free-slot: admits (ADMIT) into a queue without a free slot; move: inject into"
                + " 0-d0+->1 vc0; state: every queue full")
            .hasMessageContaining("may-use: admits (ADMIT) a move that mayUse forbids; move: inject into 0-d0+->1 vc1");
    }

    @Test
    void aFalseTranslationSymmetryIsCaughtWithTheTranslationTheMoveAndTheState() {
        for (Network n : List.of(RING4, TORUS)) {
            List<RuleContract.Violation> v = RuleContract.violations(new FixedQueueDeny(), n);
            assertThat(v).extracting(RuleContract.Violation::check).containsOnly("symmetry");
            assertThat(v.get(0).detail()).startsWith("declares translationInvariant() but admit(inject into "
                + n.queueName(0) + ") is DENY while admit(inject into ").contains("its image under the translation taking node");
            assertThat(v.get(0).state()).isEqualTo("the empty network");
        }
        assertThatThrownBy(() -> RuleContract.check(new FixedQueueDeny(), TORUS)).isInstanceOf(AssertionError.class)
            .hasMessageContaining(FixedQueueDeny.class.getName());
        // the explorer's helper says the same for one symmetry, and nothing for the identity
        int[] identity = java.util.stream.IntStream.range(0, RING4.queues()).toArray();
        assertThat(RuleContract.symmetryMismatch(new FixedQueueDeny(), RING4, identity, "the identity", 8, 1)).isNull();
    }

    /**
     * A rule that respects single elements ({@link FlowControlRule#respects}) has each checked:
     * the dateline's reflections of a bidirectional 3x3 torus pass; a dateline claiming every
     * element is caught under a translation that moves the wrap-around channels.
     */
    @Test
    void theElementsARuleRespectsAreChecked() {
        Network t33 = new Network(Torus.torus(new int[] {3, 3}, true), 2, 1);
        assertThat(RuleContract.violations(new Dateline(), t33)).isEmpty();
        FlowControlRule claimsAll = new FlowControlRule() {
            private final Dateline d = new Dateline();

            @Override
            public int admit(BufferView view, int from, int to) {
                return d.admit(view, from, to);
            }

            @Override
            public boolean mayUse(Network network, int from, int to) {
                return d.mayUse(network, from, to);
            }

            @Override
            public boolean respects(Network network, flowproof.topology.Automorphism a, boolean reflects) {
                return true;
            }

            @Override
            public java.util.Set<Invariant> invariants() {
                return EnumSet.noneOf(Invariant.class);
            }
        };
        assertThat(RuleContract.violations(claimsAll, t33)).extracting(RuleContract.Violation::detail)
            .anySatisfy(d -> assertThat(d).startsWith("declares respects() but").contains("the element taking node"));
    }

    @Test
    void aFalseReflectionSymmetryIsCaught() {
        // reads the direction of the target's channel: same at every position, not under a reflection
        FlowControlRule plusOnly = new Declared(EnumSet.noneOf(Invariant.class), 0, true, true) {
            @Override
            public int admit(BufferView view, int from, int to) {
                Network n = view.network();
                return view.freeSlots(to) > 0 && (from != INJECT || n.topology().direction(n.channelOf(to)) > 0)
                    ? ADMIT : DENY;
            }
        };
        assertThat(RuleContract.violations(plusOnly, TORUS)).extracting(RuleContract.Violation::detail)
            .anySatisfy(d -> assertThat(d).startsWith("declares reflectionInvariant() but").contains("the reflection in"
                + " dimension"));
    }

    @Test
    void anInvariantTheRuleDeclaresButDoesNotKeepIsCaught() {
        FlowControlRule vctWithBubble = new Declared(EnumSet.of(Invariant.BUBBLE), 0, false, false) {
            @Override
            public int admit(BufferView view, int from, int to) {
                return view.freeSlots(to) > 0 ? ADMIT : DENY;
            }
        };
        assertThat(RuleContract.violations(vctWithBubble, RING4)).extracting(RuleContract.Violation::detail)
            .contains("the admitted move (ADMIT) breaks the bubble-invariant it declares");
    }

    @Test
    void marksMovedWithoutMarksAndInitialMarksThatMoveUnderATranslationAreCaught() {
        FlowControlRule shifty = new Declared(EnumSet.noneOf(Invariant.class), 0, false, false) {
            @Override
            public int admit(BufferView view, int from, int to) {
                return view.freeSlots(to) > 0 ? (view.network().withinRing(from, to) ? ADMIT_SHIFT_MARK : ADMIT) : DENY;
            }
        };
        assertThat(RuleContract.violations(shifty, RING4)).extracting(RuleContract.Violation::detail)
            .contains("answers ADMIT_SHIFT_MARK but keeps no marks (marksPerRing() is 0)");
        FlowControlRule cbs = new CriticalBubble(1);
        FlowControlRule claimsTranslations = new Declared(cbs.invariants(), 1, true, false) {
            @Override
            public int admit(BufferView view, int from, int to) {
                return cbs.admit(view, from, to);
            }
        };
        assertThat(RuleContract.violations(cbs, RING4)).isEmpty();
        assertThat(RuleContract.violations(claimsTranslations, RING4)).extracting(RuleContract.Violation::detail)
            .anySatisfy(d -> assertThat(d).startsWith("declares translationInvariant() but").contains("marks and its image"));
    }

    @Test
    void aRuleThatThrowsOrAnswersNonsenseIsAViolationNotACrash() {
        FlowControlRule seven = new Declared(EnumSet.noneOf(Invariant.class), 0, false, false) {
            @Override
            public int admit(BufferView view, int from, int to) {
                if (to == 1) {
                    throw new IllegalStateException("queue 1 is cursed");
                }
                return 7;
            }
        };
        assertThat(RuleContract.violations(seven, RING4)).extracting(RuleContract.Violation::detail)
            .contains("admit returned 7 (expected DENY 0, ADMIT 1 or ADMIT_SHIFT_MARK 2)")
            .anySatisfy(d -> assertThat(d).contains("queue 1 is cursed"));
    }

    /** A rule with the given declarations; admission left to the test. */
    private abstract static class Declared implements FlowControlRule {
        private final Set<Invariant> invariants;
        private final int marks;
        private final boolean translations;
        private final boolean reflections;

        Declared(Set<Invariant> invariants, int marks, boolean translations, boolean reflections) {
            this.invariants = invariants;
            this.marks = marks;
            this.translations = translations;
            this.reflections = reflections;
        }

        @Override
        public Set<Invariant> invariants() {
            return invariants;
        }

        @Override
        public int marksPerRing() {
            return marks;
        }

        @Override
        public boolean translationInvariant() {
            return translations;
        }

        @Override
        public boolean reflectionInvariant() {
            return reflections;
        }
    }
}
