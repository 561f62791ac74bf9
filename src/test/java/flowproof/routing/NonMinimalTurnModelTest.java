package flowproof.routing;

import static flowproof.routing.Turn.Direction.EAST;
import static flowproof.routing.Turn.Direction.NORTH;
import static flowproof.routing.Turn.Direction.WEST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import flowproof.ConfigurationException;
import flowproof.plugin.PluginParams;
import flowproof.topology.Torus;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Non-minimal turn models ({@code minimal: false, misroute: B}, issue 47) against a brute-force
 * reference written from Glass and Ni's definition: a packet may take any direction whose turn is
 * not forbidden, never a 180-degree turn, as long as some such walk reaches the destination within
 * {@code B} hops beyond the minimum. The reference enumerates walks; the routing function computes
 * reachability by layers. Every router, in-channel and budget left that a packet can reach must get
 * exactly the reference's directions.
 */
class NonMinimalTurnModelTest {

    private static final Turn.Direction[] DIRS = Turn.Direction.values();

    /** Whether some walk from (x, y), arriving travelling {@code in} (null: injected), reaches (dx, dy) in at most {@code hops}. */
    private static boolean walk(Torus t, List<Turn> forbidden, int x, int y, Turn.Direction in, int dx, int dy, int hops) {
        if (x == dx && y == dy) {
            return true;
        }
        if (hops == 0 || Math.abs(dx - x) + Math.abs(dy - y) > hops) {
            return false;
        }
        for (Turn.Direction o : DIRS) {
            if (legal(t, forbidden, x, y, in, o)
                && walk(t, forbidden, x + step(o, 0), y + step(o, 1), o, dx, dy, hops - 1)) {
                return true;
            }
        }
        return false;
    }

    private static int step(Turn.Direction o, int dim) {
        return o.dimension() == dim ? o.sign() : 0;
    }

    private static boolean legal(Torus t, List<Turn> forbidden, int x, int y, Turn.Direction in, Turn.Direction o) {
        int nx = x + step(o, 0);
        int ny = y + step(o, 1);
        if (nx < 0 || ny < 0 || nx >= t.radix(0) || ny >= t.radix(1)) {
            return false;
        }
        if (in == null || in == o) {
            return true;
        }
        if (in.dimension() == o.dimension()) {
            return false; // a 180-degree turn
        }
        for (Turn f : forbidden) {
            if (f.from() == in && f.to() == o && f.columns().matches(x)) {
                return false;
            }
        }
        return true;
    }

    /** The reference's directions at (x, y) for a packet with {@code hops} left in all. */
    private static Set<Turn.Direction> reference(Torus t, List<Turn> forbidden, int x, int y, Turn.Direction in, int dx,
                                                 int dy, int hops) {
        Set<Turn.Direction> out = new TreeSet<>();
        for (Turn.Direction o : DIRS) {
            if (legal(t, forbidden, x, y, in, o)
                && walk(t, forbidden, x + step(o, 0), y + step(o, 1), o, dx, dy, hops - 1)) {
                out.add(o);
            }
        }
        return out;
    }

    private static Turn.Direction of(Torus t, int channel) {
        return Turn.Direction.of(t.dimension(channel), t.direction(channel));
    }

    /** Checks every state a packet of every routable pair reaches; returns how many routes were longer than minimal. */
    private static int againstReference(Torus t, String name, List<Turn> forbidden, int misroute) {
        TurnModelRouting r = TurnModelRouting.of(t, name, forbidden, misroute);
        assertThat(r.misroute()).isEqualTo(misroute);
        assertThat(r.headers()).isEqualTo(t.nodes() * (misroute / 2 + 1));
        int[] out = new int[r.maxCandidates()];
        int longer = 0;
        for (int s = 0; s < t.nodes(); s++) {
            for (int d = 0; d < t.nodes(); d++) {
                int minimum = r.distance(s, d);
                boolean routable = walk(t, forbidden, t.coordinate(s, 0), t.coordinate(s, 1), null, t.coordinate(d, 0),
                    t.coordinate(d, 1), minimum + misroute);
                if (s == d || !routable) {
                    int[] pair = {s, d};
                    if (s != d) {
                        assertThat(catchThrowableOfType(ConfigurationException.class, () -> r.checkRoutable(List.of(pair))))
                            .as("%s: %s -> %s has no route", name, t.nodeName(s), t.nodeName(d)).isNotNull();
                    }
                    continue;
                }
                r.checkRoutable(List.of(new int[] {s, d}));
                // state: node, in-channel, header, hops so far
                Set<List<Integer>> seen = new HashSet<>();
                Deque<int[]> todo = new ArrayDeque<>();
                todo.add(new int[] {s, -1, d, 0});
                while (!todo.isEmpty()) {
                    int[] at = todo.poll();
                    int v = at[0];
                    if (v == d) {
                        assertThat(at[3]).isLessThanOrEqualTo(minimum + misroute);
                        if (at[3] > minimum) {
                            longer++;
                        }
                        continue;
                    }
                    if (!seen.add(List.of(v, at[1], at[2], at[3]))) {
                        continue;
                    }
                    int away = at[2] / t.nodes();
                    assertThat(at[3]).isEqualTo(minimum - r.distance(v, d) + 2 * away); // hops taken vs hops away
                    int n = r.candidates(v, at[1], at[2], out);
                    Set<Turn.Direction> dirs = new TreeSet<>();
                    for (int i = 0; i < n; i++) {
                        assertThat(t.source(out[i])).isEqualTo(v);
                        dirs.add(of(t, out[i]));
                        int h = r.afterHop(at[2], at[1], out[i]);
                        assertThat(r.destinationOf(h)).isEqualTo(d);
                        todo.add(new int[] {t.target(out[i]), out[i], h, at[3] + 1});
                    }
                    int left = minimum + misroute - at[3];
                    assertThat(dirs).as("%s (misroute %d) at %s from %s to %s, %d hops left", name, misroute,
                            t.nodeName(v), t.nodeName(s), t.nodeName(d), left)
                        .isNotEmpty()
                        .isEqualTo(reference(t, forbidden, t.coordinate(v, 0), t.coordinate(v, 1),
                            at[1] < 0 ? null : of(t, at[1]), t.coordinate(d, 0), t.coordinate(d, 1), left));
                }
            }
        }
        return longer;
    }

