package flowproof.routing;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import java.util.List;
import flowproof.ConfigurationException;
import flowproof.topology.Dragonfly;
import flowproof.topology.FlattenedButterfly;
import flowproof.topology.Topology;

/**
 * UGAL, universal globally-adaptive load-balanced routing (Singh's thesis, 2005; as used
 * on the flattened butterfly by Kim, Dally and Abts 2007 and on the dragonfly by Kim,
 * Dally, Scott and Abts 2008), registry name {@code ugal}. At the source a packet takes
 * either the minimal route or a Valiant route: minimally to an intermediate, then
 * minimally to the destination. Here the choice is the set of {@link #injectHeaders};
 * the explorer treats it as nondeterministic, the simulator picks by queue lengths.
 *
 * <ul>
 *   <li>Flattened butterfly: the intermediate is any router other than the source and
 *       the destination, reached by dimension order.
 *   <li>Dragonfly: the intermediate is any group other than the source's and the
 *       destination's, reached by the shortest way: a local hop to the router of the
 *       current group that owns the global link to the intermediate group (unless
 *       already there), and that global hop. The packet turns toward its destination at
 *       whichever router of the intermediate group the link lands on. Minimal routing
 *       here means one global hop; a Valiant route can be shorter in hops (2 against 3).
 * </ul>
 *
 * <p>Header encoding, with {@code R = nodes()} and {@code I} possible intermediates
 * ({@code R} routers on a flattened butterfly, {@code g} groups on a dragonfly): header
 * {@code d < R} is a packet heading minimally to destination {@code d}; header
 * {@code R + i*R + d} is a packet still heading to intermediate {@code i}, bound for
 * {@code d}. {@code headers() = R + I*R}; codes for impossible combinations (such as
 * {@code i} in {@code d}'s group) are never produced. {@link #afterHop} rewrites a
 * Valiant header to plain {@code d} on the hop that enters the intermediate router
 * (flattened butterfly) or group (dragonfly). Every step follows {@link MinimalRouting}
 * toward the current target, so there is one candidate.
 *
 * <p>{@link #minimal()} is true although Valiant routes are not minimal: no packet can
 * return to a (channel, header) pair it has left, because every hop strictly decreases
 * the measure {@code distance to d} for a plain header and
 * {@code (hops still to reach i) + M + 1} for a Valiant one, where {@code M} is the
 * largest minimal distance: a Valiant hop that does not reach {@code i} decreases the
 * first term, the hop that reaches it falls to at most {@code M}.
 */
public final class UgalRouting implements RoutingFunction {

    private final Topology topology;
    private final MinimalRouting minimal;
    private final MinimalRouting.Paths paths;
    private final int routers;

    /** UGAL on a flattened butterfly: Valiant through any other router. */
    public UgalRouting(FlattenedButterfly topology) {
        this(topology, new MinimalRouting(topology));
    }

    /** UGAL on a dragonfly: Valiant through any other group. */
    public UgalRouting(Dragonfly topology) {
        this(topology, new MinimalRouting(topology));
    }

    private UgalRouting(Topology topology, MinimalRouting minimal) {
        this(topology, minimal, minimal.paths());
    }

    private UgalRouting(Topology topology, MinimalRouting minimal, MinimalRouting.Paths paths) {
        this.topology = topology;
        this.minimal = minimal;
        this.paths = paths;
        this.routers = topology.nodes();
        long headers = (long) routers + (long) paths.intermediates() * routers;
        if (headers > Integer.MAX_VALUE) {
            throw new ConfigurationException("routing", "at most " + Integer.MAX_VALUE + " UGAL headers",
                headers + " for " + topology.describe());
        }
    }

    /**
     * UGAL on {@code topology}.
     *
     * @throws ConfigurationException (field {@code routing}) unless it is a flattened butterfly or a dragonfly
     */
    public static UgalRouting of(Topology topology) {
        if (topology instanceof FlattenedButterfly fb) {
            return new UgalRouting(fb);
        }
        if (topology instanceof Dragonfly df) {
            return new UgalRouting(df);
        }
        throw new ConfigurationException("routing", "a flattened butterfly or a dragonfly for routing ugal",
            topology.describe());
    }

    /**
     * UGAL on a dragonfly with Valiant routes through a router of another group (as BookSim's
     * {@code ugal_dragonflynew} picks them) instead of through a group.
     *
     * @throws ConfigurationException (field {@code routing.intermediate}) unless it is a dragonfly
     */
    public static UgalRouting throughRouters(Topology topology) {
        if (topology instanceof Dragonfly df) {
            return new UgalRouting(df, new MinimalRouting(df), new MinimalRouting.DragonflyRouterPaths(df));
        }
        throw new ConfigurationException("routing.intermediate", "group on a " + topology.describe()
            + " (intermediate routers are built for dragonflies; a flattened butterfly's intermediates are routers already)",
            "router");
    }

