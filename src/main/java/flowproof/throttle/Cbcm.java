package flowproof.throttle;

import flowproof.rule.ReservedClassVcs;
import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.RouterControl;
import flowproof.sim.control.Scheme;
import java.util.List;

/**
 * Contention-based congestion management, CBCM (Kim, Kim, Jeong, Parker and Kim,
 * 003_4abd1b2c8ca2b731.txt, section IV), registry key {@code cbcm}.
 *
 * <h2>Routers (IV-B1)</h2>
 * Every cycle each output port (network channels and ejection channels) gets the
 * randomized contention degree D: each input port counts one request, for the port wanted
 * by one of its VCs drawn at random among those whose front packet is ready and either
 * holds an output VC or asks for one (the simulator computes it after VC allocation); only
 * the normal VCs count unless {@code count-reserved} (flowproof's choice: throttled and
 * control traffic is managed already, and counting its backlog marked the packets of
 * every terminal on a hot spot's router). A
 * moving average over {@code num-samples} cycles (100), and every
 * {@code bound-sample-interval} cycles (10) the largest and smallest D of that interval
 * enter moving averages of their own over {@code bound-samples} samples (default
 * num-samples / bound-sample-interval = 10, the paper's 10 + 10 registers). metric =
 * MA(D) - (MA(max) - MA(min)) / 2; while metric &gt; {@code threshold} (1) every packet whose
 * head leaves through the port gets its mark bit set.
 *
 * <h2>Destinations (IV-B2)</h2>
 * A list of sources (a bit per terminal). A marked packet adds its source and, if no epoch
 * is running, starts one ({@code epoch} cycles, default 1,000: the paper gives no length);
 * an unmarked packet empties the list and ends the epoch. When an epoch ends with the list
 * still standing (every packet of it was marked) and at least {@code min-degree} (2)
 * sources in it, the node is a hot spot: it sends a single-flit 'throttle' packet carrying
 * D_t = list size to each listed source, and from then on every sender joins the list
 * (marked or not; unmarked packets no longer empty it). The paper's remark that a
 * permutation is never throttled "as throttling degree is never greater than one" is read
 * as min-degree 2. Control bandwidth: after sending D_t packets the node stays silent for
 * ceil(D_t / {@code epsilon}) cycles (epsilon 0.05); afterwards it re-sends the list's
 * D_t to all its members when the list changed since the last set (the paper: when its
 * size differs; a member that joined while another left is covered here too). An
 * 'unthrottle' packet removes its source and so re-sends the updated D_t to the rest; a
 * hot spot whose list empties is an ordinary node again.
 *
 * <p>Exit rule (flowproof's addition; the paper has none): while a hot spot, the node
 * counts the data flits it receives per epoch; an epoch with fewer than
 * {@code exit-load} (0.5) x epoch flits means its ejection channel is not the bottleneck,
 * so it is an ordinary node again (list emptied; its throttled sources unthrottle
 * themselves by their generation rate). {@code exit-load: 0} keeps the paper's behaviour,
 * where a destination misdetected while a congestion tree drains stays a hot spot for good.
 *
 * <h2>Sources (IV-B3, IV-B4, Algorithm 1)</h2>
 * A token bucket per throttled destination: reset to 0 by every throttle packet, +1/D_t
 * per cycle ({@code rate}/D_t: section VI-B throttles to 0.99/D_t), a packet leaves the
 * source queue when tokens &gt;= its size (tokens -= size) and goes minimally on the
 * dedicated low-priority VC ({@code isolate: false}, section VI-B's CBCM without a separate
 * VC: on the normal VCs under the spec's routing, at normal priority). Other destinations are not
 * restricted: the source queue is searched {@code lookahead} (64) packets deep, so a held
 * hot-spot packet does not block traffic behind it (the paper's sources keep one queue per
 * destination, arbitrated round robin; the lookahead is the oldest-first equivalent with a
 * bounded search). Unthrottling: per throttled flow, every {@code source-epoch} cycles
 * (1,000; counted from the throttle) the flits generated toward that destination in the
 * epoch are compared with {@code unthrottle-below} x epoch / D_t (flowproof's default 0.5;
 * the paper's rule is 1: a sender generating barely above its share falls below it in
 * some epochs by chance, unthrottles and sends its next packets adaptively on the normal
 * VCs into the hot spot's router); below it, and with fewer than {@code source-queue}
 * (64) packets queued (the paper's "queue not full": our source queues are unbounded), the
 * flow is unthrottled and an 'unthrottle' packet goes to the hot spot. Which queue:
 * {@code full-queue: destination} (the default) counts the source's packets toward that
 * destination, the paper's simulator keeping "one queue for each network destination"
 * (section V); {@code full-queue: source} counts the source's whole queue, the other reading
 * (a source backlogged by its other destinations then never unthrottles a flow, so once
 * several destinations are throttled no source recovers: issue 41's cascade).
 *
 * <p>{@code detect-at-routers: true} (section VI-A) adds detection at every router, per
 * destination ({@link CbcmRouterDetection}), beside the endpoints'.
 *
 * <h2>VCs and priority</h2>
 * The two highest VCs of every channel are reserved ({@link ReservedClassVcs}): VC vcs-1 for
 * control packets (highest switch priority), VC vcs-2 for throttled traffic (lowest);
 * normal traffic uses the others under the spec's rule, so a spec needs the VCs its
 * routing needs plus two (UGAL with VCs by hop: 2 + 2).
 */
