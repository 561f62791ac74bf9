package flowproof.sim;

import flowproof.routing.MessageRouting;
import flowproof.routing.QueueRoutes;
import flowproof.routing.RoutingFunction;
import flowproof.rule.FlowControlRule;
import flowproof.sim.SimConfig.Arbiter;
import flowproof.sim.SimConfig.Switching;
import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.RouterControl;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import flowproof.traffic.Workload;
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
 *       the rest counted and drawn again later: {@link SourceQueues}); each injection port
 *       ({@link InjectionPorts}) writes one flit per cycle into an injection VC
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
 * <p><b>Components.</b> This class is the router's cycle: arrivals, switch traversal and
 * delivery, and the checks. The state and the stages are their own classes: {@link Buffers}
 * (input VC buffers, output VCs, credits and marks: the rule's view), {@link Packets} (the
 * packet table), {@link Links} (channels and credit channels), {@link SourceQueues} (the
 * terminals' source queues, generated lazily), {@link InjectionPorts} (the terminals'
 * injection, and the port a {@link RouterControl} sends its control packets through),
 * {@link RouteComputation}, {@link VcAllocator} (with its {@link WakeUpLists}),
 * {@link SwitchAllocator} (both timed by {@link RouterTiming}), {@link Contention} (the
 * contention degrees a control may want), {@link MessageQueues} (message classes at the
 * terminals), {@link DeadlockWatch}, {@link LiveState} (the cycle's counters, which a
 * congestion control and an observer read) and {@link Statistics} (what a run measures, with
 * {@link SeriesBuilder} and {@link SpaceTimeRecorder}).
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
 *       again until a flit leaves one of its VCs ({@link InjectionPorts}).</li>
 * </ul>
 * What is left in proportion to the network is per terminal: the workload's draw and the
 * injection ports.
 */
public final class Simulator implements Engine {

    private final SimConfig cfg;
    private final Network net;
    private final Topology topo;
    private final FlowControlRule rule;
    private final Workload workload;
    private final boolean vct;
    /** {@code ejection-release: credit}, and the cycles from a tail's grant to its ejection VC's credit. */
    private final boolean ejectionCredit;
    private final int ejCreditLat;
    /** Extra cycles on the ejection channel (and staged, the switch traversal). */
    private final int ejLat;
    /** When flits may take each step in their router: the pipeline or BookSim's stages. */
    private final RouterTiming timing;

    private final int vcs;
    private final int channels;
    private final int terminals;
    private final int queues;
    private final int inVcs;
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
    /** A terminal's ejection output VCs: {@code ejection-vcs} per ejection port. */
    private final int ejOutVcs;
    private final int[] ovPort;

    // the components (see the class documentation)
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
    private final SourceQueues sources;
    private final InjectionPorts injection;
    /** The cycle and its counters; what the control and an observer read. */
    private final LiveState live;
    /** Null unless the control wants contention degrees. */
    private final Contention contention;

    /** For drifting critical marks: each ring queue's upstream queue in its ring (-1 elsewhere), or null. */
    private final int[] ringUpstream;
    private final int[] driftFrom;

    private DeliveryListener listener;
    private MessageListener messageListener;
    /** Null unless a test or {@code fuzz} watches the run. */
    private CycleObserver observer;

    // congestion control
    private final InjectionControl control;
    private final boolean controlled;
    /** Null without a {@link RouterControl}: then no traffic classes, marks or control packets. */
    private final RouterControl rc;
    /** The control is a {@link RouterControl}: class VCs, priorities and the source-queue lookahead apply. */
    private final boolean classed;
    private final boolean marking;
    private final int ctlClass;

    /** Told about every packet delivered (its tail reaching the destination terminal). */
    public interface DeliveryListener {
        /** Packet of {@code size} flits from {@code source} to {@code destination}, created, injected and delivered (cycles), after {@code hops} hops. */
        void delivered(int source, int destination, int size, long created, long injected, long done, int hops);
    }

