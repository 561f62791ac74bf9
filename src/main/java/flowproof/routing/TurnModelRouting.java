package flowproof.routing;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import flowproof.ConfigurationException;
import flowproof.routing.Turn.Direction;
import flowproof.topology.Topology;
import flowproof.topology.Torus;
import java.util.List;

/**
 * Minimal adaptive routing on a 2-D mesh restricted to the turns a set of forbidden turns
 * leaves: a turn model. A packet's candidates at a router are the productive directions
 * (those that bring it closer) such that
 * <ol>
 *   <li>the turn from the direction it arrived in to that direction is not forbidden at
 *       this router (a packet being injected makes no turn, nor does one going straight on), and
 *   <li>from the next router, arriving in that direction, some minimal route whose every
 *       turn is allowed still reaches the destination.
 * </ol>
 * The second condition keeps a packet out of dead ends: it is what makes west-first send a
 * packet bound west only west, and what the destination-column conditions of Chiu's
 * odd-even ROUTE algorithm express. With the presets of {@link TurnModel} this gives the
 * textbook algorithms (the tests compare them with Glass and Ni's and Chiu's own).
 *
 * <p><b>Non-minimal</b> ({@code minimal: false, misroute: B}): a packet may also take hops
 * that do not bring it closer, Glass and Ni's non-minimal turn models, as long as its route
 * stays within {@code B} hops beyond the minimum (on a mesh a hop away costs two: the hop and
 * the one back, so {@code B} is even and a packet makes at most {@code B/2} such hops). A
 * candidate is then any direction whose turn is allowed, never a 180-degree turn, from whose
 * next router some allowed route within the budget left reaches the destination. The header
 * carries the hops away taken so far ({@code m*R + d}), so no packet returns to a (channel,
 * header) pair: every hop either brings it closer or raises {@code m}.
 *
 * <p>The routing function sees the channel a packet arrived on, so a header is the
 * destination (and, non-minimal, the hops away taken). Dimension 0 is X (east is +),
 * dimension 1 is Y (north is +); a column is a router's x coordinate.
 *
 * <p>Only 2-D meshes: on a torus a turn model alone leaves the cycles of the wrap-around
 * channels (every ring is a cycle of straight moves, which no turn restriction touches),
 * and deadlock freedom needs a VC discipline such as a dateline there.
 */
public final class TurnModelRouting implements RoutingFunction, PairRoutable {

    /** The direction index of an injected packet (it arrives in no direction). */
    private static final int INJECTED = 4;

    private final Torus mesh;
    private final String name;
    private final List<Turn> forbidden;
    private final int nodes;
    /** The most hops away from the destination a packet takes: 0 for minimal routing. */
    private final int away;
    /** allowed[((parity * 5) + in) * 4 + out]: parity 0 even column, 1 odd; never a 180-degree turn. */
    private final boolean[] allowed = new boolean[2 * 5 * 4];
    /**
     * Bit (((left * nodes + destination) * nodes + node) * 5 + in): an allowed route to destination
     * with at most {@code left} hops away from it exists.
     */
    private final long[] reach;

    private TurnModelRouting(Torus mesh, String name, List<Turn> forbidden, int away) {
        this.mesh = mesh;
        this.name = name;
        this.forbidden = List.copyOf(forbidden);
        this.nodes = mesh.nodes();
        this.away = away;
        for (int parity = 0; parity < 2; parity++) {
            for (int in = 0; in <= INJECTED; in++) {
                for (Direction out : Direction.values()) {
                    boolean ok = true;
                    if (in != INJECTED && in != out.ordinal()) {
                        ok = Direction.values()[in].dimension() != out.dimension(); // no 180-degree turn
                        for (Turn t : forbidden) {
                            if (t.from().ordinal() == in && t.to() == out && t.columns().matches(parity)) {
                                ok = false;
                            }
                        }
                    }
                    allowed[(parity * 5 + in) * 4 + out.ordinal()] = ok;
                }
            }
        }
        long bits = (long) (away + 1) * nodes * nodes * 5;
        if (bits > (long) Integer.MAX_VALUE * 32) {
            throw new ConfigurationException("routing.misroute", "a budget whose routes fit in memory on "
                + mesh.describe(), Integer.toString(2 * away));
        }
        this.reach = new long[(int) ((bits + 63) / 64)];
        for (int left = 0; left <= away; left++) {
            for (int d = 0; d < nodes; d++) {
                fill(d, left);
            }
        }
    }

