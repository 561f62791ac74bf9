package flowproof.sim.queues;

import flowproof.ConfigurationException;
import flowproof.routing.RoutingFunction;
import flowproof.sim.Engine;
import flowproof.sim.LatencyHistogram;
import flowproof.sim.SimConfig;
import flowproof.sim.RunProtocol;
import flowproof.sim.SeriesBuilder;
import flowproof.sim.SimResult;
import flowproof.sim.SimulationError;
import flowproof.sim.queues.InputQueueing.Organisation;
import flowproof.topology.Topology;
import flowproof.traffic.Workload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * A packet-level, cycle-accurate simulator of input-queued switches whose input-port RAM is
 * organised into several queues chosen by destination or congestion state: one FIFO
 * ({@code single-queue}), one queue per switch output (VOQsw), one per destination
 * (VOQnet), or FBICM's non-congested flow queue (NFQ) and congested flow queues (CFQs)
 * with CAM lines (Flow-Based Implicit Congestion Management, seed paper
 * 002_574a2d5f24acfa44.txt, section 3), or RECN-IQ's standard queue and set-aside queues
 * (SAQs). It runs the {@link SimConfig}'s topology, routing function and workload, the very
 * objects the VC router simulator runs, and returns the same {@link SimResult}.
 *
 * <h2>Model (section 4.1 of the paper)</h2>
 * Every channel that enters a switch ends in an input port with a RAM of
 * {@link InputQueueing#memoryFlits} flits; channels that enter a host are ejection links
 * (the host accepts at link rate). A host is an input adapter: it keeps one unbounded
 * admittance queue per destination and its injection link behaves as a switch output port
 * (FBICM: it holds CAM lines and does not inject packets for stopped destinations), so a
 * source never blocks on its own head. The routing function must be deterministic (one
 * candidate: table-based routing); its table is read once. Links and the crossbar carry
 * one flit per cycle (speedup 1) and packets move whole (virtual cut-through): the
 * simulator works at packet granularity, and a packet of S flits holds its input port's
 * crossbar path and its output link for S cycles. A packet sent in cycle t has its head at
 * the next input port in cycle {@code t+1+linkLatency}, may leave that port from cycle
 * {@code t+linkLatency+pipeline} (cut-through: before its tail has arrived; the tail
 * cannot be overtaken at equal rates), and its tail reaches a host in cycle
 * {@code t+linkLatency+S}. Zero-load latency over H switches is therefore
 * {@code H*(linkLatency+pipeline) + linkLatency + S} cycles.
 *
 * <h2>Flow control</h2>
 * Credit-based at packet level: an output port sends a packet only when it holds credits
 * for all of its flits. For {@code single-queue} and FBICM the credits count the whole
 * input-port RAM, shared by all its queues. For the VOQ baselines the RAM is split evenly
 * between the queues, each with its own credits (the paper does not say; per-queue credits
 * are what lets a VOQ escape head-of-line blocking on the link, without them one hot queue
 * fills the shared RAM and blocks every other queue behind the credits). A packet's flits
 * leave the RAM when its tail leaves ({@code S} cycles after it started), and the credits
 * are back upstream {@code creditLatency} cycles later. FBICM's Stop and Go notifications
 * take {@code creditLatency} cycles too.
 *
 * <h2>The cycle</h2>
 * Each cycle: (1) events due now: heads arriving (the packet enters the queue its
 * organisation selects), tails leaving a RAM, credits arriving, packets delivered, Stop and
 * Go notifications arriving at output ports; (2) sources create packets and every free
 * injection link sends the oldest admittance-queue head that has credits (and is not
 * stopped); (3) FBICM: post-processing and detection at every input port, then Stop/Go
 * propagation and freeing of CFQs; (4) switch allocation: every input port whose crossbar
 * path is free nominates one head, round robin over its queues (FBICM: the NFQ and the
 * active CFQs, as section 3.4 says), among heads that may leave (pipeline delay over,
 * output link free, credits for the packet, not stopped); every output grants the oldest
 * nominee (oldest-first arbiter, section 3.1); winners start their transfer.
 *
 * <h2>FBICM (sections 3.2 to 3.5)</h2>
 * Choices where the paper is silent, written here so that a reader can check them:
 * <ul>
 *   <li>The Congested-Port field holds the congested output's channel id, which is unique
 *       in the whole network, so an output port's CAM line matches a notification by that
 *       field alone; hops-to-reach is kept and reported, not needed for matching.</li>
 *   <li>Detection: when the NFQ holds more than {@code detection} packets and its head
 *       matches no CAM line, the output its head requests is congested: an input CAM line
 *       with that port and hops 1 gains the head's destination, or a free line is
 *       allocated (port, hops 1, the head's destination). The head moves to the CFQ at
 *       once. Later heads requesting that port join the list the same way
 *       ("destinations progressively added").</li>
 *   <li>Post-processing moves at most one packet per input port per cycle, the NFQ's head,
 *       into the CFQ whose list holds its destination. To keep per-flow order, a
 *       destination that already has packets in a CFQ of the port goes to that CFQ; else
 *       to the lowest-numbered active line whose list holds it. An arriving packet goes
 *       straight into the CFQ whose list holds its destination (section 3.3), unless older
 *       packets of its destination are still in the NFQ: then it queues behind them and is
 *       moved at the head (the paper's "in-order delivery" needs this: a packet entering
 *       the CFQ directly could otherwise overtake them).</li>
 *   <li>Internal Stop: an NFQ head requesting an output port with a stopped CAM line
 *       whose list holds its destination makes the input port allocate a CFQ (or update
 *       its line for the same congested port): a copy of the output line with hops+1. A
 *       CFQ head in the same situation just waits (flow control).</li>
 *   <li>A CFQ with more than {@code stop} packets sends Stop (with its line) upstream and
 *       sets Sent Stop; once it holds {@code go} packets or fewer it sends Go. If its list
 *       grows while Sent Stop is set, Stop is sent again so that the upstream copy stays
 *       exact. The output port receiving Stop updates or allocates its line and sets its
 *       Stop bit; a Stop that finds all c output lines busy is dropped, and counted
 *       ({@link #droppedStops()}, reported in the result). Go turns the output line's Stop
 *       bit off: the line enters the Go state and stays allocated (section 3.5: "an output
 *       port CAM line will turn off the Stop bit, entering the Go state"), so a later Stop
 *       for the same congestion finds it and is flow control only. An input line's Stop bit
 *       is the Stop bit of the output line it was copied from.</li>
 *   <li>A CFQ is freed when empty and not stopped. If it ever sent Stop, it then sends a
 *       release upstream (after Go, if Sent Stop is still set), which frees the output
 *       line copied from it: the paper does not say when an output CAM line in the Go state
 *       is freed, and without this every output line would stay allocated for good.</li>
 *   <li>{@code lists: destination} (flowproof's ablation, not the paper's): detection keys a
 *       line by its congested port and the head's destination, so every line lists one
 *       destination and flows that only share a congested port with a congested flow are not
 *       queued behind it; Stop, Go and release carry that key upstream as the Congested-Port
 *       field.</li>
 *   <li>Defaults: detection 5 packets (the paper's example, section 3.2); Stop 8 and Go 4
 *       packets, which the paper does not give (8 CFQs above Stop plus a round trip of
 *       packets in flight stay within a 128-packet RAM).</li>
 * </ul>
 *
 * <h2>RECN-IQ (FBICM's baseline, section 2 and 4.1 of the paper)</h2>
 * The same input ports, CAM lines, detection, post-processing, Stop/Go and freeing as FBICM,
 * the standard queue in the NFQ's place and set-aside queues (SAQs) in the CFQs'; only what a
 * CAM line holds differs. A RECN line names a congested point by the explicit route to it
 * (source routing); with deterministic routing that route is named by the congested
 * channel's id, which the line keeps ({@link RecnRoutes}). A packet belongs to a line when
 * its route crosses that channel, from the moment the line is allocated: no destination
 * list is built up, so no Stop is re-sent when one grows. Where the paper is silent: a
 * packet crossing several congested points goes to the SAQ its flow already uses, else to
 * the lowest-numbered matching line (as FBICM; RECN's rule for several matching lines is not
 * in the FBICM paper), and RECN-IQ's thresholds are FBICM's (the paper runs both with 8
 * queues per port and the same RAM and gives neither's Stop/Go values).
 *
 * <h2>Hot loops</h2>
 * Packets are ints indexing preallocated tables; queues are linked lists through a
 * next-packet table; events sit in a timing wheel of int arrays. The only allocations
 * during a run are amortised table growth.
 */
public class QueueEngine implements Engine {

    private static final int ARRIVE = 0;
    private static final int RELEASE = 1;
    private static final int CREDIT = 2;
    private static final int DELIVER = 3;

    private final SimConfig cfg;
    private final InputQueueing setup;
    private final Organisation org;
    /** FBICM or RECN-IQ: input ports with CAM lines and congested-flow (set-aside) queues. */
    private final boolean cam;
    /** RECN-IQ: a line holds the packets whose route crosses its congested point; null otherwise. */
    private final RecnRoutes recn;
    private final Topology topo;
    private final RoutingFunction routing;
    private final Workload workload;
    private final int terminals;
    private final int channels;
    private final int pipe;
    private final int linkLat;
    private final int creditLat;

    // structure
    private final int[] hostOf;
    private final int[] termOf;
    private final int[] injChannel;
    private final int[] route;
    private final boolean[] eject;
    private final boolean[] isPort;
    private final int[] outLocal;

    // queues: per input port (channel) Q queues, linked lists through pNext
    private final int queuesPerPort;
    private final int[] qHead;
    private final int[] qTail;
    private final int[] qCount;
    private final int[] rr;

    // credit accounting: per input port A units (1, or one per queue for the VOQs)
    private final int units;
    private final int unitCap;
    private final int[] credit;
    private final int[] onLink;
    private final int[] held;
    private final int[] returning;
    private final long[] outBusy;
    private final long[] inBusy;

    // FBICM CAM lines: input lines per input port, output lines per output channel
    private final int lines;
    private final int words;
    private final boolean[] inActive;
    private final int[] inRoot;
    private final int[] inHops;
    private final int[] inLink;
    private final boolean[] inSentStop;
    /** Whether input line l has sent Stop since it was allocated: an upstream output line may copy it. */
    private final boolean[] inCopied;
    private final long[] inDest;
    private final boolean[] outActive;
    private final boolean[] outStop;
    private final int[] outRoot;
    private final int[] outHops;
    private final long[] outDest;
    private final int[] cfqCnt;
    private final int[] cfqOf;
    private final int[] nfqCnt;
    private final int detection;
    private final int stopAt;
    private final int goAt;
    private long droppedStops;
    private static final int MSG_GO = 0;
    private static final int MSG_STOP = 1;
    private static final int MSG_RELEASE = 2;

    // Stop/Go notifications in flight: a FIFO (all take creditLatency cycles)
    private long[] msgTime = new long[64];
    private int[] msgChannel = new int[64];
    private int[] msgRoot = new int[64];
    private int[] msgHops = new int[64];
    /** MSG_GO, MSG_STOP or MSG_RELEASE. */
    private int[] msgKind = new int[64];
    private long[] msgDest;
    private int msgHead;
    private int msgCount;

    // events: timing wheel, 4 ints per event
    private final int wheel;
    private final int[][] ev;
    private final int[] evN;

    // packets
    private int[] pSrc = new int[1 << 12];
    private int[] pDst = new int[1 << 12];
    private int[] pSize = new int[1 << 12];
    private long[] pGen = new long[1 << 12];
    private long[] pInj = new long[1 << 12];
    private long[] pReady = new long[1 << 12];
    private int[] pSeq = new int[1 << 12];
    private int[] pHops = new int[1 << 12];
    private int[] pNext = new int[1 << 12];
    private boolean[] pMeasured = new boolean[1 << 12];
    private int[] freePkts = new int[1 << 12];
    private int freeCount;
    private int nextPkt;

    // hosts: one admittance queue per (source, destination)
    private final int[] sHead;
    private final int[] sTail;
    private final int[] sCount;
    /** Per terminal: flits in its admittance queues, and flits it created so far (the per-source unstable rule). */
    private final long[] sFlits;
    private final long[] createdFlits;
    private final int[] seqOut;
    private final int[] seqIn;

    // allocation scratch
    private final int[] nomQueue;
    private final int[] nomOut;
    private final int[] grant;
    private final long[] grantStamp;
    private final int[] portList;

    // counters
    private long now;
    private boolean generating;
    private boolean injecting;
    private long created;
    private long delivered;
    private long inNetwork;
    private long measuredOutstanding;
    private long lastMove;
    private long lastDelivery;
    private long genWindow;
    private long accWindow;
    private long sumHops;
    private final long[] chanFlits;
    private final LatencyHistogram latencies = new LatencyHistogram();
    private double sumLatency;
    private double sumQueueing;
    private final SeriesBuilder series;

    /** Null unless a test or {@code fuzz} watches deliveries. */
    private flowproof.sim.Simulator.DeliveryListener listener;

    /** Sets the listener told about every delivered packet (tests, fuzz); null for none. */
    public QueueEngine onDelivery(flowproof.sim.Simulator.DeliveryListener l) {
        this.listener = l;
        return this;
    }

    /** Null unless a test or {@code fuzz} watches the CFQs and CAM lines (FBICM, RECN-IQ). */
    private java.util.function.Consumer<FbicmView> fbicmObserver;

    /**
     * Sets an observer shown the CFQs and CAM lines of every input port at the end of every
     * cycle, after allocation and before the check mode's own checks (FBICM and RECN-IQ; ignored
     * by the other organisations); null for none. The view is read-only.
     */
    public QueueEngine observe(java.util.function.Consumer<FbicmView> o) {
        this.fbicmObserver = o;
        return this;
    }

    public QueueEngine(SimConfig cfg, InputQueueing setup) {
        this.cfg = cfg;
        this.setup = setup;
        this.org = setup.organisation();
        this.cam = org == Organisation.FBICM || org == Organisation.RECN_IQ;
        this.topo = cfg.network().topology();
        this.routing = cfg.routing();
        this.workload = cfg.workload();
        this.pipe = cfg.pipeline();
        this.linkLat = cfg.linkLatency();
        this.creditLat = cfg.creditLatency();
        this.channels = topo.channels();
        for (int c = 0; c < channels; c++) {
            if (flowproof.sim.Simulator.channelLatency(topo, c) != 1) {
                throw new ConfigurationException("topology", "channels without a latency of their own for " + org.key()
                    + " (this engine has one link latency, simulation.link-latency; the VC router simulator models"
                    + " per-channel latency)", "channel " + topo.channelName(c) + " of latency "
                    + flowproof.sim.Simulator.channelLatency(topo, c));
            }
        }
        String option = cfg.routerOption();
        if (option != null) {
            throw new ConfigurationException("simulation." + option, "no " + option + " for " + org.key() + " (an option"
                + " of the VC router simulator; this engine has input-port queues, not VCs)", switch (option) {
                    case "vc-release" -> cfg.router().vcRelease().key();
                    case "route-timing" -> cfg.router().routeTiming().key();
                    case "injection-latency" -> Integer.toString(cfg.router().injectionLatency());
                    case "ejection-latency" -> Integer.toString(cfg.router().ejectionLatency());
                    case "stages" -> cfg.router().stages().key();
                    case "ejection-vcs" -> Integer.toString(cfg.router().ejectionVcs());
                    case "vc-allocator" -> cfg.router().allocators().vc().key();
                    case "switch-allocator" -> cfg.router().allocators().sw().key();
                    case "allocator-iterations" -> Integer.toString(cfg.router().allocators().iterations());
                    case "input-speedup" -> Integer.toString(cfg.router().allocators().inputSpeedup());
                    case "ejection-release" -> "credit";
                    case "switch-hold" -> "packet";
                    case "ejection-vc" -> "class";
                    case "adaptive-selection" -> "two-random-ports";
                    default -> cfg.router().allocation().key();
                });
        }
        if (routing.maxInjectHeaders() > 1) {
            throw new ConfigurationException("routing", "one route per destination for " + org.key() + " (this engine"
                + " routes by destination; a choice at the source, e.g. DOR's random tie, needs the VC router simulator)",
                routing.name());
        }
        int nodes = topo.nodes();
        int[] endpoints = topo.endpoints();
        if (topo.concentration() != 1) {
            throw new ConfigurationException("topology", "hosts as nodes (concentration 1) for " + org.key(),
                "concentration " + topo.concentration());
        }
        this.terminals = endpoints.length;
        int maxSize = workload.maxPacketSize();

        hostOf = endpoints.clone();
        termOf = new int[nodes];
        Arrays.fill(termOf, -1);
        for (int t = 0; t < terminals; t++) {
            termOf[hostOf[t]] = t;
        }
        int[] degree = new int[nodes];
        outLocal = new int[channels];
        eject = new boolean[channels];
        isPort = new boolean[channels];
        int ports = 0;
        for (int c = 0; c < channels; c++) {
            outLocal[c] = degree[topo.source(c)]++;
            eject[c] = termOf[topo.target(c)] >= 0;
            isPort[c] = !eject[c];
            if (isPort[c]) {
                ports++;
            }
        }
        portList = new int[ports];
        for (int c = 0, i = 0; c < channels; c++) {
            if (isPort[c]) {
                portList[i++] = c;
            }
        }
        injChannel = new int[terminals];
        for (int t = 0; t < terminals; t++) {
            if (degree[hostOf[t]] != 1) {
                throw new ConfigurationException("topology", "hosts with one injection link (bmin) for " + org.key(),
                    topo.describe() + ": endpoint " + topo.nodeName(hostOf[t]) + " has " + degree[hostOf[t]]);
            }
        }
        for (int c = 0; c < channels; c++) {
            int t = termOf[topo.source(c)];
            if (t >= 0) {
                injChannel[t] = c;
            }
        }
        int maxDegree = 0;
        for (int v = 0; v < nodes; v++) {
            if (termOf[v] < 0) {
                maxDegree = Math.max(maxDegree, degree[v]);
            }
        }
        // the routing table, read once: deterministic, table-based
        route = new int[nodes * terminals];
        int[] out = new int[Math.max(1, routing.maxCandidates())];
        for (int v = 0; v < nodes; v++) {
            for (int d = 0; d < terminals; d++) {
                if (hostOf[d] == v) {
                    route[v * terminals + d] = -1;
                    continue;
                }
                int n = routing.candidates(v, -1, hostOf[d], out);
                if (n != 1) {
                    throw new ConfigurationException("routing", "a deterministic routing function (one channel per"
                        + " node and destination: table-based routing) for " + org.key(),
                        routing.name() + " with " + n + " candidates at " + topo.nodeName(v));
                }
                route[v * terminals + d] = out[0];
            }
        }
        if (org == Organisation.RECN_IQ) {
            int[] target = new int[channels];
            for (int c = 0; c < channels; c++) {
                target[c] = topo.target(c);
            }
            recn = new RecnRoutes(route, target, hostOf, terminals);
        } else {
            recn = null;
        }

        queuesPerPort = switch (org) {
            case SINGLE -> 1;
            case VOQ_SWITCH -> maxDegree;
            case VOQ_NET -> terminals;
            case FBICM, RECN_IQ -> 1 + setup.cfqs();
        };
        units = org == Organisation.VOQ_SWITCH || org == Organisation.VOQ_NET ? queuesPerPort : 1;
        unitCap = setup.memoryFlits() / units;
        if (unitCap < maxSize) {
            throw new ConfigurationException("simulation.control.memory", "at least " + units + " x " + maxSize
                + " flits (one packet per " + (units == 1 ? "port" : "queue") + ")", setup.memoryFlits() + " flits");
        }
        qHead = new int[channels * queuesPerPort];
        qTail = new int[channels * queuesPerPort];
        Arrays.fill(qHead, -1);
        Arrays.fill(qTail, -1);
        qCount = new int[channels * queuesPerPort];
        rr = new int[channels];
        credit = new int[channels * units];
        for (int c = 0; c < channels; c++) {
            if (isPort[c]) {
                Arrays.fill(credit, c * units, (c + 1) * units, unitCap);
            }
        }
        onLink = new int[channels * units];
        held = new int[channels * units];
        returning = new int[channels * units];
        outBusy = new long[channels];
        inBusy = new long[channels];

        lines = cam ? setup.cfqs() : 0;
        words = (terminals + 63) >>> 6;
        inActive = new boolean[channels * lines];
        inRoot = new int[channels * lines];
        inHops = new int[channels * lines];
        inLink = new int[channels * lines];
        inSentStop = new boolean[channels * lines];
        inCopied = new boolean[channels * lines];
        inDest = new long[channels * lines * words];
        outActive = new boolean[channels * lines];
        outStop = new boolean[channels * lines];
        outRoot = new int[channels * lines];
        outHops = new int[channels * lines];
        outDest = new long[channels * lines * words];
        cfqCnt = new int[cam ? channels * terminals : 0];
        cfqOf = new int[cam ? channels * terminals : 0];
        nfqCnt = new int[cam ? channels * terminals : 0];
        detection = setup.detection();
        stopAt = setup.stop();
        goAt = setup.go();
        msgDest = new long[64 * words];

        int span = maxSize + linkLat + creditLat + pipe + 4;
        wheel = Integer.highestOneBit(span) << 1;
        ev = new int[wheel][64];
        evN = new int[wheel];

        sHead = new int[terminals * terminals];
        sTail = new int[terminals * terminals];
        Arrays.fill(sHead, -1);
        Arrays.fill(sTail, -1);
        sCount = new int[terminals];
        sFlits = new long[terminals];
        createdFlits = new long[terminals];
        seqOut = new int[terminals * terminals];
        seqIn = new int[terminals * terminals];
        nomQueue = new int[channels];
        nomOut = new int[channels];
        grant = new int[channels];
        grantStamp = new long[channels];
        Arrays.fill(grantStamp, -1);
        chanFlits = new long[channels];
        series = new SeriesBuilder(cfg.window(), terminals,
            org == Organisation.RECN_IQ ? List.of("active SAQs", "stopped CAM lines")
                : cam ? List.of("active CFQs", "stopped CAM lines") : List.of(), this::sampleFbicm);
    }

    // ------------------------------------------------------------------ run

    @Override
    public SimResult run(LongConsumer progress) {
        Workload.Generator gen = workload.start(cfg.seed());
        RunProtocol.Outcome o = RunProtocol.run(new Machine(), cfg, gen, terminals, progress);
        long warmup = cfg.warmup();
        double[] util = new double[channels];
        String[] names = new String[channels];
        for (int c = 0; c < channels; c++) {
            util[c] = (double) chanFlits[c] / o.window();
            names[c] = topo.channelName(c);
        }
        boolean finite = gen.lastGeneration() < Long.MAX_VALUE;
        return new SimResult(describeNetwork(), workload.describe(), gen.offered(Math.max(warmup, 0)), o.cycles(),
            o.generationCycles(), warmup, terminals, created, delivered, o.offered(), o.accepted(), latencyStats(),
            o.unstable(), o.reason(), o.deadlock(), o.drained(), o.drainCycles(),
            finite && created == delivered ? lastDelivery : -1,
            delivered == 0 ? 0 : (double) sumHops / delivered, util, names, series.build(), null, cfg.check(),
            o.seconds(), cfg.control().describe(), series.buildControl(), 0, 0, cam ? droppedStops : -1);
    }

    /** This engine as the run protocol sees it. */
    private final class Machine implements RunProtocol.Machine {
        @Override
        public void step(Workload.Generator gen, long cycle, boolean measuring) {
            now = cycle;
            QueueEngine.this.step(gen, measuring);
        }

        @Override
        public long takeGenerated() {
            long g = genWindow;
            genWindow = 0;
            return g;
        }

        @Override
        public long takeAccepted() {
            long a = accWindow;
            accWindow = 0;
            return a;
        }

        @Override
        public boolean deadlocked() {
            return QueueEngine.this.deadlocked();
        }

        @Override
        public SimResult.Deadlock deadlockReport() {
            return QueueEngine.this.deadlockReport();
        }

        @Override
        public long created() {
            return created;
        }

        @Override
        public long delivered() {
            return delivered;
        }

        @Override
        public boolean drained(boolean inject) {
            return inNetwork == 0 && (!inject || created == delivered);
        }

        @Override
        public void phase(boolean gen, boolean inject) {
            generating = gen;
            injecting = inject;
        }

        @Override
        public long measuredOutstanding() {
            return measuredOutstanding;
        }

        @Override
        public long queuedFlits(int source) {
            return sFlits[source];
        }

        @Override
        public long createdFlits(int source) {
            return createdFlits[source];
        }

        @Override
        public void checkConservation() {
            QueueEngine.this.checkConservation();
        }
    }

    /** Stop notifications dropped because the upstream output port had no free CAM line (FBICM). */
    public long droppedStops() {
        return droppedStops;
    }

    private String describeNetwork() {
        String q = switch (org) {
            case SINGLE -> "one queue";
            case VOQ_SWITCH -> queuesPerPort + " queues (one per switch port)";
            case VOQ_NET -> queuesPerPort + " queues (one per destination)";
            case FBICM -> "NFQ + " + lines + " CFQs";
            case RECN_IQ -> "standard queue + " + lines + " SAQs";
        };
        return topo.describe() + ", input ports of " + setup.memoryFlits() + " flits, " + q
            + ", packet-level credits, vct, " + routing.name();
    }

    private void step(Workload.Generator gen, boolean measuring) {
        events();
        if (cam) {
            notifications();
        }
        sources(gen, measuring);
        if (cam) {
            for (int p : portList) {
                postProcess(p);
                propagate(p);
            }
        }
        allocate(measuring);
        if (cam && fbicmObserver != null) {
            fbicmObserver.accept(view);
        }
        if (cfg.check()) {
            checkPorts();
        }
        series.sample(now, genWindow, accWindow, inNetwork, gen.offered(now));
    }

    // ------------------------------------------------------------------ events

    private void schedule(long at, int type, int a, int b, int c) {
        int s = (int) (at & (wheel - 1));
        int n = evN[s];
        if (4 * n + 4 > ev[s].length) {
            ev[s] = Arrays.copyOf(ev[s], ev[s].length * 2);
        }
        int[] e = ev[s];
        e[4 * n] = type;
        e[4 * n + 1] = a;
        e[4 * n + 2] = b;
        e[4 * n + 3] = c;
        evN[s] = n + 1;
    }

    private void events() {
        int s = (int) (now & (wheel - 1));
        int[] e = ev[s];
        int n = evN[s];
        for (int i = 0; i < n; i++) {
            int a = e[4 * i + 1];
            int b = e[4 * i + 2];
            int c = e[4 * i + 3];
            switch (e[4 * i]) {
                case ARRIVE -> arrive(a, b);
                case RELEASE -> {
                    held[a * units + b] -= c;
                    returning[a * units + b] += c;
                    schedule(now + creditLat, CREDIT, a, b, c);
                }
                case CREDIT -> {
                    returning[a * units + b] -= c;
                    credit[a * units + b] += c;
                }
                default -> deliver(a, b);
            }
        }
        evN[s] = 0;
    }

    private void arrive(int k, int p) {
        int d = pDst[k];
        int q;
        int u;
        switch (org) {
            case SINGLE -> {
                q = 0;
                u = 0;
            }
            case VOQ_SWITCH, VOQ_NET -> {
                q = unitOf(p, d);
                u = q;
            }
            default -> {
                u = 0;
                // behind older packets of its flow still in the NFQ, it waits there too
                int i = nfqCnt[p * terminals + d] > 0 ? -1 : matchLine(p, d);
                q = i < 0 ? 0 : 1 + i;
                if (i >= 0) {
                    cfqCnt[p * terminals + d]++;
                    cfqOf[p * terminals + d] = i;
                } else {
                    nfqCnt[p * terminals + d]++;
                }
            }
        }
        onLink[p * units + u] -= pSize[k];
        held[p * units + u] += pSize[k];
        enqueue(p * queuesPerPort + q, k);
    }

    /** The credit unit (and VOQ) at input port {@code p} of a packet for {@code d}. */
    private int unitOf(int p, int d) {
        return switch (org) {
            case VOQ_SWITCH -> outLocal[route[topo.target(p) * terminals + d]];
            case VOQ_NET -> d;
            default -> 0;
        };
    }

    private void deliver(int k, int c) {
        if (pSize[k] <= 0) {
            throw new SimulationError("cycle " + now + ": packet " + k + " delivered twice");
        }
        int t = termOf[topo.target(c)];
        int src = pSrc[k];
        int dst = pDst[k];
        if (t != dst) {
            throw new SimulationError("cycle " + now + ": packet " + k + " for terminal " + dst
                + " delivered to terminal " + t);
        }
        if (pSeq[k] != seqIn[src * terminals + dst]) {
            throw new SimulationError("cycle " + now + ": packet " + pSeq[k] + " of flow " + src + "->" + dst
                + " delivered when packet " + seqIn[src * terminals + dst] + " was due (out of order)");
        }
        seqIn[src * terminals + dst]++;
        delivered++;
        inNetwork--;
        lastMove = now;
        lastDelivery = now;
        sumHops += pHops[k];
        accWindow += pSize[k];
        if (listener != null) {
            listener.delivered(src, dst, pSize[k], pGen[k], pInj[k], now, pHops[k]);
        }
        if (pMeasured[k]) {
            int lat = (int) (now - pGen[k]);
            latencies.record(lat);
            sumLatency += lat;
            sumQueueing += pInj[k] - pGen[k];
            measuredOutstanding--;
        }
        pSize[k] = -pSize[k];
        freePkts[freeCount++] = k;
    }

    // ------------------------------------------------------------------ hosts

    private void sources(Workload.Generator gen, boolean measuring) {
        if (generating) {
            for (int t = 0; t < terminals; t++) {
                int n = gen.packets(t, now);
                for (int i = 0; i < n; i++) {
                    int d = gen.destination(t, now);
                    if (d < 0) {
                        continue;
                    }
                    int size = gen.size(t);
                    int k = newPacket(t, d, size, measuring);
                    genWindow += size;
                    int f = t * terminals + d;
                    pNext[k] = -1;
                    if (sTail[f] < 0) {
                        sHead[f] = k;
                    } else {
                        pNext[sTail[f]] = k;
                    }
                    sTail[f] = k;
                    sCount[t]++;
                    sFlits[t] += size;
                    createdFlits[t] += size;
                }
            }
        }
        if (!injecting) {
            return;
        }
        for (int t = 0; t < terminals; t++) {
            int o = injChannel[t];
            if (sCount[t] == 0 || outBusy[o] > now) {
                continue;
            }
            // the oldest admittance-queue head that may go
            int best = -1;
            for (int d = 0; d < terminals; d++) {
                int k = sHead[t * terminals + d];
                if (k < 0 || (best >= 0 && pGen[k] >= pGen[best])) {
                    continue;
                }
                if (credit[o * units + unitOf(o, d)] < pSize[k] || (cam && stoppedLine(o, d) >= 0)) {
                    continue;
                }
                best = k;
            }
            if (best < 0) {
                continue;
            }
            int f = t * terminals + pDst[best];
            sHead[f] = pNext[best];
            if (sHead[f] < 0) {
                sTail[f] = -1;
            }
            sCount[t]--;
            sFlits[t] -= pSize[best];
            pInj[best] = now;
            inNetwork++;
            send(best, o, measuring);
        }
    }

    /** Starts packet k on output link o (credits already checked). */
    private void send(int k, int o, boolean measuring) {
        int size = pSize[k];
        outBusy[o] = now + size;
        lastMove = now;
        if (measuring) {
            chanFlits[o] += size;
        }
        if (eject[o]) {
            schedule(now + linkLat + size, DELIVER, k, o, 0);
            return;
        }
        int u = o * units + unitOf(o, pDst[k]);
        credit[u] -= size;
        onLink[u] += size;
        pReady[k] = now + linkLat + pipe;
        pHops[k]++;
        schedule(now + 1 + linkLat, ARRIVE, k, o, 0);
    }

    // ------------------------------------------------------------------ switch allocation

    private void allocate(boolean measuring) {
        for (int p : portList) {
            nomQueue[p] = -1;
            if (inBusy[p] > now) {
                continue;
            }
            int base = p * queuesPerPort;
            for (int j = 1; j <= queuesPerPort; j++) {
                int q = (rr[p] + j) % queuesPerPort;
                if (qCount[base + q] == 0 || (cam && q > 0 && !inActive[p * lines + q - 1])) {
                    continue;
                }
                int o = eligible(p, q);
                if (o < 0) {
                    continue;
                }
                nomQueue[p] = q;
                nomOut[p] = o;
                int k = qHead[base + q];
                if (grantStamp[o] != now || older(k, qHead[grant[o] * queuesPerPort + nomQueue[grant[o]]])) {
                    grant[o] = p;
                    grantStamp[o] = now;
                }
                break;
            }
        }
        for (int p : portList) {
            int q = nomQueue[p];
            if (q < 0 || grant[nomOut[p]] != p || grantStamp[nomOut[p]] != now) {
                continue;
            }
            int o = nomOut[p];
            int k = dequeue(p * queuesPerPort + q);
            int d = pDst[k];
            if (cam) {
                (q > 0 ? cfqCnt : nfqCnt)[p * terminals + d]--;
            }
            rr[p] = q;
            inBusy[p] = now + pSize[k];
            schedule(now + pSize[k], RELEASE, p, org == Organisation.VOQ_SWITCH || org == Organisation.VOQ_NET ? q : 0,
                pSize[k]);
            send(k, o, measuring);
        }
    }

    private static boolean olderThan(long genA, int a, long genB, int b) {
        return genA < genB || (genA == genB && a < b);
    }

    private boolean older(int a, int b) {
        return olderThan(pGen[a], a, pGen[b], b);
    }

    /** The output the head of queue q of port p may take this cycle, or -1. */
    private int eligible(int p, int q) {
        int k = qHead[p * queuesPerPort + q];
        if (pReady[k] > now) {
            return -1;
        }
        int d = pDst[k];
        int o = route[topo.target(p) * terminals + d];
        if (outBusy[o] > now) {
            return -1;
        }
        if (cam) {
            if (q == 0 && matchLine(p, d) >= 0) {
                return -1;
            }
            int j = stoppedLine(o, d);
            if (j >= 0) {
                if (q == 0) {
                    internalStop(p, o * lines + j);
                }
                return -1;
            }
        }
        if (!eject[o] && credit[o * units + unitOf(o, d)] < pSize[k]) {
            return -1;
        }
        return o;
    }

    // ------------------------------------------------------------------ FBICM

    private boolean bit(long[] set, int line, int d) {
        return (set[line * words + (d >>> 6)] & (1L << d)) != 0;
    }

    /** Whether input CAM line l lists d: FBICM its destination list, RECN-IQ the route to its congested point. */
    private boolean inHolds(int l, int d) {
        return recn == null ? bit(inDest, l, d) : recn.crosses(l / lines, d, inRoot[l]);
    }

    /** Whether output CAM line l (of the channel it notifies) lists d, as {@link #inHolds}. */
    private boolean outHolds(int l, int d) {
        return recn == null ? bit(outDest, l, d) : recn.crosses(l / lines, d, outRoot[l]);
    }

    /** The CFQ (line index) a packet for d at port p belongs to, or -1 for the NFQ. */
    private int matchLine(int p, int d) {
        if (cfqCnt[p * terminals + d] > 0) {
            return cfqOf[p * terminals + d];
        }
        for (int i = 0; i < lines; i++) {
            int l = p * lines + i;
            if (inActive[l] && inHolds(l, d)) {
                return i;
            }
        }
        return -1;
    }

    /** A stopped CAM line of output o whose list holds d, or -1. */
    private int stoppedLine(int o, int d) {
        for (int j = 0; j < lines; j++) {
            int l = o * lines + j;
            if (outActive[l] && outStop[l] && outHolds(l, d)) {
                return j;
            }
        }
        return -1;
    }

    private int freeInLine(int p) {
        for (int i = 0; i < lines; i++) {
            if (!inActive[p * lines + i]) {
                return i;
            }
        }
        return -1;
    }

    /** Post-processing and detection at the NFQ of port p (sections 3.2 to 3.4). */
    private void postProcess(int p) {
        int nfq = p * queuesPerPort;
        int k = qHead[nfq];
        if (k < 0) {
            return;
        }
        int d = pDst[k];
        int i = matchLine(p, d);
        if (i < 0 && qCount[nfq] > detection) {
            int o = route[topo.target(p) * terminals + d];
            // the line's congested point: the output port, or (lists: destination) the port and d
            int root = setup.linePerDestination() ? o * terminals + d : o;
            for (int j = 0; j < lines; j++) {
                int l = p * lines + j;
                if (inActive[l] && inRoot[l] == root) {
                    i = j;
                    break;
                }
            }
            if (i < 0) {
                i = freeInLine(p);
                if (i < 0) {
                    return;
                }
                int l = p * lines + i;
                inActive[l] = true;
                inRoot[l] = root;
                inHops[l] = 1;
                inLink[l] = -1;
                inSentStop[l] = false;
                inCopied[l] = false;
                Arrays.fill(inDest, l * words, (l + 1) * words, 0L);
            }
            if (recn == null) {
                addDest(p, i, d);
            }
        }
        i = headLine(p, d, i);
        if (i < 0) {
            return;
        }
        dequeue(nfq);
        enqueue(nfq + 1 + i, k);
        nfqCnt[p * terminals + d]--;
        cfqCnt[p * terminals + d]++;
        cfqOf[p * terminals + d] = i;
    }

    /**
     * The CFQ (CAM line index) the NFQ head of port p, for d, moves to in post-processing,
     * given the line {@code matched} the real engine chose (-1: it stays in the NFQ). The
     * real engine keeps it; package-private only so that a deliberately broken test variant
     * can misfile packets and show that the property suite's {@code fbicm} invariant fails.
     */
    int headLine(int p, int d, int matched) {
        return matched;
    }

    private void addDest(int p, int i, int d) {
        int l = p * lines + i;
        if (!bit(inDest, l, d)) {
            inDest[l * words + (d >>> 6)] |= 1L << d;
            if (inSentStop[l]) {
                notify(p, l, MSG_STOP);
            }
        }
    }

    /** An internal Stop from output line {@code ol} reaches input port p (section 3.5). */
    private void internalStop(int p, int ol) {
        int i = -1;
        for (int j = 0; j < lines; j++) {
            int l = p * lines + j;
            if (inActive[l] && inRoot[l] == outRoot[ol]) {
                i = j;
                break;
            }
        }
        if (i < 0) {
            i = freeInLine(p);
            if (i < 0) {
                return;
            }
            int l = p * lines + i;
            inActive[l] = true;
            inRoot[l] = outRoot[ol];
            inHops[l] = outHops[ol] + 1;
            inSentStop[l] = false;
            inCopied[l] = false;
            Arrays.fill(inDest, l * words, (l + 1) * words, 0L);
        }
        int l = p * lines + i;
        inLink[l] = ol;
        boolean grew = false;
        for (int w = 0; w < words; w++) {
            long before = inDest[l * words + w];
            long after = before | outDest[ol * words + w];
            if (after != before) {
                inDest[l * words + w] = after;
                grew = true;
            }
        }
        if (grew && inSentStop[l]) {
            notify(p, l, MSG_STOP);
        }
    }

    private boolean inStopped(int l) {
        int ol = inLink[l];
        return ol >= 0 && outActive[ol] && outStop[ol] && outRoot[ol] == inRoot[l];
    }

    /** Stop/Go propagation and freeing of the CFQs of port p. */
    private void propagate(int p) {
        for (int i = 0; i < lines; i++) {
            int l = p * lines + i;
            if (!inActive[l]) {
                continue;
            }
            int n = qCount[p * queuesPerPort + 1 + i];
            if (n == 0 && !inStopped(l)) {
                if (inSentStop[l]) {
                    notify(p, l, MSG_GO);
                }
                if (inCopied[l]) {
                    notify(p, l, MSG_RELEASE);
                }
                inActive[l] = false;
                inSentStop[l] = false;
                inCopied[l] = false;
                inLink[l] = -1;
                Arrays.fill(inDest, l * words, (l + 1) * words, 0L);
            } else if (!inSentStop[l] && n > stopAt) {
                inSentStop[l] = true;
                inCopied[l] = true;
                notify(p, l, MSG_STOP);
            } else if (inSentStop[l] && n <= goAt) {
                inSentStop[l] = false;
                notify(p, l, MSG_GO);
            }
        }
    }

    /** Sends Stop (with the line), Go or a release from input line l of port p to the output port feeding it. */
    private void notify(int p, int l, int kind) {
        if (msgCount == msgTime.length) {
            int n = msgTime.length * 2;
            long[] t = new long[n];
            int[] ch = new int[n];
            int[] ro = new int[n];
            int[] ho = new int[n];
            int[] st = new int[n];
            long[] de = new long[n * words];
            for (int j = 0; j < msgCount; j++) {
                int from = (msgHead + j) % msgTime.length;
                t[j] = msgTime[from];
                ch[j] = msgChannel[from];
                ro[j] = msgRoot[from];
                ho[j] = msgHops[from];
                st[j] = msgKind[from];
                System.arraycopy(msgDest, from * words, de, j * words, words);
            }
            msgTime = t;
            msgChannel = ch;
            msgRoot = ro;
            msgHops = ho;
            msgKind = st;
            msgDest = de;
            msgHead = 0;
        }
        int m = (msgHead + msgCount) % msgTime.length;
        msgTime[m] = now + creditLat;
        msgChannel[m] = p;
        msgRoot[m] = inRoot[l];
        msgHops[m] = inHops[l];
        msgKind[m] = kind;
        System.arraycopy(inDest, l * words, msgDest, m * words, words);
        msgCount++;
    }

    /** Stop, Go and release notifications arriving at output ports. */
    private void notifications() {
        while (msgCount > 0 && msgTime[msgHead] <= now) {
            int m = msgHead;
            msgHead = (msgHead + 1) % msgTime.length;
            msgCount--;
            int o = msgChannel[m];
            int found = -1;
            for (int j = 0; j < lines; j++) {
                int l = o * lines + j;
                if (outActive[l] && outRoot[l] == msgRoot[m]) {
                    found = l;
                    break;
                }
            }
            if (msgKind[m] == MSG_GO) {
                if (found >= 0) {
                    outStop[found] = false;
                }
                continue;
            }
            if (msgKind[m] == MSG_RELEASE) {
                if (found >= 0) {
                    outActive[found] = false;
                    outStop[found] = false;
                }
                continue;
            }
            if (found < 0) {
                for (int j = 0; j < Math.min(lines, outputCamLines()) && found < 0; j++) {
                    if (!outActive[o * lines + j]) {
                        found = o * lines + j;
                    }
                }
                if (found < 0) {
                    droppedStops++;
                    continue;
                }
                outActive[found] = true;
                outRoot[found] = msgRoot[m];
                Arrays.fill(outDest, found * words, (found + 1) * words, 0L);
            }
            outHops[found] = msgHops[m];
            outStop[found] = true;
            for (int w = 0; w < words; w++) {
                outDest[found * words + w] |= msgDest[m * words + w];
            }
        }
    }

    // ------------------------------------------------------------------ queues and packets

    private void enqueue(int q, int k) {
        pNext[k] = -1;
        if (qTail[q] < 0) {
            qHead[q] = k;
        } else {
            pNext[qTail[q]] = k;
        }
        qTail[q] = k;
        qCount[q]++;
    }

    private int dequeue(int q) {
        int k = qHead[q];
        qHead[q] = pNext[k];
        if (qHead[q] < 0) {
            qTail[q] = -1;
        }
        qCount[q]--;
        return k;
    }

    private int newPacket(int src, int dst, int size, boolean measured) {
        int k;
        if (freeCount > 0) {
            k = freePkts[--freeCount];
        } else {
            if (nextPkt == pSrc.length) {
                growPackets();
            }
            k = nextPkt++;
        }
        pSrc[k] = src;
        pDst[k] = dst;
        pSize[k] = size;
        pGen[k] = now;
        pInj[k] = -1;
        pReady[k] = 0;
        pHops[k] = 0;
        pSeq[k] = seqOut[src * terminals + dst]++;
        pMeasured[k] = measured;
        created++;
        if (measured) {
            measuredOutstanding++;
        }
        return k;
    }

    private void growPackets() {
        int n = pSrc.length * 2;
        pSrc = Arrays.copyOf(pSrc, n);
        pDst = Arrays.copyOf(pDst, n);
        pSize = Arrays.copyOf(pSize, n);
        pGen = Arrays.copyOf(pGen, n);
        pInj = Arrays.copyOf(pInj, n);
        pReady = Arrays.copyOf(pReady, n);
        pSeq = Arrays.copyOf(pSeq, n);
        pHops = Arrays.copyOf(pHops, n);
        pNext = Arrays.copyOf(pNext, n);
        pMeasured = Arrays.copyOf(pMeasured, n);
        freePkts = Arrays.copyOf(freePkts, n);
    }

    // ------------------------------------------------------------------ checks and results

    /** The read-only view {@link #observe} shows (FBICM). */
    private final FbicmView view = new FbicmView() {
        @Override
        public long now() {
            return now;
        }

        @Override
        public int cfqLimit() {
            return setup.cfqs();
        }

        @Override
        public int lines() {
            return lines;
        }

        @Override
        public int[] ports() {
            return portList.clone();
        }

        @Override
        public String portName(int port) {
            return topo.channelName(port);
        }

        @Override
        public boolean lineActive(int port, int line) {
            return inActive[port * lines + line];
        }

        @Override
        public int lineRoot(int port, int line) {
            return inRoot[port * lines + line];
        }

        @Override
        public boolean lineHolds(int port, int line, int d) {
            return inHolds(port * lines + line, d);
        }

        @Override
        public int queueLength(int port, int queue) {
            return qCount[port * queuesPerPort + queue];
        }

        @Override
        public int[][] packets(int port, int queue) {
            int[][] out = new int[qCount[port * queuesPerPort + queue]][];
            int n = 0;
            for (int k = qHead[port * queuesPerPort + queue]; k >= 0 && n < out.length; k = pNext[k]) {
                out[n++] = new int[] {pSrc[k], pDst[k], pSeq[k]};
            }
            return n == out.length ? out : Arrays.copyOf(out, n);
        }
    };

    /** Whether CAM line i of input port p is allocated (for test variants; see {@link #headLine}). */
    boolean lineActive(int p, int i) {
        return inActive[p * lines + i];
    }

    /** Whether CAM line i of input port p lists destination d (for test variants). */
    boolean lineHolds(int p, int i, int d) {
        return inHolds(p * lines + i, d);
    }

    /** CAM lines per input port (for test variants). */
    int camLines() {
        return lines;
    }

    /**
     * CAM lines an output port may allocate: as many as an input port has (c). Package-private
     * only so that a test variant with fewer can make Stops find every output line busy: with c
     * on both sides they never do, since an output port copies the lines of the one input port
     * its link feeds, which holds at most c, and a line's release reaches it before a Stop sent
     * after it.
     */
    int outputCamLines() {
        return lines;
    }

    /** Whether CAM line i of the output port feeding input port (channel) p is allocated (for tests). */
    boolean outputLineActive(int p, int i) {
        return outActive[p * lines + i];
    }

    /** Whether CAM line i of the output port feeding input port (channel) p is in the Stop state (for tests). */
    boolean outputLineStopped(int p, int i) {
        return outActive[p * lines + i] && outStop[p * lines + i];
    }

    private boolean deadlocked() {
        return inNetwork > 0 && now - lastMove >= cfg.deadlockCycles();
    }

    private SimResult.Deadlock deadlockReport() {
        List<String> heldQueues = new ArrayList<>();
        for (int p : portList) {
            for (int q = 0; q < queuesPerPort; q++) {
                int k = qHead[p * queuesPerPort + q];
                if (k >= 0) {
                    heldQueues.add(topo.channelName(p) + " queue " + q + " (" + qCount[p * queuesPerPort + q]
                        + " packets, head to " + pDst[k] + ")");
                }
            }
        }
        return new SimResult.Deadlock(now, inNetwork, heldQueues);
    }

    /** Credits, memory and CFQ contents of every input port (check mode, every cycle). */
    private void checkPorts() {
        int[] stored = new int[units];
        for (int p : portList) {
            Arrays.fill(stored, 0);
            int total = 0;
            for (int q = 0; q < queuesPerPort; q++) {
                int n = 0;
                for (int k = qHead[p * queuesPerPort + q]; k >= 0; k = pNext[k]) {
                    stored[units == 1 ? 0 : q] += pSize[k];
                    n++;
                    if (cam && q > 0 && !(inActive[p * lines + q - 1] && inHolds(p * lines + q - 1, pDst[k]))) {
                        throw new SimulationError("cycle " + now + ": " + topo.channelName(p) + ": packet for "
                            + pDst[k] + " in CFQ " + (q - 1) + " whose CAM line does not list it");
                    }
                }
                if (n != qCount[p * queuesPerPort + q]) {
                    throw new SimulationError("cycle " + now + ": " + topo.channelName(p) + " queue " + q + " counts "
                        + qCount[p * queuesPerPort + q] + " packets, holds " + n);
                }
            }
            for (int u = 0; u < units; u++) {
                int x = p * units + u;
                int sum = credit[x] + onLink[x] + held[x] + returning[x];
                if (sum != unitCap || credit[x] < 0 || held[x] > unitCap || stored[u] > held[x]) {
                    throw new SimulationError("cycle " + now + ": " + topo.channelName(p) + " unit " + u + ": credits "
                        + credit[x] + " + on link " + onLink[x] + " + held " + held[x] + " + returning " + returning[x]
                        + " = " + sum + " (capacity " + unitCap + "), stored " + stored[u]);
                }
                total += held[x];
            }
            if (total > setup.memoryFlits()) {
                throw new SimulationError("cycle " + now + ": " + topo.channelName(p) + " holds " + total
                    + " flits, more than its " + setup.memoryFlits());
            }
            if (cam) {
                int active = 0;
                for (int i = 0; i < lines; i++) {
                    active += inActive[p * lines + i] ? 1 : 0;
                }
                if (active > setup.cfqs()) {
                    throw new SimulationError("cycle " + now + ": " + topo.channelName(p) + " has " + active + " CFQs");
                }
            }
        }
    }

    private void checkConservation() {
        long queued = 0;
        for (int t = 0; t < terminals; t++) {
            queued += sCount[t];
        }
        if (created - delivered - queued != inNetwork) {
            throw new SimulationError("conservation: created " + created + ", delivered " + delivered
                + ", queued at sources " + queued + ", but " + inNetwork + " in the network");
        }
        long inside = 0;
        for (int x : qCount) {
            inside += x;
        }
        for (int s = 0; s < wheel; s++) {
            for (int i = 0; i < evN[s]; i++) {
                int type = ev[s][4 * i];
                inside += type == ARRIVE || type == DELIVER ? 1 : 0;
            }
        }
        if (inside != inNetwork) {
            throw new SimulationError("conservation: " + inside + " packets in queues and on links, " + inNetwork
                + " expected");
        }
        for (int f = 0; f < seqIn.length; f++) {
            if (!generating && inNetwork == 0 && seqIn[f] != seqOut[f] - countQueued(f)) {
                throw new SimulationError("conservation: flow " + f / terminals + "->" + f % terminals + " delivered "
                    + seqIn[f] + " of " + seqOut[f] + " packets");
            }
        }
    }

    private int countQueued(int flow) {
        int n = 0;
        for (int k = sHead[flow]; k >= 0; k = pNext[k]) {
            n++;
        }
        return n;
    }

    private SimResult.Latency latencyStats() {
        long count = latencies.packets();
        if (count == 0) {
            return null;
        }
        double n = count;
        return new SimResult.Latency(count, sumLatency / n, latencies.quantile(0.5), latencies.quantile(0.99),
            latencies.max(), sumQueueing / n, 0, (sumLatency - sumQueueing) / n, 0);
    }

    /** FBICM's series: the active CFQs and the CAM lines stopped. */
    private void sampleFbicm(double[] out) {
        int active = 0;
        for (boolean b : inActive) {
            active += b ? 1 : 0;
        }
        int stopped = 0;
        for (int l = 0; l < outActive.length; l++) {
            stopped += outActive[l] && outStop[l] ? 1 : 0;
        }
        out[0] = active;
        out[1] = stopped;
    }
}
