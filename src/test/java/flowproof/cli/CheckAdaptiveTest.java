package flowproof.cli;

import static flowproof.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code check}, {@code cdg} and {@code replay} on the multistage, high-radix and adaptive
 * specs under {@code specs/}: which method proves what (Duato's extended graph, the plain
 * CDG, the explorer), UGAL counterexamples with Valiant headers, and the one-line error of
 * a VC-per-hop rule with too few VCs.
 */
class CheckAdaptiveTest {

    private static final Path SPECS = Path.of("specs");
    private static final Path DUATO_DATELINE = SPECS.resolve("duato-torus3x3-dateline-escape.yaml");
    private static final Path DUATO_CBS = SPECS.resolve("duato-torus3x3-critical-bubble-escape.yaml");
    private static final Path FB_UGAL_1VC = SPECS.resolve("fb1d-k3-ugal-1vc.yaml");
    private static final Path DF_UGAL_VC_PER_HOP = SPECS.resolve("dragonfly-a2h1-ugal-vc-per-hop.yaml");
    private static final Path BMIN = SPECS.resolve("bmin2x3-turnaround.yaml");
    private static final Path FLY = SPECS.resolve("fly2x3-destination-tag.yaml");

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;



    private static JsonNode json(CliRun r) throws IOException {
        List<String> lines = r.out().lines().filter(l -> !l.isBlank()).collect(Collectors.toList());
        assertThat(lines).as("one JSON line on stdout; stderr: %s", r.err()).hasSize(1);
        return JSON.readTree(lines.get(0));
    }