public final class Cbcm extends ClassVcScheme {

    static final int CONTROL = 1;
    static final int THROTTLED = 2;

    final int numSamples;
    final int interval;
    final int boundSamples;
    final double threshold;
    final int epoch;
    final int sourceEpoch;
    final double epsilon;
    final int minDegree;
    final int sourceQueue;
    /** Whether "the queue is full" reads the flow's own queue (per destination) rather than the source's. */
    final boolean fullPerDestination;
    final int lookahead;
    final double exitLoad;
    final double unthrottleBelow;
    final boolean countReserved;
    final double rate;
    final boolean isolate;
    final boolean atRouters;

    private Cbcm(Params p) {
        super("cbcm", 2);
        numSamples = (int) p.integer("num-samples", 100, 1, 1_000_000);
        interval = (int) p.integer("bound-sample-interval", 10, 1, 1_000_000);
        boundSamples = (int) p.integer("bound-samples", Math.max(1, numSamples / interval), 1, 1_000_000);
        threshold = p.number("threshold", 1.0, 0, false, 1e9);
        epoch = (int) p.integer("epoch", 1000, 1, Integer.MAX_VALUE);
        sourceEpoch = (int) p.integer("source-epoch", 1000, 1, Integer.MAX_VALUE);
        epsilon = p.number("epsilon", 0.05, 0, true, 1);
        minDegree = (int) p.integer("min-degree", 2, 1, Integer.MAX_VALUE);
        sourceQueue = (int) p.integer("source-queue", 64, 1, Integer.MAX_VALUE);
        fullPerDestination = p.choice("full-queue", "destination", "destination", "source").equals("destination");
        lookahead = (int) p.integer("lookahead", 64, 1, 1 << 20);
        exitLoad = p.number("exit-load", 0.5, 0, false, 1);
        unthrottleBelow = p.number("unthrottle-below", 0.5, 0, true, 1);
        countReserved = p.bool("count-reserved", false);
        rate = p.number("rate", 1.0, 0, true, 1);
        isolate = p.bool("isolate", true);
        atRouters = p.bool("detect-at-routers", false);
        described(p);
    }

    static Scheme read(Params p, SchemeContext c) {
        ClassVcs.requireVcs(p, c, "cbcm", 2);
        return new Cbcm(p);
    }

    @Override
    public InjectionControl create(NetworkState state, long seed) {
        return new Control(this, state);
    }

    /** One run's CBCM state: routers, destinations and sources. */
    public static final class Control implements RouterControl, CbcmView {
        private final Cbcm s;
        private final int n;
        private final CbcmRouterDetection routers;
        private Port port;

        // routers, per output port
        private int ports;
        private int[] hist;
        private long[] sum;
        private int[] curMax;
        private int[] curMin;
        private int[] maxHist;
        private int[] minHist;
        private long[] maxSum;
        private long[] minSum;
        private boolean[] markPort;
        private int histPos;
        private int boundPos;
        private int inInterval;

        // destinations
        private final int[] member;
        private final int[] listId;
        private final int[] listSize;
        private final long[] epochStart;
        private final boolean[] hot;
        private final boolean[] dirty;
        private final long[] quietUntil;
        private final int[] sentDegree;
        private final long[] hotFlits;
        private final long[] hotEpochStart;
        private long hotExits;

        // sources, per flow t * n + d
        private final int[] degree;
        /** Package-private only for the property suite's broken variant (a CBCM that never resets tokens, test scope). */
        final double[] tokens;
        private final long[] tokensSince;
        private final long[] genFlits;
        private final long[] flowEpoch;
        private final int[] active;
        private final int[] activeAt;
        private int activeCount;
        private final int[] flowsOfSource;
        /** Per flow: its packets generated and still in the source queue (the paper's queue per destination). */
        private final int[] queuedTo;
        private int throttledSources;

