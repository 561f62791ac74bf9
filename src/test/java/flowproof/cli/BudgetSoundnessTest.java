package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.explore.Verdict;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16, "must hold": no input, option or memory budget makes a command claim
 * {@code deadlock-free} or {@code proved} without having established it. Every spec with an
 * {@code expect:} field is run under tiny budgets ({@code --max-memory} 1k..1m,
 * {@code --max-states 1}, a 64 MB heap in a subprocess) on both engines, with {@code check}
 * (which may go on to CP-SAT) and {@code prove}; the exit code must be the spec's true verdict
 * or 3 (incomplete), never 70, and standard error never holds a stack trace.
 *
 * <p>The default build runs every sixth spec of {@code specs/} in-process, and two (a
 * counterexample, a pass) in a 64 MB subprocess; the {@code slow} sweep runs every spec of
 * {@code specs/} and its subfolders, in-process and in subprocesses.
 */
class BudgetSoundnessTest {

    /** Specs the default build runs in a 64 MB subprocess: counterexamples and passes, both engines' models. */
    private static final List<String> REPRESENTATIVE = List.of("specs/ring5-c2-vct.yaml",
        "specs/ring4-c2-critical-bubble-drift.yaml");

    @TempDir
    Path saves;

    /** The exit code of a spec's true verdict. */
    private static int trueCode(Spec spec) {
        return spec.expect() == Verdict.COUNTEREXAMPLE ? Main.VIOLATION : Main.OK;
    }

