package flowproof.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.ConfigurationException;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BminTest {

    @ParameterizedTest(name = "{0}-ary {1}-stage")
    @CsvSource({"2,1", "2,2", "2,3", "3,2", "4,2", "3,3", "4,3"})
    void nodeAndChannelCountsFollowTheNumbering(int k, int n) {
        Bmin b = new Bmin(k, n);
        int terminals = (int) Math.pow(k, n);
        int perStage = terminals / k;
        assertThat(b.terminals()).isEqualTo(terminals);
        assertThat(b.nodes()).isEqualTo(terminals + n * perStage);
        assertThat(b.channels()).isEqualTo(2 * n * terminals);
        for (int s = 0; s < n; s++) {
            for (int w = 0; w < perStage; w++) {
                int v = b.switchNode(s, w);
                assertThat(v).isEqualTo(terminals + s * perStage + w);
                assertThat(b.stageOf(v)).isEqualTo(s);
                assertThat(b.indexOf(v)).isEqualTo(w);
                assertThat(b.isEndpoint(v)).isFalse();
            }
        }
        for (int t = 0; t < terminals; t++) {
            assertThat(b.isEndpoint(t)).isTrue();
        }
    }

    @ParameterizedTest(name = "{0}-ary {1}-stage")
    @CsvSource({"2,1", "2,2", "2,3", "3,2", "4,2", "3,3", "4,3"})
    void everyLinkHasAForwardAndABackwardChannelBetweenAdjacentStages(int k, int n) {
        Bmin b = new Bmin(k, n);
        int[] in = new int[b.nodes()];
        int[] out = new int[b.nodes()];
        Set<String> names = new HashSet<>();
        Set<Long> pairs = new HashSet<>();
        for (int c = 0; c < b.channels(); c++) {
            int from = b.stageOf(b.source(c));
            int to = b.stageOf(b.target(c));
            assertThat(to - from).as(b.channelName(c)).isEqualTo(b.direction(c));
            assertThat(b.dimension(c)).isEqualTo(from);
            assertThat(b.isWrapAround(c)).isFalse();
            assertThat(b.ringOf(c)).isEqualTo(-1);
            in[b.target(c)]++;
            out[b.source(c)]++;
            names.add(b.channelName(c));
            pairs.add((long) b.source(c) * b.nodes() + b.target(c));
        }
        assertThat(names).hasSize(b.channels());
        // Every link is bidirectional: the reverse of every channel exists.
        for (int c = 0; c < b.channels(); c++) {
            assertThat(pairs).contains((long) b.target(c) * b.nodes() + b.source(c));
        }
        for (int v = 0; v < b.nodes(); v++) {
            int s = b.stageOf(v);
            int expected = s < 0 ? 1 : s == n - 1 ? k : 2 * k;
            assertThat(in[v]).as("in-degree of %s", b.nodeName(v)).isEqualTo(expected);
            assertThat(out[v]).as("out-degree of %s", b.nodeName(v)).isEqualTo(expected);
        }
    }

    @ParameterizedTest(name = "{0}-ary {1}-stage")
    @CsvSource({"2,1", "2,2", "2,3", "3,2", "4,2", "3,3", "4,3"})
    void portLookupsAgreeWithThePerfectShuffle(int k, int n) {
        Bmin b = new Bmin(k, n);
        int terminals = b.terminals();
        for (int p = 0; p < terminals; p++) {
            assertThat(b.unshuffle(b.shuffle(p))).isEqualTo(p);
        }
        for (int t = 0; t < terminals; t++) {
            assertThat(b.source(b.injectionChannel(t))).isEqualTo(t);
            assertThat(b.target(b.injectionChannel(t))).isEqualTo(b.switchNode(0, t / k));
            assertThat(b.target(b.ejectionChannel(t))).isEqualTo(t);
            assertThat(b.leftChannel(b.switchNode(0, t / k), t % k, 1)).isEqualTo(b.injectionChannel(t));
            assertThat(b.leftChannel(b.switchNode(0, t / k), t % k, -1)).isEqualTo(b.ejectionChannel(t));
        }
        for (int s = 0; s < n; s++) {
            for (int w = 0; w < b.switchesPerStage(); w++) {
                int v = b.switchNode(s, w);
                for (int port = 0; port < k; port++) {
                    assertThat(b.target(b.leftChannel(v, port, 1))).isEqualTo(v);
                    assertThat(b.source(b.leftChannel(v, port, -1))).isEqualTo(v);
                    assertThat(b.direction(b.leftChannel(v, port, -1))).isEqualTo(-1);
                    int right = b.rightChannel(v, port, 1);
                    if (s == n - 1) {
                        assertThat(right).isEqualTo(-1);
                        assertThat(b.rightChannel(v, port, -1)).isEqualTo(-1);
                        continue;
                    }
                    assertThat(b.source(right)).isEqualTo(v);
                    assertThat(b.direction(right)).isEqualTo(1);
                    assertThat(b.target(b.rightChannel(v, port, -1))).isEqualTo(v);
                    // Right position w*k+port of stage s meets left position shuffle(w*k+port) of stage s+1.
                    int q = b.shuffle(w * k + port);
                    assertThat(b.target(right)).isEqualTo(b.switchNode(s + 1, q / k));
                    assertThat(b.leftChannel(b.target(right), q % k, 1)).isEqualTo(right);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}-ary {1}-stage")
    @CsvSource({"2,1", "2,2", "2,3", "3,2", "4,2", "3,3", "4,3"})
    void reachesIsExactlyBackwardReachability(int k, int n) {
        Bmin b = new Bmin(k, n);
        for (int v = b.terminals(); v < b.nodes(); v++) {
            boolean[] seen = new boolean[b.nodes()];
            ArrayDeque<Integer> work = new ArrayDeque<>();
            seen[v] = true;
            work.add(v);
            while (!work.isEmpty()) {
                int at = work.poll();
                for (int c = 0; c < b.channels(); c++) {
                    if (b.source(c) == at && b.direction(c) < 0 && !seen[b.target(c)]) {
                        seen[b.target(c)] = true;
                        work.add(b.target(c));
                    }
                }
            }
            int count = 0;
            for (int t = 0; t < b.terminals(); t++) {
                assertThat(b.reaches(v, t)).as("%s reaches t%d", b.nodeName(v), t).isEqualTo(seen[t]);
                count += seen[t] ? 1 : 0;
            }
            assertThat(count).isEqualTo((int) Math.pow(k, b.stageOf(v) + 1));
        }
    }

    @Test
    void turnStageOfATwoAryThreeStageNetwork() {
        Bmin b = new Bmin(2, 3);
        // Same stage-0 switch (digits 1 and 2 equal).
        assertThat(b.turnStage(4, 5)).isZero();
        // Digit 2 differs, digit 1 equal: they meet at stage 1.
        assertThat(b.turnStage(0, 4)).isEqualTo(1);
        // Digit 1 differs: only the last stage joins them.
        assertThat(b.turnStage(0, 2)).isEqualTo(2);
        assertThat(b.turnStage(1, 7)).isEqualTo(2);
    }

    @Test
    void namesAndDescription() {
        Bmin b = new Bmin(2, 3);
        assertThat(b.describe()).isEqualTo("BMIN 2-ary 3-stage perfect shuffle (8 terminals, 12 switches)");
        assertThat(b.nodeName(7)).isEqualTo("t7");
        assertThat(b.nodeName(b.switchNode(1, 2))).isEqualTo("s1.2");
        assertThat(b.channelName(b.ejectionChannel(3))).isEqualTo("s0.1->t3");
        assertThat(b.rings()).isZero();
        assertThat(b.channel(b.switchNode(0, 0), 0, 1)).isEqualTo(-1);
        assertThatThrownBy(() -> b.ringHome(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void badArgumentsAreConfigurationErrors() {
        assertThatThrownBy(() -> new Bmin(1, 2)).isInstanceOf(ConfigurationException.class)
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("topology.radix");
        assertThatThrownBy(() -> new Bmin(4, 0)).isInstanceOf(ConfigurationException.class)
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("topology.stages");
        assertThatThrownBy(() -> new Bmin(8, 5)).isInstanceOf(ConfigurationException.class)
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("topology");
    }
}
