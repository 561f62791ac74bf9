package flowproof.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.rule.BufferView;
import flowproof.rule.CriticalBubble;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import flowproof.rule.RuleKind;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AdmissionTableTest {

    private final Network ring = new Network(Torus.torus(new int[] {4}, false), 1, 2);

    @Test
    void criticalBubbleReadsMarksButNotTheRing() {
        AdmissionTable within = new AdmissionTable(ring, new CriticalBubble(1), 0, 1);
        assertThat(within.readsMarks).isTrue();
        assertThat(within.readsRing).isFalse();
        assertThat(within.outcome(1, 1, 0)).isEqualTo(FlowControlRule.ADMIT_SHIFT_MARK);
        assertThat(within.outcome(2, 1, 0)).isEqualTo(FlowControlRule.ADMIT);
        assertThat(within.outcome(0, 0, 0)).isEqualTo(FlowControlRule.DENY);
        AdmissionTable entering = new AdmissionTable(ring, new CriticalBubble(1), FlowControlRule.INJECT, 1);
        assertThat(entering.outcome(1, 1, 0)).isEqualTo(FlowControlRule.DENY);
        assertThat(entering.outcome(2, 1, 0)).isEqualTo(FlowControlRule.ADMIT);
    }

    @Test
    void aRuleThatReadsAnotherQueueIsRefusedWithItsName() {
        FlowControlRule upstream = new FlowControlRule() {
            @Override
            public int admit(BufferView view, int from, int to) {
                return from >= 0 && view.freeSlots(from) > 0 && view.freeSlots(to) > 0 ? ADMIT : DENY;
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
        assertThatThrownBy(() -> new AdmissionTable(ring, upstream, 0, 1))
            .isInstanceOf(UnsupportedOperationException.class)
            .hasMessageContaining("the rule read the free slots of " + ring.queueName(0));
    }
}
