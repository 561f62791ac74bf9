package flowproof.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import flowproof.ConfigurationException;
import flowproof.topology.Butterfly;
import flowproof.topology.Torus;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The turn models against the algorithms as their papers state them: Glass and Ni's
 * west-first, north-last and negative-first, Chiu's odd-even ROUTE (which reads the
 * source column). Every router and in-channel a packet can reach, for every pair of an
 * 8x8 and a 7x5 mesh, must get exactly the paper's set of directions.
 */
class TurnModelRoutingTest {

    static final int E = 0;
    static final int W = 1;
    static final int N = 2;
    static final int S = 3;

    /** The paper's directions for a packet at (cx, cy) from source column sx to (dx, dy). */
    static Set<Integer> paper(TurnModel m, int sx, int cx, int cy, int dx, int dy) {
        int ex = dx - cx;
        int ey = dy - cy;
        Set<Integer> productive = new TreeSet<>();
        if (ex > 0) {
            productive.add(E);
        }
        if (ex < 0) {
            productive.add(W);
        }
        if (ey > 0) {
            productive.add(N);
        }
        if (ey < 0) {
            productive.add(S);
        }
        Set<Integer> avail = new TreeSet<>();
        switch (m) {
            case WEST_FIRST -> {
                if (ex < 0) {
                    avail.add(W);
                } else {
                    avail.addAll(productive);
                }
            }
            case NORTH_LAST -> {
                avail.addAll(productive);
                if (productive.size() > 1) {
                    avail.remove(N);
                }
            }
            case NEGATIVE_FIRST -> {
                for (int d : productive) {
                    if (ex < 0 || ey < 0 ? (d == W || d == S) : (d == E || d == N)) {
                        avail.add(d);
                    }
                }
            }
            case ODD_EVEN -> {
                // Chiu 2000, Fig. 3 (ROUTE), with columns the x coordinate
                if (ex == 0) {
                    avail.add(ey > 0 ? N : S);
                } else if (ex > 0) {
                    if (ey == 0) {
                        avail.add(E);
                    } else {
                        if (cx % 2 == 1 || cx == sx) {
                            avail.add(ey > 0 ? N : S);
                        }
                        if (dx % 2 == 1 || ex != 1) {
                            avail.add(E);
                        }
                    }
                } else {
                    avail.add(W);
                    if (cx % 2 == 0 && ey != 0) {
                        avail.add(ey > 0 ? N : S);
                    }
                }
            }
            default -> throw new IllegalStateException();
        }
        return avail;
    }

    static int direction(Torus t, int channel) {
        return t.dimension(channel) * 2 + (t.direction(channel) > 0 ? 0 : 1);
    }

    @ParameterizedTest
    @EnumSource(TurnModel.class)
    void everyReachableChoiceIsThePapers(TurnModel m) {
        for (int[] k : new int[][] {{8, 8}, {7, 5}}) {
            Torus t = Torus.mesh(k);
            TurnModelRouting r = TurnModelRouting.of(t, m);
            assertThat(r.name()).isEqualTo(m.key());
            int[] out = new int[r.maxCandidates()];
            int visited = 0;
            for (int s = 0; s < t.nodes(); s++) {
                for (int d = 0; d < t.nodes(); d++) {
                    if (s == d) {
                        continue;
                    }
                    Set<Long> seen = new HashSet<>();
                    Deque<int[]> todo = new ArrayDeque<>();
                    todo.add(new int[] {s, -1});
                    while (!todo.isEmpty()) {
                        int[] at = todo.poll();
                        int v = at[0];
                        if (v == d || !seen.add((long) v * t.channels() + at[1] + 1)) {
                            continue;
                        }
                        visited++;
                        int n = r.candidates(v, at[1], d, out);
                        Set<Integer> dirs = new TreeSet<>();
                        for (int i = 0; i < n; i++) {
                            assertThat(t.source(out[i])).isEqualTo(v);
                            assertThat(r.distance(t.target(out[i]), d)).isEqualTo(r.distance(v, d) - 1);
                            dirs.add(direction(t, out[i]));
                            todo.add(new int[] {t.target(out[i]), out[i]});
                        }
                        assertThat(dirs).as("%s at %s from %s to %s", m, t.nodeName(v), t.nodeName(s), t.nodeName(d))
                            .isNotEmpty()
                            .isEqualTo(paper(m, t.coordinate(s, 0), t.coordinate(v, 0), t.coordinate(v, 1),
                                t.coordinate(d, 0), t.coordinate(d, 1)));
                    }
                }
            }
            assertThat(visited).isGreaterThan(t.nodes() * (t.nodes() - 1));
        }
    }

    @Test
    void theModelsAreAdaptiveWhereThePapersAre() {
        Torus t = Torus.mesh(new int[] {4, 4});
        int[] out = new int[2];
        // west-first: north-east of the source, both east and north
        assertThat(TurnModelRouting.of(t, TurnModel.WEST_FIRST).candidates(t.node(0, 0), -1, t.node(2, 2), out)).isEqualTo(2);
        // west-first: north-west, only west
        assertThat(TurnModelRouting.of(t, TurnModel.WEST_FIRST).candidates(t.node(2, 0), -1, t.node(0, 2), out)).isEqualTo(1);
        assertThat(t.direction(out[0])).isEqualTo(-1);
    }

