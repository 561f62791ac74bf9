package flowproof.sim;

import flowproof.routing.QueueRoutes;
import flowproof.routing.RoutingFunction;
import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.sim.SimConfig.Arbiter;
import flowproof.sim.SimConfig.Switching;
import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.RouterControl;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import flowproof.traffic.Workload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongConsumer;

/**
 * A flit-level, cycle-accurate simulator of input-queued virtual-channel routers, driven by
 * the same {@link Network}, {@link RoutingFunction} and {@link FlowControlRule} objects the
 * explorer checks.
 *
 * <h2>Model</h2>
 * Every channel of the topology ends in an input port with one buffer of
 * {@code bufferFlits} per VC; every terminal has {@code injectionPorts} injection ports (with
 * as many VCs) and {@code ejectionPorts} ejection ports. Each cycle has these phases, each
 * reading the state the previous phase left and deciding for all routers before anything is
 * written, so no result depends on the order routers are visited:
 * <ol>
 *   <li><b>Arrivals</b>: flits whose link time is over enter their input buffer; credits
 *       whose return time is over are added upstream; critical-bubble control lines raised
 *       in the previous cycle increment the upstream counter B.</li>
 *   <li><b>Sources</b>: the workload creates packets into each terminal's source queue
 *       (unbounded, in bounded memory: its first 64 packets are stored,
 *       the rest counted and drawn again later; see {@code srcRing}); each injection port writes one flit per cycle into an injection VC
 *       (a new packet takes a VC with room for all of it under VCT, an empty one under
 *       wormhole).</li>
 *   <li><b>Route computation and VC allocation</b>, for packets whose head is at the front
 *       of its buffer and has spent {@code pipeline-1} cycles in the router: the routing
 *       function's candidates become output VCs through {@link QueueRoutes} (the table the
 *       explorer uses); an output VC is requested if it is idle and the rule
 *       {@linkplain FlowControlRule#admit admits} the move on the live buffer state
 *       (injection judged as {@link FlowControlRule#INJECT}). Each input VC requests its
 *       best candidate (adaptive: the one with most credits; escape VCs only when no
 *       adaptive VC admits, as in the explorer); each output VC grants one request
 *       (round robin or oldest first); grants are then committed in a rotating order of
 *       input VCs, each re-judged by the rule on the state the earlier commits left. For
 *       rules that judge their target queue only this changes nothing (one grant per
 *       output VC); for Theoretical BFC, whose ring-wide count is global and atomic, it is
 *       the omniscient controller of the paper: of two injections into a ring with two
 *       free slots in the same cycle, only the first is granted.</li>
 *   <li><b>Switch allocation and traversal</b>: separable input-first: every input port
 *       picks one VC with a flit ready to go (wormhole: and a credit downstream), every
 *       output port grants one input port; a winning flit leaves its buffer, its credit
 *       starts back upstream and it enters the link (arriving {@code 1+linkLatency} cycles
 *       later) or the ejection channel (delivered next cycle).</li>
 * </ol>
 * A flit therefore spends {@code pipeline} cycles in each router and {@code linkLatency} on
 * each link; a packet of S flits over H hops has zero-load latency
 * {@code (H+1)*pipeline + H*linkLatency + S} (one cycle on the injection channel, S-1 of
 * serialisation), plus the {@link SimConfig.Router} options' injection and ejection latency.
 *
 * <p><b>Router options</b> ({@link SimConfig.Router}, issue 20; the defaults are the model
 * above). {@code vc-release: tail} (wormhole) lets an output VC whose previous packet's tail
 * has left be allocated before the downstream buffer drains; the rule then sees an unowned VC
 * as a free slot. {@code route-timing: front} starts a head's {@code pipeline - 1} cycles
 * when it reaches the front of its VC ({@code frontTime}), not when it arrived.
 * {@code allocation: per-port} makes each output VC's round robin rotate over input ports
 * first, then over the VCs of the winning port ({@code vaPortPtr}, {@code vaVcPtr}), so that
 * an injection port with several requesting VCs wins no more than any other port.
 *
 * <p><b>Per-channel latency.</b> A channel of a graph topology with {@code latency: L}
 * (graph and anynet files) takes {@code linkLatency + L - 1} cycles to cross, and its
 * credits {@code creditLatency + L - 1} cycles to return (as BookSim's channel latency,
 * which its credit channel follows): with the default {@code link-latency: 1} a channel
 * takes exactly its file's latency, and a route's zero-load latency grows by the sum of
 * {@code L - 1} over its channels. Every other channel has {@code L = 1}.
 *
 * <h2>Flow control</h2>
 * Virtual cut-through reserves the whole packet's flits of downstream credit when the VC is
 * allocated; wormhole takes an empty downstream VC and spends one credit per flit. The rule
 * sees free <em>slots</em>: {@code credits / maxPacketSize} under VCT, 1 for an idle empty VC
 * under wormhole. The Critical Bubble Scheme keeps its marks as in section IV of its paper:
 * a counter B per output VC (critical bubbles in the downstream buffer); a packet turning
 * or injected needs B &lt; C; an intra-ring packet that takes the last normal slot
 * decrements B and raises a control line, on which the upstream router increments its B
 * for the buffer the packet leaves, one cycle later.
 *
 * <h2>Hot loops</h2>
 * Packets and flits are ints indexing preallocated tables; buffers, links and credit
 * returns are circular int arrays. The only allocations during a run are amortised table
 * growth (packets, source queues, samples) and the first route of each (queue, header).
 *
 * <p>A cycle visits only what may act in it (issue 20), never every queue, VC or port:
 * <ul>
 *   <li>arrivals visit the channels listed for the cycle's slot ({@code Links});</li>
 *   <li>VC allocation visits the <em>active</em> input VCs, those with a head at the front
 *       and no output VC, in increasing order (the order of the routing function's random
 *       draws, the control's calls and the rotating commits, so results are those of a
 *       visit to every VC). A head whose every candidate output VC is owned or short of
 *       credits, the tests made before the rule is asked, <em>sleeps</em> on the candidates'
 *       wake-up lists ({@code WakeUpLists}) and is woken by the first release or credit that
 *       makes one pass them: until then asking again would return nothing and call nothing.
 *       A head the rule or the congestion control refused stays active (their answers may
 *       change with any state they read);</li>
 *   <li>switch allocation visits the input ports with a VC that holds an output VC and has
 *       a flit, in increasing order.</li>
 * </ul>
 * What is left in proportion to the network is per terminal: the workload's draw and the
 * injection ports.
 */
public final class Simulator implements Engine {

    /** Packets of each source queue that exist as packets (at least; more when a scheme's lookahead needs them). */
    static final int SOURCE_BUDGET = 64;

    private final SimConfig cfg;
    private final Network net;
    private final Topology topo;
    private final RoutingFunction routing;
    private final FlowControlRule rule;
    private final QueueRoutes routes;
    private final Workload workload;
    private final boolean vct;
    private final boolean oldestFirst;
    /** Wormhole with {@code vc-release: tail}: an output VC is free for the next packet once the tail has left. */
    private final boolean tailRelease;
    /** {@code route-timing: front}: a head's pipeline starts when it reaches the front of its VC. */
    private final boolean frontTiming;
    /** {@code allocation: per-port}: the VC allocator's output stage rotates over input ports, then VCs. */
    private final boolean perPort;
    /** Extra cycles on the injection and ejection channels. */
    private final int injLat;
    private final int ejLat;
    /**
     * Per injection port, the last {@code injLat} cycles' departures from its VCs (cycle and VC;
     * at most one a cycle): the source learns of the room they leave {@code injLat} cycles late,
     * as a credit crossing the injection channel back. Null when {@code injLat} is 0.
     */
    private final int[] injGoneCycle;
    private final int[] injGoneVc;
    /** {@code stages} (BookSim's router stages) are given: see {@link SimConfig.Stages}. */
    private final boolean staged;
    /** Cycles from a head's arrival (or reaching the front) to its VC allocation: {@code pipeline - 1}, or the routing stage. */
    private final int vaWait;
    /** Staged: cycles from a head's VC allocation, and from a body flit's arrival, to its switch grant. */
    private final int saHeadWait;
    private final int saBodyWait;
    /** Staged: per input VC, the cycle its head was allocated an output VC. */
    private final int[] vaAt;

    private final int vcs;
    private final int channels;
    private final int terminals;
    private final int concentration;
    private final int queues;
    private final int inPorts;
    private final int inVcs;
    private final int outVcs;
    private final int outPorts;
    private final int cap;
    private final int slot;
    private final int linkLat;
    private final int creditLat;
    /** Per channel: cycles on the link ({@code linkLat} plus the graph channel's latency beyond 1; staged, plus the switch traversal). */
    private final int[] chanLinkLat;
    /** Per channel: cycles a credit takes back upstream ({@code creditLat} plus the same extra). */
    private final int[] chanCreditLat;
    private final int injPorts;
    private final int ejPorts;

    // structure
    private final int[] termRouter;
    private final int[] inPortRouter;
    private final int[] ovPort;
    private final int[] ringOfQueue;

    // input VC buffers: circular, cap entries per VC
    /** Per buffer entry {@code iv * cap + i}, three ints side by side: packet, flit index, arrival cycle. */
    private final int[] buf;
    private final int[] bufHead;
    private final int[] bufCount;
    private final int[] ivOut;

    // output VCs (queue ids for network channels, then one per ejection port)
    private final int[] ovOwner;
    private final int[] credits;
    private final int[] marks;
    private final int[] reserved;
    private final int[] onLink;
    private final int[] creditsBack;
    private final int[] ringFree;
    /** Whether the rule reads ring-wide free slots (Theoretical BFC): only then are they kept up to date. */
    private final boolean trackRings;

