package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Saved counterexample files are byte-identical whatever the thread count, symmetry reduction or
 * injection-queue product, and equal to the files checked into counterexamples/, so that
 * {@code ./flowproof verify specs} leaves the git tree clean on any machine.
 */
class CounterexampleFilesTest {

    /**
     * The three specs whose files differed between 1 and 2 threads, specs the symmetry reduction
     * reduces (translations; translations and a reflection), injection-queue specs (decided through
     * the product's fall-back direct search), a synchronous and a wormhole spec.
     */
    private static final List<String> SPECS = List.of("fb1d-k3-ugal-1vc", "torus3x3-c1-critical-bubble-3flows",
        "t3-torus3x2-critical-bubble-diagonal-iq1", "ring4-c2-vct", "ring5-bidir-c1-vct",
        "r5-ring4-c1-localized-bubble-iq1", "t3-torus3x2-critical-bubble-sync", "wh-ring4-c1-l2-theoretical-bubble");

    @TempDir
    Path tmp;

    private static List<Path> files(Path dir, String spec) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith(spec + ".")).sorted().collect(Collectors.toList());
        }
    }

    @Test
    void checkSavesTheStoredFilesOnOneTwoAndThreeThreadsWithAndWithoutReduction() throws IOException {
        int run = 0;
        for (String spec : SPECS) {
            List<Path> stored = files(Path.of("counterexamples"), spec);
            assertThat(stored).as(spec + ": stored .json and .txt per violated property").hasSizeGreaterThanOrEqualTo(2);
            List<List<String>> variants = List.of(List.of("--threads", "1"), List.of("--threads", "2"),
                List.of("--threads", "3"), List.of("--threads", "1", "--symmetry"), List.of("--threads", "3", "--symmetry"),
                List.of("--threads", "2", "--enumerate-injection-queues"));
            for (List<String> options : variants) {
                Path dir = tmp.resolve("run" + run++);
                // every property's trace, as counterexamples/ holds them (written by verify --all-properties)
                List<Object> args = new ArrayList<>(List.of("check", "specs/" + spec + ".yaml", "--counterexamples", dir,
                    "--all-properties"));
                args.addAll(options);
                CliRun r = CliRun.run(args.toArray());
                String what = spec + " " + options;
                assertThat(r.code()).as(what + ": " + r.err()).isEqualTo(Main.VIOLATION);
                List<Path> saved = files(dir, spec);
                assertThat(saved.stream().map(p -> p.getFileName().toString()).toList()).as(what)
                    .isEqualTo(stored.stream().map(p -> p.getFileName().toString()).toList());
                for (int i = 0; i < saved.size(); i++) {
                    assertThat(Files.readAllBytes(saved.get(i))).as(what + ": " + saved.get(i).getFileName()
                            + " differs from counterexamples/ (regenerate with ./flowproof verify specs if the model changed)")
                        .isEqualTo(Files.readAllBytes(stored.get(i)));
                }
            }
        }
    }

    @Test
    void verifyWritesByteIdenticalFilesOnOneTwoAndThreeThreads() throws IOException {
        Path specs = Files.createDirectories(tmp.resolve("specs"));
        for (String spec : List.of("fb1d-k3-ugal-1vc", "torus3x3-c1-critical-bubble-3flows",
            "t3-torus3x2-critical-bubble-diagonal-iq1", "ring5-bidir-c1-vct")) {
            Files.copy(Path.of("specs/" + spec + ".yaml"), specs.resolve(spec + ".yaml"));
        }
        List<Path> first = null;
        for (String threads : new String[] {"1", "2", "3"}) {
            Path dir = tmp.resolve("cx" + threads);
            CliRun r = CliRun.run("verify", specs, "--threads", threads, "--counterexamples", dir, "--all-properties");
            assertThat(r.code()).as(threads + " threads: " + r.out() + r.err()).isEqualTo(Main.OK);
            List<Path> saved;
            try (Stream<Path> s = Files.list(dir)) {
                saved = s.sorted().collect(Collectors.toList());
            }
            // two properties of each of four specs, and injectability of the two CBS specs (pairs
            // that never inject), .json and .txt each
            assertThat(saved).hasSize(20);
            if (first == null) {
                first = saved;
                continue;
            }
            for (int i = 0; i < saved.size(); i++) {
                assertThat(saved.get(i).getFileName()).isEqualTo(first.get(i).getFileName());
                assertThat(Files.readAllBytes(saved.get(i))).as(threads + " threads: " + saved.get(i).getFileName())
                    .isEqualTo(Files.readAllBytes(first.get(i)));
            }
        }
    }
}
