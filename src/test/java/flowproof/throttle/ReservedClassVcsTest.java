package flowproof.throttle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import flowproof.ConfigurationException;
import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import flowproof.rule.ReservedClassVcs;
import flowproof.rule.RuleKind;
import flowproof.sim.control.Scheme;
import flowproof.topology.FlattenedButterfly;
import flowproof.topology.Network;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link ReservedClassVcs}: the spec's rule on the normal VCs, virtual cut-through on the
 * class VCs at the top of each channel, no move between a class VC and any other VC, and
 * everything else the rule answers (slots, marks, invariants, kind) taken from the spec's
 * rule.
 */
class ReservedClassVcsTest {

    /** 4 routers, 4 VCs per channel, 4 packet slots per buffer. */
    private static final Network NET = new Network(new FlattenedButterfly(4, 1, 1), 4, 4);

    /** A spec rule whose answers a test can recognise. */
    private static final class Inner implements FlowControlRule {
        final int answer;
        final boolean freeSlot;
        final RuleKind kind;

        Inner(int answer, boolean freeSlot, RuleKind kind) {
            this.answer = answer;
            this.freeSlot = freeSlot;
            this.kind = kind;
        }

        @Override
        public int admit(BufferView view, int from, int to) {
            return answer;
        }

        @Override
        public boolean mayUse(Network network, int from, int to) {
            return true;
        }

        @Override
        public boolean freeSlotSuffices() {
            return freeSlot;
        }

        @Override
        public int marksPerRing() {
            return 3;
        }

        @Override
        public int initialMarks(Network network, int queue) {
            return 5;
        }

        @Override
        public Set<Invariant> invariants() {
            return EnumSet.of(Invariant.BUBBLE);
        }

        @Override
        public RuleKind kind() {
            return kind;
        }

        /** As the built-in rule of that kind says (readers ask the capability, not the kind). */
        @Override
        public boolean readsRings() {
            return kind.needsRings();
        }

        @Override
        public String describe() {
            return "inner";
        }
    }

    /** Free slots set by hand. */
    private static final class Free implements BufferView {
        final int[] free = new int[NET.queues()];

        Free() {
            Arrays.fill(free, NET.capacity());
        }

        @Override
        public Network network() {
            return NET;
        }

        @Override
        public int freeSlots(int queue) {
            return free[queue];
        }

        @Override
        public int criticalMarks(int queue) {
            return 0;
        }

        @Override
        public int ringFreeSlots(int ring) {
            throw new AssertionError("class VCs have no rings");
        }
    }

    private static int q(int channel, int vc) {
        return NET.queue(channel, vc);
    }

    @Test
    void theTwoHighestVcsAreClassVcsUnderVirtualCutThrough() {
        ReservedClassVcs r = new ReservedClassVcs(new Inner(FlowControlRule.ADMIT_SHIFT_MARK, true, RuleKind.VCT), 2);
        Free v = new Free();
        // VC 1 is normal: the spec rule answers, from injection or a normal VC
        assertThat(r.admit(v, FlowControlRule.INJECT, q(1, 1))).isEqualTo(FlowControlRule.ADMIT_SHIFT_MARK);
        assertThat(r.admit(v, q(0, 0), q(1, 1))).isEqualTo(FlowControlRule.ADMIT_SHIFT_MARK);
        // VC 2 is a class VC: a free packet slot admits
        v.free[q(1, 2)] = 1;
        assertThat(r.admit(v, FlowControlRule.INJECT, q(1, 2))).isEqualTo(FlowControlRule.ADMIT);
        assertThat(r.admit(v, q(0, 2), q(1, 2))).isEqualTo(FlowControlRule.ADMIT);
        v.free[q(1, 2)] = 0;
        assertThat(r.admit(v, FlowControlRule.INJECT, q(1, 2))).isEqualTo(FlowControlRule.DENY);
        assertThat(r.admit(v, q(0, 2), q(1, 2))).isEqualTo(FlowControlRule.DENY);
        v.free[q(1, 3)] = 4;
        assertThat(r.admit(v, q(0, 3), q(1, 3))).isEqualTo(FlowControlRule.ADMIT);
    }

    @Test
    void noMoveBetweenAClassVcAndAnyOtherVc() {
        ReservedClassVcs r = new ReservedClassVcs(new Inner(FlowControlRule.ADMIT, true, RuleKind.VCT), 2);
        Free v = new Free();
        // normal into a class VC, one class into the other, a class VC into a normal VC: never,
        // even with room
        assertThat(r.admit(v, q(0, 0), q(1, 2))).isEqualTo(FlowControlRule.DENY);
        assertThat(r.admit(v, q(0, 1), q(1, 3))).isEqualTo(FlowControlRule.DENY);
        assertThat(r.admit(v, q(0, 3), q(1, 2))).isEqualTo(FlowControlRule.DENY);
        assertThat(r.admit(v, q(0, 2), q(1, 3))).isEqualTo(FlowControlRule.DENY);
        assertThat(r.admit(v, q(0, 2), q(1, 1))).isEqualTo(FlowControlRule.DENY);
        assertThat(r.admit(v, q(0, 3), q(1, 0))).isEqualTo(FlowControlRule.DENY);
        assertThat(r.mayUse(NET, q(0, 2), q(1, 1))).isFalse();
        assertThat(r.mayUse(NET, q(0, 3), q(1, 2))).isFalse();
        assertThat(r.mayUse(NET, FlowControlRule.INJECT, q(1, 3))).isTrue();
        assertThat(r.mayUse(NET, FlowControlRule.INJECT, q(1, 1))).isTrue();
        assertThat(r.mayUse(NET, q(0, 1), q(1, 0))).isTrue();
    }

