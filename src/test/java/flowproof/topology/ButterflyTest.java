package flowproof.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.ConfigurationException;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ButterflyTest {

    @ParameterizedTest(name = "{0}-ary {1}-fly")
    @CsvSource({"2,1", "2,2", "2,3", "3,2", "4,2", "3,3"})
    void nodeAndChannelCountsFollowTheNumbering(int k, int n) {
        Butterfly b = new Butterfly(k, n);
        int terminals = (int) Math.pow(k, n);
        int perStage = terminals / k;
        assertThat(b.terminals()).isEqualTo(terminals);
        assertThat(b.switchesPerStage()).isEqualTo(perStage);
        assertThat(b.nodes()).isEqualTo(terminals + n * perStage);
        assertThat(b.channels()).isEqualTo((n + 1) * terminals);
        assertThat(b.endpoints()).hasSize(terminals).containsExactly(IntStream.range(0, terminals).toArray());
        for (int s = 0; s < n; s++) {
            for (int w = 0; w < perStage; w++) {
                int v = b.switchNode(s, w);
                assertThat(v).isEqualTo(terminals + s * perStage + w);
                assertThat(b.stageOf(v)).isEqualTo(s);
                assertThat(b.indexOf(v)).isEqualTo(w);
                assertThat(b.isEndpoint(v)).isFalse();
            }
        }
        assertThat(b.stageOf(0)).isEqualTo(-1);
    }

    @ParameterizedTest(name = "{0}-ary {1}-fly")
    @CsvSource({"2,1", "2,2", "2,3", "3,2", "4,2", "3,3"})
    void everySwitchHasKInputsAndKOutputsAndEveryTerminalOneOfEach(int k, int n) {
        Butterfly b = new Butterfly(k, n);
        int[] in = new int[b.nodes()];
        int[] out = new int[b.nodes()];
        Set<String> names = new HashSet<>();
        for (int c = 0; c < b.channels(); c++) {
            out[b.source(c)]++;
            in[b.target(c)]++;
            int from = b.stageOf(b.source(c));
            int to = b.stageOf(b.target(c));
            // Terminal -> stage 0, stage s -> s+1, stage n-1 -> terminal.
            if (from < 0) {
                assertThat(to).isZero();
            } else if (from < n - 1) {
                assertThat(to).isEqualTo(from + 1);
            } else {
                assertThat(to).isEqualTo(-1);
            }
            assertThat(b.dimension(c)).isEqualTo(from);
            assertThat(b.direction(c)).isZero();
            assertThat(b.isWrapAround(c)).isFalse();
            assertThat(b.ringOf(c)).isEqualTo(-1);
            names.add(b.channelName(c));
        }
        assertThat(names).hasSize(b.channels());
        for (int v = 0; v < b.nodes(); v++) {
            int expected = v < b.terminals() ? 1 : k;
            assertThat(in[v]).as("in-degree of %s", b.nodeName(v)).isEqualTo(expected);
            assertThat(out[v]).as("out-degree of %s", b.nodeName(v)).isEqualTo(expected);
        }
    }

    @ParameterizedTest(name = "{0}-ary {1}-fly")
    @CsvSource({"2,1", "2,2", "2,3", "3,2", "4,2", "3,3"})
    void channelLookupsLeaveTheNodeTheyClaim(int k, int n) {
        Butterfly b = new Butterfly(k, n);
        for (int t = 0; t < b.terminals(); t++) {
            assertThat(b.source(b.injectionChannel(t))).isEqualTo(t);
            assertThat(b.target(b.injectionChannel(t))).isEqualTo(b.switchNode(0, t / k));
            assertThat(b.target(b.ejectionChannel(t))).isEqualTo(t);
            assertThat(b.source(b.ejectionChannel(t))).isEqualTo(b.switchNode(n - 1, t / k));
        }
        for (int s = 0; s < n; s++) {
            for (int w = 0; w < b.switchesPerStage(); w++) {
                int v = b.switchNode(s, w);
                for (int p = 0; p < k; p++) {
                    assertThat(b.source(b.outputChannel(v, p))).isEqualTo(v);
                }
            }
        }
    }

    @Test
    void namesAndDescription() {
        Butterfly b = new Butterfly(2, 3);
        assertThat(b.describe()).isEqualTo("2-ary 3-fly (8 terminals, 12 switches)");
        assertThat(b.nodeName(3)).isEqualTo("t3");
        assertThat(b.nodeName(b.switchNode(1, 2))).isEqualTo("s1.2");
        assertThat(b.channelName(b.injectionChannel(5))).isEqualTo("t5->s0.2");
        assertThat(b.rings()).isZero();
        assertThat(b.channel(b.switchNode(0, 0), 0, 1)).isEqualTo(-1);
        assertThatThrownBy(() -> b.ringHome(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void badArgumentsAreConfigurationErrors() {
        assertThatThrownBy(() -> new Butterfly(1, 3)).isInstanceOf(ConfigurationException.class)
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("topology.radix");
        assertThatThrownBy(() -> new Butterfly(2, 0)).isInstanceOf(ConfigurationException.class)
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("topology.stages");
        assertThatThrownBy(() -> new Butterfly(2, 13)).isInstanceOf(ConfigurationException.class)
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("topology");
        assertThatThrownBy(() -> new Butterfly(100000, 3)).isInstanceOf(ConfigurationException.class)
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("topology");
    }
}
