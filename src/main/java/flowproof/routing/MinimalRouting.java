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
 * Deterministic minimal routing on a high-radix topology, registry name {@code minimal}.
 * One class serves both topologies through a small per-topology path rule, which
 * {@link UgalRouting} reuses for both of its phases:
 *
 * <ul>
 *   <li>Flattened butterfly (Kim, Dally, Abts 2007): dimension order. Correct the lowest
 *       differing dimension first, in one hop straight to the destination's coordinate;
 *       a route takes one hop per differing coordinate, at most {@code n}.
 *   <li>Dragonfly (Kim, Dally, Scott, Abts 2008): within the destination's group one
 *       local hop; otherwise a local hop to the router that owns the global link to the
 *       destination group (unless already there), the global hop, and a local hop to the
 *       destination (unless the global link lands on it): at most 3 hops (1 when a group
 *       is one router).
 * </ul>
 *
 * <p>Headers are destinations ({@code headers() == nodes()}); one candidate per step.
 */
public final class MinimalRouting implements RoutingFunction {

    private final Topology topology;
    private final Paths paths;

    /** Dimension-order minimal routing on a flattened butterfly. */
    public MinimalRouting(FlattenedButterfly topology) {
        this(topology, new ButterflyPaths(topology));
    }

    /** Local-global-local minimal routing on a dragonfly. */
    public MinimalRouting(Dragonfly topology) {
        this(topology, new DragonflyPaths(topology));
    }

    private MinimalRouting(Topology topology, Paths paths) {
        this.topology = topology;
        this.paths = paths;
    }

    /**
     * Minimal routing on {@code topology}.
     *
     * @throws ConfigurationException (field {@code routing}) unless it is a flattened butterfly or a dragonfly
     */
    public static MinimalRouting of(Topology topology) {
        if (topology instanceof FlattenedButterfly fb) {
            return new MinimalRouting(fb);
        }
        if (topology instanceof Dragonfly df) {
            return new MinimalRouting(df);
        }
        throw new ConfigurationException("routing", "a flattened butterfly or a dragonfly for routing minimal",
            topology.describe());
    }

    /** The topology routed on. */
    public Topology topology() {
        return topology;
    }

