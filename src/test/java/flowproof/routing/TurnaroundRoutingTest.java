package flowproof.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.ConfigurationException;
import flowproof.topology.Bmin;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TurnaroundRoutingTest {

    @ParameterizedTest(name = "{0}-ary {1}-stage")
    @CsvSource({"2,1", "2,2", "2,3", "3,2", "4,2", "3,3", "4,3", "2,4"})
    void everyPairTurnsAroundOnceAtItsLowestCommonStage(int k, int n) {
        Bmin b = new Bmin(k, n);
        TurnaroundRouting r = new TurnaroundRouting(b);
        for (int s = 0; s < b.terminals(); s++) {
            int[] shortest = shortestHops(b, s);
            for (int d = 0; d < b.terminals(); d++) {
                if (s == d) {
                    assertThat(r.candidates(s, -1, d, new int[1])).isZero();
                    continue;
                }
                List<Integer> path = DestinationTagRoutingTest.route(r, b, s, d);
                int turn = b.turnStage(s, d);
                assertThat(path).hasSize(2 * (turn + 1));
                assertThat(path).hasSize(shortest[d]);
                assertThat(r.distance(s, d)).isEqualTo(path.size());
                int highest = -1;
                boolean backward = false;
                for (int c : path) {
                    if (b.direction(c) < 0) {
                        backward = true;
                    } else {
                        assertThat(backward).as("forward after backward from t%d to t%d", s, d).isFalse();
                        highest = Math.max(highest, b.stageOf(b.target(c)));
                    }
                }
                assertThat(highest).isEqualTo(turn);
            }
        }
    }

    @ParameterizedTest(name = "{0}-ary {1}-stage")
    @CsvSource({"2,2", "2,3", "3,2", "4,2", "3,3", "2,4"})
    void backwardChannelsTowardsADestinationFormATree(int k, int n) {
        Bmin b = new Bmin(k, n);
        TurnaroundRouting r = new TurnaroundRouting(b);
        for (int d = 0; d < b.terminals(); d++) {
            Set<Integer>[] descending = newSets(n);
            for (int s = 0; s < b.terminals(); s++) {
                if (s != d) {
                    for (int c : DestinationTagRoutingTest.route(r, b, s, d)) {
                        if (b.direction(c) < 0) {
                            descending[b.stageOf(b.source(c))].add(b.source(c));
                        }
                    }
                }
            }
            for (int stage = 0; stage < n; stage++) {
                assertThat(descending[stage]).as("stage %d towards t%d", stage, d).hasSizeLessThanOrEqualTo(1);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Set<Integer>[] newSets(int n) {
        Set<Integer>[] sets = new Set[n];
        for (int i = 0; i < n; i++) {
            sets[i] = new HashSet<>();
        }
        return sets;
    }

    /** BFS hop counts from terminal {@code s}, never passing through another terminal. */
    private static int[] shortestHops(Bmin b, int s) {
        int[] hops = new int[b.nodes()];
        java.util.Arrays.fill(hops, -1);
        hops[s] = 0;
        ArrayDeque<Integer> work = new ArrayDeque<>(List.of(s));
        while (!work.isEmpty()) {
            int at = work.poll();
            if (at != s && at < b.terminals()) {
                continue;
            }
            for (int c = 0; c < b.channels(); c++) {
                if (b.source(c) == at && hops[b.target(c)] < 0) {
                    hops[b.target(c)] = hops[at] + 1;
                    work.add(b.target(c));
                }
            }
        }
        return hops;
    }

    @Test
    void forwardPortIsTheDestinationDigitAndBackwardPortLeadsToIt() {
        Bmin b = new Bmin(2, 3);
        TurnaroundRouting r = new TurnaroundRouting(b);
        // t0 -> t2: turn at stage 2. Forward ports digit(2, 0) = 0 at stage 0 and digit(2, 2) = 0
        // at stage 1: s0.0 -> s1.0 -> s2.0 (switch (w % 2) * 2 + r), then back to s1.2, s0.1, t2.
        List<Integer> path = DestinationTagRoutingTest.route(r, b, 0, 2);
        assertThat(path.stream().map(b::channelName))
            .containsExactly("t0->s0.0", "s0.0->s1.0", "s1.0->s2.0", "s2.0->s1.2", "s1.2->s0.1", "s0.1->t2");
        // t0 -> t4: turn at stage 1, reached through port digit(4, 0) = 0 of s0.0 (most significant
        // digit first would take port digit(4, 2) = 1, to s1.1)
        assertThat(DestinationTagRoutingTest.route(r, b, 0, 4).stream().map(b::channelName).toList())
            .containsExactly("t0->s0.0", "s0.0->s1.0", "s1.0->s0.2", "s0.2->t4");
    }

    @ParameterizedTest(name = "{0}-ary {1}-stage")
    @CsvSource({"2,2", "2,3", "3,2", "4,2", "4,3", "2,4", "3,4"})
    void everyBackwardChannelBetweenSwitchesCarriesThePacketsOfOneDestination(int k, int n) {
        Bmin b = new Bmin(k, n);
        TurnaroundRouting r = new TurnaroundRouting(b);
        // the destinations whose packets come down each backward channel into a switch, over all sources
        java.util.Map<Integer, Set<Integer>> served = new java.util.HashMap<>();
        for (int s = 0; s < b.terminals(); s++) {
            for (int d = 0; d < b.terminals(); d++) {
                if (s != d) {
                    for (int c : DestinationTagRoutingTest.route(r, b, s, d)) {
                        if (b.direction(c) < 0 && b.target(c) >= b.terminals()) {
                            served.computeIfAbsent(c, x -> new HashSet<>()).add(d);
                        }
                    }
                }
            }
        }
        assertThat(served.values()).as("destinations per return channel").allMatch(d -> d.size() == 1);
        // and every one of the N backward channels of each of the n-1 layers between switches is used
        assertThat(served).hasSize((n - 1) * b.terminals());
    }

    @Test
    void contract() {
        Bmin b = new Bmin(4, 2);
        TurnaroundRouting r = new TurnaroundRouting(b);
        assertThat(r.name()).isEqualTo("turnaround");
        assertThat(r.maxCandidates()).isEqualTo(1);
        assertThat(r.minimal()).isTrue();
        assertThat(r.headers()).isEqualTo(b.nodes());
        assertThat(r.hasEscape()).isFalse();
        assertThat(r.distance(b.switchNode(1, 3), 5)).isEqualTo(2);
        assertThat(r.distance(0, b.switchNode(0, 0))).isEqualTo(-1);
    }

    @Test
    void tooLargeATableIsAConfigurationError() {
        assertThatThrownBy(() -> new TurnaroundRouting(new Bmin(2, 12))).isInstanceOf(ConfigurationException.class)
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("routing");
    }
}
