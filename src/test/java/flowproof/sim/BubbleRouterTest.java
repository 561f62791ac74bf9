package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * What the CBS paper's comparisons read (issue 21): the part of the buffer access delay in
 * which the bubble rule alone holds a packet ({@code ruleWait}), and the bubble router's
 * in-transit priority ({@code allocation: transit-first}).
 */
class BubbleRouterTest {

    /** The CBS paper's 8x8 torus, one VC, DOR, VCT, 8-flit packets, 4-stage routers, under {@code rule}. */
    private static SimResult run(String rule, int slots, double load, String extra) {
        String yaml = "name: cbs\ntopology: {kind: torus, radix: [8, 8], bidirectional: true}\nrouting: dor\n"
            + "vcs: 1\nrule: " + rule + "\nsimulation:\n  switching: vct\n  buffer: " + slots * 8 + "\n"
            + "  packet-size: 8\n  pipeline: 4\n  traffic: uniform\n  load: " + load + "\n  cycles: 5000\n"
            + "  warmup: 1000\n" + extra;
        SimResult r = new Simulator(SimTestSupport.fromYaml(yaml)).run(null);
        assertThat(r.deadlock()).isNull();
        return r;
    }

    @Test
    void ruleWaitCountsTheCyclesTheBubbleRuleAloneHoldsAPacket() {
        // two-slot buffers: Localized BFC enters a ring only into an empty buffer, so it waits often
        SimResult localized = run("localized-bubble", 2, 0.3, "");
        SimResult.Latency l = localized.latency();
        assertThat(l.ruleWait()).isGreaterThan(1.0).isLessThanOrEqualTo(l.bufferAccess());
        // the critical bubble needs one normal slot: on the same network it waits far less
        assertThat(run("critical-bubble", 2, 0.3, "").latency().ruleWait()).isLessThan(l.ruleWait() / 2);
    }

    @Test
    void aRuleWithoutEntryConditionsNeverHoldsAPacketByItself() {
        SimResult r = new Simulator(SimTestSupport.fromYaml(SimTestSupport.torusDateline(8,
            "switching: vct\nbuffer: 16\npacket-size: 8\ntraffic: uniform\nload: 0.3\ncycles: 3000\nwarmup: 500\n")))
            .run(null);
        assertThat(r.latency().bufferAccess()).isGreaterThan(0);
        assertThat(r.latency().ruleWait()).isZero();
    }

    @Test
    void transitPriorityKeepsTheSingleCriticalBubbleFromCollapsingPastSaturation() {
        SimResult perVc = run("critical-bubble", 8, 0.5, "");
        SimResult transit = run("critical-bubble", 8, 0.5, "  allocation: transit-first\n");
        assertThat(perVc.accepted()).isLessThan(0.3);
        assertThat(transit.accepted()).isGreaterThan(0.45);
    }

    @Test
    void transitPriorityChangesNothingWithoutContention() {
        SimResult perVc = run("critical-bubble", 8, 0.02, "");
        SimResult transit = run("critical-bubble", 8, 0.02, "  allocation: transit-first\n");
        assertThat(transit.accepted()).isEqualTo(perVc.accepted());
        assertThat(transit.latency().mean()).isCloseTo(perVc.latency().mean(), org.assertj.core.data.Offset.offset(0.5));
    }
}
