package flowproof.sim;

import flowproof.routing.MessageRouting;
import flowproof.routing.QueueRoutes;
import flowproof.routing.RoutingFunction;
import flowproof.rule.FlowControlRule;
import flowproof.sim.SimConfig.Arbiter;
import flowproof.sim.SimConfig.Switching;
import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.RouterControl;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import flowproof.traffic.Workload;
import java.util.Arrays;
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
 *   <li><b>Arrivals</b>: flits whose link time is over enter their input buffer (without a
 *       congestion control or an observer a flit is written there when it leaves, stamped
 *       with this cycle, which every reader of the buffer's front waits for:
 *       {@code directLinks}); credits
 *       whose return time is over are added upstream; critical-bubble control lines raised
 *       in the previous cycle increment the upstream counter B.</li>
 *   <li><b>Sources</b>: the workload creates packets into each terminal's source queue
 *       (unbounded, in bounded memory: its first 64 packets are stored,
 *       the rest counted and drawn again later; see {@code srcRing}); each injection port writes one flit per cycle into an injection VC
 *       (a new packet takes a VC with room for all of it under VCT, an empty one under
 *       wormhole).</li>
 *   <li><b>Route computation and VC allocation</b> ({@link VcAllocator}), for packets whose
 *       head is at the front of its buffer and has spent {@code pipeline-1} cycles in the
 *       router: the routing function's candidates become output VCs through
 *       {@link QueueRoutes} (the table the explorer uses, {@link RouteComputation}); an output
 *       VC is requested if it is idle and the rule {@linkplain FlowControlRule#admit admits}
 *       the move on the live buffer state (injection judged as {@link FlowControlRule#INJECT}).
 *       Each input VC requests its best candidate (adaptive: the one with most credits;
 *       escape VCs only when no adaptive VC admits, as in the explorer); each output VC grants
 *       one request (round robin or oldest first); grants are then committed in a rotating
 *       order of input VCs, each re-judged by the rule on the state the earlier commits left.
 *       For rules that judge their target queue only this changes nothing (one grant per
 *       output VC); for Theoretical BFC, whose ring-wide count is global and atomic, it is
 *       the omniscient controller of the paper: of two injections into a ring with two
 *       free slots in the same cycle, only the first is granted.</li>
 *   <li><b>Switch allocation and traversal</b> ({@link SwitchAllocator}, then
 *       {@link #traverse}): separable input-first: every input port picks one VC with a flit
 *       ready to go (wormhole: and a credit downstream), every output port grants one input
 *       port; a winning flit leaves its buffer, its credit starts back upstream and it enters
 *       the link (arriving {@code 1+linkLatency} cycles later) or the ejection channel
 *       (delivered next cycle).</li>
 * </ol>
 * A flit therefore spends {@code pipeline} cycles in each router and {@code linkLatency} on
 * each link; a packet of S flits over H hops has zero-load latency
 * {@code (H+1)*pipeline + H*linkLatency + S} (one cycle on the injection channel, S-1 of
 * serialisation), plus the {@link SimConfig.Router} options' injection and ejection latency.
 *
 * <p><b>Components.</b> This class is the router's cycle: arrivals, the sources and
 * injection ports, switch traversal and delivery, and the checks. The state and the stages
 * are their own classes: {@link Buffers} (input VC buffers, output VCs, credits and marks:
 * the rule's view), {@link Packets} (the packet table), {@link Links} (channels and credit
 * channels), {@link RouteComputation}, {@link VcAllocator} (with its {@link WakeUpLists}),
 * {@link SwitchAllocator} (both timed by {@link RouterTiming}), {@link MessageQueues}
 * (message classes at the terminals) and
 * {@link Statistics} (what a run measures, with {@link SeriesBuilder} and
 * {@link SpaceTimeRecorder}).
 *
 * <p><b>Router options</b> ({@link SimConfig.Router}, issue 20; the defaults are the model
 * above). {@code vc-release: tail} (wormhole) lets an output VC whose previous packet's tail
 * has left be allocated before the downstream buffer drains; the rule then sees an unowned VC
 * as a free slot. {@code route-timing: front} starts a head's {@code pipeline - 1} cycles
 * when it reaches the front of its VC, not when it arrived. {@code allocation: per-port}
 * makes each output VC's round robin rotate over input ports first, then over the VCs of the
 * winning port, so that an injection port with several requesting VCs wins no more than any
 * other port; {@code allocation: transit-first} lets a packet continuing along its ring win
 * over one entering it (the bubble router's in-transit priority).
 * {@code stages} replaces the pipeline's timing by BookSim's router stages
 * ({@link RouterTiming}): the same zero-load latency, a longer loop from VC allocation to
 * the switch. The source sees its injection VCs across the injection channel: a flit's
 * departure {@code injection-latency} cycles late; with {@code vc-release: tail} it writes a
 * new packet into an injection VC behind the previous tail.
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
 *   <li>arrivals read the flits and credits listed for the cycle's slot ({@code Links});</li>
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
 *       a flit, in increasing order;</li>
 *   <li>an idle injection port whose head packet found no injection VC with room is not asked
 *       again until a flit leaves one of its VCs ({@code injNoRoom}).</li>
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
    private final FlowControlRule rule;
    private final Workload workload;
    private final boolean vct;
    /** {@code ejection-release: credit}, and the cycles from a tail's grant to its ejection VC's credit. */
    private final boolean ejectionCredit;
    private final int ejCreditLat;
    /** Extra cycles on the injection and ejection channels (ejection: and staged, the switch traversal). */
    private final int injLat;
    private final int ejLat;
    /**
     * Per injection port, the last {@code injLat} cycles' departures from its VCs (cycle and VC;
     * at most one a cycle): the source learns of the room they leave {@code injLat} cycles late,
     * as a credit crossing the injection channel back. Null when {@code injLat} is 0.
     */
    private final int[] injGoneCycle;
    private final int[] injGoneVc;
    /** When flits may take each step in their router: the pipeline or BookSim's stages. */
    private final RouterTiming timing;

    private final int vcs;
    private final int channels;
    private final int terminals;
    private final int queues;
    private final int inPorts;
    private final int inVcs;
    private final int outPorts;
    private final int cap;
    /**
     * Per channel: cycles on the link ({@code link-latency} plus the graph channel's latency
     * beyond 1), and cycles a credit takes back upstream ({@code credit-latency} plus the same
     * extra); both null when every channel has latency 1 (then {@link #sameLinkLat} and
     * {@link #sameCreditLat}, read without a lookup per flit).
     */
    private final int[] chanLinkLat;
    private final int[] chanCreditLat;
    private final int sameLinkLat;
    private final int sameCreditLat;
    /**
     * A flit that crosses the switch into a channel is written into the downstream buffer at
     * once, stamped with the cycle it arrives ({@link #traverse}), instead of riding the link
     * wheel to an arrival: every reader of a buffer's front waits for its stamp (the
     * allocators' pipeline and stage checks), so nothing decides differently. Only the buffer
     * counts of in-flight flits differ (they count as buffered, not on the link), so it is off
     * when something reads them: a congestion control, an observer, or a deadlock window no
     * longer than a link.
     */
    private boolean directLinks;
    private final boolean directAllowed;
    private final int injPorts;
    private final int ejPorts;
    /** A terminal's ejection output VCs: {@code ejection-vcs} per ejection port. */
    private final int ejOutVcs;
    private final int[] termRouter;
    /** The router of each input port (network channels, then injection ports). */
    private final int[] inPortRouter;
    private final int[] ovPort;

    // the components (see the package documentation)
    private final Buffers b;
    private final Packets pk;
    private final Links links;
    private final RouteComputation routes;
    private final VcAllocator va;
    private final SwitchAllocator sa;
    private final Statistics stats;
    /** Null without message classes. */
    private final MessageQueues msg;
    /** Deadlocks and knots, and their reports. */
    private final DeadlockWatch watch;

    /** For drifting critical marks: each ring queue's upstream queue in its ring (-1 elsewhere), or null. */
    private final int[] ringUpstream;
    private final int[] driftFrom;

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
     * While a terminal's whole queue is stored and has room, the counting generator's packets
     * are stored at once and the lazy generator skips those cycles: it draws them (and
     * discards them) only if the queue outgrows its budget later ({@code lazyDrawn}), so
     * below saturation each terminal costs one draw a cycle, not two.
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
    /** Per terminal: the last cycle the lazy generator's streams have drawn (at most {@code lazyCycle}: the cycles between were stored from the counting generator). */
    private final long[] lazyDrawn;
    /** The last cycle in which sources generated (-1 before the first). */
    private long generatedThrough = -1;
    private final int[] injPkt;
    private final int[] injFlit;
    private final int[] injVc;
    /**
     * With message classes under wormhole, per injection port and class
     * ({@code port * classes + class}): a packet whose injection has started and that the port
     * put aside because its injection VC was full, its next flit and its VC (-1: none). The
     * port writes one flit a cycle, of its current packet if that one's VC has room, else of
     * a packet of another class, so a blocked request holds back no answer travelling on other
     * VCs: the injection the explorer's extended dependency graph assumes. Null otherwise.
     */
    private final int[] parkPkt;
    private final int[] parkFlit;
    private final int[] parkVc;
    /**
     * Per injection port: its source queue's head packet found no injection VC with room, and
     * no flit has left the port's VCs since (null with message classes or an injection latency,
     * whose ports are always asked). Until a flit leaves, asking again would give the same
     * answer: the head and the VC pointer stay, and the VCs only fill.
     */
    private final boolean[] injNoRoom;

    private DeliveryListener listener;
    private MessageListener messageListener;
    /** Null unless a test or {@code fuzz} watches the run. */
    private CycleObserver observer;
    private Probe probe;

    // congestion control
    private final InjectionControl control;
    private final boolean controlled;
    private long deliveredFlits;

    // traffic classes, marks and control packets ({@link RouterControl}); all null/false without one
    private final RouterControl rc;
    /** The control is a {@link RouterControl}: class VCs, priorities and the source-queue lookahead apply. */
    private final boolean classed;
    private final boolean contend;
    /** Whether the control wants every counted request's router, source and destination ({@link RouterControl#requested}). */
    private final boolean perDestination;
    private final boolean marking;
    private final int classVcs;
    private final int ctlClass;
    private final int lookahead;
    /** Per VC of a port: whether its requests count in the contention degree. */
    private final boolean[] vcContends;
    private final int[] degree;
    private final SplittableRandom contentionRandom;
    private final int[][] ctlQ;
    private final int[] ctlHead;
    private final int[] ctlCount;
    private long ctlCreated;
    private long ctlDelivered;

    /** Told about every packet delivered (its tail reaching the destination terminal). */
    public interface DeliveryListener {
        void delivered(int source, int destination, int size, long created, long injected, long done, int hops);
    }

    /** Told about every delivered message of a spec with message classes, with its class (0: the first). */
    public interface MessageListener {
        void delivered(int messageClass, int source, int destination, int size, long created, long done);
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

    public Simulator(SimConfig cfg) {
        this(cfg, true);
    }

    /**
     * A simulator whose switch allocator takes, with one-iteration iSLIP, the one-pass path
     * ({@code islipOnePass}) or the general matcher {@link Islip#match}: the two make the same
     * matches, which a test checks by running both.
     */
    Simulator(SimConfig cfg, boolean islipOnePass) {
        this.cfg = cfg;
        this.net = cfg.network();
        this.topo = net.topology();
        this.rule = cfg.effectiveRule();
        this.workload = cfg.workload();
        this.vct = cfg.switching() == Switching.VCT;
        SimConfig.Router router = cfg.router();
        this.injLat = router.injectionLatency();
        this.vcs = net.vcs();
        this.channels = topo.channels();
        int concentration = topo.concentration();
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
        // each ejection channel has ejection-vcs output VCs, one after the other
        int ejVcs = router.ejectionVcs();
        this.ejOutVcs = ejPorts * ejVcs;
        int outVcs = queues + terminals * ejOutVcs;
        this.outPorts = channels + terminals * ejPorts;
        this.cap = cfg.bufferFlits();
        timing = new RouterTiming(cfg, inVcs);
        // staged, a flit crosses the switch before its link or ejection channel
        this.ejLat = router.ejectionLatency() + timing.traversal;
        int linkLat = cfg.linkLatency() + timing.traversal;
        int creditLat = cfg.creditLatency();
        int[] flitLats = new int[channels];
        int[] creditLats = new int[channels];
        int longest = Math.max(linkLat, creditLat);
        boolean same = true;
        for (int c = 0; c < channels; c++) {
            int extra = channelLatency(topo, c) - 1;
            flitLats[c] = linkLat + extra;
            creditLats[c] = creditLat + extra;
            longest = Math.max(longest, Math.max(flitLats[c], creditLats[c]));
            same &= extra == 0;
        }
        chanLinkLat = same ? null : flitLats;
        chanCreditLat = same ? null : creditLats;
        sameLinkLat = linkLat;
        sameCreditLat = creditLat;
        int longestFlit = 1 + longest;

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
            for (int x = 0; x < ejVcs; x++) {
                ovPort[queues + e * ejVcs + x] = channels + e;
            }
        }

        b = new Buffers(net, rule, inVcs, outVcs, cap, cfg.slotFlits(), vct,
            !vct && router.vcRelease() == SimConfig.VcRelease.TAIL);
        // ejection-release: credit: the terminals' credits for the tails ride the credit wheel too, one per ejection
        // port and cycle at most, 1 + ejLat + credit latency cycles after the tail's grant
        ejectionCredit = router.ejectionCredit();
        // the terminal's channel is a one-cycle channel: its credit takes credit-latency less the cycles link-latency
        // adds to every network channel (BookSim's kncube makes only the channels between routers 2 cycles long with
        // use_noc_latency; its injection and ejection channels and their credit channels take 1)
        ejCreditLat = 1 + ejLat + Math.max(1, creditLat - (cfg.linkLatency() - 1));
        // with input-speedup s an input port returns up to s credits a cycle
        int ejectionLanes = ejectionCredit ? terminals * cfg.ejectionPorts() : 0;
        links = new Links(channels + ejectionLanes, channels * router.allocators().inputSpeedup() + ejectionLanes,
            ejectionCredit ? Math.max(longest, ejCreditLat) : longest);
        if (rule.marksDrift()) {
            ringUpstream = net.ringUpstream();
            driftFrom = new int[queues];
        } else {
            ringUpstream = null;
            driftFrom = null;
        }

        srcHead = new int[terminals];
        srcCount = new int[terminals];
        queuedPackets = new long[terminals];
        queuedFlits = new long[terminals];
        createdFlits = new long[terminals];
        lazyCycle = new long[terminals];
        Arrays.fill(lazyCycle, -1);
        lazyDrawn = new long[terminals];
        Arrays.fill(lazyDrawn, -1);
        lazyLeft = new int[terminals];
        injPkt = new int[terminals * injPorts];
        Arrays.fill(injPkt, -1);
        injFlit = new int[terminals * injPorts];
        injVc = new int[terminals * injPorts];
        if (cfg.routing() instanceof MessageRouting mr && cfg.switching() != SimConfig.Switching.VCT) {
            parkPkt = new int[terminals * injPorts * mr.classes()];
            Arrays.fill(parkPkt, -1);
            parkFlit = new int[parkPkt.length];
            parkVc = new int[parkPkt.length];
        } else {
            parkPkt = null;
            parkFlit = null;
            parkVc = null;
        }
        injNoRoom = injLat == 0 && !(cfg.routing() instanceof MessageRouting) ? new boolean[terminals * injPorts] : null;

        control = cfg.control().create(new State(), cfg.seed() ^ 0x2545F4914F6CDD1DL);
        controlled = control != InjectionControl.NONE;
        directAllowed = !controlled && cfg.deadlockCycles() > longestFlit;
        directLinks = directAllowed;
        int[] vcClass = null;
        int[] vcPrio = null;
        if (control instanceof RouterControl r) {
            rc = r;
            classed = true;
            contend = r.wantsContention();
            perDestination = contend && r.wantsRequests();
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
            ctlQ = new int[terminals][16];
            ctlHead = new int[terminals];
            ctlCount = new int[terminals];
        } else {
            rc = null;
            classed = false;
            contend = false;
            perDestination = false;
            marking = false;
            classVcs = 0;
            ctlClass = -1;
            lookahead = 1;
            vcContends = null;
            degree = null;
            contentionRandom = null;
            ctlQ = null;
            ctlHead = null;
            ctlCount = null;
        }
        MessageRouting messages = cfg.routing() instanceof MessageRouting m ? m : null;
        pk = new Packets(1024, messages != null, classed);
        msg = messages == null ? null : new MessageQueues(messages, terminals, cfg.consumeDelay(), pk);
        routes = new RouteComputation(cfg, rule, b, pk, termRouter, vcClass);
        sa = new SwitchAllocator(b, pk, inPorts, outPorts, ovPort, timing, cfg.arbiter() == Arbiter.OLDEST_FIRST,
            vcPrio, cfg.router().allocators(), cfg.router().allocators().inputSpeedup(), islipOnePass);
        va = new VcAllocator(cfg, rule, b, pk, routes, sa, msg, control, timing, inPorts, inPortRouter, vcClass,
            vcPrio);
        sa.fuse((ip, iv) -> traverse(ip, iv, measuringNow));
        watch = new DeadlockWatch(cfg, b, pk, va, msg, new WatchedCycle(), termRouter, inVcs, injPorts, !classed);
        injGoneCycle = injLat > 0 ? new int[terminals * injPorts * injLat] : null;
        injGoneVc = injLat > 0 ? new int[terminals * injPorts * injLat] : null;
        if (injGoneCycle != null) {
            Arrays.fill(injGoneCycle, Integer.MIN_VALUE);
        }
        if (rc != null) {
            rc.bind(new Port());
        }
        // a power of two, and room for every packet the lookahead of a scheme may look at
        srcBudget = Integer.highestOneBit(Math.max(SOURCE_BUDGET, lookahead) * 2 - 1);
        srcRing = new int[terminals * srcBudget];
        stats = new Statistics(channels, new SeriesBuilder(cfg.window(), terminals, control.seriesNames(), control::sample),
            cfg.spaceTime() == null ? null
                : new SpaceTimeRecorder(cfg.spaceTime(), topo, vcs, cfg.slotFlits(), cap, b));
    }

    /**
     * Packet records allocated so far: the most packets that ever existed at once (records
     * are reused once delivered). Bounded by the source budget and the network's buffers,
     * whatever the run length and the load.
     */
    int packetRecords() {
        return pk.records();
    }

    /** Sets the listener told about every delivered message with its class (message classes only; fuzz); null for none. */
    public Simulator onMessage(MessageListener l) {
        this.messageListener = l;
        return this;
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
        directLinks = directAllowed && o == null;
        va.observer = o;
        va.probe = probe;
        return this;
    }

    /** Runs the configured workload; {@code progress} (may be null) is told the cycle now and then. */
    @Override
    public SimResult run(LongConsumer progress) {
        Workload.Generator gen = workload.start(cfg.seed());
        lazy = workload.start(cfg.seed());
        RunProtocol.Outcome o = RunProtocol.run(new Machine(), cfg, gen, terminals, progress);
        long warmup = cfg.warmup();
        boolean finite = gen.lastGeneration() < Long.MAX_VALUE;
        return new SimResult(describeNetwork(), workload.describe(), gen.offered(Math.max(warmup, 0)), o.cycles(),
            o.generationCycles(), warmup, terminals, created, delivered, o.offered(), o.accepted(), stats.latency(),
            o.unstable(), o.reason(), o.deadlock(), o.drained(), o.drainCycles(),
            finite && created == delivered ? stats.lastDelivery() : -1,
            stats.meanHops(), stats.utilisation(o.window()), Statistics.channelNames(topo), stats.series.build(),
            stats.spaceTime == null ? null : stats.spaceTime.build(), cfg.check(), o.seconds(),
            cfg.control().describe(), stats.series.buildControl(), ctlCreated, ctlDelivered);
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
        stats.takeGenerated();
        stats.takeAccepted();
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
            return stats.takeGenerated();
        }

        @Override
        public long takeAccepted() {
            return stats.takeAccepted();
        }

        @Override
        public boolean deadlocked() {
            return watch.deadlocked();
        }

        @Override
        public SimResult.Deadlock deadlockReport() {
            return watch.report();
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
                && (!classed || ctlCreated == ctlDelivered)
                && (msg == null || msg.endpointMessages == 0 && msg.answersWaiting == 0);
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
        if (b.tailRelease) {
            options.append(", vc-release tail");
        }
        if (r.routeTiming() == SimConfig.RouteTiming.FRONT) {
            options.append(", route-timing front");
        }
        if (r.injectionLatency() != 0 || r.ejectionLatency() != 0) {
            options.append(", injection/ejection latency +").append(r.injectionLatency()).append("/+")
                .append(r.ejectionLatency());
        }
        if (r.allocation() != SimConfig.Allocation.PER_VC) {
            options.append(", allocation ").append(r.allocation().key());
        }
        if (timing.staged) {
            options.append(", stages ").append(r.stages().key());
        }
        if (r.ejectionVcs() != 1) {
            options.append(", ejection VCs ").append(r.ejectionVcs());
        }
        if (!r.allocators().equals(SimConfig.Allocators.DEFAULT)) {
            options.append(", allocators ").append(r.allocators().key());
        }
        return topo.describe() + ", " + vcs + " VC" + (vcs > 1 ? "s" : "") + " x " + cap + " flits, "
            + cfg.switching().key() + ", " + cfg.routing().name() + ", " + rule.describe() + options;
    }

    private int injPending() {
        int n = 0;
        for (int p : injPkt) {
            if (p >= 0) {
                n++;
            }
        }
        if (parkPkt != null) {
            for (int p : parkPkt) {
                if (p >= 0) {
                    n++;
                }
            }
        }
        return n;
    }

    // ------------------------------------------------------------------ the cycle

    /** Whether this cycle is measured: for the traversals the switch allocator makes ({@link SwitchAllocator#fuse}). */
    private boolean measuringNow;

    private void step(Workload.Generator gen, boolean measuring) {
        links.turn(now);
        arrivals();
        if (controlled) {
            control.beginCycle(now);
        }
        if (msg != null) {
            created += msg.consume(now, stats);
        }
        sources(gen, measuring);
        va.allocate(now);
        if (contend) {
            contention();
        }
        measuringNow = measuring;
        int grants = sa.allocate(now);
        for (int i = 0; i < grants; i++) {
            traverse(sa.grantPort(i), sa.grantVc(i), measuring);
        }
        if (cfg.check()) {
            checkCredits();
        }
        stats.endOfCycle(now, inNetworkPackets, gen.offered(now));
        if (observer != null) {
            observer.endOfCycle(probe);
        }
    }

    private void arrivals() {
        Links l = links;
        // only what arrives in this cycle (each arrival's effects touch its own queue alone,
        // so the order does not matter)
        int[] flits = l.flits;
        for (int i = 0, n = l.flitsArriving(), at = l.flitStart(); i < n; i++, at += 3) {
            int q = flits[at];
            push(q, flits[at + 1], flits[at + 2], (int) now);
            b.addOnLink(q, -1);
        }
        int[] credits = l.credits;
        for (int i = 0, n = l.creditsArriving(), at = l.creditStart(); i < n; i++) {
            int q = credits[at + i];
            if (q >= queues) {
                // a terminal's credit for a tail (ejection-release: credit): its ejection VC is free again
                b.setOwner(q, -1);
                va.released(q);
                continue;
            }
            b.addCreditsBack(q, -1);
            b.addCredits(q, 1);
            if (b.creditMadeEligible(q)) {
                va.released(q);
            }
        }
        // control lines raised in the previous cycle: the upstream counter B gains the mark
        b.applyControlLines();
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
        int[] marks = b.marks;
        for (int q = 0; q < queues; q++) {
            int u = ringUpstream[q];
            if (u >= 0 && marks[q] > 0 && rule.drifts(b, q, u)) {
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
            // counted here; the packets themselves come from the lazy generator (fill), or are
            // stored at once while the terminal's whole queue is stored and has room for them
            for (int t = 0; t < terminals; t++) {
                int n = gen.packets(t, now);
                if (n == 0) {
                    if (lazyCycle[t] == now - 1 && lazyLeft[t] == 0) {
                        lazyCycle[t] = now;
                    }
                    continue;
                }
                boolean store = lazyCycle[t] == now - 1 && lazyLeft[t] == 0 && srcCount[t] + n <= srcBudget;
                if (store) {
                    lazyCycle[t] = now;
                }
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
                    stats.generated(size);
                    queuedPackets[t]++;
                    queuedFlits[t] += size;
                    createdFlits[t] += size;
                    if (classed) {
                        rc.generated(t, d, size, gen.message(t));
                    }
                    if (store) {
                        int p = pk.create(t, d, size, now, now >= cfg.warmup());
                        srcRing[t * srcBudget + ((srcHead[t] + srcCount[t]) & (srcBudget - 1))] = p;
                        srcCount[t]++;
                    }
                }
            }
            generatedThrough = now;
        }
        for (int j = 0; j < injPkt.length; j++) {
            int p = injPkt[j];
            int t = injPorts == 1 ? j : j / injPorts;
            int base = (channels + j) * vcs;
            if (p < 0 && injecting && (lazyLeft[t] > 0 || lazyCycle[t] < generatedThrough)) {
                // (else every packet generated is stored: nothing to draw)
                fill(t);
            }
            if (p < 0 && classed) {
                p = takeClassed(j, t, base);
                if (p < 0) {
                    continue;
                }
            } else if (p < 0 && (parkPkt == null || classed)) {
                if (msg == null && (!injecting || srcCount[t] == 0) || injNoRoom != null && injNoRoom[j]) {
                    // nothing to start (the common case below saturation), or no room yet: no call
                    continue;
                }
                p = takeNext(j, t, base);
                if (p < 0) {
                    if (injNoRoom != null) {
                        injNoRoom[j] = true;
                    }
                    continue;
                }
            }
            if (parkPkt != null && !classed && (p < 0 || injSeen(j, base, injVc[j]) == cap)) {
                if (p >= 0 && injecting && (lazyLeft[t] > 0 || lazyCycle[t] < generatedThrough)) {
                    fill(t);
                }
                p = interleave(j, t, base, p);
                if (p < 0) {
                    continue;
                }
            }
            int iv = base + injVc[j];
            if (injSeen(j, base, injVc[j]) < cap) {
                int f = injFlit[j];
                push(iv, p, f == pk.size[p] - 1 ? f | Buffers.TAIL : f, (int) now + 1 + injLat);
                if (netFlits++ == 0) {
                    lastMove = now;
                }
                if (++injFlit[j] == pk.size[p]) {
                    injPkt[j] = -1;
                }
            }
        }
    }

    /**
     * With message classes under wormhole ({@link #parkPkt}): the packet injection port
     * {@code j} writes a flit of this cycle, when its current packet {@code p} has no room in
     * its VC or there is none. First a packet put aside earlier whose VC has room (the class
     * nearest the sink first), then a new packet of a class the port holds none of
     * ({@link #takeNext}); the current packet is put aside for either. -1, with the current
     * packet kept, if neither exists.
     */
    private int interleave(int j, int t, int base, int p) {
        int classes = msg.classes;
        int from = j * classes;
        for (int c = classes - 1; c >= 0; c--) {
            int q = parkPkt[from + c];
            if (q >= 0 && injSeen(j, base, parkVc[from + c]) < cap) {
                park(j, p);
                parkPkt[from + c] = -1;
                injPkt[j] = q;
                injFlit[j] = parkFlit[from + c];
                injVc[j] = parkVc[from + c];
                return q;
            }
        }
        park(j, p);
        int next = takeNext(j, t, base);
        if (next < 0 && p >= 0) {
            int k = from + pk.msg[p];
            parkPkt[k] = -1;
            injPkt[j] = p;
            injFlit[j] = parkFlit[k];
            injVc[j] = parkVc[k];
        }
        return next;
    }

    /** Puts port {@code j}'s current packet {@code p} (if any) aside in its class's place. */
    private void park(int j, int p) {
        if (p >= 0) {
            int k = j * msg.classes + pk.msg[p];
            parkPkt[k] = p;
            parkFlit[k] = injFlit[j];
            parkVc[k] = injVc[j];
            injPkt[j] = -1;
        }
    }

    /** Whether port {@code j} has put aside a packet of class {@code c}. */
    private boolean holds(int j, int c) {
        return parkPkt != null && parkPkt[j * msg.classes + c] >= 0;
    }

    /**
     * The packet an idle injection port {@code j} of terminal {@code t} starts, or -1: the
     * head of the source queue if an injection VC has room for it. With message classes the
     * port's arbiter serves the output queues (the class nearest the sink first) and the
     * source queue, work-conserving: when both have a packet that fits an injection VC, round
     * robin the one not served last (or the source queue, or the answers, first:
     * simulation.injection-arbiter); else whichever has.
     */
    private int takeNext(int j, int t, int base) {
        int next = -1;
        int chosen = -1;
        int answerKey = -1;
        if (msg != null) {
            for (int c = msg.classes - 1; c >= 1 && next < 0; c--) {
                int k = t * msg.classes + c;
                int a = holds(j, c) ? -1 : msg.answer(k);
                if (a >= 0) {
                    chosen = injectionVcFor(j, base, a);
                    if (chosen >= 0) {
                        next = a;
                        answerKey = k;
                    }
                }
            }
        }
        if (next >= 0 && cfg.injectionArbiter() != SimConfig.InjectionArbiter.ANSWERS_FIRST
            && (msg.answerServedLast[t] || cfg.injectionArbiter() == SimConfig.InjectionArbiter.REQUESTS_FIRST)
            && injecting && srcCount[t] > 0 && !holds(j, 0)
            && injectionVcFor(j, base, srcRing[t * srcBudget + srcHead[t]]) >= 0) {
            next = -1;
            answerKey = -1;
        }
        if (next < 0) {
            if (!injecting || srcCount[t] == 0 || holds(j, 0)) {
                return -1;
            }
            next = srcRing[t * srcBudget + srcHead[t]];
            chosen = injectionVcFor(j, base, next);
            if (chosen < 0) {
                return -1;
            }
            srcHead[t] = (srcHead[t] + 1) & (srcBudget - 1);
            srcCount[t]--;
            queuedPackets[t]--;
            queuedFlits[t] -= pk.size[next];
            if (msg != null) {
                msg.answerServedLast[t] = false;
            }
        } else {
            msg.takeAnswer(answerKey, t, now);
        }
        startInjection(j, next, chosen);
        return next;
    }

    /**
     * An injection VC of port {@code j} with room for packet {@code p} (the one after the last
     * used first), or -1; with message classes only a VC of the packet's class, so that the
     * classes never share an injection buffer either.
     */
    private int injectionVcFor(int j, int base, int p) {
        int size = pk.size[p];
        int v = injVc[j];
        for (int k = 0; k < vcs; k++) {
            if (++v == vcs) {
                v = 0;
            }
            if (msg != null && !msg.routing.classUsesVc(pk.msg[p], v)) {
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
        return vct ? cap - n >= size : b.tailRelease ? n < cap : n == 0;
    }

    /**
     * The flits in injection VC {@code v} of port {@code j} as its source sees them: those
     * that left in the last {@code injection-latency} cycles are still counted (their credits
     * are on the injection channel back).
     */
    private int injSeen(int j, int base, int v) {
        int n = b.count(base + v);
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

    private void traverse(int ip, int iv, boolean measuring) {
        int at = b.front(iv);
        int p = b.buf[3 * at];
        int field = b.buf[3 * at + 1];
        int f = Buffers.flitIndex(field);
        b.pop(iv);
        boolean tail = field < 0;
        if (b.count(iv) > 0) {
            int next = b.front(iv);
            timing.front(iv, b.buf[3 * next + 1], b.buf[3 * next + 2]);
        }
        if (tail || b.count(iv) == 0) {
            // the VC no longer both holds an output VC and has a flit
            sa.leave(ip);
        }
        lastMove = now;
        if (ip < channels) {
            links.sendCredit(iv, chanCreditLat == null ? sameCreditLat : chanCreditLat[ip]);
            b.addCreditsBack(iv, 1);
        } else if (injNoRoom != null) {
            injNoRoom[ip - channels] = false;
        } else if (injGoneCycle != null) {
            int k = (ip - channels) * injLat + (int) (now % injLat);
            injGoneCycle[k] = (int) now;
            injGoneVc[k] = iv - ip * vcs;
        }
        int ov = b.out(iv);
        if (marking && f == 0 && rc.mark(iv, ovPort[ov], b.count(iv) + 1)) {
            pk.mark[p] = true;
        }
        if (ov < queues) {
            int c = ovPort[ov];
            int lat = 1 + (chanLinkLat == null ? sameLinkLat : chanLinkLat[c]);
            if (directLinks) {
                // the downstream input VC is the output VC's queue; it waits for its stamp there
                push(ov, p, field, (int) now + lat);
            } else {
                links.sendFlit(ov, lat, p, field);
                b.addOnLink(ov, 1);
            }
            if (vct) {
                b.unreserve(ov);
            } else {
                b.addCredits(ov, -1);
            }
            if (measuring) {
                stats.sent(c);
            }
        } else {
            deliver(p, f, ov);
        }
        if (tail) {
            if (ov >= queues && ejectionCredit) {
                // the terminal takes the tail at once and returns its credit: the ejection VC is free when it is back
                links.sendCredit(ov, ejCreditLat);
            } else {
                if (vct || ov >= queues) {
                    b.setOwner(ov, -1);
                } else {
                    int before = b.slots(ov);
                    b.setOwner(ov, -1);
                    b.ringAdjust(ov, before);
                }
                va.released(ov);
            }
            b.setOut(iv, -1);
            va.tailLeft(iv, now);
        }
    }

    private void deliver(int p, int f, int ov) {
        netFlits--;
        if (pk.delivered[p] != f) {
            throw new SimulationError("cycle " + now + ": flit " + f + " of packet " + p + " delivered after "
                + pk.delivered[p] + " of its flits (out of order)");
        }
        int at = ov - queues - pk.dst[p] * ejOutVcs;
        if (at < 0 || at >= ejOutVcs) {
            // (a range test, not a division per flit)
            throw new SimulationError("cycle " + now + ": packet " + p + " for terminal " + pk.dst[p]
                + " delivered to terminal " + (ov - queues) / ejOutVcs);
        }
        pk.delivered[p]++;
        if (classed && pk.cls[p] == ctlClass) {
            // a control packet (one flit): not data, not in throughput or latency
            ctlDelivered++;
            inNetworkPackets--;
            rc.deliveredControl(pk.src[p], pk.dst[p], pk.info[p]);
            pk.release(p);
            return;
        }
        stats.accepted();
        deliveredFlits++;
        if (pk.delivered[p] < pk.size[p]) {
            return;
        }
        long done = now + 1 + ejLat;
        delivered++;
        inNetworkPackets--;
        stats.delivered(done, pk.hops[p]);
        if (listener != null) {
            listener.delivered(pk.src[p], pk.dst[p], pk.size[p], pk.gen[p], pk.inj[p], done, pk.hops[p]);
        }
        if (classed) {
            rc.deliveredData(pk.src[p], pk.dst[p], pk.size[p], pk.mark[p]);
        } else if (controlled) {
            control.delivered(pk.src[p], pk.dst[p], pk.size[p]);
        }
        if (msg != null) {
            // into the input queue of its class, which the ejection grant reserved
            msg.delivered(p, done);
            if (messageListener != null) {
                messageListener.delivered(pk.msg[p], pk.src[p], pk.dst[p], pk.size[p], pk.gen[p], done);
            }
        }
        if (pk.measured[p]) {
            stats.latency((int) (done - pk.gen[p]), pk.inj[p] - pk.gen[p], pk.access[p], pk.ruleWait[p]);
            measuredOutstanding--;
        }
        pk.release(p);
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
                if (lazyDrawn[t] < lazyCycle[t]) {
                    skipStored(t);
                }
                lazyCycle[t]++;
                lazyDrawn[t] = lazyCycle[t];
                lazyLeft[t] = lazy.packets(t, lazyCycle[t]);
                continue;
            }
            lazyLeft[t]--;
            long c = lazyCycle[t];
            int d = lazy.destination(t, c);
            if (d < 0) {
                continue;
            }
            int p = pk.create(t, d, lazy.size(t), c, c >= cfg.warmup());
            srcRing[base + ((srcHead[t] + srcCount[t]) & (srcBudget - 1))] = p;
            srcCount[t]++;
        }
    }

    /**
     * Brings the lazy generator's streams of terminal {@code t} past the cycles whose packets
     * were stored from the counting generator: the same draws, in the same order, discarded.
     */
    private void skipStored(int t) {
        for (long c = lazyDrawn[t] + 1; c <= lazyCycle[t]; c++) {
            for (int n = lazy.packets(t, c); n > 0; n--) {
                if (lazy.destination(t, c) >= 0) {
                    lazy.size(t);
                }
            }
        }
        lazyDrawn[t] = lazyCycle[t];
    }

    /** Flit {@code f} of packet {@code p} (its flit field: {@link Buffers#TAIL} marks the last) enters input VC {@code iv}, ready from cycle {@code time}. */
    private void push(int iv, int p, int f, int time) {
        if (b.count(iv) == cap) {
            throw new SimulationError("cycle " + now + ": buffer " + watch.ivName(iv) + " overflows (" + cap + " flits)");
        }
        if (b.push(iv, p, f, time) == 0) {
            timing.front(iv, f, time);
            if (b.out(iv) < 0) {
                // a head at the front: it asks for an output VC from now on
                va.headArrived(iv, time, now);
            } else {
                sa.enter(b.portOf(iv));
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
            int v = vcs - pk.cls[p];
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
            int cls = rc.sourceClass(t, pk.dst[p], pk.size[p]);
            if (cls < 0) {
                continue;
            }
            int v = injectionVc(j, base, cls, pk.size[p]);
            if (v < 0) {
                continue;
            }
            for (int k = i; k > 0; k--) {
                q[off + ((head + k) & mask)] = q[off + ((head + k - 1) & mask)];
            }
            srcHead[t] = (head + 1) & mask;
            srcCount[t]--;
            queuedPackets[t]--;
            queuedFlits[t] -= pk.size[p];
            pk.cls[p] = (byte) cls;
            rc.left(t, pk.dst[p], pk.size[p], cls);
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
        pk.inj[p] = now;
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
                if (seen == 1 || contentionRandom.nextInt(seen) == 0) {
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

    /** What a {@link RouterControl} may ask of the simulator. */
    private final class Port implements RouterControl.Port {
        @Override
        public void send(int from, int to, int payload) {
            int p = pk.create(from, to, 1, now, false);
            ctlCreated++;
            pk.cls[p] = (byte) ctlClass;
            pk.info[p] = payload;
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
     * The latency of channel {@code c} of its own, in cycles, as its topology reports it
     * ({@link Topology#latency}: a graph channel's {@code latency}, a flattened butterfly's or a
     * dragonfly's {@code channel-length}, else 1). The simulator adds it, less one, to
     * {@code simulation.link-latency} and {@code credit-latency}.
     */
    public static int channelLatency(Topology topo, int c) {
        return topo.latency(c);
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
            return b.slot;
        }

        @Override
        public int credits(int queue) {
            return b.credits(queue);
        }

        @Override
        public int occupancy(int queue) {
            return b.count(queue);
        }

        @Override
        public boolean allocated(int queue) {
            return b.owner(queue) >= 0;
        }

        @Override
        public int fullBuffers() {
            return b.fullBuffers;
        }

        @Override
        public long deliveredFlits() {
            return deliveredFlits;
        }

        @Override
        public long injectedPackets() {
            return va.injectedPackets;
        }

        @Override
        public long now() {
            return now;
        }
    }

    /** What a {@link CycleObserver} reads. */
    private final class Probe implements SimState {
        @Override
        public Network network() {
            return net;
        }

        @Override
        public int freeSlots(int queue) {
            return b.slots(queue);
        }

        @Override
        public int criticalMarks(int queue) {
            return b.marks[queue];
        }

        @Override
        public int ringFreeSlots(int ring) {
            return b.countRingFree(ring);
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
            return b.credits(q);
        }

        @Override
        public int occupancy(int q) {
            return b.count(q);
        }

        @Override
        public int reserved(int q) {
            return b.reserved(q);
        }

        @Override
        public int onLink(int q) {
            return b.onLink(q);
        }

        @Override
        public int creditsReturning(int q) {
            return b.creditsBack(q);
        }

        @Override
        public boolean allocated(int q) {
            return b.owner(q) >= 0;
        }

        @Override
        public boolean departing(int q) {
            return b.out(q) >= 0;
        }

        @Override
        public int marksInFlight(int q) {
            int n = 0;
            for (int i = 0; i < b.controlCount; i++) {
                if (b.controlLine[i] == q) {
                    n++;
                }
            }
            return n;
        }

        @Override
        public int bufferedPacket(int q, int i) {
            return b.buf[3 * (q * cap + (b.head(q) + i) % cap)];
        }

        @Override
        public int bufferedFlit(int q, int i) {
            return Buffers.flitIndex(b.buf[3 * (q * cap + (b.head(q) + i) % cap) + 1]);
        }

        @Override
        public int destination(int p) {
            return pk.dst[p];
        }

        @Override
        public int size(int p) {
            return Math.abs(pk.size[p]);
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

    /** The cycle's counters, as the deadlock watch reads them. */
    private final class WatchedCycle implements DeadlockWatch.Cycle {
        @Override
        public long now() {
            return now;
        }

        @Override
        public long netFlits() {
            return netFlits;
        }

        @Override
        public long lastMove() {
            return lastMove;
        }

        @Override
        public long inNetworkPackets() {
            return inNetworkPackets;
        }

        @Override
        public boolean injectionRoom(int j, int base, int v, int size) {
            return Simulator.this.injectionRoom(j, base, v, size);
        }
    }

    // ------------------------------------------------------------------ checks

    private void checkCredits() {
        for (int q = 0; q < queues; q++) {
            int sum = b.credits(q) + b.reserved(q) + b.onLink(q) + b.count(q) + b.creditsBack(q);
            if (sum != cap) {
                throw new SimulationError("cycle " + now + ": " + net.queueName(q) + ": credits " + b.credits(q)
                    + " + reserved " + b.reserved(q) + " + on link " + b.onLink(q) + " + buffered " + b.count(q)
                    + " + credits returning " + b.creditsBack(q) + " = " + sum + ", not the capacity " + cap);
            }
            if (b.count(q) > cap || b.credits(q) < 0) {
                throw new SimulationError("cycle " + now + ": " + net.queueName(q) + " over capacity");
            }
        }
    }

    private void checkConservation() {
        long queued = msg == null ? 0 : msg.answersWaiting;
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
            flits += b.count(iv);
        }
        for (int q = 0; q < queues; q++) {
            flits += b.onLink(q);
        }
        if (flits != netFlits) {
            throw new SimulationError("conservation: " + flits + " flits in buffers and links, " + netFlits + " expected");
        }
    }
}