    /**
     * The minimal turn model {@code name} forbidding {@code forbidden} on {@code topology}.
     * Which pairs it must route is the traffic's: {@link #checkRoutable}.
     *
     * @throws ConfigurationException (field {@code routing}) unless the topology is a 2-D mesh
     */
    public static TurnModelRouting of(Topology topology, String name, List<Turn> forbidden) {
        return of(topology, name, forbidden, 0);
    }

    /**
     * The turn model {@code name} forbidding {@code forbidden} on {@code topology}, with routes up to
     * {@code misroute} hops beyond the minimum (0: minimal routing).
     *
     * @throws ConfigurationException (field {@code routing}) unless the topology is a 2-D mesh;
     *     (field {@code routing.misroute}) for a negative or odd budget
     */
    public static TurnModelRouting of(Topology topology, String name, List<Turn> forbidden, int misroute) {
        Torus mesh = requireMesh2d(topology, name);
        if (misroute < 0 || misroute % 2 != 0) {
            throw new ConfigurationException("routing.misroute", "an even number of hops beyond the minimum (on a mesh"
                + " every hop away from the destination takes one back)", Integer.toString(misroute));
        }
        return new TurnModelRouting(mesh, name, forbidden, misroute / 2);
    }

    /**
     * Every pair of {@code pairs} (source, destination) has a route whose turns are all allowed
     * (within the misroute budget).
     *
     * @throws ConfigurationException (field {@code routing.forbid}) naming the first pair without one
     */
    @Override
    public void checkRoutable(List<int[]> pairs) {
        for (int[] p : pairs) {
            if (p[0] != p[1] && !reaches(p[0], INJECTED, p[1], away)) {
                throw new ConfigurationException("routing.forbid", "turns that leave every pair the traffic sends a"
                    + (away == 0 ? " minimal route" : " route within " + 2 * away + " hops beyond the minimum"),
                    "none from " + mesh.nodeName(p[0]) + " to " + mesh.nodeName(p[1]) + " when forbidding "
                    + Turn.describe(forbidden));
            }
        }
    }

    /** A named turn model. */
    public static TurnModelRouting of(Topology topology, TurnModel model) {
        return of(topology, model.key(), model.forbidden());
    }

    /** A named turn model with a misroute budget (0: minimal). */
    public static TurnModelRouting of(Topology topology, TurnModel model, int misroute) {
        return of(topology, model.key(), model.forbidden(), misroute);
    }

    /**
     * The topology as a 2-D mesh.
     *
     * @throws ConfigurationException (field {@code routing}) for anything else
     */
    static Torus requireMesh2d(Topology topology, String name) {
        if (topology instanceof Torus t && !t.hasWrapAround() && t.dimensions() == 2) {
            return t;
        }
        String why = topology instanceof Torus t && t.hasWrapAround()
            ? " (on a torus, restricting turns leaves the wrap-around cycles: use dor with rule dateline, or"
                + " minimal-adaptive with escape VCs)"
            : "";
        throw new ConfigurationException("routing", "a 2-D mesh for routing " + name + why, topology.describe());
    }

    private static int index(int channelDimension, int channelDirection) {
        return Direction.of(channelDimension, channelDirection).ordinal();
    }

    private boolean reaches(int node, int in, int destination, int left) {
        long bit = (((long) left * nodes + destination) * nodes + node) * 5 + in;
        return (reach[(int) (bit >>> 6)] & (1L << (bit & 63))) != 0;
    }

    private void set(int node, int in, int destination, int left) {
        long bit = (((long) left * nodes + destination) * nodes + node) * 5 + in;
        reach[(int) (bit >>> 6)] |= 1L << (bit & 63);
    }