    /** Told about every packet a source creates (its source and the cycle), for per-flow statistics. */
    public interface GenerationListener {
        /** A packet created at {@code source} in cycle {@code created}. */
        void generated(int source, long created);
    }

    /** Told about every delivered message of a spec with message classes, with its class (0: the first). */
    public interface MessageListener {
        /** Message of class {@code messageClass} and {@code size} flits, created and delivered (cycles). */
        void delivered(int messageClass, int source, int destination, int size, long created, long done);
    }

    // run phase
    private boolean generating;
    private boolean injecting;

    /** A simulator of the configuration's network, workload, rule and control. */
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
        int injPorts = cfg.injectionPorts();
        int ejPorts = cfg.ejectionPorts();
        int inPorts = channels + terminals * injPorts;
        this.inVcs = inPorts * vcs;
        // each ejection channel has ejection-vcs output VCs, one after the other
        int ejVcs = router.ejectionVcs();
        this.ejOutVcs = ejPorts * ejVcs;
        int outVcs = queues + terminals * ejOutVcs;
        int outPorts = channels + terminals * ejPorts;
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

        int[] termRouter = new int[terminals];
        for (int t = 0; t < terminals; t++) {
            termRouter[t] = endpoints[t / concentration];
        }
        int[] inPortRouter = inPortRouters(topo, termRouter, injPorts);
        ovPort = outputPortsOf(outVcs, queues, vcs, channels, terminals * ejPorts, ejVcs);

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

