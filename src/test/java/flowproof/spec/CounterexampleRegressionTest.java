package flowproof.spec;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.explore.Replayer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every counterexample checked into counterexamples/ still replays to its violation. */
class CounterexampleRegressionTest {

    @Test
    void everyStoredCounterexampleReplaysToItsViolation() throws IOException, SpecException {
        List<Path> files;
        try (Stream<Path> s = Files.list(Path.of("counterexamples"))) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().collect(Collectors.toList());
        }
        assertThat(files).isNotEmpty();
        for (Path f : files) {
            CounterexampleFile.Loaded c = CounterexampleFile.read(f);
            Replayer.Outcome o = CounterexampleFile.replay(c); // the moves, the violation and the recorded final state
            assertThat(o.reproduced()).as(f + ": " + o.message()).isTrue();
        }
    }

    @Test
    void everyCounterexampleSpecInSpecsHasItsTraceStored() throws IOException, SpecException {
        try (Stream<Path> s = Files.list(Path.of("specs"))) {
            for (Path p : s.filter(x -> x.toString().endsWith(".yaml")).sorted().collect(Collectors.toList())) {
                Spec spec = SpecReader.read(p);
                if (spec.expect() == flowproof.explore.Verdict.COUNTEREXAMPLE) {
                    assertThat(Files.list(Path.of("counterexamples"))
                        .anyMatch(f -> f.getFileName().toString().startsWith(spec.name() + ".")))
                        .as("a stored counterexample for " + spec.name()).isTrue();
                }
            }
        }
    }
}
