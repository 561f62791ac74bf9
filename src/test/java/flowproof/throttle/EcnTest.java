package flowproof.throttle;

import flowproof.rule.ReservedClassVcs;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import flowproof.rule.FlowControlRule;
import flowproof.rule.VcPerHop;
import flowproof.sim.control.InjectionControl;
import flowproof.topology.FlattenedButterfly;
import flowproof.topology.Network;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;

/**
 * {@link Ecn} in isolation (the ECN baseline of 003, sections III-A and V-A): where it marks
 * (head leaving a network VC buffer at least {@code threshold} full), the notification the
 * destination sends back, and the per-destination inter-packet delay of the sources
 * (+increment per notification up to the maximum, -decrement every timer period, S + IPD
 * cycles between a flow's packets).
 */
class EcnTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    /** 16 terminals on a 4-router flattened butterfly, 3 VCs (2 normal + ECN's control VC). */
    private static final Network NET = new Network(new FlattenedButterfly(4, 1, 4), 3, 4);
    private static final int N = 16;

    private static Ecn ecn(String yaml) {
        try {
            return (Ecn) Schemes.read("simulation.control", YAML.readTree(yaml),
                new SchemeContext(NET, new VcPerHop(), 10, 10, true));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A control on buffers of {@code bufferFlits} flits. */
    private static Ecn.Control control(String yaml, int bufferFlits, SentPort port) {
        InjectionControl c = ecn(yaml).create(new StubState(NET, bufferFlits, bufferFlits), 1);
        assertThat(c).isInstanceOf(Ecn.Control.class);
        Ecn.Control e = (Ecn.Control) c;
        e.bind(port);
        return e;
    }

    private static Ecn.Control control(String yaml) {
        return control(yaml, 10, new SentPort(1));
    }

    private static double[] sample(Ecn.Control c) {
        double[] out = new double[c.seriesNames().size()];
        c.sample(out);
        return out;
    }

    /** The first cycle from {@code from} on at which flow t -> d may leave its source queue. */
    private static long firstFree(Ecn.Control c, int t, int d, long from) {
        for (long now = from; now < from + 10_000; now++) {
            c.beginCycle(now);
            if (c.sourceClass(t, d, 8) >= 0) {
                return now;
            }
        }
        throw new AssertionError("flow " + t + " -> " + d + " held for 10,000 cycles");
    }

    /** Cycles {@code from..to}, both included. */
    private static void cycles(Ecn.Control c, long from, long to) {
        for (long t = from; t <= to; t++) {
            c.beginCycle(t);
        }
    }

    // ------------------------------------------------------------------ the scheme

    @Test
    void schemeKeyDescriptionAndOneControlVc() {
        Ecn e = ecn("ecn");
        assertThat(e.key()).isEqualTo("ecn");
        assertThat(e.describe()).isEqualTo("ecn");
        assertThat(ecn("{kind: ecn, ipd-max: 800}").describe()).isEqualTo("ecn(ipd-max=800)");
        FlowControlRule r = e.rule(new VcPerHop(), NET);
        assertThat(r).isInstanceOf(ReservedClassVcs.class);
        assertThat(r.describe()).endsWith(" + 1 class VC");
        // the highest VC is the control VC: a normal VC never moves into it
        assertThat(r.mayUse(NET, NET.queue(0, 0), NET.queue(1, 2))).isFalse();
        assertThat(r.mayUse(NET, NET.queue(0, 2), NET.queue(1, 2))).isTrue();
    }

    @Test
    void controlPacketsGoOnTheHighPriorityClassAndDataSourcesSearchTheLookahead() {
        Ecn.Control c = control("ecn");
        assertThat(c.classes()).isEqualTo(1);
        assertThat(c.controlClass()).isEqualTo(1);
        assertThat(c.priority(1)).isGreaterThan(c.priority(0));
        assertThat(c.priority(0)).isPositive();
        assertThat(c.lookahead()).isEqualTo(64);
        assertThat(control("{kind: ecn, lookahead: 5}").lookahead()).isEqualTo(5);
        assertThat(c.marking()).isTrue();
        // ECN never gates the injection buffer: its throttle is the source's delay
        assertThat(c.mayInject(0, 5, 8, new int[] {0}, 1)).isTrue();
        assertThat(c.seriesNames()).containsExactly("notifications", "flows with a delay", "largest delay");
    }

    // ------------------------------------------------------------------ marking

    @Test
    void aHeadLeavingABufferAtLeastNinetyPercentFullIsMarked() {
        // 10-flit buffers: 90% is 9 flits
        Ecn.Control c = control("ecn");
        assertThat(c.mark(0, 0, 9)).isTrue();
        assertThat(c.mark(0, 0, 10)).isTrue();
        assertThat(c.mark(0, 0, 8)).isFalse();
        assertThat(c.mark(0, 0, 0)).isFalse();
        int last = NET.queues() - 1;
        assertThat(c.mark(last, 3, 9)).isTrue();
        // injection buffers (input VCs past the network queues) never mark
        assertThat(c.mark(NET.queues(), 0, 10)).isFalse();
        assertThat(c.mark(NET.queues() + 5, 0, 10)).isFalse();
    }

    @Test
    void theThresholdIsRoundedUpToWholeFlits() {
        // 0.5 of 9 flits is 4.5: a buffer holding 4 flits is below half, 5 is at least half
        Ecn.Control c = control("{kind: ecn, threshold: 0.5}", 9, new SentPort(1));
        assertThat(c.mark(0, 0, 4)).isFalse();
        assertThat(c.mark(0, 0, 5)).isTrue();
        // threshold 1: only a full buffer
        Ecn.Control full = control("{kind: ecn, threshold: 1}", 9, new SentPort(1));
        assertThat(full.mark(0, 0, 8)).isFalse();
        assertThat(full.mark(0, 0, 9)).isTrue();
    }

    // ------------------------------------------------------------------ destinations

    @Test
    void theDestinationAnswersEveryMarkedPacketWithANotificationToItsSource() {
        SentPort port = new SentPort(1);
        Ecn.Control c = control("ecn", 10, port);
        c.beginCycle(0);
        c.deliveredData(3, 9, 8, false);
        assertThat(port.packets).isEmpty();
        assertThat(c.notifications()).isZero();
        c.deliveredData(3, 9, 8, true);
        c.deliveredData(5, 9, 8, true);
        assertThat(port.packets).containsExactly(new int[] {9, 3, 0}, new int[] {9, 5, 0});
        assertThat(c.notifications()).isEqualTo(2);
        assertThat(sample(c)[0]).isEqualTo(2);
        // the series counts per window, the total keeps counting
        c.deliveredData(4, 9, 8, true);
        assertThat(sample(c)[0]).isEqualTo(1);
        assertThat(sample(c)[0]).isZero();
        assertThat(c.notifications()).isEqualTo(3);
    }

    // ------------------------------------------------------------------ sources

    @Test
    void aFlowNeverNotifiedIsNeverHeld() {
        Ecn.Control c = control("ecn");
        for (long t = 0; t < 50; t++) {
            c.beginCycle(t);
            assertThat(c.sourceClass(2, 9, 8)).isZero();
            c.left(2, 9, 8, 0);
        }
        assertThat(sample(c)).containsExactly(0, 0, 0);
    }

    @Test
    void aNotifiedFlowWaitsSizePlusIpdAfterEachPacketAndOnlyThatFlow() {
        Ecn.Control c = control("ecn");
        c.beginCycle(10);
        // the notification travels from the destination 9 back to the source 2
        c.deliveredControl(9, 2, 0);
        assertThat(sample(c)).containsExactly(0, 1, 400);
        // the delay applies after the flow's next packet leaves, not before
        assertThat(c.sourceClass(2, 9, 8)).isZero();
        c.left(2, 9, 8, 0);
        assertThat(c.sourceClass(2, 9, 8)).isEqualTo(-1);
        // other destinations of the same source, and the reverse flow, go on
        assertThat(c.sourceClass(2, 10, 8)).isZero();
        assertThat(c.sourceClass(9, 2, 8)).isZero();
        // 8 flits + 400 cycles after cycle 10
        assertThat(firstFree(c, 2, 9, 11)).isEqualTo(418);
    }

    @Test
    void theDelayGrowsByTheIncrementPerNotificationUpToTheMaximum() {
        Ecn.Control c = control("ecn");
        c.beginCycle(0);
        c.deliveredControl(9, 2, 0);
        c.deliveredControl(9, 2, 0);
        assertThat(sample(c)).containsExactly(0, 1, 800);
        c.left(2, 9, 8, 0);
        assertThat(firstFree(c, 2, 9, 1)).isEqualTo(808);
        c.deliveredControl(9, 2, 0);
        c.deliveredControl(9, 2, 0);
        c.deliveredControl(9, 2, 0);
        assertThat(sample(c)).containsExactly(0, 1, 1500);
        c.left(2, 9, 4, 0);
        assertThat(firstFree(c, 2, 9, 809)).isEqualTo(808 + 4 + 1500);
    }

    @Test
    void everyTimerPeriodTheDelayShrinksByTheDecrementAndAFlowAtZeroIsFree() {
        Ecn.Control c = control("{kind: ecn, ipd-increment: 100, ipd-decrement: 50, decrement-timer: 100}");
        c.beginCycle(0);
        c.deliveredControl(9, 2, 0); // flow 2 -> 9: 100
        c.deliveredControl(4, 1, 0);
        c.deliveredControl(4, 1, 0); // flow 1 -> 4: 200
        c.deliveredControl(5, 3, 0);
        c.deliveredControl(5, 3, 0);
        c.deliveredControl(5, 3, 0); // flow 3 -> 5: 300
        // cycle 0 is no timer expiry
        c.beginCycle(0);
        assertThat(sample(c)).containsExactly(0, 3, 300);
        for (long t = 1; t < 100; t++) {
            c.beginCycle(t);
        }
        assertThat(sample(c)).containsExactly(0, 3, 300);
        c.beginCycle(100);
        assertThat(sample(c)).containsExactly(0, 3, 250);
        // the delay a packet leaves with holds its flow S + IPD cycles: 100 + 8 + 250 = 358
        c.left(3, 5, 8, 0);
        assertThat(c.sourceClass(3, 5, 8)).isEqualTo(-1);
        cycles(c, 101, 200);
        // cycle 200: 2 -> 9 reaches 0 and leaves the delayed flows; the others stay
        assertThat(sample(c)).containsExactly(0, 2, 200);
        c.left(2, 9, 8, 0);
        assertThat(c.sourceClass(2, 9, 8)).isZero();
        c.left(1, 4, 8, 0);
        assertThat(c.sourceClass(1, 4, 8)).isEqualTo(-1);
        cycles(c, 201, 300);
        assertThat(sample(c)).containsExactly(0, 2, 150);
        assertThat(c.sourceClass(3, 5, 8)).isEqualTo(-1);
        // 1 -> 4 left at 200 with 100: free at 308
        assertThat(c.sourceClass(1, 4, 8)).isEqualTo(-1);
        cycles(c, 301, 307);
        assertThat(c.sourceClass(1, 4, 8)).isEqualTo(-1);
        cycles(c, 308, 357);
        assertThat(c.sourceClass(1, 4, 8)).isZero();
        assertThat(c.sourceClass(3, 5, 8)).isEqualTo(-1);
        cycles(c, 358, 358);
        assertThat(c.sourceClass(3, 5, 8)).isZero();
        cycles(c, 359, 400);
        assertThat(sample(c)).containsExactly(0, 1, 100);
        cycles(c, 401, 600);
        assertThat(sample(c)).containsExactly(0, 0, 0);
        c.left(3, 5, 8, 0);
        assertThat(c.sourceClass(3, 5, 8)).isZero();
        // a flow notified again after it reached zero is delayed again
        c.deliveredControl(5, 3, 0);
        assertThat(sample(c)).containsExactly(0, 1, 100);
    }

    @Test
    void aDecrementLargerThanTheDelayStopsAtZero() {
        Ecn.Control c = control("{kind: ecn, ipd-increment: 30, ipd-decrement: 50, decrement-timer: 10}");
        c.beginCycle(0);
        c.deliveredControl(9, 2, 0);
        c.deliveredControl(9, 2, 0); // 60
        c.beginCycle(10);
        assertThat(sample(c)).containsExactly(0, 1, 10);
        c.beginCycle(20);
        assertThat(sample(c)).containsExactly(0, 0, 0);
        c.deliveredControl(9, 2, 0);
        assertThat(sample(c)).containsExactly(0, 1, 30);
    }

    @Test
    void aZeroIncrementNeverDelaysAFlow() {
        Ecn.Control c = control("{kind: ecn, ipd-increment: 0}");
        c.beginCycle(0);
        c.deliveredControl(9, 2, 0);
        assertThat(sample(c)).containsExactly(0, 0, 0);
        c.left(2, 9, 8, 0);
        assertThat(c.sourceClass(2, 9, 8)).isZero();
    }

    @Test
    void everyFlowDelayedAtOnce() {
        Ecn.Control c = control("ecn");
        c.beginCycle(0);
        for (int t = 0; t < N; t++) {
            for (int d = 0; d < N; d++) {
                c.deliveredControl(d, t, 0);
            }
        }
        c.deliveredControl(3, 4, 0);
        assertThat(sample(c)).containsExactly(0, N * N, 800);
    }

    @Test
    void theDelayIsPerSourceAndDestinationPair() {
        Ecn.Control c = control("ecn");
        c.beginCycle(0);
        // terminal 15 -> 0 and 0 -> 15 are the extreme flows of n x n
        c.deliveredControl(0, N - 1, 0);
        c.left(N - 1, 0, 8, 0);
        c.left(0, N - 1, 8, 0);
        c.left(N - 1, 1, 8, 0);
        assertThat(c.sourceClass(N - 1, 0, 8)).isEqualTo(-1);
        assertThat(c.sourceClass(0, N - 1, 8)).isZero();
        assertThat(c.sourceClass(N - 1, 1, 8)).isZero();
    }
}
