package flowproof.sim;

import flowproof.rule.FlowControlRule;
import flowproof.sim.control.RouterControl;
import flowproof.topology.Topology;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The contention degree of every output port, each cycle, for a {@link RouterControl} that
 * wants it ({@link RouterControl#wantsContention}): each input port counts one request, for
 * the port wanted by one of its VCs drawn at random among those whose front packet is ready
 * and either holds an output VC or asks for one (CBCM's randomized degree, section IV-B1).
 */
final class Contention {

    private final SimConfig cfg;
    private final Topology topo;
    private final Buffers b;
    private final Packets pk;
    private final RouteComputation routes;
    private final RouterTiming timing;
    private final RouterControl rc;
    private final int vcs;
    private final int channels;
    private final int inPorts;
    private final int injPorts;
    private final int ejPorts;
    private final int[] termRouter;
    private final int[] inPortRouter;
    private final int[] ovPort;
    /** Whether the control wants every counted request's router, source and destination ({@link RouterControl#requested}). */
    private final boolean perDestination;
    /** Per VC of a port: whether its requests count in the contention degree. */
    private final boolean[] vcContends;
    private final int[] degree;
    private final SplittableRandom random;

    /**
     * @param inPortRouter the router of each input port (network channels, then injection ports)
     * @param ovPort       the output port of each output VC
     * @param vcContends   per VC of a port, whether its requests count
     * @param perDestination whether the control wants every counted request ({@link RouterControl#requested})
     */
    Contention(SimConfig cfg, Buffers b, Packets pk, RouteComputation routes, RouterTiming timing, RouterControl rc,
               int inPorts, int outPorts, int[] termRouter, int[] inPortRouter, int[] ovPort, boolean[] vcContends,
               boolean perDestination) {
        this.cfg = cfg;
        this.topo = cfg.network().topology();
        this.b = b;
        this.pk = pk;
        this.routes = routes;
        this.timing = timing;
        this.rc = rc;
        this.vcs = cfg.network().vcs();
        this.channels = topo.channels();
        this.inPorts = inPorts;
        this.injPorts = cfg.injectionPorts();
        this.ejPorts = cfg.ejectionPorts();
        this.termRouter = termRouter;
        this.inPortRouter = inPortRouter;
        this.ovPort = ovPort;
        this.perDestination = perDestination;
        this.vcContends = vcContends;
        this.degree = new int[outPorts];
        this.random = new SplittableRandom(cfg.seed() ^ 0x9E3779B97F4A7C15L);
    }

    /** Counts this cycle's degrees and hands them to the control. */
    void count(long now) {
        Arrays.fill(degree, 0);
        int[] buf = b.buf;
        for (int ip = 0; ip < inPorts; ip++) {
            int base = ip * vcs;
            int chosen = -1;
            int chosenVc = -1;
            int seen = 0;
            for (int v = 0; v < vcs; v++) {
                int iv = base + v;
                if (b.count(iv) == 0 || !vcContends[v]) {
                    continue;
                }
                int at = b.front(iv);
                if (b.out(iv) >= 0 ? !timing.switchReady(buf, iv, at, now) : buf[3 * at + 2] + timing.vaWait > now) {
                    continue;
                }
                int op = requestedPort(ip, iv, at);
                if (op < 0) {
                    continue;
                }
                seen++;
                if (seen == 1 || random.nextInt(seen) == 0) {
                    chosen = op;
                    chosenVc = v;
                }
            }
            if (chosen >= 0) {
                degree[chosen]++;
                if (perDestination) {
                    int p = b.buf[3 * b.front(base + chosenVc)];
                    rc.requested(inPortRouter[ip], pk.src[p], pk.dst[p]);
                }
            }
        }
        rc.degrees(degree);
    }

    private int requestedPort(int port, int iv, int at) {
        int ov = b.out(iv);
        if (ov >= 0) {
            return ovPort[ov];
        }
        int p = b.buf[3 * at];
        int header = pk.header[p];
        if (Buffers.flitIndex(b.buf[3 * at + 1]) != 0 || header < 0) {
            return -1;
        }
        int router = port < channels ? topo.target(port) : termRouter[(port - channels) / injPorts];
        if (cfg.routing().exitNode(header) == router) {
            return channels + pk.dst[p] * ejPorts;
        }
        int off = routes.route(port < channels ? iv : FlowControlRule.INJECT, router, header);
        return routes.pool[off] == 0 ? -1 : ovPort[routes.pool[off + 2]];
    }
}
