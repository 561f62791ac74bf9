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
 * The cluster runs too long for the default build ({@code mvn -Pslow}): explore on 1, 2, 3 and 5
 * members in one JVM on more specs, R8 on two JVMs, a longer sweep on 3 members, and a worker
 * killed in the middle of a sweep.
 */
@Tag("slow")
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class ClusterSlowTest {

    @TempDir
    Path dir;

    private WorkerProcess worker;

    @AfterEach
    void destroyTheWorker() throws InterruptedException {
        if (worker != null) {
            worker.close();
        }
    }

    private static JsonNode json(CliRun r) throws IOException {
        return new ObjectMapper().readTree(r.out());
    }

    /** The partitioned search's answer against the single-JVM explorer's, drainability included. */
    private static void sameAnswer(String what, JsonNode single, JsonNode members) {
        for (String field : new String[] {"states", "transitions", "depth", "stuckStates", "undrainableStates", "orbits",
            "verdict", "properties"}) {
            assertThat(members.get(field)).as(what + " " + field).isEqualTo(single.get(field));
        }
        Iterator<String> ts = single.get("traces").fieldNames();
        while (ts.hasNext()) {
            String p = ts.next();
            assertThat(members.get("traces").get(p).get("length")).as(what + " trace " + p)
                .isEqualTo(single.get("traces").get(p).get("length"));
        }
    }

    @Test
    void oneTwoThreeAndFiveMembersFindWhatOneJvmFinds() throws IOException {
        List<String> specs = List.of("r1-ring4-c1-vct", "r3-ring4-c1-theoretical-bubble", "r4-ring4-c2-localized-bubble",
            "r5-ring4-c1-localized-bubble", "r6-ring4-c1-critical-bubble", "r7-ring6-c1-critical-bubble",
            "ring3-bidir-c1-vct", "ring3-bidir-c1-theoretical-bubble", "mesh2x2-west-first", "graph-ring4-c1-vct");
        for (String s : specs) {
            String spec = "specs/" + s + ".yaml";
            for (boolean symmetry : new boolean[] {false, true}) {
                List<Object> args = new ArrayList<>(List.of("explore", spec, "--no-save", "--json"));
                if (symmetry) {
                    args.add("--symmetry");
                }
                JsonNode single = json(CliRun.run(args.toArray()));
                for (int n : new int[] {1, 2, 3, 5}) {
                    List<Object> on = new ArrayList<>(args);
                    on.addAll(List.of("--members", n));
                    CliRun r = CliRun.run(on.toArray());
                    assertThat(r.code()).as(r.err()).isIn(Main.OK, Main.VIOLATION, Main.INCOMPLETE);
                    sameAnswer(s + " on " + n + " members" + (symmetry ? " with symmetry" : ""), single, json(r));
                }
            }
        }
    }

    private Path[] files() throws IOException {
        int[] p = ClusterCliTest.freePorts();
        String common = "name: slow\n" + ClusterCliTest.SECRET + "members: [127.0.0.1:" + p[0] + ", 127.0.0.1:" + p[1]
            + "]\nport-count: 1\njoin-seconds: 60\nlost-seconds: 10\n";
        Path w = dir.resolve("worker.yaml");
        Path d = dir.resolve("driver.yaml");
        Files.writeString(w, common + "port: " + p[0] + "\n");
        Files.writeString(d, common + "port: " + p[1] + "\n");
        return new Path[] {w, d};
    }

    @Test
    void twoJvmsFindR8AndAWorkerKilledInASweepLeavesItIncomplete() throws Exception {
        Path[] f = files();
        worker = new WorkerProcess(f[0], "3g");
        CliRun r8 = CliRun.run("explore", "specs/r8-ring5-c2-critical-bubble.yaml", "--no-save", "--json", "--cluster",
            f[1]);
        assertThat(r8.code()).as(r8.err()).isEqualTo(Main.OK);
        JsonNode r = json(r8);
        assertThat(r.get("states").asLong()).isEqualTo(4_862_025L);
        assertThat(r.get("transitions").asLong()).isEqualTo(34_662_600L);
        assertThat(r.get("depth").asInt()).isEqualTo(28);
        assertThat(r.get("stuckStates").asLong()).isZero();
        assertThat(r.get("undrainableStates").asLong()).isZero();
        assertThat(r.get("verdict").asText()).isEqualTo("deadlock-free");
        assertThat(r.get("properties").get("stuck-freedom").asText()).isEqualTo("holds");
        assertThat(r.get("properties").get("drainability").asText()).isEqualTo("holds");

        // a sweep of long runs: the worker killed once it has begun
        Path spec = dir.resolve("long.yaml");
        Files.writeString(spec, SimulateCliTest.SMALL.replace("cycles: 2000", "cycles: 600000"));
        CompletableFuture<CliRun> sweep = CompletableFuture.supplyAsync(() -> CliRun.run("sweep", spec, "--loads",
            "0.1:0.9:0.1", "--cluster", f[1]));
        worker.awaitLine("joined, 2 members");
        Thread.sleep(3000);
        worker.kill();
        CliRun lost = sweep.get(5, TimeUnit.MINUTES);
        assertThat(lost.code()).as(lost.err()).isEqualTo(Main.INCOMPLETE);
        assertThat(lost.out()).isEmpty();
        assertThat(lost.err().strip()).startsWith("sweep: incomplete (member-lost): member").doesNotContain("\n");
    }

    @Test
    void aLongerSweepOnThreeMembersWritesTheSequentialCsv() throws IOException {
        Path spec = dir.resolve("s.yaml");
        Files.writeString(spec, SimulateCliTest.SMALL);
        Path one = dir.resolve("one.csv");
        Path three = dir.resolve("three.csv");
        CliRun a = CliRun.run("sweep", spec, "--loads", "0.05:1.0:0.05", "--csv", one);
        CliRun b = CliRun.run("sweep", spec, "--loads", "0.05:1.0:0.05", "--csv", three, "--members", "3");
        assertThat(b.code()).as(b.err()).isEqualTo(a.code());
        assertThat(b.out()).isEqualTo(a.out());
        String seconds = ",[0-9.]+\n";
        assertThat(Files.readString(three).replaceAll(seconds, "\n")).isEqualTo(Files.readString(one)
            .replaceAll(seconds, "\n"));
    }
}
