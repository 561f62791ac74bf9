package flowproof.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.cdg.ChannelDependencyGraph;
import flowproof.explore.ExplorationResult;
import flowproof.explore.Explorer;
import flowproof.explore.Limits;
import flowproof.routing.DimensionOrderRouting;
import flowproof.sim.SimResult;
import flowproof.sim.Simulator;
import flowproof.topology.GraphTopology;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import flowproof.topology.Torus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Graph topologies ({@code kind: graph}, {@code kind: anynet}) and table routing: a torus or a
 * ring written as a graph file with the DOR table behaves as the built-in one, and every
 * mistake in the files is one line.
 */
class GraphTopologyTest {

    @TempDir
    Path dir;

    private static final String SIM = """
        simulation:
          switching: vct
          buffer: 4
          packet-size: 4
          traffic: uniform
          load: 0.2
          cycles: 4000
          warmup: 500
          seed: 7
        """;

    /** The graph file of a built-in torus (router names as the torus names them), and its DOR table. */
    private void writeAsGraph(Torus t, String graph, String routes) throws IOException {
        StringBuilder g = new StringBuilder("routers: [");
        for (int v = 0; v < t.nodes(); v++) {
            g.append(v > 0 ? ", " : "").append('"').append(t.nodeName(v)).append('"');
        }
        g.append("]\nchannels:\n");
        for (int c = 0; c < t.channels(); c++) {
            g.append("  - [\"").append(t.nodeName(t.source(c))).append("\", \"").append(t.nodeName(t.target(c)))
                .append("\"]\n");
        }
        Files.writeString(dir.resolve(graph), g);
        DimensionOrderRouting dor = new DimensionOrderRouting(t);
        StringBuilder r = new StringBuilder("routes:\n");
        int[] out = new int[8];
        for (int v = 0; v < t.nodes(); v++) {
            for (int d = 0; d < t.nodes(); d++) {
                if (v != d) {
                    int k = dor.candidates(v, -1, d, out);
                    r.append("  - {at: \"").append(t.nodeName(v)).append("\", to: \"").append(t.nodeName(d))
                        .append("\", next: [");
                    for (int i = 0; i < k; i++) {
                        r.append(i > 0 ? ", " : "").append('"').append(t.nodeName(t.target(out[i]))).append('"');
                    }
                    r.append("]}\n");
                }
            }
        }
        Files.writeString(dir.resolve(routes), r);
    }

    private Spec spec(String name, String body) throws Exception {
        Path p = dir.resolve(name + ".yaml");
        Files.writeString(p, "name: " + name + "\n" + body);
        return SpecReader.read(p);
    }

    private static ExplorationResult explore(Spec s) {
        return new Explorer(s.model(), s.effectiveProperties(), Limits.defaults(), false).run();
    }

    private static Set<String> dependencies(Spec s) {
        ChannelDependencyGraph g = ChannelDependencyGraph.build(s.network(), s.routing(), s.rule(), s.pairs());
        Network n = s.network();
        Topology t = s.topology();
        Set<String> edges = new TreeSet<>();
        for (var e : g.graph().edgeSet()) {
            int a = g.graph().getEdgeSource(e);
            int b = g.graph().getEdgeTarget(e);
            edges.add(name(t, n, a) + " => " + name(t, n, b));
        }
        return edges;
    }

    private static String name(Topology t, Network n, int queue) {
        int c = n.channelOf(queue);
        return t.nodeName(t.source(c)) + ">" + t.nodeName(t.target(c)) + "/" + n.vcOf(queue);
    }

