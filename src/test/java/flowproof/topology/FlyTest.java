package flowproof.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.ConfigurationException;
import flowproof.routing.FlyDestinationTagRouting;
import flowproof.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;

/**
 * The fly with terminals on its switches (BookSim's fly): the butterfly's switches and the
 * channels between them, k terminals per stage-0 switch, delivered at the last stage.
 */
class FlyTest {

    @Test
    void itIsTheButterflyWithoutItsTerminalNodes() {
        Fly fly = new Fly(2, 3);
        Butterfly b = new Butterfly(2, 3);
        assertThat(fly.nodes()).isEqualTo(12);
        assertThat(fly.channels()).isEqualTo(16);
        assertThat(fly.endpoints()).containsExactly(0, 1, 2, 3);
        assertThat(fly.concentration()).isEqualTo(2);
        assertThat(fly.selfPairsCross()).isTrue();
        assertThat(b.selfPairsCross()).isFalse();
        // every channel between switches of the butterfly, and no other
        int between = 0;
        for (int c = 0; c < b.channels(); c++) {
            if (b.stageOf(b.source(c)) < 0 || b.stageOf(b.target(c)) < 0) {
                continue;
            }
            between++;
            int from = fly.node(b.stageOf(b.source(c)), b.indexOf(b.source(c)));
            int to = fly.node(b.stageOf(b.target(c)), b.indexOf(b.target(c)));
            boolean found = false;
            for (int f = 0; f < fly.channels(); f++) {
                found |= fly.source(f) == from && fly.target(f) == to;
            }
            assertThat(found).as(b.channelName(c)).isTrue();
        }
        assertThat(between).isEqualTo(fly.channels());
        assertThat(fly.describe()).isEqualTo("2-ary 3-fly, terminals on the switches (8 terminals, 12 switches)");
        assertThat(fly.channelName(0)).isEqualTo("s0.0->s1.0");
        assertThatThrownBy(() -> new Fly(2, 1)).isInstanceOf(ConfigurationException.class)
            .hasMessageContaining("at least 2 stages");
    }

    /** Destination-tag: every endpoint reaches every endpoint's exit switch, itself included, in n - 1 hops. */
    @Test
    void destinationTagLeadsEveryPairToItsLastStageSwitch() {
        for (Fly fly : new Fly[] {new Fly(2, 3), new Fly(3, 2), new Fly(4, 3)}) {
            FlyDestinationTagRouting r = new FlyDestinationTagRouting(fly);
            int[] out = new int[1];
            for (int s : fly.endpoints()) {
                for (int d : fly.endpoints()) {
                    int node = s;
                    int hops = 0;
                    assertThat(r.distance(node, d)).isEqualTo(fly.stages() - 1);
                    while (node != r.exitNode(d)) {
                        assertThat(r.candidates(node, -1, d, out)).isEqualTo(1);
                        node = fly.target(out[0]);
                        hops++;
                        assertThat(r.distance(node, d)).isEqualTo(fly.stages() - 1 - hops);
                    }
                    assertThat(hops).isEqualTo(fly.stages() - 1);
                    assertThat(fly.stageOf(node)).isEqualTo(fly.stages() - 1);
                    assertThat(fly.indexOf(node)).isEqualTo(d);
                }
            }
        }
    }

    @Test
    void allPairsIncludeAnEndpointWithItself() {
        Fly fly = new Fly(2, 3);
        assertThat(TrafficPattern.ALL_PAIRS.pairs(fly)).hasSize(16).anySatisfy(p -> assertThat(p).containsExactly(2, 2));
        assertThat(TrafficPattern.ALL_PAIRS.pairs(new Butterfly(2, 2))).hasSize(12)
            .noneSatisfy(p -> assertThat(p[0]).isEqualTo(p[1]));
    }
}
