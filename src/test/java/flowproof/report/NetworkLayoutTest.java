package flowproof.report;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.topology.FatTree;
import flowproof.topology.Fly;
import flowproof.topology.Network;
import org.junit.jupiter.api.Test;

/** Where a trace page draws the switches of a fat tree and of a fly. */
class NetworkLayoutTest {

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
