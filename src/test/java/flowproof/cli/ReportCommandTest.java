package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code report --html} and {@code check/explore --html}: the pages written, and bad input in one line. */
class ReportCommandTest {

    private static final Path RING = Path.of("specs/r1-ring4-c1-vct.yaml");
    private static final Path CX = Path.of("counterexamples/r1-ring4-c1-vct.stuck-freedom.json");

    @TempDir
    Path dir;

    private static void assertOneLine(CliRun r, String expected) {
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err().strip()).doesNotContain("\n").contains(expected);
    }

    /** A page loads nothing from elsewhere: no script or style by URL, no link out of the file. */
    private static void assertSelfContained(String html) {
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<svg").contains("id=\"trace-data\"")
            .doesNotContain("src=").doesNotContain("<link").doesNotContain("href=\"http").doesNotContain("@import");
    }

    @Test
    void reportWritesOnePagePerCounterexample() throws IOException {
        Path out = dir.resolve("pages");
        CliRun r = CliRun.run("report", CX, "counterexamples/mesh2x2-xy-yx-1vc.stuck-freedom.json", "--html", out);
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        Path page = out.resolve("r1-ring4-c1-vct.stuck-freedom.html");
        assertThat(r.out()).contains("html: " + page).contains("mesh2x2-xy-yx-1vc.stuck-freedom.html");
        String html = Files.readString(page);
        assertSelfContained(html);
        // the embedded data: five states (empty, then one per move), the waiting cycle of four queues
        assertThat(html).contains("\"unit\":\"move\"").contains("inject 3 -> 1 into 3-d0+->0 vc0")
            .contains("\"layout\":\"ring\"").contains("Channel dependency graph");
    }

    @Test
    void checkAndExploreWriteThePagesOfTheirCounterexamples() throws IOException {
        for (String command : new String[] {"check", "explore"}) {
            Path out = dir.resolve(command);
            CliRun r = CliRun.run(command, RING, "--no-save", "--html", out);
            assertThat(r.code()).as(r.err()).isEqualTo(Main.VIOLATION);
            assertThat(r.out()).contains("html: " + out.resolve("r1-ring4-c1-vct.stuck-freedom.html"));
            assertSelfContained(Files.readString(out.resolve("r1-ring4-c1-vct.stuck-freedom.html")));
        }
    }

    @Test
    void reportFollowsTheCounterexamplesOfACheckResult() throws IOException {
        Path cx = dir.resolve("cx");
        CliRun c = CliRun.run("check", RING, "--json", "--counterexamples", cx);
        assertThat(c.code()).as(c.err()).isEqualTo(Main.VIOLATION);
        Path result = Files.writeString(dir.resolve("result.json"), c.out());
        Path out = dir.resolve("pages");
        CliRun r = CliRun.run("report", result, "--html", out);
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        try (var files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
                .contains("r1-ring4-c1-vct.stuck-freedom.html");
        }
    }

    @Test
    void aFileThatIsNotATraceIsOneLineAndExit2() throws IOException {
        Path text = Files.writeString(dir.resolve("notes.txt"), "not json at all");
        assertOneLine(CliRun.run("report", text, "--html", dir.resolve("p")), "notes.txt: expected a counterexample");
        Path other = Files.writeString(dir.resolve("other.json"), "{\"a\": 1}");
        assertOneLine(CliRun.run("report", other, "--html", dir.resolve("p")),
            "other.json: expected a counterexample (format flowproof-counterexample) or a JSON result of check/explore");
        Path list = Files.writeString(dir.resolve("list.json"), "[1, 2]");
        assertOneLine(CliRun.run("report", list, "--html", dir.resolve("p")), "found a JSON array");
        assertOneLine(CliRun.run("report", dir.resolve("missing.json"), "--html", dir.resolve("p")),
            "missing.json: no such file");
        assertThat(dir.resolve("p")).doesNotExist();
    }

    @Test
    void aResultWithoutAViolationHasNothingToShow() throws IOException {
        CliRun c = CliRun.run("check", "specs/r2-ring4-c1-dateline.yaml", "--json", "--no-save");
        assertThat(c.code()).as(c.err()).isEqualTo(Main.OK);
        Path result = Files.writeString(dir.resolve("free.json"), c.out());
        assertOneLine(CliRun.run("report", result, "--html", dir.resolve("p")), "found none");
    }

    @Test
    void anUnwritableFolderIsOneLineAndExit2() throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        CliRun r = CliRun.run("report", CX, "--html", file);
        assertOneLine(r, "--html: ");
        assertThat(r.err()).contains("cannot write");
    }

    @Test
    void reportWithoutHtmlIsAUsageError() {
        assertOneLine(CliRun.run("report", CX), "Missing required option: '--html=DIR'");
    }
}