    private static List<Path> specs(boolean subfolders) throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = subfolders ? Files.walk(Path.of("specs")) : Files.list(Path.of("specs"))) {
            s.filter(p -> p.toString().endsWith(".yaml")).sorted().forEach(out::add);
        }
        out.removeIf(p -> {
            try {
                return !Files.readString(p).lines().anyMatch(l -> l.startsWith("expect:"));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        return out;
    }

    private static void assertSound(Spec spec, String what, int code, String err) {
        assertThat(code).as("%s: exit code; stderr: %s", what, err).isIn(trueCode(spec), Main.INCOMPLETE);
        assertThat(err).as("%s: standard error", what).doesNotContain("\tat ").doesNotContain("internal error")
            .doesNotContain("Exception");
    }

    /** {@code prove} may also refuse a model it cannot encode (2) or give a deadlock configuration (1), never a false proof. */
    private static void assertSoundProof(Spec spec, String what, int code, String err) {
        assertThat(code).as("%s: exit code; stderr: %s", what, err).isIn(Main.OK, Main.VIOLATION, Main.BAD_INPUT,
            Main.INCOMPLETE);
        if (spec.expect() == Verdict.COUNTEREXAMPLE) {
            assertThat(code).as("%s: a counterexample spec proved", what).isNotEqualTo(Main.OK);
        }
        assertThat(err).as("%s: standard error", what).doesNotContain("\tat ").doesNotContain("internal error");
    }

    private void inProcess(List<Path> files) throws Exception {
        for (Path f : files) {
            Spec spec = SpecReader.read(f);
            for (String threads : new String[] {"1", "2"}) {
                for (String memory : new String[] {"1k", "32k", "1m"}) {
                    CliRun r = CliRun.run("explore", f, "--threads", threads, "--max-memory", memory, "--max-seconds",
                        "10", "--no-save");
                    assertSound(spec, f + " explore --threads " + threads + " --max-memory " + memory, r.code(), r.err());
                }
                CliRun r = CliRun.run("explore", f, "--threads", threads, "--max-states", "1", "--max-seconds", "10", "--no-save");
                assertSound(spec, f + " explore --threads " + threads + " --max-states 1", r.code(), r.err());
            }
            CliRun r = CliRun.run("check", f, "--threads", "1", "--max-memory", "32k", "--max-seconds", "10",
                "--counterexamples", saves);
            assertSound(spec, f + " check --max-memory 32k", r.code(), r.err());
        }
    }

    /** One run of the command line in a JVM of its own with {@code -Xmx64m}: exit code and standard error. */
    private static CliRun subprocess(Object... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx64m", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        for (Object a : args) {
            cmd.add(a.toString());
        }
        File out = File.createTempFile("flowproof-budget", ".out");
        File err = File.createTempFile("flowproof-budget", ".err");
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(out).redirectError(err).start();
            if (!p.waitFor(180, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("no answer in 180 s: " + cmd);
            }
            return new CliRun(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
                Files.readString(err.toPath(), StandardCharsets.UTF_8));
        } finally {
            out.delete();
            err.delete();
        }
    }

    private void smallHeap(List<Path> files) throws Exception {
        for (Path f : files) {
            Spec spec = SpecReader.read(f);
            for (String threads : new String[] {"1", "2"}) {
                CliRun r = subprocess("explore", f, "--threads", threads, "--max-seconds", "10", "--no-save");
                assertSound(spec, f + " -Xmx64m explore --threads " + threads, r.code(), r.err());
            }
            CliRun r = subprocess("check", f, "--threads", "1", "--max-seconds", "10", "--counterexamples", saves);
            assertSound(spec, f + " -Xmx64m check", r.code(), r.err());
            r = subprocess("prove", f, "--seconds", "10", "--no-save");
            assertSoundProof(spec, f + " -Xmx64m prove", r.code(), r.err());
        }
    }

    /** The regression of issue 16: a known counterexample spec, 32 KB, one thread, was deadlock-free on 0 states. */
    @Test
    void ring5VctUnderThirtyTwoKilobytesIsIncompleteNotDeadlockFree() {
        for (String threads : new String[] {"1", "2"}) {
            CliRun r = CliRun.run("explore", "specs/ring5-c2-vct.yaml", "--threads", threads, "--max-memory", "32k",
                "--no-save", "--json");
            assertThat(r.code()).isEqualTo(Main.INCOMPLETE);
            assertThat(r.out()).contains("\"verdict\":\"incomplete\"").contains("\"limit\":\"memory\"");
        }
    }

    /** The same under a 64 MB heap (the visited set kept 64 MB free, the whole heap: it refused the empty network). */
    @Test
    void ring5VctUnderASixtyFourMegabyteHeapIsNeverDeadlockFree() throws Exception {
        CliRun r = subprocess("explore", "specs/ring5-c2-vct.yaml", "--threads", "1", "--no-save");
        assertThat(r.code()).as(r.err()).isIn(Main.VIOLATION, Main.INCOMPLETE);
        assertThat(r.out()).doesNotContain("deadlock-free (");
    }

    /** {@code prove} under a 64 MB heap ended in a NullPointerException in the guided search (exit 70). */
    @Test
    void proveUnderASixtyFourMegabyteHeapDoesNotFail() throws Exception {
        CliRun r = subprocess("prove", "specs/ring5-c2-vct.yaml", "--seconds", "30", "--no-save");
        assertThat(r.code()).as(r.err()).isIn(Main.VIOLATION, Main.INCOMPLETE);
        assertThat(r.err()).doesNotContain("Exception");
    }

    /** {@code verify} under 32 KB passed 91 specs on 0 states and flipped the 23 counterexample specs. */
    @Test
    void verifyUnderThirtyTwoKilobytesMismatchesNothing() {
        CliRun r = CliRun.run("verify", "specs", "--threads", "1", "--max-memory", "32k", "--max-seconds", "20",
            "--counterexamples", saves);
        assertThat(r.code()).as(r.out()).isIn(Main.OK, Main.INCOMPLETE);
        assertThat(r.out()).contains(" 0 mismatched").doesNotContain("MISMATCH");
    }

    /** Issue 16 item 4: thousands of VCs, and {@code --max-seconds 2} bounds every phase of check (the graph alone took 88 s). */
    @Test
    void thousandsOfVcsStopAtTheTimeLimitInEveryPhase(@TempDir Path dir) throws IOException {
        Path spec = dir.resolve("vcs1000.yaml");
        Files.writeString(spec, Files.readString(Path.of("specs/ring5-c2-vct.yaml")).replace("vcs: 1\n", "vcs: 1000\n"));
        for (String[] run : new String[][] {{"explore", "1"}, {"check", "2"}}) {
            long t0 = System.nanoTime();
            CliRun r = CliRun.run(run[0], spec, "--threads", run[1], "--max-seconds", "2", "--no-save", "--json");
            double secs = (System.nanoTime() - t0) / 1e9;
            assertThat(r.code()).as(String.join(" ", run) + ": " + r.err()).isEqualTo(Main.INCOMPLETE);
            assertThat(secs).as(String.join(" ", run) + " seconds").isLessThan(20);
        }
        if (flowproof.solve.OrTools.problem() == null) {
            // building the CP-SAT models alone took minutes: --seconds bounds it too
            long t0 = System.nanoTime();
            CliRun r = CliRun.run("prove", spec, "--seconds", "2", "--no-save", "--json");
            assertThat(r.code()).as("prove: " + r.err()).isEqualTo(Main.INCOMPLETE);
            assertThat((System.nanoTime() - t0) / 1e9).as("prove seconds").isLessThan(20);
            assertThat(r.out()).contains("\"verdict\":\"unknown\"");
        }
    }

    @Test
    void anOutOfMemoryErrorIsIncompleteInOneLine() {
        assertThat(Main.outOfMemory(new IllegalStateException("explorer thread failed", new OutOfMemoryError("heap"))))
            .isTrue();
        assertThat(Main.outOfMemory(new IllegalStateException("a bug"))).isFalse();
        java.io.StringWriter w = new java.io.StringWriter();
        assertThat(Main.outOfMemory(new java.io.PrintWriter(w))).isEqualTo(Main.INCOMPLETE);
        assertThat(w.toString().strip()).startsWith("flowproof: incomplete (memory)").doesNotContain("\n");
    }

    /** Every sixth spec of {@code specs/} (in name order: rings, tori, wormhole, clock-cycle and injection-queue models). */
    @Test
    void aFastSubsetOfTheSpecsUnderTinyBudgetsInProcess() throws Exception {
        List<Path> all = specs(false);
        List<Path> subset = new ArrayList<>();
        for (int i = 0; i < all.size(); i += 6) {
            subset.add(all.get(i));
        }
        assertThat(subset).hasSizeGreaterThan(15);
        inProcess(subset);
    }

    @Test
    void representativeSpecsUnderASixtyFourMegabyteHeap() throws Exception {
        smallHeap(REPRESENTATIVE.stream().map(Path::of).toList());
    }

    @Tag("slow")
    @Test
    void everySpecUnderTinyBudgetsInProcess() throws Exception {
        inProcess(specs(true));
    }

    @Tag("slow")
    @Test
    void everySpecUnderASixtyFourMegabyteHeap() throws Exception {
        smallHeap(specs(true));
    }
}
