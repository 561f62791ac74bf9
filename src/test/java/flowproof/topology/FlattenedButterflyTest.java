package flowproof.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.ConfigurationException;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FlattenedButterflyTest {

    @Test
    void oneDimensionalFlatIsACompleteGraph() {
        FlattenedButterfly three = new FlattenedButterfly(3, 1, 1);
        assertThat(three.nodes()).isEqualTo(3);
        assertThat(three.channels()).isEqualTo(6);
        FlattenedButterfly four = new FlattenedButterfly(4, 1, 4);
        assertThat(four.nodes()).isEqualTo(4);
        assertThat(four.channels()).isEqualTo(12);
        assertThat(four.nodeName(2)).isEqualTo("2");
        assertThat(four.describe()).isEqualTo("flattened butterfly 4 (4 routers, concentration 4)");
    }

    @Test
    void twoDimensionalFourByFourHasSixPortsPerRouter() {
        FlattenedButterfly t = new FlattenedButterfly(4, 2, 4);
        assertThat(t.nodes()).isEqualTo(16);
        assertThat(t.channels()).isEqualTo(16 * 2 * 3);
        assertThat(t.concentration()).isEqualTo(4);
        assertThat(t.radix()).isEqualTo(4);
        assertThat(t.dimensions()).isEqualTo(2);
        assertThat(t.node(2, 1)).isEqualTo(6);
        assertThat(t.coordinate(6, 0)).isEqualTo(2);
        assertThat(t.coordinate(6, 1)).isEqualTo(1);
        assertThat(t.nodeName(6)).isEqualTo("(2,1)");
        assertThat(t.describe()).isEqualTo("flattened butterfly 4x4 (16 routers, concentration 4)");
        assertThat(t.channelName(t.channelTo(t.node(0, 0), t.node(2, 0)))).isEqualTo("(0,0)-d0->(2,0)");
    }

    @Test
    void eightByEightWithConcentrationEightIsTheTimingSize() {
        FlattenedButterfly t = new FlattenedButterfly(8, 2, 8);
        assertThat(t.nodes()).isEqualTo(64);
        assertThat(t.channels()).isEqualTo(64 * 2 * 7);
        assertThat(t.concentration()).isEqualTo(8);
        assertLinksExactlyTheRoutersDifferingInOneCoordinate(t);
    }

    @Test
    void everyRouterIsLinkedToExactlyTheRoutersDifferingInOneCoordinate() {
        for (FlattenedButterfly t : new FlattenedButterfly[] {new FlattenedButterfly(2, 1, 1),
            new FlattenedButterfly(3, 1, 1), new FlattenedButterfly(4, 1, 1), new FlattenedButterfly(4, 2, 1),
            new FlattenedButterfly(3, 3, 2), new FlattenedButterfly(2, 4, 1)}) {
            assertLinksExactlyTheRoutersDifferingInOneCoordinate(t);
        }
    }

    private static void assertLinksExactlyTheRoutersDifferingInOneCoordinate(FlattenedButterfly t) {
        Set<Integer> seen = new HashSet<>();
        Set<String> names = new HashSet<>();
        for (int a = 0; a < t.nodes(); a++) {
            for (int b = 0; b < t.nodes(); b++) {
                int c = t.channelTo(a, b);
                if (t.differingCoordinates(a, b) != 1) {
                    assertThat(c).isEqualTo(-1);
                    continue;
                }
                assertThat(c).isBetween(0, t.channels() - 1);
                assertThat(t.source(c)).isEqualTo(a);
                assertThat(t.target(c)).isEqualTo(b);
                assertThat(t.coordinate(a, t.dimension(c))).isNotEqualTo(t.coordinate(b, t.dimension(c)));
                assertThat(t.channelTo(b, a)).isNotEqualTo(c);
                assertThat(seen.add(c)).isTrue();
                assertThat(names.add(t.channelName(c))).isTrue();
            }
        }
        assertThat(seen).hasSize(t.channels());
        assertThat(t.channels()).isEqualTo(t.nodes() * t.dimensions() * (t.radix() - 1));
    }

    @Test
    void hasNoRingsDirectionsOrDatelines() {
        FlattenedButterfly t = new FlattenedButterfly(3, 2, 1);
        assertThat(t.rings()).isZero();
        for (int c = 0; c < t.channels(); c++) {
            assertThat(t.ringOf(c)).isEqualTo(-1);
            assertThat(t.direction(c)).isZero();
            assertThat(t.isWrapAround(c)).isFalse();
        }
        assertThat(t.channel(0, 0, 1)).isEqualTo(-1);
        assertThat(t.endpoints()).hasSize(9);
        assertThatThrownBy(() -> t.ringHome(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void badArgumentsNameTheirField() {
        assertThatThrownBy(() -> new FlattenedButterfly(1, 1, 1)).isInstanceOf(ConfigurationException.class)
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("topology.radix");
        assertThatThrownBy(() -> new FlattenedButterfly(4, 0, 1)).isInstanceOf(ConfigurationException.class)
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("topology.dimensions");
        assertThatThrownBy(() -> new FlattenedButterfly(4, 2, 0)).isInstanceOf(ConfigurationException.class)
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("topology.concentration");
        assertThatThrownBy(() -> new FlattenedButterfly(2, 16, 1)).isInstanceOf(ConfigurationException.class)
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("topology");
        assertThatThrownBy(() -> new FlattenedButterfly(32768, 1, 1)).isInstanceOf(ConfigurationException.class)
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("topology");
        assertThatThrownBy(() -> new FlattenedButterfly(4, 2, 1, new int[] {2})).isInstanceOf(
            ConfigurationException.class).hasMessageContaining("one length per dimension (2)")
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("topology.channel-length");
        assertThatThrownBy(() -> new FlattenedButterfly(4, 2, 1, new int[] {2, 0})).isInstanceOf(
            ConfigurationException.class)
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("topology.channel-length");
        assertThatThrownBy(() -> new FlattenedButterfly(4, 1, 1, new int[] {1 << 20})).isInstanceOf(
            ConfigurationException.class)
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("topology.channel-length");
    }

    /** With channel-length every channel is as long as the coordinates it spans times its dimension's length. */
    @Test
    void channelLengthsGrowWithTheDistanceSpanned() {
        FlattenedButterfly plain = new FlattenedButterfly(4, 2, 4);
        FlattenedButterfly laid = new FlattenedButterfly(4, 2, 4, new int[] {2, 3});
        for (int c = 0; c < plain.channels(); c++) {
            assertThat(plain.latency(c)).isEqualTo(1);
            int d = laid.dimension(c);
            int span = Math.abs(laid.coordinate(laid.source(c), d) - laid.coordinate(laid.target(c), d));
            assertThat(span).isBetween(1, 3);
            assertThat(laid.latency(c)).isEqualTo((d == 0 ? 2 : 3) * span);
        }
        assertThat(laid.latency(laid.channelTo(laid.node(0, 0), laid.node(3, 0)))).isEqualTo(6);
        assertThat(laid.latency(laid.channelTo(laid.node(1, 3), laid.node(1, 1)))).isEqualTo(6);
        assertThat(laid.latency(laid.channelTo(laid.node(2, 2), laid.node(1, 2)))).isEqualTo(2);
        assertThat(laid.describe()).endsWith("channel length [2, 3] per step)");
        assertThat(plain.describe()).isEqualTo("flattened butterfly 4x4 (16 routers, concentration 4)");
    }
}
