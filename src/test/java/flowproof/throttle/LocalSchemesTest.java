package flowproof.throttle;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.sim.control.InjectionControl;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import org.junit.jupiter.api.Test;

/** ALO, Best Local and the static threshold judged on hand-set buffer states. */
class LocalSchemesTest {

    private final Torus torus = Torus.torus(new int[] {4, 4}, true);
    private final Network net = new Network(torus, 2, 1);

    private int channel(int from, int to) {
        for (int c = 0; c < torus.channels(); c++) {
            if (torus.source(c) == from && torus.target(c) == to) {
                return c;
            }
        }
        throw new AssertionError("no channel " + from + "->" + to);
    }

    @Test
    void aloNeedsAFreeVcOnEveryUsefulChannelOrOneWhollyFreeChannel() {
        StubState st = new StubState(net, 8, 8);
        InjectionControl alo = new Alo().create(st, 1);
        int a = channel(0, 1);
        int b = channel(0, 4);
        int[] first = {net.queue(a, 0), net.queue(a, 1), net.queue(b, 0), net.queue(b, 1)};
        assertThat(alo.mayInject(0, 5, 8, first, 4)).as("all free").isTrue();
        st.allocated[net.queue(a, 0)] = true;
        st.allocated[net.queue(b, 1)] = true;
        assertThat(alo.mayInject(0, 5, 8, first, 4)).as("one free VC on each").isTrue();
        st.allocated[net.queue(a, 1)] = true;
        assertThat(alo.mayInject(0, 5, 8, first, 4)).as("channel a has no free VC, b not wholly free").isFalse();
        st.allocated[net.queue(b, 1)] = false;
        assertThat(alo.mayInject(0, 5, 8, first, 4)).as("channel b wholly free").isTrue();
        st.credits[net.queue(b, 0)] = 7;
        assertThat(alo.mayInject(0, 5, 8, first, 4)).as("a VC without room for a packet is not free").isFalse();
        assertThat(alo.mayInject(0, 5, 8, first, 2)).as("only channel a useful: no free VC").isFalse();
    }

    @Test
    void bestLocalIsLocalizedBubbleWithNSlotsToEnterARing() {
        Network big = new Network(torus, 1, 4);
        var ctx = new SchemeContext(big, new flowproof.rule.CriticalBubble(1), 32, 8, true);
        var rule = Schemes.named("best-local(slots=3)", null, ctx).rule(new flowproof.rule.CriticalBubble(1), big);
        int x = big.queue(channel(0, 1), 0);
        int y = big.queue(channel(1, 5), 0);
        int[] free = new int[big.queues()];
        flowproof.rule.BufferView view = new flowproof.rule.BufferView() {
            @Override
            public Network network() {
                return big;
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
                throw new UnsupportedOperationException();
            }
        };
        free[x] = 2;
        free[y] = 2;
        assertThat(rule.admit(view, flowproof.rule.FlowControlRule.INJECT, x)).isEqualTo(flowproof.rule.FlowControlRule.DENY);
        assertThat(rule.admit(view, x, y)).as("turn").isEqualTo(flowproof.rule.FlowControlRule.DENY);
        free[x] = 3;
        free[y] = 3;
        assertThat(rule.admit(view, flowproof.rule.FlowControlRule.INJECT, x)).isEqualTo(flowproof.rule.FlowControlRule.ADMIT);
        assertThat(rule.admit(view, x, y)).isEqualTo(flowproof.rule.FlowControlRule.ADMIT);
        free[x] = 1;
        int x2 = big.queue(channel(3, 0), 0);
        assertThat(rule.admit(view, x2, x)).as("within the ring one slot").isEqualTo(flowproof.rule.FlowControlRule.ADMIT);
    }

    @Test
    void bestLocalTurnSlotsSetTheTurnsRequirementApartFromInjections() {
        Network big = new Network(torus, 1, 4);
        var ctx = new SchemeContext(big, new flowproof.rule.CriticalBubble(1), 32, 8, true);
        var rule = Schemes.named("best-local(slots=4, turn-slots=2)", null, ctx).rule(null, big);
        int x = big.queue(channel(0, 1), 0);
        int y = big.queue(channel(1, 5), 0);
        int[] free = new int[big.queues()];
        flowproof.rule.BufferView view = new flowproof.rule.BufferView() {
            @Override
            public Network network() {
                return big;
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
                throw new UnsupportedOperationException();
            }
        };
        free[x] = 3;
        free[y] = 2;
        assertThat(rule.admit(view, flowproof.rule.FlowControlRule.INJECT, x)).as("injection needs 4")
            .isEqualTo(flowproof.rule.FlowControlRule.DENY);
        assertThat(rule.admit(view, x, y)).as("a turn needs 2").isEqualTo(flowproof.rule.FlowControlRule.ADMIT);
        free[x] = 4;
        free[y] = 1;
        assertThat(rule.admit(view, flowproof.rule.FlowControlRule.INJECT, x)).isEqualTo(flowproof.rule.FlowControlRule.ADMIT);
        assertThat(rule.admit(view, x, y)).isEqualTo(flowproof.rule.FlowControlRule.DENY);
        assertThat(rule.describe()).isEqualTo("localized-bubble (entry 4, turns 2 slots)");
    }

    @Test
    void staticThresholdHoldsWhileFullBuffersExceedIt() {
        StubState st = new StubState(net, 8, 8);
        InjectionControl c = Schemes.named("static-threshold", null,
            new SchemeContext(net, new flowproof.rule.VirtualCutThrough(), 8, 8, true)).create(st, 1);
        long t = Math.round(0.08 * net.queues());
        st.fullBuffers = (int) t;
        assertThat(c.mayInject(0, 1, 8, new int[] {0}, 1)).isTrue();
        st.fullBuffers = (int) t + 1;
        assertThat(c.mayInject(0, 1, 8, new int[] {0}, 1)).isFalse();
        double[] out = new double[2];
        c.sample(out);
        assertThat(out).containsExactly(t + 1, t);
    }
}
