package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import flowproof.ConfigurationException;
import flowproof.routing.DestinationTagRouting;
import flowproof.routing.DimensionOrderRouting;
import flowproof.routing.MinimalRouting;
import flowproof.routing.RoutingFunction;
import flowproof.routing.TurnaroundRouting;
import flowproof.rule.Dateline;
import flowproof.rule.FlowControlRule;
import flowproof.rule.VcPerHop;
import flowproof.rule.VirtualCutThrough;
import flowproof.sim.SimConfig.Switching;
import flowproof.topology.Bmin;
import flowproof.topology.Butterfly;
import flowproof.topology.Dragonfly;
import flowproof.topology.FlattenedButterfly;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import flowproof.topology.Torus;
import flowproof.traffic.ScriptedWorkload;
import flowproof.traffic.ScriptedWorkload.Packet;
import flowproof.traffic.Workload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Zero-load latency, to the cycle, for every traffic pattern on every topology: packets
 * are scripted one at a time (the network is empty when each is created), their (source,
 * destination) pairs are those the pattern gives a positive probability, and each must
 * arrive after {@code (H+1)*pipeline + H*linkLatency + S} cycles over exactly the H hops
 * of the routing function's route (see the class comment of {@link Simulator}).
 */
class ZeroLoadLatencyTest {

    /** Every pattern name the workload reader accepts (aliases included); checked against its error message. */
    static final List<String> PATTERNS = List.of("uniform", "transpose", "bit-complement", "bit-reverse", "shuffle",
        "bit-rotation", "tornado", "neighbor", "neighbor-all", "adversarial", "random-permutation", "random-pair",
        "hot-spot");

    private static final Set<String> BIT_PATTERNS = Set.of("bit-complement", "bit-reverse", "shuffle", "bit-rotation");
    private static final long SEED = 7;

    /** A topology with its routing function and a rule under which one packet at a time always moves. */
    record Net(String name, Network net, RoutingFunction routing, FlowControlRule rule, Set<String> notApplicable) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** Router timing and packet and buffer sizes. */
    record Timing(Switching sw, int pipeline, int link, int size, int buffer) {
        @Override
        public String toString() {
            return sw.key() + " P=" + pipeline + " L=" + link + " S=" + size + " B=" + buffer;
        }
    }

    static List<Net> networks() {
        Torus ring = Torus.torus(new int[] {16}, false);
        Torus mesh = Torus.mesh(new int[] {4, 4});
        Torus uni = Torus.torus(new int[] {4, 4}, false);
        Torus bi = Torus.torus(new int[] {4, 4}, true);
        Butterfly fly = new Butterfly(2, 4);
        Bmin bmin = new Bmin(2, 4);
        FlattenedButterfly fb1 = new FlattenedButterfly(8, 1, 2);
        FlattenedButterfly fb2 = new FlattenedButterfly(4, 2, 2);
        Dragonfly df = new Dragonfly(2, 1, 2);
        Set<String> none = Set.of();
        Set<String> notPowerOfTwo = Set.of("transpose", "bit-complement", "bit-reverse", "shuffle", "bit-rotation");
        return List.of(
            new Net("ring 16 (unidirectional), DOR, dateline", new Network(ring, 2, 2), new DimensionOrderRouting(ring),
                new Dateline(), none),
            new Net("mesh 4x4, DOR, VCT", new Network(mesh, 1, 2), new DimensionOrderRouting(mesh),
                new VirtualCutThrough(), none),
            new Net("unidirectional torus 4x4, DOR, dateline", new Network(uni, 2, 2), new DimensionOrderRouting(uni),
                new Dateline(), none),
            new Net("bidirectional torus 4x4, DOR, dateline", new Network(bi, 2, 2), new DimensionOrderRouting(bi),
                new Dateline(), none),
            new Net("2-ary 4-fly, destination-tag, VCT", new Network(fly, 1, 2), new DestinationTagRouting(fly),
                new VirtualCutThrough(), none),
            new Net("BMIN 2x4 (16 terminals), turnaround, VCT", new Network(bmin, 1, 2), new TurnaroundRouting(bmin),
                new VirtualCutThrough(), none),
            new Net("1-D flattened butterfly k=8 c=2, minimal, VCT", new Network(fb1, 1, 2), MinimalRouting.of(fb1),
                new VirtualCutThrough(), none),
            // 32 terminals: an odd power of two, so transpose has no index-bit form
            new Net("2-D flattened butterfly 4x4 c=2, minimal, VCT", new Network(fb2, 1, 2), MinimalRouting.of(fb2),
                new VirtualCutThrough(), Set.of("transpose")),
            // 12 terminals: no bit pattern applies
            new Net("dragonfly a=2 h=1 p=2, minimal, vc-per-hop", new Network(df, 3, 2), MinimalRouting.of(df),
                new VcPerHop(), notPowerOfTwo));
    }

