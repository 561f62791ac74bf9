package flowproof.fuzz;

import java.util.SplittableRandom;

/**
 * The source of every choice a {@link ScenarioGenerator} makes: a whole number in
 * {@code [lo, hi]}. {@code flowproof fuzz} draws from a seeded {@link SplittableRandom}; the
 * property tests draw from QuickTheories, whose shrinking then moves every draw toward
 * {@code lo}. The generator orders its choices so that {@code lo} is always the simpler one
 * (the smaller network, fewer packets, cycle 0, a plainer pattern, no scheme).
 */
@FunctionalInterface
public interface Draw {

    int range(int lo, int hi);

    default boolean chance(int percent) {
        return range(0, 99) >= 100 - percent;
    }

    /** Draws from a seeded random source. */
    static Draw of(SplittableRandom random) {
        return (lo, hi) -> lo + random.nextInt(hi - lo + 1);
    }
}
