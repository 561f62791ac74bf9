package flowproof.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.ConfigurationException;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DragonflyTest {

    private static final Dragonfly.GlobalWiring BOOKSIM = Dragonfly.GlobalWiring.BOOKSIM;

    private static final Dragonfly[] SIZES = {new Dragonfly(1, 1, 1), new Dragonfly(1, 3, 1),
        new Dragonfly(2, 1, 1), new Dragonfly(2, 2, 1), new Dragonfly(3, 1, 2), new Dragonfly(4, 2, 2),
        new Dragonfly(1, 3, 1, BOOKSIM, null), new Dragonfly(2, 1, 1, BOOKSIM, null),
        new Dragonfly(3, 2, 1, BOOKSIM, null), new Dragonfly(4, 2, 2, BOOKSIM, new int[] {10, 100}),
        new Dragonfly(8, 4, 4, BOOKSIM, new int[] {10, 100})};

    /** The global link of {@code from} toward {@code to} by the wiring's formula (Dragonfly's Javadoc). */
    private static int link(Dragonfly t, int from, int to) {
        if (t.wiring() == BOOKSIM) {
            return to > from ? to - 1 : to;
        }
        return Math.floorMod(to - from - 1, t.groups());
    }

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
                    assertThat(l).isEqualTo(link(t, from, to));
                    assertThat(t.globalLink(to, from)).isEqualTo(t.wiring() == BOOKSIM ? link(t, to, from) : g - l - 2);
                    // the link leaves router l / h, port l mod h, and lands on the far group's link back
                    assertThat(t.source(c)).isEqualTo(t.router(from, l / t.globalChannelsPerRouter()));
                    assertThat(t.target(c)).isEqualTo(t.router(to, link(t, to, from) / t.globalChannelsPerRouter()));
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
        for (Dragonfly t : new Dragonfly[] {new Dragonfly(4, 2, 2), new Dragonfly(4, 2, 2, BOOKSIM, null)}) {
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
    }

    /**
     * BookSim's dragonflynew with k = 2 (a = 4, h = 2, p = 2, 9 groups), links worked out by hand
     * from dragonfly.cpp: link l of group G goes to group l if l &lt; G, else l + 1, and lands on
     * the far group's link G - 1 if G is above it, else G (router link / h, port link mod h).
     */
    @Test
    void bookSimWiringByHand() {
        Dragonfly t = new Dragonfly(4, 2, 2, BOOKSIM, null);
        // group 0, link 0 (router 0, port 0): to group 1, its link 0 (router 0)
        assertThat(t.target(t.globalChannel(0, 1))).isEqualTo(t.router(1, 0));
        assertThat(t.source(t.globalChannel(0, 1))).isEqualTo(t.router(0, 0));
        // group 3, link 1 (router 0, port 1): to group 1 (1 < 3), its link 3 - 1 = 2 (router 1)
        assertThat(t.globalLink(3, 1)).isEqualTo(1);
        assertThat(t.target(t.globalChannel(3, 1))).isEqualTo(t.router(1, 1));
        // group 5, link 5 (router 2, port 1): to group 6 (5 >= 5), its link 5 (router 2)
        assertThat(t.globalLink(5, 6)).isEqualTo(5);
        assertThat(t.source(t.globalChannel(5, 6))).isEqualTo(t.router(5, 2));
        assertThat(t.target(t.globalChannel(5, 6))).isEqualTo(t.router(6, 2));
        // group 8, link 7 (router 3, port 1): to group 7, its link 8 - 1 = 7 (router 3)
        assertThat(t.target(t.globalChannel(8, 7))).isEqualTo(t.router(7, 3));
        // flowproof's wiring sends group 3's link 1 elsewhere: to group (3 + 1 + 1) mod 9 = 5
        Dragonfly own = new Dragonfly(4, 2, 2);
        assertThat(own.groupOf(own.target(own.router(3, 0) * 5 + 3 + 1))).isEqualTo(5);
        assertThat(t.groupOf(t.target(t.router(3, 0) * 5 + 3 + 1))).isEqualTo(1);
    }

    /**
     * dragonfly.cpp's input-channel formulas, written out: router {@code node} of group G with
     * index d takes its intra-group input cnt and its global input cnt from BookSim channel
     * {@code _input}, BookSim numbering a router's 3p-1 output channels as flowproof does (local
     * ones toward increasing index skipping itself, then the p global ports). So every BookSim
     * channel is flowproof's channel of the same number, entering the same router.
     */
    @Test
    void bookSimWiringIsDragonflyCppsChannelForChannel() {
        for (int p = 1; p <= 4; p++) {
            int a = 2 * p;
            int ports = 3 * p - 1; // _num_ports_per_switch = _k - _p
            Dragonfly t = new Dragonfly(a, p, p, BOOKSIM, null);
            assertThat(t.groups()).isEqualTo(a * p + 1);
            int checked = 0;
            for (int node = 0; node < t.nodes(); node++) {
                int grp = node / a;
                int d = node % a;
                for (int cnt = 0; cnt < 2 * p - 1; cnt++) {
                    int input = cnt < d
                        ? grp * ports * a - (d - cnt) * ports + d * ports + (d - 1)
                        : grp * ports * a + d * ports + (cnt - d + 1) * ports + d;
                    assertThat(t.target(input)).as("p=%d local input %d of %d", p, cnt, node).isEqualTo(node);
                    assertThat(t.isGlobal(input)).isFalse();
                    checked++;
                }
                for (int cnt = 0; cnt < p; cnt++) {
                    int out = d * p + cnt;
                    int input = grp > out
                        ? out * ports * a + (ports - p) * ((grp - 1) / p) + (ports - p) + grp - 1
                        : (out + 1) * ports * a + (ports - p) * (grp / p) + (ports - p) + grp;
                    assertThat(t.target(input)).as("p=%d global input %d of %d", p, cnt, node).isEqualTo(node);
                    assertThat(t.isGlobal(input)).isTrue();
                    checked++;
                }
            }
            assertThat(checked).isEqualTo(t.channels());
        }
    }

    @Test
    void channelLengthsAreLocalAndGlobal() {
        Dragonfly t = new Dragonfly(4, 2, 2, BOOKSIM, new int[] {10, 100});
        assertThat(t.latency(t.localChannel(t.router(2, 0), t.router(2, 3)))).isEqualTo(10);
        assertThat(t.latency(t.globalChannel(2, 7))).isEqualTo(100);
        assertThat(new Dragonfly(4, 2, 2).latency(0)).isEqualTo(1);
        assertThat(t.describe()).isEqualTo("dragonfly a=4 h=2 p=2 (9 groups, 36 routers, BookSim's global wiring,"
            + " channel length [10, 100])");
        assertThatThrownBy(() -> new Dragonfly(2, 1, 1, BOOKSIM, new int[] {10})).isInstanceOf(
            ConfigurationException.class).extracting(e -> ((ConfigurationException) e).field())
            .isEqualTo("topology.channel-length");
        assertThatThrownBy(() -> new Dragonfly(2, 1, 1, BOOKSIM, new int[] {0, 5})).isInstanceOf(
            ConfigurationException.class).hasMessageContaining("cycles of at least 1");
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
