package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.spec.SimulationReader;
import flowproof.spec.Spec;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every spec of {@code specs/sim}: it reads, says which seed paper's configuration it
 * reproduces, and a short checked run of it drains (except the one meant to deadlock).
 */
class SimSpecsTest {

    static Stream<Path> specs() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("specs/sim"))) {
            return s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void readsNamesItsSeedAndDrains(Path file) throws SpecException {
        Spec spec = SpecReader.read(file);
        assertThat(spec.name()).startsWith("sim-");
        assertThat(spec.description()).as("description").containsPattern("\\(00[0-4][,)]");
        SimConfig cfg = SimulationReader.read(spec);
        long cycles = Math.min(cfg.cycles(), 1500);
        SimResult r = Engine.of(cfg.withRun(cycles, Math.min(cfg.warmup(), cycles / 3), cfg.seed())
            .withCheck(true)).run(null);
        if (file.getFileName().toString().equals("torus8x8-vct-1vc.yaml")) {
            // too short to deadlock here; DeadlockTest runs it in full
            assertThat(r.packetsDelivered()).isPositive();
            return;
        }
        assertThat(r.deadlock()).isNull();
        assertThat(r.drained()).isTrue();
        assertThat(r.packetsDelivered()).isPositive();
    }
}
