package flowproof.cli;

import static flowproof.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster options on one machine: a bad cluster file and a member that never joins are one
 * line each (exit 2 and 3, nothing printed on standard output), for {@code check} too; sweep,
 * compare and verify on 3 members in this JVM, and check on a cluster file, print what they
 * print on one.
 */
@Timeout(120)
class ClusterCliTest {

    @TempDir
    Path dir;

    static final String SECRET = "secret: an-example-secret-of-some-length\n";

    private Path file(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    private static void oneLine(CliRun r, int code, String... parts) {
        assertThat(r.code()).as(r.err()).isEqualTo(code);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip()).doesNotContain("\n").doesNotContain("Exception");
        for (String p : parts) {
            assertThat(r.err()).contains(p);
        }
    }

    @Test
    void aBadClusterFileIsOneLineAndBadInput() throws IOException {
        String spec = "specs/r6-ring4-c1-critical-bubble.yaml";
        Map<String, String> bad = Map.of(
            "name: x\n" + SECRET + "members: [127.0.0.1:5701]\ncolour: red\n", "colour: expected one of the fields",
            "name: x\nsecret: short\nmembers: [127.0.0.1:5701]\n", "secret: expected at least 16 characters, found 5",
            "name: x\n" + SECRET + "members: [localhost]\n", "members: expected addresses host:port",
            "name: x\n" + SECRET + "members: [127.0.0.1:5701]\nport: 70000\n", "port: expected a whole number",
            "name: x\n" + SECRET, "members: expected a list (the field is required), found none",
            SECRET + "members: [127.0.0.1:5701]\n", "name: expected a value",
            "name: x\n" + SECRET + "members: [a:1]\ninterfaces: [eth0]\n", "interfaces: expected IP addresses",
            "name: [x\n", "expected YAML");
        int i = 0;
        for (Map.Entry<String, String> b : bad.entrySet()) {
            Path f = file("bad" + i++ + ".yaml", b.getKey());
            oneLine(run("explore", spec, "--no-save", "--cluster", f), Main.BAD_INPUT, f + ": ", b.getValue());
        }
        Path f = file("bad.yaml", "name: x\n" + SECRET + "members: [127.0.0.1:5701]\nport: 0\n");
        oneLine(run("worker", "--cluster", f), Main.BAD_INPUT, f + ": port: expected");
        oneLine(run("sweep", "specs/sim/torus8x8-vct-1vc.yaml", "--loads", "0.1:0.2:0.1", "--cluster", f),
            Main.BAD_INPUT, f + ": port: expected");
        oneLine(run("verify", "specs", "--cluster", f), Main.BAD_INPUT, f + ": port: expected");
        oneLine(run("explore", spec, "--cluster", dir.resolve("none.yaml")), Main.BAD_INPUT, "no such file");
        oneLine(run("compare", "specs/sim/torus8x8-vct-1vc.yaml", "--schemes", "none", "--loads", "0.1:0.2:0.1",
            "--members", "2", "--cluster", f), Main.BAD_INPUT, "either --cluster FILE or --members N, found both");
        oneLine(run("check", spec, "--cluster", f), Main.BAD_INPUT, f + ": port: expected");
        oneLine(run("check", "specs/msg-ring4-bidir-request-reply-shared-vc.yaml", "--cluster", f), Main.BAD_INPUT,
            "--cluster: expected a spec the search on several members covers");
    }

    /**
     * Two distinct ports free on the loopback interface now, below Linux's ephemeral range
     * (32768 on): a member's port in that range may be taken by an outgoing connection to it
     * once the member is gone (a connection to itself), and a member started there later
     * cannot be reached.
     */
    static int[] freePorts() {
        java.util.Random random = new java.util.Random();
        while (true) {
            int p = 20_000 + random.nextInt(12_000);
            try (ServerSocket a = new ServerSocket(p, 1, InetAddress.getLoopbackAddress());
                 ServerSocket b = new ServerSocket(p + 1, 1, InetAddress.getLoopbackAddress())) {
                return new int[] {p, p + 1};
            } catch (IOException e) {
                // taken: try other ports
            }
        }
    }

    // -Pslow: a cross-check over every spec or a long run (the default build stays under 15 minutes)
    @Tag("slow")
    @Test
    void aMemberThatNeverJoinsLeavesTheRunIncompleteAndNothingRun() throws IOException {
        int[] p = freePorts();
        Path f = file("two.yaml", "name: lonely\n" + SECRET + "members: [127.0.0.1:" + p[0] + ", 127.0.0.1:" + p[1]
            + "]\nport: " + p[0] + "\nport-count: 1\njoin-seconds: 3\n");
        oneLine(run("explore", "specs/r6-ring4-c1-critical-bubble.yaml", "--no-save", "--cluster", f), Main.INCOMPLETE,
            "--cluster: 1 of the 2 members of " + f + " joined within 3 s", "incomplete, nothing was run");
        oneLine(run("sweep", "specs/sim/torus8x8-vct-1vc.yaml", "--loads", "0.1:0.2:0.1", "--cluster", f),
            Main.INCOMPLETE, "1 of the 2 members");
        oneLine(run("check", "specs/r6-ring4-c1-critical-bubble.yaml", "--no-save", "--cluster", f), Main.INCOMPLETE,
            "1 of the 2 members");
    }