        private long now;
        private long markedWindow;
        private long anyWindow;
        private long cyclesWindow;
        private long anyCycles;
        private long flowCycles;
        private long cycles;
        private long throttleSent;
        private long unthrottleSent;
        private long marked;

        Control(Cbcm s, NetworkState state) {
            this.s = s;
            this.n = state.terminals();
            routers = s.atRouters ? new CbcmRouterDetection(n, s.epoch, s.threshold, s.minDegree, firstTerminals(state))
                : null;
            member = new int[n * n];
            java.util.Arrays.fill(member, -1);
            listId = new int[n];
            listSize = new int[n];
            epochStart = new long[n];
            java.util.Arrays.fill(epochStart, -1);
            hot = new boolean[n];
            dirty = new boolean[n];
            quietUntil = new long[n];
            sentDegree = new int[n];
            hotFlits = new long[n];
            hotEpochStart = new long[n];
            degree = new int[n * n];
            tokens = new double[n * n];
            tokensSince = new long[n * n];
            genFlits = new long[n * n];
            flowEpoch = new long[n * n];
            active = new int[n * n];
            activeAt = new int[n * n];
            flowsOfSource = new int[n];
            queuedTo = new int[n * n];
        }

        /** Per router its lowest terminal (-1: none). */
        private static int[] firstTerminals(NetworkState state) {
            int routers = 0;
            for (int t = 0; t < state.terminals(); t++) {
                routers = Math.max(routers, state.routerOf(t) + 1);
            }
            int[] first = new int[routers];
            java.util.Arrays.fill(first, -1);
            for (int t = state.terminals() - 1; t >= 0; t--) {
                first[state.routerOf(t)] = t;
            }
            return first;
        }

        @Override
        public void bind(Port p) {
            this.port = p;
            ports = p.outputPorts();
            hist = new int[ports * s.numSamples];
            sum = new long[ports];
            curMax = new int[ports];
            curMin = new int[ports];
            java.util.Arrays.fill(curMin, Integer.MAX_VALUE);
            maxHist = new int[ports * s.boundSamples];
            minHist = new int[ports * s.boundSamples];
            maxSum = new long[ports];
            minSum = new long[ports];
            markPort = new boolean[ports];
        }

        @Override
        public int classes() {
            return 2;
        }

        @Override
        public int priority(int cls) {
            return cls == CONTROL ? 2 : cls == THROTTLED ? 0 : 1;
        }

        @Override
        public int controlClass() {
            return CONTROL;
        }

        @Override
        public int lookahead() {
            return s.lookahead;
        }

        @Override
        public boolean wantsContention() {
            return true;
        }

        @Override
        public boolean wantsRequests() {
            return routers != null;
        }

        @Override
        public void requested(int router, int source, int destination) {
            routers.requested(router, source, destination);
        }

        @Override
        public boolean contends(int cls) {
            return cls == 0 || s.countReserved;
        }

        @Override
        public boolean marking() {
            return true;
        }

        @Override
        public boolean mayInject(int terminal, int destination, int size, int[] firstQueues, int k) {
            return true;
        }

        // ---------------------------------------------------------------- routers

        @Override
        public void degrees(int[] d) {
            int ns = s.numSamples;
            int bs = s.boundSamples;
            boolean boundary = ++inInterval == s.interval;
            for (int op = 0; op < ports; op++) {
                int x = d[op];
                int at = op * ns + histPos;
                sum[op] += x - hist[at];
                hist[at] = x;
                if (x > curMax[op]) {
                    curMax[op] = x;
                }
                if (x < curMin[op]) {
                    curMin[op] = x;
                }
                if (boundary) {
                    int b = op * bs + boundPos;
                    maxSum[op] += curMax[op] - maxHist[b];
                    maxHist[b] = curMax[op];
                    minSum[op] += curMin[op] - minHist[b];
                    minHist[b] = curMin[op];
                    curMax[op] = 0;
                    curMin[op] = Integer.MAX_VALUE;
                }
                double metric = (double) sum[op] / ns - (double) (maxSum[op] - minSum[op]) / bs / 2;
                markPort[op] = metric > s.threshold;
            }
            histPos = histPos + 1 == ns ? 0 : histPos + 1;
            if (boundary) {
                inInterval = 0;
                boundPos = boundPos + 1 == bs ? 0 : boundPos + 1;
            }
        }

        @Override
        public boolean mark(int inputVc, int outputPort, int occupancy) {
            return markPort[outputPort];
        }

