package flowproof.routing;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import flowproof.topology.Topology;
import java.util.List;
import flowproof.topology.Fly;
import flowproof.topology.Butterfly;

/**
 * Destination-tag routing on a k-ary n-fly (Dally and Towles, ch. 4): a terminal injects
 * into its stage-0 switch, and the switch at stage {@code s} takes output port
 * {@code digit(d, n-1-s)} of the destination {@code d} in base k. Deterministic; the
 * route is the butterfly's only route and takes {@code n + 1} hops. Headers are
 * destinations.
 */
public final class DestinationTagRouting implements RoutingFunction {

    private final Butterfly fly;
    /** pow[j] = k^j for j in 0..n. */
    private final int[] pow;

    /** Destination-tag routing on {@code butterfly}. */
    public DestinationTagRouting(Butterfly butterfly) {
        this.fly = butterfly;
        this.pow = new int[butterfly.stages() + 1];
        pow[0] = 1;
        for (int j = 1; j < pow.length; j++) {
            pow[j] = pow[j - 1] * butterfly.radix();
        }
    }

    /**
     * The injection channel at a terminal other than the destination; the output port
     * {@code digit(destination, n-1-s)} at a stage-{@code s} switch; none at the
     * destination or for a destination that is not a terminal.
     */
    @Override
    public int candidates(int node, int inChannel, int destination, int[] out) {
        if (node == destination || destination >= fly.terminals()) {
            return 0;
        }
        int s = fly.stageOf(node);
        if (s < 0) {
            out[0] = fly.injectionChannel(node);
        } else {
            int port = (destination / pow[fly.stages() - 1 - s]) % fly.radix();
            out[0] = fly.outputChannel(node, port);
        }
        return 1;
    }

    @Override
    public int maxCandidates() {
        return 1;
    }

    /**
     * Hops to terminal {@code destination}: 0 there, {@code n + 1} from any other terminal,
     * {@code n - s} from a stage-{@code s} switch on a route to it; -1 from a switch no
     * route to it passes, or when the destination is not a terminal.
     */
    @Override
    public int distance(int node, int destination) {
        if (destination < 0 || destination >= fly.terminals()) {
            return -1;
        }
        if (node == destination) {
            return 0;
        }
        int s = fly.stageOf(node);
        if (s < 0) {
            return fly.stages() + 1;
        }
        return fly.reaches(node, destination) ? fly.stages() - s : -1;
    }

    /** True: every hop moves one stage on, so the remaining hop count strictly drops. */
    @Override
    public boolean minimal() {
        return true;
    }

    @Override
    public String name() {
        return "destination-tag";
    }

    /** The nodes of the butterfly (only terminals are ever destinations). */
    @Override
    public int headers() {
        return fly.nodes();
    }

    /** {@code routing: destination-tag}: the one path of a butterfly or fly. */
    @AutoService(RoutingFactory.class)
    public static final class Factory implements RoutingFactory {
        @Override
        public String name() {
            return "destination-tag";
        }

        @Override
        public RoutingFunction create(Topology topology, PluginParams params) {
            return topology instanceof Fly fly ? new FlyDestinationTagRouting(fly)
                : new DestinationTagRouting((Butterfly) topology);
        }

        @Override
        public List<Param> params() {
            return RoutingParams.NONE;
        }

        @Override
        public String refuses(Topology topology) {
            return topology instanceof Butterfly || topology instanceof Fly ? null : "is for butterflies and flies";
        }
    }
}
