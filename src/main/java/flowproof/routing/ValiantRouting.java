package flowproof.routing;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import java.util.List;
import flowproof.ConfigurationException;
import flowproof.topology.FatTree;
import flowproof.topology.Topology;
import flowproof.topology.Grid;
import java.util.Arrays;

/**
 * Valiant's randomized routing (Valiant and Brebner, 1981), registry name {@code valiant}:
 * at its source a packet picks an intermediate router, goes there by a minimal base routing
 * function ({@code dor} on rings, tori and meshes, {@code shortest-path} on graphs), then on
 * to its destination by the same function. The explorer treats the choice of intermediate
 * as nondeterministic (every one is tried), the simulator picks one uniformly at random.
 *
 * <p>The intermediates are every router, or a list. An intermediate equal to the source or
 * the destination is the minimal route, so with every router (or a list holding the source
 * or the destination) the minimal route is among the choices.
 *
 * <p>Headers, with {@code R = nodes()}: {@code d < R} is a packet heading to its destination
 * {@code d}; {@code R + i*R + d} one still heading to intermediate {@code i}, bound for
 * {@code d}. The header is rewritten to {@code d} on the hop that enters {@code i}
 * ({@link #afterHop}), as {@link UgalRouting} does. {@code headers() = R + R*R}; codes with
 * {@code i == d} are never produced.
 *
 * <p>{@link #minimal()} is the base function's answer (true for {@code dor} and
 * {@code shortest-path}), for the reason given in {@link UgalRouting}: no packet can return
 * to a (channel, header) pair it has left, since every hop strictly decreases
 * {@code (distance to i) + M + 1} on the first phase (M the largest minimal distance) and
 * {@code distance to d} on the second, and the hop that reaches {@code i} drops the measure
 * to at most M. The routes are longer than minimal ones (up to twice), which is what the
 * VC rules must account for (with {@code vc-per-hop}: as many VCs as the longest Valiant
 * route has hops). Immutable.
 */
public final class ValiantRouting implements RoutingFunction {

    private final Topology topology;
    private final RoutingFunction base;
    private final int routers;
    /** Sorted, distinct. */
    private final int[] intermediates;
    private final boolean everyRouter;
    /** {@code intermediates: minimal-box} (ROMM): the routers of the source's and destination's box, on a mesh. */
    private final Grid box;
    /** {@code routing: nca} on a fat tree: the nearest common ancestors of the source and destination. */
    private final FatTree tree;
    /** {@code draw: per-router}: one header per intermediate router (see {@link Draw#PER_ROUTER}). */
    private final boolean perRouter;

    /** How the simulator's uniform draw weighs the routes ({@code routing.draw}). */
    public enum Draw {
        /**
         * Every distinct route equally likely: an intermediate equal to the source or the
         * destination is the minimal route, offered once (the default).
         */
        PER_ROUTE("per-route"),
        /**
         * Every intermediate router equally likely, as BookSim's {@code valiant_mesh} and
         * {@code romm_mesh} draw it: through the source a packet is in its second phase from the
         * start (route {@code minimal}), through its destination in its first phase all the way
         * (route {@code valiant} until it arrives); with every router as intermediate a packet to
         * its own router goes out through one of the others.
         */
        PER_ROUTER("per-router");

        private final String key;

        Draw(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        /** The draw named {@code key}, or null. */
        public static Draw of(String key) {
            for (Draw d : values()) {
                if (d.key.equals(key)) {
                    return d;
                }
            }
            return null;
        }
    }

    /**
     * @param base a minimal routing function on {@code topology} whose headers are destinations
     * @param intermediates the routers a packet may go through, or null for every router
     * @throws ConfigurationException (field {@code routing.intermediates}) when the base
     *     function has no route between an endpoint and an intermediate
     */
    public ValiantRouting(Topology topology, RoutingFunction base, int[] intermediates) {
        this(topology, base, intermediates, false, Draw.PER_ROUTE);
    }

