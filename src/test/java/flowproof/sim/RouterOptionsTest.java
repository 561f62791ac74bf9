package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.quicktheories.generators.Generate;

/**
 * The router options of issue 20 (spec fields {@code vc-release}, {@code route-timing},
 * {@code injection-latency}, {@code ejection-latency}, {@code allocation}, DOR's {@code tie},
 * uniform's {@code self} and hot spot's {@code per}): each changes what it should, the
 * defaults change nothing, and bad values are one line naming the field.
 */
class RouterOptionsTest {

    private static String script(int src, int dst, int size, String extra) {
        return SimTestSupport.torusDateline(8, "switching: vct\nbuffer: 16\n"
            + "traffic: {script: [[5, " + src + ", " + dst + ", " + size + "], [300, " + dst + ", " + src + ", " + size
            + "]]}\ncycles: 1000\nwarmup: 0\n" + extra);
    }

    @Test
    void injectionAndEjectionLatencyAddExactlyTheirCyclesToEveryPacket() {
        qt().withExamples(30).forAll(Generate.range(0, 63), Generate.range(0, 63), Generate.range(0, 3),
            Generate.range(0, 3)).assuming((s, d, i, e) -> !s.equals(d)).checkAssert((s, d, inj, ej) -> {
                Map<List<Long>, Long> base = SimTestSupport.latencies(script(s, d, 4, ""));
                Map<List<Long>, Long> slow = SimTestSupport.latencies(script(s, d, 4, "injection-latency: " + inj
                    + "\nejection-latency: " + ej));
                assertThat(base).hasSize(2);
                assertThat(slow.keySet()).isEqualTo(base.keySet());
                base.forEach((k, v) -> assertThat(slow.get(k)).isEqualTo(v + inj + ej));
            });
    }

    @Test
    void oneCycleOfInjectionAndOfEjectionRaiseTheZeroLoadLatencyByTwo() {
        String lines = "switching: vct\nbuffer: 64\npacket-size: 8\ntraffic: uniform\nload: 0.01\ncycles: 6000\n"
            + "warmup: 1000\n";
        SimResult base = new Simulator(SimTestSupport.fromYaml(SimTestSupport.torusDateline(8, lines))).run(null);
        SimResult slow = new Simulator(SimTestSupport.fromYaml(SimTestSupport.torusDateline(8, lines
            + "injection-latency: 1\nejection-latency: 1\n"))).run(null);
        // the same packets (same seed, nothing else changes at this load but a few collisions)
        assertThat(slow.latency().packets()).isEqualTo(base.latency().packets());
        assertThat(slow.latency().mean() - base.latency().mean()).isBetween(1.99, 2.01);
    }

    @Test
    void frontTimingLeavesZeroLoadLatencyAndLowersSaturationOfOneFlitPackets() {
        qt().withExamples(10).forAll(Generate.range(0, 63), Generate.range(0, 63))
            .assuming((s, d) -> !s.equals(d)).checkAssert((s, d) ->
                assertThat(SimTestSupport.latencies(script(s, d, 4, "route-timing: front"))).isEqualTo(SimTestSupport.latencies(script(s, d, 4, ""))));
        String sat = "switching: vct\nbuffer: 8\npacket-size: 1\ntraffic: uniform\nload: 1.0\ncycles: 3000\n"
            + "warmup: 1000\n";
        SimResult arrival = new Simulator(SimTestSupport.fromYaml(SimTestSupport.torusDateline(8, sat))).run(null);
        SimResult front = new Simulator(SimTestSupport.fromYaml(SimTestSupport.torusDateline(8, sat
            + "route-timing: front\n"))).run(null);
        // each packet of a VC waits pipeline - 1 cycles at its front: at most one per 4 cycles per VC
        assertThat(front.accepted()).isLessThan(arrival.accepted() * 0.9);
    }

