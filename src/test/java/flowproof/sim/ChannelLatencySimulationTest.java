package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import flowproof.spec.SimulationReader;
import flowproof.spec.Spec;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import flowproof.spec.Yaml;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Per-channel latency of graph topologies in the VC router simulator: a channel with
 * {@code latency: L} takes {@code link-latency + L - 1} cycles to cross and its credits
 * {@code credit-latency + L - 1} to come back. Zero-load latency grows by exactly the added
 * cycles on the channels a packet crosses, credits follow the latency, and a graph whose
 * channels all have latency 1 runs exactly as before per-channel latency existed.
 */
class ChannelLatencySimulationTest {

    private static Spec spec(String graph, String simulation) throws Exception {
        String text = "name: t\ntopology: {kind: graph, graph: " + graph + "}\nrouting: shortest-path\nvcs: 1\n"
            + "rule: vct\nsimulation:\n" + simulation;
        return SpecReader.fromTree("specs/t.yaml", "", Yaml.read(text));
    }

    private static SimResult run(Spec spec) throws Exception {
        return new Simulator(SimulationReader.read(spec).withCheck(true)).run(null);
    }

    /** Five 4-flit packets, far apart, from terminal {@code src} to terminal {@code dst}. */
    private static String script(int src, int dst) {
        StringBuilder b = new StringBuilder("  traffic:\n    script: [");
        for (int i = 0; i < 5; i++) {
            b.append(i == 0 ? "" : ", ").append('[').append(100 + 200 * i).append(", ").append(src).append(", ")
                .append(dst).append(", 4]");
        }
        return b.append("]\n  switching: vct\n  buffer: 4\n  pipeline: 1\n  cycles: 2000\n  warmup: 0\n").toString();
    }

    private static SimResult.Latency zeroLoad(String graph, int src, int dst) throws Exception {
        SimResult r = run(spec(graph, script(src, dst)));
        assertThat(r.deadlock()).isNull();
        assertThat(r.packetsDelivered()).isEqualTo(5);
        SimResult.Latency l = r.latency();
        assertThat(l.packets()).isEqualTo(5);
        assertThat(l.max()).as("zero load: every packet alike").isEqualTo(l.p50());
        return l;
    }

    @Test
    void twoRoutersZeroLoadLatencyGrowsByTheAddedLatencyOnlyOnThatChannel() throws Exception {
        String plain = "{routers: [a, b], channels: [[a, b], [b, a]]}";
        String slow = "{routers: [a, b], channels: [[a, b, 6], [b, a]]}";
        // (H+1)*pipeline + H*link + S with H = 1, pipeline 1, link 1, S = 4
        assertThat(zeroLoad(plain, 0, 1).max()).isEqualTo(2 + 1 + 4);
        assertThat(zeroLoad(slow, 0, 1).max()).isEqualTo(2 + 6 + 4);
        assertThat(zeroLoad(slow, 1, 0).max()).as("the other direction keeps latency 1").isEqualTo(2 + 1 + 4);
    }

    @Test
    void onARingOnlyTheRouteThroughTheSlowChannelGrows() throws Exception {
        String ring = "{routers: [a, b, c, d], channels: [[a, b, %d], [b, c], [c, d], [d, a]]}";
        int base = zeroLoad(String.format(ring, 1), 0, 2).max();
        assertThat(base).isEqualTo(3 + 2 + 4);
        assertThat(zeroLoad(String.format(ring, 3), 0, 2).max()).isEqualTo(base + 2);
        assertThat(zeroLoad(String.format(ring, 3), 1, 3).max()).as("b to d does not cross a-b").isEqualTo(base);
        assertThat(zeroLoad(String.format(ring, 3), 3, 1).max()).as("d to b crosses it").isEqualTo(base + 2);
    }