    /** Links and credit returns: per channel, latency queues. */
    private final Links links;
    /** Queues whose upstream counter B gains a critical mark at the start of the next cycle. */
    private final int[] controlLine;
    private int controlCount;
    /** For drifting critical marks: each ring queue's upstream queue in its ring (-1 elsewhere), or null. */
    private final int[] ringUpstream;
    private final int[] driftFrom;

    // allocators
    private final int[] vaPtr;
    /** Per output VC, {@code allocation: per-port}: the port and the VC after the last winner. */
    private final int[] vaPortPtr;
    private final int[] vaVcPtr;
    /** Per input VC, {@code route-timing: front}: the cycle its current head reached the front. */
    private final int[] frontTime;
    private final int[] vaBest;
    private final long[] vaStamp;
    private final int[] vaReq;
    private final int[] vaList;
    private final int[] inPtr;
    private final int[] outPtr;
    private final int[] saBest;
    private final long[] saStamp;
    private final int[] saReq;

    // active sets (see "Hot loops" in the class comment)
    /** The VC allocator's active input VCs and wake-up lists. */
    private final WakeUpLists waiting;
    /** Input ports with some VC that holds an output VC and has a flit: one bit each, and the count of such VCs. */
    private final long[] saActive;
    private final int[] saVcs;
    /** The input ports that requested the switch this cycle, in increasing order. */
    private final int[] saList;
    /** Set by {@link #choose} when it returned -1 without calling the rule or the control: the head may sleep. */
    private boolean chooseMaySleep;

    // packets
    private int[] pSrc;
    private int[] pDst;
    private int[] pHeader;
    /**
     * Message classes (spec field {@code messages}; null without): the class of every packet,
     * each terminal's input queue of every non-sink class (the terminals the answers go to)
     * with the slots reserved by messages already granted the ejection channel, and each
     * terminal's output queue of every class above the first (answer packets waiting to be
     * injected), all indexed by {@code terminal * classes + class}.
     */
    private final flowproof.routing.MessageRouting msg;
    private final int msgClasses;
    private final int endpointQueue;
    private int[] pMsg;
    private final int[][] inQ;
    private final int[][] inSize;
    /** The cycle each input-queue entry arrived, and the cycle each input queue last consumed (consume-delay). */
    private final long[][] inArrived;
    private final long[] lastConsumed;
    /** Per terminal: the injection arbiter last served an output queue (else the source queue). */
    private final boolean[] answerServedLast;
    private final int[] inHead;
    private final int[] inCount;
    private final int[] inReserved;
    private final int[][] outQ;
    private final int[] outHead;
    private final int[] outCount;
    /** Messages in input queues, and answer packets in output queues (created, not yet injected). */
    private long endpointMessages;
    private long answersWaiting;
    private int[] pSize;
    private long[] pGen;
    private long[] pInj;
    private int[] pAccess;
    private int[] pDelivered;
    private int[] pHops;
    /** Created in the measurement window: its latency is sampled. */
    private boolean[] pMeasured;
    private int[] freePkts;
    private int freeCount;
    private int nextPkt;

    // source queues and injection streams
    /**
     * Source queues in bounded memory. The run's generator is asked every cycle, as the
     * workload says, for every terminal (offered load, {@code created} and each terminal's
     * queue length in packets and flits, {@code queuedPackets} and {@code queuedFlits}, are
     * counted there, exactly as if every packet were stored), but only the first
     * {@code srcBudget} packets of each queue exist as packets, in {@code srcRing}; the rest
     * are drawn again when there is room, with their creation cycles, by a second generator
     * started from the same seed ({@code lazy}), which each terminal's own random streams make
     * give the same packets (BookSim's lazy generation, with the eager count kept). So memory
     * is independent of how far the queues grow, and a run is the one every stored queue gave.
     */
    private final int srcBudget;
    private final int[] srcRing;
    private final int[] srcHead;
    private final int[] srcCount;
    private final long[] queuedPackets;
    private final long[] queuedFlits;
    private final long[] createdFlits;
    private Workload.Generator lazy;
    /** Per terminal: the last cycle the lazy generator was asked, and the packets of it still to draw. */
    private final long[] lazyCycle;
    private final int[] lazyLeft;
    /** The last cycle in which sources generated (-1 before the first). */
    private long generatedThrough = -1;
    private final int[] injPkt;
    private final int[] injFlit;
    private final int[] injVc;

    // routes: lazily filled table of (queue or injecting router) x header -> offset in pool
    private final int headers;
    private final int[] routeIndex;
    private int[] routePool = new int[1 << 12];
    private int routeUsed;
    private final int[] scratch;
    private final int[] scratchHeaders;
    private final SplittableRandom[] routerRandom;

    private final View view = new View();
    private DeliveryListener listener;
    /** Null unless a test or {@code fuzz} watches the run. */
    private CycleObserver observer;
    private Probe probe;

    // congestion control
    private final InjectionControl control;
    private final boolean controlled;
    private final int[] firstQueues;
    private int fullBuffers;
    private long injectedPackets;
    private long deliveredFlits;

    // traffic classes, marks and control packets ({@link RouterControl}); all null/false without one
    private final RouterControl rc;
    /** The control is a {@link RouterControl}: class VCs, priorities and the source-queue lookahead apply. */
    private final boolean classed;
    private final boolean contend;
    private final boolean marking;
    private final int classVcs;
    private final int ctlClass;
    private final int lookahead;
    private final int[] vcClass;
    private final int[] vcPrio;
    /** Per VC of a port: whether its requests count in the contention degree. */
    private final boolean[] vcContends;
    private final int[] degree;
    private final SplittableRandom contentionRandom;
    private byte[] pClass;
    private boolean[] pMark;
    private int[] pInfo;
    private final int[][] ctlQ;
    private final int[] ctlHead;
    private final int[] ctlCount;
    private long ctlCreated;
    private long ctlDelivered;

    /** Told about every packet delivered (its tail reaching the destination terminal). */
    public interface DeliveryListener {
        void delivered(int source, int destination, int size, long created, long injected, long done, int hops);
    }

    // run state
    private long now;
    private long lastMove;
    private long netFlits;
    private long inNetworkPackets;
    private long created;
    private long delivered;
    private long measuredOutstanding;
    private boolean generating;
    private boolean injecting;

    // metrics
    private long genFlitsWindow;
    private long accFlitsWindow;
    private final long[] chanFlits;
    private final LatencyHistogram latencies = new LatencyHistogram();
    private long sumLatency;
    private long sumQueueing;
    private long sumAccess;
    private long sumHops;
    private long hopPackets;
    private long lastDelivery = -1;
    private final SeriesBuilder series;
    private final SpaceTimeRecorder spaceTime;

