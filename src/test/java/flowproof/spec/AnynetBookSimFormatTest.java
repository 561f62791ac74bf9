package flowproof.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import flowproof.cli.Main;
import flowproof.sim.SimResult;
import flowproof.sim.Simulator;
import flowproof.topology.GraphTopology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * BookSim's anynet files as they are: what BookSim's reader ({@code AnyNet::readFile},
 * booksim2 src/networks/anynet.cpp) accepts is read with its meaning (links declared on one
 * side, one-way latencies, repeated declarations, node-headed lines), what it rejects is one
 * line naming the file and line. BookSim's own example file is read unchanged.
 */
class AnynetBookSimFormatTest {

    @TempDir
    Path dir;

    private GraphTopology read(String text) throws Exception {
        Files.writeString(dir.resolve("net.anynet"), text);
        Path spec = dir.resolve("s.yaml");
        Files.writeString(spec, "name: s\ntopology: {kind: anynet, file: net.anynet}\nvcs: 1\ncapacity: 1\nrule: vct\n");
        return (GraphTopology) SpecReader.read(spec).topology();
    }

    private String rejected(String text) throws IOException {
        Path file = dir.resolve("net.anynet");
        Files.writeString(file, text);
        Path spec = dir.resolve("s.yaml");
        Files.writeString(spec, "name: s\ntopology: {kind: anynet, file: net.anynet}\nvcs: 1\ncapacity: 1\nrule: vct\n");
        SpecException e = catchThrowableOfType(SpecException.class, () -> SpecReader.read(spec));
        assertThat(e).as("should reject:%n%s", text).isNotNull();
        assertThat(e.getMessage()).doesNotContain("\n").startsWith(file + ": ").contains(": expected ")
            .contains(", found ");
        return e.getMessage().substring(file.toString().length() + 2);
    }

    private static int latency(GraphTopology g, int from, int to) {
        int c = g.channelTo(from, to);
        assertThat(c).as("channel %d to %d", from, to).isNotNegative();
        return g.latency(c);
    }

    @Test
    void bookSimsExampleFileReadsUnchanged() throws Exception {
        Spec s = SpecReader.read(Path.of("specs/booksim-anynet-example-shortest-path.yaml"));
        GraphTopology g = (GraphTopology) s.topology();
        // router 1's line names no router: its links come from the lines of routers 0 and 2
        assertThat(g.nodes()).isEqualTo(3);
        assertThat(g.channels()).isEqualTo(6);
        for (int a = 0; a < 3; a++) {
            for (int b = 0; b < 3; b++) {
                if (a != b) {
                    assertThat(latency(g, a, b)).isEqualTo(1);
                }
            }
        }
        assertThat(g.concentration()).isEqualTo(3);
        assertThat(g.endpoints()).containsExactly(0, 1, 2);
        assertThat(Files.readString(Path.of("specs/networks/booksim-anynet_file")))
            .isEqualTo("router 0 node 0 node 1 node 2 router 1\nrouter 1 node 3 node 4 node 5\n"
                + "router 2 node 6 node 7 node 8 router 1 router 0\n");
        SimResult r = new Simulator(SimulationReader.read(s)).run(null);
        assertThat(r.terminals()).isEqualTo(9);
        assertThat(r.deadlock()).isNull();
        assertThat(r.drained()).isTrue();
        assertThat(r.packetsDelivered()).isPositive();
    }

    @Test
    void latenciesAreOneWayAndTheLastDeclarationCounts() throws Exception {
        // BookSim's header comment: "router 0 router 1 15 router 2": 0 to 1 takes 15, 1 to 0 one
        GraphTopology g = read("router 0 node 0 router 1 15 router 2\nrouter 1 node 1\nrouter 2 node 2\n");
        assertThat(latency(g, 0, 1)).isEqualTo(15);
        assertThat(latency(g, 1, 0)).isEqualTo(1);
        assertThat(latency(g, 0, 2)).isEqualTo(1);
        assertThat(latency(g, 2, 0)).isEqualTo(1);
        assertThat(g.channels()).isEqualTo(4);
        // the other side declared with its own latency, before or after
        g = read("router 1 node 1 router 0 4\nrouter 0 node 0 router 1 15\n");
        assertThat(latency(g, 0, 1)).isEqualTo(15);
        assertThat(latency(g, 1, 0)).isEqualTo(4);
        g = read("router 0 node 0 router 1 15\nrouter 1 node 1 router 0 4\n");
        assertThat(latency(g, 0, 1)).isEqualTo(15);
        assertThat(latency(g, 1, 0)).isEqualTo(4);
        // declared again: again 1 without a latency; several latencies: the last
        g = read("router 0 node 0 router 1 7\nrouter 1 node 1\nrouter 0 router 1\n");
        assertThat(latency(g, 0, 1)).isEqualTo(1);
        g = read("router 0 node 0 router 1 3 5\nrouter 1 node 1\n");
        assertThat(latency(g, 0, 1)).isEqualTo(5);
    }