    @Test
    void checkOnAClusterFilePrintsWhatOneMachinePrints() throws IOException {
        int[] p = freePorts();
        Path f = file("one.yaml", "name: alone\n" + SECRET + "members: [127.0.0.1:" + p[0] + "]\nport: " + p[0]
            + "\nport-count: 1\n");
        for (String spec : List.of("specs/r6-ring4-c1-critical-bubble.yaml", "specs/graph-ring4-c1-vct.yaml")) {
            CliRun one = run("check", spec, "--no-save");
            CliRun cluster = run("check", spec, "--no-save", "--cluster", f);
            assertThat(cluster.code()).as(cluster.err()).isEqualTo(one.code());
            assertThat(untimed(cluster.out())).isEqualTo(untimed(one.out()));
        }
    }

    /** The text without the figures that measure time or memory (they differ between any two runs). */
    private static String untimed(String text) {
        return text.replaceAll("[0-9.,]+ s\\b", "_ s").replaceAll("(?m)^  (search|stored|speed|memory).*\\n", "");
    }

    private static String withoutLastColumn(String csv) {
        StringBuilder b = new StringBuilder();
        for (String line : csv.split("\n")) {
            b.append(line, 0, line.lastIndexOf(',')).append('\n');
        }
        return b.toString();
    }

    @Test
    void sweepAndCompareOnThreeMembersPrintWhatOneMachinePrints() throws IOException {
        Path spec = file("small.yaml", SimulateCliTest.SMALL.replace("cycles: 2000", "cycles: 1200")
            .replace("warmup: 500", "warmup: 300"));
        Path one = dir.resolve("one.csv");
        Path three = dir.resolve("three.csv");
        CliRun a = run("sweep", spec, "--loads", "0.1:0.7:0.1", "--csv", one);
        CliRun b = run("sweep", spec, "--loads", "0.1:0.7:0.1", "--csv", three, "--members", "3");
        assertThat(b.code()).as(b.err()).isEqualTo(a.code()).isZero();
        assertThat(b.out()).isEqualTo(a.out());
        // the last column is each run's wall time in seconds, different on every run even on one machine
        assertThat(Files.readString(three).lines()).hasSize(8);
        assertThat(withoutLastColumn(Files.readString(three))).isEqualTo(withoutLastColumn(Files.readString(one)));
        CliRun j1 = run("sweep", spec, "--loads", "0.3:0.5:0.1", "--json");
        CliRun j3 = run("sweep", spec, "--loads", "0.3:0.5:0.1", "--json", "--members", "3");
        // as the wall time, the simulator's speed
        String time = "\"(seconds|nodeCyclesPerSecond)\" : [0-9.E-]+";
        assertThat(j3.out().replaceAll(time, "S")).isEqualTo(j1.out().replaceAll(time, "S"));

        Path c1 = dir.resolve("c1.csv");
        Path c3 = dir.resolve("c3.csv");
        CliRun ca = run("compare", spec, "--schemes", "none,alo", "--loads", "0.2:0.6:0.2", "--csv", c1);
        CliRun cb = run("compare", spec, "--schemes", "none,alo", "--loads", "0.2:0.6:0.2", "--csv", c3,
            "--members", "3");
        assertThat(cb.code()).as(cb.err()).isEqualTo(ca.code()).isZero();
        assertThat(cb.out()).isEqualTo(ca.out());
        assertThat(Files.readString(c3)).isEqualTo(Files.readString(c1)).contains("alo");
    }

    private static Map<String, String> files(Path d) throws IOException {
        Map<String, String> m = new TreeMap<>();
        try (Stream<Path> s = Files.list(d)) {
            for (Path p : s.toList()) {
                m.put(p.getFileName().toString(), Files.readString(p));
            }
        }
        return m;
    }

    @Test
    void verifyOnThreeMembersPrintsWhatOneMachinePrintsAndWritesTheSameCounterexamples() throws IOException {
        Path specs = Files.createDirectory(dir.resolve("specs"));
        for (String s : List.of("r1-ring4-c1-vct", "r6-ring4-c1-critical-bubble", "r2-ring4-c1-dateline",
            "mesh2x2-west-first", "r4-ring4-c2-localized-bubble")) {
            Files.copy(Path.of("specs", s + ".yaml"), specs.resolve(s + ".yaml"));
        }
        Files.writeString(specs.resolve("broken.yaml"), "name: broken\n");
        Path cx1 = dir.resolve("cx1");
        Path cx3 = dir.resolve("cx3");
        CliRun a = run("verify", specs, "--counterexamples", cx1);
        CliRun b = run("verify", specs, "--counterexamples", cx3, "--members", "3");
        assertThat(b.code()).as(b.err()).isEqualTo(a.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(b.err()).isEqualTo(a.err());
        // the seconds column is each check's wall time
        String seconds = " +[0-9]+\\.[0-9]{2}  ";
        assertThat(b.out().replaceAll(seconds, " S  ")).isEqualTo(a.out().replaceAll(seconds, " S  "));
        assertThat(a.out()).contains("6 specs: 5 as expected, 0 mismatched, 0 incomplete, 0 without expectation, 1 invalid");
        assertThat(files(cx3)).isEqualTo(files(cx1)).isNotEmpty();
        CliRun j1 = run("verify", specs, "--counterexamples", cx1, "--json");
        CliRun j3 = run("verify", specs, "--counterexamples", cx3, "--json", "--members", "2");
        // wall time, and the memory the visited set happened to take (its growth depends on the threads' timing)
        String secs = "\"(seconds|bytesPerState|storedBytes)\":[0-9.E-]+";
        assertThat(j3.out().replaceAll(secs, "S").replace(cx3.toString(), "CX"))
            .isEqualTo(j1.out().replaceAll(secs, "S").replace(cx1.toString(), "CX"))
            .contains("CX/");
    }
}
