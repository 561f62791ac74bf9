package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.cli.papers.ClaimReader;
import flowproof.cli.papers.Measured;
import java.nio.file.Files;
import java.nio.file.Path;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The full reproduction (under -Pslow: up to an hour on a 2-core machine): re-runs every claim
 * into a temporary folder and checks that every measured value and curve equals the committed
 * one in docs/results/papers/measured.json (runs are deterministic under their seed). Set
 * {@code -Dflowproof.reproduce.quick=true} for the quick claims only.
 */
@Tag("slow")
class ReproduceSlowTest {

    @TempDir
    Path dir;

    @Test
    void reRunningEveryClaimGivesTheCommittedValues() throws Exception {
        Path results = dir.resolve("results.md");
        Files.copy(Path.of("docs", "results.md"), results);
        boolean quick = Boolean.getBoolean("flowproof.reproduce.quick");
        CliRun r = quick
            ? CliRun.run("reproduce", "--quick", "--jobs", "2", "--out", dir, "--results", results)
            : CliRun.run("reproduce", "--jobs", "2", "--out", dir, "--results", results);
        assertThat(r.err()).doesNotContain("internal error");
        Measured committed = Measured.read(Path.of("docs", "results", "papers", "measured.json"));
        Measured again = Measured.read(dir.resolve("measured.json"));
        SoftAssertions soft = new SoftAssertions();
        int compared = 0;
        for (var c : ClaimReader.readAll(Path.of("specs", "papers"))) {
            if (quick && !c.quick()) {
                continue;
            }
            Measured.Entry was = committed.get(c.id());
            Measured.Entry now = again.get(c.id());
            soft.assertThat(now).as(c.id()).isNotNull();
            soft.assertThat(was).as(c.id()).isNotNull();
            if (was == null || now == null) {
                continue;
            }
            compared++;
            soft.assertThat(now.notRun()).as("%s: not run", c.id()).isEqualTo(was.notRun());
            soft.assertThat(now.values()).as("%s: values", c.id()).isEqualTo(was.values());
            soft.assertThat(now.curves().size()).as("%s: curves", c.id()).isEqualTo(was.curves().size());
            for (int i = 0; i < Math.min(now.curves().size(), was.curves().size()); i++) {
                soft.assertThat(now.curves().get(i).accepted()).as("%s: curve %d", c.id(), i)
                    .containsExactly(was.curves().get(i).accepted());
                soft.assertThat(now.curves().get(i).latency()).as("%s: curve %d latency", c.id(), i)
                    .containsExactly(was.curves().get(i).latency());
            }
        }
        soft.assertAll();
        assertThat(compared).isPositive();
    }
}