    @Test
    void everyReachableChoiceIsTheReferencesForTheNamedModels() {
        for (TurnModel m : TurnModel.values()) {
            for (int[] k : new int[][] {{4, 4}, {5, 3}}) {
                for (int b : new int[] {2, 4}) {
                    assertThat(againstReference(Torus.mesh(k), m.key(), m.forbidden(), b))
                        .as("%s on %dx%d misroute %d takes some longer route", m.key(), k[0], k[1], b).isPositive();
                }
            }
        }
    }

    @Test
    void glassAndNisBadTurnPairsLeaveSomePairsWithoutARoute() {
        Torus t = Torus.mesh(new int[] {4, 4});
        List<Turn> nwWn = List.of(Turn.of(NORTH, WEST), Turn.of(WEST, NORTH));
        List<Turn> enNe = List.of(Turn.of(EAST, NORTH), Turn.of(NORTH, EAST));
        assertThat(againstReference(t, "turns", nwWn, 2)).isPositive();
        assertThat(againstReference(t, "turns", enNe, 2)).isPositive();
        // (3,0) -> (0,3) needs a north-west turn (or three right turns where the mesh has no room)
        TurnModelRouting r = TurnModelRouting.of(t, "turns", nwWn, 4);
        ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
            () -> r.checkRoutable(List.of(new int[] {t.node(3, 0), t.node(0, 3)})));
        assertThat(e.field()).isEqualTo("routing.forbid");
        assertThat(e.expected()).contains("within 4 hops beyond the minimum");
        assertThat(e.found()).isEqualTo("none from (3,0) to (0,3) when forbidding north-west, west-north");
    }

    @Test
    void minimalIsTheDefaultAndTheBudgetIsCheckedWhereItIsRead() {
        Torus t = Torus.mesh(new int[] {4, 4});
        assertThat(TurnModelRouting.misroute(params(Map.of()))).isZero();
        assertThat(TurnModelRouting.misroute(params(Map.of("minimal", false, "misroute", 2)))).isEqualTo(2);
        assertThat(catchThrowableOfType(ConfigurationException.class,
            () -> TurnModelRouting.misroute(params(Map.of("misroute", 2)))).expected()).contains("say minimal: false");
        assertThat(catchThrowableOfType(ConfigurationException.class,
            () -> TurnModelRouting.misroute(params(Map.of("minimal", false)))).found()).contains("missing");
        ConfigurationException odd = catchThrowableOfType(ConfigurationException.class,
            () -> TurnModelRouting.of(t, TurnModel.WEST_FIRST, 3));
        assertThat(odd.field()).isEqualTo("routing.misroute");
        assertThat(odd.expected()).startsWith("an even number of hops beyond the minimum");
        // minimal: the headers are the destinations, as before
        assertThat(TurnModelRouting.of(t, TurnModel.WEST_FIRST).headers()).isEqualTo(16);
        assertThat(TurnModelRouting.of(t, TurnModel.WEST_FIRST, 0).maxCandidates()).isEqualTo(2);
    }

    private static PluginParams params(Map<String, ?> values) {
        return new PluginParams("routing", values);
    }

    @Test
    void aHopAwayIsCountedInTheHeaderAndNamed() {
        Torus t = Torus.mesh(new int[] {4, 4});
        TurnModelRouting r = TurnModelRouting.of(t, TurnModel.WEST_FIRST, 2);
        int d = t.node(3, 0);
        int south = t.channel(t.node(1, 1), 1, -1); // toward the destination's row: closer
        int north = t.channel(t.node(1, 1), 1, 1); // away
        assertThat(r.afterHop(d, -1, south)).isEqualTo(d);
        assertThat(r.afterHop(d, -1, north)).isEqualTo(d + t.nodes());
        assertThat(r.headerName(d, t)).isEqualTo("(3,0)");
        assertThat(r.headerName(d + t.nodes(), t)).isEqualTo("(3,0) after 1 hop away");
        int[] out = new int[r.maxCandidates()];
        // the hop away spent: only closer hops are left
        int n = r.candidates(t.node(1, 2), north, d + t.nodes(), out);
        for (int i = 0; i < n; i++) {
            assertThat(r.distance(t.target(out[i]), d)).isLessThan(r.distance(t.node(1, 2), d));
        }
    }
}
