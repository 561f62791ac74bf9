package flowproof.routing;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import flowproof.topology.Topology;
import java.util.List;
import flowproof.topology.Torus;

/**
 * Minimal fully adaptive routing on a k-ary n-cube with a dimension-order escape
 * sub-function (Duato): on the adaptive VCs a packet may take any channel that brings it
 * closer, in any dimension it has still to correct (both directions of a bidirectional
 * ring when the offset is exactly k/2); on the escape VCs it follows
 * {@link DimensionOrderRouting}. Which rule the escape VCs obey (dateline, a bubble rule,
 * CBS) is the spec's {@code rule}; the adaptive VCs are virtual cut-through.
 */
public final class MinimalAdaptiveRouting implements RoutingFunction {

    private final Torus torus;
    private final DimensionOrderRouting escape;

    public MinimalAdaptiveRouting(Torus torus) {
        this.torus = torus;
        this.escape = new DimensionOrderRouting(torus);
    }

    @Override
    public int candidates(int node, int inChannel, int header, int[] out) {
        int n = 0;
        for (int i = 0; i < torus.dimensions(); i++) {
            int c = torus.coordinate(node, i);
            int t = torus.coordinate(header, i);
            if (c == t) {
                continue;
            }
            if (!torus.hasWrapAround()) {
                out[n++] = torus.channel(node, i, t > c ? 1 : -1);
            } else if (!torus.bidirectional()) {
                out[n++] = torus.channel(node, i, 1);
            } else {
                int k = torus.radix(i);
                int plus = Math.floorMod(t - c, k);
                if (plus <= k - plus) {
                    out[n++] = torus.channel(node, i, 1);
                }
                if (k - plus <= plus) {
                    out[n++] = torus.channel(node, i, -1);
                }
            }
        }
        return n;
    }

    @Override
    public boolean hasEscape() {
        return true;
    }

    @Override
    public int escapeCandidates(int node, int inChannel, int header, int[] out) {
        return escape.candidates(node, inChannel, header, out);
    }

    @Override
    public int maxCandidates() {
        return 2 * torus.dimensions();
    }

    @Override
    public int distance(int node, int destination) {
        return escape.distance(node, destination);
    }

    @Override
    public boolean minimal() {
        return true;
    }

    @Override
    public int headers() {
        return torus.nodes();
    }

    @Override
    public String name() {
        return "minimal-adaptive";
    }

    /** {@code routing: minimal-adaptive}: every minimal direction, with escape VCs. */
    @AutoService(RoutingFactory.class)
    public static final class Factory implements RoutingFactory {
        @Override
        public String name() {
            return "minimal-adaptive";
        }

        @Override
        public RoutingFunction create(Topology topology, PluginParams params) {
            return new MinimalAdaptiveRouting((Torus) topology);
        }

        @Override
        public List<Param> params() {
            return RoutingParams.NONE;
        }

        @Override
        public String refuses(Topology topology) {
            return topology instanceof Torus ? null : RoutingParams.GRID_ONLY;
        }
    }
}