    @Test
    void bidirectionalRingAsGraphHasTheBuiltInStatesCdgAndSimulation() throws Exception {
        writeAsGraph(Torus.torus(new int[] {4}, true), "ring.yaml", "ring-dor.yaml");
        String common = "vcs: 1\ncapacity: 1\nrule: vct\n" + SIM;
        Spec builtIn = spec("builtin", "topology: {kind: ring, radix: 4, bidirectional: true}\nrouting: dor\n" + common);
        Spec graph = spec("graph", "topology: {kind: graph, file: ring.yaml}\n"
            + "routing: {kind: table, file: ring-dor.yaml}\n" + common);
        assertThat(graph.topology()).isInstanceOf(GraphTopology.class);
        assertThat(graph.routing().minimal()).isTrue();
        ExplorationResult a = explore(builtIn);
        ExplorationResult b = explore(graph);
        assertThat(a.complete()).isTrue();
        assertThat(b.states()).isEqualTo(a.states());
        assertThat(b.transitions()).isEqualTo(a.transitions());
        assertThat(b.verdict()).isEqualTo(a.verdict());
        assertThat(dependencies(graph)).isNotEmpty().isEqualTo(dependencies(builtIn));

        SimResult sa = new Simulator(SimulationReader.read(builtIn)).run(null);
        SimResult sb = new Simulator(SimulationReader.read(graph)).run(null);
        assertThat(sb.packetsDelivered()).isPositive().isEqualTo(sa.packetsDelivered());
        assertThat(sb.latency().mean()).isEqualTo(sa.latency().mean());
        assertThat(sb.accepted()).isEqualTo(sa.accepted());
    }

    @Test
    void unidirectionalRingAsGraphWithShortestPathHasTheBuiltInStates() throws Exception {
        writeAsGraph(Torus.torus(new int[] {4}, false), "uring.yaml", "unused.yaml");
        String common = "vcs: 1\ncapacity: 1\nrule: vct\n";
        ExplorationResult a = explore(spec("b", "topology: {kind: ring, radix: 4}\n" + common));
        ExplorationResult b = explore(spec("g", "topology: {kind: graph, file: uring.yaml}\nrouting: shortest-path\n"
            + common));
        assertThat(a.states()).isEqualTo(256);
        assertThat(b.states()).isEqualTo(a.states());
        assertThat(b.verdict()).isEqualTo(a.verdict());
    }

    @Test
    void torus4x4AsGraphHasTheBuiltInCdgAndSimulation() throws Exception {
        writeAsGraph(Torus.torus(new int[] {4, 4}, true), "torus.yaml", "torus-dor.yaml");
        String common = "vcs: 1\ncapacity: 1\nrule: vct\n" + SIM;
        Spec builtIn = spec("builtin", "topology: {kind: torus, radix: [4, 4], bidirectional: true}\n" + common);
        Spec graph = spec("graph", "topology: {kind: graph, file: torus.yaml}\n"
            + "routing: {kind: table, file: torus-dor.yaml}\n" + common);
        assertThat(dependencies(graph)).hasSizeGreaterThan(32).isEqualTo(dependencies(builtIn));
        SimResult sa = new Simulator(SimulationReader.read(builtIn)).run(null);
        SimResult sb = new Simulator(SimulationReader.read(graph)).run(null);
        assertThat(sb.packetsDelivered()).isPositive().isEqualTo(sa.packetsDelivered());
        assertThat(sb.latency().mean()).isEqualTo(sa.latency().mean());
    }

    @Test
    void anynetLinksAreBidirectionalAndDeclaredOnce() throws Exception {
        Files.writeString(dir.resolve("n.anynet"), """
            // comment
            router 0 node 0 router 1 router 2 3
            router 1 node 1 router 0
            router 2 node 2
            router 3 router 1
            """);
        Spec s = spec("a", "topology: {kind: anynet, file: n.anynet}\nvcs: 1\ncapacity: 1\nrule: vct\n");
        GraphTopology g = (GraphTopology) s.topology();
        assertThat(g.nodes()).isEqualTo(4);
        assertThat(g.channels()).isEqualTo(6);
        // BookSim's latencies are one-way: 0 to 2 takes 3 cycles, 2 to 0 the default 1
        assertThat(g.latency(g.channelTo(0, 2))).isEqualTo(3);
        assertThat(g.latency(g.channelTo(2, 0))).isEqualTo(1);
        assertThat(g.isEndpoint(3)).isFalse();
        assertThat(g.endpoints()).containsExactly(0, 1, 2);
        assertThat(s.routing().name()).isEqualTo("shortest-path");
        // minimal adaptive: from 2 to 1 only through 0
        assertThat(s.routing().maxCandidates()).isEqualTo(1);
    }

