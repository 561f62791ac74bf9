package flowproof.rule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.ConfigurationException;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The rule registry: spec names, kind properties, and the combinations {@code create} refuses. */
class RuleKindTest {

    private final Torus ring4 = Torus.torus(new int[] {4}, false);

    @Test
    void everyKindIsFoundByItsSpecName() {
        assertThat(RuleKind.of("vct")).isEqualTo(RuleKind.VCT);
        assertThat(RuleKind.of("dateline")).isEqualTo(RuleKind.DATELINE);
        assertThat(RuleKind.of("theoretical-bubble")).isEqualTo(RuleKind.THEORETICAL_BUBBLE);
        assertThat(RuleKind.of("localized-bubble")).isEqualTo(RuleKind.LOCALIZED_BUBBLE);
        assertThat(RuleKind.of("critical-bubble")).isEqualTo(RuleKind.CRITICAL_BUBBLE);
        assertThat(RuleKind.of("vc-per-hop")).isEqualTo(RuleKind.VC_PER_HOP);
        for (RuleKind k : RuleKind.values()) {
            assertThat(RuleKind.of(k.key())).isEqualTo(k);
        }
    }

    @Test
    void anUnknownNameIsNoKind() {
        assertThat(RuleKind.of("bubble")).isNull();
        assertThat(RuleKind.of("VCT")).as("names are case-sensitive").isNull();
        assertThat(RuleKind.of("")).isNull();
    }

    @Test
    void keysListsEveryBuiltInRuleByNameForErrorMessages() {
        assertThat(RuleKind.keys())
            .isEqualTo("critical-bubble, dateline, localized-bubble, theoretical-bubble, vc-per-hop, vct");
    }

    @Test
    void onlyTheBubbleRulesNeedRingsAndOnlyCbsTakesBubbles() {
        assertThat(RuleKind.VCT.needsRings()).isFalse();
        assertThat(RuleKind.DATELINE.needsRings()).isFalse();
        assertThat(RuleKind.VC_PER_HOP.needsRings()).isFalse();
        assertThat(RuleKind.THEORETICAL_BUBBLE.needsRings()).isTrue();
        assertThat(RuleKind.LOCALIZED_BUBBLE.needsRings()).isTrue();
        assertThat(RuleKind.CRITICAL_BUBBLE.needsRings()).isTrue();
        for (RuleKind k : RuleKind.values()) {
            assertThat(k.takesBubbles()).as(k.key()).isEqualTo(k == RuleKind.CRITICAL_BUBBLE);
            assertThat(k.escapeVcs()).as(k.key()).isEqualTo(k == RuleKind.DATELINE ? 2 : 1);
        }
    }

    @Test
    void createBuildsARuleOfTheSameKind() {
        for (RuleKind k : RuleKind.values()) {
            Network n = new Network(ring4, k == RuleKind.DATELINE ? 2 : 1, 2);
            FlowControlRule rule = k.create(n, 0);
            assertThat(rule.kind()).isEqualTo(k);
            assertThat(rule.describe()).startsWith(k.key());
        }
        Network n = new Network(ring4, 1, 2);
        assertThat(RuleKind.VCT.create(n, 0)).isInstanceOf(VirtualCutThrough.class);
        assertThat(RuleKind.THEORETICAL_BUBBLE.create(n, 0)).isInstanceOf(TheoreticalBubble.class);
        assertThat(RuleKind.LOCALIZED_BUBBLE.create(n, 0)).isInstanceOf(LocalizedBubble.class);
        assertThat(RuleKind.CRITICAL_BUBBLE.create(n, 0)).isInstanceOf(CriticalBubble.class);
        assertThat(RuleKind.VC_PER_HOP.create(n, 0)).isInstanceOf(VcPerHop.class);
        assertThat(RuleKind.DATELINE.create(new Network(ring4, 2, 2), 0)).isInstanceOf(Dateline.class);
    }

