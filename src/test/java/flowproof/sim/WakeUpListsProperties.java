package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The VC allocator's wake-up lists against a plain model (a set of sleepers per output VC):
 * after any sequence of activations, sleeps and wakes, an input VC is active exactly when
 * the model says so, an output VC is waited on exactly when some sleeper names it, and a
 * wake makes active every input VC that slept on it and removes it from every other list.
 */
class WakeUpListsProperties {

    @Test
    void sleepAndWakeAgreeWithAModelOfSleepersPerOutputVc() {
        qt().withExamples(300).forAll(longs().all(), integers().between(1, 130), integers().between(1, 6))
            .checkAssert((seed, inVcs, slots) -> {
                int outVcs = 1 + inVcs / 2;
                WakeUpLists w = new WakeUpLists(inVcs, outVcs, slots);
                boolean[] active = new boolean[inVcs];
                Map<Integer, Set<Integer>> sleepingOn = new HashMap<>();
                SplittableRandom r = new SplittableRandom(seed);
                for (int step = 0; step < 400; step++) {
                    int iv = r.nextInt(inVcs);
                    switch (r.nextInt(4)) {
                        case 0 -> {
                            if (!sleepingOn.containsKey(iv)) {
                                w.activate(iv);
                                active[iv] = true;
                            }
                        }
                        case 1 -> {
                            if (!sleepingOn.containsKey(iv)) {
                                w.deactivate(iv);
                                active[iv] = false;
                            }
                        }
                        case 2 -> {
                            if (active[iv]) {
                                // the simulator puts an active head to sleep on its distinct candidates
                                int n = 1 + r.nextInt(slots);
                                List<Integer> ovs = new ArrayList<>();
                                while (ovs.size() < Math.min(n, outVcs)) {
                                    int ov = r.nextInt(outVcs);
                                    if (!ovs.contains(ov)) {
                                        ovs.add(ov);
                                    }
                                }
                                int[] table = new int[2 * ovs.size() + 3];
                                for (int i = 0; i < ovs.size(); i++) {
                                    table[3 + 2 * i] = ovs.get(i);
                                }
                                w.sleep(iv, table, 3, 2, ovs.size());
                                active[iv] = false;
                                sleepingOn.put(iv, new HashSet<>(ovs));
                            }
                        }
                        default -> {
                            int ov = r.nextInt(outVcs);
                            w.wake(ov);
                            sleepingOn.entrySet().removeIf(e -> {
                                if (e.getValue().contains(ov)) {
                                    active[e.getKey()] = true;
                                    return true;
                                }
                                return false;
                            });
                        }
                    }
                    for (int v = 0; v < inVcs; v++) {
                        assertThat((w.active[v >>> 6] >>> v & 1) == 1).as("input VC %d active", v).isEqualTo(active[v]);
                    }
                    for (int ov = 0; ov < outVcs; ov++) {
                        int o = ov;
                        boolean waited = sleepingOn.values().stream().anyMatch(s -> s.contains(o));
                        assertThat(w.waitedOn(ov)).as("output VC %d waited on", ov).isEqualTo(waited);
                    }
                }
            });
    }

    @Test
    void sleepingOnARangeWaitsOnEachOutputVcOfIt() {
        WakeUpLists w = new WakeUpLists(4, 10, 3);
        w.activate(2);
        w.sleepOnRange(2, 6, 3);
        assertThat(w.active[0]).isZero();
        assertThat(w.waitedOn(5)).isFalse();
        assertThat(w.waitedOn(6)).isTrue();
        assertThat(w.waitedOn(8)).isTrue();
        assertThat(w.waitedOn(9)).isFalse();
        w.wake(7);
        assertThat(w.active[0]).isEqualTo(1L << 2);
        assertThat(w.waitedOn(6)).isFalse();
        assertThat(w.waitedOn(8)).isFalse();
    }
}