    @Test
    void tailReleaseLetsAWormholeVcTakeTheNextPacketBeforeItDrains() {
        String sim = "switching: wormhole\nbuffer: 8\npacket-size: 8\ntraffic: uniform\nload: 0.5\ncycles: 4000\n"
            + "warmup: 1000\n";
        SimConfig drained = SimTestSupport.fromYaml(SimTestSupport.torusDateline(8, sim)).withCheck(true);
        SimConfig tail = SimTestSupport.fromYaml(SimTestSupport.torusDateline(8, sim + "vc-release: tail\n"))
            .withCheck(true);
        assertThat(drained.router().vcRelease()).isEqualTo(SimConfig.VcRelease.DRAINED);
        assertThat(tail.router().vcRelease()).isEqualTo(SimConfig.VcRelease.TAIL);
        SimResult a = new Simulator(drained).run(null);
        SimResult b = new Simulator(tail).run(null);
        assertThat(a.deadlock()).isNull();
        assertThat(b.deadlock()).isNull();
        assertThat(b.drained()).isTrue();
        assertThat(b.accepted()).isGreaterThan(a.accepted() * 1.1);
    }

    @Test
    void perPortAllocationRaisesAcceptedThroughputPastSaturation() {
        String sim = "switching: vct\nbuffer: 64\npacket-size: 8\ntraffic: uniform\nload: 1.0\ncycles: 5000\n"
            + "warmup: 1500\n";
        SimResult perVc = new Simulator(SimTestSupport.fromYaml(SimTestSupport.torusDateline(8, sim))).run(null);
        SimResult perPort = new Simulator(SimTestSupport.fromYaml(SimTestSupport.torusDateline(8, sim
            + "allocation: per-port\n")).withCheck(true)).run(null);
        assertThat(perPort.accepted()).isGreaterThan(perVc.accepted() * 1.2);
    }

    @Test
    void theDefaultsAreTheOriginalRouter() {
        String sim = "switching: vct\nbuffer: 64\npacket-size: 8\ntraffic: uniform\nload: 0.4\ncycles: 3000\n"
            + "warmup: 500\n";
        SimConfig plain = SimTestSupport.fromYaml(SimTestSupport.torusDateline(8, sim));
        SimConfig spelled = SimTestSupport.fromYaml(SimTestSupport.torusDateline(8, sim + "vc-release: tail\n"
            + "route-timing: arrival\ninjection-latency: 0\nejection-latency: 0\nallocation: per-vc\n"));
        assertThat(spelled.router()).isEqualTo(plain.router());
        SimResult a = new Simulator(plain).run(null);
        SimResult b = new Simulator(spelled).run(null);
        assertThat(b.latency().mean()).isEqualTo(a.latency().mean());
        assertThat(b.accepted()).isEqualTo(a.accepted());
    }

    /** Accepted flits on the + and the - channels of the torus over a run. */
    private static double[] plusMinus(String routing) {
        String yaml = SimTestSupport.torusDateline(8, "switching: vct\nbuffer: 64\npacket-size: 8\ntraffic: uniform\n"
            + "load: 0.2\ncycles: 6000\nwarmup: 1000\n").replace("routing: dor", "routing: " + routing);
        if (routing.contains("vc-classes")) {
            yaml = yaml.replace("rule: dateline", "rule: vct");
        }
        SimResult r = new Simulator(SimTestSupport.fromYaml(yaml)).run(null);
        double[] pm = new double[2];
        for (int c = 0; c < r.utilisation().length; c++) {
            pm[r.channelNames()[c].contains("+->") ? 0 : 1] += r.utilisation()[c];
        }
        return pm;
    }

