package flowproof.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.check.Flowproof;
import flowproof.check.Options;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A folder of specs and counterexamples becomes one dynamic test each; the wrong ones fail. */
class SpecSuiteTest {

    private static List<DynamicTest> flatten(Stream<DynamicNode> nodes) {
        List<DynamicTest> out = new ArrayList<>();
        nodes.forEach(n -> {
            if (n instanceof DynamicContainer c) {
                out.addAll(flatten(c.getChildren().map(x -> (DynamicNode) x)));
            } else {
                out.add((DynamicTest) n);
            }
        });
        return out;
    }

    private static Throwable run(DynamicTest t) {
        try {
            t.getExecutable().execute();
            return null;
        } catch (Throwable e) {
            return e;
        }
    }

    @Test
    void everySpecAndCounterexampleIsOneTestAndOnlyTheWrongOnesFail(@TempDir Path dir) throws Exception {
        Path specs = Files.createDirectory(dir.resolve("specs"));
        Path saved = Files.createDirectory(dir.resolve("counterexamples"));
        Files.copy(Path.of("specs/r1-ring4-c1-vct.yaml"), specs.resolve("a-counterexample.yaml"));
        Files.copy(Path.of("specs/mesh4x4-west-first.yaml"), specs.resolve("b-proved.yaml"));
        // the same deadlocking ring, wrongly expected deadlock-free
        Files.writeString(specs.resolve("c-mismatch.yaml"), Files.readString(Path.of("specs/r1-ring4-c1-vct.yaml"))
            .replace("expect: counterexample", "expect: deadlock-free"));
        Files.writeString(specs.resolve("d-bad.yaml"), "name: bad\ncapacity: -1\n");
        Files.writeString(specs.resolve("notes.txt"), "not a spec");
        // a counterexample saved by the suite's options, then one edited so that it no longer reproduces
        // (every property's trace: the whole search)
        Flowproof.check(Flowproof.read(Path.of("specs/r1-ring4-c1-vct.yaml")), Options.defaults().withSaveTo(saved)
            .withFirstViolation(false));
        Path json = saved.resolve("r1-ring4-c1-vct.stuck-freedom.json");
        assertThat(json).exists();
        assertThat(saved.resolve("r1-ring4-c1-vct.drainability.json")).exists();
        String text = Files.readString(json);
        String stale = text.replace("\"capacity\" : 1", "\"capacity\" : 2");
        assertThat(stale).isNotEqualTo(text);
        Files.writeString(saved.resolve("z-stale.json"), stale);

        List<DynamicTest> tests = flatten(SpecSuite.in(specs).counterexamples(saved).tests());
        assertThat(tests).extracting(DynamicTest::getDisplayName).containsExactly("a-counterexample.yaml",
            "b-proved.yaml", "c-mismatch.yaml", "d-bad.yaml", "r1-ring4-c1-vct.drainability.json",
            "r1-ring4-c1-vct.stuck-freedom.json", "z-stale.json");
        assertThat(run(tests.get(0))).isNull();
        assertThat(run(tests.get(1))).isNull();
        assertThat(run(tests.get(2))).isInstanceOf(AssertionError.class)
            .hasMessageContaining("to be deadlock-free, but it is counterexample");
        assertThat(run(tests.get(3))).isInstanceOf(AssertionError.class).hasMessageContaining("d-bad.yaml: ");
        assertThat(run(tests.get(4))).isNull();
        assertThat(run(tests.get(5))).isNull();
        assertThat(run(tests.get(6))).isInstanceOf(AssertionError.class).hasMessageContaining("NOT reproduced");
    }

    @Test
    void aMissingFolderIsNamed(@TempDir Path dir) {
        assertThatThrownBy(() -> SpecSuite.in(dir.resolve("nowhere")).tests())
            .hasMessageContaining("nowhere: expected a folder, found nothing");
    }
}
