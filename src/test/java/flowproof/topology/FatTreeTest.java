package flowproof.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.ConfigurationException;
import flowproof.routing.FatTreeRouting;
import flowproof.routing.ValiantRouting;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The k-ary n-tree (BookSim's fattree): its wiring read as BookSim's port rule, its
 * ancestors, and nearest-common-ancestor routing over it.
 */
class FatTreeTest {

    private static int pow(int k, int e) {
        int p = 1;
        for (int i = 0; i < e; i++) {
            p *= k;
        }
        return p;
    }

    /** {@code x} with base-k digit {@code j} replaced by {@code v}. */
    private static int withDigit(int x, int j, int v, int k) {
        int p = pow(k, j);
        return x - (x / p) % k * p + v * p;
    }

    /**
     * Every switch below the top has k channels up and every switch above the bottom k down;
     * up port p of switch pos at level l reaches the level-(l-1) switch with digit n-1-l of pos
     * replaced by p, and a channel comes back down the same link (nca_fattree's down port is
     * digit(pos, n-1-l) there).
     */
    @Test
    void theWiringIsTheKAryNTree() {
        for (int[] kn : new int[][] {{2, 2}, {2, 3}, {3, 3}, {4, 3}, {2, 5}}) {
            int k = kn[0];
            int n = kn[1];
            FatTree t = new FatTree(k, n);
            int perLevel = pow(k, n - 1);
            assertThat(t.nodes()).isEqualTo(n * perLevel);
            assertThat(t.channels()).isEqualTo(2 * k * perLevel * (n - 1));
            assertThat(t.endpoints()).hasSize(perLevel);
            assertThat(t.concentration()).isEqualTo(k);
            Set<Long> links = new HashSet<>();
            for (int c = 0; c < t.channels(); c++) {
                assertThat(links.add((long) t.source(c) * t.nodes() + t.target(c))).as("one channel per link and way")
                    .isTrue();
            }
            for (int l = 1; l < n; l++) {
                for (int pos = 0; pos < perLevel; pos++) {
                    int node = t.node(l, pos);
                    for (int p = 0; p < k; p++) {
                        int up = t.upChannel(node, p);
                        assertThat(t.source(up)).isEqualTo(node);
                        int parent = t.node(l - 1, withDigit(pos, n - 1 - l, p, k));
                        assertThat(t.target(up)).as("%s up %d", t.nodeName(node), p).isEqualTo(parent);
                        assertThat(t.direction(up)).isEqualTo(1);
                        int down = t.downChannel(parent, t.digit(pos, n - 1 - l));
                        assertThat(t.target(down)).isEqualTo(node);
                        assertThat(t.direction(down)).isEqualTo(-1);
                    }
                }
            }
        }
        assertThat(new FatTree(2, 3).describe())
            .isEqualTo("2-ary 3-tree (fat tree; 8 terminals on 4 bottom switches, 12 switches)");
        assertThat(new FatTree(2, 3).nodeName(5)).isEqualTo("l1.1");
        assertThatThrownBy(() -> new FatTree(2, 1)).isInstanceOf(ConfigurationException.class)
            .hasMessageContaining("at least 2 levels");
        assertThatThrownBy(() -> new FatTree(1, 3)).isInstanceOf(ConfigurationException.class);
        assertThatThrownBy(() -> new FatTree(2, 13)).isInstanceOf(ConfigurationException.class)
            .hasMessageContaining("at most 4096 terminals");
    }

    /**
     * nca: every pair of bottom switches is offered one route per nearest common ancestor
     * (k^(n-1-m) of them at level m), each up to it and down to the destination, 2(n-1-m) hops,
     * with no hop down before the last hop up; a bottom switch to itself stays.
     */
    @Test
    void ncaGoesUpToEveryNearestCommonAncestorAndDown() {
        for (int[] kn : new int[][] {{2, 3}, {3, 3}, {4, 2}, {2, 4}}) {
            FatTree t = new FatTree(kn[0], kn[1]);
            int n = kn[1];
            ValiantRouting nca = ValiantRouting.nca(t, new FatTreeRouting(t));
            assertThat(nca.name()).isEqualTo("nca");
            assertThat(nca.minimal()).isTrue();
            int[] headers = new int[nca.maxInjectHeaders()];
            int[] out = new int[nca.maxCandidates()];
            for (int s : t.endpoints()) {
                for (int d : t.endpoints()) {
                    int h = nca.injectHeaders(s, d, headers);
                    int m = t.ancestorLevel(s, d);
                    if (s == d) {
                        assertThat(h).isEqualTo(1);
                        assertThat(headers[0]).isEqualTo(d);
                        continue;
                    }
                    assertThat(h).isEqualTo(pow(kn[0], n - 1 - m));
                    Set<Integer> tops = new HashSet<>();
                    for (int i = 0; i < h; i++) {
                        int header = headers[i];
                        tops.add(nca.intermediateOf(header));
                        assertThat(t.levelOf(nca.intermediateOf(header))).isEqualTo(m);
                        int node = s;
                        int in = -1;
                        int hops = 0;
                        boolean down = false;
                        while (nca.exitNode(header) != node) {
                            assertThat(nca.candidates(node, in, header, out)).isEqualTo(1);
                            in = out[0];
                            boolean up = t.direction(in) == 1;
                            assertThat(up && down).as("up after down").isFalse();
                            down |= !up;
                            header = nca.afterHop(header, in);
                            node = t.target(in);
                            hops++;
                            assertThat(hops).isLessThanOrEqualTo(2 * (n - 1));
                        }
                        assertThat(node).isEqualTo(d);
                        assertThat(hops).isEqualTo(2 * (n - 1 - m));
                    }
                    assertThat(tops).hasSize(h);
                }
            }
        }
    }

    /**
     * nca with adaptive up: every up port a candidate on the way up, one down port on the way
     * down; every path any choices make ends at the destination after 2(n-1-m) hops, m the
     * nearest common ancestors' level (so every route is minimal).
     */
    @Test
    void adaptiveUpReachesTheDestinationOnEveryPathInMinimalHops() {
        for (int[] kn : new int[][] {{2, 3}, {3, 3}, {2, 4}}) {
            FatTree t = new FatTree(kn[0], kn[1]);
            FatTreeRouting r = new FatTreeRouting(t, true);
            assertThat(r.maxCandidates()).isEqualTo(kn[0]);
            for (int s : t.endpoints()) {
                for (int d : t.endpoints()) {
                    int want = 2 * (kn[1] - 1 - t.ancestorLevel(s, d));
                    assertThat(paths(t, r, s, d, 0, want)).as("%d to %d", s, d)
                        .isEqualTo(pow(kn[0], want / 2));
                }
            }
        }
    }

    /** The paths from {@code node} to {@code d} that the candidates allow, each checked to take exactly {@code want} hops. */
    private static int paths(FatTree t, FatTreeRouting r, int node, int d, int hops, int want) {
        if (node == d) {
            assertThat(hops).isEqualTo(want);
            return 1;
        }
        assertThat(hops).isLessThan(want);
        int[] out = new int[r.maxCandidates()];
        int n = r.candidates(node, -1, d, out);
        assertThat(n).isPositive();
        int total = 0;
        for (int i = 0; i < n; i++) {
            total += paths(t, r, t.target(out[i]), d, hops + 1, want);
        }
        return total;
    }
}
