package flowproof.cli;

import static flowproof.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code explore --first}, the limit overrides' errors, and {@code bench}. */
class OptionsTest {

    @TempDir
    Path dir;



    private Path vctTorus() throws IOException {
        Path p = dir.resolve("t1.yaml");
        Files.writeString(p, "name: t1\ntopology: {kind: torus, radix: [3, 2]}\ncapacity: 1\nrule: vct\n");
        return p;
    }

    @Test
    void firstStopsAtTheShortestViolationWithPartialCounts() throws IOException {
        CliRun r = run("explore", vctTorus().toString(), "--first", "--json", "--no-save");
        assertThat(r.code()).isEqualTo(Main.VIOLATION);
        JsonNode o = new ObjectMapper().readTree(r.out());
        assertThat(o.get("verdict").asText()).isEqualTo("counterexample");
        assertThat(o.get("limit").asText()).isEqualTo("first-violation");
        assertThat(o.get("complete").asBoolean()).isFalse();
        assertThat(o.get("states").asLong()).isLessThan(1_000_000);
        assertThat(o.get("traces").get("stuck-freedom").get("length").asInt()).isEqualTo(3);
        assertThat(o.get("properties").get("drainability").asText()).isEqualTo("not-checked");
    }

    @Test
    void negativeLimitOverridesAreBadInput() throws IOException {
        Path spec = vctTorus();
        for (String[] args : new String[][] {{"explore", spec.toString(), "--max-states", "-5"},
            {"check", spec.toString(), "--max-seconds", "-1"}, {"verify", dir.toString(), "--max-states", "-5"}}) {
            CliRun r = run(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(Main.BAD_INPUT);
            assertThat(r.err().strip()).doesNotContain("\n").contains("expected a positive number");
        }
    }

    @Test
    void benchMeasuresTheExplorerOnT2() throws IOException {
        CliRun r = run("bench", "--runs", "1", "--only", "T2", "--json");
        assertThat(r.code()).isZero();
        String[] lines = r.out().strip().split("\n");
        assertThat(lines).hasSize(2);
        for (String line : lines) {
            JsonNode o = new ObjectMapper().readTree(line);
            assertThat(o.get("id").asText()).isEqualTo("T2");
            assertThat(o.get("states").asLong()).isEqualTo(100_467);
            assertThat(o.get("statesPerSecond").asLong()).isPositive();
            assertThat(o.get("bytesPerState").asDouble()).isGreaterThanOrEqualTo(8.0);
        }
        assertThat(run("bench", "--runs", "0").code()).isEqualTo(Main.BAD_INPUT);
    }

    /** The members search T2 on one cluster, run after run, with the single JVM's counts. */
    @Test
    void benchOnMembersRunsEverySearchOnOneClusterWithTheSingleJvmsCounts() {
        CliRun r = run("bench", "--members", "2", "--runs", "2", "--only", "T2");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).doesNotContain("COUNTS DIFFER");
        String[] lines = r.out().strip().split("\n");
        assertThat(lines[1]).startsWith("T2   seq ").contains("100,467").contains("975,024");
        assertThat(lines[3]).startsWith("T2   2 members ").contains("100,467").contains("975,024");
        assertThat(lines[4]).contains("cluster formed and shut down").containsPattern("[0-9,]+ remote successors");
    }
}