    /**
     * Fills the reach bits of one destination with {@code left} hops away to spare, nearer routers
     * first in each dimension (a hop closer reads this layer, a hop away the layer below).
     */
    private void fill(int d, int left) {
        int dx = mesh.coordinate(d, 0);
        int dy = mesh.coordinate(d, 1);
        int[] xs = byDistance(dx, mesh.radix(0));
        int[] ys = byDistance(dy, mesh.radix(1));
        for (int x : xs) {
            for (int y : ys) {
                int v = mesh.node(x, y);
                for (int in = 0; in <= INJECTED; in++) {
                    if (v == d) {
                        set(v, in, d, left);
                        continue;
                    }
                    for (Direction dir : Direction.values()) {
                        int c = dir.dimension() == 0 ? x : y;
                        int t = dir.dimension() == 0 ? dx : dy;
                        int r = mesh.radix(dir.dimension());
                        boolean closer = (t - c) * dir.sign() > 0;
                        if (c + dir.sign() < 0 || c + dir.sign() >= r || (!closer && left == 0)
                            || !allowed[((x & 1) * 5 + in) * 4 + dir.ordinal()]) {
                            continue;
                        }
                        int next = mesh.target(mesh.channel(v, dir.dimension(), dir.sign()));
                        if (reaches(next, dir.ordinal(), d, closer ? left : left - 1)) {
                            set(v, in, d, left);
                            break;
                        }
                    }
                }
            }
        }
    }

    private static int[] byDistance(int target, int k) {
        int[] order = new int[k];
        int n = 0;
        order[n++] = target;
        for (int delta = 1; n < k; delta++) {
            if (target - delta >= 0) {
                order[n++] = target - delta;
            }
            if (target + delta < k) {
                order[n++] = target + delta;
            }
        }
        return order;
    }

    @Override
    public int candidates(int node, int inChannel, int header, int[] out) {
        int in = inChannel < 0 ? INJECTED : index(mesh.dimension(inChannel), mesh.direction(inChannel));
        int parity = mesh.coordinate(node, 0) & 1;
        int destination = header % nodes;
        int left = away - header / nodes;
        int n = 0;
        for (Direction dir : Direction.values()) {
            int c = mesh.coordinate(node, dir.dimension());
            int t = mesh.coordinate(destination, dir.dimension());
            boolean closer = (t - c) * dir.sign() > 0;
            if ((!closer && left == 0) || c + dir.sign() < 0 || c + dir.sign() >= mesh.radix(dir.dimension())
                || !allowed[(parity * 5 + in) * 4 + dir.ordinal()]) {
                continue;
            }
            int ch = mesh.channel(node, dir.dimension(), dir.sign());
            if (reaches(mesh.target(ch), dir.ordinal(), destination, closer ? left : left - 1)) {
                out[n++] = ch;
            }
        }
        return n;
    }

    /** A packet's source with no route to its destination under these turns (arrivals always have one). */
    @Override
    public String noRouteNote(int node, int inChannel, int header) {
        return "no route from " + mesh.nodeName(node) + " to " + mesh.nodeName(header % nodes) + " when forbidding "
            + Turn.describe(forbidden) + (away == 0 ? " (minimal)" : " within " + 2 * away + " hops beyond the minimum");
    }

    /** Non-minimal: a hop away from the destination counts one more in the header. */
    @Override
    public int afterHop(int header, int channel) {
        int d = header % nodes;
        return away > 0 && distance(mesh.target(channel), d) > distance(mesh.source(channel), d) ? header + nodes : header;
    }

    @Override
    public int destinationOf(int header) {
        return header % nodes;
    }

    @Override
    public int exitNode(int header) {
        return header % nodes;
    }

    /** {@code d}, or {@code d after 1 hop away} once a packet has taken hops away from it. */
    @Override
    public String headerName(int header, Topology topology) {
        String d = topology.nodeName(header % nodes);
        int m = header / nodes;
        return m == 0 ? d : d + " after " + m + (m == 1 ? " hop" : " hops") + " away";
    }

    /** The hops beyond the minimum a route may take: 0 for minimal routing. */
    public int misroute() {
        return 2 * away;
    }

    /** The turns this function forbids. */
    public List<Turn> forbidden() {
        return forbidden;
    }

