package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.fuzz.FuzzFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code flowproof fuzz}: no violation, a violation found, shrunk, written and replayed, and bad input. */
class FuzzCommandTest {

    @TempDir
    Path dir;

    private static CliRun run(Object... args) {
        return CliRun.run(args);
    }

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void aDeadlockFreeSpecGivesNoViolationAndSaysHowManyRuns() throws IOException {
        Path spec = write("ring.yaml", "name: ring5-dateline\ntopology: {kind: ring, radix: [5]}\nvcs: 2\n"
            + "rule: dateline\ncapacity: 2\nexpect: deadlock-free\n");
        CliRun r = run("fuzz", spec, "--minutes", "0.03", "--seed", "5", "--out", dir);
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        assertThat(r.out()).contains("seed 5").containsPattern("no violation in \\d+ runs");
        assertThat(r.out()).doesNotContain("proved");
    }

    @Test
    void aWrongClaimIsFoundShrunkWrittenAndReplayed() throws IOException {
        // plain virtual cut-through on a ring deadlocks (the explorer's ring4-c2-vct counterexample); the
        // spec claims otherwise, so fuzz must refute it
        Path spec = write("ring.yaml", "name: ring4-vct-wrong\ntopology: {kind: ring, radix: [4]}\nvcs: 1\n"
            + "rule: vct\ncapacity: 1\nexpect: deadlock-free\n");
        CliRun r = run("fuzz", spec, "--minutes", "1", "--seed", "11", "--out", dir);
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.VIOLATION);
        assertThat(r.out()).contains("seed 11").contains("deadlock-freedom").contains("replay: ./flowproof fuzz ");
        Path file = dir.resolve("ring4-vct-wrong.deadlock-freedom.json");
        assertThat(file).exists();
        FuzzFile.Loaded l = assertParses(file);
        assertThat(l.scenario().routers()).isLessThanOrEqualTo(4);
        assertThat(l.scenario().packets()).hasSizeLessThanOrEqualTo(8);
        CliRun replay = run("fuzz", file);
        assertThat(replay.code()).isEqualTo(Main.VIOLATION);
        assertThat(replay.out()).contains("reproduced: deadlock-freedom");
    }

    /**
     * The spec's VC classes stay in every generated case: the dateline written as VC classes is
     * deadlock-free, and without its classes the same ring deadlocks (with seed 3 fuzz once
     * dropped them and reported a false deadlock after 15 runs).
     */
    @Test
    void theSpecsVcClassesAreKept() {
        CliRun r = run("fuzz", Path.of("specs/ring4-c2-classes-dateline.yaml"), "--minutes", "0.05", "--seed", "3",
            "--out", dir);
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.OK);
        assertThat(r.out()).containsPattern("no violation in \\d+ runs");
    }

    /**
     * A spec whose network and routing table are files beside it: the generated cases find them
     * (they were read without the spec's folder, an internal error).
     */
    @Test
    void networkAndRoutingFilesBesideTheSpecAreFound() {
        CliRun r = run("fuzz", Path.of("specs/graph-ring4-bidir-table-minimal.yaml"), "--minutes", "0.03", "--seed",
            "3", "--out", dir);
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.OK);
        assertThat(r.out()).containsPattern("no violation in \\d+ runs");
    }

    /**
     * A spec with message classes: the generated cases keep them (and the terminals' injection
     * arbiter) and the spec's traffic pairs, and its deadlock freedom is claimed of them. The
     * shared-VC ring with a requests-first port deadlocks (docs/messages.md), so a spec wrongly
     * expecting deadlock freedom of it is refuted (without the message classes, or without the
     * claim, every one-hop route of bit-complement traffic drains: no violation).
     */
    @Test
    void aSpecsMessageClassesAreKeptAndItsDeadlockFreedomClaimed() throws IOException {
        String text = Files.readString(Path.of("specs/msg-ring4-bidir-request-reply-shared-vc.yaml"))
            .replace("expect: counterexample", "expect: deadlock-free")
            .replace("name: msg-ring4-bidir-request-reply-shared-vc", "name: msg-shared-wrong");
        assertThat(text).contains("expect: deadlock-free").contains("injection-arbiter: requests-first");
        Path spec = write("msg-shared-wrong.yaml", text);
        CliRun r = run("fuzz", spec, "--minutes", "0.2", "--seed", "1", "--out", dir);
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.VIOLATION);
        assertThat(r.out()).contains("deadlock-freedom");
        FuzzFile.Loaded l = assertParses(dir.resolve("msg-shared-wrong.deadlock-freedom.json"));
        assertThat(l.scenario().spec().path("messages").path("classes").toString()).isEqualTo("[\"request\",\"reply\"]");
        assertThat(l.scenario().simulation().path("injection-arbiter").asText()).isEqualTo("requests-first");
        // bit-complement on 4 nodes: 0 <-> 3, 1 <-> 2; and the counterexample keeps the spec's ring
        assertThat(l.scenario().packets()).isNotEmpty()
            .allSatisfy(p -> assertThat(p.source() + p.destination()).isEqualTo(3));
        assertThat(l.scenario().routers()).isEqualTo(4);
    }

    /**
     * A deadlock-free spec with message classes: its cases are claimed deadlock-free and run its
     * classes on its own traffic pairs (bit-complement: one hop). On other pairs two-hop
     * requests close the ring in their one VC: with every pattern's pairs, seed 1 reported a
     * false deadlock after 25 runs.
     */
    @Test
    void aDeadlockFreeSpecWithMessageClassesRunsOnItsPairs() {
        CliRun r = run("fuzz", Path.of("specs/msg-ring4-bidir-request-reply-separate-vns.yaml"), "--minutes", "0.05",
            "--seed", "1", "--out", dir);
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.OK);
        assertThat(r.out()).containsPattern("no violation in \\d+ runs");
    }

    /**
     * Message classes under wormhole are claimed too. Before the injection port interleaved its
     * classes (a request whose VC is full no longer holds back the answer behind it), seed 7
     * reported a deadlock on this proved spec after 133 runs (the shrunk case is
     * src/test/resources/fuzz-fixed/msg-mesh2x2-wormhole-injection.json, FixedFuzzCasesTest).
     */
    @Test
    void messageClassesAreClaimedUnderWormholeToo() {
        CliRun r = run("fuzz", Path.of("specs/msg-mesh2x2-request-reply-separate-vns.yaml"), "--minutes", "0.05",
            "--seed", "7", "--out", dir);
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.OK);
        assertThat(r.out()).containsPattern("no violation in \\d+ runs");
    }

    /**
     * Three message classes: the generated cases keep them, conservation checks every class's
     * answers (the simulator logs each message's class) and deadlock freedom is claimed.
     * Before, longer chains ran without their classes and nothing was claimed.
     */
    @Test
    void longerMessageChainsAreKeptAndClaimed() throws IOException {
        Path spec = write("chain.yaml", "name: chain\ntopology: {kind: ring, radix: [4], bidirectional: true}\n"
            + "routing: dor\nvcs: 3\ncapacity: 1\nrule: vct\ntraffic: bit-complement\n"
            + "messages: {classes: [request, forward, reply], vcs: {request: [0], forward: [1], reply: [2]}}\n"
            + "expect: deadlock-free\nsimulation: {injection-arbiter: answers-first}\n");
        CliRun r = run("fuzz", spec, "--minutes", "0.03", "--seed", "2", "--out", dir);
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.OK);
        assertThat(r.out()).doesNotContain("run without them").containsPattern("no violation in [1-9]\\d* runs");
    }

    /** The spec's router allocators stay in every generated case, so they are in its counterexample too. */
    @Test
    void theSpecsAllocatorsAreKept() throws IOException {
        Path spec = write("ring.yaml", "name: ring4-vct-islip\ntopology: {kind: ring, radix: [4]}\nvcs: 1\n"
            + "rule: vct\ncapacity: 1\nexpect: deadlock-free\nsimulation: {buffer: 8, switch-allocator: islip,"
            + " vc-allocator: islip, switch-hold: packet}\n");
        CliRun r = run("fuzz", spec, "--minutes", "1", "--seed", "11", "--out", dir);
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.VIOLATION);
        com.fasterxml.jackson.databind.JsonNode sim = assertParses(dir.resolve("ring4-vct-islip.deadlock-freedom.json"))
            .scenario().spec().get("simulation");
        assertThat(sim.path("switch-allocator").asText()).isEqualTo("islip");
        assertThat(sim.path("vc-allocator").asText()).isEqualTo("islip");
        assertThat(sim.path("switch-hold").asText()).isEqualTo("packet");
    }

    private static FuzzFile.Loaded assertParses(Path file) {
        try {
            return FuzzFile.read(file);
        } catch (flowproof.spec.SpecException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    @Test
    void badInputIsOneLineWithExitTwo() throws IOException {
        Path good = write("ok.yaml", "name: ok\ntopology: {kind: ring, radix: [4]}\nvcs: 2\nrule: dateline\ncapacity: 1\n");
        for (CliRun r : List.of(
            run("fuzz", dir.resolve("missing.yaml")),
            run("fuzz", good, "--minutes", "0"),
            run("fuzz", good, "--max-packets", "0"),
            run("fuzz", write("bad.yaml", "name: bad\ntopology: {kind: ring, radix: [4]}\nvcs: 1\nrule: nonsense\n")),
            run("fuzz", write("broken.json", "{\"format\": \"flowproof-fuzz-counterexample\", \"spec\": 3}")),
            run("fuzz", write("notjson.yaml", "name: [unclosed\n")))) {
            assertThat(r.code()).as(r.err()).isEqualTo(Main.BAD_INPUT);
            assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
            assertThat(r.err()).doesNotContain("Exception");
        }
    }

    @Test
    void aTestOnlyVariantIsRefusedWithItsReplayCommand() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("counterexamples/sim"))) {
            Path f = s.filter(p -> p.toString().endsWith(".json")).findFirst().orElseThrow();
            CliRun r = run("fuzz", f);
            assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
            assertThat(r.err()).contains("test-only").contains("FuzzCounterexampleRegressionTest");
        }
    }
}