    private static List<Path> filesIn(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.sorted().collect(Collectors.toList());
        }
    }

    // --- check: which method decides -----------------------------------------------

    @Test
    void duatoDatelineSpecIsProvedByDuatosExtendedGraph() throws IOException {
        CliRun r = run("check", DUATO_DATELINE.toString(), "--json", "--no-save");
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        JsonNode o = json(r);
        assertThat(o.get("verdict").asText()).isEqualTo("proved");
        assertThat(o.get("method").asText()).isEqualTo("duato");
        assertThat(o.get("cdg").get("graph").asText()).isEqualTo("duato");
        assertThat(o.get("cdg").get("acyclic").asBoolean()).isTrue();
        assertThat(o.get("states").isNull()).isTrue();
        assertThat(o.get("cycle").isNull()).isTrue();
        assertThat(o.get("matches").asBoolean()).isTrue();
        assertThat(o.get("properties").get("stuck-freedom").asText()).isEqualTo("holds");
        assertThat(o.get("properties").get("drainability").asText()).isEqualTo("holds");
    }

    @Test
    void duatoDatelineSpecTextReportNamesDuato() {
        CliRun r = run("check", DUATO_DATELINE.toString(), "--no-save");
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        assertThat(r.out()).contains("proved").contains("method duato").contains("minimal-adaptive");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void butterflySpecIsProvedByTheChannelDependencyGraph() throws IOException {
        CliRun r = run("check", FLY.toString(), "--json", "--no-save");
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        JsonNode o = json(r);
        assertThat(o.get("verdict").asText()).isEqualTo("proved");
        assertThat(o.get("method").asText()).isEqualTo("cdg");
        assertThat(o.get("cdg").get("graph").asText()).isEqualTo("full");
        assertThat(o.get("cdg").get("acyclic").asBoolean()).isTrue();
        assertThat(o.get("matches").asBoolean()).isTrue();
    }

    @Test
    void bminSpecIsProvedByTheChannelDependencyGraph() throws IOException {
        CliRun r = run("check", BMIN.toString(), "--json", "--no-save");
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        JsonNode o = json(r);
        assertThat(o.get("verdict").asText()).isEqualTo("proved");
        assertThat(o.get("method").asText()).isEqualTo("cdg");
        assertThat(o.get("cdg").get("acyclic").asBoolean()).isTrue();
        assertThat(o.get("matches").asBoolean()).isTrue();
    }

    @Test
    void criticalBubbleEscapeSpecIsDecidedByTheExplorer() throws IOException {
        CliRun r = run("check", DUATO_CBS.toString(), "--json", "--no-save");
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        JsonNode o = json(r);
        assertThat(o.get("verdict").asText()).isEqualTo("deadlock-free");
        assertThat(o.get("method").asText()).isEqualTo("exhaustive");
        assertThat(o.get("complete").asBoolean()).isTrue();
        assertThat(o.get("states").asLong()).isPositive();
        // the extended graph is acyclic, yet proves nothing for a bubble rule
        assertThat(o.get("cdg").get("graph").asText()).isEqualTo("duato");
        assertThat(o.get("cdg").get("acyclic").asBoolean()).isTrue();
        assertThat(o.get("matches").asBoolean()).isTrue();
        assertThat(o.get("properties").get("critical-bubble-invariant").asText()).isEqualTo("holds");
    }

    @Test
    void ugalWithOneVcOnAFlattenedButterflyIsACounterexampleAndNoSaveWritesNothing() throws IOException {
        Path cx = dir.resolve("cx");
        CliRun r = run("check", FB_UGAL_1VC.toString(), "--json", "--no-save", "--counterexamples", cx.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(Main.VIOLATION);
        JsonNode o = json(r);
        assertThat(o.get("verdict").asText()).isEqualTo("counterexample");
        assertThat(o.get("method").asText()).isEqualTo("exhaustive");
        assertThat(o.get("matches").asBoolean()).isTrue();
        assertThat(o.get("cycle").isNull()).isFalse();
        assertThat(o.get("cycle").isArray()).isTrue();
        assertThat(o.get("cycle")).hasSize(3);
        assertThat(o.get("cdg").get("acyclic").asBoolean()).isFalse();
        assertThat(o.get("counterexample").isNull()).isTrue();
        assertThat(o.get("traces").get("stuck-freedom").get("length").asInt()).isEqualTo(3);
        assertThat(o.get("traces").get("stuck-freedom").get("file").isNull()).isTrue();
        assertThat(cx).doesNotExist();
        assertThat(filesIn(dir)).isEmpty();
    }

    // --- cdg: Duato's extended graph or the full graph -------------------------------

    @Test
    void cdgOnTheDuatoSpecReportsTheExtendedGraph() {
        CliRun r = run("cdg", DUATO_DATELINE.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        assertThat(r.out()).contains("Duato's extended graph").contains("acyclic").doesNotContain("cyclic (");
        assertThat(r.out()).doesNotContain("shortest cycle");
    }

    @Test
    void cdgFullOnTheDuatoSpecReportsTheCyclicFullGraph() {
        CliRun r = run("cdg", DUATO_DATELINE.toString(), "--full");
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        assertThat(r.out()).doesNotContain("Duato's extended graph").contains("cyclic").doesNotContain("acyclic");
        assertThat(r.out()).contains("shortest cycle");
        // the full graph has every queue (3 VCs), the extended graph only the escape VCs
        assertThat(r.out()).contains("vc2");
    }

    @Test
    void cdgJsonNamesTheGraph() throws IOException {
        JsonNode duato = json(run("cdg", DUATO_DATELINE.toString(), "--json"));
        assertThat(duato.get("cdg").get("graph").asText()).isEqualTo("duato");
        assertThat(duato.get("cdg").get("acyclic").asBoolean()).isTrue();
        assertThat(duato.get("cycle").isNull()).isTrue();

        JsonNode full = json(run("cdg", DUATO_DATELINE.toString(), "--full", "--json"));
        assertThat(full.get("cdg").get("graph").asText()).isEqualTo("full");
        assertThat(full.get("cdg").get("acyclic").asBoolean()).isFalse();
        assertThat(full.get("cycle").isArray()).isTrue();
        assertThat(full.get("cycle").size()).isGreaterThanOrEqualTo(2);
        assertThat(full.get("cdg").get("vertices").asInt())
            .isGreaterThan(duato.get("cdg").get("vertices").asInt());
    }

    @Test
    void cdgOfASpecWithoutEscapeVcsIsTheFullGraph() throws IOException {
        JsonNode o = json(run("cdg", FLY.toString(), "--json"));
        assertThat(o.get("cdg").get("graph").asText()).isEqualTo("full");
        assertThat(o.get("cdg").get("acyclic").asBoolean()).isTrue();
    }

    // --- replay of a UGAL counterexample ---------------------------------------------

    @Test
    void replayOfAUgalCounterexampleReproducesItWithValiantHeaders() throws IOException {
        Path cx = dir.resolve("cx");
        // the least shortest trace (docs/counterexamples.md), the same on any number of threads
        CliRun check = run("check", FB_UGAL_1VC.toString(), "--counterexamples", cx.toString(), "--threads", "1");
        assertThat(check.code()).as(check.err()).isEqualTo(Main.VIOLATION);
        List<Path> jsons = filesIn(cx).stream().filter(p -> p.toString().endsWith(".json")).collect(Collectors.toList());
        assertThat(jsons).isNotEmpty();
        Path file = jsons.get(0);

        JsonNode doc = JSON.readTree(file.toFile());
        JsonNode moves = doc.get("moves");
        assertThat(moves).isNotEmpty();
        assertThat(moves.get(0).get("kind").asText()).isEqualTo("inject");
        assertThat(moves.get(0).has("header")).isTrue();
        assertThat(moves.get(0).get("header").asText()).matches("\\d+ via \\d+");

        Path text = Path.of(file.toString().replaceAll("\\.json$", ".txt"));
        assertThat(text).exists();
        assertThat(Files.readString(text)).containsPattern("\\d+ via \\d+").contains("inject 0 -> 2 via 1");

        CliRun replay = run("replay", file.toString());
        assertThat(replay.code()).as(replay.out() + replay.err()).isEqualTo(Main.OK);
        assertThat(replay.out()).contains("reproduced");

        JsonNode rj = json(run("replay", file.toString(), "--json"));
        assertThat(rj.get("reproduced").asBoolean()).isTrue();
        assertThat(rj.get("spec").asText()).isEqualTo("fb1d-k3-ugal-1vc");
    }

    @Test
    void replayOfEveryUgalCounterexampleFileReproduces() throws IOException {
        Path cx = dir.resolve("cx");
        run("check", FB_UGAL_1VC.toString(), "--counterexamples", cx.toString());
        String[] args = Stream.concat(Stream.of("replay"),
            filesIn(cx).stream().filter(p -> p.toString().endsWith(".json")).map(Path::toString))
            .toArray(String[]::new);
        assertThat(args.length).isGreaterThan(1);
        CliRun r = run(args);
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.OK);
        assertThat(r.out().lines().filter(l -> l.contains(": reproduced"))).hasSize(args.length - 1);
    }

    // --- vc-per-hop with too few VCs -------------------------------------------------

    private Path dragonflyUgalWithTwoVcs() throws IOException {
        String yaml = Files.readString(DF_UGAL_VC_PER_HOP);
        assertThat(yaml).contains("\nvcs: 5\n");
        Path p = dir.resolve("dragonfly-ugal-2vcs.yaml");
        Files.writeString(p, yaml.replace("\nvcs: 5\n", "\nvcs: 2\n"));
        return p;
    }

    @Test
    void cdgWithTooFewVcsForVcPerHopIsOneLineNamingNodeDestinationAndChannel() throws IOException {
        Path p = dragonflyUgalWithTwoVcs();
        CliRun r = run("cdg", p.toString());
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        String err = r.err().strip();
        assertThat(err).doesNotContain("\n").doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(err).startsWith(p.toString() + ": ");
        assertThat(err).containsPattern("node g\\d+\\.r\\d+").containsPattern("destined to g\\d+\\.r\\d+")
            .containsPattern("channel g\\d+\\.r\\d+-d\\d->g\\d+\\.r\\d+");
        assertThat(err).contains("vc-per-hop allows no VC");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void checkWithTooFewVcsForVcPerHopIsTheSameOneLineError() throws IOException {
        Path p = dragonflyUgalWithTwoVcs();
        CliRun r = run("check", p.toString(), "--no-save");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        String err = r.err().strip();
        assertThat(err).doesNotContain("\n").doesNotContain("Exception");
        assertThat(err).contains("vc-per-hop allows no VC");
    }

    @Test
    void theDragonflyUgalSpecWithFiveVcsIsProved() throws IOException {
        CliRun r = run("check", DF_UGAL_VC_PER_HOP.toString(), "--json", "--no-save");
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        JsonNode o = json(r);
        assertThat(o.get("verdict").asText()).isEqualTo("proved");
        assertThat(o.get("method").asText()).isEqualTo("cdg");
    }
}