    static List<Timing> timings() {
        return List.of(
            new Timing(Switching.VCT, 3, 2, 6, 12),
            new Timing(Switching.VCT, 1, 1, 1, 1),
            // wormhole packets longer than a buffer span several routers; the buffer still covers
            // the credit round trip (link + pipeline + credit latency), so they stream at full rate
            new Timing(Switching.WORMHOLE, 2, 1, 9, 5),
            new Timing(Switching.WORMHOLE, 4, 3, 3, 12));
    }

    static Stream<Arguments> cases() {
        List<Arguments> list = new ArrayList<>();
        for (Net n : networks()) {
            for (Timing t : timings()) {
                list.add(Arguments.of(n, t));
            }
        }
        return list.stream();
    }

    @Test
    void torusDorEveryPairMatchesHopsTimesHopDelayPlusSerialisation() {
        Torus t = Torus.torus(new int[] {4, 4}, true);
        Network net = new Network(t, 2, 2);
        List<int[]> all = new ArrayList<>();
        for (int s = 0; s < 16; s++) {
            for (int d = 0; d < 16; d++) {
                if (s != d) {
                    all.add(new int[] {s, d});
                }
            }
        }
        check(net, new DimensionOrderRouting(t), new Dateline(), new Timing(Switching.VCT, 4, 1, 8, 16), all);
        check(net, new DimensionOrderRouting(t), new Dateline(), new Timing(Switching.WORMHOLE, 1, 3, 5, 16), all);
    }

