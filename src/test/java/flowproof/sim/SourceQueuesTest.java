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
}
