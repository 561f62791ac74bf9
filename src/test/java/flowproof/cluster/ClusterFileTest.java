package flowproof.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster file's defaults and its secret: members whose files differ in the secret do not
 * join each other; a worker serves until a member asks it to stop.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ClusterFileTest {

    @TempDir
    Path dir;

    /** Two ports free on the loopback interface, below the ephemeral range. */
    private static int[] ports() {
        Random random = new Random();
        while (true) {
            int p = 20_000 + random.nextInt(12_000);
            try (ServerSocket a = new ServerSocket(p, 1, InetAddress.getLoopbackAddress());
                 ServerSocket b = new ServerSocket(p + 1, 1, InetAddress.getLoopbackAddress())) {
                return new int[] {p, p + 1};
            } catch (IOException e) {
                // taken: try others
            }
        }
    }

    private ClusterFile file(String name, String text) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return ClusterFile.read(f);
    }

    @Test
    void defaultsAreLoopbackAndTheClusterNameCarriesAHashOfTheSecret() throws Exception {
        ClusterFile a = file("a.yaml", "name: lab\nsecret: first-secret-of-sixteen\nmembers: [10.0.0.1:5701]\n");
        ClusterFile b = file("b.yaml", "name: lab\nsecret: other-secret-of-sixteen\nmembers: [10.0.0.1:5701]\n");
        assertThat(a.interfaces()).containsExactly("127.0.0.1");
        assertThat(a.port()).isEqualTo(5701);
        assertThat(a.clusterName()).startsWith("lab-").doesNotContain("first-secret").isNotEqualTo(b.clusterName());
        var c = Cluster.config(a, "worker", 2);
        assertThat(c.getProperty("hazelcast.phone.home.enabled")).isEqualTo("false");
        assertThat(c.getNetworkConfig().getJoin().getMulticastConfig().isEnabled()).isFalse();
        assertThat(c.getNetworkConfig().getInterfaces().getInterfaces()).containsExactly("127.0.0.1");
        assertThat(c.getNetworkConfig().getJoin().getTcpIpConfig().getMembers()).containsExactly("10.0.0.1:5701");
    }

    @Test
    void aMemberWithoutTheSecretDoesNotJoinAndAWorkerStopsWhenAsked() throws Exception {
        int[] p = ports();
        String members = "members: [127.0.0.1:" + p[0] + ", 127.0.0.1:" + p[1] + "]\nport-count: 1\njoin-seconds: 3\n";
        ClusterFile worker = file("w.yaml", "name: lab\nsecret: first-secret-of-sixteen\n" + members + "port: " + p[0]);
        ClusterFile stranger = file("s.yaml", "name: lab\nsecret: other-secret-of-sixteen\n" + members + "port: " + p[1]);
        ClusterFile driver = file("d.yaml", "name: lab\nsecret: first-secret-of-sixteen\n" + members + "port: " + p[1]);
        StringWriter out = new StringWriter();
        Thread serving = new Thread(() -> Worker.serve(worker, new PrintWriter(out, true)), "test-worker");
        serving.start();
        try {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!out.toString().contains("joined lab") && System.nanoTime() < end) {
                Thread.sleep(20);
            }
            assertThatThrownBy(() -> Cluster.join(stranger)).isInstanceOf(Cluster.Unreachable.class)
                .hasMessageContaining("1 of the 2 members");
            try (Cluster c = Cluster.join(driver)) {
                assertThat(c.members()).isEqualTo(2);
            }
            assertThat(Worker.stopAll(driver)).containsExactly("[127.0.0.1]:" + p[0]);
            serving.join(30_000);
            assertThat(serving.isAlive()).isFalse();
            assertThat(out.toString()).contains("worker: stop: asked to stop").contains("worker: stopped");
        } finally {
            if (serving.isAlive()) {
                serving.interrupt();
            }
        }
    }
}