    /**
     * @param base a minimal routing function on {@code topology} whose headers are destinations
     * @param intermediates the routers a packet may go through, or null for every router (or,
     *     with {@code minimalBox}, for the box)
     * @param minimalBox ROMM (Nesson and Johnsson): the intermediates of a pair are the routers
     *     of the smallest box that holds its source and destination, so that every route is
     *     minimal; a mesh only
     * @param draw how the simulator's uniform draw weighs the routes
     * @throws ConfigurationException (field {@code routing.intermediates}) when the base
     *     function has no route between an endpoint and an intermediate, or the box is asked
     *     for on another topology than a mesh or with a list
     */
    public ValiantRouting(Topology topology, RoutingFunction base, int[] intermediates, boolean minimalBox,
                          Draw draw) {
        if (minimalBox && !(topology instanceof Grid t && !t.hasWrapAround())) {
            throw new ConfigurationException("routing.intermediates", "a mesh for minimal-box (the box of two"
                + " routers is their minimal quadrant there)", topology.describe());
        }
        if (minimalBox && intermediates != null) {
            throw new ConfigurationException("routing.intermediates", "minimal-box or a list", "both");
        }
        this.box = minimalBox ? (Grid) topology : null;
        this.tree = null;
        this.perRouter = draw == Draw.PER_ROUTER;
        this.topology = topology;
        this.base = base;
        this.routers = topology.nodes();
        this.everyRouter = intermediates == null;
        this.intermediates = checked(intermediates);
    }

    /**
     * Nearest-common-ancestor routing on a fat tree ({@code routing: nca}, BookSim's
     * {@code nca}): up to one of the nearest common ancestors of the source and destination,
     * drawn uniformly (the odds of BookSim's random up port at each switch: one ancestor per
     * path up), then down the one path to the destination; every route is minimal, by
     * {@code base} (the tree's shortest paths).
     */
    public static ValiantRouting nca(FatTree tree, RoutingFunction base) {
        return new ValiantRouting(tree, base);
    }

    private ValiantRouting(FatTree tree, RoutingFunction base) {
        this.box = null;
        this.tree = tree;
        this.perRouter = true;
        this.topology = tree;
        this.base = base;
        this.routers = tree.nodes();
        this.everyRouter = true;
        this.intermediates = checked(null);
    }

    /** The intermediates, sorted and distinct (every router for null), once each is checked to reach and be reached. */
    private int[] checked(int[] intermediates) {
        if (base.headers() != topology.nodes() || base.hasEscape() || base.maxInjectHeaders() != 1) {
            throw new IllegalArgumentException("Valiant needs a base function whose headers are destinations");
        }
        long headers = (long) routers + (long) routers * routers;
        if (headers > Integer.MAX_VALUE) {
            throw new ConfigurationException("routing", "at most " + Integer.MAX_VALUE + " Valiant headers",
                headers + " for " + topology.describe());
        }
        if (intermediates == null) {
            intermediates = new int[routers];
            for (int v = 0; v < routers; v++) {
                intermediates[v] = v;
            }
        }
        int[] sorted = Arrays.stream(intermediates).distinct().sorted().toArray();
        int[] scratch = new int[Math.max(1, base.maxCandidates())];
        for (int i : sorted) {
            for (int e = 0; e < routers; e++) {
                if (e == i || !topology.isEndpoint(e)) {
                    continue;
                }
                for (int[] pair : new int[][] {{e, i}, {i, e}}) {
                    if (!reaches(pair[0], pair[1], scratch)) {
                        throw new ConfigurationException("routing.intermediates",
                            "intermediates that every endpoint reaches and that reach every endpoint",
                            "no route from " + topology.nodeName(pair[0]) + " to " + topology.nodeName(pair[1]));
                    }
                }
            }
        }
        return sorted;
    }

    /** Follows the base function's first candidate from {@code from}: does it get to {@code to}? */
    private boolean reaches(int from, int to, int[] scratch) {
        int node = from;
        int in = -1;
        for (int hops = 0; hops <= routers; hops++) {
            if (node == to) {
                return true;
            }
            if (base.candidates(node, in, to, scratch) <= 0) {
                return false;
            }
            in = scratch[0];
            node = topology.target(in);
        }
        return false;
    }

