package flowproof.rule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import flowproof.topology.Network;
import flowproof.topology.Torus;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * One contract, every rule: generated buffer states of a small torus, every move asked of
 * every rule. Shrinks toward fewer packets and smaller rings.
 */
class FlowControlRuleContractTest {

    /** A buffer state of a network: occupancy and marks per queue, marks never above free slots. */
    record State(Network net, int[] occupancy, int[] marks) implements BufferView {
        @Override
        public Network network() {
            return net;
        }

        @Override
        public int freeSlots(int queue) {
            return net.capacity() - occupancy[queue];
        }

        @Override
        public int criticalMarks(int queue) {
            return marks[queue];
        }

        @Override
        public int ringFreeSlots(int ring) {
            int free = 0;
            for (int q : net.ringQueues(ring)) {
                free += freeSlots(q);
            }
            return free;
        }

        @Override
        public String toString() {
            return net.topology().describe() + " C=" + net.capacity() + " vcs=" + net.vcs() + " occ="
                + java.util.Arrays.toString(occupancy) + " marks=" + java.util.Arrays.toString(marks);
        }
    }

    static Gen<State> states() {
        Gen<int[]> radix = Generate.pick(List.of(new int[] {2}, new int[] {3}, new int[] {4}, new int[] {3, 2}));
        return radix.zip(Generate.booleans(), Generate.range(1, 3), Generate.range(1, 2), (r, b, c, v) -> {
            Network n = new Network(Torus.torus(r, b), v, c);
            return n;
        }).flatMap(n -> Generate.intArrays(Generate.constant(n.queues()), Generate.range(0, n.capacity()))
            .zip(Generate.intArrays(Generate.constant(n.queues()), Generate.range(0, n.capacity())),
                (occ, want) -> {
                    int[] marks = new int[occ.length];
                    for (int q = 0; q < occ.length; q++) {
                        marks[q] = Math.min(want[q], n.capacity() - occ[q]);
                    }
                    return new State(n, occ, marks);
                }));
    }

    static List<FlowControlRule> rules(Network n) {
        // every built-in in the registry, with its default fields, where it can be built (dateline needs 2 VCs)
        List<FlowControlRule> rules = new java.util.ArrayList<>();
        for (RuleFactory f : Rules.BUILT_INS.builtIns()) {
            try {
                rules.add(f.create(n, flowproof.plugin.PluginParams.none("rule")));
            } catch (flowproof.ConfigurationException cannot) {
                // not on this network
            }
        }
        return rules;
    }

    @Test
    void everyBuiltInRuleIsBuiltOnSomeOfTheNetworks() {
        java.util.Set<String> built = new java.util.TreeSet<>();
        for (Network n : networks()) {
            rules(n).forEach(r -> built.add(r.name()));
        }
        assertThat(built).containsExactlyInAnyOrderElementsOf(Rules.BUILT_INS.keys());
    }

    /** Small tori and rings, one and two VCs, capacities 1 to 3, one and both directions. */
    static List<Network> networks() {
        List<Network> nets = new java.util.ArrayList<>();
        for (int[] radix : List.of(new int[] {2}, new int[] {3}, new int[] {4}, new int[] {3, 2})) {
            for (boolean both : new boolean[] {false, true}) {
                for (int c = 1; c <= 3; c++) {
                    for (int v = 1; v <= 2; v++) {
                        nets.add(new Network(Torus.torus(radix, both), v, c));
                    }
                }
            }
        }
        return nets;
    }

