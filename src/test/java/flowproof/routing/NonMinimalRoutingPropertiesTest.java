package flowproof.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.quicktheories.QuickTheory.qt;

import flowproof.ConfigurationException;
import flowproof.topology.GraphTopology;
import flowproof.topology.Torus;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.quicktheories.generators.Generate;

/**
 * Properties of the non-minimal routing functions on random networks, every route followed
 * over every candidate ({@link Routes#all}): Valiant's routes go through their intermediate,
 * minimally each way; a looping table under a hop limit never strands a packet, always
 * arrives within the limit, still offers the table's shortest route, and is refused exactly
 * when some pair has no table route within the limit (by a breadth-first search written
 * here, not the class's fixpoint).
 */
class NonMinimalRoutingPropertiesTest {

    @Test
    void valiantRoutesGoMinimallyToTheirIntermediateThenToTheDestination() {
        qt().withExamples(60).forAll(Generate.range(0, Integer.MAX_VALUE)).checkAssert(seed -> {
            Random rnd = new Random(seed);
            int[] radix = new int[1 + rnd.nextInt(2)];
            for (int i = 0; i < radix.length; i++) {
                radix[i] = 2 + rnd.nextInt(3);
            }
            Torus t = rnd.nextBoolean() ? Torus.mesh(radix) : Torus.torus(radix, rnd.nextBoolean());
            DimensionOrderRouting dor = new DimensionOrderRouting(t);
            ValiantRouting v = new ValiantRouting(t, dor, null);
            int longest = 0;
            for (int a = 0; a < t.nodes(); a++) {
                for (int b = 0; b < t.nodes(); b++) {
                    longest = Math.max(longest, dor.distance(a, b));
                }
            }
            int s = rnd.nextInt(t.nodes());
            int d = rnd.nextInt(t.nodes());
            if (s == d) {
                return;
            }
            List<Routes.Route> routes = Routes.all(t, v, s, d, 2 * longest);
            // the plain route and one through every other router
            assertThat(routes).hasSize(t.nodes() - 1);
            for (Routes.Route r : routes) {
                int i = v.intermediateOf(r.injectHeader());
                if (i < 0) {
                    assertThat(r.hops()).isEqualTo(dor.distance(s, d));
                    continue;
                }
                assertThat(i).isNotIn(s, d);
                assertThat(r.hops()).isEqualTo(dor.distance(s, i) + dor.distance(i, d));
                int reached = r.nodes(t).indexOf(i);
                assertThat(reached).isEqualTo(dor.distance(s, i));
                for (int h = 0; h < r.hops(); h++) {
                    assertThat(r.headers().get(h)).as("header after hop %d", h + 1)
                        .isEqualTo(h + 1 < reached ? r.injectHeader() : d);
                }
            }
        });
    }

    @Test
    void aHopLimitedLoopingTableArrivesWithinItsLimitOrIsRefused() {
        qt().withExamples(80).forAll(Generate.range(0, Integer.MAX_VALUE)).checkAssert(seed -> {
            Random rnd = new Random(seed);
            int k = 3 + rnd.nextInt(3);
            List<String> names = new ArrayList<>();
            List<int[]> channels = new ArrayList<>();
            boolean[][] linked = new boolean[k][k];
            for (int v = 0; v < k; v++) {
                names.add("r" + v);
            }
            for (int v = 0; v < k; v++) {
                link(channels, linked, v, (v + 1) % k);
            }
            for (int extra = rnd.nextInt(3); extra > 0; extra--) {
                int a = rnd.nextInt(k);
                int b = rnd.nextInt(k);
                if (a != b && !linked[a][b]) {
                    link(channels, linked, a, b);
                }
            }
            boolean[] all = new boolean[k];
            Arrays.fill(all, true);
            GraphTopology g = new GraphTopology("g", names, channels, all, 1);
            int[][][] table = new int[k][k][];
            for (int v = 0; v < k; v++) {
                for (int d = 0; d < k; d++) {
                    if (v != d) {
                        int[] out = g.outChannels(v);
                        List<Integer> pick = new ArrayList<>();
                        for (int c : out) {
                            if (rnd.nextBoolean()) {
                                pick.add(c);
                            }
                        }
                        if (pick.isEmpty()) {
                            pick.add(out[rnd.nextInt(out.length)]);
                        }
                        table[v][d] = pick.stream().mapToInt(Integer::intValue).toArray();
                    }
                }
            }
            int limit = 1 + rnd.nextInt(2 * k);
            int worst = 0;
            int[][] shortest = new int[k][k];
            for (int s = 0; s < k; s++) {
                for (int d = 0; d < k; d++) {
                    shortest[s][d] = s == d ? 0 : bfs(g, table, s, d);
                    worst = Math.max(worst, shortest[s][d]);
                }
            }
            // every pair of endpoints sends (the spec reader checks the traffic's pairs, issue 47)
            List<int[]> everyPair = new ArrayList<>();
            for (int s = 0; s < k; s++) {
                for (int d = 0; d < k; d++) {
                    if (s != d) {
                        everyPair.add(new int[] {s, d});
                    }
                }
            }
            if (worst > limit) {
                ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
                    () -> new TableRouting(g, "table", table, Map.of(), limit).checkWithinLimit(everyPair));
                assertThat(e).as("refused: some pair needs %d hops, limit %d", worst, limit).isNotNull();
                assertThat(e.field()).isEqualTo("routing.hop-limit");
                return;
            }
            TableRouting t = new TableRouting(g, "table", table, Map.of(), limit);
            t.checkWithinLimit(everyPair);
            assertThat(t.minimal()).isFalse();
            for (int s = 0; s < k; s++) {
                for (int d = 0; d < k; d++) {
                    if (s == d) {
                        continue;
                    }
                    List<Routes.Route> routes = Routes.all(g, t, s, d, limit);
                    assertThat(routes).isNotEmpty();
                    assertThat(routes.stream().mapToInt(Routes.Route::hops).min().orElseThrow())
                        .as("the table's shortest route from %d to %d", s, d).isEqualTo(shortest[s][d]);
                    for (Routes.Route r : routes) {
                        for (int h = 0; h < r.hops(); h++) {
                            assertThat(r.headers().get(h)).isEqualTo((h + 1) * k + d);
                        }
                    }
                }
            }
        });
    }

    private static void link(List<int[]> channels, boolean[][] linked, int a, int b) {
        channels.add(new int[] {a, b, 1});
        channels.add(new int[] {b, a, 1});
        linked[a][b] = true;
        linked[b][a] = true;
    }

    /** Fewest hops from s to d following the table (no hop limit), or MAX_VALUE. */
    private static int bfs(GraphTopology g, int[][][] table, int s, int d) {
        int[] dist = new int[g.nodes()];
        Arrays.fill(dist, Integer.MAX_VALUE);
        dist[s] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(s));
        while (!queue.isEmpty()) {
            int v = queue.poll();
            if (v == d) {
                return dist[v];
            }
            for (int c : table[v][d]) {
                int w = g.target(c);
                if (dist[w] == Integer.MAX_VALUE) {
                    dist[w] = dist[v] + 1;
                    queue.add(w);
                }
            }
        }
        return Integer.MAX_VALUE;
    }
}