    /** The minimal function each phase follows. */
    public RoutingFunction base() {
        return base;
    }

    /** The routers a packet may go through, sorted. */
    public int[] intermediates() {
        return intermediates.clone();
    }

    /** The Valiant header of a packet bound for {@code destination} through {@code intermediate}. */
    public int valiantHeader(int intermediate, int destination) {
        return routers + intermediate * routers + destination;
    }

    /** The intermediate a header still heads to, or -1 (second phase). */
    public int intermediateOf(int header) {
        return header < routers ? -1 : (header - routers) / routers;
    }

    @Override
    public int candidates(int node, int inChannel, int header, int[] out) {
        if (header < routers) {
            return base.candidates(node, inChannel, header, out);
        }
        int i = (header - routers) / routers;
        // at the intermediate already (afterHop and injectHeaders never leave a header so):
        // on toward the destination
        return base.candidates(node, inChannel, node == i ? header % routers : i, out);
    }

    @Override
    public int maxCandidates() {
        return base.maxCandidates();
    }

    /** Hops of the base function's minimal route. */
    @Override
    public int distance(int node, int destination) {
        return base.distance(node, destination);
    }

    /** The base function's: see the class comment for the measure every hop decreases. */
    @Override
    public boolean minimal() {
        return base.minimal();
    }

    /** {@code valiant}, or {@code nca} on a fat tree. */
    @Override
    public String name() {
        return tree != null ? "nca" : "valiant";
    }

    /** {@code R + R*R}. */
    @Override
    public int headers() {
        return routers + routers * routers;
    }

    /**
     * The plain header {@code d} first when the minimal route is a choice (an intermediate
     * equal to the source or the destination), then {@code R + i*R + d} for every other
     * intermediate {@code i}, in increasing order. With {@link Draw#PER_ROUTER}, one header per
     * intermediate router: {@code d} for the source, {@code R + d*R + d} for the destination
     * (the first phase all the way), and with every router as intermediate a packet to its
     * own router goes through each of the others. With the minimal box, the intermediates
     * are the box's routers.
     */
    @Override
    public int injectHeaders(int source, int destination, int[] out) {
        int[] via = box != null ? boxOf(source, destination)
            : tree != null ? tree.nearestCommonAncestors(source, destination) : intermediates;
        if (source == destination) {
            if (!selfPairsCross()) {
                out[0] = destination;
                return 1;
            }
            int n = 0;
            for (int i : via) {
                if (i != source) {
                    out[n++] = valiantHeader(i, destination);
                }
            }
            return n;
        }
        if (perRouter) {
            int n = 0;
            for (int i : via) {
                if (i == source) {
                    out[n++] = destination;
                }
            }
            for (int i : via) {
                if (i != source) {
                    out[n++] = valiantHeader(i, destination);
                }
            }
            return n;
        }
        boolean plain = false;
        int n = 1;
        for (int i : via) {
            if (i == source || i == destination) {
                plain = true;
            } else {
                out[n++] = valiantHeader(i, destination);
            }
        }
        if (plain) {
            out[0] = destination;
            return n;
        }
        System.arraycopy(out, 1, out, 0, n - 1);
        return n - 1;
    }

    /** The routers of the smallest box of the mesh that holds {@code a} and {@code b}, in increasing order. */
    private int[] boxOf(int a, int b) {
        int dims = box.dimensions();
        int[] lo = new int[dims];
        int[] hi = new int[dims];
        int size = 1;
        for (int k = 0; k < dims; k++) {
            lo[k] = Math.min(box.coordinate(a, k), box.coordinate(b, k));
            hi[k] = Math.max(box.coordinate(a, k), box.coordinate(b, k));
            size *= hi[k] - lo[k] + 1;
        }
        int[] in = new int[size];
        int n = 0;
        for (int v = 0; v < routers; v++) {
            boolean inside = true;
            for (int k = 0; k < dims && inside; k++) {
                int x = box.coordinate(v, k);
                inside = x >= lo[k] && x <= hi[k];
            }
            if (inside) {
                in[n++] = v;
            }
        }
        return in;
    }

