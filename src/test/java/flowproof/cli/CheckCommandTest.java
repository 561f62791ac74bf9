package flowproof.cli;

import static flowproof.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code check} (CDG first, then the explorer), {@code cdg} and {@code verify} through {@code check}. */
class CheckCommandTest {

    @TempDir
    Path dir;



    private Path spec(String name, String body) throws IOException {
        Path p = dir.resolve(name + ".yaml");
        Files.writeString(p, "name: " + name + "\n" + body);
        return p;
    }

    private Path datelineRing() throws IOException {
        return spec("dl", "topology: {kind: ring, radix: [4]}\nvcs: 2\ncapacity: 1\nrule: dateline\nexpect: deadlock-free\n");
    }

    private Path vctRing() throws IOException {
        return spec("vct", "topology: {kind: ring, radix: [4]}\ncapacity: 1\nrule: vct\nexpect: counterexample\n");
    }

    private static JsonNode json(String line) throws IOException {
        return new ObjectMapper().readTree(line);
    }

    /**
     * Issue 46: the largest torus a spec may have (16,384 nodes, 16x16x16x4) has more (queue,
     * header) pairs than the dependency graph indexes; check and cdg answer incomplete in one
     * line instead of an internal error after half a minute and 8 GB.
     */
    @Test
    void aGraphBeyondItsIndexIsIncompleteInOneLine() throws IOException {
        Path big = spec("big", "topology: {kind: torus, radix: [16, 16, 16, 4], bidirectional: true}\nvcs: 2\n"
            + "capacity: 1\nrule: dateline\n");
        CliRun c = run("check", big.toString(), "--no-save");
        assertThat(c.code()).as(c.err()).isEqualTo(3);
        assertThat(c.err()).doesNotContain("internal error").doesNotContain("Exception");
        assertThat(c.out()).contains("incomplete (partial search, stopped by the graph-size limit)")
            .contains("not built: 4,294,967,296 (queue, header) pairs (262,144 queues x 16,384 headers)");
        CliRun g = run("cdg", big.toString());
        assertThat(g.code()).isEqualTo(3);
        assertThat(g.err().strip()).doesNotContain("\n").endsWith("more than its 2,147,483,647")
            .contains("incomplete: the dependency graph would index 4,294,967,296");
    }

    @Test
    void anAcyclicGraphProvesTheSpecWithoutEnumerating() throws IOException {
        CliRun r = run("check", datelineRing().toString(), "--json", "--no-save");
        assertThat(r.code()).isZero();
        JsonNode o = json(r.out());
        assertThat(o.get("verdict").asText()).isEqualTo("proved");
        assertThat(o.get("method").asText()).isEqualTo("cdg");
        assertThat(o.get("states").isNull()).isTrue();
        assertThat(o.get("cycle").isNull()).isTrue();
        assertThat(o.get("cdg").get("acyclic").asBoolean()).isTrue();
        assertThat(o.get("matches").asBoolean()).isTrue();
        assertThat(o.get("properties").get("drainability").asText()).isEqualTo("holds");
    }

    @Test
    void aCyclicGraphSendsTheSpecToTheExplorerAndNamesTheCycle() throws IOException {
        CliRun r = run("check", vctRing().toString(), "--json", "--no-save");
        assertThat(r.code()).isEqualTo(Main.VIOLATION);
        JsonNode o = json(r.out());
        assertThat(o.get("verdict").asText()).isEqualTo("counterexample");
        assertThat(o.get("method").asText()).isEqualTo("exhaustive");
        assertThat(o.get("states").asLong()).isEqualTo(256);
        assertThat(o.get("cycle")).hasSize(4);
        assertThat(o.get("cycle").get(0).asText()).isEqualTo("0-d0+->1 vc0");
    }

    @Test
    void invariantsTheGraphCannotProveGoToTheExplorerEvenWhenItIsAcyclic() throws IOException {
        Path p = spec("mesh-bubble", "topology: {kind: mesh, radix: [3], bidirectional: true}\ncapacity: 2\n"
            + "rule: theoretical-bubble\nexpect: deadlock-free\n");
        CliRun r = run("check", p.toString(), "--json", "--no-save");
        assertThat(r.code()).isZero();
        JsonNode o = json(r.out());
        assertThat(o.get("cdg").get("acyclic").asBoolean()).isTrue();
        assertThat(o.get("method").asText()).isEqualTo("exhaustive");
        assertThat(o.get("verdict").asText()).isEqualTo("deadlock-free");
        assertThat(o.get("properties").get("bubble-invariant").asText()).isEqualTo("holds");
    }