    @Test
    void createPassesTheOptionsOn() {
        Network n = new Network(ring4, 1, 2);
        assertThat(RuleKind.THEORETICAL_BUBBLE.create(n, 0).globalReadAtomic()).isTrue();
        assertThat(RuleKind.THEORETICAL_BUBBLE.create(n, 0, 1, false, false).globalReadAtomic()).isFalse();
        assertThat(RuleKind.THEORETICAL_BUBBLE.create(n, 0, 1, false, true).globalReadAtomic()).isTrue();
        assertThat(RuleKind.CRITICAL_BUBBLE.create(n, 0).marksDrift()).isFalse();
        assertThat(RuleKind.CRITICAL_BUBBLE.create(n, 0, 1, true, true).marksDrift()).isTrue();
        assertThat(RuleKind.CRITICAL_BUBBLE.create(n, 0, 1, true, true).describe()).isEqualTo("critical-bubble (m=1, drift)");
        Dateline two = (Dateline) RuleKind.DATELINE.create(new Network(ring4, 3, 1), 0, 2);
        assertThat(two.datelines()).isEqualTo(2);
        assertThat(((Dateline) RuleKind.DATELINE.create(new Network(ring4, 2, 1), 0)).datelines()).isEqualTo(1);
    }

    @Test
    void criticalBubbleDefaultsToOneMarkAndTakesUpToTheCapacity() {
        Network n = new Network(ring4, 1, 2);
        assertThat(RuleKind.CRITICAL_BUBBLE.create(n, 0).marksPerRing()).isEqualTo(1);
        assertThat(RuleKind.CRITICAL_BUBBLE.create(n, 1).marksPerRing()).isEqualTo(1);
        assertThat(RuleKind.CRITICAL_BUBBLE.create(n, 2).marksPerRing()).as("exactly the capacity").isEqualTo(2);
    }

    @Test
    void criticalBubbleRefusesMoreMarksThanOneQueueHolds() {
        Network n = new Network(ring4, 1, 2);
        assertThatThrownBy(() -> RuleKind.CRITICAL_BUBBLE.create(n, 3))
            .isInstanceOfSatisfying(ConfigurationException.class, e -> {
                assertThat(e.field()).isEqualTo("rule.bubbles");
                assertThat(e.expected()).isEqualTo("at most the capacity (2), since all marks start on one queue");
                assertThat(e.found()).isEqualTo("3");
            });
    }

    @Test
    void criticalBubbleRefusesANegativeMarkCount() {
        Network n = new Network(ring4, 1, 2);
        assertThatThrownBy(() -> RuleKind.CRITICAL_BUBBLE.create(n, -1))
            .isInstanceOfSatisfying(ConfigurationException.class, e -> {
                assertThat(e.field()).isEqualTo("rule.bubbles");
                assertThat(e.expected()).isEqualTo("a positive integer");
                assertThat(e.found()).isEqualTo("-1");
            });
    }

    @Test
    void datelineRefusesAVcCountOtherThanDatelinesPlusOne() {
        assertThatThrownBy(() -> RuleKind.DATELINE.create(new Network(ring4, 1, 1), 0))
            .isInstanceOfSatisfying(ConfigurationException.class, e -> {
                assertThat(e.field()).isEqualTo("vcs");
                assertThat(e.expected()).isEqualTo("2 for rule dateline");
                assertThat(e.found()).isEqualTo("1");
            });
        assertThatThrownBy(() -> RuleKind.DATELINE.create(new Network(ring4, 3, 1), 0))
            .isInstanceOfSatisfying(ConfigurationException.class, e -> assertThat(e.found()).isEqualTo("3"));
        assertThatThrownBy(() -> RuleKind.DATELINE.create(new Network(ring4, 2, 1), 0, 2))
            .isInstanceOfSatisfying(ConfigurationException.class, e -> {
                assertThat(e.field()).isEqualTo("vcs");
                assertThat(e.expected()).isEqualTo("3 for rule dateline with 2 datelines per ring");
                assertThat(e.found()).isEqualTo("2");
            });
    }

    @Test
    void datelineUnderEscapeVcsCountsTheEscapeVcs() {
        // three VCs, of which one forms rings: a dateline needs two escape VCs
        assertThatThrownBy(() -> RuleKind.DATELINE.create(new Network(ring4, 3, 1, 1), 0))
            .isInstanceOfSatisfying(ConfigurationException.class, e -> {
                assertThat(e.field()).isEqualTo("vcs");
                assertThat(e.expected()).isEqualTo("2 escape VCs for rule dateline");
                assertThat(e.found()).isEqualTo("3");
            });
        assertThat(RuleKind.DATELINE.create(new Network(ring4, 3, 1, 2), 0)).isInstanceOf(Dateline.class);
    }