        live = new LiveState(net, rule, b, termRouter, cap, vct);
        control = cfg.control().create(live, cfg.seed() ^ 0x2545F4914F6CDD1DL);
        controlled = control != InjectionControl.NONE;
        directAllowed = !controlled && cfg.deadlockCycles() > longestFlit;
        directLinks = directAllowed;
        rc = control instanceof RouterControl r ? r : null;
        classed = rc != null;
        boolean contend = classed && rc.wantsContention();
        boolean perDestination = contend && rc.wantsRequests();
        marking = classed && rc.marking();
        int classVcs = classed ? rc.classes() : 0;
        if (classVcs < 0 || classVcs >= vcs) {
            throw new IllegalArgumentException("scheme reserves " + classVcs + " of " + vcs + " VCs");
        }
        ctlClass = classed ? rc.controlClass() : -1;
        int lookahead = classed ? Math.max(1, rc.lookahead()) : 1;
        int[] vcClass = classed ? new int[vcs] : null;
        int[] vcPrio = classed ? new int[vcs] : null;
        boolean[] vcContends = classed ? new boolean[vcs] : null;
        for (int v = 0; classed && v < vcs; v++) {
            vcClass[v] = v < vcs - classVcs ? 0 : vcs - v;
            vcPrio[v] = rc.priority(vcClass[v]);
            vcContends[v] = rc.contends(vcClass[v]);
        }
        MessageRouting messages = cfg.routing() instanceof MessageRouting m ? m : null;
        pk = new Packets(1024, messages != null, classed);
        msg = messages == null ? null : new MessageQueues(messages, terminals, cfg.consumeDelay(), pk);
        routes = new RouteComputation(cfg, rule, b, pk, termRouter, vcClass);
        sa = new SwitchAllocator(b, pk, inPorts, outPorts, ovPort, timing, cfg.arbiter() == Arbiter.OLDEST_FIRST,
            vcPrio, cfg.router().allocators(), cfg.router().allocators().inputSpeedup(), islipOnePass);
        va = new VcAllocator(cfg, rule, b, pk, routes, sa, msg, control, timing, inPorts, inPortRouter, vcClass,
            vcPrio);
        live.bind(pk, va, control);
        sa.fuse((ip, iv) -> traverse(ip, iv, measuringNow));
        sources = new SourceQueues(terminals, lookahead, cfg.warmup(), pk, rc, cfg.workload().sourceQueue());
        destinationFlits = new long[terminals];
        injection = new InjectionPorts(cfg, b, pk, msg, rc, sources, live, this::push, outPorts, classVcs, ctlClass,
            lookahead);
        watch = new DeadlockWatch(cfg, b, pk, va, msg, live, injection, termRouter, inVcs, injPorts, !classed);
        if (rc != null) {
            rc.bind(injection);
        }
        stats = new Statistics(channels, new SeriesBuilder(cfg.window(), terminals, control.seriesNames(), control::sample),
            cfg.spaceTime() == null ? null
                : new SpaceTimeRecorder(cfg.spaceTime(), topo, vcs, cfg.slotFlits(), cap, b));
        contention = contend ? new Contention(cfg, b, pk, routes, timing, rc, inPorts, outPorts, termRouter,
            inPortRouter, ovPort, vcContends, perDestination) : null;
    }

    /** The router of each input port: network channels (their target), then each terminal's injection ports. */
    private static int[] inPortRouters(Topology topo, int[] termRouter, int injPorts) {
        int channels = topo.channels();
        int[] router = new int[channels + termRouter.length * injPorts];
        for (int c = 0; c < channels; c++) {
            router[c] = topo.target(c);
        }
        for (int j = 0; j < termRouter.length * injPorts; j++) {
            router[channels + j] = termRouter[j / injPorts];
        }
        return router;
    }

    /**
     * The output port of each output VC: a network queue's channel, then each of the
     * {@code ejEnds} ejection channels' {@code ejVcs} output VCs, one after the other
     * (ejection channel e is port {@code channels + e}).
     */
    private static int[] outputPortsOf(int outVcs, int queues, int vcs, int channels, int ejEnds, int ejVcs) {
        int[] port = new int[outVcs];
        for (int q = 0; q < queues; q++) {
            port[q] = q / vcs;
        }
        for (int e = 0; e < ejEnds; e++) {
            for (int x = 0; x < ejVcs; x++) {
                port[queues + e * ejVcs + x] = channels + e;
            }
        }
        return port;
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

    /** Sets the listener told about every packet created (per-flow statistics); null for none. */
    public Simulator onGeneration(GenerationListener l) {
        sources.onGenerate = l;
        return this;
    }

    /** Sets the observer told about every allocation and every cycle's end (tests, fuzz); null for none. */
    public Simulator observe(CycleObserver o) {
        this.observer = o;
        directLinks = directAllowed && o == null;
        va.observer = o;
        va.probe = o == null ? null : live;
        return this;
    }

    /** Runs the configured workload; {@code progress} (may be null) is told the cycle now and then. */
    @Override
    public SimResult run(LongConsumer progress) {
        Workload.Generator gen = workload.start(cfg.seed());
        sources.start(workload.start(cfg.seed()));
        RunProtocol.Outcome o = RunProtocol.run(new Machine(), cfg, gen, terminals, progress);
        long warmup = cfg.warmup();
        boolean finite = gen.lastGeneration() < Long.MAX_VALUE;
        return new SimResult(describeNetwork(), workload.describe(), gen.offered(Math.max(warmup, 0)), o.cycles(),
            o.generationCycles(), warmup, terminals, live.created, live.delivered, o.offered(), o.accepted(),
            stats.latency(), o.unstable(), o.reason(), o.deadlock(), o.drained(), o.drainCycles(),
            finite && live.created == live.delivered ? stats.lastDelivery() : -1,
            stats.meanHops(), stats.utilisation(o.window()), Statistics.channelNames(topo), stats.series.build(),
            stats.spaceTime == null ? null : stats.spaceTime.build(), cfg.check(), o.seconds(),
            cfg.control().describe(), stats.series.buildControl(), live.ctlCreated, live.ctlDelivered, -1,
            cfg.workload().sourceQueue() > 0 ? sources.refusedMeasured : -1,
            SimResult.perCycle(destinationFlits, o.window()));
    }

    /**
     * For the JMH benchmarks (src/jmh): starts the workload's generators as {@link #run} does,
     * with sources generating and injecting, and returns the generator {@link #stepCycle} takes.
     */
    Workload.Generator startStepping() {
        Workload.Generator gen = workload.start(cfg.seed());
        sources.start(workload.start(cfg.seed()));
        generating = true;
        injecting = true;
        return gen;
    }

    /** For the JMH benchmarks: simulates cycle {@code cycle} (one more than the last), measuring. */
    void stepCycle(Workload.Generator gen, long cycle) {
        live.now = cycle;
        step(gen, true);
        stats.takeGenerated();
        stats.takeAccepted();
    }

    /** This simulator as the run protocol sees it. */
    private final class Machine implements RunProtocol.Machine {
        @Override
        public void step(Workload.Generator gen, long cycle, boolean measuring) {
            live.now = cycle;
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
            return live.created;
        }

        @Override
        public long delivered() {
            return live.delivered;
        }

        @Override
        public boolean drained(boolean inject) {
            return live.netFlits == 0 && injection.pending() == 0 && (!inject || live.created == live.delivered)
                && (!classed || live.ctlCreated == live.ctlDelivered)
                && (msg == null || msg.endpointMessages == 0 && msg.answersWaiting == 0);
        }

        @Override
        public void phase(boolean gen, boolean inject) {
            generating = gen;
            injecting = inject;
        }

        @Override
        public long measuredOutstanding() {
            return live.measuredOutstanding;
        }

        @Override
        public long queuedFlits(int source) {
            return sources.queuedFlits[source];
        }

        @Override
        public long createdFlits(int source) {
            return sources.createdFlits[source];
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

    // ------------------------------------------------------------------ the cycle

    /** Whether this cycle is measured: for the traversals the switch allocator makes ({@link SwitchAllocator#fuse}). */
    private boolean measuringNow;
    /** Per destination terminal: data flits delivered in measured cycles. */
    private long[] destinationFlits;

    private void step(Workload.Generator gen, boolean measuring) {
        long now = live.now;
        measuringNow = measuring;
        links.turn(now);
        arrivals();
        if (controlled) {
            control.beginCycle(now);
        }
        if (msg != null) {
            live.created += msg.consume(now, stats);
        }
        if (generating) {
            // counted here; the packets themselves come from the lazy generator, or are stored
            // at once while the terminal's whole queue is stored and has room for them
            int n = sources.generate(gen, now, stats);
            live.created += n;
            if (measuring) {
                live.measuredOutstanding += n;
            }
        }
        injection.inject(injecting);
        va.allocate(now);
        if (contention != null) {
            contention.count(now);
        }
        int grants = sa.allocate(now);
        for (int i = 0; i < grants; i++) {
            traverse(sa.grantPort(i), sa.grantVc(i), measuring);
        }
        if (cfg.check()) {
            checkCredits();
        }
        stats.endOfCycle(now, live.inNetworkPackets, gen.offered(now));
        if (observer != null) {
            observer.endOfCycle(live);
        }
    }

    private void arrivals() {
        Links l = links;
        // only what arrives in this cycle (each arrival's effects touch its own queue alone,
        // so the order does not matter)
        int[] flits = l.flits;
        for (int i = 0, n = l.flitsArriving(), at = l.flitStart(); i < n; i++, at += 3) {
            int q = flits[at];
            push(q, flits[at + 1], flits[at + 2], (int) live.now);
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
        live.lastMove = live.now;
        if (ip < channels) {
            links.sendCredit(iv, chanCreditLat == null ? sameCreditLat : chanCreditLat[ip]);
            b.addCreditsBack(iv, 1);
        } else {
            injection.departed(ip - channels, iv - ip * vcs);
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
                push(ov, p, field, (int) live.now + lat);
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
            va.tailLeft(iv, live.now);
        }
    }

    private void deliver(int p, int f, int ov) {
        live.netFlits--;
        if (pk.delivered[p] != f) {
            throw new SimulationError("cycle " + live.now + ": flit " + f + " of packet " + p + " delivered after "
                + pk.delivered[p] + " of its flits (out of order)");
        }
        int at = ov - queues - pk.dst[p] * ejOutVcs;
        if (at < 0 || at >= ejOutVcs) {
            // (a range test, not a division per flit)
            throw new SimulationError("cycle " + live.now + ": packet " + p + " for terminal " + pk.dst[p]
                + " delivered to terminal " + (ov - queues) / ejOutVcs);
        }
        pk.delivered[p]++;
        if (classed && pk.cls[p] == ctlClass) {
            // a control packet (one flit): not data, not in throughput or latency
            live.ctlDelivered++;
            live.inNetworkPackets--;
            rc.deliveredControl(pk.src[p], pk.dst[p], pk.info[p]);
            pk.release(p);
            return;
        }
        stats.accepted();
        if (measuringNow) {
            destinationFlits[pk.dst[p]]++;
        }
        live.deliveredFlits++;
        if (pk.delivered[p] < pk.size[p]) {
            return;
        }
        long done = live.now + 1 + ejLat;
        live.delivered++;
        live.inNetworkPackets--;
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
            live.measuredOutstanding--;
        }
        pk.release(p);
    }

    /** Flit {@code f} of packet {@code p} (its flit field: {@link Buffers#TAIL} marks the last) enters input VC {@code iv}, ready from cycle {@code time}. */
    private void push(int iv, int p, int f, int time) {
        if (b.count(iv) == cap) {
            throw new SimulationError("cycle " + live.now + ": buffer " + watch.ivName(iv) + " overflows (" + cap + " flits)");
        }
        if (b.push(iv, p, f, time) == 0) {
            timing.front(iv, f, time);
            if (b.out(iv) < 0) {
                // a head at the front: it asks for an output VC from now on
                va.headArrived(iv, time, live.now);
            } else {
                sa.enter(b.portOf(iv));
            }
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

    // ------------------------------------------------------------------ checks

    private void checkCredits() {
        for (int q = 0; q < queues; q++) {
            int sum = b.credits(q) + b.reserved(q) + b.onLink(q) + b.count(q) + b.creditsBack(q);
            if (sum != cap) {
                throw new SimulationError("cycle " + live.now + ": " + net.queueName(q) + ": credits " + b.credits(q)
                    + " + reserved " + b.reserved(q) + " + on link " + b.onLink(q) + " + buffered " + b.count(q)
                    + " + credits returning " + b.creditsBack(q) + " = " + sum + ", not the capacity " + cap);
            }
            if (b.count(q) > cap || b.credits(q) < 0) {
                throw new SimulationError("cycle " + live.now + ": " + net.queueName(q) + " over capacity");
            }
        }
    }

    private void checkConservation() {
        long queued = msg == null ? 0 : msg.answersWaiting;
        for (int t = 0; t < terminals; t++) {
            queued += sources.queuedPackets[t];
            if (sources.count[t] > sources.queuedPackets[t]) {
                throw new SimulationError("conservation: terminal " + t + " stores " + sources.count[t]
                    + " packets of a source queue of " + sources.queuedPackets[t]);
            }
        }
        long ctlQueued = injection.controlQueued();
        long inside = live.created + live.ctlCreated - live.delivered - live.ctlDelivered - queued - ctlQueued;
        if (inside != live.inNetworkPackets) {
            throw new SimulationError("conservation: created " + live.created + " data and " + live.ctlCreated
                + " control packets, delivered " + live.delivered + " and " + live.ctlDelivered + ", queued at sources "
                + queued + " and " + ctlQueued + ", but " + live.inNetworkPackets + " in the network");
        }
        long flits = 0;
        for (int iv = 0; iv < inVcs; iv++) {
            flits += b.count(iv);
        }
        for (int q = 0; q < queues; q++) {
            flits += b.onLink(q);
        }
        if (flits != live.netFlits) {
            throw new SimulationError("conservation: " + flits + " flits in buffers and links, " + live.netFlits + " expected");
        }
    }
}
