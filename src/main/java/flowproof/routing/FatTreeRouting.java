package flowproof.routing;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import flowproof.topology.Topology;
import java.util.List;
import flowproof.topology.FatTree;

/**
 * The minimal up-down route between two switches of a {@link FatTree}, the base of
 * {@link ValiantRouting#nca}: from switch {@code x} toward switch {@code y}, down when
 * {@code x} covers {@code y} (down port {@code digit(pos(y), n-2-level(x))}, which sets that
 * digit of the position to {@code y}'s), else up by port {@code digit(pos(y), n-1-level(x))},
 * which sets the digit an up hop replaces to {@code y}'s. Every hop up makes one more digit
 * agree and never undoes one, and the route turns down at the first switch that covers
 * {@code y}, the lowest level at which the source's ancestors do: a shortest path. One
 * candidate per hop (every up port on the way up with {@code adaptiveUp}); the header is the
 * destination switch. A top switch goes only down, so
 * from it there is a route only to the switches it covers (every switch below the top):
 * enough for every route a packet takes, up from a bottom switch and down to one.
 */
public final class FatTreeRouting implements RoutingFunction {

    private final FatTree tree;
    /** {@code routing: {kind: nca, up: adaptive}}: every up port is a candidate on the way up. */
    private final boolean adaptiveUp;

    /** The one up-down route (the base of {@link ValiantRouting#nca}). */
    public FatTreeRouting(FatTree tree) {
        this(tree, false);
    }

    /**
     * With {@code adaptiveUp}, {@code routing: {kind: nca, up: adaptive}}: on the way up every up
     * port is a candidate (the explorer tries each; the simulator takes the free VC with the most
     * credits among them, as for every adaptive routing), down the one path. Whatever ports a
     * packet takes up, it reaches the nearest common ancestors' level with the digits that decide
     * covering unchanged (an up hop from level l replaces digit n-1-l only), so it turns there:
     * every route is still minimal.
     */
    public FatTreeRouting(FatTree tree, boolean adaptiveUp) {
        this.tree = tree;
        this.adaptiveUp = adaptiveUp;
    }

    @Override
    public int candidates(int node, int inChannel, int header, int[] out) {
        if (node == header || header < 0 || header >= tree.nodes()) {
            return 0;
        }
        int level = tree.levelOf(node);
        int n = tree.levels();
        int pos = tree.posOf(header);
        if (tree.covers(node, header)) {
            out[0] = tree.downChannel(node, tree.digit(pos, n - 2 - level));
        } else if (level > 0 && adaptiveUp) {
            for (int p = 0; p < tree.radix(); p++) {
                out[p] = tree.upChannel(node, p);
            }
            return tree.radix();
        } else if (level > 0) {
            out[0] = tree.upChannel(node, tree.digit(pos, n - 1 - level));
        } else {
            // from a top switch to another top switch, or to a switch of a level above
            // the bottom that it does not cover: not a route any packet takes (a packet goes
            // up from its bottom switch, then down to its destination's)
            return 0;
        }
        return 1;
    }

    @Override
    public int maxCandidates() {
        return adaptiveUp ? tree.radix() : 1;
    }

    /** The hops of the route from {@code node} to {@code destination}, or -1 where there is none. */
    @Override
    public int distance(int node, int destination) {
        int hops = 0;
        int[] out = new int[1];
        while (node != destination) {
            if (candidates(node, -1, destination, out) == 0) {
                return -1;
            }
            node = tree.target(out[0]);
            hops++;
        }
        return hops;
    }

    /** True: a shortest path (see the class comment). */
    @Override
    public boolean minimal() {
        return true;
    }

    /** {@code nca, adaptive up}, or {@code up-down} for the one route. */
    @Override
    public String name() {
        return adaptiveUp ? "nca, adaptive up" : "up-down";
    }

    /** The switches. */
    @Override
    public int headers() {
        return tree.nodes();
    }

    /** {@code routing: nca}: up to a nearest common ancestor and down. */
    @AutoService(RoutingFactory.class)
    public static final class NcaFactory implements RoutingFactory {
        @Override
        public String name() {
            return "nca";
        }

        @Override
        public RoutingFunction create(Topology topology, PluginParams params) {
            FatTree tree = (FatTree) topology;
            return params.choice("up", "random", "random", "adaptive").equals("adaptive") ? new FatTreeRouting(tree, true)
                : ValiantRouting.nca(tree, new FatTreeRouting(tree));
        }

        @Override
        public List<Param> params() {
            return List.of(Param.of("up"));
        }

        @Override
        public String refuses(Topology topology) {
            return topology instanceof FatTree ? null : "is for fat trees";
        }
    }
}
