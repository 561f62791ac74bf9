package flowproof.sim;

import flowproof.routing.MessageRouting;
import flowproof.routing.QueueRoutes;
import flowproof.routing.RoutingFunction;
import flowproof.rule.FlowControlRule;
import flowproof.topology.Topology;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Route computation: the header a packet starts with, and the output VCs it may take next.
 * The next queues come from {@link QueueRoutes} (the table the explorer uses) and are kept in
 * a lazily filled table of (queue or injecting router) x header; {@link #route} returns an
 * offset {@code off} in {@link #pool}: {@code pool[off]} candidates, {@code pool[off + 1]}
 * the first escape candidate ({@link QueueRoutes.Next#primary}), then per candidate {@code i}
 * its output VC at {@code off + 2 + 2i} and the header it carries downstream at
 * {@code off + 3 + 2i}.
 */
final class RouteComputation {

    private final Topology topo;
    private final RoutingFunction routing;
    private final QueueRoutes routes;
    private final MessageRouting msg;
    private final Buffers b;
    private final Packets pk;
    private final int queues;
    private final int headers;
    private final int[] termRouter;
    /** With traffic classes: the class of each VC (only class 0 chooses at the source); else null. */
    private final int[] vcClass;
    private final RouteIndex index;
    int[] pool = new int[1 << 12];
    private int used;
    private final int[] scratch;
    private final int[] scratchHeaders;
    private final SplittableRandom[] routerRandom;

    RouteComputation(SimConfig cfg, FlowControlRule rule, Buffers b, Packets pk, int[] termRouter, int[] vcClass) {
        this.topo = cfg.network().topology();
        this.routing = cfg.routing();
        this.routes = new QueueRoutes(cfg.network(), routing, rule);
        this.msg = routing instanceof MessageRouting m ? m : null;
        this.b = b;
        this.pk = pk;
        this.queues = b.queues;
        this.headers = routing.headers();
        this.termRouter = termRouter;
        this.vcClass = vcClass;
        index = new RouteIndex((long) (queues + topo.nodes()) * headers);
        scratch = new int[Math.max(4, Math.max(routing.maxCandidates(), routing.maxInjectHeaders()))];
        scratchHeaders = new int[Math.max(4, routing.maxInjectHeaders())];
        SplittableRandom root = new SplittableRandom(cfg.seed() ^ 0x5DEECE66DL);
        routerRandom = new SplittableRandom[topo.nodes()];
        for (int r = 0; r < routerRandom.length; r++) {
            routerRandom[r] = root.split();
        }
    }

    /** Offset in {@link #pool} of the next queues of a packet with {@code header} leaving {@code from} (or injected at {@code router}). */
    int route(int from, int router, int header) {
        long key = (long) (from >= 0 ? from : queues + router) * headers + header;
        int off = index.get(key);
        if (off >= 0) {
            return off;
        }
        QueueRoutes.Next next = routes.next(from, router, header);
        int need = 2 + 2 * next.size();
        if (used + need > pool.length) {
            pool = Arrays.copyOf(pool, Math.max(pool.length * 2, used + need));
        }
        off = used;
        pool[off] = next.size();
        pool[off + 1] = next.primary();
        for (int i = 0; i < next.size(); i++) {
            pool[off + 2 + 2 * i] = next.queues()[i];
            pool[off + 3 + 2 * i] = next.headers()[i];
        }
        used += need;
        index.put(key, off);
        return off;
    }

    /**
     * The header packet {@code p} starts with at {@code router}. One unless the routing
     * function chooses at the source (UGAL): then the minimal route against one random
     * Valiant route, each costed as the occupancy of its emptiest first-hop queue times its
     * hop count (UGAL-L). An oblivious choice ({@link RoutingFunction#randomHeader}: Valiant's
     * routing, DOR's random tie) takes one of its headers uniformly at random.
     */
    int startHeader(int router, int p) {
        int dstRouter = termRouter[pk.dst[p]];
        int n = msg != null ? msg.messageHeaders(pk.msg[p], router, dstRouter, scratchHeaders)
            : routing.injectHeaders(router, dstRouter, scratchHeaders);
        if (n <= 1 || (dstRouter == router && !routing.selfPairsCross()) || (vcClass != null && pk.cls[p] != 0)) {
            // class packets (control, throttled, isolated hot-spot traffic) route minimally
            return scratchHeaders[0];
        }
        if (routing.randomHeader()) {
            // oblivious: one of the headers uniformly at random (Valiant's intermediates, DOR's random tie)
            return scratchHeaders[routerRandom[router].nextInt(n)];
        }
        int minimal = scratchHeaders[0];
        int valiant = scratchHeaders[1 + routerRandom[router].nextInt(n - 1)];
        long costMin = (long) firstHopOccupancy(router, minimal) * hops(router, minimal);
        long costVal = (long) firstHopOccupancy(router, valiant) * hops(router, valiant);
        return costMin <= costVal ? minimal : valiant;
    }

    /** A number drawn uniformly from {@code 0..n-1} from router {@code router}'s stream ({@code adaptive-selection}). */
    int draw(int router, int n) {
        return routerRandom[router].nextInt(n);
    }

    private int firstHopOccupancy(int router, int header) {
        int off = route(FlowControlRule.INJECT, router, header);
        int n = pool[off];
        int vcs = b.vcs;
        int best = Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int ov = pool[off + 2 + 2 * i];
            if (vcClass != null && vcClass[ov % vcs] != 0) {
                // only normal traffic chooses at the source: the class VCs are not its queues
                continue;
            }
            best = Math.min(best, b.cap - b.credits(ov) + 1);
        }
        return best;
    }

    private int hops(int router, int header) {
        int node = router;
        int in = -1;
        int h = 0;
        while (routing.exitNode(header) != node && h <= topo.nodes() * 2) {
            int n = routing.candidates(node, in, header, scratch);
            if (n <= 0) {
                break;
            }
            int c = scratch[0];
            header = routing.afterHop(header, c);
            node = topo.target(c);
            in = c;
            h++;
        }
        return h;
    }
}
