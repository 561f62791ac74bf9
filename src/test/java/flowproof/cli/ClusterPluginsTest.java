package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's plugins on a cluster of two JVMs: the driver's {@code --plugins} (a rule on no class
 * path, compiled here) travel with its jobs, and a worker started with {@code --accept-plugins}
 * runs them and finds what one JVM finds; a worker without it runs its own plugins (none here),
 * fails to build the rule, says why and leaves, and the run ends incomplete (member lost), claiming nothing.
 */
@Timeout(value = 170, unit = TimeUnit.SECONDS)
class ClusterPluginsTest {

    @TempDir
    Path dir;

    private Path[] files(String name) throws IOException {
        int[] p = ClusterCliTest.freePorts();
        String common = "name: " + name + "\n" + ClusterCliTest.SECRET + "members: [127.0.0.1:" + p[0] + ", 127.0.0.1:"
            + p[1] + "]\nport-count: 1\njoin-seconds: 60\nlost-seconds: 10\n";
        Path w = Files.writeString(dir.resolve(name + "-worker.yaml"), common + "port: " + p[0] + "\n");
        Path d = Files.writeString(dir.resolve(name + "-driver.yaml"), common + "port: " + p[1] + "\n");
        return new Path[] {w, d};
    }

    @Test
    void aWorkerThatAcceptsPluginsRunsTheDriversAndOneThatDoesNotSaysWhy() throws Exception {
        Path[] plugins = PluginsCliTest.compileExternalPlugins(dir.resolve("plugins"));
        Path spec = Files.writeString(dir.resolve("ring4-tiny.yaml"), "name: ring4-tiny\ntopology: {kind: ring,"
            + " radix: 4}\ncapacity: 2\nrule: {class: extplugin.TinyBubble}\nexpect: deadlock-free\n");
        CliRun one = CliRun.run("explore", spec, "--no-save", "--json", "--plugins", plugins[1]);
        assertThat(one.code()).as(one.err()).isZero();
        JsonNode single = new ObjectMapper().readTree(one.out());

        Path[] f = files("accepts");
        try (WorkerProcess worker = new WorkerProcess(f[0], "1g", "--accept-plugins")) {
            // the driver's plugins as a folder of classes: sent as a jar made of its files
            CliRun two = CliRun.run("explore", spec, "--no-save", "--json", "--plugins", plugins[0], "--cluster", f[1]);
            assertThat(two.code()).as(two.err()).isZero();
            JsonNode both = new ObjectMapper().readTree(two.out());
            assertThat(worker.awaitLine("worker: explore ")).contains("deadlock-free");
            for (String field : new String[] {"states", "transitions", "depth", "stuckStates", "undrainableStates",
                "verdict", "properties"}) {
                assertThat(both.get(field)).as(field).isEqualTo(single.get(field));
            }
            assertThat(both.get("threads").asInt()).isEqualTo(2);
        }

        Path[] g = files("refuses");
        try (WorkerProcess worker = new WorkerProcess(g[0], "1g")) {
            CliRun refused = CliRun.run("explore", spec, "--no-save", "--json", "--plugins", plugins[1], "--cluster", g[1]);
            assertThat(refused.code()).as(refused.out() + refused.err()).isEqualTo(Main.INCOMPLETE);
            JsonNode r = new ObjectMapper().readTree(refused.out());
            assertThat(r.get("verdict").asText()).isEqualTo("incomplete");
            assertThat(r.get("limit").asText()).isEqualTo("member-lost");
            assertThat(r.get("properties").toString()).doesNotContain("holds").doesNotContain("violated");
            assertThat(worker.awaitLine("the driver sent its plugins")).contains("--accept-plugins");
        }
    }
}
