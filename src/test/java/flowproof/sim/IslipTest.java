package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;
import org.quicktheories.generators.SourceDSL;

/**
 * {@link Islip}: a valid matching, maximal once it may iterate as often as there are inputs,
 * and McKeown's desynchronisation: under full load one iteration matches every input every
 * cycle after the first N (the property that needs the pointers to move on accepted grants of
 * the first iteration only).
 */
class IslipTest {

    /** Grant pointers kept by the caller, as the allocators do: round robin from the input after the last first-iteration match. */
    private static final class Caller {
        final int[] grantPtr;
        final int inputs;

        Caller(int inputs, int outputs) {
            this.inputs = inputs;
            grantPtr = new int[outputs];
        }

        Islip.GrantOrder order() {
            return (in, other, out) -> Islip.nearer(in, other, grantPtr[out], inputs);
        }

        void moved(Islip islip, int[] list, int n) {
            for (int i = 0; i < n; i++) {
                int out = islip.matched(list[i]);
                if (out >= 0 && islip.firstIteration(list[i])) {
                    grantPtr[out] = list[i] + 1 == inputs ? 0 : list[i] + 1;
                }
            }
        }
    }

    private static int[] all(int n) {
        int[] list = new int[n];
        for (int i = 0; i < n; i++) {
            list[i] = i;
        }
        return list;
    }

    @Test
    void aSmallCaseByHand() {
        // inputs 0..2, outputs 0..2; 0 asks 0 and 1, 1 asks 0, 2 asks 1 and 2; every pointer at 0
        Islip islip = new Islip(3, 3, 3, 1);
        Caller c = new Caller(3, 3);
        islip.clear(0);
        islip.request(0, 0);
        islip.request(0, 1);
        islip.clear(1);
        islip.request(1, 0);
        islip.clear(2);
        islip.request(2, 1);
        islip.request(2, 2);
        // grants: output 0 -> input 0, output 1 -> input 0, output 2 -> input 2; accepts: 0 takes 0, 2 takes 2
        assertThat(islip.match(all(3), 3, 0, c.order())).isEqualTo(2);
        assertThat(islip.matched(0)).isEqualTo(0);
        assertThat(islip.matched(1)).isEqualTo(-1);
        assertThat(islip.matched(2)).isEqualTo(2);
        c.moved(islip, all(3), 3);
        // next cycle, same requests: output 0's pointer moved past input 0, so it grants input 1; output 1's did
        // not move (its grant was refused), so it grants input 0 again, and input 0 accepts it
        assertThat(islip.match(all(3), 3, 1, c.order())).isEqualTo(3);
        assertThat(islip.matched(0)).isEqualTo(1);
        assertThat(islip.matched(1)).isEqualTo(0);
        assertThat(islip.matched(2)).isEqualTo(2);
    }

    @Test
    void anInputGrantedByEveryOutputAcceptsThemInTurn() {
        Islip islip = new Islip(1, 3, 3, 1);
        Caller c = new Caller(1, 3);
        List<Integer> accepted = new ArrayList<>();
        for (int cycle = 0; cycle < 6; cycle++) {
            islip.clear(0);
            islip.request(0, 2);
            islip.request(0, 0);
            islip.request(0, 1);
            islip.match(all(1), 1, cycle, c.order());
            accepted.add(islip.matched(0));
            c.moved(islip, all(1), 1);
        }
        assertThat(accepted).containsExactly(0, 1, 2, 0, 1, 2);
    }

    /** A request matrix: per input a set of outputs, as bits. */
    private static Gen<int[]> matrices() {
        return SourceDSL.integers().between(1, 8).flatMap(n -> SourceDSL.lists().of(SourceDSL.integers().between(0,
            (1 << n) - 1)).ofSizeBetween(1, 8).map(l -> {
                int[] m = new int[l.size() + 1];
                m[0] = n;
                for (int i = 0; i < l.size(); i++) {
                    m[i + 1] = l.get(i);
                }
                return m;
            }));
    }

    private static Islip loaded(int[] m, int iterations) {
        int outputs = m[0];
        int inputs = m.length - 1;
        Islip islip = new Islip(inputs, outputs, outputs, iterations);
        for (int in = 0; in < inputs; in++) {
            islip.clear(in);
            for (int out = 0; out < outputs; out++) {
                if ((m[in + 1] & (1 << out)) != 0) {
                    islip.request(in, out);
                }
            }
        }
        return islip;
    }

    @Test
    void everyMatchIsARequestAndNoOutputIsMatchedTwice() {
        qt().withExamples(300).forAll(matrices(), Generate.range(1, 3)).checkAssert((m, iters) -> {
            int inputs = m.length - 1;
            Islip islip = loaded(m, iters);
            int n = islip.match(all(inputs), inputs, 7, new Caller(inputs, m[0]).order());
            Set<Integer> outs = new HashSet<>();
            int matched = 0;
            for (int in = 0; in < inputs; in++) {
                int out = islip.matched(in);
                if (out >= 0) {
                    matched++;
                    assertThat(m[in + 1] & (1 << out)).as("input %d matched output %d it did not ask for", in, out)
                        .isNotZero();
                    assertThat(outs.add(out)).as("output %d matched twice", out).isTrue();
                }
            }
            assertThat(matched).isEqualTo(n);
        });
    }

    @Test
    void asManyIterationsAsInputsGiveAMaximalMatching() {
        qt().withExamples(300).forAll(matrices()).checkAssert(m -> {
            int inputs = m.length - 1;
            Islip islip = loaded(m, inputs);
            islip.match(all(inputs), inputs, 3, new Caller(inputs, m[0]).order());
            Set<Integer> used = new HashSet<>();
            for (int in = 0; in < inputs; in++) {
                used.add(islip.matched(in));
            }
            for (int in = 0; in < inputs; in++) {
                if (islip.matched(in) >= 0) {
                    continue;
                }
                for (int out = 0; out < m[0]; out++) {
                    assertThat((m[in + 1] & (1 << out)) != 0 && !used.contains(out))
                        .as("unmatched input %d asks for unmatched output %d", in, out).isFalse();
                }
            }
        });
    }

    @Test
    void underFullLoadOneIterationDesynchronisesTheGrantPointersAndMatchesEveryInput() {
        for (int n = 2; n <= 8; n++) {
            Islip islip = new Islip(n, n, n, 1);
            Caller c = new Caller(n, n);
            List<Integer> sizes = new ArrayList<>();
            for (int cycle = 0; cycle < 3 * n; cycle++) {
                for (int in = 0; in < n; in++) {
                    islip.clear(in);
                    for (int out = 0; out < n; out++) {
                        islip.request(in, out);
                    }
                }
                sizes.add(islip.match(all(n), n, cycle, c.order()));
                c.moved(islip, all(n), n);
            }
            // the first cycle matches one input (every output grants input 0); from cycle n on, all of them
            assertThat(sizes.get(0)).isEqualTo(1);
            assertThat(sizes.subList(n, 3 * n)).as("n = %d: %s", n, sizes).containsOnly(n);
        }
    }
}
