package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.traffic.Workload;
import org.junit.jupiter.api.Test;

/**
 * The per-source rule of the unstable verdict and the bounded source queues: a run whose
 * network as a whole keeps up (accepted at least 98% of offered) while a few sources fall
 * behind is unstable; a saturated run keeps a number of packet records that does not grow
 * with its length.
 */
class SourceSaturationTest {

    /** An 8x8 torus, DOR, dateline, VCT, 8-flit packets, 64-flit buffers. */
    private static SimConfig torus8(String traffic, double load, long cycles) {
        return SimTestSupport.fromYaml(SimTestSupport.torusDateline(8, ""
            + "switching: vct\n"
            + "buffer: 64\n"
            + "packet-size: 8\n"
            + "pipeline: 4\n"
            + "traffic: " + traffic + "\n"
            + "load: " + load + "\n"
            + "cycles: " + cycles + "\n"
            + "warmup: 2000\n"));
    }

    @Test
    void hotSpotSourcesSaturateWhileTheNetworkAsAWholeKeepsUp() {
        // five sources at 0.2 send to terminal 0, whose ejection takes 1 flit per cycle and
        // also gets its share of the others' uniform traffic: they fall behind by about 0.2
        // flits per cycle between them, 0.3% of the whole offered load
        SimResult r = new Simulator(torus8("{pattern: hot-spot, node: 0, sources: 5}", 0.2, 40_000)).run(null);
        assertThat(r.accepted()).as("the first rule alone calls it stable").isGreaterThanOrEqualTo(0.98 * r.offered());
        assertThat(r.unstable()).isTrue();
        assertThat(r.unstableReason()).contains("sources saturated").contains("the queue of terminal");
        assertThat(r.deadlock()).isNull();
    }

    @Test
    void uniformTrafficBelowSaturationIsStable() {
        // the simulator saturates near 0.45 on this network with uniform traffic
        SimResult r = new Simulator(torus8("uniform", 0.4, 40_000)).run(null);
        assertThat(r.unstable()).as(r.unstableReason()).isFalse();
        assertThat(r.latency()).isNotNull();
    }

    @Test
    void packetRecordsDoNotGrowWithTheRunPastSaturation() {
        SimConfig cfg = torus8("uniform", 1.0, 40_000);
        Simulator sim = new Simulator(cfg);
        SimResult r = sim.run(null);
        assertThat(r.unstable()).isTrue();
        int terminals = 64;
        int channels = 256;
        int vcs = 2;
        int buffer = 64;
        // the source budget, every flit of every buffer (injection buffers included) and of
        // every link a packet of its own, and one packet starting at every injection port
        long bound = (long) terminals * SourceQueues.BUDGET + (long) (channels + terminals) * vcs * buffer
            + channels * 8L + terminals;
        assertThat(r.packetsCreated() - r.packetsDelivered()).as("packets waiting at the end").isGreaterThan(4 * bound);
        assertThat(sim.packetRecords()).isLessThanOrEqualTo((int) bound);
    }

    /** A machine whose sources have the queues and created flits given, for the rule alone. */
    private static RunProtocol.Machine sources(long[] queued, long[] created) {
        return new RunProtocol.Machine() {
            @Override
            public void step(Workload.Generator gen, long now, boolean measuring) {
            }

            @Override
            public long takeGenerated() {
                return 0;
            }

            @Override
            public long takeAccepted() {
                return 0;
            }

            @Override
            public boolean deadlocked() {
                return false;
            }

            @Override
            public SimResult.Deadlock deadlockReport() {
                return null;
            }

            @Override
            public long created() {
                return 0;
            }

            @Override
            public long delivered() {
                return 0;
            }

            @Override
            public boolean drained(boolean injecting) {
                return true;
            }

            @Override
            public void phase(boolean generating, boolean injecting) {
            }

            @Override
            public long measuredOutstanding() {
                return 0;
            }

            @Override
            public long queuedFlits(int source) {
                return queued[source];
            }

            @Override
            public long createdFlits(int source) {
                return created[source];
            }

            @Override
            public void checkConservation() {
            }
        };
    }

    @Test
    void aSourceSaturatesWhenItsQueueGrowsByMoreThanTwoPercentOfItsFlitsAndTheSlack() {
        long[] zero = new long[3];
        double slack = 256;
        // growth 257 > slack, 2% of 10,000 = 200: saturated
        assertThat(RunProtocol.saturatedSources(sources(new long[] {0, 257, 5}, new long[] {10_000, 10_000, 10_000}),
            3, zero, zero, slack)).isEqualTo("1 source saturated: the queue of terminal 1 grew by 257 flits over the"
            + " measurement window (2.6% of the 10000 it created there; slack 256 flits)");
        // growth exactly the slack: not saturated
        assertThat(RunProtocol.saturatedSources(sources(new long[] {0, 256, 5}, new long[] {10_000, 10_000, 10_000}),
            3, zero, zero, slack)).isNull();
        // growth above the slack but not above 2% of 20,000 = 400: not saturated
        assertThat(RunProtocol.saturatedSources(sources(new long[] {400, 300, 0}, new long[] {20_000, 20_000, 0}),
            3, zero, zero, slack)).isNull();
        // only the growth over the window counts: a queue 1,000 flits long at its start that ends 1,200 long grew 200
        assertThat(RunProtocol.saturatedSources(sources(new long[] {1_200, 0, 0}, new long[] {11_000, 0, 0}),
            3, new long[] {1_000, 0, 0}, new long[] {1_000, 0, 0}, slack)).isNull();
        // the worst of several is named
        assertThat(RunProtocol.saturatedSources(sources(new long[] {500, 900, 700}, new long[] {9_000, 9_000, 9_000}),
            3, zero, zero, slack)).startsWith("3 sources saturated: the queue of terminal 1 grew by 900 flits");
    }
}
