package flowproof.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TorusTest {

    @Test
    void unidirectionalTorusHasOneChannelPerNodeAndDimension() {
        Torus t = Torus.torus(new int[] {3, 2}, false);
        assertThat(t.nodes()).isEqualTo(6);
        assertThat(t.channels()).isEqualTo(12);
        assertThat(t.rings()).isEqualTo(2 + 3);
        assertThat(t.nodeName(t.node(2, 1))).isEqualTo("(2,1)");
    }

    @Test
    void bidirectionalRadixTwoKeepsPlusAndMinusChannelsDistinct() {
        Torus t = Torus.torus(new int[] {2}, true);
        assertThat(t.channels()).isEqualTo(4);
        int plus = t.channel(0, 0, 1);
        int minus = t.channel(0, 0, -1);
        assertThat(plus).isNotEqualTo(minus);
        assertThat(t.target(plus)).isEqualTo(t.target(minus));
        assertThat(t.ringOf(plus)).isNotEqualTo(t.ringOf(minus));
        assertThat(t.channelName(plus)).isNotEqualTo(t.channelName(minus));
    }

    @Test
    void concentrationAddsTerminalsNotRouters() {
        Torus mesh = Torus.mesh(new int[] {4, 4});
        Torus c = mesh.withConcentration(4);
        assertThat(mesh.withConcentration(1)).isSameAs(mesh);
        assertThat(mesh.concentration()).isEqualTo(1);
        assertThat(c.concentration()).isEqualTo(4);
        assertThat(c.nodes()).isEqualTo(16);
        assertThat(c.endpoints()).hasSize(16);
        assertThat(c.channels()).isEqualTo(mesh.channels());
        for (int ch = 0; ch < c.channels(); ch++) {
            assertThat(c.source(ch)).isEqualTo(mesh.source(ch));
            assertThat(c.target(ch)).isEqualTo(mesh.target(ch));
        }
        assertThat(c.translations()).hasSameSizeAs(mesh.translations());
        assertThat(c.describe()).isEqualTo("bidirectional mesh 4x4, concentration 4");
        assertThat(Torus.torus(new int[] {4}, true).withConcentration(2).describe())
            .isEqualTo("bidirectional ring 4, concentration 2");
        assertThatThrownBy(() -> mesh.withConcentration(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void wrapAroundChannelsAreTheDatelines() {
        Torus t = Torus.torus(new int[] {4}, true);
        assertThat(t.isWrapAround(t.channel(3, 0, 1))).isTrue();
        assertThat(t.isWrapAround(t.channel(0, 0, -1))).isTrue();
        assertThat(t.isWrapAround(t.channel(1, 0, 1))).isFalse();
        assertThat(t.isWrapAround(t.channel(1, 0, -1))).isFalse();
    }

    @Test
    void ringHomeIsTheQueueAtTheLowestCoordinate() {
        Torus t = Torus.torus(new int[] {4, 3}, true);
        for (int r = 0; r < t.rings(); r++) {
            int home = t.ringHome(r);
            assertThat(t.coordinate(t.target(home), t.dimension(home))).isZero();
        }
    }

    @Test
    void meshHasNoWrapAroundChannels() {
        Torus m = Torus.mesh(new int[] {3, 3});
        assertThat(m.channels()).isEqualTo(2 * 2 * 2 * 3);
        for (int c = 0; c < m.channels(); c++) {
            assertThat(m.isWrapAround(c)).isFalse();
        }
        assertThat(m.channel(m.node(2, 0), 0, 1)).isEqualTo(-1);
    }

    @Test
    void radixBelowTwoIsRejected() {
        assertThatThrownBy(() -> Torus.torus(new int[] {1}, false)).isInstanceOf(IllegalArgumentException.class);
    }
}
