package flowproof.sim.queues;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.routing.RoutingFunction;
import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import flowproof.topology.Topology;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * RECN-IQ (FBICM's baseline, seed 002, section 2): a set-aside queue's CAM line holds exactly
 * the destinations whose route from its port crosses the line's congested point, and the
 * scheme separates the hot spot's congested flows where a single queue collapses.
 */
class RecnTest {

    private static final InputQueueing RECN = new InputQueueing(InputQueueing.Organisation.RECN_IQ, 1024, 8, 5, 8, 4);

    /** Uniform traffic at full load with low thresholds: many congested points, SAQs allocated and freed all the time. */
    private static final String UNIFORM = "switching: vct\narbiter: oldest-first\nbuffer: 1024\npacket-size: 8\n"
        + "pipeline: 4\nlink-latency: 1\ntraffic: uniform\nload: 1.0\ncycles: 3000\nwarmup: 500\n"
        + "control: {kind: recn-iq, saqs: 2, detection: 2, stop: 2, go: 1}\n";

    /** Whether the route of a packet for terminal d on channel c, walked with the routing function, leaves a switch by root. */
    private static boolean crosses(Topology topo, RoutingFunction routing, int c, int d, int root) {
        int[] out = new int[Math.max(1, routing.maxCandidates())];
        int host = topo.endpoints()[d];
        for (int v = topo.target(c), in = c; v != host; ) {
            assertThat(routing.candidates(v, in, host, out)).isEqualTo(1);
            if (out[0] == root) {
                return true;
            }
            in = out[0];
            v = topo.target(in);
        }
        return false;
    }

    @Test
    void aSaqLineHoldsExactlyTheDestinationsWhoseRouteCrossesItsCongestedPoint() {
        SimConfig cfg = QueueSpecs.parse(QueueSpecs.bmin(4, 3, UNIFORM));
        Topology topo = cfg.network().topology();
        int terminals = topo.endpoints().length;
        long[] checked = new long[2];
        QueueEngine engine = new QueueEngine(cfg, new InputQueueing(InputQueueing.Organisation.RECN_IQ, 1024, 2, 2, 2, 1));
        engine.observe(v -> {
            if (v.now() % 50 != 0) {
                return;
            }
            for (int p : v.ports()) {
                for (int i = 0; i < v.lines(); i++) {
                    if (!v.lineActive(p, i)) {
                        continue;
                    }
                    int held = 0;
                    for (int d = 0; d < terminals; d++) {
                        boolean expected = crosses(topo, cfg.routing(), p, d, v.lineRoot(p, i));
                        assertThat(v.lineHolds(p, i, d)).as("line %d of %s, destination %d", i, v.portName(p), d)
                            .isEqualTo(expected);
                        held += expected ? 1 : 0;
                    }
                    checked[0]++;
                    checked[1] = Math.max(checked[1], held);
                }
            }
        });
        SimResult r = engine.run(null);
        assertThat(r.drained()).isTrue();
        assertThat(checked[0]).as("active lines checked").isPositive();
        // a congested point one hop ahead is crossed by the packets of several destinations at once
        assertThat(checked[1]).as("most destinations held by one line").isGreaterThan(1);
    }

    @Test
    void recnSeparatesTheHotSpotWhereASingleQueueCollapses() {
        SimConfig cfg = QueueSpecs.hotspot("recn-iq").withCheck(true);
        SimResult r = new QueueEngine(cfg, RECN).run(null);
        assertThat(r.drained()).isTrue();
        assertThat(r.network()).contains("standard queue + 8 SAQs");
        assertThat(r.controlSeries().names()).containsExactly("active SAQs", "stopped CAM lines");
        assertThat(Arrays.stream(r.controlSeries().values()[0]).max().orElse(0)).as("active SAQs").isPositive();
        assertThat(r.stopsDropped()).isZero();
        // a single queue per port accepts 0.23 flits/host/cycle on this spec during the hot spot (docs/results/fbicm.md)
        assertThat(r.accepted()).isGreaterThan(0.5);
    }
}
