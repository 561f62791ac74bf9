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
 * <h2>Organisations</h2>
 * Everything that depends on how a port's RAM is organised (which queue a packet enters,
 * how credits are split, which heads may compete, FBICM's and RECN-IQ's congestion
 * management) is asked of a port-organisation strategy, one class per organisation in this
 * package: {@code SingleQueuePorts}, {@code VoqSwitchPorts}, {@code VoqNetPorts},
 * {@code FbicmPorts} (where FBICM's modelling choices are written, sections 3.2 to 3.5) and
 * {@code RecnPorts} (RECN-IQ), the last two over the CAM lines of {@code CamPorts}.
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
    /** Everything that depends on the organisation of the input ports. */
    private final PortOrganisation ports;
    private final Fabric fabric;
    private final Topology topo;
    private final RoutingFunction routing;
    private final Workload workload;
    private final int terminals;
    private final int channels;
    private final int pipe;
    private final int linkLat;
    private final int creditLat;

    // structure (the fabric's tables)
    private final int[] termOf;
    private final int[] injChannel;
    private final boolean[] eject;
    private final int[] portList;

    // packets, and the queues of every input port
    private final PacketTable pk;
    private final PortQueues qs;
    private final int queuesPerPort;
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

    // events: timing wheel, 4 ints per event
    private final int wheel;
    private final int[][] ev;
    private final int[] evN;

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
    /** Whether the cycle being simulated is measured. */
    private boolean measuringNow;
    /** Per destination terminal: data flits delivered in measured cycles. */
    private long[] destinationFlits;
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

    /** An engine of the configuration's network with input ports organised as {@code setup} says. */
    public QueueEngine(SimConfig cfg, InputQueueing setup) {
        this(cfg, setup, PortOrganisation::of);
    }

    /** As above with the organisation {@code organisation} creates (test variants of FBICM). */
    QueueEngine(SimConfig cfg, InputQueueing setup, PortOrganisation.Factory organisation) {
        if (cfg.workload().sourceQueue() > 0) {
            throw new flowproof.ConfigurationException("simulation.source-queue", "no source-queue limit with the"
                + " input-queued switch models (" + cfg.control().describe() + "): their sources queue without bound",
                Integer.toString(cfg.workload().sourceQueue()));
        }
        this.cfg = cfg;
        this.setup = setup;
        this.routing = cfg.routing();
        this.workload = cfg.workload();
        this.pipe = cfg.pipeline();
        this.linkLat = cfg.linkLatency();
        this.creditLat = cfg.creditLatency();
        this.fabric = new Fabric(cfg, setup.organisation());
        this.topo = fabric.topo;
        this.channels = fabric.channels;
        this.terminals = fabric.terminals;
        this.termOf = fabric.termOf;
        this.injChannel = fabric.injChannel;
        this.eject = fabric.eject;
        this.portList = fabric.portList;
        int maxSize = workload.maxPacketSize();
        this.pk = new PacketTable();
        this.ports = organisation.create(setup, fabric, pk, creditLat);
        this.qs = ports.queues();
        this.queuesPerPort = qs.perPort;
        units = ports.units();
        unitCap = setup.memoryFlits() / units;
        if (unitCap < maxSize) {
            throw new ConfigurationException("simulation.control.memory", "at least " + units + " x " + maxSize
                + " flits (one packet per " + (units == 1 ? "port" : "queue") + ")", setup.memoryFlits() + " flits");
        }
        rr = new int[channels];
        credit = new int[channels * units];
        for (int c = 0; c < channels; c++) {
            if (fabric.isPort[c]) {
                Arrays.fill(credit, c * units, (c + 1) * units, unitCap);
            }
        }
        onLink = new int[channels * units];
        held = new int[channels * units];
        returning = new int[channels * units];
        outBusy = new long[channels];
        inBusy = new long[channels];

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
        series = new SeriesBuilder(cfg.window(), terminals, ports.seriesNames(), ports::sample);
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
            o.seconds(), cfg.control().describe(), series.buildControl(), 0, 0, ports.droppedStops(), -1,
            SimResult.perCycle(destinationFlits, o.window()));
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

    /**
     * Stop notifications dropped because the upstream output port had no free CAM line (FBICM,
     * RECN-IQ); -1 for the organisations that send none.
     */
    public long droppedStops() {
        return ports.droppedStops();
    }

    private String describeNetwork() {
        return topo.describe() + ", input ports of " + setup.memoryFlits() + " flits, " + ports.describe()
            + ", packet-level credits, vct, " + routing.name();
    }

    private void step(Workload.Generator gen, boolean measuring) {
        measuringNow = measuring;
        if (destinationFlits == null) {
            destinationFlits = new long[terminals];
        }
        events();
        ports.startCycle(now);
        sources(gen, measuring);
        ports.manage();
        allocate(measuring);
        if (fbicmObserver != null) {
            ports.show(fbicmObserver);
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
        int q = ports.arrive(p, pk.dst[k]);
        int u = ports.unitOfQueue(q);
        onLink[p * units + u] -= pk.size[k];
        held[p * units + u] += pk.size[k];
        qs.enqueue(p * queuesPerPort + q, k);
    }

    private void deliver(int k, int c) {
        if (pk.size[k] <= 0) {
            throw new SimulationError("cycle " + now + ": packet " + k + " delivered twice");
        }
        int t = termOf[topo.target(c)];
        int src = pk.src[k];
        int dst = pk.dst[k];
        if (t != dst) {
            throw new SimulationError("cycle " + now + ": packet " + k + " for terminal " + dst
                + " delivered to terminal " + t);
        }
        if (pk.seq[k] != seqIn[src * terminals + dst]) {
            throw new SimulationError("cycle " + now + ": packet " + pk.seq[k] + " of flow " + src + "->" + dst
                + " delivered when packet " + seqIn[src * terminals + dst] + " was due (out of order)");
        }
        seqIn[src * terminals + dst]++;
        delivered++;
        inNetwork--;
        lastMove = now;
        lastDelivery = now;
        sumHops += pk.hops[k];
        accWindow += pk.size[k];
        if (measuringNow) {
            destinationFlits[dst] += pk.size[k];
        }
        if (listener != null) {
            listener.delivered(src, dst, pk.size[k], pk.gen[k], pk.inj[k], now, pk.hops[k]);
        }
        if (pk.measured[k]) {
            int lat = (int) (now - pk.gen[k]);
            latencies.record(lat);
            sumLatency += lat;
            sumQueueing += pk.inj[k] - pk.gen[k];
            measuredOutstanding--;
        }
        pk.free(k);
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
                    pk.next[k] = -1;
                    if (sTail[f] < 0) {
                        sHead[f] = k;
                    } else {
                        pk.next[sTail[f]] = k;
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
                if (k < 0 || (best >= 0 && pk.gen[k] >= pk.gen[best])) {
                    continue;
                }
                if (credit[o * units + ports.unit(o, d)] < pk.size[k] || ports.stopped(o, d)) {
                    continue;
                }
                best = k;
            }
            if (best < 0) {
                continue;
            }
            int f = t * terminals + pk.dst[best];
            sHead[f] = pk.next[best];
            if (sHead[f] < 0) {
                sTail[f] = -1;
            }
            sCount[t]--;
            sFlits[t] -= pk.size[best];
            pk.inj[best] = now;
            inNetwork++;
            send(best, o, measuring);
        }
    }

    /** Starts packet k on output link o (credits already checked). */
    private void send(int k, int o, boolean measuring) {
        int size = pk.size[k];
        outBusy[o] = now + size;
        lastMove = now;
        if (measuring) {
            chanFlits[o] += size;
        }
        if (eject[o]) {
            schedule(now + linkLat + size, DELIVER, k, o, 0);
            return;
        }
        int u = o * units + ports.unit(o, pk.dst[k]);
        credit[u] -= size;
        onLink[u] += size;
        pk.ready[k] = now + linkLat + pipe;
        pk.hops[k]++;
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
                if (qs.count[base + q] == 0 || !ports.open(p, q)) {
                    continue;
                }
                int o = eligible(p, q);
                if (o < 0) {
                    continue;
                }
                nomQueue[p] = q;
                nomOut[p] = o;
                int k = qs.head[base + q];
                if (grantStamp[o] != now || pk.older(k, qs.head[grant[o] * queuesPerPort + nomQueue[grant[o]]])) {
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
            int k = qs.dequeue(p * queuesPerPort + q);
            ports.left(p, q, pk.dst[k]);
            rr[p] = q;
            inBusy[p] = now + pk.size[k];
            schedule(now + pk.size[k], RELEASE, p, ports.unitOfQueue(q), pk.size[k]);
            send(k, o, measuring);
        }
    }

    /** The output the head of queue q of port p may take this cycle, or -1. */
    private int eligible(int p, int q) {
        int k = qs.head[p * queuesPerPort + q];
        if (pk.ready[k] > now) {
            return -1;
        }
        int d = pk.dst[k];
        int o = fabric.next(p, d);
        if (outBusy[o] > now) {
            return -1;
        }
        if (!ports.mayLeave(p, q, d, o)) {
            return -1;
        }
        if (!eject[o] && credit[o * units + ports.unit(o, d)] < pk.size[k]) {
            return -1;
        }
        return o;
    }

    // ------------------------------------------------------------------ packets

    private int newPacket(int src, int dst, int size, boolean measured) {
        int k = pk.create(src, dst, size, now, seqOut[src * terminals + dst]++, measured);
        created++;
        if (measured) {
            measuredOutstanding++;
        }
        return k;
    }

    // ------------------------------------------------------------------ checks and results

    private boolean deadlocked() {
        return inNetwork > 0 && now - lastMove >= cfg.deadlockCycles();
    }

    private SimResult.Deadlock deadlockReport() {
        List<String> heldQueues = new ArrayList<>();
        for (int p : portList) {
            for (int q = 0; q < queuesPerPort; q++) {
                int k = qs.head[p * queuesPerPort + q];
                if (k >= 0) {
                    heldQueues.add(topo.channelName(p) + " queue " + q + " (" + qs.count[p * queuesPerPort + q]
                        + " packets, head to " + pk.dst[k] + ")");
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
                for (int k = qs.head[p * queuesPerPort + q]; k >= 0; k = pk.next[k]) {
                    stored[units == 1 ? 0 : q] += pk.size[k];
                    n++;
                    ports.checkPacket(p, q, pk.dst[k]);
                }
                if (n != qs.count[p * queuesPerPort + q]) {
                    throw new SimulationError("cycle " + now + ": " + topo.channelName(p) + " queue " + q + " counts "
                        + qs.count[p * queuesPerPort + q] + " packets, holds " + n);
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
            ports.checkPort(p);
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
        for (int x : qs.count) {
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
        for (int k = sHead[flow]; k >= 0; k = pk.next[k]) {
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
}
