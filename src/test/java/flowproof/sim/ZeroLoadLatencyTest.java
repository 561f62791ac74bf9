package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.routing.DimensionOrderRouting;
import flowproof.routing.RoutingFunction;
import flowproof.rule.Dateline;
import flowproof.rule.FlowControlRule;
import flowproof.rule.VirtualCutThrough;
import flowproof.sim.SimConfig.Switching;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import flowproof.topology.Torus;
import flowproof.traffic.ScriptedWorkload;
import flowproof.traffic.ScriptedWorkload.Packet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ZeroLoadLatencyTest {

    @Test
    void torusDorEveryPairMatchesHopsTimesHopDelayPlusSerialisation() {
        Torus t = Torus.torus(new int[] {4, 4}, true);
        Network net = new Network(t, 2, 2);
        check(net, new DimensionOrderRouting(t), new Dateline(), Switching.VCT, 4, 1, 8, 16);
        check(net, new DimensionOrderRouting(t), new Dateline(), Switching.WORMHOLE, 1, 3, 5, 16);
    }

    static void check(Network net, RoutingFunction routing, FlowControlRule rule, Switching sw, int pipeline, int link,
                      int size, int buffer) {
        Topology t = net.topology();
        int terms = t.endpoints().length * t.concentration();
        List<Packet> script = new ArrayList<>();
        long cycle = 0;
        for (int s = 0; s < terms; s++) {
            for (int d = 0; d < terms; d++) {
                if (s != d) {
                    script.add(new Packet(cycle, s, d, size));
                    cycle += 200;
                }
            }
        }
        ScriptedWorkload w = new ScriptedWorkload(terms, script);
        SimConfig cfg = SimTestSupport.config(net, routing, rule, w, sw, buffer, pipeline, link, cycle + 1, 0);
        List<long[]> seen = new ArrayList<>();
        SimResult r = new Simulator(cfg).onDelivery((src, dst, sz, created, injected, done, hops) -> {
            int h = routing.distance(t.endpoints()[src / t.concentration()], t.endpoints()[dst / t.concentration()]);
            assertThat(hops).as("hops %d->%d", src, dst).isEqualTo(h);
            assertThat(done - created).as("latency %d->%d", src, dst)
                .isEqualTo((long) (h + 1) * pipeline + (long) h * link + sz);
            seen.add(new long[] {src, dst});
        }).run(null);
        assertThat(seen).hasSize(script.size());
        assertThat(r.deadlock()).isNull();
        assertThat(r.packetsDelivered()).isEqualTo(script.size());
    }
}