    /**
     * With {@link Draw#PER_ROUTER} and every router as intermediate, a packet to its own
     * router goes out to an intermediate and back (BookSim's {@code valiant_mesh}): all-pairs
     * traffic then includes a router's pair with itself.
     */
    @Override
    public boolean selfPairsCross() {
        return perRouter && everyRouter && box == null && tree == null && routers > 1;
    }

    /** Whether the intermediates are each pair's minimal box (ROMM). */
    public boolean minimalBox() {
        return box != null;
    }

    /** How the simulator draws among the routes. */
    public Draw draw() {
        return perRouter ? Draw.PER_ROUTER : Draw.PER_ROUTE;
    }

    /** Oblivious: the source draws its intermediate uniformly. */
    @Override
    public boolean randomHeader() {
        return true;
    }

    @Override
    public int maxInjectHeaders() {
        return 1 + (box != null || tree != null ? routers : intermediates.length);
    }

    @Override
    public int afterHop(int header, int channel) {
        if (header < routers) {
            return header;
        }
        return topology.target(channel) == (header - routers) / routers ? header % routers : header;
    }

    @Override
    public int destinationOf(int header) {
        return header % routers;
    }

    @Override
    public int exitNode(int header) {
        return header < routers ? header : -1;
    }

    /** {@code valiant} while the packet heads to its intermediate, then {@code minimal} (for vc-classes). */
    @Override
    public String routeName(int header) {
        return header < routers ? "minimal" : "valiant";
    }

    /** {@code d} in the second phase, {@code d via i} in the first. */
    @Override
    public String headerName(int header, Topology topology) {
        String d = topology.nodeName(destinationOf(header));
        return header < routers ? d : d + " via " + topology.nodeName(intermediateOf(header));
    }

    /**
     * {@code routing: valiant} or {@code {kind: valiant, intermediates: [R, ...], draw: ...}}: over
     * {@code dor} (rings, tori, meshes) or {@code shortest-path} (anything else); intermediates are
     * router names (or ids), every router by default; {@code minimal-box} on a mesh.
     */
    static ValiantRouting valiant(Topology t, PluginParams p) {
        // the topology's default routing: dor on a ring, torus or mesh, shortest paths on anything else
        RoutingFunction base = t.takesAnyRouting() ? TableRouting.shortestPath(t)
            : Routings.BUILT_INS.builtIn(t.defaultRouting()).create(t, PluginParams.none("routing"));
        com.fasterxml.jackson.databind.JsonNode list = p.node("intermediates");
        boolean minimalBox = list != null && list.isTextual() && list.asText().equals("minimal-box");
        Draw draw = Draw.PER_ROUTE;
        if (p.has("draw")) {
            draw = p.value("draw") instanceof String s ? Draw.of(s) : null;
            if (draw == null) {
                throw p.bad("draw", "per-route or per-router");
            }
        }
        if (minimalBox) {
            if (!(t instanceof Grid m) || m.hasWrapAround()) {
                throw p.bad("intermediates", "a list of routers (minimal-box is for meshes: the box of two routers is"
                    + " their minimal quadrant there)");
            }
            list = null;
        }
        int[] via = list == null ? null : RoutingParams.routers(p, "intermediates", list, t);
        return new ValiantRouting(t, base, via, minimalBox, draw);
    }

    /** {@code routing: valiant}: through a random intermediate router, over dor or shortest-path. */
    @AutoService(RoutingFactory.class)
    public static final class Factory implements RoutingFactory {
        @Override
        public String name() {
            return "valiant";
        }

        @Override
        public RoutingFunction create(Topology topology, PluginParams params) {
            return valiant(topology, params);
        }

        @Override
        public List<Param> params() {
            return List.of(Param.of("intermediates"), Param.of("draw"));
        }

        @Override
        public String refuses(Topology topology) {
            return topology instanceof Grid || topology.takesAnyRouting() ? null
                : "is for rings, tori, meshes, graphs and topologies of your own";
        }
    }
}