    @Test
    void creditsComeBackOverTheSameLatency() throws Exception {
        // one flow per direction at full load, one-flit packets, 4 flits of buffer: a link of
        // 20 cycles each way leaves 4 credits per round trip of more than 40 cycles
        String sim = "  switching: vct\n  buffer: %d\n  packet-size: 1\n  pipeline: 1\n  traffic: uniform\n  load: 1.0\n"
            + "  cycles: 6000\n  warmup: 1000\n";
        String graph = "{routers: [a, b], links: [[a, b, 20]]}";
        SimResult small = run(spec(graph, String.format(sim, 4)));
        assertThat(small.accepted()).isLessThan(4.0 / 40);
        assertThat(small.accepted()).isGreaterThan(4.0 / 50);
        SimResult large = run(spec(graph, String.format(sim, 64)));
        assertThat(large.accepted()).as("a buffer covering the round trip").isGreaterThan(0.95);
        assertThat(large.drained()).isTrue();
    }

    /** Measured with the simulator as it was before per-channel latency (commit 67bfe96). */
    @Test
    void aGraphWithLatenciesOfOneRunsExactlyAsBefore() throws Exception {
        String sim = "  switching: vct\n  buffer: 8\n  packet-size: 4\n  pipeline: 2\n  link-latency: 3\n"
            + "  traffic: uniform\n  load: 0.4\n  cycles: 20000\n  warmup: 2000\n";
        for (String graph : new String[] {"{routers: [a, b, c, d], links: [[a, b], [b, c], [c, d], [d, a]]}",
            "{routers: [a, b, c, d], links: [[a, b, 1], [b, c, 1], [c, d, 1], [d, a, 1]]}"}) {
            String text = "name: t\ntopology: {kind: graph, graph: " + graph + "}\nrouting: shortest-path\nvcs: 2\n"
                + "capacity: 1\nrule: vc-per-hop\nsimulation:\n" + sim;
            SimResult r = new Simulator(SimulationReader.read(SpecReader.fromTree("specs/t.yaml", "", Yaml.read(text))))
                .run(null);
            assertThat(r.packetsDelivered()).isEqualTo(8140);
            assertThat(r.accepted()).isEqualTo(0.407);
            assertThat(r.latency().packets()).isEqualTo(7322);
            assertThat(r.latency().mean()).isEqualTo(16.10434307566239);
            assertThat(r.latency().p99()).isEqualTo(31);
            assertThat(r.latency().max()).isEqualTo(55);
        }
    }

    /** The input-queued engine has one link latency: it refuses such a graph in one line, exit 2 (it was exit 70). */
    @Test
    void theInputQueuedEngineRefusesPerChannelLatencyInOneLine(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path spec = dir.resolve("voq.yaml");
        Files.writeString(spec, "name: voq\ntopology: {kind: graph, graph: {routers: [a, b, c], links: [[a, b, 3], [b, c],"
            + " [c, a]]}}\nrouting: shortest-path\nvcs: 1\nrule: vct\nsimulation:\n  buffer: 4\n  packet-size: 1\n"
            + "  traffic: uniform\n  load: 0.2\n  control: voq-net\n");
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        int code = flowproof.cli.Main.run(new String[] {"simulate", spec.toString()}, new java.io.PrintWriter(out, true),
            new java.io.PrintWriter(err, true));
        assertThat(code).isEqualTo(flowproof.cli.Main.BAD_INPUT);
        assertThat(err.toString().strip()).doesNotContain("\n").isEqualTo(spec + ": topology: expected channels without"
            + " a latency of their own for voq-net (this engine has one link latency, simulation.link-latency; the VC"
            + " router simulator models per-channel latency), found channel a->b of latency 3");
    }

    @Test
    void aLinkLongerThanTheDeadlockWindowIsRefused() throws Exception {
        SpecException e = catchThrowableOfType(SpecException.class, () -> spec("{routers: [a, b], links: [[a, b, 2500]]}",
            "  buffer: 4\n  packet-size: 1\n  traffic: uniform\n  load: 0.1\n"));
        assertThat(e).isNotNull();
        assertThat(e.getMessage()).doesNotContain("\n").startsWith("specs/t.yaml: simulation.deadlock-cycles: expected "
            + "more cycles than the longest link or credit latency (2500 cycles, on channel ").endsWith("found 2000");
        assertThat(spec("{routers: [a, b], links: [[a, b, 2500]]}",
            "  buffer: 4\n  packet-size: 1\n  traffic: uniform\n  load: 0.1\n  deadlock-cycles: 5000\n")).isNotNull();
    }
}