    /** Every built-in rule and its variants (options, parts, escape VCs) that fit the network. */
    static List<FlowControlRule> everyBuiltIn(Network n) {
        List<FlowControlRule> rules = new java.util.ArrayList<>(rules(n));
        rules.add(new TheoreticalBubble(false));
        if (n.capacity() >= 2) {
            rules.add(RuleKind.CRITICAL_BUBBLE.create(n, 2));
            rules.add(new LocalizedBubble(n.capacity()));
        }
        rules.add(new CriticalBubble(1, false, true));
        rules.add(new CriticalBubble(n.capacity(), true, false));
        int[] partOf = new int[n.queues()];
        rules.add(new MixedRule(List.of(new MixedRule.Part(RuleKind.VCT.create(n, 0), "all")), partOf));
        rules.add(new MixedRule(List.of(new MixedRule.Part(RuleKind.THEORETICAL_BUBBLE.create(n, 0), "all")), partOf));
        int[] byVc = new int[n.queues()];
        for (int q = 0; q < byVc.length; q++) {
            byVc[q] = n.vcOf(q) % 2;
        }
        rules.add(new MixedRule(List.of(new MixedRule.Part(RuleKind.LOCALIZED_BUBBLE.create(n, 0), "vc0"),
            new MixedRule.Part(RuleKind.VCT.create(n, 0), "vc1")), byVc));
        if (n.vcs() == 2) {
            Network escape = new Network(n.topology(), 2, n.capacity(), 1);
            rules.add(new EscapeVcs(RuleKind.THEORETICAL_BUBBLE.create(escape, 0), 1));
            rules.add(new EscapeVcs(RuleKind.CRITICAL_BUBBLE.create(escape, 1), 1, false));
        }
        if (n.vcs() >= 2) {
            // the congestion-control schemes' reserved class VCs above the spec's rule
            rules.add(new ReservedClassVcs(RuleKind.VCT.create(n, 0), 1));
            rules.add(new ReservedClassVcs(new VcPerHop(), n.vcs() - 1));
        }
        return rules;
    }