    @Test
    void aTurnSetThatLeavesAPairWithoutARouteNamesThePair() {
        Torus t = Torus.mesh(new int[] {3, 3});
        ConfigurationException e = catchThrowableOfType(ConfigurationException.class, () -> TurnModelRouting.of(t, "turns",
            List.of(Turn.of(Turn.Direction.EAST, Turn.Direction.NORTH), Turn.of(Turn.Direction.NORTH, Turn.Direction.EAST)))
                .checkRoutable(List.of(new int[] {t.node(0, 0), t.node(2, 0)}, new int[] {t.node(0, 0), t.node(1, 1)})));
        assertThat(e.field()).isEqualTo("routing.forbid");
        assertThat(e.found()).startsWith("none from (0,0) to (1,1)").contains("east-north, north-east");
    }

    @Test
    void turnModelsAndXyYxAreRefusedOffTwoDimensionalMeshes() {
        for (var topo : List.of(Torus.torus(new int[] {4, 4}, true), Torus.torus(new int[] {4}, false),
            Torus.mesh(new int[] {4}), Torus.mesh(new int[] {2, 2, 2}), new Butterfly(2, 3))) {
            ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
                () -> TurnModelRouting.of(topo, TurnModel.ODD_EVEN));
            assertThat(e.field()).isEqualTo("routing");
            assertThat(e.expected()).startsWith("a 2-D mesh for routing odd-even");
            assertThat(catchThrowableOfType(ConfigurationException.class, () -> XyYxRouting.of(topo)).expected())
                .startsWith("a 2-D mesh for routing xy-yx");
        }
        assertThat(catchThrowableOfType(ConfigurationException.class,
            () -> TurnModelRouting.of(Torus.torus(new int[] {4, 4}, true), TurnModel.WEST_FIRST)).expected())
            .contains("dateline");
    }

    /** choice: random (BookSim's xy_yx): every pair that leaves its router draws an order, a straight pair too. */
    @Test
    void xyYxWithARandomChoiceOffersBothOrdersToEveryPair() {
        Torus t = Torus.mesh(new int[] {3, 3});
        XyYxRouting r = XyYxRouting.of(t, true);
        assertThat(r.randomHeader()).isTrue();
        assertThat(XyYxRouting.of(t).randomHeader()).isFalse();
        int[] h = new int[2];
        int d = t.node(2, 2);
        assertThat(r.injectHeaders(t.node(0, 2), d, h)).isEqualTo(2);
        assertThat(h).containsExactly(d, r.yxHeader(d));
        assertThat(r.routeName(h[1])).isEqualTo("yx");
        assertThat(r.injectHeaders(d, d, h)).isEqualTo(1);
        // a pair in one row: YX has no Y part, so it goes east at once, and the mark is dropped on that hop
        int[] out = new int[1];
        assertThat(r.candidates(t.node(0, 2), -1, r.yxHeader(d), out)).isEqualTo(1);
        assertThat(t.target(out[0])).isEqualTo(t.node(1, 2));
        assertThat(r.afterHop(r.yxHeader(d), out[0])).isEqualTo(d);
        // a pair in one column: north, the mark dropped on the hop that reaches row 2
        int s = t.node(2, 0);
        assertThat(r.injectHeaders(s, d, h)).isEqualTo(2);
        r.candidates(s, -1, r.yxHeader(d), out);
        assertThat(t.target(out[0])).isEqualTo(t.node(2, 1));
        assertThat(r.afterHop(r.yxHeader(d), out[0])).isEqualTo(r.yxHeader(d));
    }

    @Test
    void xyYxOffersBothOrdersOnlyWhereTheyDiffer() {
        Torus t = Torus.mesh(new int[] {3, 3});
        XyYxRouting r = XyYxRouting.of(t);
        int[] h = new int[2];
        int d = t.node(2, 2);
        assertThat(r.injectHeaders(t.node(0, 0), d, h)).isEqualTo(2);
        assertThat(h).containsExactly(d, r.yxHeader(d));
        assertThat(r.injectHeaders(t.node(0, 2), d, h)).isEqualTo(1);
        assertThat(r.injectHeaders(t.node(2, 0), d, h)).isEqualTo(1);
        int[] out = new int[1];
        // XY: east first; YX: north first, and the YX mark is dropped on the hop that ends the Y part
        r.candidates(t.node(0, 0), -1, d, out);
        assertThat(t.target(out[0])).isEqualTo(t.node(1, 0));
        r.candidates(t.node(0, 0), -1, r.yxHeader(d), out);
        assertThat(t.target(out[0])).isEqualTo(t.node(0, 1));
        assertThat(r.afterHop(r.yxHeader(d), out[0])).isEqualTo(r.yxHeader(d));
        assertThat(r.exitNode(r.yxHeader(d))).isEqualTo(-1);
        r.candidates(t.node(0, 1), out[0], r.yxHeader(d), out);
        assertThat(t.target(out[0])).isEqualTo(t.node(0, 2));
        assertThat(r.afterHop(r.yxHeader(d), out[0])).isEqualTo(d);
        assertThat(r.headerName(r.yxHeader(d), t)).isEqualTo("(2,2) yx");
        assertThat(r.headers()).isEqualTo(18);
    }
}
