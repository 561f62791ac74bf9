package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line end to end, through {@link Main#run}: exit codes, reports, JSON,
 * counterexample files and replay, and one-line errors for bad input. Only tiny specs
 * (rings of 3 or 4 nodes, capacity 1).
 */
class CliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static CliRun run(Object... args) {
        return CliRun.run(args);
    }

    private static String ring(String name, int k, String rule, String expect) {
        return "name: " + name + "\n"
            + "topology: {kind: ring, radix: [" + k + "], bidirectional: false}\n"
            + "vcs: " + (rule.equals("dateline") ? 2 : 1) + "\n"
            + "capacity: 1\n"
            + "rule: {kind: " + rule + "}\n"
            + "traffic: all-pairs\n"
            + (expect == null ? "" : "expect: " + expect + "\n");
    }

    private Path spec(Path folder, String file, String yaml) throws IOException {
        Files.createDirectories(folder);
        Path p = folder.resolve(file);
        Files.writeString(p, yaml);
        return p;
    }

    /** R1: VCT on a unidirectional ring of 4, capacity 1: 256 states, stuck after 4 injections. */
    private Path vct4() throws IOException {
        return spec(dir, "vct4.yaml", ring("vct4", 4, "vct", "counterexample"));
    }

    /** R3: theoretical bubble on a unidirectional ring of 4, capacity 1: 175 states, deadlock-free. */
    private Path bubble4() throws IOException {
        return spec(dir, "bubble4.yaml", ring("bubble4", 4, "theoretical-bubble", "deadlock-free"));
    }

    /** R3 with a state limit of 5: the search stops long before it could finish. */
    private Path bubble4Limited() throws IOException {
        return spec(dir, "bubble4-limited.yaml",
            ring("bubble4-limited", 4, "theoretical-bubble", "deadlock-free") + "limits: {states: 5}\n");
    }

    private static void assertOneLineError(CliRun r) {
        assertThat(r.err()).endsWith("\n");
        assertThat(r.err().lines().count()).as("stderr lines of %s", r.err()).isEqualTo(1);
        assertThat(r.err()).doesNotContain("Exception").doesNotContain("at flowproof").doesNotContain("\tat ");
    }

    private static JsonNode singleJsonLine(String out) throws IOException {
        assertThat(out.lines().count()).as("lines of %s", out).isEqualTo(1);
        return JSON.readTree(out);
    }

    // --- explore: exit codes and report -------------------------------------------

    @Test
    void exploreDeadlockFreeRingExitsZero() throws IOException {
        Path s = bubble4();
        CliRun r = run("explore", s, "--no-save");
        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.out()).contains("bubble4").contains(s.toString())
            .containsPattern("verdict\\s+deadlock-free \\(exhaustive; expected deadlock-free: ok\\)")
            .contains("175 reachable");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void injectionQueuesAreDecidedByTheProductUnlessEnumerationIsAsked() {
        String spec = "specs/ring3-c1-critical-bubble-drift-iq2.yaml";
        CliRun product = run("check", spec, "--no-save");
        assertThat(product.code()).isEqualTo(Main.OK);
        assertThat(product.out()).containsPattern("verdict\\s+deadlock-free \\(exhaustive, injection-queue product;")
            .containsPattern("product\\s+injection queues of 2: ").contains("depth not computed");
        CliRun direct = run("check", spec, "--no-save", "--enumerate-injection-queues");
        assertThat(direct.code()).isEqualTo(Main.OK);
        assertThat(direct.out()).doesNotContain("product").containsPattern("depth \\d+");
        // the same number of states either way
        java.util.function.Function<String, String> states = out -> out.lines().filter(l -> l.trim().startsWith("states"))
            .findFirst().orElseThrow().replaceAll(",\\s*(depth|[0-9.]+ s).*", "").replaceAll("\\s+", " ");
        assertThat(states.apply(product.out())).isEqualTo(states.apply(direct.out()));
        CliRun json = run("check", spec, "--no-save", "--json");
        assertThat(json.out()).contains("\"method\":\"product\"").contains("\"depth\":null")
            .contains("\"product\":\"injection queues of 2: ");
        assertThat(run("check", spec, "--no-save", "--json", "--enumerate-injection-queues").out())
            .contains("\"method\":\"exhaustive\"").contains("\"product\":null");
    }

    @Test
    void exploreVctRingExitsOneAndDrawsTheCounterexample() throws IOException {
        CliRun r = run("explore", vct4(), "--no-save");
        assertThat(r.code()).isEqualTo(Main.VIOLATION);
        assertThat(r.out()).containsPattern("verdict\\s+counterexample")
            .containsPattern("counterexample stuck-freedom: 4 moves")
            .contains("shortest trace to a violation of stuck-freedom (4 moves from the empty network)")
            .contains("final state:\n")
            // the picture: every queue of the ring holds one packet, and its one-line legend under it
            .containsPattern("\\+ : 0 -\\[\\d\\]-> 1 -\\[\\d\\]-> 2 -\\[\\d\\]-> 3 -\\[\\d\\]-> 0\n"
                + "legend: A -\\[q\\]-> B the queue of the channel from node A to node B; q = packets by destination");
        assertThat(r.out()).doesNotContain("saved to");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void exploreStoppedByTheSpecsStateLimitExitsThreeAndIsIncomplete() throws IOException {
        CliRun r = run("explore", bubble4Limited(), "--no-save");
        assertThat(r.code()).isEqualTo(Main.INCOMPLETE);
        assertThat(r.out()).containsPattern("verdict\\s+incomplete")
            .contains("states limit")
            .contains("not established");
    }

    @Test
    void exploreMaxStatesOptionOverridesTheSpec() throws IOException {
        CliRun r = run("explore", bubble4(), "--no-save", "--max-states", "5");
        assertThat(r.code()).isEqualTo(Main.INCOMPLETE);
        assertThat(r.out()).containsPattern("verdict\\s+incomplete");
    }

    // --- explore --json --------------------------------------------------------------

    private static void assertCommonJson(JsonNode j, Path spec) {
        assertThat(j.get("spec").asText()).isEqualTo(spec.toString());
        assertThat(j.get("method").asText()).isEqualTo("exhaustive");
        assertThat(j.get("states").isIntegralNumber()).isTrue();
        assertThat(j.get("transitions").isIntegralNumber()).isTrue();
        assertThat(j.get("transitions").asLong()).isPositive();
        assertThat(j.get("seconds").isNumber()).isTrue();
        assertThat(j.get("seconds").asDouble()).isGreaterThanOrEqualTo(0);
        JsonNode props = j.get("properties");
        assertThat(props.isObject()).isTrue();
        assertThat(props.size()).isPositive();
        props.fields().forEachRemaining(e -> assertThat(e.getValue().asText()).as(e.getKey())
            .isIn("holds", "violated", "unknown", "not-checked"));
        assertThat(j.has("counterexample")).isTrue();
    }

    @Test
    void exploreJsonOnDeadlockFreeRingHasExactCountsAndNoCounterexample() throws IOException {
        Path s = bubble4();
        CliRun r = run("explore", s, "--json", "--no-save");
        assertThat(r.code()).isEqualTo(Main.OK);
        JsonNode j = singleJsonLine(r.out());
        assertCommonJson(j, s);
        assertThat(j.get("name").asText()).isEqualTo("bubble4");
        assertThat(j.get("verdict").asText()).isEqualTo("deadlock-free");
        assertThat(j.get("complete").asBoolean()).isTrue();
        assertThat(j.get("states").asLong()).isEqualTo(175);
        assertThat(j.get("properties").get("stuck-freedom").asText()).isEqualTo("holds");
        assertThat(j.get("properties").get("bubble-invariant").asText()).isEqualTo("holds");
        assertThat(j.get("counterexample").isNull()).isTrue();
        assertThat(j.get("matches").asBoolean()).isTrue();
    }

    @Test
    void exploreJsonOnVctRingReportsTheViolation() throws IOException {
        Path s = vct4();
        CliRun r = run("explore", s, "--json", "--no-save");
        assertThat(r.code()).isEqualTo(Main.VIOLATION);
        JsonNode j = singleJsonLine(r.out());
        assertCommonJson(j, s);
        assertThat(j.get("verdict").asText()).isEqualTo("counterexample");
        assertThat(j.get("states").asLong()).isEqualTo(256);
        assertThat(j.get("properties").get("stuck-freedom").asText()).isEqualTo("violated");
        assertThat(j.get("traces").get("stuck-freedom").get("length").asInt()).isEqualTo(4);
        // nothing saved, so no file to point at
        assertThat(j.get("counterexample").isNull()).isTrue();
        assertThat(j.get("matches").asBoolean()).isTrue();
    }

    @Test
    void exploreJsonWithSavingPointsAtTheCounterexampleFile() throws IOException {
        Path s = vct4();
        Path cx = dir.resolve("cx");
        CliRun r = run("explore", s, "--json", "--counterexamples", cx);
        assertThat(r.code()).isEqualTo(Main.VIOLATION);
        JsonNode j = singleJsonLine(r.out());
        assertCommonJson(j, s);
        String file = j.get("counterexample").asText();
        assertThat(file).endsWith("vct4.stuck-freedom.json");
        assertThat(Path.of(file)).exists();
    }

    @Test
    void exploreJsonOnLimitedSpecIsIncomplete() throws IOException {
        Path s = bubble4Limited();
        CliRun r = run("explore", s, "--json", "--no-save");
        assertThat(r.code()).isEqualTo(Main.INCOMPLETE);
        JsonNode j = singleJsonLine(r.out());
        assertCommonJson(j, s);
        assertThat(j.get("verdict").asText()).isEqualTo("incomplete");
        assertThat(j.get("complete").asBoolean()).isFalse();
        assertThat(j.get("limit").asText()).isEqualTo("states");
        assertThat(j.get("states").asLong()).isLessThanOrEqualTo(5);
        assertThat(j.get("properties").get("stuck-freedom").asText()).isEqualTo("unknown");
        assertThat(j.get("counterexample").isNull()).isTrue();
        assertThat(j.get("matches").isNull()).isTrue();
    }

    // --- counterexample files and replay -------------------------------------------

    /** Explores the VCT ring, saving into dir/cx; returns the stuck-freedom file. */
    private Path savedVctCounterexample() throws IOException {
        Path cx = dir.resolve("cx");
        CliRun r = run("explore", vct4(), "--counterexamples", cx);
        assertThat(r.code()).isEqualTo(Main.VIOLATION);
        Path json = cx.resolve("vct4.stuck-freedom.json");
        assertThat(r.out()).contains("saved to");
        assertThat(json).exists();
        return json;
    }

    private Path edited(Path original, String name, java.util.function.Consumer<ObjectNode> edit) throws IOException {
        ObjectNode root = (ObjectNode) JSON.readTree(original.toFile());
        edit.accept(root);
        Path p = original.resolveSibling(name);
        Files.writeString(p, JSON.writeValueAsString(root));
        return p;
    }

    @Test
    void exploreSavesJsonAndTextCounterexamples() throws IOException {
        Path json = savedVctCounterexample();
        Path txt = json.resolveSibling("vct4.stuck-freedom.txt");
        assertThat(txt).exists();
        assertThat(Files.readString(txt)).startsWith("vct4: ").contains("shortest trace");
        JsonNode root = JSON.readTree(json.toFile());
        assertThat(root.get("format").asText()).isEqualTo("flowproof-counterexample");
        assertThat(root.get("property").asText()).isEqualTo("stuck-freedom");
        assertThat(root.get("length").asInt()).isEqualTo(4);
        assertThat(root.get("moves").size()).isEqualTo(4);
        assertThat(root.get("spec").get("name").asText()).isEqualTo("vct4");
    }

    @Test
    void replayOfASavedCounterexampleReproducesIt() throws IOException {
        Path json = savedVctCounterexample();
        CliRun r = run("replay", json);
        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.out()).startsWith(json + ": reproduced: ").contains("stuck-freedom violated after 4 moves");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void replayWithoutTheLastMoveIsNotReproduced() throws IOException {
        Path json = savedVctCounterexample();
        // the length follows the moves (a length that does not is a self-contradicting file: bad input)
        Path shorter = edited(json, "shorter.json", root -> {
            ArrayNode moves = (ArrayNode) root.get("moves");
            moves.remove(moves.size() - 1);
            root.put("length", moves.size());
        });
        CliRun r = run("replay", shorter);
        assertThat(r.code()).isEqualTo(Main.VIOLATION);
        assertThat(r.out()).contains("NOT reproduced").contains("holds after 3 moves");
    }

    @Test
    void replayOfAMoveTheRuleDoesNotAdmitIsNotReproduced() throws IOException {
        Path json = savedVctCounterexample();
        // inject a packet addressed to its own source: a valid node, but never an allowed move
        Path changed = edited(json, "changed.json", root -> {
            ObjectNode first = (ObjectNode) root.get("moves").get(0);
            first.put("destination", first.get("node").asText());
        });
        CliRun r = run("replay", changed);
        assertThat(r.code()).isEqualTo(Main.VIOLATION);
        assertThat(r.out()).contains("NOT reproduced").contains("step 1").contains("not admitted");
    }

    @Test
    void replayOfSeveralFilesExitsOneWhenAnyIsNotReproduced() throws IOException {
        Path json = savedVctCounterexample();
        Path shorter = edited(json, "shorter.json", root -> {
            ((ArrayNode) root.get("moves")).remove(3);
            root.put("length", 3);
        });
        CliRun r = run("replay", json, shorter);
        assertThat(r.code()).isEqualTo(Main.VIOLATION);
        assertThat(r.out()).contains(json + ": reproduced").contains(shorter + ": NOT reproduced");
    }

    @Test
    void replayWithABogusQueueNameIsBadInputNamingTheField() throws IOException {
        Path json = savedVctCounterexample();
        Path bogus = edited(json, "bogus.json",
            root -> ((ObjectNode) root.get("moves").get(0)).put("to", "no-such-queue"));
        CliRun r = run("replay", bogus);
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertOneLineError(r);
        assertThat(r.err()).startsWith(bogus + ": moves[0].to: expected ").contains("found \"no-such-queue\"");
    }

    @Test
    void replayWithABadEmbeddedSpecNamesTheFieldUnderSpec() throws IOException {
        Path json = savedVctCounterexample();
        Path bad = edited(json, "bad-spec.json", root -> ((ObjectNode) root.get("spec")).put("capacity", 0));
        CliRun r = run("replay", bad);
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertOneLineError(r);
        assertThat(r.err()).startsWith(bad + ": spec.capacity: expected ");
    }

    @Test
    void replayWithoutAnEmbeddedSpecNamesTheSpecField() throws IOException {
        Path json = savedVctCounterexample();
        Path bad = edited(json, "no-spec.json", root -> root.remove("spec"));
        CliRun r = run("replay", bad);
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertOneLineError(r);
        assertThat(r.err()).startsWith(bad + ": spec: expected ");
    }

    @Test
    void replayOfAMissingFileIsBadInput() {
        Path missing = dir.resolve("missing.json");
        CliRun r = run("replay", missing);
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertOneLineError(r);
        assertThat(r.err()).startsWith(missing.toString());
    }

    @Test
    void replayOfAFileThatIsNotACounterexampleIsBadInput() throws IOException {
        Path other = spec(dir, "other.json", "{\"hello\": 1}");
        CliRun r = run("replay", other);
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertOneLineError(r);
        assertThat(r.err()).startsWith(other + ": format: expected ");
    }

    // --- bad input ---------------------------------------------------------------------

    @Test
    void exploreOfASpecWithAnUnknownFieldIsOneLineWithoutStackTrace() throws IOException {
        Path s = spec(dir, "unknown-field.yaml", ring("u", 3, "vct", null) + "colour: blue\n");
        CliRun r = run("explore", s, "--no-save");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertOneLineError(r);
        assertThat(r.err()).contains("unknown-field.yaml").startsWith(s + ": colour: expected ");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void exploreOfAMissingFileIsBadInput() {
        Path missing = dir.resolve("missing.yaml");
        CliRun r = run("explore", missing, "--no-save");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertOneLineError(r);
        assertThat(r.err()).contains("missing.yaml").contains("no such file");
    }

    @Test
    void exploreOfMalformedYamlIsBadInput() throws IOException {
        Path s = spec(dir, "broken.yaml", "name: t\ntopology: {kind: ring, radix: [3]\ncapacity: 1\nrule: vct\n");
        CliRun r = run("explore", s, "--no-save");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertOneLineError(r);
        assertThat(r.err()).startsWith(s + ": not valid YAML");
    }

    @Test
    void unknownOptionIsBadInput() throws IOException {
        CliRun r = run("explore", bubble4(), "--no-save", "--bogus");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains("--bogus").doesNotContain("Exception");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void unknownSubcommandIsBadInput() {
        CliRun r = run("frobnicate");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains("frobnicate").doesNotContain("Exception");
    }

    @Test
    void exploreWithoutASpecIsBadInput() {
        CliRun r = run("explore");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains("SPEC").doesNotContain("Exception");
    }

    @Test
    void exploreWithACapacityTooLargeForTheExplorerIsBadInputNotAnInternalError() throws IOException {
        Path s = spec(dir, "huge-capacity.yaml", ring("huge", 3, "vct", null).replace("capacity: 1", "capacity: 40"));
        CliRun r = run("explore", s, "--no-save");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertOneLineError(r);
        assertThat(r.err()).startsWith(s + ": capacity: expected ");
    }

    // --- verify ------------------------------------------------------------------------

    private Path folder(String name) throws IOException {
        return Files.createDirectories(dir.resolve(name));
    }

    private void twoGoodSpecs(Path folder) throws IOException {
        spec(folder, "a-bubble.yaml", ring("a-bubble", 3, "theoretical-bubble", "deadlock-free"));
        spec(folder, "b-vct.yaml", ring("b-vct", 3, "vct", "counterexample"));
    }

    @Test
    void verifyOfSpecsThatMeetTheirExpectationsExitsZero() throws IOException {
        Path f = folder("good");
        twoGoodSpecs(f);
        Path cx = dir.resolve("cx");
        CliRun r = run("verify", f, "--counterexamples", cx);
        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.out()).contains("a-bubble").contains("b-vct").doesNotContain("MISMATCH")
            .contains("2 specs: 2 as expected, 0 mismatched, 0 incomplete, 0 without expectation, 0 invalid");
        assertThat(r.err()).isEmpty();
        // counterexamples went to the folder given, nowhere else
        assertThat(cx.resolve("b-vct.stuck-freedom.json")).exists();
        assertThat(cx.resolve("a-bubble.stuck-freedom.json")).doesNotExist();
    }

    @Test
    void verifyJsonPrintsOneObjectPerSpec() throws IOException {
        Path f = folder("good");
        twoGoodSpecs(f);
        CliRun r = run("verify", f, "--json", "--no-save");
        assertThat(r.code()).isEqualTo(Main.OK);
        List<String> lines = r.out().lines().toList();
        assertThat(lines).hasSize(2);
        for (String line : lines) {
            JsonNode j = JSON.readTree(line);
            assertThat(j.get("matches").asBoolean()).isTrue();
            assertThat(Set.of("a-bubble", "b-vct")).contains(j.get("name").asText());
        }
    }

    @Test
    void verifyWithAWrongExpectationExitsOneAndSaysMismatch() throws IOException {
        Path f = folder("mismatch");
        twoGoodSpecs(f);
        spec(f, "c-wrong.yaml", ring("c-wrong", 3, "vct", "deadlock-free"));
        CliRun r = run("verify", f, "--no-save");
        assertThat(r.code()).isEqualTo(Main.VIOLATION);
        assertThat(r.out()).containsPattern("c-wrong\\s+counterexample\\s+exhaustive\\s+deadlock-free.*MISMATCH")
            .contains("3 specs: 2 as expected, 1 mismatched");
    }

    @Test
    void verifyWithAnInvalidSpecExitsTwoAndStillChecksTheOthers() throws IOException {
        Path f = folder("invalid");
        twoGoodSpecs(f);
        Path bad = spec(f, "c-bad.yaml", ring("c-bad", 3, "vct", null) + "colour: blue\n");
        CliRun r = run("verify", f, "--no-save");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertOneLineError(r);
        assertThat(r.err()).startsWith(bad + ": colour: expected ");
        assertThat(r.out()).contains("a-bubble").contains("b-vct").contains("1 invalid");
    }

    @Test
    void verifyWithASpecStoppedByItsStateLimitExitsThree() throws IOException {
        Path f = folder("limited");
        twoGoodSpecs(f);
        spec(f, "c-limited.yaml", ring("c-limited", 4, "theoretical-bubble", "deadlock-free") + "limits: {states: 5}\n");
        // Without OR-tools nothing takes over from the explorer (with it, check falls back to prove).
        System.setProperty("flowproof.ortools", "off");
        CliRun r;
        try {
            r = run("verify", f, "--no-save");
        } finally {
            System.clearProperty("flowproof.ortools");
        }
        assertThat(r.code()).isEqualTo(Main.INCOMPLETE);
        assertThat(r.out()).contains("INCOMPLETE (states limit)").contains("1 incomplete");
        CliRun proved = run("verify", f, "--no-save");
        assertThat(proved.code()).isEqualTo(Main.OK);
        assertThat(proved.out()).contains("cp-sat").contains("0 incomplete");
    }

    @Test
    void verifyPrefersMismatchOverIncomplete() throws IOException {
        Path f = folder("both");
        spec(f, "a-wrong.yaml", ring("a-wrong", 3, "vct", "deadlock-free"));
        spec(f, "b-limited.yaml", ring("b-limited", 4, "theoretical-bubble", "deadlock-free") + "limits: {states: 5}\n");
        CliRun r = run("verify", f, "--no-save");
        assertThat(r.code()).isEqualTo(Main.VIOLATION);
    }

    @Test
    void verifyOfAnEmptyFolderIsBadInput() throws IOException {
        Path f = folder("empty");
        Files.writeString(f.resolve("README.txt"), "not a spec");
        CliRun r = run("verify", f, "--no-save");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertOneLineError(r);
        assertThat(r.err()).startsWith(f.toString());
    }

    @Test
    void verifyOfAMissingFolderIsBadInput() {
        Path f = dir.resolve("no-such-folder");
        CliRun r = run("verify", f, "--no-save");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertOneLineError(r);
        assertThat(r.err()).startsWith(f.toString());
    }
}
