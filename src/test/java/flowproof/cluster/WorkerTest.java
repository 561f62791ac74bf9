package flowproof.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.explore.ExplorationResult;
import flowproof.explore.Explorer;
import flowproof.explore.Limits;
import flowproof.explore.Model;
import flowproof.explore.Models;
import flowproof.explore.distributed.Transport;
import flowproof.rule.RuleKind;
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
 * A worker whose part of a search fails: the member that drives the search ends it as
 * member-lost and hears why, and the worker joins the cluster again and serves the next search.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class WorkerTest {

    @TempDir
    Path dir;

    /**
     * The search on a small ring; with {@code fail}, member 0 fails first: the worker, which
     * started first and is the oldest member (members are numbered in the cluster's order).
     */
    record Search(boolean fail) implements MemberTask<ExplorationResult> {
        @Override
        public ExplorationResult run(Transport transport) {
            if (fail && transport.self() == 0) {
                throw new IllegalStateException("a part that fails on the worker");
            }
            Model m = Models.ring(4, 1, 2, RuleKind.CRITICAL_BUBBLE);
            return new Explorer(m, HazelcastMembersTest.withoutDrainability(m), Limits.defaults(), false)
                .member(transport).run();
        }

        @Override
        public String summary(ExplorationResult r) {
            return "search: " + r.states() + " states" + (r.limit() == null ? "" : " (" + r.limit() + ")");
        }
    }

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

    private static void await(StringWriter out, String text, int times) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (out.toString().split(java.util.regex.Pattern.quote(text), -1).length - 1 < times) {
            assertThat(System.nanoTime()).as(out.toString()).isLessThan(end);
            Thread.sleep(20);
        }
    }

    @Test
    void aFailedPartEndsTheSearchAsMemberLostAndTheWorkerJoinsAgain() throws Exception {
        int[] p = ports();
        String common = "name: lab\nsecret: first-secret-of-sixteen\nmembers: [127.0.0.1:" + p[0] + ", 127.0.0.1:" + p[1]
            + "]\nport-count: 1\njoin-seconds: 30\nlost-seconds: 5\n";
        Files.writeString(dir.resolve("w.yaml"), common + "port: " + p[0]);
        Files.writeString(dir.resolve("d.yaml"), common + "port: " + p[1]);
        ClusterFile worker = ClusterFile.read(dir.resolve("w.yaml"));
        ClusterFile driver = ClusterFile.read(dir.resolve("d.yaml"));
        StringWriter out = new StringWriter();
        Thread serving = new Thread(() -> Worker.serve(worker, new PrintWriter(out, true)), "test-worker");
        serving.start();
        try {
            await(out, "worker: joined lab", 1);
            try (Cluster c = Cluster.join(driver)) {
                ExplorationResult r = c.everyMember(new Search(true));
                assertThat(r.limit()).isEqualTo("member-lost");
                assertThat(r.traces()).isEmpty();
                assertThat(c.failures()).hasSize(1);
                assertThat(c.failures().get(0)).contains("a part that fails on the worker");
            }
            await(out, "left the cluster after a failed job; joining again", 1);
            await(out, "worker: joined lab", 2);
            try (Cluster c = Cluster.join(driver)) {
                ExplorationResult r = c.everyMember(new Search(false));
                Model m = Models.ring(4, 1, 2, RuleKind.CRITICAL_BUBBLE);
                ExplorationResult one = new Explorer(m, HazelcastMembersTest.withoutDrainability(m), Limits.defaults(),
                    false).run();
                assertThat(r.states()).isEqualTo(one.states());
                assertThat(r.transitions()).isEqualTo(one.transitions());
                assertThat(c.failures()).isEmpty();
            }
            await(out, "worker: search: ", 1);
            assertThat(Worker.stopAll(driver)).hasSize(1);
            serving.join(30_000);
            assertThat(serving.isAlive()).isFalse();
        } finally {
            if (serving.isAlive()) {
                serving.interrupt();
            }
        }
    }
}