    public Simulator(SimConfig cfg) {
        this.cfg = cfg;
        this.net = cfg.network();
        this.topo = net.topology();
        this.routing = cfg.routing();
        this.rule = cfg.effectiveRule();
        this.routes = new QueueRoutes(net, routing, rule);
        this.workload = cfg.workload();
        this.vct = cfg.switching() == Switching.VCT;
        this.oldestFirst = cfg.arbiter() == Arbiter.OLDEST_FIRST;
        SimConfig.Router router = cfg.router();
        this.tailRelease = !vct && router.vcRelease() == SimConfig.VcRelease.TAIL;
        this.frontTiming = router.routeTiming() == SimConfig.RouteTiming.FRONT;
        this.perPort = router.allocation() == SimConfig.Allocation.PER_PORT;
        this.injLat = router.injectionLatency();
        SimConfig.Stages stages = router.stages();
        this.staged = stages != null;
        // staged, a flit also crosses the switch before its link and the ejection channel
        int traversal = staged ? stages.traversal() : 0;
        this.ejLat = router.ejectionLatency() + traversal;
        this.vcs = net.vcs();
        this.channels = topo.channels();
        this.concentration = topo.concentration();
        int[] endpoints = topo.endpoints();
        this.terminals = endpoints.length * concentration;
        if (workload.terminals() != terminals) {
            throw new IllegalArgumentException("workload for " + workload.terminals() + " terminals on a network with "
                + terminals);
        }
        this.queues = channels * vcs;
        this.injPorts = cfg.injectionPorts();
        this.ejPorts = cfg.ejectionPorts();
        this.inPorts = channels + terminals * injPorts;
        this.inVcs = inPorts * vcs;
        this.outVcs = queues + terminals * ejPorts;
        this.outPorts = channels + terminals * ejPorts;
        this.cap = cfg.bufferFlits();
        this.slot = cfg.slotFlits();
        int pipe = cfg.pipeline();
        this.vaWait = staged ? stages.routing() : pipe - 1;
        this.saHeadWait = staged ? stages.vcAllocation() + stages.switchAllocation() - 1 : 0;
        this.saBodyWait = staged ? stages.switchAllocation() - 1 : pipe - 1;
        this.linkLat = cfg.linkLatency() + traversal;
        this.creditLat = cfg.creditLatency();
        chanLinkLat = new int[channels];
        chanCreditLat = new int[channels];
        int longest = Math.max(linkLat, creditLat);
        for (int c = 0; c < channels; c++) {
            int extra = channelLatency(topo, c) - 1;
            chanLinkLat[c] = linkLat + extra;
            chanCreditLat[c] = creditLat + extra;
            longest = Math.max(longest, Math.max(chanLinkLat[c], chanCreditLat[c]));
        }

        termRouter = new int[terminals];
        for (int t = 0; t < terminals; t++) {
            termRouter[t] = endpoints[t / concentration];
        }
        inPortRouter = new int[inPorts];
        for (int c = 0; c < channels; c++) {
            inPortRouter[c] = topo.target(c);
        }
        for (int j = 0; j < terminals * injPorts; j++) {
            inPortRouter[channels + j] = termRouter[j / injPorts];
        }
        ovPort = new int[outVcs];
        for (int q = 0; q < queues; q++) {
            ovPort[q] = q / vcs;
        }
        for (int e = 0; e < terminals * ejPorts; e++) {
            ovPort[queues + e] = channels + e;
        }
        ringOfQueue = new int[queues];
        for (int q = 0; q < queues; q++) {
            ringOfQueue[q] = net.ringOf(q);
        }

        buf = new int[3 * inVcs * cap];
        bufHead = new int[inVcs];
        bufCount = new int[inVcs];
        ivOut = new int[inVcs];
        Arrays.fill(ivOut, -1);

        ovOwner = new int[outVcs];
        Arrays.fill(ovOwner, -1);
        credits = new int[queues];
        Arrays.fill(credits, cap);
        marks = new int[queues];
        for (int q = 0; q < queues; q++) {
            marks[q] = rule.initialMarks(net, q);
        }
        reserved = new int[queues];
        onLink = new int[queues];
        creditsBack = new int[queues];
        trackRings = rule.readsRingOccupancy();
        ringFree = new int[net.rings()];
        for (int q = 0; q < queues; q++) {
            if (ringOfQueue[q] >= 0) {
                ringFree[ringOfQueue[q]] += slots(q);
            }
        }

        links = new Links(channels, longest);
        controlLine = new int[queues];
        if (rule.marksDrift()) {
            ringUpstream = net.ringUpstream();
            driftFrom = new int[queues];
        } else {
            ringUpstream = null;
            driftFrom = null;
        }

        vaPtr = new int[outVcs];
        vaPortPtr = perPort ? new int[outVcs] : null;
        vaVcPtr = perPort ? new int[outVcs] : null;
        frontTime = frontTiming ? new int[inVcs] : null;
        vaAt = staged ? new int[inVcs] : null;
        injGoneCycle = injLat > 0 ? new int[terminals * injPorts * injLat] : null;
        injGoneVc = injLat > 0 ? new int[terminals * injPorts * injLat] : null;
        if (injGoneCycle != null) {
            Arrays.fill(injGoneCycle, Integer.MIN_VALUE);
        }
        vaBest = new int[outVcs];
        vaStamp = new long[outVcs];
        Arrays.fill(vaStamp, -1);
        vaReq = new int[inVcs];
        vaList = new int[inVcs];
        inPtr = new int[inPorts];
        outPtr = new int[outPorts];
        saBest = new int[outPorts];
        saStamp = new long[outPorts];
        Arrays.fill(saStamp, -1);
        saReq = new int[inPorts];
        saActive = new long[(inPorts + 63) >>> 6];
        saVcs = new int[inPorts];
        saList = new int[inPorts];

        int initialPackets = 1024;
        pSrc = new int[initialPackets];
        pDst = new int[initialPackets];
        pHeader = new int[initialPackets];
        msg = routing instanceof flowproof.routing.MessageRouting m ? m : null;
        msgClasses = msg == null ? 0 : msg.classes();
        endpointQueue = msg == null ? 0 : msg.endpointQueue();
        int epKeys = terminals * msgClasses;
        pMsg = msg == null ? null : new int[initialPackets];
        inQ = new int[epKeys][endpointQueue];
        inSize = new int[epKeys][endpointQueue];
        inArrived = new long[epKeys][endpointQueue];
        lastConsumed = new long[epKeys];
        answerServedLast = new boolean[msg == null ? 0 : terminals];
        inHead = new int[epKeys];
        inCount = new int[epKeys];
        inReserved = new int[epKeys];
        outQ = new int[epKeys][endpointQueue];
        outHead = new int[epKeys];
        outCount = new int[epKeys];
        pSize = new int[initialPackets];
        pGen = new long[initialPackets];
        pInj = new long[initialPackets];
        pAccess = new int[initialPackets];
        pDelivered = new int[initialPackets];
        pHops = new int[initialPackets];
        pMeasured = new boolean[initialPackets];
        freePkts = new int[initialPackets];

        srcHead = new int[terminals];
        srcCount = new int[terminals];
        queuedPackets = new long[terminals];
        queuedFlits = new long[terminals];
        createdFlits = new long[terminals];
        lazyCycle = new long[terminals];
        Arrays.fill(lazyCycle, -1);
        lazyLeft = new int[terminals];
        injPkt = new int[terminals * injPorts];
        Arrays.fill(injPkt, -1);
        injFlit = new int[terminals * injPorts];
        injVc = new int[terminals * injPorts];

        headers = routing.headers();
        long table = (long) (queues + topo.nodes()) * headers;
        if (table > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("route table of " + table + " entries is too large");
        }
        routeIndex = new int[(int) table];
        Arrays.fill(routeIndex, -1);
        scratch = new int[Math.max(4, Math.max(routing.maxCandidates(), routing.maxInjectHeaders()))];
        scratchHeaders = new int[Math.max(4, routing.maxInjectHeaders())];
        SplittableRandom root = new SplittableRandom(cfg.seed() ^ 0x5DEECE66DL);
        routerRandom = new SplittableRandom[topo.nodes()];
        for (int r = 0; r < routerRandom.length; r++) {
            routerRandom[r] = root.split();
        }

        chanFlits = new long[channels];
        // the route table lists queues (channel x VC), up to vcs per candidate channel
        firstQueues = new int[Math.max(4, routing.maxCandidates()) * vcs];
        waiting = new WakeUpLists(inVcs, outVcs, Math.max(firstQueues.length, ejPorts));
        control = cfg.control().create(new State(), cfg.seed() ^ 0x2545F4914F6CDD1DL);
        controlled = control != InjectionControl.NONE;
        if (control instanceof RouterControl r) {
            rc = r;
            classed = true;
            contend = r.wantsContention();
            marking = r.marking();
            classVcs = r.classes();
            if (classVcs < 0 || classVcs >= vcs) {
                throw new IllegalArgumentException("scheme reserves " + classVcs + " of " + vcs + " VCs");
            }
            ctlClass = r.controlClass();
            lookahead = Math.max(1, r.lookahead());
            vcClass = new int[vcs];
            vcPrio = new int[vcs];
            vcContends = new boolean[vcs];
            for (int v = 0; v < vcs; v++) {
                vcClass[v] = v < vcs - classVcs ? 0 : vcs - v;
                vcPrio[v] = r.priority(vcClass[v]);
                vcContends[v] = r.contends(vcClass[v]);
            }
            degree = contend ? new int[outPorts] : null;
            contentionRandom = new SplittableRandom(cfg.seed() ^ 0x9E3779B97F4A7C15L);
            pClass = new byte[initialPackets];
            pMark = new boolean[initialPackets];
            pInfo = new int[initialPackets];
            ctlQ = new int[terminals][16];
            ctlHead = new int[terminals];
            ctlCount = new int[terminals];
            r.bind(new Port());
        } else {
            rc = null;
            classed = false;
            contend = false;
            marking = false;
            classVcs = 0;
            ctlClass = -1;
            lookahead = 1;
            vcClass = null;
            vcPrio = null;
            vcContends = null;
            degree = null;
            contentionRandom = null;
            ctlQ = null;
            ctlHead = null;
            ctlCount = null;
        }
        // a power of two, and room for every packet the lookahead of a scheme may look at
        srcBudget = Integer.highestOneBit(Math.max(SOURCE_BUDGET, lookahead) * 2 - 1);
        srcRing = new int[terminals * srcBudget];
        series = new SeriesBuilder(cfg.window(), control);
        spaceTime = cfg.spaceTime() == null ? null : new SpaceTimeRecorder(cfg.spaceTime(), topo, vcs, slot, cap, credits);
    }

    /**
     * Packet records allocated so far: the most packets that ever existed at once (records
     * are reused once delivered). Bounded by the source budget and the network's buffers,
     * whatever the run length and the load.
     */
    int packetRecords() {
        return nextPkt;
    }

    /** Sets the listener told about every delivered packet (tests, traces); null for none. */
    public Simulator onDelivery(DeliveryListener l) {
        this.listener = l;
        return this;
    }

    /** Sets the observer told about every allocation and every cycle's end (tests, fuzz); null for none. */
    public Simulator observe(CycleObserver o) {
        this.observer = o;
        this.probe = o == null ? null : new Probe();
        return this;
    }

    /** Runs the configured workload; {@code progress} (may be null) is told the cycle now and then. */
    @Override
    public SimResult run(LongConsumer progress) {
        Workload.Generator gen = workload.start(cfg.seed());
        lazy = workload.start(cfg.seed());
        RunProtocol.Outcome o = RunProtocol.run(new Machine(), cfg, gen, terminals, progress);
        long warmup = cfg.warmup();
        SimResult.Latency latency = latencyStats();
        double[] util = new double[channels];
        String[] names = new String[channels];
        for (int c = 0; c < channels; c++) {
            util[c] = (double) chanFlits[c] / o.window();
            names[c] = topo.channelName(c);
        }
        boolean finite = gen.lastGeneration() < Long.MAX_VALUE;
        return new SimResult(describeNetwork(), workload.describe(), gen.offered(Math.max(warmup, 0)), o.cycles(),
            o.generationCycles(), warmup, terminals, created, delivered, o.offered(), o.accepted(), latency,
            o.unstable(), o.reason(), o.deadlock(), o.drained(), o.drainCycles(),
            finite && created == delivered ? lastDelivery : -1,
            hopPackets == 0 ? 0 : (double) sumHops / hopPackets, util, names, series.build(),
            spaceTime == null ? null : spaceTime.build(), cfg.check(), o.seconds(), cfg.control().describe(),
            series.buildControl(), ctlCreated, ctlDelivered);
    }

    /**
     * For the JMH benchmarks (src/jmh): starts the workload's generators as {@link #run} does,
     * with sources generating and injecting, and returns the generator {@link #stepCycle} takes.
     */
    Workload.Generator startStepping() {
        Workload.Generator gen = workload.start(cfg.seed());
        lazy = workload.start(cfg.seed());
        generating = true;
        injecting = true;
        return gen;
    }

