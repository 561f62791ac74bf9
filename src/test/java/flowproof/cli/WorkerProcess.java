package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * {@code flowproof worker --cluster FILE} in a second JVM on the test's class path, its output
 * read line by line, for the tests that run a cluster of two JVMs on the loopback interface.
 */
final class WorkerProcess implements AutoCloseable {

    private final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> seen = new ArrayList<>();

    /** Starts the worker with a heap of {@code heap} (e.g. {@code 1g}) and {@code extra} options, and waits until it joined. */
    WorkerProcess(Path file, String heap, String... extra) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx" + heap, "--add-modules", "java.se",
            "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED", "--add-opens", "java.base/java.lang=ALL-UNNAMED",
            "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens", "java.management/sun.management=ALL-UNNAMED",
            "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED",
            "-cp", System.getProperty("java.class.path"), "flowproof.cli.Main", "worker", "--cluster", file.toString()));
        cmd.addAll(List.of(extra));
        process = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
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
        awaitLine("worker: joined ");
    }

    /** Waits (at most two minutes) for the next line of the worker's output that contains {@code text}; returns it. */
    String awaitLine(String text) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (true) {
            String l = lines.poll(Math.max(1, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            assertThat(l).as("the worker's output so far: " + seen).isNotNull();
            seen.add(l);
            if (l.contains(text)) {
                return l;
            }
        }
    }

    /** Kills the worker at once (SIGKILL), as a machine that is lost. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(20, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException {
        kill();
    }
}
