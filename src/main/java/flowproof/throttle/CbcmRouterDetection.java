package flowproof.throttle;

import flowproof.sim.control.RouterControl;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * CBCM's detection at an intermediate router (003_4abd1b2c8ca2b731.txt, section VI-A), the
 * {@code detect-at-routers} option of {@link Cbcm}: every router computes the contention degree
 * per network destination, not only per output port (the paper: "contention detection metric
 * needs to be computed at each switch for all network destination nodes"), and throttles the
 * sources itself. The paper gives no more than that; flowproof's choices:
 * <ul>
 *   <li>the per-destination degree of a router in a cycle is the number of its input ports whose
 *       drawn request (the same draw as the per-port degree) carries a packet for that
 *       destination;</li>
 *   <li>over each epoch ({@code epoch} cycles, counted from cycle 0) a router whose mean
 *       per-destination degree for d exceeds {@code threshold} and that saw requests for d from
 *       at least {@code min-degree} sources declares d congested and sends each of those sources
 *       a throttle with D_t = the number of sources it saw (a permutation never reaches degree
 *       2 at one router, so network congestion does not trigger it);</li>
 *   <li>it sends again only when that number changes (a throttle resets the sources' tokens);</li>
 *   <li>the router's control packets enter the network through its first terminal's control
 *       queue (the simulator injects control packets at terminals) and carry the congested
 *       destination: {@code payload = -(d * 1024 + D_t) - 1}.</li>
 * </ul>
 */
final class CbcmRouterDetection {

    /** Largest D_t a router's throttle can carry. */
    static final int MAX_DEGREE = 1023;

    /** One (router, destination) pair's epoch. */
    private static final class Pair {
        long requests;
        final BitSet sources = new BitSet();
        int sent;
    }

    private final int n;
    private final int epoch;
    private final double threshold;
    private final int minDegree;
    private final int[] firstTerminal;
    private final Map<Long, Pair> pairs = new HashMap<>();
    private long sent;
    private long detections;

    /**
     * @param firstTerminal per router its lowest terminal (-1: none, such a router cannot send)
     */
    CbcmRouterDetection(int terminals, int epoch, double threshold, int minDegree, int[] firstTerminal) {
        this.n = terminals;
        this.epoch = epoch;
        this.threshold = threshold;
        this.minDegree = minDegree;
        this.firstTerminal = firstTerminal.clone();
    }

    /** A request counted this cycle at {@code router} for a packet from {@code source} to {@code destination}. */
    void requested(int router, int source, int destination) {
        Pair p = pairs.computeIfAbsent((long) router * n + destination, k -> new Pair());
        p.requests++;
        p.sources.set(source);
    }

    /** At the end of an epoch ({@code now} a positive multiple of it): detect and send. */
    void cycle(long now, RouterControl.Port port) {
        if (now == 0 || now % epoch != 0) {
            return;
        }
        var it = pairs.entrySet().iterator();
        while (it.hasNext()) {
            var e = it.next();
            Pair p = e.getValue();
            int router = (int) (e.getKey() / n);
            int d = (int) (e.getKey() % n);
            int count = p.sources.cardinality();
            boolean congested = (double) p.requests / epoch > threshold && count >= minDegree;
            if (congested && count != p.sent && router < firstTerminal.length && firstTerminal[router] >= 0) {
                int dt = Math.min(MAX_DEGREE, count);
                for (int src = p.sources.nextSetBit(0); src >= 0; src = p.sources.nextSetBit(src + 1)) {
                    port.send(firstTerminal[router], src, -(d * (MAX_DEGREE + 1) + dt) - 1);
                }
                sent += count;
                detections++;
                p.sent = count;
            }
            if (!congested) {
                it.remove();
            } else {
                p.requests = 0;
                p.sources.clear();
            }
        }
    }

    /** Throttle packets routers sent so far. */
    long sent() {
        return sent;
    }

    /** Detections (a router declaring a destination congested, or re-sending a changed D_t) so far. */
    long detections() {
        return detections;
    }
}
