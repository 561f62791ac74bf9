package flowproof.testing;

import static flowproof.testing.FlowproofAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.check.Decision;
import flowproof.check.Flowproof;
import flowproof.check.Options;
import flowproof.explore.Property;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The assertions pass on what holds and fail, naming the spec and the verdict, on what does not. */
class FlowproofAssertionsTest {

    private static Decision check(String name) throws Exception {
        return Flowproof.check(Flowproof.read(Path.of("specs", name + ".yaml")));
    }

    @Test
    void aProofPassesProofAssertionsAndFailsCounterexampleOnes() throws Exception {
        Decision d = check("mesh4x4-west-first");
        assertThat(d).isProved().isDeadlockFree().hasMethod("cdg").holds(Property.STUCK_FREEDOM).matchesExpectation()
            .savedEverything();
        assertThatThrownBy(() -> assertThat(d).hasCounterexample())
            .isInstanceOf(AssertionError.class)
            .hasMessageContaining("Expected mesh4x4-west-first to be a counterexample, but the verdict is proved");
        assertThatThrownBy(() -> assertThat(d).isIncomplete()).isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> assertThat(d).hasMethod("exhaustive")).hasMessageContaining("by method exhaustive");
    }

    @Test
    void aCounterexampleIsCheckedForItsLengthAndProperty() throws Exception {
        Decision d = check("r1-ring4-c1-vct");
        int length = d.counterexample().orElseThrow().length();
        assertThat(d).hasCounterexample().withTraceLength(length).withTraceLengthAtMost(length)
            .violating(Property.STUCK_FREEDOM).decision().violates(Property.STUCK_FREEDOM).matchesExpectation();
        assertThatThrownBy(() -> assertThat(d).hasCounterexample().withTraceLength(length + 1))
            .hasMessageContaining("to be " + (length + 1) + " moves long, but it is " + length);
        assertThatThrownBy(() -> assertThat(d).isDeadlockFree())
            .hasMessageContaining("to be deadlock-free or proved, but the verdict is counterexample");
        assertThatThrownBy(() -> assertThat(d).hasCounterexample().violating(Property.DRAINABILITY))
            .hasMessageContaining("to violate drainability, but it violates stuck-freedom");
    }

    @Test
    void deadlockFreeByTheExplorerIsNotProved() throws Exception {
        Decision d = check("r4-ring4-c2-localized-bubble");
        assertThat(d).isDeadlockFree().hasMethod("exhaustive");
        assertThatThrownBy(() -> assertThat(d).isProved()).hasMessageContaining("but the verdict is deadlock-free");
    }

    @Test
    void anIncompleteVerdictNeverMeetsAnExpectation() throws Exception {
        Decision d = Flowproof.explore(Flowproof.read(Path.of("specs/r4-ring4-c2-localized-bubble.yaml")),
            Options.defaults().withMaxStates(10));
        assertThat(d).isIncomplete();
        assertThatThrownBy(() -> assertThat(d).matchesExpectation())
            .hasMessageContaining("the verdict is incomplete (states limit): a limit is not a pass");
        assertThatThrownBy(() -> assertThat(d).isDeadlockFree()).isInstanceOf(AssertionError.class);
    }

    @Test
    void aSpecWithoutExpectationIsNoRegressionTest() throws Exception {
        Decision d = Flowproof.check(Flowproof.spec("no-expect").ring(3).capacity(1).rule("vct").build());
        assertThatThrownBy(() -> assertThat(d).matchesExpectation())
            .hasMessageContaining("to state an expected verdict (field expect), but it states none");
    }
}