    /** For the JMH benchmarks: simulates cycle {@code cycle} (one more than the last), measuring. */
    void stepCycle(Workload.Generator gen, long cycle) {
        now = cycle;
        step(gen, true);
        genFlitsWindow = 0;
        accFlitsWindow = 0;
    }

    /** This simulator as the run protocol sees it. */
    private final class Machine implements RunProtocol.Machine {
        @Override
        public void step(Workload.Generator gen, long cycle, boolean measuring) {
            now = cycle;
            Simulator.this.step(gen, measuring);
        }

        @Override
        public long takeGenerated() {
            long g = genFlitsWindow;
            genFlitsWindow = 0;
            return g;
        }

        @Override
        public long takeAccepted() {
            long a = accFlitsWindow;
            accFlitsWindow = 0;
            return a;
        }

        @Override
        public boolean deadlocked() {
            return Simulator.this.deadlocked();
        }

        @Override
        public SimResult.Deadlock deadlockReport() {
            return Simulator.this.deadlockReport();
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
            return netFlits == 0 && injPending() == 0 && (!inject || created == delivered)
                && (!classed || ctlCreated == ctlDelivered) && endpointMessages == 0 && answersWaiting == 0;
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
            return queuedFlits[source];
        }

        @Override
        public long createdFlits(int source) {
            return createdFlits[source];
        }

        @Override
        public void checkConservation() {
            Simulator.this.checkConservation();
        }
    }

    private String describeNetwork() {
        StringBuilder options = new StringBuilder();
        SimConfig.Router r = cfg.router();
        if (tailRelease) {
            options.append(", vc-release tail");
        }
        if (frontTiming) {
            options.append(", route-timing front");
        }
        if (r.injectionLatency() != 0 || r.ejectionLatency() != 0) {
            options.append(", injection/ejection latency +").append(r.injectionLatency()).append("/+")
                .append(r.ejectionLatency());
        }
        if (perPort) {
            options.append(", allocation ").append(r.allocation().key());
        }
        if (staged) {
            options.append(", stages ").append(r.stages().key());
        }
        return topo.describe() + ", " + vcs + " VC" + (vcs > 1 ? "s" : "") + " x " + cap + " flits, "
            + cfg.switching().key() + ", " + routing.name() + ", " + rule.describe() + options;
    }

    private int injPending() {
        int n = 0;
        for (int p : injPkt) {
            if (p >= 0) {
                n++;
            }
        }
        return n;
    }

    // ------------------------------------------------------------------ the cycle

    private void step(Workload.Generator gen, boolean measuring) {
        links.turn(now);
        arrivals();
        if (controlled) {
            control.beginCycle(now);
        }
        if (msg != null) {
            consume();
        }
        sources(gen, measuring);
        allocateVcs();
        if (contend) {
            contention();
        }
        allocateSwitches(measuring);
        if (cfg.check()) {
            checkCredits();
        }
        series.sample(now, genFlitsWindow, accFlitsWindow, inNetworkPackets, terminals, gen.offered(now));
        if (spaceTime != null) {
            spaceTime.record(now);
        }
        if (observer != null) {
            observer.endOfCycle(probe);
        }
    }

    private void arrivals() {
        Links l = links;
        int s = l.slot();
        int wheel = l.wheel;
        // only the channels listed for this slot (each arrival's effects touch its own queue alone,
        // so the order of channels does not matter)
        int listed = l.arriving();
        for (int i = 0, list = l.listStart(); i < listed; i++) {
            int c = l.listed(list + i);
            int at = c * wheel + s;
            int p = l.pkt[at];
            if (p >= 0) {
                int v = l.vc[at];
                int q = c * vcs + v;
                push(q, p, l.flit[at], (int) now);
                onLink[q]--;
                l.pkt[at] = -1;
            }
            int cv = l.credit[at];
            if (cv >= 0) {
                int q = c * vcs + cv;
                creditsBack[q]--;
                addCredits(q, 1);
                l.credit[at] = -1;
                if (waiting.waitedOn(q) && eligible(q)) {
                    waiting.wake(q);
                }
            }
        }
        // control lines raised in the previous cycle: the upstream counter B gains the mark
        for (int i = 0; i < controlCount; i++) {
            marks[controlLine[i]]++;
        }
        controlCount = 0;
        if (ringUpstream != null) {
            driftMarks();
        }
    }

    /**
     * Drifting critical marks: every queue whose free slots are all critical passes one mark
     * to its ring's upstream queue if that one has a normal free slot. Decided on the state at
     * the start of the cycle: a queue that gives has no normal free slot, so it cannot also
     * receive, and each queue has one downstream queue, so it receives at most one mark; every
     * mark stays on a free slot. Modelled as atomic (in hardware a request and grant between
     * the two routers, a cycle more). The rule decides ({@link flowproof.rule.FlowControlRule#drifts}),
     * as in the explorer's synchronous drift pass.
     */
    private void driftMarks() {
        int n = 0;
        for (int q = 0; q < queues; q++) {
            int u = ringUpstream[q];
            if (u >= 0 && marks[q] > 0 && rule.drifts(view, q, u)) {
                driftFrom[n++] = q;
            }
        }
        for (int i = 0; i < n; i++) {
            int q = driftFrom[i];
            marks[q]--;
            marks[ringUpstream[q]]++;
        }
    }

    private void sources(Workload.Generator gen, boolean measuring) {
        if (generating) {
            // counted here; the packets themselves come from the lazy generator (fill)
            for (int t = 0; t < terminals; t++) {
                int n = gen.packets(t, now);
                for (int i = 0; i < n; i++) {
                    int d = gen.destination(t, now);
                    if (d < 0) {
                        continue;
                    }
                    int size = gen.size(t);
                    created++;
                    if (measuring) {
                        measuredOutstanding++;
                    }
                    genFlitsWindow += size;
                    queuedPackets[t]++;
                    queuedFlits[t] += size;
                    createdFlits[t] += size;
                    if (classed) {
                        rc.generated(t, d, size);
                    }
                }
            }
            generatedThrough = now;
        }
        for (int j = 0; j < injPkt.length; j++) {
            int p = injPkt[j];
            int t = j / injPorts;
            int base = (channels + j) * vcs;
            if (p < 0 && injecting) {
                fill(t);
            }
            if (p < 0 && classed) {
                p = takeClassed(j, t, base);
                if (p < 0) {
                    continue;
                }
            } else if (p < 0) {
                int next = -1;
                int chosen = -1;
                int answerKey = -1;
                // message classes: the port's arbiter serves the output queues (the class nearest
                // the sink first) and the source queue, work-conserving: when both have a packet
                // that fits an injection VC, round robin the one not served last (or the source
                // queue, or the answers, first: simulation.injection-arbiter); else whichever has
                if (msg != null) {
                    for (int c = msgClasses - 1; c >= 1 && next < 0; c--) {
                        int k = t * msgClasses + c;
                        if (outCount[k] > 0) {
                            int a = outQ[k][outHead[k]];
                            chosen = injectionVcFor(j, base, a);
                            if (chosen >= 0) {
                                next = a;
                                answerKey = k;
                            }
                        }
                    }
                }
                if (next >= 0 && cfg.injectionArbiter() != SimConfig.InjectionArbiter.ANSWERS_FIRST
                    && (answerServedLast[t] || cfg.injectionArbiter() == SimConfig.InjectionArbiter.REQUESTS_FIRST)
                    && injecting && srcCount[t] > 0 && injectionVcFor(j, base, srcRing[t * srcBudget + srcHead[t]]) >= 0) {
                    next = -1;
                    answerKey = -1;
                }
                if (next < 0) {
                    if (!injecting || srcCount[t] == 0) {
                        continue;
                    }
                    next = srcRing[t * srcBudget + srcHead[t]];
                    chosen = injectionVcFor(j, base, next);
                    if (chosen < 0) {
                        continue;
                    }
                    srcHead[t] = (srcHead[t] + 1) & (srcBudget - 1);
                    srcCount[t]--;
                    queuedPackets[t]--;
                    queuedFlits[t] -= pSize[next];
                    if (msg != null) {
                        answerServedLast[t] = false;
                    }
                } else {
                    outHead[answerKey] = (outHead[answerKey] + 1) % endpointQueue;
                    outCount[answerKey]--;
                    answersWaiting--;
                    answerServedLast[t] = true;
                }
                p = next;
                injPkt[j] = p;
                injFlit[j] = 0;
                injVc[j] = chosen;
                pInj[p] = now;
                inNetworkPackets++;
            }
            int iv = base + injVc[j];
            if (injSeen(j, base, injVc[j]) < cap) {
                push(iv, p, injFlit[j], (int) now + 1 + injLat);
                if (netFlits++ == 0) {
                    lastMove = now;
                }
                if (++injFlit[j] == pSize[p]) {
                    injPkt[j] = -1;
                }
            }
        }
    }

    /**
     * An injection VC of port {@code j} with room for packet {@code p} (the one after the last
     * used first), or -1; with message classes only a VC of the packet's class, so that the
     * classes never share an injection buffer either.
     */
    private int injectionVcFor(int j, int base, int p) {
        int size = pSize[p];
        int v = injVc[j];
        for (int k = 0; k < vcs; k++) {
            if (++v == vcs) {
                v = 0;
            }
            if (msg != null && !msg.classUsesVc(pMsg[p], v)) {
                continue;
            }
            if (injectionRoom(j, base, v, size)) {
                return v;
            }
        }
        return -1;
    }

    /**
     * Whether injection VC {@code v} of port {@code j} may take a new packet of {@code size}
     * flits, as the source sees it: room for all of it under VCT; under wormhole an empty VC,
     * or with {@code vc-release: tail} one with room for a flit (the previous packet's tail has
     * entered it, as BookSim's source does with {@code wait_for_tail_credit = 0}).
     */
    private boolean injectionRoom(int j, int base, int v, int size) {
        int n = injSeen(j, base, v);
        return vct ? cap - n >= size : tailRelease ? n < cap : n == 0;
    }

