package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.traffic.Workload;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The bounded source queues: past their budget, packets are drawn again by the lazy
 * generator, and a queue hands out exactly the packets (destination, size, creation cycle)
 * an unbounded queue of the counting generator's packets would, in the same order.
 */
class SourceQueuesTest {

    private static final int CYCLES = 3000;

    @Test
    void packetsDrawnAgainAreTheOnesAnUnboundedQueueWouldHoldInOrder() {
        SimConfig cfg = SimTestSupport.fromYaml(SimTestSupport.torusDateline(4, ""
            + "switching: vct\nbuffer: 16\npacket-size: {sizes: [1, 4, 8], weights: [1, 1, 2]}\ntraffic: uniform\nload: 0.9\n"
            + "cycles: " + CYCLES + "\nwarmup: 100\n"));
        Workload workload = cfg.workload();
        int terminals = workload.terminals();
        List<List<long[]>> unbounded = new ArrayList<>();
        for (int t = 0; t < terminals; t++) {
            unbounded.add(new ArrayList<>());
        }
        Workload.Generator eager = workload.start(cfg.seed());
        for (long c = 0; c < CYCLES; c++) {
            for (int t = 0; t < terminals; t++) {
                for (int n = eager.packets(t, c); n > 0; n--) {
                    int d = eager.destination(t, c);
                    if (d >= 0) {
                        unbounded.get(t).add(new long[] {d, eager.size(t), c});
                    }
                }
            }
        }

        Packets pk = new Packets(1024, false, false);
        SourceQueues sources = new SourceQueues(terminals, 1, cfg.warmup(), pk, null);
        Statistics stats = new Statistics(1, new SeriesBuilder(100, terminals, List.of(), x -> { }), null);
        sources.start(workload.start(cfg.seed()));
        Workload.Generator counting = workload.start(cfg.seed());
        List<List<long[]>> taken = new ArrayList<>();
        for (int t = 0; t < terminals; t++) {
            taken.add(new ArrayList<>());
        }
        long created = 0;
        long longest = 0;
        for (long c = 0; c < CYCLES; c++) {
            created += sources.generate(counting, c, stats);
            for (int t = 0; t < terminals; t++) {
                longest = Math.max(longest, sources.queuedPackets[t]);
            }
            // a slow sink (one packet every 16 cycles, a third of the offered load) lets the queues outgrow their budget
            if (c % 16 == 0) {
                for (int t = 0; t < terminals; t++) {
                    take(sources, pk, t, taken.get(t));
                }
            }
        }
        for (int t = 0; t < terminals; t++) {
            while (take(sources, pk, t, taken.get(t))) {
                // drain what is left, stored or not
            }
        }
        long total = 0;
        for (int t = 0; t < terminals; t++) {
            List<long[]> want = unbounded.get(t);
            List<long[]> got = taken.get(t);
            assertThat(got).as("terminal %d", t).hasSameSizeAs(want);
            for (int i = 0; i < want.size(); i++) {
                assertThat(got.get(i)).as("terminal %d, packet %d", t, i).containsExactly(want.get(i));
            }
            assertThat(sources.queuedPackets[t]).isZero();
            total += want.size();
        }
        assertThat(created).isEqualTo(total);
        assertThat(longest).as("a queue longer than its stored packets").isGreaterThan(sources.budget);
    }

    /** Takes terminal t's head packet (drawing it again first if needed); false if the queue is empty. */
    private static boolean take(SourceQueues sources, Packets pk, int t, List<long[]> into) {
        if (sources.count[t] == 0 && sources.unstored(t)) {
            sources.fill(t);
        }
        if (sources.count[t] == 0) {
            return false;
        }
        int p = sources.first(t);
        into.add(new long[] {pk.dst[p], pk.size[p], pk.gen[p]});
        sources.takeFirst(t, p);
        pk.release(p);
        return true;
    }

