package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench-spin}: the reading of pan's output, and its one-line errors on bad input. */
class BenchSpinCommandTest {

    private static String sample() throws IOException {
        try (InputStream in = BenchSpinCommandTest.class.getResourceAsStream("/spin/r8-pan.out")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void readsStatesTransitionsAndDepthFromACapturedPanRun() throws IOException {
        // captured from SPIN 6.5.2's exact BFS on bench/spin/r8-ring5-c2-critical-bubble.pml
        SpinRun r = SpinRun.parse(sample(), 3.0, 1.0, 100.0, 20.0);
        assertThat(r.stored()).isEqualTo(4_862_025L);
        assertThat(r.transitions()).isEqualTo(34_662_601L);
        assertThat(r.depth()).isEqualTo(28);
        assertThat(r.errors()).isZero();
        assertThat(r.wall()).isEqualTo(103.0);
        assertThat(r.cpu()).isEqualTo(21.0);
    }

    @Test
    void aPanOutputWithoutItsCountsIsAnError() throws IOException {
        String cut = sample().replace("states, stored", "stored");
        assertThatThrownBy(() -> SpinRun.parse(cut, 0, 0, 0, 0)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("did it finish");
    }

    @Test
    void theMedianOfOddAndEvenCounts() {
        assertThat(BenchSpinCommand.median(new double[] {3, 1, 2})).isEqualTo(2.0);
        assertThat(BenchSpinCommand.median(new double[] {4, 1, 2, 3})).isEqualTo(2.5);
    }

    @Test
    void badInputIsOneLineAndExitCodeTwo(@TempDir Path dir) throws IOException {
        Path notExecutable = Files.writeString(dir.resolve("spin"), "");
        CliRun missing = CliRun.run("bench-spin", "--spin", dir.resolve("nope"));
        assertThat(missing.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(missing.err().strip()).startsWith("--spin: expected an executable spin binary").endsWith("(no such file)")
            .doesNotContain("\n");
        CliRun plain = CliRun.run("bench-spin", "--spin", notExecutable);
        assertThat(plain.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(plain.err().strip()).endsWith("(not executable)");
        Path sh = Path.of("/bin/sh");
        CliRun model = CliRun.run("bench-spin", "--spin", sh, "--model", dir.resolve("none.pml"));
        assertThat(model.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(model.err().strip()).startsWith("--model: expected a Promela file").doesNotContain("\n");
        CliRun spec = CliRun.run("bench-spin", "--spin", sh, "--spec", dir.resolve("none.yaml"));
        assertThat(spec.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(spec.err().strip()).doesNotContain("\n");
        CliRun runs = CliRun.run("bench-spin", "--spin", sh, "--runs", "0");
        assertThat(runs.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(runs.err().strip()).isEqualTo("--runs: expected at least 1, found 0");
    }

    @Test
    void theModelInTheRepositoryIsTheReferenceR8() throws IOException {
        String pml = Files.readString(Path.of("bench/spin/r8-ring5-c2-critical-bubble.pml"));
        // 20 inject moves (all pairs of 5 nodes), 5 forward and 5 eject moves, one d_step each
        assertThat(pml.split("INJ\\(", -1).length - 1).isEqualTo(20 + 1);
        assertThat(pml.split("FWD\\(", -1).length - 1).isEqualTo(5 + 1);
        assertThat(pml.split("EJ\\(", -1).length - 1).isEqualTo(5 + 1);
    }
}
