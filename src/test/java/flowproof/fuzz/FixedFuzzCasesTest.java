package flowproof.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fuzz counterexamples of real bugs, since fixed ({@code src/test/resources/fuzz-fixed/}): each
 * broke the invariant it names with the code of its day and must pass now, with the same
 * claim of deadlock freedom. (The counterexamples of {@code counterexamples/sim/} are the
 * opposite: deliberately broken variants that must still fail.)
 */
class FixedFuzzCasesTest {

    static Stream<Path> files() throws IOException {
        return FuzzCounterexampleRegressionTest.jsonFiles(Path.of("src/test/resources/fuzz-fixed"));
    }

    @ParameterizedTest
    @MethodSource("files")
    void fixedCasePasses(Path file) throws Exception {
        FuzzFile.Loaded l = FuzzFile.read(file);
        assertThat(l.scenario().variant()).as("a real bug, not a broken variant").isNull();
        if (l.invariant().equals("deadlock-freedom")) {
            assertThat(l.scenario().deadlockFree()).as("the case keeps its claim").isTrue();
        }
        assertThat(Invariants.check(l.scenario(), Variants.NONE)).as("%s breaks again", file).isNull();
    }
}