    /**
     * {@code source-queue: N}: a source never holds more than N packets; a packet generated at a full
     * queue is refused, and the packets admitted are the same draws as without a limit, those that came
     * while the queue had room (a reference that replays the unbounded draws against the same sink).
     */
    @Test
    void aLimitedQueueRefusesThePacketsThatFindItFull() {
        for (int limit : new int[] {1, 3}) {
            SimConfig cfg = SimTestSupport.fromYaml(SimTestSupport.torusDateline(4, ""
                + "switching: vct\nbuffer: 16\npacket-size: {sizes: [1, 4, 8], weights: [1, 1, 2]}\ntraffic: uniform\n"
                + "load: 0.9\nsource-queue: " + limit + "\ncycles: " + CYCLES + "\nwarmup: 100\n"));
            Workload workload = cfg.workload();
            assertThat(workload.sourceQueue()).isEqualTo(limit);
            assertThat(workload.describe()).endsWith("source queues of " + limit + (limit == 1 ? " packet" : " packets"));
            int terminals = workload.terminals();
            // the reference: every draw, kept when fewer than limit are waiting, the sink taking one every 16 cycles
            Workload.Generator eager = workload.start(cfg.seed());
            List<List<long[]>> want = new ArrayList<>();
            int[] waiting = new int[terminals];
            long refusedMeasured = 0;
            for (int t = 0; t < terminals; t++) {
                want.add(new ArrayList<>());
            }
            for (long c = 0; c < CYCLES; c++) {
                for (int t = 0; t < terminals; t++) {
                    for (int n = eager.packets(t, c); n > 0; n--) {
                        int d = eager.destination(t, c);
                        if (d < 0) {
                            continue;
                        }
                        int size = eager.size(t);
                        if (waiting[t] >= limit) {
                            refusedMeasured += c >= cfg.warmup() ? 1 : 0;
                            continue;
                        }
                        waiting[t]++;
                        want.get(t).add(new long[] {d, size, c});
                    }
                }
                if (c % 16 == 0) {
                    for (int t = 0; t < terminals; t++) {
                        waiting[t] = Math.max(0, waiting[t] - 1);
                    }
                }
            }
            Packets pk = new Packets(1024, false, false);
            SourceQueues sources = new SourceQueues(terminals, 1, cfg.warmup(), pk, null, limit);
            Statistics stats = new Statistics(1, new SeriesBuilder(100, terminals, List.of(), x -> { }), null);
            sources.start(workload.start(cfg.seed()));
            Workload.Generator counting = workload.start(cfg.seed());
            List<List<long[]>> taken = new ArrayList<>();
            for (int t = 0; t < terminals; t++) {
                taken.add(new ArrayList<>());
            }
            for (long c = 0; c < CYCLES; c++) {
                sources.generate(counting, c, stats);
                for (int t = 0; t < terminals; t++) {
                    assertThat(sources.queuedPackets[t]).isLessThanOrEqualTo(limit);
                    assertThat(sources.unstored(t)).isFalse();
                }
                if (c % 16 == 0) {
                    for (int t = 0; t < terminals; t++) {
                        take(sources, pk, t, taken.get(t));
                    }
                }
            }
            for (int t = 0; t < terminals; t++) {
                while (take(sources, pk, t, taken.get(t))) {
                    // what is left
                }
                assertThat(taken.get(t)).as("terminal %d", t).hasSameSizeAs(want.get(t));
                for (int i = 0; i < want.get(t).size(); i++) {
                    assertThat(taken.get(t).get(i)).containsExactly(want.get(t).get(i));
                }
            }
            assertThat(sources.refusedMeasured).isEqualTo(refusedMeasured).isPositive();
        }
    }

    @Test
    void aSourceQueueLimitIsAPositiveNumber() {
        for (String bad : new String[] {"0", "-1", "two", "1.5"}) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> SimTestSupport.fromYaml(SimTestSupport.torusDateline(4,
                    "switching: vct\nbuffer: 16\npacket-size: 8\ntraffic: uniform\nload: 0.5\nsource-queue: " + bad + "\n")))
                .hasMessageContaining("simulation.source-queue");
        }
    }
}
