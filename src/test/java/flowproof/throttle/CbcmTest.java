package flowproof.throttle;

import flowproof.rule.ReservedClassVcs;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import flowproof.ConfigurationException;
import flowproof.rule.FlowControlRule;
import flowproof.rule.VcPerHop;
import flowproof.rule.VirtualCutThrough;
import flowproof.sim.control.Scheme;
import flowproof.topology.FlattenedButterfly;
import flowproof.topology.Network;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** CBCM's parts in isolation (routers, destinations, sources), its VC classes and its parameters. */
class CbcmTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @TempDir
    Path dir;

    private static JsonNode yaml(String s) {
        try {
            return YAML.readTree(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static FlattenedButterfly fb(int radix, int concentration) {
        return new FlattenedButterfly(radix, 1, concentration);
    }

    private static SchemeContext context(int vcs) {
        Network net = new Network(fb(4, 4), vcs, 4);
        return new SchemeContext(net, new VcPerHop(), 32, 8, true);
    }

    private static Scheme read(String control, int vcs) {
        return Schemes.read("simulation.control", yaml(control), context(vcs));
    }

    private static Cbcm.Control control(String params, SentPort port) {
        Scheme s = read(params, 4);
        Cbcm.Control c = (Cbcm.Control) s.create(new StubState(context(4).network(), 32, 8), 1);
        c.bind(port);
        return c;
    }

    // ------------------------------------------------------------------ routers

    @Test
    void sustainedContentionOfTwoMarksThePort() {
        SentPort port = new SentPort(3);
        Cbcm.Control c = control("{kind: cbcm}", port);
        int[] d = {2, 0, 1};
        for (int t = 0; t < 200; t++) {
            c.beginCycle(t);
            c.degrees(d);
        }
        assertThat(c.metric(0)).isEqualTo(2.0);
        assertThat(c.mark(0, 0, 0)).isTrue();
        assertThat(c.mark(0, 1, 0)).isFalse();
        // a single steady flow: D = 1 is no contention
        assertThat(c.metric(2)).isEqualTo(1.0);
        assertThat(c.mark(0, 2, 0)).isFalse();
    }

    @Test
    void oscillatingContentionIsNotSustained() {
        // D alternates 0 and 2: MA(D) = 1, MA(max) - MA(min) = 2, metric = 0 (the paper's lower bound of the movement)
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm}", port);
        for (int t = 0; t < 300; t++) {
            c.degrees(new int[] {t % 2 == 0 ? 0 : 2});
        }
        assertThat(c.metric(0)).isEqualTo(0.0);
        assertThat(c.mark(0, 0, 0)).isFalse();
        // oscillating between 2 and 4: the lower bound 2 is sustained
        for (int t = 0; t < 300; t++) {
            c.degrees(new int[] {t % 2 == 0 ? 2 : 4});
        }
        assertThat(c.metric(0)).isEqualTo(2.0);
        assertThat(c.mark(0, 0, 0)).isTrue();
    }

    // ------------------------------------------------------------------ destinations and sources

    @Test
    void anEpochOfMarkedPacketsMakesAHotSpotThatThrottlesItsSourcesWithinTheBudget() {
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm, epoch: 100, epsilon: 0.1}", port);
        c.beginCycle(0);
        c.deliveredData(3, 9, 8, true);
        c.deliveredData(5, 9, 8, true);
        c.deliveredData(7, 9, 8, true);
        for (int t = 1; t < 100; t++) {
            c.beginCycle(t);
        }
        assertThat(port.packets).isEmpty();
        c.beginCycle(100);
        assertThat(c.hotSpot(9)).isTrue();
        assertThat(port.packets).extracting(p -> p[1]).containsExactly(3, 5, 7);
        assertThat(port.packets).allSatisfy(p -> assertThat(p[0]).isEqualTo(9)).allSatisfy(p -> assertThat(p[2])
            .isEqualTo(3));
        // every sender joins now, marked or not; the new D_t waits for the budget: 3 / 0.1 = 30 cycles
        c.deliveredData(11, 9, 8, false);
        port.packets.clear();
        for (int t = 101; t < 130; t++) {
            c.beginCycle(t);
        }
        assertThat(port.packets).isEmpty();
        c.beginCycle(130);
        assertThat(port.packets).extracting(p -> p[1]).containsExactly(3, 5, 7, 11);
        assertThat(port.packets).allSatisfy(p -> assertThat(p[2]).isEqualTo(4));
    }

    @Test
    void aHotSpotThatReceivesLessThanTheExitLoadOverAnEpochIsAnOrdinaryNodeAgain() {
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm, epoch: 100, exit-load: 0.5}", port);
        c.beginCycle(0);
        c.deliveredData(3, 9, 8, true);
        c.deliveredData(5, 9, 8, true);
        c.deliveredData(2, 4, 8, true);
        c.deliveredData(6, 4, 8, true);
        for (int t = 1; t <= 100; t++) {
            c.beginCycle(t);
        }
        assertThat(c.hotSpot(9)).isTrue();
        assertThat(c.hotSpot(4)).isTrue();
        // node 9 receives 56 flits in the next 100 cycles (>= 50: stays), node 4 receives 48 (< 50: exits)
        for (int t = 101; t <= 200; t++) {
            if (t % 14 == 0) {
                c.deliveredData(3, 9, 8, false);
            }
            if (t % 16 == 0) {
                c.deliveredData(2, 4, 8, false);
            }
            c.beginCycle(t);
        }
        assertThat(c.hotSpot(9)).isTrue();
        assertThat(c.hotSpot(4)).isFalse();
        assertThat(c.hotSpotExits()).isEqualTo(1);
        // an ordinary node again: an unmarked packet no longer joins, nothing is re-sent
        port.packets.clear();
        c.deliveredData(7, 4, 8, false);
        for (int t = 201; t <= 400; t++) {
            c.beginCycle(t);
        }
        assertThat(port.packets).noneSatisfy(p -> assertThat(p[0]).isEqualTo(4));
    }

    @Test
    void exitLoadZeroKeepsAHotSpotWhileItsListStands() {
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm, epoch: 100, exit-load: 0}", port);
        c.beginCycle(0);
        c.deliveredData(3, 9, 8, true);
        c.deliveredData(5, 9, 8, true);
        for (int t = 1; t <= 1000; t++) {
            c.beginCycle(t);
        }
        assertThat(c.hotSpot(9)).isTrue();
        assertThat(c.hotSpotExits()).isZero();
    }

    @Test
    void onlyNormalTrafficContendsUnlessReservedClassesAreCounted() {
        Cbcm.Control c = control("{kind: cbcm}", new SentPort(1));
        assertThat(c.contends(0)).isTrue();
        assertThat(c.contends(Cbcm.THROTTLED)).isFalse();
        assertThat(c.contends(Cbcm.CONTROL)).isFalse();
        Cbcm.Control all = control("{kind: cbcm, count-reserved: true}", new SentPort(1));
        assertThat(all.contends(Cbcm.THROTTLED)).isTrue();
    }

    @Test
    void anUnmarkedPacketEmptiesTheListBeforeTheEpochEnds() {
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm, epoch: 100}", port);
        c.beginCycle(0);
        c.deliveredData(3, 9, 8, true);
        c.deliveredData(5, 9, 8, true);
        c.deliveredData(6, 9, 8, false);
        for (int t = 1; t <= 300; t++) {
            c.beginCycle(t);
        }
        assertThat(c.hotSpot(9)).isFalse();
        assertThat(port.packets).isEmpty();
    }

    @Test
    void oneMarkedSourceIsNeverThrottled() {
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm, epoch: 100}", port);
        c.beginCycle(0);
        c.deliveredData(3, 9, 8, true);
        for (int t = 1; t <= 300; t++) {
            c.beginCycle(t);
        }
        assertThat(port.packets).isEmpty();
    }

    @Test
    void aThrottledSourceSendsOneFlitPerDtCyclesOnTheThrottledClass() {
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm}", port);
        c.beginCycle(0);
        c.deliveredControl(9, 2, 4);
        assertThat(c.degree(2, 9)).isEqualTo(4);
        assertThat(c.sourceClass(2, 9, 8)).isEqualTo(-1);
        // other destinations are not restricted
        assertThat(c.sourceClass(2, 10, 8)).isZero();
        int sent = 0;
        for (int t = 1; t <= 400; t++) {
            c.beginCycle(t);
            c.generated(2, 9, 8);
            int cls = c.sourceClass(2, 9, 8);
            if (cls >= 0) {
                assertThat(cls).isEqualTo(Cbcm.THROTTLED);
                c.left(2, 9, 8, cls);
                sent++;
            }
        }
        // 400 cycles at 1/4 flit per cycle: 100 flits, 12 packets of 8
        assertThat(sent).isEqualTo(12);
        assertThat(c.priority(Cbcm.THROTTLED)).isLessThan(c.priority(0)).isLessThan(c.priority(Cbcm.CONTROL));
    }

    /** Packets of 8 flits flow 2 -> 9 sends in {@code cycles} cycles under D_t = 4, and the class they leave in. */
    private static int[] throttledFor(String params, int cycles) {
        Cbcm.Control c = control(params, new SentPort(1));
        c.beginCycle(0);
        c.deliveredControl(9, 2, 4);
        int sent = 0;
        int cls = -1;
        for (int t = 1; t <= cycles; t++) {
            c.beginCycle(t);
            c.generated(2, 9, 8);
            int k = c.sourceClass(2, 9, 8);
            if (k >= 0) {
                c.left(2, 9, 8, k);
                cls = k;
                sent++;
            }
        }
        return new int[] {sent, cls};
    }

    @Test
    void rateScalesTheTokensAndIsolateFalseSendsThrottledPacketsOnTheNormalVcs() {
        // 1/4 flit per cycle: 4,000 cycles give 1,000 flits, 125 packets; 0.99/4 gives 990 flits, 123 packets
        assertThat(throttledFor("{kind: cbcm}", 4000)).containsExactly(125, Cbcm.THROTTLED);
        assertThat(throttledFor("{kind: cbcm, rate: 0.99}", 4000)).containsExactly(123, Cbcm.THROTTLED);
        // without the dedicated VC the same pacing, on class 0 (the spec's routing, normal priority)
        assertThat(throttledFor("{kind: cbcm, isolate: false, rate: 0.99}", 4000)).containsExactly(123, 0);
        assertThat(read("{kind: cbcm, isolate: false, rate: 0.99}", 4).describe())
            .isEqualTo("cbcm(rate=0.99, isolate=false)");
    }

    @Test
    void aSourceGeneratingBelowHalfOfOneOverDtUnthrottlesAndTheHotSpotDropsIt() {
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm, source-epoch: 100}", port);
        c.beginCycle(0);
        c.deliveredControl(9, 2, 4);
        for (int t = 1; t <= 100; t++) {
            c.beginCycle(t);
            if (t == 50) {
                c.generated(2, 9, 8); // 8 flits in 100 cycles: x D_t = 32 < 0.5 x 100
            }
        }
        assertThat(c.degree(2, 9)).isZero();
        assertThat(port.packets).containsExactly(new int[] {2, 9, 0});
    }

    @Test
    void betweenHalfAndOneOverDtOnlyThePapersLiteralRuleUnthrottles() {
        for (String control : new String[] {"{kind: cbcm, source-epoch: 100}",
            "{kind: cbcm, source-epoch: 100, unthrottle-below: 1}"}) {
            SentPort port = new SentPort(1);
            Cbcm.Control c = control(control, port);
            c.beginCycle(0);
            c.deliveredControl(9, 2, 4);
            for (int t = 1; t <= 100; t++) {
                c.beginCycle(t);
                if (t % 50 == 10) {
                    c.generated(2, 9, 8); // 16 flits in 100 cycles: x D_t = 64, between 50 and 100
                }
            }
            boolean literal = control.contains("unthrottle-below");
            assertThat(c.degree(2, 9)).as(control).isEqualTo(literal ? 0 : 4);
            assertThat(port.packets).as(control).hasSize(literal ? 1 : 0);
        }
    }

    @Test
    void aFullSourceQueueKeepsTheFlowThrottled() {
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm, source-epoch: 100, source-queue: 10, full-queue: source}", port);
        port.queued = 10;
        c.beginCycle(0);
        c.deliveredControl(9, 2, 4);
        for (int t = 1; t <= 300; t++) {
            c.beginCycle(t);
        }
        assertThat(c.degree(2, 9)).isEqualTo(4);
        assertThat(port.packets).isEmpty();
    }

    /**
     * Issue 41's cascade: the paper's sources keep a queue per destination (section V), so "the
     * queue is full" is the flow's own queue by default. A source whose queue is long with
     * packets for other destinations still unthrottles a flow it barely generates for (before,
     * the whole source queue counted, and a backlogged source never recovered); a flow whose own
     * queue is full stays throttled.
     */
    @Test
    void theFullQueueIsTheFlowsOwnByDefault() {
        for (String mode : new String[] {"", ", full-queue: destination", ", full-queue: source"}) {
            SentPort port = new SentPort(1);
            Cbcm.Control c = control("{kind: cbcm, source-epoch: 100, source-queue: 10" + mode + "}", port);
            port.queued = 10;
            c.beginCycle(0);
            for (int i = 0; i < 10; i++) {
                c.generated(2, 5, 8); // queued toward another destination, never leaving
            }
            c.deliveredControl(9, 2, 4);
            for (long t = 1; t <= 300; t++) {
                c.beginCycle(t);
            }
            boolean perDestination = !mode.contains("source");
            assertThat(c.degree(2, 9)).as(mode).isEqualTo(perDestination ? 0 : 4);
            assertThat(port.packets).as(mode).hasSize(perDestination ? 1 : 0);
        }
        // the flow's own queue full: stays throttled in both readings
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm, source-epoch: 100, source-queue: 10}", port);
        c.beginCycle(0);
        for (int i = 0; i < 10; i++) {
            c.generated(2, 9, 8); // before the throttle: not counted as generation in an epoch
        }
        c.deliveredControl(9, 2, 4);
        for (long t = 1; t <= 300; t++) {
            c.beginCycle(t);
        }
        assertThat(c.degree(2, 9)).isEqualTo(4);
        // once the flow's packets left its queue it unthrottles at the next epoch's end
        for (int i = 0; i < 10; i++) {
            c.left(2, 9, 8, Cbcm.THROTTLED);
        }
        for (long t = 301; t <= 400; t++) {
            c.beginCycle(t);
        }
        assertThat(c.degree(2, 9)).isZero();
    }

    @Test
    void unthrottleShrinksTheListAndResendsTheNewDegree() {
        SentPort port = new SentPort(1);
        Cbcm.Control c = control("{kind: cbcm, epoch: 10, epsilon: 1, exit-load: 0}", port);
        c.beginCycle(0);
        c.deliveredData(3, 9, 8, true);
        c.deliveredData(5, 9, 8, true);
        c.deliveredData(7, 9, 8, true);
        for (int t = 1; t <= 10; t++) {
            c.beginCycle(t);
        }
        port.packets.clear();
        c.deliveredControl(5, 9, 0);
        c.beginCycle(20);
        assertThat(port.packets).extracting(p -> p[1]).containsExactly(3, 7);
        assertThat(port.packets).allSatisfy(p -> assertThat(p[2]).isEqualTo(2));
        c.deliveredControl(3, 9, 0);
        c.deliveredControl(7, 9, 0);
        assertThat(c.hotSpot(9)).isFalse();
    }

    // ------------------------------------------------------------------ VC classes

    @Test
    void classVcsAreClosedAndTheSpecRuleKeepsTheOthers() {
        Network net = new Network(fb(4, 1), 4, 4);
        ReservedClassVcs r = new ReservedClassVcs(new VcPerHop(), 2);
        int c0 = 0;
        int c1 = 1;
        // injection: the spec rule's VC 0, or a class VC
        assertThat(r.mayUse(net, FlowControlRule.INJECT, net.queue(c0, 0))).isTrue();
        assertThat(r.mayUse(net, FlowControlRule.INJECT, net.queue(c0, 1))).isFalse();
        assertThat(r.mayUse(net, FlowControlRule.INJECT, net.queue(c0, 2))).isTrue();
        assertThat(r.mayUse(net, FlowControlRule.INJECT, net.queue(c0, 3))).isTrue();
        // normal VCs by hop, never into a class VC
        assertThat(r.mayUse(net, net.queue(c0, 0), net.queue(c1, 1))).isTrue();
        assertThat(r.mayUse(net, net.queue(c0, 1), net.queue(c1, 2))).isFalse();
        // a class VC only to itself
        assertThat(r.mayUse(net, net.queue(c0, 2), net.queue(c1, 2))).isTrue();
        assertThat(r.mayUse(net, net.queue(c0, 2), net.queue(c1, 3))).isFalse();
        assertThat(r.mayUse(net, net.queue(c0, 3), net.queue(c1, 0))).isFalse();
        assertThat(new ReservedClassVcs(new VirtualCutThrough(), 1).mayUse(net, net.queue(c0, 0), net.queue(c1, 3)))
            .isFalse();
    }

    // ------------------------------------------------------------------ parameters

    @Test
    void defaultsAreThePapers() {
        Cbcm s = (Cbcm) read("cbcm", 4);
        assertThat(s.numSamples).isEqualTo(100);
        assertThat(s.interval).isEqualTo(10);
        assertThat(s.boundSamples).isEqualTo(10);
        assertThat(s.epsilon).isEqualTo(0.05);
        assertThat(s.threshold).isEqualTo(1.0);
        assertThat(s.describe()).isEqualTo("cbcm");
        Ecn e = (Ecn) read("ecn", 4);
        assertThat(new int[] {e.increment, e.max, e.decrement, e.timer}).containsExactly(400, 1500, 50, 1000);
        assertThat(e.threshold).isEqualTo(0.9);
        assertThat(((Ideal) read("{kind: ideal, node: 5}", 4)).node()).isEqualTo(5);
        assertThat(read("{kind: cbcm, epsilon: 0.1}", 4).describe()).isEqualTo("cbcm(epsilon=0.1)");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{kind: cbcm, epsilon: 0}|simulation.control.epsilon",
        "{kind: cbcm, epsilon: 1.5}|simulation.control.epsilon",
        "{kind: cbcm, epsilon: -0.05}|simulation.control.epsilon",
        "{kind: cbcm, num-samples: 0}|simulation.control.num-samples",
        "{kind: cbcm, bound-sample-interval: -10}|simulation.control.bound-sample-interval",
        "{kind: cbcm, source-queue: -1}|simulation.control.source-queue",
        "{kind: cbcm, epoch: -5}|simulation.control.epoch",
        "{kind: cbcm, lookahead: 0}|simulation.control.lookahead",
        "{kind: cbcm, threshold: -1}|simulation.control.threshold",
        "{kind: cbcm, exit-load: 1.5}|simulation.control.exit-load",
        "{kind: cbcm, unthrottle-below: 0}|simulation.control.unthrottle-below",
        "{kind: cbcm, unthrottle-below: 2}|simulation.control.unthrottle-below",
        "{kind: cbcm, exit-load: -0.1}|simulation.control.exit-load",
        "{kind: cbcm, count-reserved: maybe}|simulation.control.count-reserved",
        "{kind: cbcm, full-queue: flow}|simulation.control.full-queue",
        "{kind: cbcm, epsilom: 0.1}|simulation.control.epsilom",
        "{kind: ecn, threshold: 0}|simulation.control.threshold",
        "{kind: ecn, ipd-increment: -400}|simulation.control.ipd-increment",
        "{kind: ecn, decrement-timer: 0}|simulation.control.decrement-timer",
        "{kind: ideal, node: 16}|simulation.control.node",
        "{kind: cbcm, rate: 0}|simulation.control.rate",
        "{kind: cbcm, rate: 1.5}|simulation.control.rate",
        "{kind: cbcm, isolate: 1}|simulation.control.isolate",
        "{kind: ideal, node: -1}|simulation.control.node",
    })
    void outOfRangeParametersAreRefusedByName(String control, String field) {
        assertThatThrownBy(() -> read(control, 4)).isInstanceOf(ConfigurationException.class)
            .hasMessageStartingWith(field + ": expected");
    }

    @Test
    void tooFewVcsAreRefused() {
        assertThatThrownBy(() -> read("cbcm", 2)).isInstanceOf(ConfigurationException.class)
            .hasMessageContaining("at least 3 VCs");
        assertThatThrownBy(() -> read("ideal", 1)).isInstanceOf(ConfigurationException.class)
            .hasMessageContaining("at least 2 VCs");
    }

    @Test
    void theCommandLineReportsABadEpsilonInOneLineWithExitCode2() throws IOException {
        String spec = Files.readString(Path.of("specs/sim/cbcm-fb1d-16x4-hotspot.yaml"))
            .replace("control: {kind: cbcm}", "control: {kind: cbcm, epsilon: 0}");
        SchemeTestSupport.Cli r = SchemeTestSupport.simulate(dir, spec);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.errLines()).hasSize(1).first().asString()
            .contains("simulation.control.epsilon: expected a number in (0, 1]");
    }
}