    /**
     * The flits in injection VC {@code v} of port {@code j} as its source sees them: those
     * that left in the last {@code injection-latency} cycles are still counted (their credits
     * are on the injection channel back).
     */
    private int injSeen(int j, int base, int v) {
        int n = bufCount[base + v];
        if (injGoneCycle != null) {
            int from = j * injLat;
            for (int k = 0; k < injLat; k++) {
                if (injGoneVc[from + k] == v && injGoneCycle[from + k] >= now - injLat) {
                    n++;
                }
            }
        }
        return n;
    }

    /**
     * Message classes: at every terminal, the head of each non-sink class's input queue is
     * consumed when the next class's output queue has room; its answer, a new packet to the
     * terminal the message came from and of its size, joins that output queue (one per class
     * per cycle).
     */
    private void consume() {
        for (int t = 0; t < terminals; t++) {
            for (int c = msgClasses - 2; c >= 0; c--) {
                int k = t * msgClasses + c;
                int out = k + 1;
                if (inCount[k] == 0 || outCount[out] == endpointQueue || now < inArrived[k][inHead[k]]) {
                    // (a message still on the ejection channel, simulation.ejection-latency, has not arrived)
                    continue;
                }
                // the terminal serves one message of the class at a time: consume-delay cycles
                // from when the head arrived or the previous one was consumed, whichever is later
                if (cfg.consumeDelay() > 0
                    && now < Math.max(inArrived[k][inHead[k]], lastConsumed[k]) + cfg.consumeDelay()) {
                    continue;
                }
                lastConsumed[k] = now;
                int to = inQ[k][inHead[k]];
                int size = inSize[k][inHead[k]];
                inHead[k] = (inHead[k] + 1) % endpointQueue;
                inCount[k]--;
                endpointMessages--;
                int a = newPacket(t, to, size, now, false);
                created++;
                pMsg[a] = c + 1;
                genFlitsWindow += size;
                outQ[out][(outHead[out] + outCount[out]) % endpointQueue] = a;
                outCount[out]++;
                answersWaiting++;
            }
        }
    }

    /** Whether the input queue of packet {@code p}'s class at its destination has a slot not yet promised. */
    private boolean endpointRoom(int p) {
        int k = pDst[p] * msgClasses + pMsg[p];
        return inCount[k] + inReserved[k] < endpointQueue;
    }

    private void allocateVcs() {
        int requests = 0;
        // the input VCs with a head waiting and awake, in increasing order (the order of the
        // routing function's random draws, the control's calls and the commits below)
        long[] active = waiting.active;
        for (int w = 0; w < active.length; w++) {
            long bits = active[w];
            while (bits != 0) {
                int iv = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                int at = iv * cap + bufHead[iv];
                if (buf[3 * at + 2] + vaWait > now || (frontTiming && frontTime[iv] + vaWait > now)) {
                    continue;
                }
                int ov = choose(iv, buf[3 * at]);
                if (ov < 0) {
                    if (chooseMaySleep) {
                        sleep(iv, buf[3 * at]);
                    }
                    continue;
                }
                vaReq[iv] = ov;
                vaList[requests++] = iv;
                if (vaStamp[ov] != now || beatsVa(iv, vaBest[ov], ov)) {
                    vaStamp[ov] = now;
                    vaBest[ov] = iv;
                }
            }
        }
        if (requests == 0) {
            return;
        }
        int first = (int) (now % requests);
        for (int k = 0; k < requests; k++) {
            int iv = vaList[(first + k) % requests];
            int ov = vaReq[iv];
            if (vaBest[ov] != iv) {
                continue;
            }
            commitVa(iv, ov);
        }
    }

    private boolean beatsVa(int iv, int other, int ov) {
        if (classed && vcPrio[iv % vcs] != vcPrio[other % vcs]) {
            return vcPrio[iv % vcs] > vcPrio[other % vcs];
        }
        if (oldestFirst) {
            long a = pGen[buf[3 * (iv * cap + bufHead[iv])]];
            long b = pGen[buf[3 * (other * cap + bufHead[other])]];
            if (a != b) {
                return a < b;
            }
        }
        if (perPort) {
            // input port first (each port an equal share), then the VCs of the port
            int pp = vaPortPtr[ov];
            int a = iv / vcs - pp;
            int b = other / vcs - pp;
            if (a != b) {
                return (a < 0 ? a + inPorts : a) < (b < 0 ? b + inPorts : b);
            }
            int vp = vaVcPtr[ov];
            a = iv % vcs - vp;
            b = other % vcs - vp;
            return (a < 0 ? a + vcs : a) < (b < 0 ? b + vcs : b);
        }
        int ptr = vaPtr[ov];
        int a = iv - ptr;
        int b = other - ptr;
        return (a < 0 ? a + inVcs : a) < (b < 0 ? b + inVcs : b);
    }

    /** The output VC {@code ov} was granted to input VC {@code iv}: its round-robin pointers move past it. */
    private void granted(int iv, int ov) {
        if (staged) {
            vaAt[iv] = (int) now;
        }
        vaPtr[ov] = iv + 1;
        if (perPort) {
            int port = iv / vcs + 1;
            vaPortPtr[ov] = port == inPorts ? 0 : port;
            int v = iv % vcs + 1;
            vaVcPtr[ov] = v == vcs ? 0 : v;
        }
    }

    /**
     * Whether output VC {@code ov} passes the tests {@link #choose} makes before asking the
     * rule: unowned and, into a network queue, with the credits a packet needs. Only such a
     * change can wake a head that found every candidate failing them.
     */
    private boolean eligible(int ov) {
        if (ovOwner[ov] >= 0) {
            return false;
        }
        return ov >= queues || (vct ? credits[ov] >= slot : tailRelease || credits[ov] == cap);
    }

    /**
     * Puts input VC {@code iv}, whose head packet {@code p} found every candidate output VC
     * owned or short of credits, to sleep on them ({@link WakeUpLists}). Until one of them
     * becomes {@link #eligible}, {@link #choose} would return -1 every cycle without calling
     * anything; the first such change wakes it.
     */
    private void sleep(int iv, int p) {
        int port = iv / vcs;
        int router = inPortRouter[port];
        int header = pHeader[p];
        if (routing.exitNode(header) == router) {
            waiting.sleepOnRange(iv, queues + pDst[p] * ejPorts, ejPorts);
            return;
        }
        int off = route(port < channels ? iv : FlowControlRule.INJECT, router, header);
        int n = routePool[off];
        if (n <= waiting.slots()) {
            waiting.sleep(iv, routePool, off + 2, 2, n);
        }
    }

    /** A VC of input port {@code ip} now holds an output VC and has a flit. */
    private void saEnter(int ip) {
        if (saVcs[ip]++ == 0) {
            saActive[ip >>> 6] |= 1L << ip;
        }
    }

    /** A VC of input port {@code ip} no longer holds an output VC with a flit. */
    private void saLeave(int ip) {
        if (--saVcs[ip] == 0) {
            saActive[ip >>> 6] &= ~(1L << ip);
        }
    }

    /** The output VC the head packet {@code p} of input VC {@code iv} asks for, or -1. */
    private int choose(int iv, int p) {
        chooseMaySleep = false;
        int port = iv / vcs;
        int router = inPortRouter[port];
        int from = port < channels ? iv : FlowControlRule.INJECT;
        if (pHeader[p] < 0) {
            pHeader[p] = chooseHeader(router, p);
        }
        int header = pHeader[p];
        if (routing.exitNode(header) == router) {
            if (msg != null && pMsg[p] < msgClasses - 1 && !endpointRoom(p)) {
                // a message that generates an answer leaves only into room in its input queue
                return -1;
            }
            int base = queues + pDst[p] * ejPorts;
            for (int k = 0; k < ejPorts; k++) {
                if (ovOwner[base + k] < 0) {
                    return base + k;
                }
            }
            chooseMaySleep = msg == null;
            return -1;
        }
        int off = route(from, router, header);
        int n = routePool[off];
        int primary = routePool[off + 1];
        if (controlled && from == FlowControlRule.INJECT) {
            for (int i = 0; i < n; i++) {
                firstQueues[i] = routePool[off + 2 + 2 * i];
            }
            if (!control.mayInject(pSrc[p], pDst[p], pSize[p], firstQueues, n)) {
                return -1;
            }
        }
        int best = -1;
        int bestCredits = -1;
        boolean any = cfg.escapeAny();
        // whether the rule was asked (then the answer may change with any state it reads)
        boolean asked = controlled && from == FlowControlRule.INJECT;
        for (int i = 0; i < n; i++) {
            if (!QueueRoutes.tries(i, primary, best >= 0, any)) {
                break;
            }
            int ov = routePool[off + 2 + 2 * i];
            if (ovOwner[ov] >= 0 || credits[ov] <= bestCredits) {
                continue;
            }
            if (classed && vcClass[ov % vcs] != pClass[p]) {
                continue;
            }
            // every rule needs a free slot (their contract): skip the call when there is none
            if (vct ? credits[ov] < slot : !tailRelease && credits[ov] != cap) {
                continue;
            }
            asked = true;
            if (rule.admit(view, from, ov) == FlowControlRule.DENY) {
                continue;
            }
            best = ov;
            bestCredits = credits[ov];
        }
        chooseMaySleep = !asked;
        return best;
    }

