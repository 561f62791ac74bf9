package flowproof.explore;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The word a member of a {@link PartitionedSearch} sends every other at the barrier that ends a
 * level, and what every member's words add up to. Its longs: [0] the batches sent to the
 * receiver (filled in per receiver), [1] the member's stop reason (0: none), [2] the level's
 * transitions, [3] its stuck states, [4] the states the member's inserts added in the level
 * before, [5] the states those represent, [6] a mask of the properties it saw violated, then
 * its least violating state of each of those, in property order, one state layout's longs each.
 */
final class BarrierWord {

    /** Where the violations begin. */
    private static final int STATE_WORDS = 7;

    private BarrierWord() {
    }

    /**
     * A member's word: {@code stop}, the level's {@code transitions} and {@code stuck} states,
     * the states added by the level before ({@code stored}, {@code represented}: complete only
     * once that level's barrier was passed), and the least violations ({@code violation} by
     * property ordinal, null where none), each {@code words} longs.
     */
    static long[] of(int words, int stop, long transitions, long stuck, long stored, long represented,
                     long[][] violation) {
        long mask = 0;
        List<long[]> vs = new ArrayList<>();
        for (Property p : Property.values()) {
            if (violation[p.ordinal()] != null) {
                mask |= 1L << p.ordinal();
                vs.add(violation[p.ordinal()]);
            }
        }
        long[] s = new long[STATE_WORDS + vs.size() * words];
        s[1] = stop;
        s[2] = transitions;
        s[3] = stuck;
        s[4] = stored;
        s[5] = represented;
        s[6] = mask;
        for (int i = 0; i < vs.size(); i++) {
            System.arraycopy(vs.get(i), 0, s, STATE_WORDS + i * words, words);
        }
        return s;
    }

    /**
     * Every member's words of one level together: the first member's stop reason that is one
     * (in member order), whether any member stopped with {@code unranked}, and the sums.
     */
    record Sum(int stop, boolean unranked, long transitions, long stuck, long added, long represented) {

        static Sum of(long[][] all, int unranked) {
            int stop = 0;
            boolean anyUnranked = false;
            long transitions = 0;
            long stuck = 0;
            long added = 0;
            long represented = 0;
            for (long[] s : all) {
                anyUnranked |= s[1] == unranked;
                if (stop == 0) {
                    stop = (int) s[1];
                }
                transitions += s[2];
                stuck += s[3];
                added += s[4];
                represented += s[5];
            }
            return new Sum(stop, anyUnranked, transitions, stuck, added, represented);
        }
    }

    /** The least of every member's violation of {@code p} ({@link TraceOrder#compareStates}), or null. */
    static long[] leastViolation(long[][] all, Property p, int words) {
        long[] best = null;
        for (long[] s : all) {
            long[] v = violationOf(s, p, words);
            if (v != null && (best == null || TraceOrder.compareStates(v, best) < 0)) {
                best = v;
            }
        }
        return best;
    }

    /** The violation of {@code p} in a member's word, or null. */
    private static long[] violationOf(long[] s, Property p, int words) {
        long mask = s[6];
        if ((mask >>> p.ordinal() & 1) == 0) {
            return null;
        }
        int index = Long.bitCount(mask & ((1L << p.ordinal()) - 1));
        int off = STATE_WORDS + index * words;
        return Arrays.copyOfRange(s, off, off + words);
    }
}
