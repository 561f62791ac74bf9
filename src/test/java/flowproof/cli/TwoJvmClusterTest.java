package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
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

    private Process worker;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    @AfterEach
    void destroyTheWorker() throws InterruptedException {
        if (worker != null) {
            worker.destroyForcibly();
            worker.waitFor(20, TimeUnit.SECONDS);
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

    private void startWorker(Path file) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx1g", "--add-modules", "java.se",
            "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED", "--add-opens", "java.base/java.lang=ALL-UNNAMED",
            "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens", "java.management/sun.management=ALL-UNNAMED",
            "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED",
            "-cp", System.getProperty("java.class.path"), "flowproof.cli.Main", "worker", "--cluster", file.toString()));
        worker = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(worker.getInputStream(),
                StandardCharsets.UTF_8))) {
                for (String l = r.readLine(); l != null; l = r.readLine()) {
                    lines.add(l);
                }
            } catch (IOException e) {
                // the worker was killed
            }
        }, "worker-output");
        reader.setDaemon(true);
        reader.start();
        awaitLine("worker: joined two-jvms");
    }

    /** Waits for a line of the worker's output that contains {@code text}; returns it. */
    private String awaitLine(String text) throws InterruptedException {
        List<String> seen = new ArrayList<>();
        while (true) {
            String l = lines.poll(60, TimeUnit.SECONDS);
            assertThat(l).as("the worker's output so far: " + seen).isNotNull();
            seen.add(l);
            if (l.contains(text)) {
                return l;
            }
        }
    }

    private static JsonNode json(CliRun r, int exit) throws IOException {
        assertThat(r.code()).as(r.err()).isEqualTo(exit);
        return new ObjectMapper().readTree(r.out());
    }

    @Test
    void twoJvmsFindWhatOneFindsAndAWorkerKilledLeavesTheSearchIncomplete() throws Exception {
        Path[] f = files();
        startWorker(f[0]);
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
            awaitLine("worker: explore " + spec + ": ");
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
        awaitLine("joined, 2 members");
        Thread.sleep(2000);
        worker.destroyForcibly();
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