    private void commitVa(int iv, int ov) {
        int at = iv * cap + bufHead[iv];
        int p = buf[3 * at];
        int port = iv / vcs;
        if (ov >= queues) {
            if (msg != null && pMsg[p] < msgClasses - 1) {
                if (!endpointRoom(p)) {
                    return;
                }
                inReserved[pDst[p] * msgClasses + pMsg[p]]++;
            }
            ovOwner[ov] = iv;
            ivOut[iv] = ov;
            waiting.deactivate(iv);
            saEnter(port);
            granted(iv, ov);
            return;
        }
        int from = port < channels ? iv : FlowControlRule.INJECT;
        if (ovOwner[ov] >= 0 || (!vct && !tailRelease && credits[ov] != cap)) {
            return;
        }
        int verdict = rule.admit(view, from, ov);
        if (verdict == FlowControlRule.DENY) {
            return;
        }
        if (observer != null) {
            observer.allocating(probe, from, ov);
        }
        int before = slots(ov);
        ovOwner[ov] = iv;
        ivOut[iv] = ov;
        waiting.deactivate(iv);
        saEnter(port);
        granted(iv, ov);
        if (vct) {
            credits[ov] -= pSize[p];
            reserved[ov] += pSize[p];
        }
        ringAdjust(ov, before);
        if (verdict == FlowControlRule.ADMIT_SHIFT_MARK) {
            marks[ov]--;
            // router B raises the control line to the router upstream of the buffer the packet leaves
            controlLine[controlCount++] = iv;
        }
        int c = ov / vcs;
        if (from == FlowControlRule.INJECT || topo.dimension(port) != topo.dimension(c)) {
            pAccess[p] += (int) (now - (buf[3 * at + 2] + vaWait));
        }
        // the header the packet will have downstream
        int off = route(from, inPortRouter[port], pHeader[p]);
        int n = routePool[off];
        for (int i = 0; i < n; i++) {
            if (routePool[off + 2 + 2 * i] == ov) {
                pHeader[p] = routePool[off + 3 + 2 * i];
                break;
            }
        }
        pHops[p]++;
        if (from == FlowControlRule.INJECT) {
            injectedPackets++;
            if (controlled) {
                control.injected(pSrc[p], pDst[p], pSize[p]);
            }
        }
    }

    private void allocateSwitches(boolean measuring) {
        int requests = 0;
        // the input ports with a VC that holds an output VC and has a flit, in increasing order
        for (int w = 0; w < saActive.length; w++) {
            long bits = saActive[w];
            while (bits != 0) {
                int ip = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                saReq[ip] = -1;
                int base = ip * vcs;
                int best = -1;
                for (int k = 0; k < vcs; k++) {
                    int v = inPtr[ip] + k;
                    if (v >= vcs) {
                        v -= vcs;
                    }
                    int iv = base + v;
                    int ov = ivOut[iv];
                    if (ov < 0 || bufCount[iv] == 0) {
                        continue;
                    }
                    int at = iv * cap + bufHead[iv];
                    if (!switchReady(iv, at)) {
                        continue;
                    }
                    if (!vct && ov < queues && credits[ov] == 0) {
                        continue;
                    }
                    if (classed) {
                        // the highest class priority first, then oldest-first or round robin among equals
                        if (best < 0 || vcPrio[v] > vcPrio[best - base] || (vcPrio[v] == vcPrio[best - base]
                            && oldestFirst && pGen[buf[3 * at]] < pGen[buf[3 * (best * cap + bufHead[best])]])) {
                            best = iv;
                        }
                        continue;
                    }
                    if (best < 0 || (oldestFirst && pGen[buf[3 * at]] < pGen[buf[3 * (best * cap + bufHead[best])]])) {
                        best = iv;
                    }
                    if (!oldestFirst) {
                        break;
                    }
                }
                if (best < 0) {
                    continue;
                }
                saReq[ip] = best;
                saList[requests++] = ip;
                int op = ovPort[ivOut[best]];
                if (saStamp[op] != now || beatsSa(ip, saBest[op], op)) {
                    saStamp[op] = now;
                    saBest[op] = ip;
                }
            }
        }
        for (int r = 0; r < requests; r++) {
            int ip = saList[r];
            int iv = saReq[ip];
            int op = ovPort[ivOut[iv]];
            if (saBest[op] != ip) {
                continue;
            }
            traverse(ip, iv, measuring);
            inPtr[ip] = iv - ip * vcs + 1 == vcs ? 0 : iv - ip * vcs + 1;
            outPtr[op] = ip + 1;
        }
    }

    /**
     * Whether the flit at {@code at}, the front of input VC {@code iv} (which holds an output
     * VC), has spent its cycles in the router: {@code pipeline - 1} since it arrived, or staged,
     * the VC and switch allocation stages since its head was allocated, a body flit the switch
     * allocation stage since it arrived.
     */
    private boolean switchReady(int iv, int at) {
        if (staged && buf[3 * at + 1] == 0) {
            return vaAt[iv] + saHeadWait <= now;
        }
        return buf[3 * at + 2] + saBodyWait <= now;
    }

    private boolean beatsSa(int ip, int other, int op) {
        if (classed) {
            int pa = vcPrio[saReq[ip] % vcs];
            int pb = vcPrio[saReq[other] % vcs];
            if (pa != pb) {
                return pa > pb;
            }
        }
        if (oldestFirst) {
            int a = saReq[ip];
            int b = saReq[other];
            long ga = pGen[buf[3 * (a * cap + bufHead[a])]];
            long gb = pGen[buf[3 * (b * cap + bufHead[b])]];
            if (ga != gb) {
                return ga < gb;
            }
        }
        int ptr = outPtr[op];
        int a = ip - ptr;
        int b = other - ptr;
        return (a < 0 ? a + inPorts : a) < (b < 0 ? b + inPorts : b);
    }

    private void traverse(int ip, int iv, boolean measuring) {
        int at = iv * cap + bufHead[iv];
        int p = buf[3 * at];
        int f = buf[3 * at + 1];
        bufHead[iv] = bufHead[iv] + 1 == cap ? 0 : bufHead[iv] + 1;
        if (bufCount[iv]-- == cap && iv < queues) {
            fullBuffers--;
        }
        boolean tail = f == pSize[p] - 1;
        if (tail || bufCount[iv] == 0) {
            // the VC no longer both holds an output VC and has a flit
            saLeave(ip);
        }
        lastMove = now;
        if (ip < channels) {
            links.sendCredit(ip, chanCreditLat[ip], iv - ip * vcs);
            creditsBack[iv]++;
        } else if (injGoneCycle != null) {
            int k = (ip - channels) * injLat + (int) (now % injLat);
            injGoneCycle[k] = (int) now;
            injGoneVc[k] = iv - ip * vcs;
        }
        int ov = ivOut[iv];
        if (marking && f == 0 && rc.mark(iv, ovPort[ov], bufCount[iv] + 1)) {
            pMark[p] = true;
        }
        if (ov < queues) {
            int c = ov / vcs;
            links.sendFlit(c, 1 + chanLinkLat[c], p, f, ov - c * vcs);
            onLink[ov]++;
            if (vct) {
                reserved[ov]--;
            } else {
                addCredits(ov, -1);
            }
            if (measuring) {
                chanFlits[c]++;
            }
        } else {
            deliver(p, f, ov);
        }
        if (tail) {
            if (vct || ov >= queues) {
                ovOwner[ov] = -1;
            } else {
                int before = slots(ov);
                ovOwner[ov] = -1;
                ringAdjust(ov, before);
            }
            if (waiting.waitedOn(ov) && eligible(ov)) {
                waiting.wake(ov);
            }
            ivOut[iv] = -1;
            if (bufCount[iv] > 0) {
                // the next packet's head is at the front
                waiting.activate(iv);
            }
            if (frontTiming) {
                // the next packet's head, if any, reached the front as this tail left: like a head that
                // arrived now, it leaves pipeline - 1 cycles later at the earliest (staged: its route
                // computation starts next cycle, as BookSim's VC turns to routing when the tail leaves)
                frontTime[iv] = (int) now + (staged ? 1 : 0);
            }
        }
    }

    private void deliver(int p, int f, int ov) {
        netFlits--;
        if (pDelivered[p] != f) {
            throw new SimulationError("cycle " + now + ": flit " + f + " of packet " + p + " delivered after "
                + pDelivered[p] + " of its flits (out of order)");
        }
        int terminal = (ov - queues) / ejPorts;
        if (terminal != pDst[p]) {
            throw new SimulationError("cycle " + now + ": packet " + p + " for terminal " + pDst[p]
                + " delivered to terminal " + terminal);
        }
        pDelivered[p]++;
        if (classed && pClass[p] == ctlClass) {
            // a control packet (one flit): not data, not in throughput or latency
            ctlDelivered++;
            inNetworkPackets--;
            rc.deliveredControl(pSrc[p], pDst[p], pInfo[p]);
            pSize[p] = -pSize[p];
            freePkts[freeCount++] = p;
            return;
        }
        accFlitsWindow++;
        deliveredFlits++;
        if (pDelivered[p] < pSize[p]) {
            return;
        }
        long done = now + 1 + ejLat;
        delivered++;
        inNetworkPackets--;
        lastDelivery = done;
        sumHops += pHops[p];
        hopPackets++;
        if (listener != null) {
            listener.delivered(pSrc[p], pDst[p], pSize[p], pGen[p], pInj[p], done, pHops[p]);
        }
        if (classed) {
            rc.deliveredData(pSrc[p], pDst[p], pSize[p], pMark[p]);
        } else if (controlled) {
            control.delivered(pSrc[p], pDst[p], pSize[p]);
        }
        if (msg != null && pMsg[p] < msgClasses - 1) {
            // into the input queue of its class, which the ejection grant reserved
            int k = pDst[p] * msgClasses + pMsg[p];
            inReserved[k]--;
            inQ[k][(inHead[k] + inCount[k]) % endpointQueue] = pSrc[p];
            inSize[k][(inHead[k] + inCount[k]) % endpointQueue] = pSize[p];
            inArrived[k][(inHead[k] + inCount[k]) % endpointQueue] = done;
            inCount[k]++;
            endpointMessages++;
        }
        if (pMeasured[p]) {
            int lat = (int) (done - pGen[p]);
            latencies.record(lat);
            sumLatency += lat;
            sumQueueing += pInj[p] - pGen[p];
            sumAccess += pAccess[p];
            measuredOutstanding--;
        }
        pSize[p] = -pSize[p];
        freePkts[freeCount++] = p;
    }

