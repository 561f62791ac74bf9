package flowproof.routing;

import flowproof.ConfigurationException;
import flowproof.topology.Topology;
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

    /**
     * @param base a minimal routing function on {@code topology} whose headers are destinations
     * @param intermediates the routers a packet may go through, or null for every router
     * @throws ConfigurationException (field {@code routing.intermediates}) when the base
     *     function has no route between an endpoint and an intermediate
     */
    public ValiantRouting(Topology topology, RoutingFunction base, int[] intermediates) {
        if (base.headers() != topology.nodes() || base.hasEscape() || base.maxInjectHeaders() != 1) {
            throw new IllegalArgumentException("Valiant needs a base function whose headers are destinations");
        }
        this.topology = topology;
        this.base = base;
        this.routers = topology.nodes();
        long headers = (long) routers + (long) routers * routers;
        if (headers > Integer.MAX_VALUE) {
            throw new ConfigurationException("routing", "at most " + Integer.MAX_VALUE + " Valiant headers",
                headers + " for " + topology.describe());
        }
        this.everyRouter = intermediates == null;
        if (intermediates == null) {
            intermediates = new int[routers];
            for (int v = 0; v < routers; v++) {
                intermediates[v] = v;
            }
        }
        this.intermediates = Arrays.stream(intermediates).distinct().sorted().toArray();
        int[] scratch = new int[Math.max(1, base.maxCandidates())];
        for (int i : this.intermediates) {
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

    @Override
    public String name() {
        return "valiant";
    }

    /** {@code R + R*R}. */
    @Override
    public int headers() {
        return routers + routers * routers;
    }

    /**
     * The plain header {@code d} first when the minimal route is a choice (an intermediate
     * equal to the source or the destination), then {@code R + i*R + d} for every other
     * intermediate {@code i}, in increasing order.
     */
    @Override
    public int injectHeaders(int source, int destination, int[] out) {
        if (source == destination) {
            out[0] = destination;
            return 1;
        }
        boolean plain = everyRouter;
        int n = 1;
        for (int i : intermediates) {
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

    /** Oblivious: the source draws its intermediate uniformly. */
    @Override
    public boolean randomHeader() {
        return true;
    }

    @Override
    public int maxInjectHeaders() {
        return 1 + intermediates.length;
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
}
