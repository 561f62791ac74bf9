package flowproof.cli;

import static flowproof.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sweep} and {@code compare} run their simulations on several threads ({@code --threads},
 * default all cores): every run is built on its own from the spec, so the output is the same as
 * one run after another, but for the wall-clock fields.
 */
class SweepThreadsTest {

    @TempDir
    Path dir;

    private static JsonNode untimed(String json) throws Exception {
        JsonNode n = new ObjectMapper().readTree(json);
        strip(n);
        return n;
    }

    private static void strip(JsonNode n) {
        if (n instanceof ObjectNode o) {
            o.remove(List.of("seconds", "nodeCyclesPerSecond"));
            o.forEach(SweepThreadsTest::strip);
        } else if (n.isArray()) {
            n.forEach(SweepThreadsTest::strip);
        }
    }

    @Test
    void aSweepOnThreeThreadsPrintsWhatOneThreadPrints() throws Exception {
        String[] common = {"sweep", "specs/sim/torus8x8-dateline.yaml", "--loads", "0.1:0.9:0.2", "--cycles", "4000",
            "--warmup", "1000"};
        CliRun one = run(concat(common, "--threads", "1", "--json"));
        CliRun three = run(concat(common, "--threads", "3", "--json"));
        assertThat(one.code()).as(one.err()).isZero();
        assertThat(three.code()).as(three.err()).isZero();
        assertThat(untimed(three.out())).isEqualTo(untimed(one.out()));
        assertThat(untimed(one.out()).get("runs")).hasSize(5);
        // the table too (it has no wall-clock column)
        CliRun t1 = run(concat(common, "--threads", "1"));
        CliRun t3 = run(concat(common, "--threads", "3"));
        assertThat(t3.out()).isEqualTo(t1.out());
    }

    @Test
    void aComparisonOnTwoThreadsPrintsWhatOneThreadPrints() throws Exception {
        Path f = dir.resolve("cbs.yaml");
        Files.writeString(f, """
            name: cbs4
            topology: {kind: torus, radix: [4, 4], bidirectional: true}
            routing: dor
            vcs: 1
            rule: critical-bubble
            simulation:
              switching: vct
              buffer: 32
              packet-size: 8
              traffic: uniform
              load: 0.2
              cycles: 3000
              warmup: 1000
            """);
        CliRun one = run("compare", f, "--schemes", "none,alo", "--loads", "0.1:0.5:0.2", "--json", "--threads", "1");
        CliRun two = run("compare", f, "--schemes", "none,alo", "--loads", "0.1:0.5:0.2", "--json", "--threads", "2");
        assertThat(one.code()).as(one.err()).isZero();
        assertThat(two.code()).as(two.err()).isZero();
        assertThat(untimed(two.out())).isEqualTo(untimed(one.out()));
    }

    @Test
    void anEngineThatRefusesTheNetworkInAParallelRunGivesTheSameOneLine() throws Exception {
        // FBICM's engine refuses a torus when a run starts: on the run's own thread with --threads 2
        Object[] args = {"sweep", "specs/sim/torus8x8-dateline.yaml", "--loads", "0.1:0.2:0.1", "--cycles", "2000",
            "--control", "fbicm"};
        CliRun one = run(concat(args, "--threads", "1"));
        CliRun two = run(concat(args, "--threads", "2"));
        assertThat(one.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(two.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(two.err()).isEqualTo(one.err()).contains("topology: expected hosts with one injection link");
        assertThat(two.out()).isEqualTo(one.out());
    }

    @Test
    void aThreadCountBelowOneIsOneLine() {
        CliRun r = run("sweep", "specs/sim/torus8x8-dateline.yaml", "--loads", "0.1:0.2:0.1", "--threads", "0");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err().trim()).isEqualTo(
            "specs/sim/torus8x8-dateline.yaml: --threads: expected a positive number of threads, found 0");
        CliRun c = run("compare", "specs/sim/torus8x8-dateline.yaml", "--schemes", "none", "--loads", "0.1:0.2:0.1",
            "--threads", "-2");
        assertThat(c.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(c.err()).contains("--threads: expected a positive number of threads, found -2");
    }

    private static Object[] concat(Object[] a, String... b) {
        Object[] o = new Object[a.length + b.length];
        System.arraycopy(a, 0, o, 0, a.length);
        System.arraycopy(b, 0, o, a.length, b.length);
        return o;
    }
}
