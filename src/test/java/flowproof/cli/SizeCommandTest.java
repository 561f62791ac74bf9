package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import flowproof.explore.Verdict;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code size} (issue 44): the smallest value of a resource that check decides deadlock-free, the
 * counterexample at the value below, every value of the range checked (monotonicity checked, not
 * assumed), and an incomplete value below the answer making it an upper bound only.
 */
class SizeCommandTest {

    @TempDir
    Path dir;

    private int run(StringWriter out, StringWriter err, String... args) {
        return Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void localizedBubbleNeedsTwoSlotsAndTheOneBelowHasItsTrace() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = run(out, err, "size", "specs/r4-ring4-c2-localized-bubble.yaml", "--resource", "capacity", "--to", "3",
            "--counterexamples", dir.toString(), "--json");
        assertThat(code).as(err.toString()).isZero();
        JsonNode j = new ObjectMapper().readTree(out.toString());
        assertThat(j.get("smallest").asInt()).isEqualTo(2);
        assertThat(j.get("established").asBoolean()).isTrue();
        assertThat(j.get("monotone").asBoolean()).isTrue();
        assertThat(j.get("values").get(0).get("verdict").asText()).isEqualTo("counterexample");
        String trace = j.get("values").get(0).get("counterexamples").get(0).asText();
        assertThat(Path.of(trace)).exists();
        assertThat(Path.of(trace).getFileName().toString()).startsWith("r4-ring4-c2-localized-bubble-capacity-1.");
        // the trace replays as the spec at that value
        StringWriter rout = new StringWriter();
        assertThat(run(rout, new StringWriter(), "replay", trace)).isZero();
    }

    @Test
    void theTextNamesTheSmallestAndTheCounterexampleBelow() {
        StringWriter out = new StringWriter();
        int code = run(out, new StringWriter(), "size", "specs/r4-ring4-c2-localized-bubble.yaml", "--resource",
            "capacity", "--to", "2", "--counterexamples", dir.toString());
        assertThat(code).isZero();
        assertThat(out.toString()).contains("capacity       1    counterexample").contains("capacity       2    deadlock-free")
            .contains("smallest       capacity = 2; counterexample at 1: ");
    }

    @Test
    void noValueDeadlockFreeIsExitOne() {
        StringWriter out = new StringWriter();
        int code = run(out, new StringWriter(), "size", "specs/r1-ring4-c1-vct.yaml", "--resource", "capacity", "--to", "2",
            "--counterexamples", dir.toString());
        assertThat(code).isEqualTo(1);
        assertThat(out.toString()).contains("none in 1-2: no value of the range is deadlock-free");
    }

    @Test
    void monotonicityIsCheckedAndAnUndecidedValueBelowMakesAnUpperBound() {
        var free = new SizeCommand.Step(2, Verdict.DEADLOCK_FREE, "exhaustive", null, List.of());
        var cex1 = new SizeCommand.Step(1, Verdict.COUNTEREXAMPLE, "exhaustive", null, List.of("t.json"));
        var cex3 = new SizeCommand.Step(3, Verdict.COUNTEREXAMPLE, "exhaustive", null, List.of());
        var inc1 = new SizeCommand.Step(1, Verdict.INCOMPLETE, "exhaustive", null, List.of());
        var ok = SizeCommand.answer(List.of(cex1, free, new SizeCommand.Step(3, Verdict.PROVED, "cdg", null, List.of())));
        assertThat(ok.smallest()).isEqualTo(2);
        assertThat(ok.exit()).isZero();
        var notMonotone = SizeCommand.answer(List.of(cex1, free, cex3));
        assertThat(notMonotone.smallest()).isEqualTo(2);
        assertThat(notMonotone.violatedAbove()).isEqualTo(3);
        assertThat(notMonotone.why()).isEqualTo("not monotone: deadlock-free at 2, a counterexample at 3");
        assertThat(notMonotone.exit()).isEqualTo(3);
        var upper = SizeCommand.answer(List.of(inc1, free));
        assertThat(upper.established()).isFalse();
        assertThat(upper.why()).contains("upper bound");
        assertThat(upper.exit()).isEqualTo(3);
    }

