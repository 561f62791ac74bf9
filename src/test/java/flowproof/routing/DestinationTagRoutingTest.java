package flowproof.routing;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.topology.Butterfly;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DestinationTagRoutingTest {

    /** Follows the single candidate from source to destination; returns the channels taken. */
    static List<Integer> route(RoutingFunction r, flowproof.topology.Topology topo, int source, int destination) {
        List<Integer> path = new ArrayList<>();
        int[] out = new int[Math.max(1, r.maxCandidates())];
        int at = source;
        int in = -1;
        while (at != destination) {
            int n = r.candidates(at, in, destination, out);
            assertThat(n).as("candidates at %s for %s", topo.nodeName(at), topo.nodeName(destination)).isEqualTo(1);
            assertThat(topo.source(out[0])).as("candidate leaves %s", topo.nodeName(at)).isEqualTo(at);
            in = out[0];
            path.add(in);
            at = topo.target(in);
            assertThat(path.size()).isLessThanOrEqualTo(topo.nodes());
        }
        return path;
    }

    @ParameterizedTest(name = "{0}-ary {1}-fly")
    @CsvSource({"2,1", "2,2", "2,3", "3,2", "4,2", "3,3"})
    void everyPairArrivesInNPlusOneHops(int k, int n) {
        Butterfly b = new Butterfly(k, n);
        DestinationTagRouting r = new DestinationTagRouting(b);
        int[] out = new int[1];
        for (int s = 0; s < b.terminals(); s++) {
            for (int d = 0; d < b.terminals(); d++) {
                if (s == d) {
                    assertThat(r.candidates(s, -1, d, out)).isZero();
                    assertThat(r.distance(s, d)).isZero();
                    continue;
                }
                List<Integer> path = route(r, b, s, d);
                assertThat(path).hasSize(n + 1);
                assertThat(r.distance(s, d)).isEqualTo(n + 1);
                for (int i = 0; i < path.size(); i++) {
                    int at = b.source(path.get(i));
                    assertThat(r.distance(at, d)).isEqualTo(n + 1 - i);
                }
                assertThat(path.get(path.size() - 1)).isEqualTo(b.ejectionChannel(d));
            }
        }
    }

    @Test
    void routeThroughATwoAryThreeFlyFollowsTheDestinationDigits() {
        Butterfly b = new Butterfly(2, 3);
        DestinationTagRouting r = new DestinationTagRouting(b);
        // Source 5 = 101 enters s0.2 (5/2). Destination 3 = 011: stage 0 takes port digit 2 = 0,
        // replacing the top switch digit of 10 by 0 (s1.0); stage 1 takes port digit 1 = 1,
        // replacing the low switch digit by 1 (s2.1); stage 2 takes port digit 0 = 1 to t(1*2+1) = t3.
        List<Integer> path = route(r, b, 5, 3);
        assertThat(path).containsExactly(5, 12, 17, 27);
        assertThat(path).containsExactly(b.injectionChannel(5), b.outputChannel(b.switchNode(0, 2), 0),
            b.outputChannel(b.switchNode(1, 0), 1), b.outputChannel(b.switchNode(2, 1), 1));
        assertThat(path.stream().map(b::channelName))
            .containsExactly("t5->s0.2", "s0.2->s1.0", "s1.0->s2.1", "s2.1->t3");
    }

    @Test
    void contract() {
        Butterfly b = new Butterfly(3, 2);
        DestinationTagRouting r = new DestinationTagRouting(b);
        assertThat(r.name()).isEqualTo("destination-tag");
        assertThat(r.maxCandidates()).isEqualTo(1);
        assertThat(r.minimal()).isTrue();
        assertThat(r.headers()).isEqualTo(b.nodes());
        assertThat(r.hasEscape()).isFalse();
        // Terminal 8 = 22 in base 3; stage 0 sets the one switch digit to 2, so stage-1 switch 0
        // is on no route to it and stage-1 switch 2 is one hop from it.
        assertThat(r.distance(b.switchNode(1, 0), 8)).isEqualTo(-1);
        assertThat(r.distance(b.switchNode(1, 2), 8)).isEqualTo(1);
        assertThat(r.distance(b.switchNode(0, 0), 8)).isEqualTo(2);
    }
}