    @Test
    void whatElseBookSimAccepts() throws Exception {
        // node-headed lines, repeated nodes, a node latency (read, not modelled), a router
        // declared alone, blank and space-only lines, spaces anywhere, a line without a final
        // newline (a self-link, which BookSim builds and never routes on, is refused: below)
        GraphTopology g = read("router 0 node 0 node 0 5 router 1\n\n   \nnode 1 router 1\n  router   2  \n"
            + "router 1 router 2\nnode 2 router 2");
        assertThat(g.nodes()).isEqualTo(3);
        assertThat(g.channels()).isEqualTo(4);
        assertThat(g.channelTo(1, 1)).isNegative();
        assertThat(g.endpoints()).containsExactly(0, 1, 2);
        assertThat(g.concentration()).isEqualTo(1);
        // beyond BookSim: comments, tabs and CRLF line ends
        g = read("// two routers\r\nrouter 0\tnode 0 router 1 # to the other\r\nrouter 1 node 1\r\n");
        assertThat(g.channels()).isEqualTo(2);
        // routers without nodes forward only
        g = read("router 0 node 0 router 1\nrouter 1 router 2\nrouter 2 node 1\n");
        assertThat(g.endpoints()).containsExactly(0, 2);
    }

    @Test
    void aSelfLinkIsRefusedNotDroppedSilently() throws IOException {
        // issue 45: BookSim builds the channel and never routes on it; flowproof dropped it without a word
        assertThat(rejected("router 0 node 0 router 1\nrouter 1 node 1 router 1\n"))
            .isEqualTo("line 2: expected a link between two different routers (BookSim builds a channel from a router to"
                + " itself and never routes on it: remove it), found router 1 linked to itself");
    }

    @Test
    void whatBookSimRejectsIsOneLine() throws IOException {
        assertThat(rejected("router 0 node 0 router 1\nRouter 1 node 1\n"))
            .isEqualTo("line 2: expected router R or node N at the start of the line, found \"Router\"");
        assertThat(rejected("router 0 5 node 0\n")).isEqualTo("line 1: expected node N or router R, found \"5\"");
        assertThat(rejected("router 0 node 0 link 1\n"))
            .isEqualTo("line 1: expected node N or router R or a latency of at least 1 cycle, found \"link\"");
        assertThat(rejected("router 0 node 0 router 1\nnode 1 node 2\n"))
            .isEqualTo("line 2: expected a node linked to a router, found node 1 node 2");
        assertThat(rejected("router 0 node 0 router 1\nrouter 1 node 0\n"))
            .isEqualTo("line 2: expected each node at one router, found node 0 at router 1, and at router 0 on line 1");
        assertThat(rejected("router 0 node 0 router 2\nrouter 2 node 1\n"))
            .isEqualTo("(document): expected routers numbered 0 to 1 (BookSim indexes routers by number), found no router"
                + " 1, but router 2");
        assertThat(rejected("router 0 node 0 router 1\nrouter 1 node 2\n"))
            .isEqualTo("(document): expected nodes numbered 0 to 1 (BookSim's traffic manager numbers them so), found no"
                + " node 1, but node 2 on line 2");
    }

    @Test
    void whereFlowproofIsStricterOrNarrowerItSaysSoInOneLine() throws IOException {
        assertThat(rejected("router 0 node 0 router\n")).isEqualTo("line 1: expected a router number after router,"
            + " found the end of the line");
        assertThat(rejected("router x node 0\n")).isEqualTo("line 1: expected a router number (0 or more), found \"x\"");
        assertThat(rejected("router 0 node 0 router 1 0\nrouter 1 node 1\n"))
            .isEqualTo("line 1: expected a latency of at least 1 cycle, found \"0\"");
        assertThat(rejected("router 0 node 0 router 1 -2\nrouter 1 node 1\n"))
            .isEqualTo("line 1: expected a latency of at least 1 cycle, found \"-2\"");
        assertThat(rejected("router 0 node 0 node 1\n")).startsWith("(document): expected at least one router-router"
            + " link");
        assertThat(rejected("router 0 node 0 node 1 router 1\nrouter 1 node 2\n"))
            .startsWith("router 1: expected the same number of nodes at every router that has nodes (2, as at router 0");
        assertThat(rejected("// nothing\n\n")).isEqualTo("(document): expected lines of the form router R node N router"
            + " R2, found no router");
    }

    @Test
    void theCommandLineExitsTwoWithTheLine() throws Exception {
        Files.writeString(dir.resolve("net.anynet"), "router 0 node 0 router 1\nrouter 1 nod 1\n");
        Path spec = dir.resolve("s.yaml");
        Files.writeString(spec, "name: s\ntopology: {kind: anynet, file: net.anynet}\nvcs: 1\ncapacity: 1\nrule: vct\n");
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        int code = Main.run(new String[] {"check", spec.toString(), "--no-save"}, new java.io.PrintWriter(out, true),
            new java.io.PrintWriter(err, true));
        assertThat(code).isEqualTo(Main.BAD_INPUT);
        assertThat(err.toString().strip())
            .isEqualTo(dir.resolve("net.anynet") + ": line 2: expected node N or router R, found \"nod\"");
    }
}
