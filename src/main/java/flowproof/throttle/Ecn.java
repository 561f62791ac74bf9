package flowproof.throttle;

import flowproof.rule.ReservedClassVcs;
import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.RouterControl;
import flowproof.sim.control.Scheme;
import java.util.List;

/**
 * Explicit congestion notification as the CBCM paper (003_4abd1b2c8ca2b731.txt, sections
 * III-A and V-A) runs it for comparison (InfiniBand's FECN/BECN scheme), registry key
 * {@code ecn}. A packet whose head leaves a network input VC buffer holding at least
 * {@code threshold} (90%) of its capacity is marked (FECN). Its destination answers every
 * marked packet with a single-flit congestion notification (BECN) to the packet's source,
 * on a reserved high-priority control VC (the paper: "ECN requires one control packet VC").
 * The source keeps an inter-packet delay per destination (a flow, as the paper's
 * per-destination source queues): +{@code ipd-increment} (400) cycles per notification, at
 * most {@code ipd-max} (1,500), -{@code ipd-decrement} (50) every {@code decrement-timer}
 * (1,000) cycles. After a packet of S flits of a delayed flow (IPD > 0) leaves the source
 * queue, the flow's next packet waits S + IPD cycles; a flow without delay is not held (the
 * injection channel already spaces its packets). Held flows do not block other destinations (source
 * queue searched {@code lookahead} (64) packets deep, as {@link Cbcm}). Routing is the
 * spec's (ECN keeps adaptive routing; that is the paper's point about it).
 */
public final class Ecn extends ClassVcScheme {

    final double threshold;
    final int increment;
    final int max;
    final int decrement;
    final int timer;
    final int lookahead;

    private Ecn(Params p) {
        super("ecn", 1);
        threshold = p.number("threshold", 0.9, 0, true, 1);
        increment = (int) p.integer("ipd-increment", 400, 0, Integer.MAX_VALUE);
        max = (int) p.integer("ipd-max", 1500, 0, Integer.MAX_VALUE);
        decrement = (int) p.integer("ipd-decrement", 50, 0, Integer.MAX_VALUE);
        timer = (int) p.integer("decrement-timer", 1000, 1, Integer.MAX_VALUE);
        lookahead = (int) p.integer("lookahead", 64, 1, 1 << 20);
        described(p);
    }

    static Scheme read(Params p, SchemeContext c) {
        ClassVcs.requireVcs(p, c, "ecn", 1);
        return new Ecn(p);
    }

    @Override
    public InjectionControl create(NetworkState state, long seed) {
        return new Control(this, state);
    }

    /** One run's ECN state. */
    public static final class Control implements RouterControl {
        private final Ecn s;
        private final int n;
        private final int queues;
        private final int full;
        private final int[] ipd;
        private final long[] next;
        private final int[] active;
        private final int[] activeAt;
        private int activeCount;
        private Port port;
        private long now;
        private long notifications;
        private long notificationsWindow;

        Control(Ecn s, NetworkState state) {
            this.s = s;
            this.n = state.terminals();
            this.queues = state.network().queues();
            this.full = (int) Math.ceil(s.threshold * state.bufferFlits());
            ipd = new int[n * n];
            next = new long[n * n];
            active = new int[n * n];
            activeAt = new int[n * n];
        }

        @Override
        public void bind(Port p) {
            port = p;
        }

        @Override
        public int classes() {
            return 1;
        }

        @Override
        public int priority(int cls) {
            return cls == 1 ? 2 : 1;
        }

        @Override
        public int controlClass() {
            return 1;
        }

        @Override
        public int lookahead() {
            return s.lookahead;
        }

        @Override
        public boolean marking() {
            return true;
        }

        @Override
        public boolean mark(int inputVc, int outputPort, int occupancy) {
            return inputVc < queues && occupancy >= full;
        }

        @Override
        public boolean mayInject(int terminal, int destination, int size, int[] firstQueues, int k) {
            return true;
        }

        @Override
        public int sourceClass(int terminal, int destination, int size) {
            return now >= next[terminal * n + destination] ? 0 : -1;
        }

        @Override
        public void left(int terminal, int destination, int size, int cls) {
            int f = terminal * n + destination;
            if (ipd[f] > 0) {
                next[f] = now + size + ipd[f];
            }
        }

        @Override
        public void deliveredData(int source, int destination, int size, boolean marked) {
            if (marked) {
                notifications++;
                notificationsWindow++;
                port.send(destination, source, 0);
            }
        }

        @Override
        public void deliveredControl(int source, int destination, int payload) {
            int f = destination * n + source;
            if (ipd[f] == 0 && s.increment > 0) {
                activeAt[f] = activeCount;
                active[activeCount++] = f;
            }
            ipd[f] = Math.min(s.max, ipd[f] + s.increment);
        }

        @Override
        public void beginCycle(long cycle) {
            now = cycle;
            if (cycle > 0 && cycle % s.timer == 0) {
                for (int i = activeCount - 1; i >= 0; i--) {
                    int f = active[i];
                    ipd[f] = Math.max(0, ipd[f] - s.decrement);
                    if (ipd[f] == 0) {
                        int last = active[--activeCount];
                        active[i] = last;
                        activeAt[last] = i;
                    }
                }
            }
        }

        @Override
        public List<String> seriesNames() {
            return List.of("notifications", "flows with a delay", "largest delay");
        }

        @Override
        public void sample(double[] out) {
            int largest = 0;
            for (int i = 0; i < activeCount; i++) {
                largest = Math.max(largest, ipd[active[i]]);
            }
            out[0] = notificationsWindow;
            out[1] = activeCount;
            out[2] = largest;
            notificationsWindow = 0;
        }

        /** Congestion notifications sent so far. */
        public long notifications() {
            return notifications;
        }
    }
}