        /** The current metric of output port {@code op} (for tests). */
        public double metric(int op) {
            return (double) sum[op] / s.numSamples - (double) (maxSum[op] - minSum[op]) / s.boundSamples / 2;
        }

        // ---------------------------------------------------------------- destinations

        private boolean isMember(int d, int src) {
            return member[d * n + src] == listId[d];
        }

        private void join(int d, int src) {
            if (!isMember(d, src)) {
                member[d * n + src] = listId[d];
                listSize[d]++;
                dirty[d] = true;
            }
        }

        private void clearList(int d) {
            listId[d]++;
            listSize[d] = 0;
            epochStart[d] = -1;
            hot[d] = false;
            dirty[d] = false;
            sentDegree[d] = 0;
        }

        @Override
        public void deliveredData(int source, int destination, int size, boolean isMarked) {
            if (isMarked) {
                markedWindow++;
                marked++;
            }
            int d = destination;
            if (hot[d]) {
                hotFlits[d] += size;
                join(d, source);
            } else if (isMarked) {
                join(d, source);
                if (epochStart[d] < 0) {
                    epochStart[d] = now;
                }
            } else if (listSize[d] > 0 || epochStart[d] >= 0) {
                clearList(d);
            }
        }

        @Override
        public void deliveredControl(int source, int destination, int payload) {
            if (payload < 0) {
                // throttle from a router: the congested destination and D_t in the payload
                int x = -payload - 1;
                throttle(destination * n + x / (CbcmRouterDetection.MAX_DEGREE + 1),
                    x % (CbcmRouterDetection.MAX_DEGREE + 1));
            } else if (payload > 0) {
                // throttle from hot spot `source` to sender `destination`
                throttle(destination * n + source, payload);
            } else {
                // unthrottle from sender `source` to hot spot `destination`
                int d = destination;
                if (isMember(d, source)) {
                    member[d * n + source] = -1;
                    listSize[d]--;
                    dirty[d] = true;
                    if (listSize[d] == 0) {
                        clearList(d);
                    }
                }
            }
        }

        /** A throttle packet with degree {@code dt} reached the source of flow {@code f} (Algorithm 1: tokens reset). */
        private void throttle(int f, int dt) {
            if (degree[f] == 0) {
                activeAt[f] = activeCount;
                active[activeCount++] = f;
                if (flowsOfSource[f / n]++ == 0) {
                    throttledSources++;
                }
                genFlits[f] = 0;
                flowEpoch[f] = now;
            }
            degree[f] = dt;
            tokens[f] = 0;
            tokensSince[f] = now;
        }

        // ---------------------------------------------------------------- sources

        @Override
        public void generated(int terminal, int destination, int size) {
            int f = terminal * n + destination;
            queuedTo[f]++;
            if (degree[f] > 0) {
                genFlits[f] += size;
            }
        }

        @Override
        public int sourceClass(int terminal, int destination, int size) {
            int f = terminal * n + destination;
            if (degree[f] == 0) {
                return 0;
            }
            return tokens[f] < size ? -1 : s.isolate ? THROTTLED : 0;
        }

        @Override
        public void left(int terminal, int destination, int size, int cls) {
            int q = terminal * n + destination;
            if (queuedTo[q] > 0) {
                // (a packet the scheme was not told of, an answer of a message class, was never counted)
                queuedTo[q]--;
            }
            // the throttled class spends tokens; without the dedicated VC a throttled flow's packets leave in class 0
            if (cls == THROTTLED || !s.isolate && cls == 0 && degree[terminal * n + destination] > 0) {
                tokens[terminal * n + destination] -= size;
            }
        }

        private void unthrottle(int f) {
            int i = activeAt[f];
            int last = active[--activeCount];
            active[i] = last;
            activeAt[last] = i;
            degree[f] = 0;
            tokens[f] = 0;
            int t = f / n;
            if (--flowsOfSource[t] == 0) {
                throttledSources--;
            }
            unthrottleSent++;
            port.send(t, f % n, 0);
        }

        // ---------------------------------------------------------------- the cycle

