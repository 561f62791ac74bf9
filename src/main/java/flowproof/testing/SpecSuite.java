package flowproof.testing;

import flowproof.check.Decision;
import flowproof.check.Flowproof;
import flowproof.check.Options;
import flowproof.explore.Replayer;
import flowproof.spec.CounterexampleFile;
import flowproof.spec.Spec;
import flowproof.spec.SpecException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.opentest4j.AssertionFailedError;

/**
 * A team's regression suite as JUnit 5 dynamic tests: one test per spec file (checked as
 * {@code flowproof verify} does; its verdict must meet the spec's {@code expect}) and one per
 * saved counterexample (replayed through today's rules; it must still reproduce).
 *
 * <pre>{@code
 * class RegressionTest {
 *     @TestFactory
 *     Stream<DynamicNode> specs() {
 *         return SpecSuite.in(Path.of("specs"))
 *             .counterexamples(Path.of("counterexamples"))
 *             .options(Options.defaults().withMaxSeconds(120))
 *             .tests();
 *     }
 * }
 * }</pre>
 *
 * A spec without {@code expect}, an unreadable spec, an {@code incomplete} verdict (a limit is
 * no pass) and a counterexample that no longer reproduces each fail their test with a
 * one-line reason and the report. Folders are read when {@link #tests()} is called, files in
 * name order, not their subfolders. Immutable.
 */
public final class SpecSuite {

    private final List<Path> specDirs;
    private final List<Path> counterexampleDirs;
    private final Options options;

    private SpecSuite(List<Path> specDirs, List<Path> counterexampleDirs, Options options) {
        this.specDirs = List.copyOf(specDirs);
        this.counterexampleDirs = List.copyOf(counterexampleDirs);
        this.options = options;
    }

    /**
     * @param specDir a folder of spec files ({@code *.yaml}, {@code *.yml})
     * @return a suite of those specs, checked with {@link Options#defaults()}
     */
    public static SpecSuite in(Path specDir) {
        return new SpecSuite(List.of(specDir), List.of(), Options.defaults());
    }

    /**
     * @param dir a folder of saved counterexample files ({@code *.json}) to replay as well
     * @return this suite with those files
     */
    public SpecSuite counterexamples(Path dir) {
        List<Path> c = new ArrayList<>(counterexampleDirs);
        c.add(dir);
        return new SpecSuite(specDirs, c, options);
    }

    /**
     * @param o budgets and engine settings for every spec (counterexamples are saved only if
     *          {@link Options#saveTo()} says where)
     * @return this suite with those options
     */
    public SpecSuite options(Options o) {
        return new SpecSuite(specDirs, counterexampleDirs, o);
    }

    /**
     * The dynamic tests: a container per folder, a test per file.
     *
     * @return the tests, for a {@code @TestFactory} method to return
     * @throws UncheckedIOException when a folder cannot be listed
     */
    public Stream<DynamicNode> tests() {
        List<DynamicNode> nodes = new ArrayList<>();
        for (Path d : specDirs) {
            List<DynamicNode> tests = files(d, ".yaml", ".yml").stream()
                .map(f -> (DynamicNode) DynamicTest.dynamicTest(f.getFileName().toString(), f.toUri(), () -> checkSpec(f)))
                .collect(Collectors.toList());
            nodes.add(DynamicContainer.dynamicContainer("specs in " + d, d.toUri(), tests.stream()));
        }
        for (Path d : counterexampleDirs) {
            List<DynamicNode> tests = files(d, ".json").stream()
                .map(f -> (DynamicNode) DynamicTest.dynamicTest(f.getFileName().toString(), f.toUri(),
                    () -> replay(f)))
                .collect(Collectors.toList());
            nodes.add(DynamicContainer.dynamicContainer("counterexamples in " + d, d.toUri(), tests.stream()));
        }
        return nodes.stream();
    }

    /**
     * Checks one spec as a test of this suite does.
     *
     * @param file a spec file
     * @return the decision, whose verdict met the spec's expectation
     * @throws AssertionError when it did not, or the spec cannot be read
     */
    public Decision checkSpec(Path file) {
        Spec spec;
        try {
            spec = Flowproof.read(file);
        } catch (SpecException e) {
            throw new AssertionFailedError(e.getMessage());
        }
        Decision d = Flowproof.check(spec, options);
        FlowproofAssertions.assertThat(d).matchesExpectation().savedEverything();
        return d;
    }

    /**
     * Replays one saved counterexample through today's rules.
     *
     * @param file a counterexample file written by {@code check}, {@code explore} or {@code prove}
     * @throws AssertionError when it no longer reproduces, or cannot be read
     */
    public static void replay(Path file) {
        CounterexampleFile.Loaded c;
        try {
            c = CounterexampleFile.read(file);
        } catch (SpecException e) {
            throw new AssertionFailedError(e.getMessage());
        }
        Replayer.Outcome o = CounterexampleFile.replay(c);
        if (!o.reproduced()) {
            throw new AssertionFailedError(file + ": NOT reproduced: " + o.message());
        }
    }

    private static List<Path> files(Path dir, String... suffixes) {
        if (!Files.isDirectory(dir)) {
            throw new UncheckedIOException(new IOException(dir + ": expected a folder, found "
                + (Files.exists(dir) ? "a file" : "nothing")));
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> Stream.of(suffixes).anyMatch(x -> p.getFileName().toString().endsWith(x)))
                .sorted().collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
