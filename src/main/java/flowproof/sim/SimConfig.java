package flowproof.sim;

import flowproof.ConfigurationException;
import flowproof.routing.RoutingFunction;
import flowproof.rule.FlowControlRule;
import flowproof.sim.control.Scheme;
import flowproof.topology.Network;
import flowproof.traffic.Workload;

/**
 * Everything a simulation run needs. The {@link Network}, {@link RoutingFunction} and
 * {@link FlowControlRule} are the very objects the explorer and the CDG builder use; the
 * network's capacity is counted in rule slots: packet-sized slots under virtual
 * cut-through ({@code bufferFlits / maxPacketSize}), one slot per VC under wormhole (a VC
 * holds one packet at a time).
 *
 * @param bufferFlits      capacity of every VC buffer, in flits (network and injection VCs)
 * @param pipeline         router pipeline depth P in cycles (a flit can leave P-1 cycles after it arrived)
 * @param linkLatency      cycles a flit spends on a link, L; a flit sent in cycle t is in the next buffer at t+1+L
 * @param creditLatency    cycles a credit spends going back; a flit that leaves a buffer in cycle t frees its slot upstream at t+creditLatency
 * @param injectionPorts   injection channels per terminal
 * @param ejectionPorts    ejection channels per terminal
 * @param cycles           cycles in which sources create packets (warm-up included)
 * @param warmup           cycles before measurement starts
 * @param deadlockCycles   a deadlock is reported when no flit has moved for this many cycles while flits are in the network
 * @param drainCycles      after {@code cycles}, at most this many further cycles to deliver what is left (0: no drain)
 * @param escapeAny        escape VCs may be chosen whenever they admit, not only when no adaptive VC does
 * @param check            check conservation, flit order and credit accounting on every flit and cycle
 * @param window           cycles per sample of the time series (throughput, in-flight)
 * @param control          the congestion-control scheme ({@link Scheme#NONE} for none); it may replace the rule
 * @param consumeDelay     message classes only: a terminal's service time, the cycles a message spends at the
 *                         head of its input queue before it can be consumed (0: consumed in the cycle after it
 *                         arrived, as soon as the answer's output queue has room)
 * @param injectionArbiter message classes only: how an injection port chooses between an answer and a new message
 * @param router           the router options that differ between simulators ({@link Router#DEFAULT}: flowproof's)
 */
