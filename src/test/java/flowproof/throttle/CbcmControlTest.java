package flowproof.throttle;

import flowproof.rule.ReservedClassVcs;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
 * {@link Cbcm.Control} hook by hook, beyond {@link CbcmTest}: the epoch boundaries of
 * destinations (when an epoch starts, the exit rule's "fewer than exit-load x epoch"), the
 * token bucket's exact rate, the unthrottling rule's boundaries, several throttled flows at
 * once, and the counters and series the scheme reports.
 */
class CbcmControlTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    /** 16 terminals (4 routers of 4), 4 VCs: 2 normal + control + throttled. */
    private static final Network NET = new Network(new FlattenedButterfly(4, 1, 4), 4, 4);

    private static Cbcm cbcm(String yaml) {
        try {
            return (Cbcm) Schemes.read("simulation.control", YAML.readTree(yaml),
                new SchemeContext(NET, new VcPerHop(), 32, 8, true));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Cbcm.Control control(String yaml, SentPort port) {
        InjectionControl c = cbcm(yaml).create(new StubState(NET, 32, 8), 1);
        assertThat(c).isInstanceOf(Cbcm.Control.class);
        Cbcm.Control b = (Cbcm.Control) c;
        b.bind(port);
        return b;
    }

    private static void cycles(Cbcm.Control c, long from, long to) {
        for (long t = from; t <= to; t++) {
            c.beginCycle(t);
        }
    }

    private static double[] sample(Cbcm.Control c) {
        double[] out = new double[c.seriesNames().size()];
        c.sample(out);
        return out;
    }

    // ------------------------------------------------------------------ the scheme

    @Test
    void schemeKeyRuleAndRouterHooks() {
        Cbcm s = cbcm("cbcm");
        assertThat(s.key()).isEqualTo("cbcm");
        FlowControlRule r = s.rule(new VcPerHop(), NET);
        assertThat(r).isInstanceOf(ReservedClassVcs.class);
        assertThat(r.describe()).endsWith(" + 2 class VCs");
        // VC 1 is normal, VCs 2 and 3 are the class VCs
        assertThat(r.mayUse(NET, NET.queue(0, 0), NET.queue(1, 1))).isTrue();
        assertThat(r.mayUse(NET, NET.queue(0, 1), NET.queue(1, 2))).isFalse();
        Cbcm.Control c = control("cbcm", new SentPort(1));
        assertThat(c.classes()).isEqualTo(2);
        assertThat(c.controlClass()).isEqualTo(Cbcm.CONTROL);
        assertThat(c.priority(0)).isPositive();
        assertThat(c.lookahead()).isEqualTo(64);
        assertThat(control("{kind: cbcm, lookahead: 7}", new SentPort(1)).lookahead()).isEqualTo(7);
        assertThat(c.wantsContention()).isTrue();
        assertThat(c.marking()).isTrue();
        // CBCM never gates the injection buffer: its throttle is the token bucket at the source
        assertThat(c.mayInject(0, 5, 8, new int[] {0}, 1)).isTrue();
        assertThat(c.terminals()).isEqualTo(16);
        assertThat(c.seriesNames()).containsExactly("marked packets", "largest D_t", "hot spots", "throttled sources",
            "throttled flows", "any throttled (fraction of cycles)");
    }

    @Test
    void boundSamplesDefaultToNumSamplesOverTheInterval() {
        Cbcm s = cbcm("{kind: cbcm, num-samples: 60, bound-sample-interval: 20}");
        assertThat(s.boundSamples).isEqualTo(3);
        assertThat(cbcm("{kind: cbcm, num-samples: 5, bound-sample-interval: 20}").boundSamples).isEqualTo(1);
        assertThat(cbcm("{kind: cbcm, bound-samples: 4}").boundSamples).isEqualTo(4);
    }

    // ------------------------------------------------------------------ routers

    @Test
    void aPortIsMarkedOnlyWhileItsMetricExceedsTheThreshold() {
        // one sample, one bound sample per cycle: metric = D - (D - D) / 2 = D
        SentPort port = new SentPort(2);
        Cbcm.Control c = control("{kind: cbcm, num-samples: 1, bound-sample-interval: 1, threshold: 2}", port);
        c.degrees(new int[] {2, 3});
        assertThat(c.metric(0)).isEqualTo(2.0);
        assertThat(c.metric(1)).isEqualTo(3.0);
        assertThat(c.mark(0, 0, 0)).isFalse();
        assertThat(c.mark(0, 1, 0)).isTrue();
        c.degrees(new int[] {3, 1});
        assertThat(c.mark(0, 0, 0)).isTrue();
        assertThat(c.mark(0, 1, 0)).isFalse();
    }

    @Test
    void theBoundsAreTheLargestAndSmallestDegreeOfEachInterval() {
        // interval 4, one bound sample: metric = MA(D) over 4 - (max - min of the last interval) / 2
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm, num-samples: 4, bound-sample-interval: 4, bound-samples: 1}", port);
        int[][] d = {{3}, {5}, {1}, {3}};
        for (int[] x : d) {
            c.degrees(x);
        }
        // MA = 12 / 4 = 3, max 5, min 1: 3 - 2 = 1
        assertThat(c.metric(0)).isEqualTo(1.0);
        // the next interval starts afresh: 4, 4, 4, 4 -> 4 - 0
        for (int i = 0; i < 3; i++) {
            c.degrees(new int[] {4});
            assertThat(c.metric(0)).isEqualTo((4.0 * (i + 1) + 12 - sumFirst(d, i + 1)) / 4 - 2);
        }
        c.degrees(new int[] {4});
        assertThat(c.metric(0)).isEqualTo(4.0);
        assertThat(c.mark(0, 0, 0)).isTrue();
    }

    private static int sumFirst(int[][] d, int k) {
        int s = 0;
        for (int i = 0; i < k; i++) {
            s += d[i][0];
        }
        return s;
    }

    @Test
    void eachPortKeepsItsOwnBoundSamples() {
        // two ports, intervals of 2 cycles, 2 bound samples, 4 samples: port 0 alternates 0 and 4
        // (max 4, min 0 in every interval), port 1 is a steady 3
        SentPort port = new SentPort(2);
        Cbcm.Control c = control("{kind: cbcm, num-samples: 4, bound-sample-interval: 2, bound-samples: 2}", port);
        for (int t = 0; t < 40; t++) {
            c.degrees(new int[] {t % 2 == 0 ? 0 : 4, 3});
        }
        // port 0: MA 2 - (4 - 0) / 2 = 0; port 1: 3 - 0
        assertThat(c.metric(0)).isEqualTo(0.0);
        assertThat(c.metric(1)).isEqualTo(3.0);
        assertThat(c.mark(0, 0, 0)).isFalse();
        assertThat(c.mark(0, 1, 0)).isTrue();
    }

    // ------------------------------------------------------------------ destinations

    @Test
    void markedPacketsAreCountedInTotalAndPerWindow() {
        Cbcm.Control c = control("cbcm", new SentPort(1));
        c.beginCycle(0);
        c.deliveredData(3, 9, 8, true);
        c.deliveredData(4, 9, 8, false);
        c.deliveredData(5, 10, 8, true);
        assertThat(c.markedPackets()).isEqualTo(2);
        assertThat(sample(c)[0]).isEqualTo(2);
        c.deliveredData(5, 10, 8, true);
        assertThat(sample(c)[0]).isEqualTo(1);
        assertThat(sample(c)[0]).isZero();
        assertThat(c.markedPackets()).isEqualTo(3);
    }

    @Test
    void theEpochRunsFromTheFirstMarkedPacket() {
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm, epoch: 100}", port);
        c.beginCycle(0);
        c.deliveredData(3, 9, 8, true);
        cycles(c, 1, 50);
        c.deliveredData(5, 9, 8, true);
        cycles(c, 51, 99);
        assertThat(c.hotSpot(9)).isFalse();
        c.beginCycle(100);
        assertThat(c.hotSpot(9)).isTrue();
        assertThat(port.packets).extracting(p -> p[1]).containsExactly(3, 5);
        assertThat(c.throttlePackets()).isEqualTo(2);
        double[] out = sample(c);
        assertThat(out[1]).isEqualTo(2); // largest D_t
        assertThat(out[2]).isEqualTo(1); // hot spots
    }

    @Test
    void anEpochStartedLaterEndsAnEpochLater() {
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm, epoch: 100}", port);
        cycles(c, 0, 30);
        c.deliveredData(3, 9, 8, true);
        c.deliveredData(5, 9, 8, true);
        cycles(c, 31, 129);
        assertThat(c.hotSpot(9)).isFalse();
        c.beginCycle(130);
        assertThat(c.hotSpot(9)).isTrue();
    }

    @Test
    void anEpochWithTooFewSourcesEndsAndTheNextMarkedPacketStartsAFreshOne() {
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm, epoch: 100, min-degree: 3}", port);
        c.beginCycle(0);
        c.deliveredData(3, 9, 8, true);
        c.deliveredData(5, 9, 8, true);
        cycles(c, 1, 100);
        assertThat(c.hotSpot(9)).isFalse();
        // the list was emptied: three new sources from cycle 150 make a hot spot at 250, not before
        cycles(c, 101, 150);
        c.deliveredData(3, 9, 8, true);
        c.deliveredData(6, 9, 8, true);
        c.deliveredData(7, 9, 8, true);
        cycles(c, 151, 249);
        assertThat(c.hotSpot(9)).isFalse();
        c.beginCycle(250);
        assertThat(c.hotSpot(9)).isTrue();
        assertThat(port.packets).extracting(p -> p[1]).containsExactly(3, 6, 7);
        assertThat(port.packets).allSatisfy(p -> assertThat(p[2]).isEqualTo(3));
    }

    @Test
    void aHotSpotReceivingExactlyTheExitLoadStays() {
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm, epoch: 100, exit-load: 0.5}", port);
        c.beginCycle(0);
        c.deliveredData(3, 9, 8, true);
        c.deliveredData(5, 9, 8, true);
        cycles(c, 1, 100);
        assertThat(c.hotSpot(9)).isTrue();
        // 50 flits in cycles 101..200: not fewer than 0.5 x 100
        for (long t = 101; t <= 200; t++) {
            c.beginCycle(t);
            if (t <= 110) {
                c.deliveredData(3, 9, 5, false);
            }
        }
        assertThat(c.hotSpot(9)).isTrue();
        // the next epoch counts afresh: 49 flits in 201..300 end it at 300, not before
        for (long t = 201; t <= 299; t++) {
            c.beginCycle(t);
            if (t <= 207) {
                c.deliveredData(3, 9, 7, false);
            }
        }
        assertThat(c.hotSpot(9)).isTrue();
        c.beginCycle(300);
        assertThat(c.hotSpot(9)).isFalse();
        assertThat(c.hotSpotExits()).isEqualTo(1);
        assertThat(sample(c)[2]).isZero();
    }

    @Test
    void anUnthrottleFromANonMemberChangesNothing() {
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm, epoch: 10, epsilon: 1, exit-load: 0}", port);
        c.beginCycle(0);
        c.deliveredData(3, 9, 8, true);
        c.deliveredData(5, 9, 8, true);
        cycles(c, 1, 10);
        port.packets.clear();
        c.deliveredControl(4, 9, 0);
        cycles(c, 11, 40);
        assertThat(port.packets).isEmpty();
        assertThat(c.hotSpot(9)).isTrue();
        // a member leaving: the other is told D_t = 1
        c.deliveredControl(3, 9, 0);
        c.beginCycle(41);
        assertThat(port.packets).containsExactly(new int[] {9, 5, 1});
        assertThat(c.throttlePackets()).isEqualTo(3);
    }

    @Test
    void theLastTerminalAsAHotSpotTellsExactlyItsList() {
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm, epoch: 10}", port);
        c.beginCycle(0);
        c.deliveredData(0, 15, 8, true);
        c.deliveredData(14, 15, 8, true);
        cycles(c, 1, 10);
        assertThat(c.hotSpot(15)).isTrue();
        assertThat(port.packets).containsExactly(new int[] {15, 0, 2}, new int[] {15, 14, 2});
    }

    // ------------------------------------------------------------------ sources

    @Test
    void tokensGrowByOneOverDtPerCycleAndAPacketLeavesWhenThereAreEnough() {
        Cbcm.Control c = control("cbcm", new SentPort(1));
        c.beginCycle(5);
        c.deliveredControl(9, 2, 4);
        assertThat(c.tokens(2, 9)).isZero();
        assertThat(c.tokensSince(2, 9)).isEqualTo(5);
        cycles(c, 6, 36);
        // 31 cycles: 7.75 tokens, one short of an 8-flit packet
        assertThat(c.tokens(2, 9)).isEqualTo(7.75);
        assertThat(c.sourceClass(2, 9, 8)).isEqualTo(-1);
        assertThat(c.sourceClass(2, 9, 7)).isEqualTo(Cbcm.THROTTLED);
        c.beginCycle(37);
        assertThat(c.sourceClass(2, 9, 8)).isEqualTo(Cbcm.THROTTLED);
        c.left(2, 9, 8, Cbcm.THROTTLED);
        assertThat(c.tokens(2, 9)).isZero();
        // a packet leaving in another class spends no tokens
        cycles(c, 38, 41);
        c.left(2, 9, 8, 0);
        assertThat(c.tokens(2, 9)).isEqualTo(1.0);
    }

    @Test
    void aNewThrottlePacketResetsTheTokensAndSetsTheNewDegree() {
        Cbcm.Control c = control("cbcm", new SentPort(1));
        c.beginCycle(0);
        c.deliveredControl(9, 2, 4);
        cycles(c, 1, 20);
        assertThat(c.tokens(2, 9)).isEqualTo(5.0);
        c.deliveredControl(9, 2, 2);
        assertThat(c.degree(2, 9)).isEqualTo(2);
        assertThat(c.tokens(2, 9)).isZero();
        assertThat(c.tokensSince(2, 9)).isEqualTo(20);
        cycles(c, 21, 24);
        assertThat(c.tokens(2, 9)).isEqualTo(2.0);
        // still one flow of one source
        double[] out = sample(c);
        assertThat(out[3]).isEqualTo(1);
        assertThat(out[4]).isEqualTo(1);
    }

    @Test
    void theUnthrottleRuleWaitsForAQueueBelowTheSourceQueueLimit() {
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm, source-epoch: 100, source-queue: 10}", port);
        port.queued = 9;
        c.beginCycle(0);
        c.deliveredControl(9, 2, 4);
        cycles(c, 1, 99);
        assertThat(c.degree(2, 9)).isEqualTo(4);
        c.beginCycle(100);
        assertThat(c.degree(2, 9)).isZero();
        assertThat(c.tokens(2, 9)).isZero();
        assertThat(port.packets).containsExactly(new int[] {2, 9, 0});
        assertThat(c.unthrottlePackets()).isEqualTo(1);
        assertThat(c.sourceClass(2, 9, 8)).isZero();
    }

    @Test
    void eachSourceEpochIsJudgedOnItsOwnGeneration() {
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm, source-epoch: 100}", port);
        c.beginCycle(0);
        c.deliveredControl(9, 2, 4);
        // epoch 1: 16 flits x 4 = 64 >= 50 stays; epoch 2: 8 flits x 4 = 32 < 50 unthrottles at 200
        for (long t = 1; t <= 200; t++) {
            c.beginCycle(t);
            if (t == 30 || t == 60) {
                c.generated(2, 9, 8);
            }
            if (t == 150) {
                c.generated(2, 9, 8);
            }
            if (t < 200) {
                assertThat(c.degree(2, 9)).as("cycle %d", t).isEqualTo(4);
            }
        }
        assertThat(c.degree(2, 9)).isZero();
        assertThat(port.packets).containsExactly(new int[] {2, 9, 0});
    }

    @Test
    void theSourceEpochCountsFromTheThrottlePacket() {
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm, source-epoch: 100}", port);
        cycles(c, 0, 1000);
        c.deliveredControl(9, 2, 4);
        // 16 flits x 4 = 64 in cycles 1001..1100: not below 0.5 x 100, stays throttled
        for (long t = 1001; t <= 1100; t++) {
            c.beginCycle(t);
            if (t == 1020 || t == 1040) {
                c.generated(2, 9, 8);
            }
        }
        assertThat(c.degree(2, 9)).isEqualTo(4);
        assertThat(port.packets).isEmpty();
    }

    @Test
    void exactlyTheUnthrottleShareKeepsTheFlowThrottled() {
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm, source-epoch: 100, unthrottle-below: 1}", port);
        c.beginCycle(0);
        c.deliveredControl(9, 2, 4);
        // 25 flits in 100 cycles at D_t = 4: exactly 1/D_t, not below it
        for (long t = 1; t <= 100; t++) {
            c.beginCycle(t);
            if (t == 50) {
                c.generated(2, 9, 25);
            }
        }
        assertThat(c.degree(2, 9)).isEqualTo(4);
        // generation by another source, or toward another destination, does not count
        for (long t = 101; t <= 200; t++) {
            c.beginCycle(t);
            if (t == 150) {
                c.generated(3, 9, 25);
                c.generated(2, 10, 25);
            }
        }
        assertThat(c.degree(2, 9)).isZero();
    }

    @Test
    void severalThrottledFlowsUnthrottleIndependently() {
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm, source-epoch: 100}", port);
        c.beginCycle(0);
        c.deliveredControl(9, 2, 2);   // flow 2 -> 9
        c.deliveredControl(9, 3, 2);   // flow 3 -> 9
        c.deliveredControl(10, 2, 2);  // flow 2 -> 10
        double[] out = sample(c);
        assertThat(out[3]).isEqualTo(2); // sources 2 and 3
        assertThat(out[4]).isEqualTo(3);
        // only 2 -> 9 falls below its share in the first source epoch
        for (long t = 1; t <= 100; t++) {
            c.beginCycle(t);
            if (t % 10 == 0) {
                c.generated(3, 9, 8);
                c.generated(2, 10, 8);
            }
        }
        assertThat(c.degree(2, 9)).isZero();
        assertThat(c.degree(3, 9)).isEqualTo(2);
        assertThat(c.degree(2, 10)).isEqualTo(2);
        assertThat(port.packets).containsExactly(new int[] {2, 9, 0});
        out = sample(c);
        assertThat(out[3]).isEqualTo(2);
        assertThat(out[4]).isEqualTo(2);
        // the remaining flows still gain tokens at 1/2 per cycle
        double before3 = c.tokens(3, 9);
        double before2 = c.tokens(2, 10);
        c.beginCycle(101);
        assertThat(c.tokens(3, 9)).isEqualTo(before3 + 0.5);
        assertThat(c.tokens(2, 10)).isEqualTo(before2 + 0.5);
        assertThat(c.tokens(2, 9)).isZero();
        // next epoch: 3 -> 9 stops generating and goes; source 3 has no throttled flow left
        for (long t = 102; t <= 200; t++) {
            c.beginCycle(t);
            if (t % 10 == 0) {
                c.generated(2, 10, 8);
            }
        }
        assertThat(c.degree(3, 9)).isZero();
        assertThat(c.degree(2, 10)).isEqualTo(2);
        out = sample(c);
        assertThat(out[3]).isEqualTo(1);
        assertThat(out[4]).isEqualTo(1);
        // a flow throttled again after it was released counts again
        c.deliveredControl(9, 3, 3);
        out = sample(c);
        assertThat(out[3]).isEqualTo(2);
        assertThat(out[4]).isEqualTo(2);
        assertThat(c.unthrottlePackets()).isEqualTo(2);
    }

    // ------------------------------------------------------------------ records

    @Test
    void theThrottledFractionsCountCyclesAndFlowCycles() {
        Cbcm.Control c = control("{kind: cbcm, source-epoch: 1000000}", new SentPort(1));
        assertThat(c.anyThrottledFraction()).isZero();
        assertThat(c.perFlowThrottledFraction(4)).isZero();
        cycles(c, 0, 9);
        // 10 cycles free, then 10 with one flow, then 20 with two
        c.deliveredControl(9, 2, 4);
        cycles(c, 10, 19);
        c.deliveredControl(9, 3, 4);
        cycles(c, 20, 39);
        assertThat(c.anyThrottledFraction()).isCloseTo(30.0 / 40, within(1e-12));
        // flow-cycles 10 + 40 = 50 over 40 cycles and 5 flows
        assertThat(c.perFlowThrottledFraction(5)).isCloseTo(50.0 / 40 / 5, within(1e-12));
        assertThat(c.perFlowThrottledFraction(0)).isZero();
        double[] out = sample(c);
        assertThat(out[5]).isCloseTo(30.0 / 40, within(1e-12));
        // a new window: 10 cycles, all throttled
        assertThat(sample(c)[5]).isZero();
        cycles(c, 40, 49);
        assertThat(sample(c)[5]).isEqualTo(1.0);
    }
}