    // ------------------------------------------------------------------ packets

    /** A packet record created in cycle {@code gen} (not counted in {@code created}: its caller counts it). */
    private int newPacket(int src, int dst, int size, long gen, boolean measured) {
        int p;
        if (freeCount > 0) {
            p = freePkts[--freeCount];
        } else {
            if (nextPkt == pSrc.length) {
                growPackets();
            }
            p = nextPkt++;
        }
        pSrc[p] = src;
        pDst[p] = dst;
        pHeader[p] = -1;
        pSize[p] = size;
        pGen[p] = gen;
        pInj[p] = -1;
        pAccess[p] = 0;
        pDelivered[p] = 0;
        pHops[p] = 0;
        pMeasured[p] = measured;
        if (msg != null) {
            pMsg[p] = 0;
        }
        if (classed) {
            pClass[p] = 0;
            pMark[p] = false;
            pInfo[p] = 0;
        }
        return p;
    }

    private void growPackets() {
        int n = pSrc.length * 2;
        pSrc = Arrays.copyOf(pSrc, n);
        pDst = Arrays.copyOf(pDst, n);
        pHeader = Arrays.copyOf(pHeader, n);
        pSize = Arrays.copyOf(pSize, n);
        pGen = Arrays.copyOf(pGen, n);
        pInj = Arrays.copyOf(pInj, n);
        pAccess = Arrays.copyOf(pAccess, n);
        pDelivered = Arrays.copyOf(pDelivered, n);
        pHops = Arrays.copyOf(pHops, n);
        pMeasured = Arrays.copyOf(pMeasured, n);
        if (msg != null) {
            pMsg = Arrays.copyOf(pMsg, n);
        }
        freePkts = Arrays.copyOf(freePkts, n);
        if (classed) {
            pClass = Arrays.copyOf(pClass, n);
            pMark = Arrays.copyOf(pMark, n);
            pInfo = Arrays.copyOf(pInfo, n);
        }
    }

    /**
     * Tops up terminal {@code t}'s stored packets to {@code srcBudget} (or to its whole queue):
     * the lazy generator draws the terminal's packets of the cycles after the last it drew,
     * up to the last cycle generated, the same packets, in the same order, the counting
     * generator made, each with its creation cycle.
     */
    private void fill(int t) {
        int base = t * srcBudget;
        while (srcCount[t] < srcBudget) {
            if (lazyLeft[t] == 0) {
                if (lazyCycle[t] >= generatedThrough) {
                    return;
                }
                lazyCycle[t]++;
                lazyLeft[t] = lazy.packets(t, lazyCycle[t]);
                continue;
            }
            lazyLeft[t]--;
            long c = lazyCycle[t];
            int d = lazy.destination(t, c);
            if (d < 0) {
                continue;
            }
            int p = newPacket(t, d, lazy.size(t), c, c >= cfg.warmup());
            srcRing[base + ((srcHead[t] + srcCount[t]) & (srcBudget - 1))] = p;
            srcCount[t]++;
        }
    }

    private void push(int iv, int p, int f, int time) {
        int n = bufCount[iv];
        if (n == cap) {
            throw new SimulationError("cycle " + now + ": buffer " + ivName(iv) + " overflows (" + cap + " flits)");
        }
        int i = bufHead[iv] + n;
        if (i >= cap) {
            i -= cap;
        }
        int at = iv * cap + i;
        buf[3 * at] = p;
        buf[3 * at + 1] = f;
        buf[3 * at + 2] = time;
        bufCount[iv] = n + 1;
        if (n + 1 == cap && iv < queues) {
            fullBuffers++;
        }
        if (n == 0) {
            if (ivOut[iv] < 0) {
                // a head at the front: it asks for an output VC from now on
                waiting.activate(iv);
            } else {
                saEnter(iv / vcs);
            }
        }
    }

    // ------------------------------------------------------------------ classes and control packets

    /**
     * With a {@link RouterControl}: the packet an idle injection port {@code j} of terminal
     * {@code t} starts, or -1. A queued control packet first, into its class VC; then the
     * oldest of the first {@code lookahead} data packets the control admits and whose class
     * has room in the injection buffer (it leaves the queue from the middle; the order of
     * the rest is kept).
     */
    private int takeClassed(int j, int t, int base) {
        if (ctlCount[t] > 0) {
            int[] cq = ctlQ[t];
            int p = cq[ctlHead[t]];
            int v = vcs - pClass[p];
            if (injectionRoom(j, base, v, 1)) {
                ctlHead[t] = (ctlHead[t] + 1) & (cq.length - 1);
                ctlCount[t]--;
                startInjection(j, p, v);
                return p;
            }
        }
        if (!injecting || srcCount[t] == 0) {
            return -1;
        }
        int[] q = srcRing;
        int off = t * srcBudget;
        int mask = srcBudget - 1;
        int head = srcHead[t];
        int limit = Math.min(srcCount[t], lookahead);
        for (int i = 0; i < limit; i++) {
            int p = q[off + ((head + i) & mask)];
            int cls = rc.sourceClass(t, pDst[p], pSize[p]);
            if (cls < 0) {
                continue;
            }
            int v = injectionVc(j, base, cls, pSize[p]);
            if (v < 0) {
                continue;
            }
            for (int k = i; k > 0; k--) {
                q[off + ((head + k) & mask)] = q[off + ((head + k - 1) & mask)];
            }
            srcHead[t] = (head + 1) & mask;
            srcCount[t]--;
            queuedPackets[t]--;
            queuedFlits[t] -= pSize[p];
            pClass[p] = (byte) cls;
            rc.left(t, pDst[p], pSize[p], cls);
            startInjection(j, p, v);
            return p;
        }
        return -1;
    }

    /** An injection VC of class {@code cls} with room for a packet of {@code size}, or -1. */
    private int injectionVc(int j, int base, int cls, int size) {
        if (cls > 0) {
            int v = vcs - cls;
            return injectionRoom(j, base, v, size) ? v : -1;
        }
        int normal = vcs - classVcs;
        for (int k = 0; k < normal; k++) {
            int v = (injVc[j] + 1 + k) % normal;
            if (injectionRoom(j, base, v, size)) {
                return v;
            }
        }
        return -1;
    }

    private void startInjection(int j, int p, int v) {
        injPkt[j] = p;
        injFlit[j] = 0;
        injVc[j] = v;
        pInj[p] = now;
        inNetworkPackets++;
    }

    /**
     * The contention degree of every output port this cycle: each input port counts one
     * request, for the port wanted by one of its VCs drawn at random among those whose front
     * packet is ready and either holds an output VC or asks for one (CBCM's randomized
     * degree, section IV-B1).
     */
    private void contention() {
        Arrays.fill(degree, 0);
        for (int ip = 0; ip < inPorts; ip++) {
            int base = ip * vcs;
            int chosen = -1;
            int seen = 0;
            for (int v = 0; v < vcs; v++) {
                int iv = base + v;
                if (bufCount[iv] == 0 || !vcContends[v]) {
                    continue;
                }
                int at = iv * cap + bufHead[iv];
                if (ivOut[iv] >= 0 ? !switchReady(iv, at) : buf[3 * at + 2] + vaWait > now) {
                    continue;
                }
                int op = requestedPort(ip, iv, at);
                if (op < 0) {
                    continue;
                }
                seen++;
                if (seen == 1 || contentionRandom.nextInt(seen) == 0) {
                    chosen = op;
                }
            }
            if (chosen >= 0) {
                degree[chosen]++;
            }
        }
        rc.degrees(degree);
    }

    private int requestedPort(int port, int iv, int at) {
        int ov = ivOut[iv];
        if (ov >= 0) {
            return ovPort[ov];
        }
        int p = buf[3 * at];
        int header = pHeader[p];
        if (buf[3 * at + 1] != 0 || header < 0) {
            return -1;
        }
        int router = inPortRouter[port];
        if (routing.exitNode(header) == router) {
            return channels + pDst[p] * ejPorts;
        }
        int off = route(port < channels ? iv : FlowControlRule.INJECT, router, header);
        return routePool[off] == 0 ? -1 : ovPort[routePool[off + 2]];
    }

    /** What a {@link RouterControl} may ask of the simulator. */
    private final class Port implements RouterControl.Port {
        @Override
        public void send(int from, int to, int payload) {
            int p = newPacket(from, to, 1, now, false);
            ctlCreated++;
            pClass[p] = (byte) ctlClass;
            pInfo[p] = payload;
            int[] q = ctlQ[from];
            if (ctlCount[from] == q.length) {
                int[] bigger = new int[q.length * 2];
                for (int i = 0; i < ctlCount[from]; i++) {
                    bigger[i] = q[(ctlHead[from] + i) & (q.length - 1)];
                }
                ctlQ[from] = bigger;
                ctlHead[from] = 0;
                q = bigger;
            }
            q[(ctlHead[from] + ctlCount[from]) & (q.length - 1)] = p;
            ctlCount[from]++;
        }

        @Override
        public int queued(int terminal) {
            return (int) Math.min(Integer.MAX_VALUE, queuedPackets[terminal]);
        }

        @Override
        public int outputPorts() {
            return outPorts;
        }
    }

    /**
     * The latency of channel {@code c} of its own, in cycles: a graph channel's {@code latency}
     * (1 unless its file gives one), 1 on every other topology. The simulator adds it, less
     * one, to {@code simulation.link-latency} and {@code credit-latency}.
     */
    public static int channelLatency(Topology topo, int c) {
        return topo instanceof flowproof.topology.GraphTopology g ? g.latency(c) : 1;
    }

    // ------------------------------------------------------------------ routes

