package flowproof.report;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.topology.FatTree;
import flowproof.topology.Fly;
import flowproof.topology.Network;
import org.junit.jupiter.api.Test;

/** Where a trace page draws the switches of a fat tree and of a fly. */
class NetworkLayoutTest {

    /**
     * A graph without positions is drawn as it is connected (issue 45: on a circle in name order,
     * queue boxes on crossing links were ambiguous): neighbours closer than non-neighbours, the same
     * picture every time; with positions, where they say (y upwards).
     */
    @Test
    void aGraphIsDrawnAsItIsConnectedOrWhereItsFileSays() throws Exception {
        // a ladder of 2 x 4 whose names run across it: on a circle in name order it crosses itself
        java.util.List<String> names = java.util.List.of("a0", "b0", "a1", "b1", "a2", "b2", "a3", "b3");
        java.util.List<int[]> ch = new java.util.ArrayList<>();
        int[][] links = {{0, 2}, {2, 4}, {4, 6}, {1, 3}, {3, 5}, {5, 7}, {0, 1}, {2, 3}, {4, 5}, {6, 7}};
        for (int[] e : links) {
            ch.add(new int[] {e[0], e[1]});
            ch.add(new int[] {e[1], e[0]});
        }
        boolean[] all = new boolean[8];
        java.util.Arrays.fill(all, true);
        flowproof.topology.GraphTopology g = new flowproof.topology.GraphTopology("ladder", names, ch, all, 1);
        NetworkLayout l = NetworkLayout.of(new Network(g, 1, 1));
        assertThat(l.kind()).isEqualTo("force-directed");
        double longestLink = 0;
        for (int[] e : links) {
            longestLink = Math.max(longestLink, Math.hypot(l.nodeX(e[0]) - l.nodeX(e[1]), l.nodeY(e[0]) - l.nodeY(e[1])));
        }
        // the two ends of the ladder are farther apart than any two neighbours
        assertThat(Math.hypot(l.nodeX(0) - l.nodeX(7), l.nodeY(0) - l.nodeY(7))).isGreaterThan(longestLink);
        for (int v = 0; v < 8; v++) {
            for (int w = 0; w < v; w++) {
                assertThat(Math.hypot(l.nodeX(v) - l.nodeX(w), l.nodeY(v) - l.nodeY(w)))
                    .isGreaterThanOrEqualTo(NetworkLayout.SPACING * 0.99);
            }
        }
        NetworkLayout again = NetworkLayout.of(new Network(g, 1, 1));
        for (int v = 0; v < 8; v++) {
            assertThat(again.nodeX(v)).isEqualTo(l.nodeX(v));
            assertThat(again.nodeY(v)).isEqualTo(l.nodeY(v));
        }
        double[] x = {0, 0, 1, 1, 2, 2, 3, 3};
        double[] y = {0, 1, 0, 1, 0, 1, 0, 1};
        NetworkLayout placed = NetworkLayout.of(new Network(new flowproof.topology.GraphTopology("ladder", names, ch, all,
            1, x, y), 1, 1));
        assertThat(placed.kind()).isEqualTo("positions");
        assertThat(placed.nodeX(2)).isGreaterThan(placed.nodeX(0));
        assertThat(placed.nodeY(1)).isLessThan(placed.nodeY(0));    // y upwards: b above a on the page
    }

    /** A fat tree level by level, the top level highest on the page, each level's switches in order. */
    @Test
    void aFatTreeIsDrawnLevelByLevel() {
        FatTree t = new FatTree(2, 3);
        NetworkLayout l = NetworkLayout.of(new Network(t, 1, 1));
        assertThat(l.kind()).isEqualTo("levels");
        for (int v = 0; v + 1 < t.nodes(); v++) {
            int w = v + 1;
            if (t.levelOf(v) == t.levelOf(w)) {
                assertThat(l.nodeX(w)).isGreaterThan(l.nodeX(v));
                assertThat(l.nodeY(w)).isEqualTo(l.nodeY(v));
            } else {
                assertThat(l.nodeY(w)).isGreaterThan(l.nodeY(v));
            }
        }
    }

    /** A fly stage by stage from left to right. */
    @Test
    void aFlyIsDrawnStageByStage() {
        Fly fly = new Fly(2, 3);
        NetworkLayout l = NetworkLayout.of(new Network(fly, 1, 1));
        assertThat(l.kind()).isEqualTo("stages");
        for (int v = 0; v < fly.nodes(); v++) {
            for (int w = 0; w < fly.nodes(); w++) {
                int c = Integer.compare(fly.stageOf(v), fly.stageOf(w));
                assertThat(Double.compare(l.nodeX(v), l.nodeX(w))).isEqualTo(c);
            }
        }
    }
}
