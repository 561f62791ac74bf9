package flowproof.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every simulator counterexample in {@code counterexamples/sim/} parses and still breaks the
 * invariant it names (the checked-in ones are of the deliberately broken test variants; the
 * real rule or scheme passes the same scenario).
 */
class FuzzCounterexampleRegressionTest {

    static Stream<Path> files() throws IOException {
        return jsonFiles(Path.of("counterexamples/sim"));
    }

    /** The JSON files of {@code dir}, sorted; at least one. */
    static Stream<Path> jsonFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> list = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
            assertThat(list).isNotEmpty();
            return list.stream();
        }
    }

    @ParameterizedTest
    @MethodSource("files")
    void counterexampleStillReproduces(Path file) throws Exception {
        FuzzFile.Loaded l = FuzzFile.read(file);
        Violation v = Invariants.check(l.scenario(), BrokenVariants.ALL);
        assertThat(v).as("%s no longer reproduces", file).isNotNull();
        assertThat(v.invariant()).isEqualTo(l.invariant());
        if (l.scenario().variant() != null) {
            Scenario real = new Scenario(l.scenario().spec(), l.scenario().deadlockFree(), null);
            assertThat(Invariants.check(real, Variants.NONE)).isNull();
        }
    }
}
