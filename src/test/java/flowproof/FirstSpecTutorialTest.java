package flowproof;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.spec.SpecReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The first-spec tutorial (docs/guide/first-spec.md) and its five-minute version in the
 * README, run step by step as a new user would: write the spec, check it (a counterexample,
 * exit 1, its trace saved), read the trace, fix the rule and check again (deadlock-free,
 * exit 0), then keep both as a regression suite (`verify` on the folder, `replay` of the
 * saved trace, both exit 0).
 */
class FirstSpecTutorialTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"docs/guide/first-spec.md", "README.md"})
    void theTutorialRunsStepByStep(String page) throws Exception {
        List<DocPages.Run> runs = DocPages.run(Path.of(page), dir);
        List<String> checks = runs.stream().map(r -> r.command().split("\\s+")[1] + " " + r.exit()).toList();
        // the steps, in order: check (counterexample), ..., check the fix, verify the folder, replay the trace
        assertThat(checks.get(0)).isEqualTo("check 1");
        assertThat(checks).containsSubsequence("check 1", "report 0", "check 0", "verify 0", "replay 0");
        for (DocPages.Run r : runs) {
            assertThat(r.exit()).as(r.command() + "\n" + r.out() + r.err()).isEqualTo(r.expected());
            assertThat(DocPages.missingOutput(r)).as(r.command() + " printed\n" + r.out()).isEmpty();
        }
        DocPages.Run first = runs.get(0);
        assertThat(first.out()).contains("verdict        counterexample (breadth-first, stopped at the first violation)")
            .contains("saved to counterexamples/ring4-vct.stuck-freedom.json");
        Path trace = dir.resolve("counterexamples/ring4-vct.stuck-freedom.json");
        assertThat(trace).exists();
        assertThat(dir.resolve("counterexamples/ring4-vct.stuck-freedom.txt")).exists();
        assertThat(dir.resolve("html/ring4-vct.stuck-freedom.html")).exists();
        DocPages.Run fixed = runs.stream().filter(r -> r.command().contains("ring4-cbs")).findFirst().orElseThrow();
        assertThat(fixed.out()).contains("verdict        deadlock-free");
        // the suite as the tutorial leaves it: the broken spec now expects its counterexample
        assertThat(SpecReader.read(dir.resolve("my-specs/ring4-vct.yaml")).expect().key()).isEqualTo("counterexample");
        assertThat(runs.get(runs.size() - 1).out()).contains("reproduced: stuck-freedom violated after 4 moves");
    }
}
