package flowproof.cli;

import static flowproof.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import flowproof.explore.SearchProgress;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** {@code --threads}, {@code --symmetry}, {@code --max-memory}, {@code --expected-states}, the progress line, bench engines. */
class ScaleOptionsTest {



    private static final String T2 = "specs/t2-torus3x2-theoretical-bubble.yaml";

    @Test
    void symmetryOnTwoThreadsReportsOrbitsAndTheStatesTheyStandFor() throws IOException {
        CliRun r = run("explore", T2, "--symmetry", "--threads", "2", "--json", "--no-save");
        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.err()).isEmpty();
        JsonNode o = new ObjectMapper().readTree(r.out());
        assertThat(o.get("states").asLong()).isEqualTo(100_467);
        assertThat(o.get("orbits").asLong()).isEqualTo(16_756);
        assertThat(o.get("symmetryGroup").asInt()).isEqualTo(6);
        assertThat(o.get("symmetry").asText()).isEqualTo("6 translations");
        assertThat(o.get("threads").asInt()).isEqualTo(2);
        CliRun text = run("explore", T2, "--symmetry", "--no-save");
        assertThat(text.out()).contains("symmetry       6 translations; 16,756 orbits stored for those 100,467 states");
    }

    @Test
    void symmetryThatTheRuleDoesNotDeclareIsSwitchedOffWithANote() throws IOException {
        CliRun r = run("explore", "specs/r2-ring4-c1-dateline.yaml", "--symmetry", "--json", "--no-save");
        JsonNode o = new ObjectMapper().readTree(r.out());
        assertThat(o.get("symmetryGroup").asInt()).isEqualTo(1);
        assertThat(o.get("symmetry").asText()).startsWith("off: rule dateline");
        assertThat(o.get("orbits").asLong()).isEqualTo(o.get("states").asLong());
    }

    @Test
    void theMemoryLimitEndsTheSearchAsIncompleteWithItsCounts() throws IOException {
        CliRun r = run("explore", T2, "--max-memory", "2m", "--threads", "2", "--json", "--no-save");
        assertThat(r.code()).isEqualTo(Main.INCOMPLETE);
        JsonNode o = new ObjectMapper().readTree(r.out());
        assertThat(o.get("verdict").asText()).isEqualTo("incomplete");
        assertThat(o.get("limit").asText()).isEqualTo("memory");
        assertThat(o.get("states").asLong()).isPositive();
        assertThat(o.get("storedBytes").asLong()).isLessThanOrEqualTo(2L << 20);
    }

    @Test
    void badScaleOptionsAreOneLineErrors() {
        String[][] bad = {{"--max-memory", "lots"}, {"--max-memory", "-3g"}, {"--threads", "0"},
            {"--expected-states", "-1"}};
        for (String[] b : bad) {
            CliRun r = run("explore", T2, b[0], b[1]);
            assertThat(r.code()).as(String.join(" ", b)).isEqualTo(Main.BAD_INPUT);
            assertThat(r.err().strip()).doesNotContain("\n").startsWith(b[0] + ": expected");
        }
        assertThat(SearchOptions.parseSize("8g")).isEqualTo(8L << 30);
        assertThat(SearchOptions.parseSize("512M")).isEqualTo(512L << 20);
        assertThat(SearchOptions.parseSize("100000k")).isEqualTo(100_000L << 10);
        assertThat(SearchOptions.parseSize("1.5g")).isEqualTo(3L << 29);
        assertThat(SearchOptions.parseSize("4096")).isEqualTo(4096);
    }

    @Test
    void theProgressLineShowsCountsRateQueueMemoryAndTimeLeftAndIsClearedAtTheEnd() {
        StringWriter err = new StringWriter();
        Progress p = Progress.shown(new PrintWriter(err, true));
        p.search(new SearchProgress.Status("search", 7, 2_500, 10_000, 4_000, 20_000, 120_000, 3_000_000_000L, 1.0));
        String line = err.toString();
        assertThat(line).startsWith("\r").contains("level 7", "25% of 10,000", "120,000 states (20,000 orbits)",
            "new/s", "queue 4,000", "3.0 GB", "0:01", "level left");
        p.search(new SearchProgress.Status("done", 7, 0, 0, 0, 20_000, 120_000, 0, 2.0));
        assertThat(err.toString()).endsWith("\r");
        StringWriter quiet = new StringWriter();
        Progress off = new Progress(new PrintWriter(quiet, true), true);
        off.search(new SearchProgress.Status("search", 1, 1, 2, 0, 1, 1, 0, 0.5));
        assertThat(quiet.toString()).isEmpty();
    }

    @Test
    void benchMeasuresTheParallelAndReducedEngines() throws IOException {
        CliRun r = run("bench", "--runs", "1", "--only", "T2", "--engines", "par,par+sym", "--threads", "2", "--json");
        assertThat(r.code()).isZero();
        String[] lines = r.out().strip().split("\n");
        assertThat(lines).hasSize(4);
        for (String line : lines) {
            JsonNode o = new ObjectMapper().readTree(line);
            assertThat(o.get("states").asLong()).isEqualTo(100_467);
            assertThat(o.get("threads").asInt()).isEqualTo(2);
            assertThat(o.get("orbits").asLong()).isEqualTo(o.get("engine").asText().endsWith("+sym") ? 16_756 : 100_467);
            assertThat(o.get("statesPerSecond").asLong()).isPositive();
        }
        assertThat(run("bench", "--engines", "warp").code()).isEqualTo(Main.BAD_INPUT);
    }
}
