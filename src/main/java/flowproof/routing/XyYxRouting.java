package flowproof.routing;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import java.util.List;
import flowproof.topology.Topology;
import flowproof.topology.Torus;

/**
 * XY-YX routing on a 2-D mesh, registry name {@code xy-yx}: at the source a packet takes
 * either the XY route (dimension order: X first, then Y) or the YX route (Y first). Like
 * UGAL's, the choice is the set of {@link #injectHeaders}: the explorer tries both, the
 * simulator picks by queue lengths. Each route is deterministic.
 *
 * <p>Headers, with {@code N = nodes()}: {@code d < N} is a packet on the XY route to
 * {@code d}, or on any route that has only one dimension left (then both orders agree);
 * {@code N + d} a packet on the YX route that still has both dimensions to correct. A pair
 * in one row or column gets only the header {@code d}, and {@link #afterHop} rewrites
 * {@code N + d} to {@code d} on the hop that finishes the Y part, so a packet is told apart
 * by its order only while the orders differ.
 *
 * <p>With {@code choice: random} ({@link #of(Topology, boolean)}) a source draws the order of
 * each packet uniformly at random, as BookSim's {@code xy_yx} routing functions do
 * ({@code RandomInt(1)} at the first router), and a pair in one row or column draws too:
 * both orders take the same channels, but the order names the packet's route for VC classes
 * ({@code start: {xy: 0, yx: 1}}: BookSim's lower and upper half of the VCs). The
 * verification engines then explore both headers of such a pair as well.
 *
 * <p>With one VC the two orders together use every turn, and the channel dependency graph
 * has cycles around every square of four routers: a deadlock is reachable ({@code specs/mesh2x2-xy-yx-1vc.yaml}).
 */
public final class XyYxRouting implements RoutingFunction {

    private final Torus mesh;
    private final int nodes;
    /** Whether a source draws the order at random (and a pair in one row or column draws too). */
    private final boolean random;

    private XyYxRouting(Torus mesh, boolean random) {
        this.mesh = mesh;
        this.nodes = mesh.nodes();
        this.random = random;
    }

    /**
     * XY-YX on {@code topology}.
     *
     * @throws flowproof.ConfigurationException (field {@code routing}) unless it is a 2-D mesh
     */
    public static XyYxRouting of(Topology topology) {
        return of(topology, false);
    }

    /**
     * XY-YX on {@code topology}; {@code random}: each packet's order drawn uniformly at random
     * (a pair in one row or column too), else chosen by the simulator by queue lengths.
     *
     * @throws flowproof.ConfigurationException (field {@code routing}) unless it is a 2-D mesh
     */
    public static XyYxRouting of(Topology topology, boolean random) {
        return new XyYxRouting(TurnModelRouting.requireMesh2d(topology, "xy-yx"), random);
    }

    /** The header of a packet on the YX route to {@code destination} (while it has both dimensions to correct). */
    public int yxHeader(int destination) {
        return nodes + destination;
    }

    @Override
    public int candidates(int node, int inChannel, int header, int[] out) {
        int d = header % nodes;
        int first = header < nodes ? 0 : 1;
        for (int k = 0; k < 2; k++) {
            int dim = k == 0 ? first : 1 - first;
            int c = mesh.coordinate(node, dim);
            int t = mesh.coordinate(d, dim);
            if (c != t) {
                out[0] = mesh.channel(node, dim, t > c ? 1 : -1);
                return 1;
            }
        }
        return 0;
    }

    /**
     * {@code d}, and {@code N + d} when source and destination differ in both coordinates (with
     * a random choice: whenever they differ).
     */
    @Override
    public int injectHeaders(int source, int destination, int[] out) {
        out[0] = destination;
        if (random ? source == destination : mesh.coordinate(source, 0) == mesh.coordinate(destination, 0)
            || mesh.coordinate(source, 1) == mesh.coordinate(destination, 1)) {
            return 1;
        }
        out[1] = nodes + destination;
        return 2;
    }

    @Override
    public int maxInjectHeaders() {
        return 2;
    }

    /** With {@code choice: random}: the source draws one of its two headers uniformly at random. */
    @Override
    public boolean randomHeader() {
        return random;
    }

    @Override
    public int afterHop(int header, int channel) {
        if (header < nodes) {
            return header;
        }
        int d = header - nodes;
        return mesh.coordinate(mesh.target(channel), 1) == mesh.coordinate(d, 1) ? d : header;
    }

    /** {@code yx} while a YX packet has both dimensions to correct, else {@code xy} (one dimension left, both orders agree). */
    @Override
    public String routeName(int header) {
        return header < nodes ? "xy" : "yx";
    }

    @Override
    public int destinationOf(int header) {
        return header % nodes;
    }

    @Override
    public int exitNode(int header) {
        return header < nodes ? header : -1;
    }

    /** {@code (2,1)} for XY (or one dimension left), {@code (2,1) yx} for YX. */
    @Override
    public String headerName(int header, Topology topology) {
        return topology.nodeName(destinationOf(header)) + (header < nodes ? "" : " yx");
    }

    @Override
    public int maxCandidates() {
        return 1;
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
        return 2 * nodes;
    }

    @Override
    public String name() {
        return "xy-yx";
    }

    /** {@code routing: xy-yx}: XY or YX, chosen per packet. */
    @AutoService(RoutingFactory.class)
    public static final class Factory implements RoutingFactory {
        @Override
        public String name() {
            return "xy-yx";
        }

        @Override
        public RoutingFunction create(Topology topology, PluginParams params) {
            return of(topology, params.choice("choice", "queues", "queues", "random").equals("random"));
        }

        @Override
        public List<Param> params() {
            return List.of(Param.of("choice"));
        }

        @Override
        public String refuses(Topology topology) {
            return topology instanceof Torus ? null : RoutingParams.MESH_ONLY;
        }
    }
}
