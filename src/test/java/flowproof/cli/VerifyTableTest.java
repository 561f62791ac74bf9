package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The newcomer's path (issue 45): verify's table lost its alignment past 34-character names, and a
 * spec that ran long was silent.
 */
class VerifyTableTest {

    @TempDir
    Path dir;

    @Test
    void theTableStaysAlignedWithLongNames() throws Exception {
        String longName = "a-ring-of-four-with-a-rather-long-descriptive-name-vct";
        Files.writeString(dir.resolve("a.yaml"), "name: " + longName + "\ntopology: {kind: ring, radix: 4}\ncapacity: 1\n"
            + "rule: vct\ntraffic: all-pairs\nexpect: counterexample\n");
        Files.writeString(dir.resolve("b.yaml"), "name: short\ntopology: {kind: ring, radix: 4}\ncapacity: 1\n"
            + "rule: critical-bubble\ntraffic: all-pairs\nexpect: deadlock-free\n");
        CliRun r = CliRun.run("verify", dir, "--no-save");
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        int verdictColumn = lines.get(0).indexOf("verdict");
        assertThat(verdictColumn).isGreaterThan(longName.length());
        for (String row : lines.subList(1, 3)) {
            assertThat(row.charAt(verdictColumn - 1)).as(row).isEqualTo(' ');
            assertThat(row.charAt(verdictColumn)).as(row).isNotEqualTo(' ');
            assertThat(row.indexOf(" ok")).isEqualTo(lines.get(1).indexOf(" ok"));
        }
    }

    @Test
    void aSpecThatRunsLongIsNamed() throws Exception {
        StringWriter err = new StringWriter();
        try (VerifyCommand.StillRunning s = new VerifyCommand.StillRunning(new PrintWriter(err, true), "slow-spec", 1)) {
            Thread.sleep(2500);
        }
        assertThat(err.toString()).contains("verify: still checking slow-spec (1 s)", "verify: still checking slow-spec (2 s)");
        String after = err.toString();
        Thread.sleep(1500);
        assertThat(err.toString()).isEqualTo(after);
    }
}