    @Test
    void severalDatelinesMustDivideEveryRadix() {
        assertThatThrownBy(() -> RuleKind.DATELINE.create(new Network(ring4, 4, 1), 0, 3))
            .isInstanceOfSatisfying(ConfigurationException.class, e -> {
                assertThat(e.field()).isEqualTo("rule.datelines");
                assertThat(e.expected()).isEqualTo("a divisor of every radix (4 in dimension 0)");
                assertThat(e.found()).isEqualTo("3");
            });
        Torus t = Torus.torus(new int[] {4, 6, 3}, false);
        assertThatThrownBy(() -> RuleKind.DATELINE.create(new Network(t, 3, 1), 0, 2))
            .isInstanceOfSatisfying(ConfigurationException.class,
                e -> assertThat(e.expected()).isEqualTo("a divisor of every radix (3 in dimension 2)"));
        Torus even = Torus.torus(new int[] {4, 6}, false);
        assertThat(RuleKind.DATELINE.create(new Network(even, 3, 1), 0, 2)).isInstanceOf(Dateline.class);
    }

    @Test
    void theDefaultsOfTheRuleInterfaceDescribeAPlainVctLikeRule() {
        FlowControlRule plain = new FlowControlRule() {
            @Override
            public int admit(BufferView view, int from, int to) {
                return view.freeSlots(to) > 0 ? ADMIT : DENY;
            }

            @Override
            public Set<Invariant> invariants() {
                return Set.of();
            }

            @Override
            public RuleKind kind() {
                return RuleKind.VCT;
            }
        };
        Network n = new Network(ring4, 1, 2);
        assertThat(plain.mayUse(n, FlowControlRule.INJECT, 0)).isTrue();
        assertThat(plain.freeSlotSuffices()).as("not claimed unless said").isFalse();
        assertThat(plain.marksDrift()).isFalse();
        assertThat(plain.drifts(new Buffers(n).set(1, 1, 1), 1, 0)).isFalse();
        assertThat(plain.globalReadAtomic()).isTrue();
        assertThat(plain.marksPerRing()).isZero();
        for (int q = 0; q < n.queues(); q++) {
            assertThat(plain.initialMarks(n, q)).isZero();
        }
        assertThat(plain.translationInvariant()).isFalse();
        assertThat(plain.reflectionInvariant()).isFalse();
        assertThat(plain.describe()).isEqualTo("vct");
    }

    @Test
    void everyBuiltInRuleDeclaresWhatItsKindSaysAndIsNamedByItsKey() {
        for (RuleKind k : RuleKind.values()) {
            Network n = new Network(ring4, k == RuleKind.DATELINE ? 2 : 1, 2);
            FlowControlRule r = k.create(n, 0);
            assertThat(r.readsRings()).as(k.key()).isEqualTo(k.needsRings());
            assertThat(r.name()).isEqualTo(k.key());
            assertThat(new EscapeVcs(r, n.ringVcs()).readsRings()).as(k.key() + " on escape VCs").isEqualTo(k.needsRings());
            assertThat(new EscapeVcs(r, n.ringVcs()).name()).isEqualTo(k.key());
        }
    }

    @Test
    void aRuleThatIsNotBuiltInHasNoKindAndIsNamedByItsClass() {
        FlowControlRule own = new FlowControlRule() {
            @Override
            public int admit(BufferView view, int from, int to) {
                return view.freeSlots(to) > 0 ? ADMIT : DENY;
            }

            @Override
            public Set<Invariant> invariants() {
                return Set.of();
            }
        };
        assertThat(own.kind()).isNull();
        assertThat(own.name()).isEqualTo(own.getClass().getName());
        assertThat(own.describe()).isEqualTo(own.name());
        assertThat(own.readsRings()).isFalse();
    }

    @Test
    void theDefaultInitialMarksPutEveryMarkOnVcZeroOfTheRingsHome() {
        FlowControlRule marked = new FlowControlRule() {
            @Override
            public int admit(BufferView view, int from, int to) {
                return DENY;
            }

            @Override
            public int marksPerRing() {
                return 2;
            }

            @Override
            public Set<Invariant> invariants() {
                return Set.of();
            }

            @Override
            public RuleKind kind() {
                return RuleKind.CRITICAL_BUBBLE;
            }
        };
        // two ring VCs and one adaptive VC
        Network n = new Network(ring4, 3, 2, 2);
        int home = n.queue(ring4.channel(3, 0, 1), 0);
        for (int q = 0; q < n.queues(); q++) {
            assertThat(marked.initialMarks(n, q)).as(n.queueName(q)).isEqualTo(q == home ? 2 : 0);
        }
    }
}
