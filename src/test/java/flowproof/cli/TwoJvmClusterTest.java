package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two JVMs on the loopback interface: a worker started as a second process ({@code flowproof
 * worker --cluster FILE}, the test's class path) and {@code explore --cluster FILE} in this JVM
 * find exactly what the single-JVM explorer finds; the worker killed in the middle of a larger
 * search leaves it incomplete with nothing claimed.
 */
@Timeout(value = 170, unit = TimeUnit.SECONDS)
class TwoJvmClusterTest {

    @TempDir
    Path dir;

    private WorkerProcess worker;

    @AfterEach
    void destroyTheWorker() throws InterruptedException {
        if (worker != null) {
            worker.close();
        }
    }

    /** The two members' files: the same cluster, each member on its own loopback port. */
    private Path[] files() throws IOException {
        int[] p = ClusterCliTest.freePorts();
        String common = "name: two-jvms\n" + ClusterCliTest.SECRET + "members: [127.0.0.1:" + p[0] + ", 127.0.0.1:" + p[1]
            + "]\nport-count: 1\njoin-seconds: 60\nlost-seconds: 10\n";
        Path w = dir.resolve("worker.yaml");
        Path d = dir.resolve("driver.yaml");
        Files.writeString(w, common + "port: " + p[0] + "\n");
        Files.writeString(d, common + "port: " + p[1] + "\n");
        return new Path[] {w, d};
    }

    private static JsonNode json(CliRun r, int exit) throws IOException {
        assertThat(r.code()).as(r.err()).isEqualTo(exit);
        return new ObjectMapper().readTree(r.out());
    }

    // -Pslow: a cross-check over every spec or a long run (the default build stays under 15 minutes)
    @Tag("slow")
    @Test
    void twoJvmsFindWhatOneFindsAndAWorkerKilledLeavesTheSearchIncomplete() throws Exception {
        Path[] f = files();
        worker = new WorkerProcess(f[0], "1g");
        // deadlock-free specs and counterexamples: drainability is decided by the members together
        Object[][] runs = {
            {"specs/r6-ring4-c1-critical-bubble.yaml", 0, List.of()},
            {"specs/r4-ring4-c2-localized-bubble.yaml", 0, List.of("--symmetry")},
            {"specs/r1-ring4-c1-vct.yaml", 1, List.of()},
            {"specs/r2-ring4-c1-dateline.yaml", 0, List.of("--max-states", "100000")},
        };
        for (Object[] run : runs) {
            String spec = (String) run[0];
            int exit = (Integer) run[1];
            @SuppressWarnings("unchecked")
            List<String> extra = (List<String>) run[2];
            List<Object> one = new ArrayList<>(List.of("explore", spec, "--no-save", "--json"));
            one.addAll(extra);
            List<Object> two = new ArrayList<>(one);
            two.addAll(List.of("--cluster", f[1]));
            JsonNode single = json(CliRun.run(one.toArray()), exit);
            JsonNode both = json(CliRun.run(two.toArray()), exit);
            worker.awaitLine("worker: explore " + spec + ": ");
            for (String field : new String[] {"states", "transitions", "depth", "stuckStates", "undrainableStates", "orbits",
                "verdict", "properties"}) {
                assertThat(both.get(field)).as(spec + " " + field).isEqualTo(single.get(field));
            }
            assertThat(both.get("threads").asInt()).isEqualTo(2);
            JsonNode traces = single.get("traces");
            Iterator<String> ts = traces.fieldNames();
            while (ts.hasNext()) {
                String p = ts.next();
                assertThat(both.get("traces").get(p).get("length")).as(spec + " trace " + p)
                    .isEqualTo(traces.get(p).get("length"));
            }
            if (exit == Main.VIOLATION) {
                assertThat(both.get("traces").get("stuck-freedom").get("length").asInt()).isEqualTo(4);
            }
        }

        // R8 (4,862,025 states on one JVM): the worker killed a moment after the search began
        CompletableFuture<CliRun> r8 = CompletableFuture.supplyAsync(() -> CliRun.run("explore",
            "specs/r8-ring5-c2-critical-bubble.yaml", "--no-save", "--json", "--cluster", f[1]));
        worker.awaitLine("joined, 2 members");
        Thread.sleep(2000);
        worker.kill();
        CliRun lost = r8.get(120, TimeUnit.SECONDS);
        JsonNode r = json(lost, Main.INCOMPLETE);
        assertThat(r.get("verdict").asText()).isEqualTo("incomplete");
        assertThat(r.get("limit").asText()).isEqualTo("member-lost");
        assertThat(r.get("states").asLong()).isLessThan(4_862_025L);
        assertThat(r.get("traces").size()).isZero();
        assertThat(r.get("properties").toString()).doesNotContain("holds").doesNotContain("violated");
        assertThat(lost.err()).contains("--cluster: a member was lost");
    }
}
