package flowproof.sim;

import flowproof.routing.RoutingFunction;
import flowproof.topology.Topology;
import flowproof.traffic.Workload;

/**
 * The ideal throughput of a network under a traffic pattern and a deterministic routing
 * function: every terminal offers 1 flit per cycle split over its destinations by the
 * pattern's probabilities, each flow loads every channel of its route, and the busiest
 * channel (or injection or ejection channel) caps the load at {@code 1 / maxLoad} flits per
 * node per cycle. Adaptive and UGAL routing spread load in ways only a multicommodity-flow
 * LP bounds; they are refused here.
 */
public final class ChannelLoadBound {

    private final double bound;
    private final double[] channelLoad;
    private final double maxEjection;
    private final double injection;
    private final String bottleneck;

    private ChannelLoadBound(double bound, double[] channelLoad, double maxEjection, double injection, String bottleneck) {
        this.bound = bound;
        this.channelLoad = channelLoad;
        this.maxEjection = maxEjection;
        this.injection = injection;
        this.bottleneck = bottleneck;
    }

    /**
     * @throws UnsupportedOperationException when the routing is not deterministic (several
     *         candidates or source-chosen routes) or the workload has no fixed destination
     *         probabilities
     */
    public static ChannelLoadBound of(SimConfig cfg) {
        RoutingFunction routing = cfg.routing();
        Topology topo = cfg.network().topology();
        Workload w = cfg.workload();
        if (routing.maxInjectHeaders() > 1 || routing.hasEscape()) {
            throw new UnsupportedOperationException("routing " + routing.name() + " chooses among routes");
        }
        int c = topo.concentration();
        int[] endpoints = topo.endpoints();
        int terminals = endpoints.length * c;
        double[] load = new double[topo.channels()];
        double[] eject = new double[terminals];
        int[] out = new int[Math.max(4, routing.maxCandidates())];
        int[] hdr = new int[Math.max(4, routing.maxInjectHeaders())];
        for (int s = 0; s < terminals; s++) {
            double[] p = w.destinationWeights(s, cfg.seed());
            int src = endpoints[s / c];
            for (int d = 0; d < terminals; d++) {
                if (p[d] == 0) {
                    continue;
                }
                eject[d] += p[d];
                int dst = endpoints[d / c];
                routing.injectHeaders(src, dst, hdr);
                int header = hdr[0];
                int node = src;
                int in = -1;
                int hops = 0;
                while (routing.exitNode(header) != node) {
                    int n = routing.candidates(node, in, header, out);
                    if (n != 1) {
                        throw new UnsupportedOperationException("routing " + routing.name() + " offers " + n
                            + " channels at " + topo.nodeName(node));
                    }
                    load[out[0]] += p[d];
                    header = routing.afterHop(header, out[0]);
                    node = topo.target(out[0]);
                    in = out[0];
                    if (++hops > topo.channels()) {
                        throw new IllegalStateException("route from " + src + " to " + dst + " does not arrive");
                    }
                }
            }
        }
        double max = 0;
        String where = "";
        for (int ch = 0; ch < load.length; ch++) {
            if (load[ch] > max + 1e-12) {
                max = load[ch];
                where = "channel " + topo.channelName(ch);
            }
        }
        double maxEj = 0;
        for (int d = 0; d < terminals; d++) {
            maxEj = Math.max(maxEj, eject[d] / cfg.ejectionPorts());
        }
        if (maxEj > max + 1e-12) {
            max = maxEj;
            where = "ejection";
        }
        double inj = 1.0 / cfg.injectionPorts();
        if (inj > max + 1e-12) {
            max = inj;
            where = "injection";
        }
        return new ChannelLoadBound(max == 0 ? Double.POSITIVE_INFINITY : Math.min(1.0, 1 / max), load, maxEj, inj, where);
    }

    /** Flits per node per cycle at which the busiest channel is fully used (at most 1). */
    public double bound() {
        return bound;
    }

    /** Load of every channel when every terminal offers 1 flit per cycle. Do not modify. */
    public double[] channelLoad() {
        return channelLoad;
    }

    /** What limits: a channel's name, "ejection" or "injection". */
    public String bottleneck() {
        return bottleneck;
    }

    public double maxEjectionLoad() {
        return maxEjection;
    }

    public double injectionLoad() {
        return injection;
    }
}
