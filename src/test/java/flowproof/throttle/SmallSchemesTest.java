package flowproof.throttle;

import flowproof.rule.ReservedClassVcs;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import flowproof.rule.FlowControlRule;
import flowproof.rule.VcPerHop;
import flowproof.rule.VirtualCutThrough;
import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.RouterControl;
import flowproof.sim.control.Scheme;
import flowproof.topology.FlattenedButterfly;
import flowproof.topology.Network;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The small schemes hook by hook: the ideal hot-spot isolation of 003 (its own VC for
 * traffic to the hot spot, nothing else: the {@link RouterControl} defaults), the static
 * threshold's gate and series, and {@link ForwardingControl}'s forwarding.
 */
class SmallSchemesTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    /** 16 terminals on a 4-router flattened butterfly, 3 VCs. */
    private static final Network NET = new Network(new FlattenedButterfly(4, 1, 4), 3, 4);

    private static Scheme read(String yaml) {
        try {
            return Schemes.read("simulation.control", YAML.readTree(yaml),
                new SchemeContext(NET, new VcPerHop(), 16, 8, true));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ------------------------------------------------------------------ ideal

    @Test
    void idealPutsTrafficToTheHotSpotOnItsOwnVcAndNothingElse() {
        Ideal s = (Ideal) read("{kind: ideal, node: 5}");
        assertThat(s.key()).isEqualTo("ideal");
        assertThat(s.describe()).isEqualTo("ideal(node=5)");
        assertThat(((Ideal) read("ideal")).describe()).isEqualTo("ideal");
        assertThat(((Ideal) read("ideal")).node()).isZero();
        FlowControlRule r = s.rule(new VcPerHop(), NET);
        assertThat(r).isInstanceOf(ReservedClassVcs.class);
        assertThat(r.describe()).endsWith(" + 1 class VC");
        InjectionControl ic = s.create(new StubState(NET, 16, 8), 1);
        assertThat(ic).isInstanceOf(RouterControl.class);
        RouterControl c = (RouterControl) ic;
        c.bind(null);
        assertThat(c.classes()).isEqualTo(1);
        assertThat(c.sourceClass(0, 5, 8)).isEqualTo(1);
        assertThat(c.sourceClass(9, 5, 4)).isEqualTo(1);
        assertThat(c.sourceClass(5, 0, 8)).isZero();
        assertThat(c.sourceClass(0, 6, 8)).isZero();
        assertThat(c.mayInject(0, 5, 8, new int[] {0}, 1)).isTrue();
        assertThat(c.mayInject(0, 6, 8, new int[] {0}, 1)).isTrue();
        // the oracle: same priority for the hot-spot VC, no control packets, no marks, no
        // contention, a FIFO source queue
        assertThat(c.priority(1)).isEqualTo(c.priority(0)).isEqualTo(1);
        assertThat(c.controlClass()).isEqualTo(-1);
        assertThat(c.lookahead()).isEqualTo(1);
        assertThat(c.wantsContention()).isFalse();
        assertThat(c.contends(0)).isTrue();
        assertThat(c.contends(1)).isTrue();
        assertThat(c.marking()).isFalse();
        assertThat(c.mark(0, 0, 100)).isFalse();
        assertThat(c.seriesNames()).isEmpty();
        c.deliveredData(0, 5, 8, true);
        c.deliveredControl(0, 5, 1);
        c.generated(0, 5, 8);
        c.left(0, 5, 8, 1);
        assertThat(c.sourceClass(0, 5, 8)).isEqualTo(1);
    }

    // ------------------------------------------------------------------ static threshold

    @Test
    void staticThresholdGatesOnTheExactCountAndRecordsItsSeries() {
        Scheme s = read("{kind: static-threshold, threshold: 3}");
        assertThat(s.key()).isEqualTo("static-threshold");
        assertThat(s.describe()).isEqualTo("static-threshold(threshold=3)");
        StubState st = new StubState(NET, 16, 8);
        InjectionControl c = s.create(st, 1);
        assertThat(c.seriesNames()).containsExactly("full buffers", "threshold");
        st.fullBuffers = 0;
        assertThat(c.mayInject(0, 1, 8, new int[] {0}, 1)).isTrue();
        st.fullBuffers = 3;
        assertThat(c.mayInject(0, 1, 8, new int[] {0}, 1)).isTrue();
        st.fullBuffers = 4;
        assertThat(c.mayInject(0, 1, 8, new int[] {0}, 1)).isFalse();
        double[] out = new double[2];
        c.sample(out);
        assertThat(out).containsExactly(4, 3);
        // threshold 0: only an empty network admits
        InjectionControl zero = read("{kind: static-threshold, threshold: 0}").create(st, 1);
        st.fullBuffers = 1;
        assertThat(zero.mayInject(0, 1, 8, new int[] {0}, 1)).isFalse();
        st.fullBuffers = 0;
        assertThat(zero.mayInject(0, 1, 8, new int[] {0}, 1)).isTrue();
    }

    @Test
    void staticThresholdFractionIsRoundedToTheNearestBuffer() {
        StaticThreshold s = (StaticThreshold) read("{kind: static-threshold, fraction: 0.25}");
        assertThat(s.threshold(10)).isEqualTo(3); // 2.5 rounds up
        assertThat(s.threshold(9)).isEqualTo(2); // 2.25
        assertThat(s.threshold(11)).isEqualTo(3); // 2.75
        assertThat(((StaticThreshold) read("{kind: static-threshold, threshold: 0}")).threshold(1000)).isZero();
        assertThat(((StaticThreshold) read("{kind: static-threshold, fraction: 0}")).threshold(1000)).isZero();
    }

    // ------------------------------------------------------------------ forwarding

    /** A control that records every call and answers what it is told. */
    private static final class Recording implements InjectionControl {
        final List<String> calls = new ArrayList<>();
        boolean answer;

        @Override
        public void beginCycle(long now) {
            calls.add("begin " + now);
        }

        @Override
        public boolean mayInject(int terminal, int destination, int size, int[] firstQueues, int n) {
            calls.add("may " + terminal + " " + destination + " " + size + " " + firstQueues[0] + " " + n);
            return answer;
        }

        @Override
        public void injected(int terminal, int destination, int size) {
            calls.add("injected " + terminal + " " + destination + " " + size);
        }

        @Override
        public void delivered(int source, int destination, int size) {
            calls.add("delivered " + source + " " + destination + " " + size);
        }

        @Override
        public List<String> seriesNames() {
            return List.of("x", "y");
        }

        @Override
        public void sample(double[] out) {
            out[0] = 7;
            out[1] = 9;
        }
    }

    @Test
    void aForwardingControlForwardsEveryCall() {
        Recording r = new Recording();
        ForwardingControl f = new ForwardingControl(r);
        f.beginCycle(12);
        r.answer = true;
        assertThat(f.mayInject(1, 2, 3, new int[] {4}, 1)).isTrue();
        r.answer = false;
        assertThat(f.mayInject(1, 2, 3, new int[] {4}, 1)).isFalse();
        f.injected(5, 6, 7);
        f.delivered(8, 9, 10);
        assertThat(r.calls).containsExactly("begin 12", "may 1 2 3 4 1", "may 1 2 3 4 1", "injected 5 6 7",
            "delivered 8 9 10");
        assertThat(f.seriesNames()).containsExactly("x", "y");
        double[] out = new double[2];
        f.sample(out);
        assertThat(out).containsExactly(7, 9);
    }

    @Test
    void noneNeverHoldsAPacket() {
        assertThat(InjectionControl.NONE.mayInject(0, 1, 8, new int[] {0}, 1)).isTrue();
        assertThat(InjectionControl.NONE.seriesNames()).isEmpty();
        assertThat(Scheme.NONE.create(new StubState(NET, 16, 8), 1).mayInject(0, 1, 8, new int[0], 0)).isTrue();
        FlowControlRule spec = new VirtualCutThrough();
        assertThat(Scheme.NONE.rule(spec, NET)).isSameAs(spec);
        assertThat(Scheme.NONE.key()).isEqualTo("none");
        assertThat(Scheme.NONE.describe()).isEqualTo("none");
    }
}
