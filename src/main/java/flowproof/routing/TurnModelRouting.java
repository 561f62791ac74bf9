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
 * <p>The routing function sees the channel a packet arrived on, so a header is just the
 * destination. Dimension 0 is X (east is +), dimension 1 is Y (north is +); a column is a
 * router's x coordinate.
 *
 * <p>Only 2-D meshes: on a torus a turn model alone leaves the cycles of the wrap-around
 * channels (every ring is a cycle of straight moves, which no turn restriction touches),
 * and deadlock freedom needs a VC discipline such as a dateline there.
 */
public final class TurnModelRouting implements RoutingFunction {

    /** The direction index of an injected packet (it arrives in no direction). */
    private static final int INJECTED = 4;

    private final Torus mesh;
    private final String name;
    private final List<Turn> forbidden;
    private final int nodes;
    /** allowed[((parity * 5) + in) * 4 + out]: parity 0 even column, 1 odd. */
    private final boolean[] allowed = new boolean[2 * 5 * 4];
    /** Bit ((destination * nodes + node) * 5 + in): a minimal allowed route to destination exists. */
    private final long[] reach;

    private TurnModelRouting(Torus mesh, String name, List<Turn> forbidden) {
        this.mesh = mesh;
        this.name = name;
        this.forbidden = List.copyOf(forbidden);
        this.nodes = mesh.nodes();
        for (int parity = 0; parity < 2; parity++) {
            for (int in = 0; in <= INJECTED; in++) {
                for (Direction out : Direction.values()) {
                    boolean ok = true;
                    if (in != INJECTED && in != out.ordinal()) {
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
        this.reach = new long[(int) (((long) nodes * nodes * 5 + 63) / 64)];
        for (int d = 0; d < nodes; d++) {
            fill(d);
        }
    }

    /**
     * The turn model {@code name} forbidding {@code forbidden} on {@code topology}.
     *
     * @throws ConfigurationException (field {@code routing}) unless the topology is a 2-D mesh;
     *     (field {@code routing.forbid}) when some pair of routers has no minimal route
     *     whose turns are all allowed
     */
    public static TurnModelRouting of(Topology topology, String name, List<Turn> forbidden) {
        Torus mesh = requireMesh2d(topology, name);
        TurnModelRouting r = new TurnModelRouting(mesh, name, forbidden);
        for (int s = 0; s < mesh.nodes(); s++) {
            for (int d = 0; d < mesh.nodes(); d++) {
                if (s != d && !r.reaches(s, INJECTED, d)) {
                    throw new ConfigurationException("routing.forbid", "turns that leave every pair of routers a minimal"
                        + " route", "none from " + mesh.nodeName(s) + " to " + mesh.nodeName(d) + " when forbidding "
                        + Turn.describe(forbidden));
                }
            }
        }
        return r;
    }

    /** A named turn model. */
    public static TurnModelRouting of(Topology topology, TurnModel model) {
        return of(topology, model.key(), model.forbidden());
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

    private boolean reaches(int node, int in, int destination) {
        long bit = ((long) destination * nodes + node) * 5 + in;
        return (reach[(int) (bit >>> 6)] & (1L << (bit & 63))) != 0;
    }

    private void set(int node, int in, int destination) {
        long bit = ((long) destination * nodes + node) * 5 + in;
        reach[(int) (bit >>> 6)] |= 1L << (bit & 63);
    }

    /** Fills the reach bits of one destination, nearer routers first in each dimension. */
    private void fill(int d) {
        int dx = mesh.coordinate(d, 0);
        int dy = mesh.coordinate(d, 1);
        int[] xs = byDistance(dx, mesh.radix(0));
        int[] ys = byDistance(dy, mesh.radix(1));
        for (int x : xs) {
            for (int y : ys) {
                int v = mesh.node(x, y);
                for (int in = 0; in <= INJECTED; in++) {
                    if (v == d) {
                        set(v, in, d);
                        continue;
                    }
                    for (int dim = 0; dim < 2; dim++) {
                        int c = dim == 0 ? x : y;
                        int t = dim == 0 ? dx : dy;
                        if (c == t) {
                            continue;
                        }
                        int sign = t > c ? 1 : -1;
                        int out = index(dim, sign);
                        if (allowed[((x & 1) * 5 + in) * 4 + out]
                            && reaches(mesh.target(mesh.channel(v, dim, sign)), out, d)) {
                            set(v, in, d);
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
    public int candidates(int node, int inChannel, int destination, int[] out) {
        int in = inChannel < 0 ? INJECTED : index(mesh.dimension(inChannel), mesh.direction(inChannel));
        int parity = mesh.coordinate(node, 0) & 1;
        int n = 0;
        for (int dim = 0; dim < 2; dim++) {
            int c = mesh.coordinate(node, dim);
            int t = mesh.coordinate(destination, dim);
            if (c == t) {
                continue;
            }
            int sign = t > c ? 1 : -1;
            int o = index(dim, sign);
            int ch = mesh.channel(node, dim, sign);
            if (allowed[(parity * 5 + in) * 4 + o] && reaches(mesh.target(ch), o, destination)) {
                out[n++] = ch;
            }
        }
        return n;
    }

    /** The turns this function forbids. */
    public List<Turn> forbidden() {
        return forbidden;
    }

    @Override
    public int maxCandidates() {
        return 2;
    }

    @Override
    public int distance(int node, int destination) {
        return Math.abs(mesh.coordinate(node, 0) - mesh.coordinate(destination, 0))
            + Math.abs(mesh.coordinate(node, 1) - mesh.coordinate(destination, 1));
    }

    @Override
    public boolean minimal() {
        return true;
    }

    @Override
    public int headers() {
        return nodes;
    }

    /** The preset's name ({@code west-first}, ...) or {@code turns} for a spec's own list. */
    @Override
    public String name() {
        return name;
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
            return of(topology, model);
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
            return of(topology, name(), RoutingParams.turns(params));
        }

        @Override
        public List<Param> params() {
            return List.of(Param.of("forbid"));
        }

        @Override
        public String refuses(Topology topology) {
            return topology instanceof Torus ? null : RoutingParams.MESH_ONLY;
        }
    }
}