    @Test
    void dorTieDecidesTheDirectionAtHalfTheRing() {
        double[] plus = plusMinus("dor");
        double[] parity = plusMinus("{kind: dor, tie: parity}");
        double[] random = plusMinus("{kind: dor, tie: random}");
        // + carries the tie: (1+2+3+4)/(1+2+3) of the - load; balanced ties carry both alike
        assertThat(plus[0] / plus[1]).isBetween(1.55, 1.8);
        assertThat(parity[0] / parity[1]).isBetween(0.95, 1.05);
        assertThat(random[0] / random[1]).isBetween(0.95, 1.05);
        // the same random tie under VC classes (--booksim's dim_order_torus): the class wrapper keeps it oblivious,
        // not a choice by occupancy at the source
        double[] classed = plusMinus("{kind: dor, tie: random}\nvc-classes: {classes: 2, hops: [{new-ring: true, set: 0},"
            + " {channel: dateline, add: 1}]}");
        assertThat(classed[0] / classed[1]).isBetween(0.95, 1.05);
        String yaml = SimTestSupport.torusDateline(8, "switching: vct\nbuffer: 64\npacket-size: 8\ntraffic: uniform\n");
        assertThat(ChannelLoadBound.of(SimTestSupport.fromYaml(yaml)).bound()).isCloseTo(63.0 / 80, within());
        assertThat(ChannelLoadBound.of(SimTestSupport.fromYaml(yaml.replace("routing: dor",
            "routing: {kind: dor, tie: parity}"))).bound()).isCloseTo(63.0 / 64, within());
    }

    private static org.assertj.core.data.Offset<Double> within() {
        return org.assertj.core.data.Offset.offset(1e-9);
    }

    /** Per source: packets delivered, and those to itself and to terminal 0. */
    private static Map<Integer, int[]> destinations(String traffic) {
        Map<Integer, int[]> out = new HashMap<>();
        String yaml = SimTestSupport.torusDateline(4, "switching: vct\nbuffer: 64\npacket-size: 1\ntraffic: " + traffic
            + "\nload: 0.05\ncycles: 20000\nwarmup: 1000\n");
        new Simulator(SimTestSupport.fromYaml(yaml)).onDelivery((s, d, size, created, inj, done, hops) -> {
            int[] c = out.computeIfAbsent(s, k -> new int[3]);
            c[0]++;
            c[1] += s == d ? 1 : 0;
            c[2] += d == 0 ? 1 : 0;
        }).run(null);
        return out;
    }

    @Test
    void uniformWithSelfSendsSomePacketsToTheirSource() {
        Map<Integer, int[]> without = destinations("uniform");
        Map<Integer, int[]> with = destinations("{pattern: uniform, self: true}");
        assertThat(without.values().stream().mapToInt(c -> c[1]).sum()).isZero();
        int total = with.values().stream().mapToInt(c -> c[0]).sum();
        int self = with.values().stream().mapToInt(c -> c[1]).sum();
        // 1/16 of the packets on a 4x4 torus (about 1,000 in 16,000)
        assertThat(self).isBetween((int) (total / 16.0 * 0.85), (int) (total / 16.0 * 1.15));
        assertThat(SimTestSupport.workload(flowproof.topology.Torus.torus(new int[] {4, 4}, true),
            "{traffic: {pattern: uniform, self: true}}").destinationWeights(5, 1)[5]).isEqualTo(1.0 / 16);
    }