    /**
     * CBS on a mesh whose dimension-1 lines have radix 2: the graph is acyclic, yet a packet
     * turning into a line's only queue waits forever on its critical mark (no packet ever
     * moves within such a line, so the mark never moves). The graph must not be taken as
     * a proof for a rule that can deny a free slot.
     */
    @Test
    void anAcyclicGraphProvesNothingForARuleThatCanDenyAFreeSlot() throws IOException {
        Path p = spec("mesh-cbs", "topology: {kind: mesh, radix: [3, 2], bidirectional: true}\ncapacity: 1\n"
            + "rule: critical-bubble\nproperties: [stuck-freedom, drainability]\nexpect: counterexample\n");
        CliRun r = run("check", p.toString(), "--json", "--no-save");
        JsonNode o = json(r.out());
        assertThat(o.get("cdg").get("acyclic").asBoolean()).isTrue();
        assertThat(o.get("method").asText()).isEqualTo("exhaustive");
        assertThat(o.get("verdict").asText()).isEqualTo("counterexample");
        assertThat(r.code()).isEqualTo(Main.VIOLATION);
    }

    @Test
    void expectProvedIsNotMetByEnumeration() throws IOException {
        Path p = spec("bubble", "topology: {kind: ring, radix: [4]}\ncapacity: 1\nrule: theoretical-bubble\nexpect: proved\n");
        Path folder = p.getParent();
        CliRun r = run("verify", folder.toString(), "--no-save");
        assertThat(r.code()).isEqualTo(Main.VIOLATION);
        assertThat(r.out()).contains("MISMATCH");
    }

    @Test
    void verifyChecksWithTheCheapestMethodAndShowsIt() throws IOException {
        datelineRing();
        vctRing();
        CliRun r = run("verify", dir.toString(), "--counterexamples", dir.resolve("cx").toString());
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).containsPattern("dl +proved +cdg");
        assertThat(r.out()).containsPattern("vct +counterexample +exhaustive");
        assertThat(r.out()).contains("2 specs: 2 as expected");
    }

    @Test
    void cdgWritesDotWithTheCycleInRed() throws IOException {
        Path dot = dir.resolve("g.dot");
        CliRun r = run("cdg", vctRing().toString(), "--dot", dot.toString());
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("cyclic").contains("shortest cycle (4 queues)");
        String text = Files.readString(dot);
        assertThat(text).startsWith("strict digraph G {").contains("label=\"0-d0+->1 vc0\"");
        assertThat(text.lines().filter(l -> l.matches("\\s*q\\d+ -> q\\d+ .*") && l.contains("color=\"red\""))).hasSize(4);
    }

    @Test
    void cdgJsonReportsAnAcyclicGraph() throws IOException {
        CliRun r = run("cdg", datelineRing().toString(), "--json");
        assertThat(r.code()).isZero();
        JsonNode o = json(r.out());
        assertThat(o.get("cdg").get("acyclic").asBoolean()).isTrue();
        assertThat(o.get("cdg").get("vertices").asInt()).isEqualTo(6);
        assertThat(o.get("cycle").isNull()).isTrue();
    }

    @Test
    void cdgDrawsSvgWhenGraphvizIsInstalled() throws IOException, InterruptedException {
        boolean dot;
        try {
            dot = new ProcessBuilder("dot", "-V").redirectErrorStream(true).start().waitFor() == 0;
        } catch (IOException e) {
            dot = false;
        }
        assumeTrue(dot, "Graphviz 'dot' is not installed");
        Path svg = dir.resolve("g.svg");
        CliRun r = run("cdg", vctRing().toString(), "--svg", svg.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readString(svg)).contains("<svg");
    }

    @Test
    void cdgDrawsAMeshOnItsGridWithoutGraphviz() throws IOException {
        Path svg = dir.resolve("mesh.svg");
        CliRun r = run("cdg", "specs/mesh2x2-xy-yx-1vc.yaml", "--svg", svg.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("svg: " + svg).doesNotContain("dot: ");
        // drawn in Java: no DOT file for Graphviz next to it
        assertThat(dir.resolve("mesh.dot")).doesNotExist();
        assertThat(Files.readString(svg)).startsWith("<svg").contains("class=\"cdg-queue on-cycle\"");
    }

    @Test
    void checkOnABadSpecIsOneLineAndExitTwo() throws IOException {
        Path p = spec("bad", "topology: {kind: ring, radix: [4]}\ncapacity: 1\nrule: dateline\n");
        CliRun r = run("check", p.toString());
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err().strip()).doesNotContain("\n").contains("vcs: expected 2 for rule dateline, found 1");
    }
}
