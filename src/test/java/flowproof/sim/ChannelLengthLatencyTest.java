package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import flowproof.routing.MinimalRouting;
import flowproof.routing.RoutingFunction;
import flowproof.rule.VirtualCutThrough;
import flowproof.sim.SimConfig.Switching;
import flowproof.topology.FlattenedButterfly;
import flowproof.topology.Network;
import flowproof.traffic.ScriptedWorkload;
import flowproof.traffic.ScriptedWorkload.Packet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A flattened butterfly with {@code channel-length}: every packet, alone in the network,
 * takes the zero-load time of {@link ZeroLoadLatencyTest} plus, on each channel it crosses,
 * its length less one (the cycles a latency-L channel adds beyond {@code link-latency}).
 */
class ChannelLengthLatencyTest {

    @Test
    void everyPairTakesItsChannelsLengths() {
        int[] length = {2, 3};
        FlattenedButterfly fb = new FlattenedButterfly(4, 2, 2, length);
        Network net = new Network(fb, 1, 2);
        RoutingFunction routing = MinimalRouting.of(fb);
        int pipeline = 3;
        int link = 2;
        int size = 6;
        int terms = SimTestSupport.terminals(fb);
        List<Packet> script = new ArrayList<>();
        long[][] expected = new long[terms][terms];
        long cycle = 0;
        for (int s = 0; s < terms; s++) {
            for (int d = 0; d < terms; d++) {
                if (s == d) {
                    continue;
                }
                int a = SimTestSupport.router(fb, s);
                int b = SimTestSupport.router(fb, d);
                // minimal, lowest dimension first: at most one hop per dimension, as long as the span
                int hops = 0;
                int extra = 0;
                for (int dim = 0; dim < 2; dim++) {
                    int span = Math.abs(fb.coordinate(a, dim) - fb.coordinate(b, dim));
                    if (span > 0) {
                        hops++;
                        extra += length[dim] * span - 1;
                    }
                }
                assertThat(SimTestSupport.routeLength(routing, fb, a, b)).isEqualTo(hops);
                expected[s][d] = (long) (hops + 1) * pipeline + (long) hops * link + extra + size;
                script.add(new Packet(cycle, s, d, size));
                cycle += expected[s][d] + 2L * (link + 9) + pipeline + 4;
            }
        }
        SimConfig cfg = SimTestSupport.config(net, routing, new VirtualCutThrough(),
            new ScriptedWorkload(terms, script), Switching.VCT, 12, pipeline, link, cycle + 1, 0);
        long[] count = {0};
        int[] longer = {0};
        SimResult r = new Simulator(cfg).onDelivery((src, dst, sz, created, injected, done, h) -> {
            if (done - created != expected[src][dst]) {
                fail("packet %d->%d: latency %d, expected %d", src, dst, done - created, expected[src][dst]);
            }
            if (expected[src][dst] > (long) (h + 1) * pipeline + (long) h * link + size) {
                longer[0]++;
            }
            count[0]++;
        }).run(null);
        assertThat(r.deadlock()).isNull();
        assertThat(count[0]).isEqualTo((long) terms * (terms - 1));
        // most routes cross a channel longer than one cycle
        assertThat(longer[0]).isGreaterThan(terms * terms / 2);
    }
}
