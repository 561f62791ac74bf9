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
 * ring when the offset is exactly k/2, unless {@code tie} names one); on the escape VCs it
 * follows {@link DimensionOrderRouting}. Which rule the escape VCs obey (dateline, a bubble
 * rule, CBS) is the spec's {@code rule}; the adaptive VCs are virtual cut-through.
 *
 * <p>{@code tie} ({@code both}, the default, {@code plus} or {@code minus}): the adaptive
 * directions of a dimension at offset exactly k/2 on a bidirectional ring. BookSim's
 * {@code min_adapt_torus} takes the - direction there (its random tie is commented out).
 */
public final class MinimalAdaptiveRouting implements RoutingFunction {

    private final Torus torus;
    private final DimensionOrderRouting escape;
    /** At offset k/2: +1 only +, -1 only -, 0 both. */
    private final int tie;

    public MinimalAdaptiveRouting(Torus torus) {
        this(torus, 0);
    }

    /** @param tie the adaptive direction at offset k/2: +1, -1, or 0 for both */
    public MinimalAdaptiveRouting(Torus torus, int tie) {
        this.torus = torus;
        this.escape = new DimensionOrderRouting(torus);
        this.tie = tie;
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
                boolean tied = plus == k - plus;
                if (plus < k - plus || (tied && tie >= 0)) {
                    out[n++] = torus.channel(node, i, 1);
                }
                if (k - plus < plus || (tied && tie <= 0)) {
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
        return tie == 0 ? "minimal-adaptive" : "minimal-adaptive(tie=" + (tie > 0 ? "plus" : "minus") + ")";
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
            int tie = 0;
            if (params.has("tie")) {
                Object v = params.value("tie");
                tie = "plus".equals(v) ? 1 : "minus".equals(v) ? -1 : "both".equals(v) ? 0 : 2;
                if (tie == 2) {
                    throw params.bad("tie", "both, plus or minus");
                }
            }
            return new MinimalAdaptiveRouting((Torus) topology, tie);
        }

        @Override
        public List<Param> params() {
            return List.of(Param.of("tie"));
        }

        @Override
        public String refuses(Topology topology) {
            return topology instanceof Torus ? null : RoutingParams.GRID_ONLY;
        }
    }
}