        @Override
        public void beginCycle(long cycle) {
            now = cycle;
            if (routers != null) {
                routers.cycle(now, port);
            }
            for (int d = 0; d < n; d++) {
                if (!hot[d] && epochStart[d] >= 0 && now - epochStart[d] >= s.epoch) {
                    if (listSize[d] >= s.minDegree) {
                        hot[d] = true;
                        dirty[d] = true;
                        hotFlits[d] = 0;
                        hotEpochStart[d] = now;
                    } else {
                        clearList(d);
                    }
                } else if (hot[d] && s.exitLoad > 0 && now - hotEpochStart[d] >= s.epoch) {
                    // flowproof's exit rule: an endpoint that received less than exit-load of
                    // its ejection bandwidth over a whole epoch is not a congested endpoint
                    if (hotFlits[d] < s.exitLoad * (now - hotEpochStart[d])) {
                        clearList(d);
                        hotExits++;
                        continue;
                    }
                    hotFlits[d] = 0;
                    hotEpochStart[d] = now;
                }
                if (hot[d] && dirty[d] && now >= quietUntil[d]) {
                    int dt = listSize[d];
                    int base = d * n;
                    for (int src = 0; src < n; src++) {
                        if (member[base + src] == listId[d]) {
                            port.send(d, src, dt);
                        }
                    }
                    throttleSent += dt;
                    sentDegree[d] = dt;
                    dirty[d] = false;
                    quietUntil[d] = now + (long) Math.ceil(dt / s.epsilon);
                }
            }
            for (int i = activeCount - 1; i >= 0; i--) {
                int f = active[i];
                tokens[f] += s.rate / degree[f];
                if (now - flowEpoch[f] >= s.sourceEpoch) {
                    boolean below = genFlits[f] * (double) degree[f] < s.unthrottleBelow * (now - flowEpoch[f]);
                    int queued = s.fullPerDestination ? queuedTo[f] : port.queued(f / n);
                    if (below && queued < s.sourceQueue) {
                        unthrottle(f);
                    } else {
                        genFlits[f] = 0;
                        flowEpoch[f] = now;
                    }
                }
            }
            cycles++;
            cyclesWindow++;
            flowCycles += activeCount;
            if (activeCount > 0) {
                anyCycles++;
                anyWindow++;
            }
        }

        // ---------------------------------------------------------------- records

        @Override
        public List<String> seriesNames() {
            return List.of("marked packets", "largest D_t", "hot spots", "throttled sources", "throttled flows",
                "any throttled (fraction of cycles)");
        }

        @Override
        public void sample(double[] out) {
            int largest = 0;
            int hotSpots = 0;
            for (int d = 0; d < n; d++) {
                if (hot[d]) {
                    hotSpots++;
                    largest = Math.max(largest, sentDegree[d]);
                }
            }
            out[0] = markedWindow;
            out[1] = largest;
            out[2] = hotSpots;
            out[3] = throttledSources;
            out[4] = activeCount;
            out[5] = cyclesWindow == 0 ? 0 : (double) anyWindow / cyclesWindow;
            markedWindow = 0;
            anyWindow = 0;
            cyclesWindow = 0;
        }

        /** Fraction of the cycles so far in which some flow was throttled. */
        public double anyThrottledFraction() {
            return cycles == 0 ? 0 : (double) anyCycles / cycles;
        }

        /**
         * Throttled flow-cycles per flow-cycle so far, over the flows with traffic:
         * {@code flows} source-destination pairs (the paper's false detection "for each flow").
         */
        public double perFlowThrottledFraction(long flows) {
            return cycles == 0 || flows == 0 ? 0 : (double) flowCycles / cycles / flows;
        }

        /** Throttle and unthrottle packets sent so far. */
        public long throttlePackets() {
            return throttleSent;
        }

        public long unthrottlePackets() {
            return unthrottleSent;
        }

        /** Hot spots that ended by the exit rule ({@code exit-load}) so far. */
        public long hotSpotExits() {
            return hotExits;
        }

        /** Throttle packets sent by routers ({@code detect-at-routers}) so far. */
        public long routerThrottlePackets() {
            return routers == null ? 0 : routers.sent();
        }

        /** Marked data packets delivered so far. */
        public long markedPackets() {
            return marked;
        }

        /** The throttling degree flow {@code terminal -> destination} is under (0: not throttled). */
        @Override
        public int degree(int terminal, int destination) {
            return degree[terminal * n + destination];
        }

        /** The tokens of flow {@code terminal -> destination} (flits it may still send while throttled). */
        @Override
        public double tokens(int terminal, int destination) {
            return tokens[terminal * n + destination];
        }

        /**
         * The cycle the flow's tokens were last reset by a throttle packet; they gain 1/D_t per
         * cycle from the next cycle on, so they never exceed {@code (now - since) / D_t}.
         */
        @Override
        public long tokensSince(int terminal, int destination) {
            return tokensSince[terminal * n + destination];
        }

        /** Sources and destinations (terminals). */
        @Override
        public int terminals() {
            return n;
        }

        /** Whether {@code terminal} is a hot spot now. */
        public boolean hotSpot(int terminal) {
            return hot[terminal];
        }
    }
}