    @Test
    void patternListIsEveryNameTheWorkloadReaderAccepts() {
        Torus t = Torus.torus(new int[] {4, 4}, true);
        String expected = null;
        try {
            SimTestSupport.workload(t, "{traffic: no-such-pattern}");
        } catch (ConfigurationException e) {
            assertThat(e.field()).isEqualTo("simulation.traffic");
            expected = e.expected();
        }
        assertThat(expected).as("an unknown pattern is refused").isNotNull();
        // "one of uniform, transpose, ..., random-permutation (or random-pair), hot-spot"
        String list = expected.substring(expected.indexOf("one of ") + "one of ".length());
        int mapping = list.indexOf(" or a mapping");
        if (mapping >= 0) {
            list = list.substring(0, mapping).replaceAll(",$", "");
        }
        List<String> names = new ArrayList<>();
        for (String part : list.split(", ")) {
            for (String name : part.replace("(or ", "").replace(")", "").split(" ")) {
                names.add(name.trim());
            }
        }
        assertThat(names).containsExactlyInAnyOrderElementsOf(PATTERNS);
        for (String p : PATTERNS) {
            assertThat(SimTestSupport.workload(t, "{traffic: " + traffic(p) + "}").terminals()).isEqualTo(16);
        }
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("cases")
    void everyPatternMatchesTheZeroLoadFormula(Net n, Timing timing) {
        Topology topo = n.net().topology();
        int terms = SimTestSupport.terminals(topo);
        List<String> run = new ArrayList<>();
        for (String p : PATTERNS) {
            Workload w;
            try {
                w = SimTestSupport.workload(topo, "{traffic: " + traffic(p) + ", packet-size: " + timing.size() + "}");
            } catch (ConfigurationException e) {
                assertThat(n.notApplicable()).as("pattern %s refused: %s", p, e.getMessage()).contains(p);
                assertThat(e.field()).startsWith("simulation.traffic");
                continue;
            }
            assertThat(n.notApplicable()).as("pattern %s accepted", p).doesNotContain(p);
            List<int[]> pairs = new ArrayList<>();
            for (int s = 0; s < terms; s++) {
                double[] weights = w.destinationWeights(s, SEED);
                assertThat(weights).hasSize(terms);
                assertThat(weights[s]).as("%s: %d sends to itself", p, s).isZero();
                for (int d = 0; d < terms; d++) {
                    if (weights[d] > 0) {
                        pairs.add(new int[] {s, d});
                    }
                }
            }
            assertThat(pairs).as("pairs of %s", p).isNotEmpty();
            if (p.equals("uniform")) {
                assertThat(pairs).hasSize(terms * (terms - 1));
            }
            check(n.net(), n.routing(), n.rule(), timing, pairs);
            run.add(p);
        }
        assertThat(run.size() + n.notApplicable().size()).isEqualTo(PATTERNS.size());
    }

    private static String traffic(String pattern) {
        return pattern.equals("hot-spot") ? "{pattern: hot-spot, node: 3, fraction: 0.5}" : pattern;
    }

    /** Scripts the pairs one packet at a time and checks every latency and hop count. */
    static void check(Network net, RoutingFunction routing, FlowControlRule rule, Timing tm, List<int[]> pairs) {
        Topology t = net.topology();
        int terms = SimTestSupport.terminals(t);
        List<Packet> script = new ArrayList<>();
        long cycle = 0;
        int[][] hops = new int[terms][terms];
        for (int[] pair : pairs) {
            int src = SimTestSupport.router(t, pair[0]);
            int dst = SimTestSupport.router(t, pair[1]);
            int h = src == dst ? 0 : SimTestSupport.routeLength(routing, t, src, dst);
            assertThat(routing.distance(src, dst)).as("distance %d->%d", src, dst).isEqualTo(h);
            hops[pair[0]][pair[1]] = h;
            script.add(new Packet(cycle, pair[0], pair[1], tm.size()));
            // the packet is delivered, and every credit it used is back, long before the next one
            cycle += expected(h, tm) + 2L * tm.link() + tm.pipeline() + 4;
        }
        ScriptedWorkload w = new ScriptedWorkload(terms, script);
        SimConfig cfg = SimTestSupport.config(net, routing, rule, w, tm.sw(), tm.buffer(), tm.pipeline(), tm.link(),
            cycle + 1, 0);
        int[][] seen = new int[terms][terms];
        long[] count = {0};
        SimResult r = new Simulator(cfg).onDelivery((src, dst, sz, created, injected, done, h) -> {
            if (hops[src][dst] != h || done - created != expected(h, tm) || injected != created) {
                fail("%s, %s: packet %d->%d created at %d: %d hops (route: %d), latency %d (expected %d), injected at %d",
                    t.describe(), tm, src, dst, created, h, hops[src][dst], done - created, expected(hops[src][dst], tm),
                    injected);
            }
            seen[src][dst]++;
            count[0]++;
        }).run(null);
        assertThat(count[0]).isEqualTo(pairs.size());
        for (int[] pair : pairs) {
            assertThat(seen[pair[0]][pair[1]]).as("deliveries %d->%d", pair[0], pair[1]).isEqualTo(1);
        }
        assertThat(r.deadlock()).isNull();
        assertThat(r.packetsCreated()).isEqualTo(pairs.size());
        assertThat(r.packetsDelivered()).isEqualTo(pairs.size());
        assertThat(r.completion()).isPositive();
    }

    static long expected(int hops, Timing tm) {
        return (long) (hops + 1) * tm.pipeline() + (long) hops * tm.link() + tm.size();
    }

    @Test
    void theTimingsCoverWormholePacketsLongerThanABuffer() {
        assertThat(timings()).anyMatch(t -> t.sw() == Switching.WORMHOLE && t.size() > t.buffer());
        assertThat(Arrays.stream(Switching.values())).allMatch(s -> timings().stream().anyMatch(t -> t.sw() == s));
    }
}