    /** Offset in the route pool of the next queues of a packet with {@code header} leaving {@code from} (or injected at {@code router}). */
    private int route(int from, int router, int header) {
        int key = (from >= 0 ? from : queues + router) * headers + header;
        int off = routeIndex[key];
        if (off >= 0) {
            return off;
        }
        QueueRoutes.Next next = routes.next(from, router, header);
        int need = 2 + 2 * next.size();
        if (routeUsed + need > routePool.length) {
            routePool = Arrays.copyOf(routePool, Math.max(routePool.length * 2, routeUsed + need));
        }
        off = routeUsed;
        routePool[off] = next.size();
        routePool[off + 1] = next.primary();
        for (int i = 0; i < next.size(); i++) {
            routePool[off + 2 + 2 * i] = next.queues()[i];
            routePool[off + 3 + 2 * i] = next.headers()[i];
        }
        routeUsed += need;
        routeIndex[key] = off;
        return off;
    }

    /**
     * The header a packet starts with. One unless the routing function chooses at the
     * source (UGAL): then the minimal route against one random Valiant route, each costed
     * as the occupancy of its emptiest first-hop queue times its hop count (UGAL-L). An
     * oblivious choice ({@link RoutingFunction#randomHeader}: Valiant's routing, DOR's random
     * tie) takes one of its headers uniformly at random.
     */
    private int chooseHeader(int router, int p) {
        int dstRouter = termRouter[pDst[p]];
        int n = msg != null ? msg.messageHeaders(pMsg[p], router, dstRouter, scratchHeaders)
            : routing.injectHeaders(router, dstRouter, scratchHeaders);
        if (n <= 1 || dstRouter == router || (classed && pClass[p] != 0)) {
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

    private int firstHopOccupancy(int router, int header) {
        int off = route(FlowControlRule.INJECT, router, header);
        int n = routePool[off];
        int best = Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int ov = routePool[off + 2 + 2 * i];
            if (classed && vcClass[ov % vcs] != 0) {
                // only normal traffic chooses at the source: the class VCs are not its queues
                continue;
            }
            best = Math.min(best, cap - credits[ov] + 1);
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

    // ------------------------------------------------------------------ rule view and slots

    private int slots(int q) {
        if (vct) {
            return credits[q] / slot;
        }
        return ovOwner[q] < 0 && (tailRelease || credits[q] == cap) ? 1 : 0;
    }

    private void addCredits(int q, int delta) {
        if (!trackRings) {
            credits[q] += delta;
            return;
        }
        int before = slots(q);
        credits[q] += delta;
        ringAdjust(q, before);
    }

    private void ringAdjust(int q, int before) {
        if (!trackRings) {
            return;
        }
        int r = ringOfQueue[q];
        if (r >= 0) {
            ringFree[r] += slots(q) - before;
        }
    }

    /** The network as a congestion-control scheme reads it. */
    private final class State implements NetworkState {
        @Override
        public Network network() {
            return net;
        }

        @Override
        public int terminals() {
            return terminals;
        }

        @Override
        public int routerOf(int terminal) {
            return termRouter[terminal];
        }

        @Override
        public int bufferFlits() {
            return cap;
        }

        @Override
        public int slotFlits() {
            return slot;
        }

        @Override
        public int credits(int queue) {
            return credits[queue];
        }

        @Override
        public int occupancy(int queue) {
            return bufCount[queue];
        }

        @Override
        public boolean allocated(int queue) {
            return ovOwner[queue] >= 0;
        }

        @Override
        public int fullBuffers() {
            return fullBuffers;
        }

        @Override
        public long deliveredFlits() {
            return deliveredFlits;
        }

        @Override
        public long injectedPackets() {
            return injectedPackets;
        }

        @Override
        public long now() {
            return now;
        }
    }

    private final class View implements BufferView {
        @Override
        public Network network() {
            return net;
        }

        @Override
        public int freeSlots(int queue) {
            return slots(queue);
        }

        @Override
        public int criticalMarks(int queue) {
            return marks[queue];
        }

        @Override
        public int ringFreeSlots(int ring) {
            if (!trackRings) {
                throw new IllegalStateException("rule " + rule.describe() + " reads ring free slots but does not "
                    + "say so (FlowControlRule.readsRingOccupancy)");
            }
            return ringFree[ring];
        }
    }

    /** What a {@link CycleObserver} reads. */
    private final class Probe implements SimState {
        @Override
        public Network network() {
            return view.network();
        }

        @Override
        public int freeSlots(int queue) {
            return view.freeSlots(queue);
        }

        @Override
        public int criticalMarks(int queue) {
            return view.criticalMarks(queue);
        }

        @Override
        public int ringFreeSlots(int ring) {
            if (trackRings) {
                return ringFree[ring];
            }
            int sum = 0;
            for (int q : net.ringQueues(ring)) {
                sum += slots(q);
            }
            return sum;
        }

        @Override
        public long now() {
            return now;
        }

        @Override
        public FlowControlRule rule() {
            return rule;
        }

        @Override
        public InjectionControl control() {
            return control;
        }

        @Override
        public int bufferFlits() {
            return cap;
        }

        @Override
        public boolean virtualCutThrough() {
            return vct;
        }

        @Override
        public int credits(int q) {
            return credits[q];
        }

        @Override
        public int occupancy(int q) {
            return bufCount[q];
        }

        @Override
        public int reserved(int q) {
            return reserved[q];
        }

        @Override
        public int onLink(int q) {
            return onLink[q];
        }

        @Override
        public int creditsReturning(int q) {
            return creditsBack[q];
        }

        @Override
        public boolean allocated(int q) {
            return ovOwner[q] >= 0;
        }

        @Override
        public boolean departing(int q) {
            return ivOut[q] >= 0;
        }

        @Override
        public int marksInFlight(int q) {
            int n = 0;
            for (int i = 0; i < controlCount; i++) {
                if (controlLine[i] == q) {
                    n++;
                }
            }
            return n;
        }

        @Override
        public int bufferedPacket(int q, int i) {
            return buf[3 * (q * cap + (bufHead[q] + i) % cap)];
        }

        @Override
        public int bufferedFlit(int q, int i) {
            return buf[3 * (q * cap + (bufHead[q] + i) % cap) + 1];
        }

        @Override
        public int destination(int p) {
            return pDst[p];
        }

        @Override
        public int size(int p) {
            return Math.abs(pSize[p]);
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
        public long flitsInNetwork() {
            return netFlits;
        }
    }

    // ------------------------------------------------------------------ deadlock and checks

    private boolean deadlocked() {
        return netFlits > 0 && now - lastMove >= cfg.deadlockCycles();
    }

    private SimResult.Deadlock deadlockReport() {
        List<String> held = new ArrayList<>();
        for (int iv = 0; iv < inVcs; iv++) {
            if (bufCount[iv] > 0) {
                int p = buf[3 * (iv * cap + bufHead[iv])];
                held.add(ivName(iv) + " (" + bufCount[iv] + " flits, head to "
                    + topo.nodeName(termRouter[pDst[p]]) + ")");
            }
        }
        return new SimResult.Deadlock(now, inNetworkPackets, held);
    }

    private String ivName(int iv) {
        int port = iv / vcs;
        if (port < channels) {
            return net.queueName(iv);
        }
        int j = port - channels;
        return "injection " + (j % injPorts) + " of terminal " + (j / injPorts) + " at "
            + topo.nodeName(termRouter[j / injPorts]) + " vc" + (iv % vcs);
    }

    private void checkCredits() {
        for (int q = 0; q < queues; q++) {
            int sum = credits[q] + reserved[q] + onLink[q] + bufCount[q] + creditsBack[q];
            if (sum != cap) {
                throw new SimulationError("cycle " + now + ": " + net.queueName(q) + ": credits " + credits[q]
                    + " + reserved " + reserved[q] + " + on link " + onLink[q] + " + buffered " + bufCount[q]
                    + " + credits returning " + creditsBack[q] + " = " + sum + ", not the capacity " + cap);
            }
            if (bufCount[q] > cap || credits[q] < 0) {
                throw new SimulationError("cycle " + now + ": " + net.queueName(q) + " over capacity");
            }
        }
    }

    private void checkConservation() {
        long queued = answersWaiting;
        for (int t = 0; t < terminals; t++) {
            queued += queuedPackets[t];
            if (srcCount[t] > queuedPackets[t]) {
                throw new SimulationError("conservation: terminal " + t + " stores " + srcCount[t]
                    + " packets of a source queue of " + queuedPackets[t]);
            }
        }
        long ctlQueued = 0;
        if (classed) {
            for (int t = 0; t < terminals; t++) {
                ctlQueued += ctlCount[t];
            }
        }
        long inside = created + ctlCreated - delivered - ctlDelivered - queued - ctlQueued;
        if (inside != inNetworkPackets) {
            throw new SimulationError("conservation: created " + created + " data and " + ctlCreated
                + " control packets, delivered " + delivered + " and " + ctlDelivered + ", queued at sources "
                + queued + " and " + ctlQueued + ", but " + inNetworkPackets + " in the network");
        }
        long flits = 0;
        for (int iv = 0; iv < inVcs; iv++) {
            flits += bufCount[iv];
        }
        for (int q = 0; q < queues; q++) {
            flits += onLink[q];
        }
        if (flits != netFlits) {
            throw new SimulationError("conservation: " + flits + " flits in buffers and links, " + netFlits + " expected");
        }
    }

    private SimResult.Latency latencyStats() {
        long count = latencies.packets();
        if (count == 0) {
            return null;
        }
        double n = count;
        return new SimResult.Latency(count, sumLatency / n, latencies.quantile(0.5), latencies.quantile(0.99),
            latencies.max(), sumQueueing / n, sumAccess / n, (sumLatency - sumQueueing - sumAccess) / n);
    }

    // ------------------------------------------------------------------ recording
}