    private void bad(String body, String message) throws Exception {
        Path p = dir.resolve("bad.yaml");
        Files.writeString(p, "name: bad\nvcs: 1\ncapacity: 1\nrule: vct\n" + body);
        assertThatThrownBy(() -> SpecReader.read(p)).isInstanceOf(SpecException.class)
            .hasMessageContaining(message)
            .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void mistakesAreOneLine() throws Exception {
        Files.writeString(dir.resolve("line.yaml"), "routers: [a, b, c]\nlinks: [[a, b], [b, c]]\n");
        String topo = "topology: {kind: graph, file: line.yaml}\n";
        bad("topology: {kind: graph, file: nothing.yaml}\n", "topology.file: expected a file that exists");
        Files.writeString(dir.resolve("broken.yaml"), "routers: [a, b\n");
        bad("topology: {kind: graph, file: broken.yaml}\n", "broken.yaml: not valid YAML");
        Files.writeString(dir.resolve("unknown.yaml"), "routers: [a, b]\nchannels: [[a, z]]\n");
        bad("topology: {kind: graph, file: unknown.yaml}\n",
            "unknown.yaml: channels[0][1]: expected a router listed under routers, found \"z\"");
        Files.writeString(dir.resolve("x.anynet"), "router 0 node 0 router 1\nrouter 1 nod 1\n");
        bad("topology: {kind: anynet, file: x.anynet}\n", "x.anynet: line 2: expected node N or router R, found \"nod\"");
        bad(topo + "routing: {kind: table, routes: [{at: a, to: q, next: [b]}]}\n",
            "bad.yaml: routing.routes[0].to: expected a router of the topology, found \"q\"");
        bad(topo + "routing: {kind: table, routes: [{at: a, to: c, next: [c]}]}\n",
            "routing.routes[0].next[0]: expected a router with a channel from a, found \"c\"");
        bad(topo + "routing: {kind: table, routes: [{at: a, to: c, next: [b]}]}\n",
            "routing.routes: expected a route at every router a packet the traffic sends can reach (routability),"
                + " found none for b -> a at its source: no entry at b to a");
        bad(topo + "routing: {kind: table, routes: [{at: a, to: c, next: [b]}, {at: b, to: c, next: [a]},"
            + " {at: a, to: b, next: [b]}, {at: b, to: a, next: [a]}, {at: c, to: a, next: [b]},"
            + " {at: c, to: b, next: [b]}]}\n", "expected routes without loops (or a hop-limit: routes may then loop), found a loop");
        bad(topo + "routing: {kind: table, file: none.yaml}\n", "routing.file: expected a file that exists");
        bad(topo + "routing: table\n", "routing.file: expected a table");
        bad(topo + "routing: dor\n", "routing: expected one of shortest-path, table, valiant on a graph");
        // per-channel latency is simulated (ChannelLatencySimulationTest), no longer refused
        Files.writeString(dir.resolve("lat.yaml"), "routers: [a, b]\nlinks: [[a, b, 3]]\n");
        Spec lat = spec("latspec", "vcs: 1\ncapacity: 1\nrule: vct\ntopology: {kind: graph, file: lat.yaml}\n" + SIM);
        assertThat(SimulationReader.read(lat).network().topology()).isSameAs(lat.topology());
    }

    @Test
    void ringRulesAndDatelinesAreRefusedOnGraphs() throws Exception {
        Files.writeString(dir.resolve("line.yaml"), "routers: [a, b, c]\nlinks: [[a, b], [b, c]]\n");
        for (String rule : new String[] {"theoretical-bubble", "localized-bubble", "critical-bubble", "dateline"}) {
            Path p = dir.resolve("r.yaml");
            Files.writeString(p, "name: r\nvcs: 2\ncapacity: 2\nrule: " + rule
                + "\ntopology: {kind: graph, file: line.yaml}\n");
            assertThatThrownBy(() -> SpecReader.read(p)).isInstanceOf(SpecException.class)
                .hasMessageContaining("rule: expected a rule");
        }
    }
}
