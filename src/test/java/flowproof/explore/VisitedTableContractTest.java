package flowproof.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What {@link LevelSearch} relies on of its visited set, run over every implementation of
 * {@link VisitedTable} as one parameterised test (as JGraphT runs one test case over every
 * implementation of an interface): an insert adds a code once, find and get agree with it,
 * concurrent inserts of overlapping codes add each exactly once, and growing keeps every code.
 * Codes are one word, ranks below {@link #RANGE}, which every implementation takes.
 */
class VisitedTableContractTest {

    static final int RANGE = 1 << 16;

    static Stream<Arguments> tables() {
        return Stream.of(
            Arguments.of("ConcurrentStateTable", (Supplier<VisitedTable>) () -> new ConcurrentStateTable(1, 1 << 15)),
            Arguments.of("DenseStateSet", (Supplier<VisitedTable>) () -> new DenseStateSet(RANGE)));
    }

    private static List<Long> codes(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add((long) r.nextInt(RANGE));
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tables")
    void anInsertAddsACodeOnceAndFindAndGetAgreeWithIt(String name, Supplier<VisitedTable> make) {
        VisitedTable t = make.get();
        Map<Long, Integer> slots = new HashMap<>();
        Set<Integer> given = new HashSet<>();
        long[] c = new long[1];
        long[] back = new long[1];
        for (long code : codes(1, 20_000)) {
            c[0] = code;
            int before = t.find(c, 0);
            int s = t.insert(c, 0);
            if (slots.containsKey(code)) {
                assertThat(s).as("a second insert of %d", code).isEqualTo(-(slots.get(code) + 1));
                assertThat(before).isEqualTo(slots.get(code));
            } else {
                assertThat(before).as("find before the first insert of %d", code).isEqualTo(-1);
                assertThat(s).as("the first insert of %d", code).isGreaterThanOrEqualTo(0).isLessThan(t.slots());
                assertThat(given.add(s)).as("slot %d given twice", s).isTrue();
                slots.put(code, s);
            }
        }
        int occupied = 0;
        for (int s = 0; s < t.slots(); s++) {
            if (t.occupied(s)) {
                occupied++;
                t.get(s, back, 0);
                assertThat(slots.get(back[0])).as("slot %d", s).isEqualTo(s);
            }
        }
        assertThat(occupied).isEqualTo(slots.size());
        assertThat(t.room(slots.size())).isGreaterThanOrEqualTo(0);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tables")
    void concurrentInsertsOfOverlappingCodesAddEachExactlyOnce(String name, Supplier<VisitedTable> make)
        throws InterruptedException {
        VisitedTable t = make.get();
        int threads = 4;
        Set<Long> added = ConcurrentHashMap.newKeySet();
        Set<Long> twice = ConcurrentHashMap.newKeySet();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> workers = new ArrayList<>();
        for (int w = 0; w < threads; w++) {
            List<Long> mine = codes(7 + w % 2, 15_000); // pairs of threads insert the same codes
            Thread th = new Thread(() -> {
                long[] c = new long[1];
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (long code : mine) {
                    c[0] = code;
                    if (t.insert(c, 0) >= 0 && !added.add(code)) {
                        twice.add(code);
                    }
                }
            });
            th.start();
            workers.add(th);
        }
        start.countDown();
        for (Thread th : workers) {
            th.join();
        }
        Set<Long> all = new HashSet<>(codes(7, 15_000));
        all.addAll(codes(8, 15_000));
        assertThat(twice).as("codes added by two inserts").isEmpty();
        assertThat(added).isEqualTo(all);
        long[] c = new long[1];
        for (long code : all) {
            c[0] = code;
            assertThat(t.find(c, 0)).as("find %d", code).isGreaterThanOrEqualTo(0);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tables")
    void growingKeepsEveryCodeWhereTheTableCanGrow(String name, Supplier<VisitedTable> make) {
        VisitedTable t = make.get();
        if (t.maxSlots() <= t.slots()) {
            // a table that holds every code from the start never needs to grow
            assertThat(t.room(RANGE)).isGreaterThanOrEqualTo(RANGE);
            return;
        }
        List<Long> codes = codes(3, (int) Math.max(1, t.room(0)));
        long[] c = new long[1];
        for (long code : codes) {
            c[0] = code;
            t.insert(c, 0);
        }
        int before = t.slots();
        t.grow(before * 2);
        assertThat(t.slots()).isEqualTo(before * 2);
        for (long code : codes) {
            c[0] = code;
            assertThat(t.find(c, 0)).as("find %d after growing", code).isGreaterThanOrEqualTo(0);
        }
        assertThat(t.room(new HashSet<>(codes).size())).isGreaterThan(0);
    }
}
