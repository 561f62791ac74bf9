package flowproof.check;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.explore.Property;
import flowproof.explore.Verdict;
import flowproof.spec.Spec;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A decision is the record of its verdict, made by the first step of the portfolio that
 * decides, with the evidence of the steps before it; the traces are saved after it.
 */
class DecisionRecordsTest {

    private static Spec spec(String name) throws Exception {
        return Flowproof.read(Path.of("specs/" + name + ".yaml"));
    }

    @Test
    void anAcyclicGraphIsAProvedRecordWithTheGraphAndNoExploration() throws Exception {
        Decision d = Flowproof.check(spec("mesh4x4-west-first"));
        assertThat(d).isInstanceOf(Decision.Proved.class);
        assertThat(d.verdict()).isEqualTo(Verdict.PROVED);
        assertThat(d.method()).isEqualTo(Method.CDG);
        assertThat(d.evidence().cdg().acyclic()).isTrue();
        assertThat(d.evidence().exploration()).isNull();
        assertThat(d.toString()).isEqualTo("mesh4x4-west-first: proved (method cdg)");
    }

    @Test
    void aStuckRingIsACounterexampleRecordWhoseTraceIsSavedAfterTheDecision(@TempDir Path dir) throws Exception {
        Spec s = spec("r1-ring4-c1-vct");
        Decision unsaved = Flowproof.check(s);
        assertThat(unsaved).isInstanceOf(Decision.Counterexample.class);
        assertThat(unsaved.method()).isEqualTo(Method.EXHAUSTIVE);
        assertThat(unsaved.evidence().cdg().acyclic()).isFalse();
        assertThat(unsaved.saved()).isEqualTo(Decision.Saved.NONE);
        Decision saved = Flowproof.check(s, Options.defaults().withSaveTo(dir));
        String file = saved.savedFiles().get(Property.STUCK_FREEDOM);
        assertThat(Path.of(file)).exists();
        assertThat(Files.readString(Path.of(file.replace(".json", ".txt")))).startsWith("r1-ring4-c1-vct: ");
        assertThat(saved.text()).contains("saved to " + file).isEqualTo(unsaved.text().replace(
            "stuck-freedom: 4 moves\n", "stuck-freedom: 4 moves, saved to " + file + "\n"));
    }

    @Test
    void aStateLimitIsAnIncompleteRecordOfTheExplorer() throws Exception {
        Decision d = Flowproof.explore(spec("r6-ring4-c1-critical-bubble"), Options.defaults().withMaxStates(10));
        assertThat(d).isInstanceOf(Decision.Incomplete.class);
        assertThat(d.kind()).isEqualTo(Decision.Kind.EXPLORE);
        assertThat(d.exploration().orElseThrow().limit()).isEqualTo("states");
        assertThat(d.exitCode()).isEqualTo(Decision.EXIT_INCOMPLETE);
    }

    @Test
    void aFolderThatCannotBeWrittenLeavesTheVerdictStanding(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("not-a-folder"), "");
        Decision d = Flowproof.check(spec("r1-ring4-c1-vct"), Options.defaults().withSaveTo(file));
        assertThat(d).isInstanceOf(Decision.Counterexample.class);
        assertThat(d.savedFiles()).isEmpty();
        assertThat(d.writeFailure()).hasValueSatisfying(w -> assertThat(w).startsWith("--counterexamples: "));
    }
}