    @Override
    public int candidates(int node, int inChannel, int destination, int[] out) {
        int c = paths.next(node, destination);
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

    @Override
    public int distance(int node, int destination) {
        return paths.distance(node, destination);
    }

    /**
     * The largest number of hops any packet takes: {@code n} on a k-ary n-flat; 3 on a
     * dragonfly with at least two routers per group, 1 with one.
     */
    public int maxHops() {
        return paths.maxMinimalHops();
    }

    @Override
    public boolean minimal() {
        return true;
    }

    @Override
    public String name() {
        return "minimal";
    }

    @Override
    public int headers() {
        return topology.nodes();
    }

    /** The per-topology path rule shared by {@link MinimalRouting} and {@link UgalRouting}. */
    Paths paths() {
        return paths;
    }

    /**
     * Minimal paths of one topology, and what {@link UgalRouting} needs of its
     * intermediates: routers on a flattened butterfly, groups on a dragonfly.
     */
    interface Paths {

        /** The minimal next channel from {@code node} toward router {@code target}; -1 when there. */
        int next(int node, int target);

        /** Hops of the minimal path from {@code node} to {@code target}. */
        int distance(int node, int target);

        /** The largest minimal distance between two routers. */
        int maxMinimalHops();

        /** Number of possible intermediates (intermediate ids are {@code 0..intermediates()-1}). */
        int intermediates();

        /** Whether {@code node} is (in) the intermediate. */
        boolean at(int node, int intermediate);

        /** The minimal next channel from {@code node}, not {@link #at} the intermediate, toward it. */
        int nextToIntermediate(int node, int intermediate);

        /**
         * Writes the Valiant intermediates for a packet from {@code source} to
         * {@code destination} into {@code out} from {@code offset}; returns how many.
         */
        int intermediates(int source, int destination, int[] out, int offset);

        /** The largest number of intermediates {@link #intermediates(int, int, int[], int)} writes. */
        int maxIntermediates();

        /** The largest number of hops of a Valiant route. */
        int maxValiantHops();

        /** A human name of an intermediate. */
        String intermediateName(int intermediate);
    }

    /** Dimension order on a flattened butterfly; intermediates are routers. */
    static final class ButterflyPaths implements Paths {

        private final FlattenedButterfly fb;
        private final int[] stride;

        ButterflyPaths(FlattenedButterfly fb) {
            this.fb = fb;
            this.stride = new int[fb.dimensions()];
            for (int i = 0, s = 1; i < stride.length; i++, s *= fb.radix()) {
                stride[i] = s;
            }
        }

        @Override
        public int next(int node, int target) {
            for (int i = 0; i < fb.dimensions(); i++) {
                int t = fb.coordinate(target, i);
                int c = fb.coordinate(node, i);
                if (c != t) {
                    return fb.channelTo(node, node + (t - c) * stride[i]);
                }
            }
            return -1;
        }

        @Override
        public int distance(int node, int target) {
            return fb.differingCoordinates(node, target);
        }

        @Override
        public int maxMinimalHops() {
            return fb.dimensions();
        }

        @Override
        public int intermediates() {
            return fb.nodes();
        }

        @Override
        public boolean at(int node, int intermediate) {
            return node == intermediate;
        }

        @Override
        public int nextToIntermediate(int node, int intermediate) {
            return next(node, intermediate);
        }

        @Override
        public int intermediates(int source, int destination, int[] out, int offset) {
            int n = 0;
            for (int i = 0; i < fb.nodes(); i++) {
                if (i != source && i != destination) {
                    out[offset + n++] = i;
                }
            }
            return n;
        }

        @Override
        public int maxIntermediates() {
            return fb.nodes() - 2;
        }

        // With k >= 3 an intermediate can differ from both ends in every coordinate. With
        // k = 2 it cannot (it would force source == destination): the best is 2n-1 hops,
        // and a 1-D radix-2 flat has no intermediate at all.
        @Override
        public int maxValiantHops() {
            int n = fb.dimensions();
            if (fb.radix() >= 3) {
                return 2 * n;
            }
            return n >= 2 ? 2 * n - 1 : n;
        }

        @Override
        public String intermediateName(int intermediate) {
            return fb.nodeName(intermediate);
        }
    }

    /** Local-global-local on a dragonfly; intermediates are groups. */
    static final class DragonflyPaths implements Paths {

        private final Dragonfly df;

        DragonflyPaths(Dragonfly df) {
            this.df = df;
        }

        @Override
        public int next(int node, int target) {
            if (node == target) {
                return -1;
            }
            int group = df.groupOf(target);
            if (df.groupOf(node) == group) {
                return df.localChannel(node, target);
            }
            return nextToIntermediate(node, group);
        }

        @Override
        public int distance(int node, int target) {
            if (node == target) {
                return 0;
            }
            int group = df.groupOf(target);
            if (df.groupOf(node) == group) {
                return 1;
            }
            int global = df.globalChannel(df.groupOf(node), group);
            return (df.source(global) == node ? 0 : 1) + 1 + (df.target(global) == target ? 0 : 1);
        }

        @Override
        public int maxMinimalHops() {
            return df.routersPerGroup() >= 2 ? 3 : 1;
        }

        @Override
        public int intermediates() {
            return df.groups();
        }

        @Override
        public boolean at(int node, int intermediate) {
            return df.groupOf(node) == intermediate;
        }

        @Override
        public int nextToIntermediate(int node, int intermediate) {
            int global = df.globalChannel(df.groupOf(node), intermediate);
            if (global < 0) {
                return -1;
            }
            return df.source(global) == node ? global : df.localChannel(node, df.source(global));
        }

        @Override
        public int intermediates(int source, int destination, int[] out, int offset) {
            int n = 0;
            for (int group = 0; group < df.groups(); group++) {
                if (group != df.groupOf(source) && group != df.groupOf(destination)) {
                    out[offset + n++] = group;
                }
            }
            return n;
        }

        // Source and destination share a group only if a >= 2 (they differ).
        @Override
        public int maxIntermediates() {
            return df.routersPerGroup() >= 2 ? df.groups() - 1 : df.groups() - 2;
        }

        // Local, global into the intermediate group, then a full minimal route: 5 hops with
        // two or more routers per group (g >= 3 then), 2 with one router per group when
        // there is an intermediate group at all (g >= 3), else 1.
        @Override
        public int maxValiantHops() {
            if (df.routersPerGroup() >= 2) {
                return 5;
            }
            return df.groups() >= 3 ? 2 : 1;
        }

        @Override
        public String intermediateName(int intermediate) {
            return "g" + intermediate;
        }
    }

    /**
     * Valiant through a router, as BookSim's dragonfly UGAL picks its intermediate: the
     * intermediates are the routers of every group other than the source's and the
     * destination's, reached by the minimal route (local, global, local) and left by the
     * minimal route to the destination. A Valiant route then has up to six hops, two of them
     * local hops in the intermediate group.
     */
    static final class DragonflyRouterPaths implements Paths {

        private final Dragonfly df;
        private final DragonflyPaths minimal;

        DragonflyRouterPaths(Dragonfly df) {
            this.df = df;
            this.minimal = new DragonflyPaths(df);
        }

        @Override
        public int next(int node, int target) {
            return minimal.next(node, target);
        }

        @Override
        public int distance(int node, int target) {
            return minimal.distance(node, target);
        }

        @Override
        public int maxMinimalHops() {
            return minimal.maxMinimalHops();
        }

        @Override
        public int intermediates() {
            return df.nodes();
        }

        @Override
        public boolean at(int node, int intermediate) {
            return node == intermediate;
        }

        @Override
        public int nextToIntermediate(int node, int intermediate) {
            return minimal.next(node, intermediate);
        }

        @Override
        public int intermediates(int source, int destination, int[] out, int offset) {
            int n = 0;
            for (int r = 0; r < df.nodes(); r++) {
                if (df.groupOf(r) != df.groupOf(source) && df.groupOf(r) != df.groupOf(destination)) {
                    out[offset + n++] = r;
                }
            }
            return n;
        }

        @Override
        public int maxIntermediates() {
            return minimal.maxIntermediates() * df.routersPerGroup();
        }

        // Local, global, local to the intermediate router, then local, global, local.
        @Override
        public int maxValiantHops() {
            if (df.routersPerGroup() >= 2) {
                return 6;
            }
            return df.groups() >= 3 ? 2 : 1;
        }

        @Override
        public String intermediateName(int intermediate) {
            return df.nodeName(intermediate);
        }
    }

    /** {@code routing: minimal}: the minimal routes of a flattened butterfly or dragonfly. */
    @AutoService(RoutingFactory.class)
    public static final class Factory implements RoutingFactory {
        @Override
        public String name() {
            return "minimal";
        }

        @Override
        public RoutingFunction create(Topology topology, PluginParams params) {
            return of(topology);
        }

        @Override
        public List<Param> params() {
            return RoutingParams.NONE;
        }

        @Override
        public String refuses(Topology topology) {
            return topology instanceof FlattenedButterfly || topology instanceof Dragonfly ? null
                : "is for flattened butterflies and dragonflies";
        }
    }
}
