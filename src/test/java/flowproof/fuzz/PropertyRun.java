package flowproof.fuzz;

import static org.quicktheories.QuickTheory.qt;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.quicktheories.core.Gen;

/**
 * Runs the invariants over generated scenarios with QuickTheories under a known seed
 * ({@code -Dflowproof.seed=S} repeats a run; otherwise the clock's, printed on failure). On a
 * failure the smallest failing scenario QuickTheories ran is shrunk further by the greedy
 * {@link Shrinker}, written to {@code target/fuzz-counterexamples/} and reported with the
 * seed and the commands that replay it.
 */
final class PropertyRun {

    private PropertyRun() {
    }

    /** Fails with the shrunk scenario, its file and the replay commands when an invariant breaks. */
    static void assertInvariantsHold(String name, Gen<Scenario> gen, int examples, Variants variants) {
        long seed = Long.getLong("flowproof.seed", System.nanoTime());
        Scenario[] smallest = {null};
        Violation[] found = {null};
        try {
            qt().withFixedSeed(seed).withExamples(examples).withShrinkCycles(300).forAll(gen).check(s -> {
                Violation v = Invariants.check(s, variants);
                if (v != null && (smallest[0] == null || s.weight() < smallest[0].weight())) {
                    smallest[0] = s;
                    found[0] = v;
                }
                return v == null;
            });
        } catch (AssertionError e) {
            if (smallest[0] == null) {
                throw e;
            }
            Shrinker.Result r = new Shrinker(c -> Invariants.check(c, variants), 500).shrink(smallest[0], found[0]);
            Path file = Path.of("target/fuzz-counterexamples", name + "-" + seed + ".json");
            try {
                FuzzFile.write(file, r.scenario(), r.violation(), seed, "found by " + name + " with -Dflowproof.seed="
                    + seed);
            } catch (IOException io) {
                throw new UncheckedIOException(io);
            }
            throw new AssertionError(r.violation() + "\nshrunk to " + r.scenario().describe() + "\nseed " + seed
                + ": rerun with mvn -B test -Dtest=" + name + " -Dflowproof.seed=" + seed + "\nwritten to " + file
                + "; replay with ./flowproof fuzz " + file + " (copy it to counterexamples/sim/ to keep it as a"
                + " regression)\n" + r.scenario(), e);
        }
    }
}