    @Test
    void withOneClassOnlyTheHighestVcIsReserved() {
        ReservedClassVcs r = new ReservedClassVcs(new Inner(FlowControlRule.ADMIT_SHIFT_MARK, true, RuleKind.VCT), 1);
        Free v = new Free();
        assertThat(r.admit(v, q(0, 2), q(1, 2))).isEqualTo(FlowControlRule.ADMIT_SHIFT_MARK);
        assertThat(r.admit(v, q(0, 3), q(1, 3))).isEqualTo(FlowControlRule.ADMIT);
        assertThat(r.admit(v, q(0, 2), q(1, 3))).isEqualTo(FlowControlRule.DENY);
        assertThat(r.describe()).isEqualTo("inner + 1 class VC");
        assertThat(new ReservedClassVcs(new Inner(0, true, RuleKind.VCT), 2).describe()).isEqualTo("inner + 2 class VCs");
    }

    @Test
    void everythingElseIsTheSpecRulesOnTheNormalVcs() {
        Inner inner = new Inner(FlowControlRule.ADMIT, true, RuleKind.DATELINE);
        ReservedClassVcs r = new ReservedClassVcs(inner, 2);
        assertThat(r.inner()).isSameAs(inner);
        assertThat(r.freeSlotSuffices()).isTrue();
        assertThat(new ReservedClassVcs(new Inner(FlowControlRule.ADMIT, false, RuleKind.VCT), 2).freeSlotSuffices())
            .isFalse();
        assertThat(r.marksPerRing()).isEqualTo(3);
        assertThat(r.initialMarks(NET, q(2, 0))).isEqualTo(5);
        assertThat(r.initialMarks(NET, q(2, 1))).isEqualTo(5);
        assertThat(r.initialMarks(NET, q(2, 2))).isZero();
        assertThat(r.initialMarks(NET, q(2, 3))).isZero();
        assertThat(r.invariants()).containsExactly(Invariant.BUBBLE);
        assertThat(r.kind()).isEqualTo(RuleKind.DATELINE);
    }

    @Test
    void aRuleWithRingInvariantsIsRefused() {
        SchemeContext c = new SchemeContext(NET, new Inner(FlowControlRule.ADMIT, true, RuleKind.CRITICAL_BUBBLE), 32,
            8, true);
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        for (String key : new String[] {"cbcm", "ecn", "ideal"}) {
            assertThatThrownBy(() -> Schemes.read("simulation.control", yaml.readTree(key), c))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("a rule without ring invariants for scheme " + key)
                .hasMessageContaining("critical-bubble");
        }
        SchemeContext ok = new SchemeContext(NET, new Inner(FlowControlRule.ADMIT, true, RuleKind.VC_PER_HOP), 32,
            8, true);
        for (String key : new String[] {"cbcm", "ecn", "ideal"}) {
            assertThat(read(yaml, key, ok).key()).isEqualTo(key);
        }
    }

    @Test
    void theRefusalOfTooFewVcsNamesTheReservedVcs() {
        Network two = new Network(new FlattenedButterfly(4, 1, 1), 2, 4);
        SchemeContext c = new SchemeContext(two, new Inner(FlowControlRule.ADMIT, true, RuleKind.VCT), 32, 8, true);
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        assertThatThrownBy(() -> Schemes.read("simulation.control", yaml.readTree("cbcm"), c))
            .isInstanceOf(ConfigurationException.class)
            .hasMessageContaining("at least 3 VCs for scheme cbcm (2 reserved class VCs and one normal VC)")
            .hasMessageContaining("2 VCs");
        assertThat(read(yaml, "ecn", c).key()).isEqualTo("ecn");
        Network one = new Network(new FlattenedButterfly(4, 1, 1), 1, 4);
        SchemeContext c1 = new SchemeContext(one, new Inner(FlowControlRule.ADMIT, true, RuleKind.VCT), 32, 8, true);
        assertThatThrownBy(() -> Schemes.read("simulation.control", yaml.readTree("ecn"), c1))
            .isInstanceOf(ConfigurationException.class)
            .hasMessageContaining("at least 2 VCs for scheme ecn (1 reserved class VC and one normal VC)");
    }

    private static Scheme read(ObjectMapper yaml, String key, SchemeContext c) {
        try {
            return Schemes.read("simulation.control", yaml.readTree(key), c);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }
}
