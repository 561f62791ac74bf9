package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** {@code bench-sim}: its options, its JSON, and the reading of BookSim's output for {@code --against-booksim}. */
class SimBenchCommandTest {

    private static String sample() throws IOException {
        try (InputStream in = SimBenchCommandTest.class.getResourceAsStream("/booksim/torus8x8-load1.0.out")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void readsCyclesRunTimeAndAcceptedRateFromACapturedBookSimRun() throws IOException {
        // captured from BookSim 2.0 on an 8x8 torus at offered 1.0 (the bench's configuration)
        BookSimRun r = BookSimRun.parse(sample(), null, 21.0);
        assertThat(r.cycles()).isEqualTo(10626);
        assertThat(r.runSeconds()).isEqualTo(20.8923);
        assertThat(r.accepted()).isEqualTo(0.442709);
        assertThat(r.wallSeconds()).isEqualTo(21.0);
        assertThat(r.cpuSeconds()).isNaN();
        assertThat(r.nodeCyclesPerSecond(64)).isEqualTo(64 * 10626 / 20.8923);
    }

    @Test
    void readsTheCpuTimeThatUsrBinTimeAppends() throws IOException {
        BookSimRun r = BookSimRun.parse(sample(), "some warning\nflowproof-cpu 1.92 0.02\n", 21.0);
        assertThat(r.cpuSeconds()).isCloseTo(1.94, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(r.nodeCyclesPerCpuSecond(64)).isCloseTo(64 * 10626 / 1.94, org.assertj.core.data.Offset.offset(1e-6));
    }

    @Test
    void anOutputWithoutTheCycleCountIsAnError() throws IOException {
        String cut = sample().replace("Time taken is", "Time was");
        assertThatThrownBy(() -> BookSimRun.parse(cut, null, 1)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("Time taken is N cycles");
        String noTimer = sample().replace("Total run time", "Run");
        assertThatThrownBy(() -> BookSimRun.parse(noTimer, null, 1)).hasMessageContaining("Total run time");
    }

    @Test
    void theBookSimConfigurationIsTheBenchsTorus() {
        String cfg = BookSimRun.config(16, 0.45, 20_000, 64, 8);
        assertThat(cfg).contains("topology = torus;", "k = 16;", "n = 2;", "routing_function = dim_order;",
            "num_vcs = 2;", "vc_buf_size = 64;", "packet_size = 8;", "injection_rate_uses_flits = 1;",
            "injection_rate = 0.45;", "sample_period = 20000;", "traffic = uniform;");
    }

    @Test
    void reportsEveryConfigurationOfTheSizesAndLoadsAsked() throws IOException {
        CliRun run = CliRun.run("bench-sim", "--json", "--runs=1", "--cycles=2000", "--sizes=4,6", "--loads=0.2");
        assertThat(run.code()).as(run.err()).isZero();
        ObjectMapper om = new ObjectMapper();
        JsonNode[] rows = run.out().lines().map(l -> {
            try {
                return om.readTree(l);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }).toArray(JsonNode[]::new);
        assertThat(rows).hasSize(4);
        assertThat(Arrays.stream(rows).map(r -> r.get("size").asInt() + " " + r.get("rule").asText()))
            .containsExactly("4 critical-bubble", "4 dateline", "6 critical-bubble", "6 dateline");
        for (JsonNode r : rows) {
            int nodes = r.get("size").asInt() * r.get("size").asInt();
            assertThat(r.get("nodeCyclesPerSecond").asDouble())
                .isCloseTo(nodes * r.get("cycles").asDouble() / r.get("seconds").asDouble(),
                    org.assertj.core.data.Offset.offset(1.0));
            assertThat(r.get("accepted").asDouble()).isBetween(0.15, 0.25);
            assertThat(r.has("booksim")).isFalse();
        }
    }

    @Test
    void aMissingBookSimBinaryIsBadInput() {
        CliRun run = CliRun.run("bench-sim", "--against-booksim=/nonexistent/booksim", "--runs=1", "--cycles=1000");
        assertThat(run.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(run.err()).contains("--against-booksim", "no such file");
    }

    /** A BookSim binary built on this machine (FLOWPROOF_BOOKSIM, or src/booksim under a /tmp/booksim... folder, as in docs/measurements.md), if any. */
    private static Optional<Path> bookSimBinary() throws IOException {
        String env = System.getenv("FLOWPROOF_BOOKSIM");
        if (env != null && Files.isExecutable(Path.of(env))) {
            return Optional.of(Path.of(env));
        }
        try (Stream<Path> dirs = Files.list(Path.of("/tmp"))) {
            return dirs.filter(d -> d.getFileName().toString().startsWith("booksim"))
                .map(d -> d.resolve("src/booksim")).filter(Files::isExecutable).min(Comparator.naturalOrder());
        }
    }

    @Test
    void runsBookSimAndFlowproofSideBySideWhenABinaryIsThere() throws IOException {
        Optional<Path> bin = bookSimBinary();
        assumeTrue(bin.isPresent(), "no BookSim binary (set FLOWPROOF_BOOKSIM or build one under /tmp/booksim*/src)");
        CliRun run = CliRun.run("bench-sim", "--json", "--runs=1", "--cycles=2000", "--sizes=4", "--loads=0.1",
            "--against-booksim=" + bin.get());
        assertThat(run.code()).as(run.err()).isZero();
        JsonNode r = new ObjectMapper().readTree(run.out().strip());
        assertThat(r.get("rule").asText()).isEqualTo("dateline");
        JsonNode b = r.get("booksim");
        assertThat(b.get("cycles").asLong()).isGreaterThanOrEqualTo(2000);
        assertThat(b.get("accepted").asDouble()).isBetween(0.08, 0.12);
        assertThat(r.get("ratio").asDouble()).isCloseTo(r.get("nodeCyclesPerSecond").asDouble()
            / b.get("nodeCyclesPerSecond").asDouble(), org.assertj.core.data.Offset.offset(0.01));
    }
}