public record SimConfig(
    Network network,
    RoutingFunction routing,
    FlowControlRule rule,
    Workload workload,
    Switching switching,
    Arbiter arbiter,
    int bufferFlits,
    int pipeline,
    int linkLatency,
    int creditLatency,
    int injectionPorts,
    int ejectionPorts,
    long cycles,
    long warmup,
    long seed,
    int deadlockCycles,
    long drainCycles,
    boolean escapeAny,
    boolean check,
    int window,
    SpaceTime spaceTime,
    Scheme control,
    int consumeDelay,
    InjectionArbiter injectionArbiter,
    Router router) {

    /**
     * Message classes: how a terminal's injection port chooses between an answer waiting in
     * an output queue and a new message of the first class waiting in the source queue, when
     * both fit an injection VC (it is work-conserving: one alone is always served).
     */
    public enum InjectionArbiter {
        /** Alternate: the one not served last. */
        ROUND_ROBIN("round-robin"),
        /** New messages first; answers only when no new message fits (unfair to answers). */
        REQUESTS_FIRST("requests-first"),
        /** Answers first; new messages only when no answer fits. */
        ANSWERS_FIRST("answers-first");

        private final String key;

        InjectionArbiter(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        public static InjectionArbiter of(String key) {
            for (InjectionArbiter a : values()) {
                if (a.key.equals(key)) {
                    return a;
                }
            }
            return null;
        }
    }

    /** A configuration with the default {@link Router} options. */
    public SimConfig(Network network, RoutingFunction routing, FlowControlRule rule, Workload workload,
        Switching switching, Arbiter arbiter, int bufferFlits, int pipeline, int linkLatency, int creditLatency,
        int injectionPorts, int ejectionPorts, long cycles, long warmup, long seed, int deadlockCycles,
        long drainCycles, boolean escapeAny, boolean check, int window, SpaceTime spaceTime, Scheme control,
        int consumeDelay, InjectionArbiter injectionArbiter) {
        this(network, routing, rule, workload, switching, arbiter, bufferFlits, pipeline, linkLatency, creditLatency,
            injectionPorts, ejectionPorts, cycles, warmup, seed, deadlockCycles, drainCycles, escapeAny, check, window,
            spaceTime, control, consumeDelay, injectionArbiter, Router.DEFAULT);
    }

    /** A configuration whose terminals consume messages without delay ({@code consumeDelay} 0). */
    public SimConfig(Network network, RoutingFunction routing, FlowControlRule rule, Workload workload,
        Switching switching, Arbiter arbiter, int bufferFlits, int pipeline, int linkLatency, int creditLatency,
        int injectionPorts, int ejectionPorts, long cycles, long warmup, long seed, int deadlockCycles,
        long drainCycles, boolean escapeAny, boolean check, int window, SpaceTime spaceTime, Scheme control) {
        this(network, routing, rule, workload, switching, arbiter, bufferFlits, pipeline, linkLatency, creditLatency,
            injectionPorts, ejectionPorts, cycles, warmup, seed, deadlockCycles, drainCycles, escapeAny, check, window,
            spaceTime, control, 0, InjectionArbiter.ROUND_ROBIN);
    }

    /** How packets advance. */
    public enum Switching {
        /** A packet takes a downstream VC only when the buffer can hold all of it (credits reserved for the whole packet). */
        VCT("vct"),
        /** A packet takes an empty downstream VC and advances flit by flit as credits allow; it may span several routers. */
        WORMHOLE("wormhole");

        private final String key;

        Switching(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        public static Switching of(String key) {
            for (Switching s : values()) {
                if (s.key.equals(key)) {
                    return s;
                }
            }
            return null;
        }
    }

    /** Arbitration of the separable VC and switch allocators. */
    public enum Arbiter {
        ROUND_ROBIN("round-robin"),
        /** The packet created first wins; ties go round robin. */
        OLDEST_FIRST("oldest-first");

        private final String key;

        Arbiter(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        public static Arbiter of(String key) {
            for (Arbiter a : values()) {
                if (a.key.equals(key)) {
                    return a;
                }
            }
            return null;
        }
    }

    /**
     * When an output VC may be allocated to the next packet (spec field {@code vc-release}).
     */
    public enum VcRelease {
        /**
         * When the previous packet's tail has left this router, whatever the downstream buffer
         * still holds (BookSim's {@code wait_for_tail_credit = 0}): under wormhole a VC buffer
         * may then hold the end of one packet and the start of the next. Virtual cut-through
         * always releases so (a packet is allocated a VC with room for all of it).
         */
        TAIL("tail"),
        /**
         * Only when the downstream buffer has drained and every credit is back (BookSim's
         * {@code wait_for_tail_credit = 1}): one packet per VC, the wormhole model the explorer
         * checks.
         */
        DRAINED("drained");

        private final String key;

        VcRelease(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        public static VcRelease of(String key) {
            for (VcRelease r : values()) {
                if (r.key.equals(key)) {
                    return r;
                }
            }
            return null;
        }
    }

    /** When a head flit's route computation and VC allocation start (spec field {@code route-timing}). */
    public enum RouteTiming {
        /**
         * When the head arrives in its input buffer: its {@code pipeline - 1} cycles overlap the
         * cycles the packets ahead of it in the same VC spend leaving (flowproof's default).
         */
        ARRIVAL("arrival"),
        /**
         * When the head reaches the front of its VC, in the cycle the previous packet's tail
         * leaves (BookSim's input VC, which routes and allocates one packet at a time): each
         * packet of a VC spends {@code pipeline - 1} cycles at the front before it can leave, so
         * a VC passes at most one packet per {@code pipeline - 1} cycles.
         */
        FRONT("front");

        private final String key;

        RouteTiming(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        public static RouteTiming of(String key) {
            for (RouteTiming r : values()) {
                if (r.key.equals(key)) {
                    return r;
                }
            }
            return null;
        }
    }

    /** How the round-robin VC allocator's output stage orders the input VCs that request one output VC. */
    public enum Allocation {
        /** One rotation over all input VCs of the router: a port with more requesting VCs wins more often. */
        PER_VC("per-vc"),
        /**
         * Round robin over input ports first, then over the VCs of the winning port: every input
         * port (a channel's or an injection port) wins an equal share of a contested output VC,
         * however many of its VCs request it.
         */
        PER_PORT("per-port"),
        /**
         * As {@code per-vc}, but a packet continuing along its ring (same dimension and
         * direction) beats one entering the ring (injected or turning): the in-transit priority
         * of bubble routers (the CBS paper's baseline router, 004 section V.A).
         */
        TRANSIT_FIRST("transit-first");

        private final String key;

        Allocation(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        public static Allocation of(String key) {
            for (Allocation a : values()) {
                if (a.key.equals(key)) {
                    return a;
                }
            }
            return null;
        }
    }

    /** A VC or switch allocator (spec fields {@code vc-allocator}, {@code switch-allocator}). */
    public enum AllocatorKind {
        /**
         * flowproof's separable allocator: each requester asks for one resource (an input VC
         * its best candidate output VC; an input port one of its VCs, round robin), each
         * resource grants one request round robin.
         */
        SEPARABLE_INPUT_FIRST("separable-input-first"),
        /**
         * iSLIP (McKeown), BookSim's default: each requester asks for every resource it could
         * use (an input VC every admissible candidate output VC; an input port every output
         * port one of its VCs is ready for, that port's VC chosen round robin); each resource
         * grants one requester round robin from its grant pointer; each requester accepts one
         * grant round robin from its accept pointer; the pointers move past an accepted grant
         * of the first iteration only. Later iterations match what the earlier left unmatched.
         */
        ISLIP("islip");

        private final String key;

        AllocatorKind(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        public static AllocatorKind of(String key) {
            for (AllocatorKind a : values()) {
                if (a.key.equals(key)) {
                    return a;
                }
            }
            return null;
        }
    }

    /**
     * The VC and switch allocators, iSLIP's iterations, the switch's input speedup and whether
     * a packet holds the switch (spec fields {@code vc-allocator}, {@code switch-allocator},
     * {@code allocator-iterations}, {@code input-speedup}: switch inputs per input port, VC v
     * on input {@code v mod s}; {@code switch-hold: packet}: BookSim's
     * {@code hold_switch_for_packet}, a VC granted the switch for a flit that is not its
     * packet's tail keeps its input and output for the next flit, without allocation, while
     * it has a flit and a credit for it; {@code ejection-vc: class}: the VC allocator gives a
     * packet only the ejection VCs of its VC class, as BookSim's {@code min} routing on its
     * dragonfly ejects a packet on its phase's VC; {@code adaptive-selection: two-random-ports}:
     * where a head's candidates span several output ports, it draws two of them at random once
     * per hop, when its route is computed, and asks only for VCs of the one whose downstream
     * buffers hold fewer flits, as BookSim's {@code anca} on its fat tree; otherwise it takes
     * the free candidate VC with the most credits).
     */
    public record Allocators(AllocatorKind vc, AllocatorKind sw, int iterations, int inputSpeedup,
            boolean holdSwitch, boolean ejectionByClass, boolean twoRandomPorts) {

        /** flowproof's separable input-first allocators, one switch input per input port. */
        public static final Allocators DEFAULT = new Allocators(AllocatorKind.SEPARABLE_INPUT_FIRST,
            AllocatorKind.SEPARABLE_INPUT_FIRST, 1, 1);

        /** The allocators with one switch input per input port. */
        public Allocators(AllocatorKind vc, AllocatorKind sw, int iterations) {
            this(vc, sw, iterations, 1);
        }

        /** The allocators without switch holding, any ejection VC for any packet. */
        public Allocators(AllocatorKind vc, AllocatorKind sw, int iterations, int inputSpeedup) {
            this(vc, sw, iterations, inputSpeedup, false, false);
        }

        /** The allocators with the adaptive choice by credits ({@code adaptive-selection: most-credits}). */
        public Allocators(AllocatorKind vc, AllocatorKind sw, int iterations, int inputSpeedup, boolean holdSwitch,
                          boolean ejectionByClass) {
            this(vc, sw, iterations, inputSpeedup, holdSwitch, ejectionByClass, false);
        }

        public Allocators {
            if (vc == null) {
                vc = AllocatorKind.SEPARABLE_INPUT_FIRST;
            }
            if (sw == null) {
                sw = AllocatorKind.SEPARABLE_INPUT_FIRST;
            }
        }

        /** As the spec writes it. */
        public String key() {
            return "{vc-allocator: " + vc.key() + ", switch-allocator: " + sw.key() + ", allocator-iterations: "
                + iterations + (inputSpeedup == 1 ? "" : ", input-speedup: " + inputSpeedup)
                + (holdSwitch ? ", switch-hold: packet" : "") + (ejectionByClass ? ", ejection-vc: class" : "")
                + (twoRandomPorts ? ", adaptive-selection: two-random-ports" : "") + "}";
        }
    }

    /**
     * BookSim's router stages (spec field {@code stages}): a head computes its route for
     * {@code routing} cycles from when it arrives (or reaches the front of its VC, with
     * {@code route-timing: front}), is allocated an output VC in the next cycle and may bid
     * for the switch {@code vcAllocation} cycles later; a flit granted the switch leaves its
     * buffer at the end of the {@code switchAllocation} cycles (its credit starts back then) and
     * crosses the switch for {@code traversal} cycles before its link. Body flits bid for the
     * switch as soon as they reach the front of their VC. Without stages (null), flowproof's
     * own timing: every flit waits {@code pipeline - 1} cycles after it arrives, then VC
     * allocation, switch allocation and traversal happen in one cycle.
     *
     * @param routing          route computation, cycles (0: lookahead routing)
     * @param vcAllocation     VC allocation, cycles (at least 1)
     * @param switchAllocation switch allocation, cycles (at least 1)
     * @param traversal        switch traversal, cycles (at least 1)
     */
    public record Stages(int routing, int vcAllocation, int switchAllocation, int traversal) {

        /** The zero-load cycles of a router, the {@code pipeline} they replace. */
        public int total() {
            return routing + vcAllocation + switchAllocation + traversal;
        }

        /** As the spec writes it. */
        public String key() {
            return "{routing: " + routing + ", vc-allocation: " + vcAllocation + ", switch-allocation: "
                + switchAllocation + ", traversal: " + traversal + "}";
        }
    }

    /**
     * Router options where simulators differ, each a spec field under {@code simulation}; the
     * defaults are flowproof's original router.
     *
     * @param vcRelease        when an output VC may be allocated again; null: the switching's
     *                         default ({@link VcRelease#TAIL} under VCT, {@link VcRelease#DRAINED} under wormhole)
     * @param routeTiming      when a head's route computation and VC allocation start
     * @param injectionLatency cycles a flit spends on the injection channel beyond the one every flit takes (and a
     *                         credit back to the source: the source learns of room in the injection buffer as late)
     * @param ejectionLatency  cycles a flit spends on the ejection channel beyond the one every flit takes
     * @param allocation       the order of the round-robin VC allocator's output stage
     * @param stages           BookSim's router stages, or null for flowproof's pipeline timing
     * @param ejectionVcs      VCs of each ejection channel: how many packets may hold it at once (their flits
     *                         interleave, one a cycle)
     * @param allocators       the VC and switch allocators
     * @param ejectionCredit   {@code ejection-release: credit}: under {@code vc-release: drained} an ejection VC is
     *                         free again only when the terminal's credit for the tail is back (BookSim's ejection
     *                         with {@code wait_for_tail_credit = 1}); else when the tail has left
     */
    public record Router(VcRelease vcRelease, RouteTiming routeTiming, int injectionLatency, int ejectionLatency,
        Allocation allocation, Stages stages, int ejectionVcs, Allocators allocators, boolean ejectionCredit) {

        /** flowproof's router: the switching's VC release, arrival timing, no extra channel cycles, per-VC rotation. */
        public static final Router DEFAULT = new Router(null, RouteTiming.ARRIVAL, 0, 0, Allocation.PER_VC, null, 1,
            Allocators.DEFAULT, false);

        /** As {@link #Router(VcRelease, RouteTiming, int, int, Allocation, Stages, int, Allocators)} with flowproof's allocators. */
        public Router(VcRelease vcRelease, RouteTiming routeTiming, int injectionLatency, int ejectionLatency,
            Allocation allocation, Stages stages, int ejectionVcs) {
            this(vcRelease, routeTiming, injectionLatency, ejectionLatency, allocation, stages, ejectionVcs,
                Allocators.DEFAULT, false);
        }

        public Router {
            if (routeTiming == null) {
                routeTiming = RouteTiming.ARRIVAL;
            }
            if (allocation == null) {
                allocation = Allocation.PER_VC;
            }
            if (allocators == null) {
                allocators = Allocators.DEFAULT;
            }
        }

        public Router withVcRelease(VcRelease r) {
            return new Router(r, routeTiming, injectionLatency, ejectionLatency, allocation, stages, ejectionVcs, allocators, ejectionCredit);
        }

        public Router withRouteTiming(RouteTiming t) {
            return new Router(vcRelease, t, injectionLatency, ejectionLatency, allocation, stages, ejectionVcs, allocators, ejectionCredit);
        }

        public Router withChannelLatencies(int injection, int ejection) {
            return new Router(vcRelease, routeTiming, injection, ejection, allocation, stages, ejectionVcs, allocators, ejectionCredit);
        }

        public Router withAllocation(Allocation a) {
            return new Router(vcRelease, routeTiming, injectionLatency, ejectionLatency, a, stages, ejectionVcs, allocators, ejectionCredit);
        }

        public Router withEjectionVcs(int n) {
            return new Router(vcRelease, routeTiming, injectionLatency, ejectionLatency, allocation, stages, n, allocators, ejectionCredit);
        }

        public Router withAllocators(Allocators a) {
            return new Router(vcRelease, routeTiming, injectionLatency, ejectionLatency, allocation, stages, ejectionVcs,
                a, ejectionCredit);
        }

        public Router withEjectionCredit(boolean credit) {
            return new Router(vcRelease, routeTiming, injectionLatency, ejectionLatency, allocation, stages, ejectionVcs,
                allocators, credit);
        }

        public Router withStages(Stages s) {
            return new Router(vcRelease, routeTiming, injectionLatency, ejectionLatency, allocation, s, ejectionVcs, allocators, ejectionCredit);
        }
    }

    /**
     * What the space-time chart records: the input buffers of a row of routers (one per
     * direction of the channels entering each), busy when they have no free packet slot
     * (fewer free flits than the largest packet), for cycles {@code from .. from+length-1}.
     *
     * @param routers the routers of the row, in order
     */
    public record SpaceTime(int[] routers, long from, int length) {
    }

    /**
     * The most cycles a run may take, generation and drain together: the simulator keeps
     * cycle numbers (arrival times, latencies) in 32-bit ints, with room for the last
     * packets' pipeline and link delays.
     */
    public static final long MAX_CYCLES = 2_000_000_000L;

    public SimConfig {
        if (control == null) {
            control = Scheme.NONE;
        }
        if (injectionArbiter == null) {
            injectionArbiter = InjectionArbiter.ROUND_ROBIN;
        }
        if (router == null) {
            router = Router.DEFAULT;
        }
        if (router.vcRelease() == null) {
            router = router.withVcRelease(switching == Switching.VCT ? VcRelease.TAIL : VcRelease.DRAINED);
        }
        if (bufferFlits < 1) {
            throw new ConfigurationException("simulation.buffer", "at least 1 flit", Integer.toString(bufferFlits));
        }
        if (switching == Switching.VCT && bufferFlits < workload.maxPacketSize()) {
            throw new ConfigurationException("simulation.buffer",
                "at least the largest packet (" + workload.maxPacketSize() + " flits) under virtual cut-through",
                bufferFlits + " flits");
        }
        if (switching == Switching.VCT && rule.readsRings()
            && workload.meanPacketSize() < workload.maxPacketSize()) {
            // The simulator counts a VC's free rule slots as credits / largest packet: a packet
            // smaller than the largest takes fewer credits than a slot, so a move inside a ring
            // can cost the target a slot without giving the source one, and the ring's last
            // bubble disappears (a ring of full-looking buffers with free flits deadlocks).
            throw new ConfigurationException("simulation.packet-size", "one packet size for rule "
                + rule.name() + " under virtual cut-through (its free slots are packets of the largest size,"
                + " and smaller packets would fragment them)", workload.maxPacketSize() == 1 ? "1"
                : String.format(java.util.Locale.ROOT, "sizes up to %d flits (mean %.2f)", workload.maxPacketSize(),
                    workload.meanPacketSize()));
        }
        positive("simulation.pipeline", pipeline);
        positive("simulation.link-latency", linkLatency);
        positive("simulation.credit-latency", creditLatency);
        positive("simulation.injection-channels", injectionPorts);
        positive("simulation.ejection-channels", ejectionPorts);
        positive("simulation.deadlock-cycles", deadlockCycles);
        positive("simulation.window", window);
        flowproof.topology.Topology topo = network.topology();
        for (int c = 0; c < topo.channels(); c++) {
            int own = Simulator.channelLatency(topo, c);
            if (own == 1) {
                continue;
            }
            long longest = Math.max((long) linkLatency, creditLatency) + own - 1;
            if (longest >= deadlockCycles) {
                // a flit or credit on such a link would pass for a deadlock
                throw new ConfigurationException("simulation.deadlock-cycles", "more cycles than the longest link or"
                    + " credit latency (" + longest + " cycles, on channel " + topo.channelName(c) + ")",
                    Integer.toString(deadlockCycles));
            }
        }
        if (consumeDelay < 0 || consumeDelay >= deadlockCycles) {
            // a terminal still serving a message would look like a deadlock to the detector
            throw new ConfigurationException("simulation.consume-delay", "0 or more cycles and fewer than"
                + " deadlock-cycles (" + deadlockCycles + ")", Integer.toString(consumeDelay));
        }
        if (switching == Switching.VCT && router.vcRelease() != VcRelease.TAIL) {
            throw new ConfigurationException("simulation.vc-release", "tail under virtual cut-through (a packet is"
                + " allocated a VC with room for all of it, and the VC is released when its tail leaves; drained is a"
                + " wormhole option)", router.vcRelease().key());
        }
        if (switching == Switching.WORMHOLE && router.vcRelease() == VcRelease.TAIL
            && (!rule.freeSlotSuffices() || routing.hasEscape())) {
            // a VC holding the end of another packet is a free slot to the rule: sound only for rules that
            // admit on any free slot, whose waits follow the CDG's edges; Duato's escape VCs need atomic allocation
            throw new ConfigurationException("simulation.vc-release", "drained for rule " + rule.name()
                + (routing.hasEscape() ? " with escape VCs (Duato's theorem needs a VC allocated only when empty)"
                : " (it reads more than a free slot, and a VC still holding another packet's flits is no bubble)"),
                router.vcRelease().key());
        }
        if (router.injectionLatency() < 0 || router.injectionLatency() >= deadlockCycles) {
            // a flit still on the injection channel would look like a deadlock to the detector
            throw new ConfigurationException("simulation.injection-latency", "0 or more cycles and fewer than"
                + " deadlock-cycles (" + deadlockCycles + ")", Integer.toString(router.injectionLatency()));
        }
        if (router.ejectionLatency() < 0 || router.ejectionLatency() > 1_000_000) {
            throw new ConfigurationException("simulation.ejection-latency", "0 to 1000000 cycles",
                Integer.toString(router.ejectionLatency()));
        }
        if (router.ejectionVcs() < 1 || router.ejectionVcs() > 256) {
            throw new ConfigurationException("simulation.ejection-vcs", "1 to 256 VCs", Integer.toString(
                router.ejectionVcs()));
        }
        if (router.ejectionCredit() && (switching != Switching.WORMHOLE || router.vcRelease() != VcRelease.DRAINED)) {
            throw new ConfigurationException("simulation.ejection-release", "tail unless wormhole with vc-release:"
                + " drained (credit: the ejection VC waits for the terminal's credit as BookSim's does with"
                + " wait_for_tail_credit = 1)", "credit");
        }
        Allocators al = router.allocators();
        if (al.iterations() < 1 || al.iterations() > 16) {
            throw new ConfigurationException("simulation.allocator-iterations", "1 to 16", Integer.toString(
                al.iterations()));
        }
        if (al.inputSpeedup() < 1 || al.inputSpeedup() > network.vcs()) {
            throw new ConfigurationException("simulation.input-speedup", "1 to the VCs per channel (" + network.vcs()
                + "): switch inputs per input port, VC v on input v mod s", Integer.toString(al.inputSpeedup()));
        }
        if (al.ejectionByClass() && (!(routing instanceof flowproof.routing.ClassedRouting)
            || router.ejectionVcs() != network.vcs())) {
            throw new ConfigurationException("simulation.ejection-vc", "any unless the routing has vc-classes and"
                + " ejection-vcs equals vcs (" + network.vcs() + "; class: each VC class ejects on its own VCs)",
                "class with " + (routing instanceof flowproof.routing.ClassedRouting ? "ejection-vcs "
                + router.ejectionVcs() : "no vc-classes"));
        }
        if (arbiter == Arbiter.OLDEST_FIRST && al.sw() == AllocatorKind.ISLIP) {
            throw new ConfigurationException("simulation.arbiter", "round-robin with switch-allocator: islip (iSLIP's"
                + " arbiters rotate; oldest-first is an option of the separable allocator)", "oldest-first");
        }
        Stages st = router.stages();
        if (st != null) {
            if (st.routing() < 0 || st.vcAllocation() < 1 || st.switchAllocation() < 1 || st.traversal() < 1) {
                throw new ConfigurationException("simulation.stages", "routing 0 or more cycles, vc-allocation,"
                    + " switch-allocation and traversal 1 or more", String.format(java.util.Locale.ROOT,
                    "%d, %d, %d, %d", st.routing(), st.vcAllocation(), st.switchAllocation(), st.traversal()));
            }
            if (st.total() != pipeline) {
                throw new ConfigurationException("simulation.pipeline", "the sum of simulation.stages (" + st.total()
                    + " cycles)", Integer.toString(pipeline));
            }
        }
        if (cycles < 1 || cycles > MAX_CYCLES) {
            throw new ConfigurationException("simulation.cycles", "1 to " + MAX_CYCLES + " cycles (the simulator keeps"
                + " cycle numbers in 32 bits)", Long.toString(cycles));
        }
        if (warmup < 0 || warmup >= cycles) {
            throw new ConfigurationException("simulation.warmup", "0 or more and fewer than cycles (" + cycles + ")",
                Long.toString(warmup));
        }
        if (drainCycles < 0 || drainCycles > MAX_CYCLES - cycles) {
            throw new ConfigurationException("simulation.drain", "0 to " + (MAX_CYCLES - cycles) + " cycles (cycles plus"
                + " drain at most " + MAX_CYCLES + ": the simulator keeps cycle numbers in 32 bits)",
                Long.toString(drainCycles));
        }
    }

    private static void positive(String field, long v) {
        if (v < 1) {
            throw new ConfigurationException(field, "at least 1", Long.toString(v));
        }
    }

    /** Rule slot size in flits: the largest packet under virtual cut-through, the whole buffer under wormhole. */
    public int slotFlits() {
        return switching == Switching.VCT ? workload.maxPacketSize() : bufferFlits;
    }

    public SimConfig withWorkload(Workload w) {
        return new SimConfig(network, routing, rule, w, switching, arbiter, bufferFlits, pipeline, linkLatency,
            creditLatency, injectionPorts, ejectionPorts, cycles, warmup, seed, deadlockCycles, drainCycles, escapeAny,
            check, window, spaceTime, control, consumeDelay, injectionArbiter, router);
    }

    public SimConfig withRun(long cycles, long warmup, long seed) {
        return new SimConfig(network, routing, rule, workload, switching, arbiter, bufferFlits, pipeline, linkLatency,
            creditLatency, injectionPorts, ejectionPorts, cycles, warmup, seed, deadlockCycles, drainCycles, escapeAny,
            check, window, spaceTime, control, consumeDelay, injectionArbiter, router);
    }

    public SimConfig withCheck(boolean check) {
        return new SimConfig(network, routing, rule, workload, switching, arbiter, bufferFlits, pipeline, linkLatency,
            creditLatency, injectionPorts, ejectionPorts, cycles, warmup, seed, deadlockCycles, drainCycles, escapeAny,
            check, window, spaceTime, control, consumeDelay, injectionArbiter, router);
    }

    public SimConfig withSpaceTime(SpaceTime st) {
        return new SimConfig(network, routing, rule, workload, switching, arbiter, bufferFlits, pipeline, linkLatency,
            creditLatency, injectionPorts, ejectionPorts, cycles, warmup, seed, deadlockCycles, drainCycles, escapeAny,
            check, window, st, control, consumeDelay, injectionArbiter, router);
    }

    public SimConfig withControl(Scheme scheme) {
        return new SimConfig(network, routing, rule, workload, switching, arbiter, bufferFlits, pipeline, linkLatency,
            creditLatency, injectionPorts, ejectionPorts, cycles, warmup, seed, deadlockCycles, drainCycles, escapeAny,
            check, window, spaceTime, scheme, consumeDelay, injectionArbiter, router);
    }

    /** The rule the simulator runs: the spec's, or the one the control scheme puts in its place. */
    public FlowControlRule effectiveRule() {
        return control.rule(rule, network);
    }

    /** A copy whose terminals take {@code delay} cycles to consume each message (message classes only). */
    public SimConfig withConsumeDelay(int delay) {
        return new SimConfig(network, routing, rule, workload, switching, arbiter, bufferFlits, pipeline, linkLatency,
            creditLatency, injectionPorts, ejectionPorts, cycles, warmup, seed, deadlockCycles, drainCycles, escapeAny,
            check, window, spaceTime, control, delay, injectionArbiter, router);
    }

    /** A copy whose terminals' injection ports arbitrate between answers and new messages by {@code a}. */
    public SimConfig withInjectionArbiter(InjectionArbiter a) {
        return new SimConfig(network, routing, rule, workload, switching, arbiter, bufferFlits, pipeline, linkLatency,
            creditLatency, injectionPorts, ejectionPorts, cycles, warmup, seed, deadlockCycles, drainCycles, escapeAny,
            check, window, spaceTime, control, consumeDelay, a, router);
    }

    /**
     * The spec field of the first router option that is not flowproof's default, or null:
     * engines that model no VC router (the input-queued schemes' engine) refuse them.
     */
    public String routerOption() {
        if (router.vcRelease() != (switching == Switching.VCT ? VcRelease.TAIL : VcRelease.DRAINED)) {
            return "vc-release";
        }
        if (router.routeTiming() != RouteTiming.ARRIVAL) {
            return "route-timing";
        }
        if (router.injectionLatency() != 0) {
            return "injection-latency";
        }
        if (router.ejectionLatency() != 0) {
            return "ejection-latency";
        }
        if (router.stages() != null) {
            return "stages";
        }
        if (router.ejectionVcs() != 1) {
            return "ejection-vcs";
        }
        if (router.allocators().vc() != AllocatorKind.SEPARABLE_INPUT_FIRST) {
            return "vc-allocator";
        }
        if (router.allocators().sw() != AllocatorKind.SEPARABLE_INPUT_FIRST) {
            return "switch-allocator";
        }
        if (router.allocators().iterations() != 1) {
            return "allocator-iterations";
        }
        if (router.allocators().inputSpeedup() != 1) {
            return "input-speedup";
        }
        if (router.allocators().holdSwitch()) {
            return "switch-hold";
        }
        if (router.allocators().ejectionByClass()) {
            return "ejection-vc";
        }
        if (router.ejectionCredit()) {
            return "ejection-release";
        }
        if (router.allocators().twoRandomPorts()) {
            return "adaptive-selection";
        }
        return router.allocation() != Allocation.PER_VC ? "allocation" : null;
    }

    /** A copy with router options {@code r}. */
    public SimConfig withRouter(Router r) {
        return new SimConfig(network, routing, rule, workload, switching, arbiter, bufferFlits, pipeline, linkLatency,
            creditLatency, injectionPorts, ejectionPorts, cycles, warmup, seed, deadlockCycles, drainCycles, escapeAny,
            check, window, spaceTime, control, consumeDelay, injectionArbiter, r);
    }

    public SimConfig withDrain(long drain) {
        return new SimConfig(network, routing, rule, workload, switching, arbiter, bufferFlits, pipeline, linkLatency,
            creditLatency, injectionPorts, ejectionPorts, cycles, warmup, seed, deadlockCycles, drain, escapeAny,
            check, window, spaceTime, control, consumeDelay, injectionArbiter, router);
    }
}