    @Override
    public int maxCandidates() {
        return away == 0 ? 2 : 4;
    }

    @Override
    public int distance(int node, int destination) {
        return Math.abs(mesh.coordinate(node, 0) - mesh.coordinate(destination, 0))
            + Math.abs(mesh.coordinate(node, 1) - mesh.coordinate(destination, 1));
    }

    /**
     * True also non-minimal: every hop brings a packet closer or raises the hops away its header
     * carries, so no packet returns to a (channel, header) pair it has left.
     */
    @Override
    public boolean minimal() {
        return true;
    }

    @Override
    public int headers() {
        return nodes * (away + 1);
    }

    /** The preset's name ({@code west-first}, ...) or {@code turns} for a spec's own list. */
    @Override
    public String name() {
        return name;
    }

    /**
     * {@code minimal: false, misroute: B}: the budget {@code B}; 0 for minimal routing (the default).
     *
     * @throws ConfigurationException for a budget without {@code minimal: false} or the reverse
     */
    static int misroute(PluginParams params) {
        boolean minimal = params.bool("minimal", true);
        if (minimal) {
            if (params.has("misroute")) {
                throw params.bad("misroute", "no misroute budget with minimal routing (say minimal: false)");
            }
            return 0;
        }
        if (!params.has("misroute")) {
            throw params.bad("misroute", "the hops beyond the minimum a route may take, with minimal: false (e.g."
                + " misroute: 2)", "nothing (the field is missing)");
        }
        return params.integer("misroute", 0, 1 << 20);
    }

    /** A named turn model's factory: {@code routing: west-first} and the like, on a 2-D mesh. */
    abstract static class ModelFactory implements RoutingFactory {
        private final TurnModel model;

        ModelFactory(TurnModel model) {
            this.model = model;
        }

        @Override
        public String name() {
            return model.key();
        }

        @Override
        public RoutingFunction create(Topology topology, PluginParams params) {
            return of(topology, model, misroute(params));
        }

        @Override
        public List<Param> params() {
            return List.of(Param.of("minimal"), Param.of("misroute"));
        }

        @Override
        public String refuses(Topology topology) {
            return topology instanceof Torus ? null : RoutingParams.MESH_ONLY;
        }
    }

    /** {@code routing: west-first}. */
    @AutoService(RoutingFactory.class)
    public static final class WestFirstFactory extends ModelFactory {
        /** The factory ServiceLoader builds. */
        public WestFirstFactory() {
            super(TurnModel.WEST_FIRST);
        }
    }

    /** {@code routing: north-last}. */
    @AutoService(RoutingFactory.class)
    public static final class NorthLastFactory extends ModelFactory {
        /** The factory ServiceLoader builds. */
        public NorthLastFactory() {
            super(TurnModel.NORTH_LAST);
        }
    }

    /** {@code routing: negative-first}. */
    @AutoService(RoutingFactory.class)
    public static final class NegativeFirstFactory extends ModelFactory {
        /** The factory ServiceLoader builds. */
        public NegativeFirstFactory() {
            super(TurnModel.NEGATIVE_FIRST);
        }
    }

    /** {@code routing: odd-even}. */
    @AutoService(RoutingFactory.class)
    public static final class OddEvenFactory extends ModelFactory {
        /** The factory ServiceLoader builds. */
        public OddEvenFactory() {
            super(TurnModel.ODD_EVEN);
        }
    }

    /** {@code routing: turns}: minimal routes that avoid the turns a spec forbids. */
    @AutoService(RoutingFactory.class)
    public static final class TurnsFactory implements RoutingFactory {
        @Override
        public String name() {
            return "turns";
        }

        @Override
        public RoutingFunction create(Topology topology, PluginParams params) {
            return of(topology, name(), RoutingParams.turns(params), misroute(params));
        }

        @Override
        public List<Param> params() {
            return List.of(Param.of("forbid"), Param.of("minimal"), Param.of("misroute"));
        }

        @Override
        public String refuses(Topology topology) {
            return topology instanceof Torus ? null : RoutingParams.MESH_ONLY;
        }
    }
}