    /** The topology routed on. */
    public Topology topology() {
        return topology;
    }

    /** Number of possible intermediates {@code I}: routers (flattened butterfly) or groups (dragonfly). */
    public int intermediates() {
        return paths.intermediates();
    }

    /** The Valiant header of a packet bound for {@code destination} through {@code intermediate}. */
    public int valiantHeader(int intermediate, int destination) {
        return routers + intermediate * routers + destination;
    }

    /** Whether a header is on its Valiant phase (still heading to its intermediate). */
    public boolean isValiant(int header) {
        return header >= routers;
    }

    /** The intermediate of a Valiant header, -1 for a plain one. */
    public int intermediateOf(int header) {
        return header < routers ? -1 : (header - routers) / routers;
    }

    @Override
    public int candidates(int node, int inChannel, int header, int[] out) {
        int c;
        if (header < routers) {
            c = paths.next(node, header);
        } else {
            int i = (header - routers) / routers;
            // Injected at, or arrived in, the intermediate: afterHop or injectHeaders would
            // not have produced this header, but route on toward the destination anyway.
            c = paths.at(node, i) ? paths.next(node, header % routers) : paths.nextToIntermediate(node, i);
        }
        if (c < 0) {
            return 0;
        }
        out[0] = c;
        return 1;
    }

    @Override
    public int maxCandidates() {
        return 1;
    }

    /** Hops of the minimal route (UGAL's minimal branch). */
    @Override
    public int distance(int node, int destination) {
        return minimal.distance(node, destination);
    }

    /**
     * The largest number of hops any packet takes: on a k-ary n-flat {@code 2n} (a radix
     * of 2 leaves {@code 2n-1}, or 1 in one dimension); on a dragonfly 5 (local, global,
     * local, global, local; 2 or 1 with one router per group).
     */
    public int maxHops() {
        return Math.max(paths.maxMinimalHops(), paths.maxValiantHops());
    }

    /** True: see the class comment for the measure that every hop decreases. */
    @Override
    public boolean minimal() {
        return true;
    }

    @Override
    public String name() {
        return "ugal";
    }

    /** {@code R + I*R}. */
    @Override
    public int headers() {
        return routers + paths.intermediates() * routers;
    }

    /**
     * The minimal header {@code d} first, then {@code R + i*R + d} for every intermediate
     * {@code i} in increasing order. A packet whose source is its destination gets only
     * the minimal header.
     */
    @Override
    public int injectHeaders(int source, int destination, int[] out) {
        out[0] = destination;
        if (source == destination) {
            return 1;
        }
        int n = paths.intermediates(source, destination, out, 1);
        for (int k = 1; k <= n; k++) {
            out[k] = routers + out[k] * routers + destination;
        }
        return 1 + n;
    }

    /**
     * The largest number {@link #injectHeaders} returns: 1 plus the most intermediates a
     * pair has ({@code R-2} routers; {@code g-1} groups, {@code g-2} with one router per
     * group), so at most {@code 1 + I}.
     */
    @Override
    public int maxInjectHeaders() {
        return 1 + paths.maxIntermediates();
    }

    @Override
    public int afterHop(int header, int channel) {
        if (header < routers) {
            return header;
        }
        int i = (header - routers) / routers;
        return paths.at(topology.target(channel), i) ? header % routers : header;
    }

    /** {@code valiant} while the packet heads to its intermediate, then {@code minimal}. */
    @Override
    public String routeName(int header) {
        return header < routers ? "minimal" : "valiant";
    }

    @Override
    public int destinationOf(int header) {
        return header % routers;
    }

    @Override
    public int exitNode(int header) {
        return header < routers ? header : -1;
    }

    /** {@code d} for a plain header, {@code d via i} for a Valiant one ({@code i} a router name, or {@code g2}). */
    @Override
    public String headerName(int header, Topology topology) {
        String d = topology.nodeName(destinationOf(header));
        if (header < routers) {
            return d;
        }
        return d + " via " + paths.intermediateName(intermediateOf(header));
    }

    /** {@code routing: ugal}: minimal or Valiant, chosen by queue lengths. */
    @AutoService(RoutingFactory.class)
    public static final class Factory implements RoutingFactory {
        @Override
        public String name() {
            return "ugal";
        }

        @Override
        public RoutingFunction create(Topology topology, PluginParams params) {
            return params.choice("intermediate", "group", "group", "router").equals("router") ? throughRouters(topology)
                : of(topology);
        }

        @Override
        public List<Param> params() {
            return List.of(Param.of("intermediate"));
        }

        @Override
        public String refuses(Topology topology) {
            return topology instanceof FlattenedButterfly || topology instanceof Dragonfly ? null
                : "is for flattened butterflies and dragonflies";
        }
    }
}
