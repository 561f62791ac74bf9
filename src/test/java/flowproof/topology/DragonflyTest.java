package flowproof.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.ConfigurationException;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DragonflyTest {

    private static final Dragonfly[] SIZES = {new Dragonfly(1, 1, 1), new Dragonfly(1, 3, 1),
        new Dragonfly(2, 1, 1), new Dragonfly(2, 2, 1), new Dragonfly(3, 1, 2), new Dragonfly(4, 2, 2)};

    private static int globals(Dragonfly t) {
        int n = 0;
        for (int c = 0; c < t.channels(); c++) {
            n += t.isGlobal(c) ? 1 : 0;
        }
        return n;
    }

    @Test
    void smallestBalancedDragonflyHasThreeGroupsOfTwo() {
        Dragonfly t = new Dragonfly(2, 1, 1);
        assertThat(t.groups()).isEqualTo(3);
        assertThat(t.routersPerGroup()).isEqualTo(2);
        assertThat(t.nodes()).isEqualTo(6);
        assertThat(t.channels()).isEqualTo(12);
        assertThat(globals(t)).isEqualTo(6);
        assertThat(t.channels() - globals(t)).isEqualTo(6);
        assertThat(t.nodeName(t.router(1, 0))).isEqualTo("g1.r0");
        assertThat(t.groupOf(t.router(1, 0))).isEqualTo(1);
        assertThat(t.describe()).isEqualTo("dragonfly a=2 h=1 p=1 (3 groups, 6 routers)");
        // Link 0 of group 0 (router 0) leads to group 1 and arrives on link g-0-2 = 1 (router 1).
        int c = t.globalChannel(0, 1);
        assertThat(t.source(c)).isEqualTo(t.router(0, 0));
        assertThat(t.target(c)).isEqualTo(t.router(1, 1));
        assertThat(t.channelName(c)).isEqualTo("g0.r0-d1->g1.r1");
    }

    @Test
    void fourRoutersTwoGlobalPortsGivesNineGroups() {
        Dragonfly t = new Dragonfly(4, 2, 2);
        assertThat(t.groups()).isEqualTo(9);
        assertThat(t.nodes()).isEqualTo(36);
        assertThat(t.concentration()).isEqualTo(2);
        assertThat(globals(t)).isEqualTo(9 * 8);
        assertThat(t.channels() - globals(t)).isEqualTo(36 * 3);
        assertThat(t.describe()).isEqualTo("dragonfly a=4 h=2 p=2 (9 groups, 36 routers)");
    }

    @Test
    void globalWiringIsAnInvolutionLinkingEveryPairOfGroupsOnce() {
        for (Dragonfly t : SIZES) {
            int g = t.groups();
            int[][] links = new int[g][g];
            for (int c = 0; c < t.channels(); c++) {
                if (t.isGlobal(c)) {
                    links[t.groupOf(t.source(c))][t.groupOf(t.target(c))]++;
                }
            }
            for (int from = 0; from < g; from++) {
                for (int to = 0; to < g; to++) {
                    assertThat(links[from][to]).isEqualTo(from == to ? 0 : 1);
                    int c = t.globalChannel(from, to);
                    if (from == to) {
                        assertThat(c).isEqualTo(-1);
                        continue;
                    }
                    assertThat(t.isGlobal(c)).isTrue();
                    assertThat(t.groupOf(t.source(c))).isEqualTo(from);
                    assertThat(t.groupOf(t.target(c))).isEqualTo(to);
                    int l = t.globalLink(from, to);
                    assertThat(l).isEqualTo(Math.floorMod(to - from - 1, g));
                    assertThat(t.globalLink(to, from)).isEqualTo(g - l - 2);
                    int back = t.globalChannel(to, from);
                    assertThat(t.source(back)).isEqualTo(t.target(c));
                    assertThat(t.target(back)).isEqualTo(t.source(c));
                }
            }
        }
    }

    @Test
    void groupsAreFullyConnectedByLocalChannels() {
        for (Dragonfly t : SIZES) {
            Set<Integer> seen = new HashSet<>();
            Set<String> names = new HashSet<>();
            for (int from = 0; from < t.nodes(); from++) {
                for (int to = 0; to < t.nodes(); to++) {
                    int c = t.localChannel(from, to);
                    if (from == to || t.groupOf(from) != t.groupOf(to)) {
                        assertThat(c).isEqualTo(-1);
                        continue;
                    }
                    assertThat(t.isGlobal(c)).isFalse();
                    assertThat(t.dimension(c)).isZero();
                    assertThat(t.source(c)).isEqualTo(from);
                    assertThat(t.target(c)).isEqualTo(to);
                    assertThat(seen.add(c)).isTrue();
                }
            }
            for (int c = 0; c < t.channels(); c++) {
                assertThat(names.add(t.channelName(c))).isTrue();
                assertThat(t.dimension(c)).isEqualTo(t.isGlobal(c) ? 1 : 0);
                assertThat(t.isGlobal(c)).isEqualTo(t.groupOf(t.source(c)) != t.groupOf(t.target(c)));
                assertThat(t.direction(c)).isZero();
                assertThat(t.isWrapAround(c)).isFalse();
                assertThat(t.ringOf(c)).isEqualTo(-1);
            }
            int a = t.routersPerGroup();
            assertThat(seen).hasSize(t.nodes() * (a - 1));
            assertThat(t.channels()).isEqualTo(t.nodes() * (a - 1 + t.globalChannelsPerRouter()));
        }
    }

    @Test
    void everyRouterOwnsHGlobalChannels() {
        Dragonfly t = new Dragonfly(4, 2, 2);
        int[] owned = new int[t.nodes()];
        int[] arriving = new int[t.nodes()];
        for (int c = 0; c < t.channels(); c++) {
            if (t.isGlobal(c)) {
                owned[t.source(c)]++;
                arriving[t.target(c)]++;
            }
        }
        assertThat(owned).containsOnly(2);
        assertThat(arriving).containsOnly(2);
    }

    @Test
    void hasNoRings() {
        Dragonfly t = new Dragonfly(2, 1, 1);
        assertThat(t.rings()).isZero();
        assertThat(t.channel(0, 0, 1)).isEqualTo(-1);
        assertThat(t.endpoints()).hasSize(6);
        assertThatThrownBy(() -> t.ringHome(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void badArgumentsNameTheirField() {
        assertThatThrownBy(() -> new Dragonfly(0, 1, 1)).isInstanceOf(ConfigurationException.class)
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("topology.routers-per-group");
        assertThatThrownBy(() -> new Dragonfly(2, 0, 1)).isInstanceOf(ConfigurationException.class)
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("topology.global-channels");
        assertThatThrownBy(() -> new Dragonfly(2, 1, 0)).isInstanceOf(ConfigurationException.class)
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("topology.concentration");
        assertThatThrownBy(() -> new Dragonfly(64, 32, 1)).isInstanceOf(ConfigurationException.class)
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("topology");
    }
}