    @Test
    void badInputIsOneLineExitTwo() throws Exception {
        for (String[] args : new String[][] {
            {"size", "specs/r1-ring4-c1-vct.yaml", "--resource", "buffers"},
            {"size", "specs/r1-ring4-c1-vct.yaml", "--resource", "endpoint-queue"},
            {"size", "specs/r1-ring4-c1-vct.yaml", "--resource", "capacity", "--from", "3", "--to", "2"},
            {"size", "specs/r2-ring4-c1-dateline.yaml", "--resource", "vcs", "--from", "3", "--to", "4"}}) {
            StringWriter err = new StringWriter();
            int code = run(new StringWriter(), err, args);
            assertThat(code).as(String.join(" ", args)).isEqualTo(2);
            assertThat(err.toString().strip()).doesNotContain("\n").isNotEmpty();
        }
        StringWriter err = new StringWriter();
        run(new StringWriter(), err, "size", "specs/r2-ring4-c1-dateline.yaml", "--resource", "vcs", "--from", "3", "--to",
            "4");
        assertThat(err.toString()).contains("vcs: expected 2 for rule dateline, found 3").contains("every value of vcs");
        assertThat(Files.list(dir)).isEmpty();
    }

    /** Issue 44's sizes: the dateline torus needs 2 VCs (1 VC: plain VCT, a counterexample). */
    @Test
    void theDatelineTorusNeedsTwoVcs() throws Exception {
        CliRun r = CliRun.run("size", "specs/torus4x4-bidir-dateline.yaml", "--resource", "vcs", "--to", "2",
            "--counterexamples", dir, "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("smallest").asInt()).isEqualTo(2);
        assertThat(j.get("values").get(0).get("verdict").asText()).isEqualTo("counterexample");
        assertThat(j.get("values").get(0).get("counterexamples")).isNotEmpty();
    }

    /** Dragonfly UGAL needs 3 VC classes: at 2 (the hops' classes capped at 1, a VC per class) a counterexample. */
    @Test
    void dragonflyUgalNeedsThreeVcClasses() throws Exception {
        CliRun r = CliRun.run("size", "specs/dragonfly-a2h1-ugal-3-classes.yaml", "--resource", "vc-classes", "--to", "3",
            "--counterexamples", dir, "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("smallest").asInt()).isEqualTo(3);
        assertThat(j.get("values").get(1).get("verdict").asText()).isEqualTo("counterexample");
        assertThat(j.get("values").get(1).get("counterexamples")).isNotEmpty();
        assertThat(j.get("monotone").asBoolean()).isTrue();
    }

    /** Request/reply on a 4x4 mesh, endpoint queue and VCs together: 1 and 2, with one VC (classes share it) a counterexample. */
    @Test
    void requestReplyNeedsAnEndpointQueueOfOneAndTwoVcs() throws Exception {
        CliRun r = CliRun.run("size", "specs/msg-mesh4x4-request-reply-separate-vcs.yaml", "--resource",
            "endpoint-queue,vcs", "--to", "2", "--counterexamples", dir, "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("smallest")).hasSize(1);
        assertThat(j.get("smallest").get(0).get("endpoint-queue").asInt()).isEqualTo(1);
        assertThat(j.get("smallest").get(0).get("vcs").asInt()).isEqualTo(2);
        assertThat(j.get("established").asBoolean()).isTrue();
        assertThat(j.get("monotone").asBoolean()).isTrue();
        JsonNode first = j.get("combinations").get(0);
        assertThat(first.get("values").get("vcs").asInt()).isEqualTo(1);
        assertThat(first.get("verdict").asText()).isEqualTo("counterexample");
        CliRun text = CliRun.run("size", "specs/msg-mesh4x4-request-reply-separate-vcs.yaml", "--resource",
            "endpoint-queue,vcs", "--to", "2", "--no-save");
        assertThat(text.out()).contains("smallest: endpoint-queue 1, vcs 2; one below: vcs 1: counterexample",
            "monotone over the range in every resource");
    }

    @Test
    void badResourceListsAreOneLine() {
        CliRun twice = CliRun.run("size", "specs/msg-mesh4x4-request-reply-separate-vcs.yaml", "--resource", "vcs,vcs");
        assertThat(twice.code()).isEqualTo(2);
        assertThat(twice.err().strip()).isEqualTo("--resource: expected capacity, vcs, bubbles, endpoint-queue or vc-classes,"
            + " each once, found vcs,vcs");
        CliRun many = CliRun.run("size", "specs/msg-mesh4x4-request-reply-separate-vcs.yaml", "--resource",
            "endpoint-queue,vcs,capacity", "--to", "8");
        assertThat(many.code()).isEqualTo(2);
        assertThat(many.err().strip()).isEqualTo("--from/--to: expected at most 64 combinations of 3 resources, found 512"
            + " (8 values each)");
    }
}