    @Test
    void hotSpotPerPacketSpreadsTheHotTrafficOverEverySource() {
        Map<Integer, int[]> perSource = destinations("{pattern: hot-spot, node: 0, fraction: 0.25}");
        Map<Integer, int[]> perPacket = destinations("{pattern: hot-spot, node: 0, fraction: 0.25, per: packet}");
        // per source: 4 of the 15 other sources send only to 0, the rest never... except by uniform draws
        long allHot = perSource.entrySet().stream().filter(e -> e.getKey() != 0 && e.getValue()[2] == e.getValue()[0])
            .count();
        assertThat(allHot).isEqualTo(4);
        // per packet: every other source sends about 0.25 + 0.75/15 = 0.3 of its packets to 0
        List<Double> shares = new ArrayList<>();
        perPacket.forEach((s, c) -> {
            if (s != 0) {
                shares.add((double) c[2] / c[0]);
            }
        });
        assertThat(shares).hasSize(15).allSatisfy(x -> assertThat(x).isBetween(0.22, 0.38));
        double w = SimTestSupport.workload(flowproof.topology.Torus.torus(new int[] {4, 4}, true),
            "{traffic: {pattern: hot-spot, node: 0, fraction: 0.25, per: packet}}").destinationWeights(3, 1)[0];
        assertThat(w).isCloseTo(0.25 + 0.75 / 15, within());
        // self: the hot spot draws itself as the others do (BookSim's hotspot pattern); without it, its background
        var torus = flowproof.topology.Torus.torus(new int[] {4, 4}, true);
        assertThat(SimTestSupport.workload(torus, "{traffic: {pattern: hot-spot, node: 0, fraction: 1.0, per: packet,"
            + " self: true}}").destinationWeights(0, 1)[0]).isEqualTo(1.0);
        assertThat(SimTestSupport.workload(torus, "{traffic: {pattern: hot-spot, node: 0, fraction: 1.0, per: packet}}")
            .destinationWeights(0, 1)[0]).isEqualTo(0.0);
        Map<Integer, int[]> all = destinations("{pattern: hot-spot, node: 0, fraction: 1.0, per: packet, self: true}");
        all.forEach((s, c) -> assertThat(c[2]).as("source %d", s).isEqualTo(c[0]));
        // several hot spots, drawn by weight: the weights, and the packets of a run near them
        double[] spots = SimTestSupport.workload(torus, "{traffic: {pattern: hot-spot, node: [0, 7], weights: [3, 1],"
            + " fraction: 0.5, per: packet}}").destinationWeights(3, 1);
        assertThat(spots[0]).isCloseTo(0.5 * 0.75 + 0.5 / 15, within());
        assertThat(spots[7]).isCloseTo(0.5 * 0.25 + 0.5 / 15, within());
        assertThat(SimTestSupport.workload(torus, "{traffic: {pattern: hot-spot, node: [0, 7], fraction: 1.0,"
            + " per: packet}}").destinationWeights(7, 1)[0]).as("a hot spot without self: its background")
            .isCloseTo(1.0 / 15, within());
        String vct = "switching: vct\nbuffer: 16\npacket-size: 8\n";
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct + "traffic: {pattern: hot-spot, node: [0, 7],"
            + " weights: [1], fraction: 1.0, per: packet}"))).startsWith("t.yaml: simulation.traffic.weights: expected a"
            + " list of 2 positive numbers");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct + "traffic: {pattern: hot-spot, node: [0, 7],"
            + " fraction: 0.5}"))).startsWith("t.yaml: simulation.traffic.node: expected one terminal with per: source");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct + "traffic: {pattern: hot-spot, node: [0, 0],"
            + " fraction: 0.5, per: packet}"))).startsWith("t.yaml: simulation.traffic.node[1]: expected a terminal not"
            + " listed before");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct + "traffic: {mix: [{terminals: \"0,7\","
            + " pattern: hot-spot, node: [0, 7], fraction: 1.0, per: packet}, {terminals: \"1-6,8-15\", pattern:"
            + " uniform}]}"))).contains("expected at least one source besides the hot spots 0, 7 (or self: true), found only"
            + " terminals 0, 7");
        // with self: true the hot spots send to the hot spots, each other and themselves, by weight
        double[] among = SimTestSupport.workload(torus, "{traffic: {mix: [{terminals: \"0,7\", pattern: hot-spot, node: [0, 7],"
            + " weights: [3, 1], fraction: 1.0, per: packet, self: true}, {terminals: \"1-6,8-15\", pattern: uniform}]}}")
            .destinationWeights(7, 1);
        assertThat(among[0]).isCloseTo(0.75, within());
        assertThat(among[7]).isCloseTo(0.25, within());
    }

    /** The input-queued schemes' engine has no VCs: it refuses the VC router's options and DOR's random tie, in one line. */
    @Test
    void theInputQueuedEngineRefusesRouterOptions(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        String base = "name: voq\ntopology: {kind: torus, radix: [4, 4], bidirectional: true}\nrouting: dor\nvcs: 1\n"
            + "rule: vct\nsimulation:\n  buffer: 8\n  packet-size: 1\n  traffic: uniform\n  load: 0.2\n"
            + "  control: voq-net\n";
        String[][] cases = {
            {base + "  allocation: per-port\n", "simulation.allocation: expected no allocation for voq-net"},
            {base + "  injection-latency: 2\n", "simulation.injection-latency: expected no injection-latency for"},
            {base + "  switch-allocator: islip\n", "simulation.switch-allocator: expected no switch-allocator for"},
            {base + "  stages: {routing: 1, vc-allocation: 1, switch-allocation: 1, traversal: 1}\n",
                "simulation.stages: expected no stages for voq-net"},
            {base.replace("routing: dor", "routing: {kind: dor, tie: random}"),
                "routing: expected one route per destination for voq-net"}};
        for (String[] c : cases) {
            java.nio.file.Path spec = dir.resolve("voq.yaml");
            java.nio.file.Files.writeString(spec, c[0]);
            java.io.StringWriter out = new java.io.StringWriter();
            java.io.StringWriter err = new java.io.StringWriter();
            int code = flowproof.cli.Main.run(new String[] {"simulate", spec.toString()},
                new java.io.PrintWriter(out, true), new java.io.PrintWriter(err, true));
            assertThat(code).isEqualTo(flowproof.cli.Main.BAD_INPUT);
            assertThat(err.toString().strip()).doesNotContain("\n").startsWith(spec + ": " + c[1]);
        }
    }

    @Test
    void badValuesAreOneLineNamingTheField() {
        String vct = "switching: vct\nbuffer: 16\npacket-size: 8\n";
        String wh = "switching: wormhole\nbuffer: 16\npacket-size: 8\n";
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct + "vc-release: drained")))
            .startsWith("t.yaml: simulation.vc-release: expected tail under virtual cut-through");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, wh + "vc-release: soon")))
            .isEqualTo("t.yaml: simulation.vc-release: expected drained or tail, found \"soon\"");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, wh + "vc-release: tail").replace("rule: dateline",
            "rule: theoretical-bubble").replace("vcs: 2", "vcs: 1")))
            .startsWith("t.yaml: simulation.vc-release: expected drained for rule");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct + "route-timing: late")))
            .isEqualTo("t.yaml: simulation.route-timing: expected arrival or front, found \"late\"");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct + "allocation: fair")))
            .isEqualTo("t.yaml: simulation.allocation: expected per-vc, per-port or transit-first, found \"fair\"");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct + "injection-latency: -1")))
            .isEqualTo("t.yaml: simulation.injection-latency: expected a non-negative whole number, found -1");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct + "deadlock-cycles: 50\ninjection-latency: 50")))
            .startsWith("t.yaml: simulation.injection-latency: expected 0 or more cycles and fewer than deadlock-cycles");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct + "ejection-latency: 1.5")))
            .startsWith("t.yaml: simulation.ejection-latency: expected a non-negative whole number");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct + "traffic: {pattern: uniform, self: 1}")))
            .startsWith("t.yaml: simulation.traffic.self: expected true or false");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct + "traffic: {pattern: hot-spot, per: flit}")))
            .startsWith("t.yaml: simulation.traffic.per: expected source or packet");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct
            + "traffic: {pattern: hot-spot, per: packet, fraction: 0.2, sources: 3}")))
            .startsWith("t.yaml: simulation.traffic.sources: expected no sources with per: packet");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct + "traffic: {pattern: hot-spot, self: true}")))
            .startsWith("t.yaml: simulation.traffic.self: expected no self with per: source");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct + "traffic: {pattern: hot-spot, per: packet}")))
            .startsWith("t.yaml: simulation.traffic.fraction: expected the probability");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct).replace("routing: dor",
            "routing: {kind: dor, tie: left}"))).isEqualTo("t.yaml: routing.tie: expected plus, parity or random,"
            + " found \"left\"");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct).replace("routing: dor",
            "routing: {kind: minimal-adaptive, tie: parity}"))).isEqualTo("t.yaml: routing.tie: expected both, plus or"
            + " minus, found \"parity\"");
    }
}