    /**
     * The whole contract ({@link RuleContract}: free slots, mayUse, freeSlotSuffices, marks,
     * ring reads, initial marks, drift, invariants kept, declared symmetries) for every built-in
     * rule on every small network.
     */
    @Test
    void everyBuiltInRuleKeepsTheContract() {
        int checked = 0;
        for (Network n : networks()) {
            for (FlowControlRule rule : everyBuiltIn(n)) {
                Network on = rule instanceof EscapeVcs ? new Network(n.topology(), 2, n.capacity(), 1) : n;
                assertThat(RuleContract.violations(rule, on)).as(rule.describe() + " on " + on.topology().describe()
                    + " vcs " + on.vcs() + " C " + on.capacity()).isEmpty();
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(500);
    }

    /** The contract's ring-read check itself: the theoretical bubble rule reads ring occupancy and says so. */
    @Test
    void aRuleReadsRingOccupancyOnlyIfItSaysSo() {
        Network n = new Network(Torus.torus(new int[] {3}, false), 1, 1);
        FlowControlRule tb = RuleKind.THEORETICAL_BUBBLE.create(n, 0);
        assertThat(tb.readsRingOccupancy()).isTrue();
        FlowControlRule silent = new FlowControlRule() {
            @Override
            public int admit(BufferView view, int from, int to) {
                return tb.admit(view, from, to);
            }

            @Override
            public java.util.Set<Invariant> invariants() {
                return tb.invariants();
            }
        };
        assertThat(RuleContract.violations(silent, n)).extracting(RuleContract.Violation::check)
            .contains("reads-ring-occupancy");
    }

    @Test
    void onlyTheCriticalBubbleSchemeMovesMarksAndOnlyWhenEveryFreeSlotOfTheTargetIsCritical() {
        qt().withExamples(300).forAll(states()).checkAssert(s -> {
            for (FlowControlRule rule : rules(s.net())) {
                for (int to = 0; to < s.net().queues(); to++) {
                    assertThat(rule.admit(s, FlowControlRule.INJECT, to)).isNotEqualTo(FlowControlRule.ADMIT_SHIFT_MARK);
                    for (int from = 0; from < s.net().queues(); from++) {
                        if (rule.admit(s, from, to) == FlowControlRule.ADMIT_SHIFT_MARK) {
                            assertThat(rule.kind()).isEqualTo(RuleKind.CRITICAL_BUBBLE);
                            assertThat(s.net().withinRing(from, to)).isTrue();
                            assertThat(s.criticalMarks(to)).isEqualTo(s.freeSlots(to));
                        }
                    }
                }
            }
        });
    }

    @Test
    void bubbleRulesAdmitWithinARingExactlyWhenVctDoes() {
        qt().withExamples(300).forAll(states()).checkAssert(s -> {
            FlowControlRule vct = RuleKind.VCT.create(s.net(), 0);
            for (RuleKind k : List.of(RuleKind.THEORETICAL_BUBBLE, RuleKind.LOCALIZED_BUBBLE, RuleKind.CRITICAL_BUBBLE)) {
                FlowControlRule rule = k.create(s.net(), 1);
                for (int from = 0; from < s.net().queues(); from++) {
                    for (int to = 0; to < s.net().queues(); to++) {
                        if (s.net().withinRing(from, to)) {
                            assertThat(rule.admit(s, from, to) != FlowControlRule.DENY)
                                .isEqualTo(vct.admit(s, from, to) != FlowControlRule.DENY);
                        }
                    }
                }
            }
        });
    }

    @Test
    void enteringARingFollowsEachRulesCondition() {
        qt().withExamples(300).forAll(states()).checkAssert(s -> {
            Network n = s.net();
            for (int to = 0; to < n.queues(); to++) {
                int free = s.freeSlots(to);
                int ringFree = s.ringFreeSlots(n.ringOf(to));
                assertThat(RuleKind.THEORETICAL_BUBBLE.create(n, 0).admit(s, FlowControlRule.INJECT, to) == FlowControlRule.ADMIT)
                    .isEqualTo(free >= 1 && ringFree >= 2);
                assertThat(RuleKind.LOCALIZED_BUBBLE.create(n, 0).admit(s, FlowControlRule.INJECT, to) == FlowControlRule.ADMIT)
                    .isEqualTo(free >= 2);
                assertThat(RuleKind.CRITICAL_BUBBLE.create(n, 1).admit(s, FlowControlRule.INJECT, to) == FlowControlRule.ADMIT)
                    .isEqualTo(free > s.criticalMarks(to));
            }
        });
    }

    @Test
    void datelineUsesVcOneFromTheWrapAroundHopOn() {
        Torus ring = Torus.torus(new int[] {4}, false);
        Network n = new Network(ring, 2, 1);
        State empty = new State(n, new int[n.queues()], new int[n.queues()]);
        FlowControlRule d = RuleKind.DATELINE.create(n, 0);
        int wrap = ring.channel(3, 0, 1);
        int plain = ring.channel(1, 0, 1);
        assertThat(ring.isWrapAround(wrap)).isTrue();
        assertThat(ring.isWrapAround(plain)).isFalse();
        assertThat(d.admit(empty, FlowControlRule.INJECT, n.queue(wrap, 1))).isEqualTo(FlowControlRule.ADMIT);
        assertThat(d.admit(empty, FlowControlRule.INJECT, n.queue(wrap, 0))).isEqualTo(FlowControlRule.DENY);
        assertThat(d.admit(empty, FlowControlRule.INJECT, n.queue(plain, 0))).isEqualTo(FlowControlRule.ADMIT);
        int afterWrap = ring.channel(0, 0, 1);
        assertThat(d.admit(empty, n.queue(wrap, 1), n.queue(afterWrap, 1))).isEqualTo(FlowControlRule.ADMIT);
        assertThat(d.admit(empty, n.queue(wrap, 1), n.queue(afterWrap, 0))).isEqualTo(FlowControlRule.DENY);
        assertThat(d.admit(empty, n.queue(plain, 0), n.queue(ring.channel(2, 0, 1), 0))).isEqualTo(FlowControlRule.ADMIT);
    }
}
