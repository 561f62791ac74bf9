package flowproof.sim;

import flowproof.routing.QueueRoutes;
import flowproof.routing.RoutingFunction;
import flowproof.rule.FlowControlRule;
import flowproof.sim.control.InjectionControl;
import flowproof.topology.Topology;
import java.util.Arrays;

/**
 * Route computation and VC allocation, for heads at the front of their input VC that have
 * spent {@code pipeline - 1} cycles in the router (or the routing stage: {@link RouterTiming}).
 * Each input VC requests its best candidate output VC: unowned, with the credits a packet
 * needs, and admitted by the rule on the live buffers (adaptive: the one with most credits;
 * escape VCs only when no adaptive VC admits, as in the explorer). Each output VC grants one request (round robin over input VCs, or
 * over input ports then VCs with {@code allocation: per-port}, or oldest first); grants are
 * then committed in a rotating order of input VCs, each judged again by the rule on the
 * state the earlier commits left (for Theoretical BFC, whose ring-wide count is global and
 * atomic, this is the paper's omniscient controller).
 *
 * <p>It visits only the <em>active</em> input VCs ({@link WakeUpLists}), in increasing
 * order; a head whose every candidate failed the tests made before the rule is asked sleeps
 * on its candidates until a release or a credit makes one of them pass ({@link #released}); a
 * head still in its pipeline joins the active set only in the cycle it may ask (a timer wheel).
 */
final class VcAllocator {

    private final Topology topo;
    private final RoutingFunction routing;
    private final FlowControlRule rule;
    private final Buffers b;
    private final Packets pk;
    private final RouteComputation rc;
    private final SwitchAllocator sa;
    private final MessageQueues msg;
    private final InjectionControl control;
    private final boolean controlled;
    private final boolean escapeAny;
    private final boolean oldestFirst;
    private final boolean perPort;
    /** {@code allocation: transit-first}: a packet continuing along its ring wins an output VC over one entering it. */
    private final boolean transitFirst;
    private final boolean frontTiming;
    /**
     * The rule declares {@link FlowControlRule#freeSlotSuffices} and keeps no marks: by its
     * contract ({@code flowproof.rule.RuleContract}, checked for every built-in rule) it admits
     * exactly the moves its VC discipline allows into a queue with a free slot, and the route
     * table lists only allowed moves, so a candidate with a free slot is admitted without the
     * call (the dateline, VCT, VC-per-hop and escape-VC rules).
     */
    private final boolean freeSlotAdmits;
    private final int vcs;
    private final int cap;
    private final int slot;
    private final int queues;
    private final int channels;
    private final int inPorts;
    private final int inVcs;
    /** A terminal's ejection output VCs: ejection channels times {@code ejection-vcs}. */
    private final int ejPorts;
    /** {@code ejection-vc: class}: a packet takes only the ejection VCs of its VC class; VCs per ejection port. */
    private final boolean ejectionByClass;
    private final int ejVcs;
    private final RouterTiming timing;
    private final int[] inPortRouter;
    /** With traffic classes: the class and priority of each VC of a port; else null. */
    private final int[] vcClass;
    private final int[] vcPrio;

    /** The active input VCs and the wake-up lists. */
    final WakeUpLists waiting;
    /**
     * Heads that may ask only in a later cycle (their pipeline or routing stage, or the link
     * they are still on), listed by that cycle: slot {@code cycle & timerMask} is a list threaded
     * through {@code timerNext} that {@link #allocate} makes active in that cycle. Until then a
     * visit would only find the head too early; a head further ahead than the wheel is active at once.
     */
    private final int[] timerHead;
    private final int[] timerNext;
    private final int timerMask;
    private final int[] ptr;
    /** Per output VC, {@code allocation: per-port}: the port and the VC after the last winner. */
    private final int[] portPtr;
    private final int[] vcPtr;
    /** Per input VC, {@code route-timing: front}: the cycle its current head reached the front. */
    private final int[] frontTime;
    private final int[] best;
    private final long[] stamp;
    private final int[] req;
    private final int[] list;
    private final int[] firstQueues;
    /**
     * Per input VC: where its head's candidates are in the route table ({@link #EJECTS} when it
     * leaves the network here, {@link #UNKNOWN} until first asked), so that a head asking again
     * and its grant read the table once per hop.
     */
    private final int[] headRoute;
    /**
     * {@code adaptive-selection: two-random-ports}: per input VC, the output port its head drew
     * for this hop (the less occupied of two drawn), or -1 (every candidate port); else null.
     */
    private final int[] chosenPort;
    /** Scratch for the draw: the distinct output ports of a route's candidates. */
    private final int[] portScratch;
    private static final int UNKNOWN = -1;
    private static final int EJECTS = -2;
    /** {@code vc-allocator: islip}: the matcher (inputs: input VCs, outputs: output VCs), else null. */
    private final Islip islip;
    private final Islip.GrantOrder grantOrder;
    /** Set by {@link #choose} when it returned -1 without calling the rule or the control: the head may sleep. */
    private boolean chooseMaySleep;
    /** The last output VC the rule refused in {@link #choose}, or -1. */
    private int chooseRuleDenied;
    /** Packets granted their first output VC so far. */
    long injectedPackets;
    /** Null unless a test or {@code fuzz} watches the run. */
    CycleObserver observer;
    SimState probe;

    VcAllocator(SimConfig cfg, FlowControlRule rule, Buffers b, Packets pk, RouteComputation rc, SwitchAllocator sa,
        MessageQueues msg, InjectionControl control, RouterTiming timing, int inPorts, int[] inPortRouter, int[] vcClass,
        int[] vcPrio) {
        this.topo = cfg.network().topology();
        this.routing = cfg.routing();
        this.rule = rule;
        this.b = b;
        this.pk = pk;
        this.rc = rc;
        this.sa = sa;
        this.msg = msg;
        this.control = control;
        this.controlled = control != InjectionControl.NONE;
        this.escapeAny = cfg.escapeAny();
        this.oldestFirst = cfg.arbiter() == SimConfig.Arbiter.OLDEST_FIRST;
        SimConfig.Router router = cfg.router();
        this.perPort = router.allocation() == SimConfig.Allocation.PER_PORT;
        this.transitFirst = router.allocation() == SimConfig.Allocation.TRANSIT_FIRST;
        this.frontTiming = router.routeTiming() == SimConfig.RouteTiming.FRONT;
        this.freeSlotAdmits = rule.freeSlotSuffices() && rule.marksPerRing() == 0;
        this.vcs = b.vcs;
        this.cap = b.cap;
        this.slot = b.slot;
        this.queues = b.queues;
        this.channels = topo.channels();
        this.inPorts = inPorts;
        this.inVcs = inPorts * vcs;
        // a terminal's ejection output VCs: ejection-vcs per ejection channel
        this.ejPorts = cfg.ejectionPorts() * router.ejectionVcs();
        this.ejectionByClass = router.allocators().ejectionByClass();
        this.ejVcs = router.ejectionVcs();
        this.timing = timing;
        this.inPortRouter = inPortRouter;
        this.vcClass = vcClass;
        this.vcPrio = vcPrio;
        int outVcs = b.outVcs;
        ptr = new int[outVcs];
        portPtr = perPort ? new int[outVcs] : null;
        vcPtr = perPort ? new int[outVcs] : null;
        frontTime = frontTiming ? new int[inVcs] : null;
        best = new int[outVcs];
        stamp = new long[outVcs];
        Arrays.fill(stamp, -1);
        req = new int[inVcs];
        list = new int[inVcs];
        // the route table lists queues (channel x VC), up to vcs per candidate channel
        firstQueues = new int[Math.max(4, routing.maxCandidates()) * vcs];
        headRoute = new int[inVcs];
        chosenPort = router.allocators().twoRandomPorts() ? new int[inVcs] : null;
        portScratch = chosenPort != null ? new int[Math.max(1, cfg.routing().maxCandidates()) * b.vcs] : null;
        Arrays.fill(headRoute, UNKNOWN);
        waiting = new WakeUpLists(inVcs, outVcs, Math.max(firstQueues.length, ejPorts));
        int ahead = cfg.linkLatency() + router.injectionLatency() + timing.vaWait + timing.traversal + timing.frontDelay;
        timerMask = Integer.highestOneBit(2 * (ahead + 2)) - 1;
        timerHead = new int[timerMask + 1];
        Arrays.fill(timerHead, -1);
        timerNext = new int[inVcs];
        SimConfig.Allocators allocators = router.allocators();
        islip = allocators.vc() == SimConfig.AllocatorKind.ISLIP
            ? new Islip(inVcs, outVcs, Math.max(firstQueues.length, ejPorts), allocators.iterations()) : null;
        grantOrder = this::beats;
    }

    /**
     * A head reached the front of input VC {@code iv}, which holds no output VC, in cycle
     * {@code now}; it arrives (or arrived) in cycle {@code time}: it asks from its pipeline's end on.
     */
    void headArrived(int iv, int time, long now) {
        headRoute[iv] = UNKNOWN;
        activateFrom(iv, time, now);
    }

    /** Input VC {@code iv}'s head, which arrives in cycle {@code time}, asks from the cycle its wait ends (now or later). */
    private void activateFrom(int iv, int time, long now) {
        int ready = (frontTiming ? Math.max(time, frontTime[iv]) : time) + timing.vaWait;
        int ahead = ready - (int) now;
        if (ahead <= 0 || ahead > timerMask) {
            waiting.activate(iv);
            return;
        }
        int s = ready & timerMask;
        timerNext[iv] = timerHead[s];
        timerHead[s] = iv;
    }

    /**
     * The tail of the packet in input VC {@code iv} left in cycle {@code now}: the next head,
     * if any, is at the front (with {@code route-timing: front} its pipeline starts now, staged
     * its routing stage the next cycle).
     */
    void tailLeft(int iv, long now) {
        headRoute[iv] = UNKNOWN;
        if (frontTiming) {
            // like a head that arrived now (staged: next cycle), it leaves pipeline - 1 cycles later at the earliest
            frontTime[iv] = (int) now + timing.frontDelay;
        }
        if (b.count(iv) > 0) {
            activateFrom(iv, b.buf[3 * b.front(iv) + 2], now);
        }
    }

    /** Output VC {@code ov} was released or gained credits: heads sleeping on it wake if it now passes. */
    void released(int ov) {
        if (waiting.waitedOn(ov) && b.eligible(ov)) {
            waiting.wake(ov);
        }
    }

    /** Allocates output VCs in cycle {@code now}. */
    void allocate(long now) {
        int[] buf = b.buf;
        int requests = 0;
        int slot = (int) now & timerMask;
        for (int iv = timerHead[slot]; iv >= 0; iv = timerNext[iv]) {
            waiting.activate(iv);
        }
        timerHead[slot] = -1;
        // the input VCs with a head waiting and awake, in increasing order (the order of the
        // routing function's random draws, the control's calls and the commits below)
        long[] active = waiting.active;
        for (int w = 0; w < active.length; w++) {
            long bits = active[w];
            while (bits != 0) {
                int iv = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                int at = b.front(iv);
                int wait = timing.vaWait;
                if (buf[3 * at + 2] + wait > now || (frontTiming && frontTime[iv] + wait > now)) {
                    continue;
                }
                int ov = choose(iv, buf[3 * at], islip != null);
                if (ov < 0) {
                    if (chooseRuleDenied >= 0) {
                        ruleWaited(iv, buf[3 * at], chooseRuleDenied);
                    }
                    if (chooseMaySleep) {
                        sleep(iv, buf[3 * at]);
                    }
                    continue;
                }
                req[iv] = ov;
                list[requests++] = iv;
                if (islip == null && (stamp[ov] != now || beats(iv, best[ov], ov))) {
                    stamp[ov] = now;
                    best[ov] = iv;
                }
            }
        }
        if (requests == 0) {
            return;
        }
        if (islip != null) {
            islip.match(list, requests, now, grantOrder);
            for (int i = 0; i < requests; i++) {
                int iv = list[i];
                int ov = islip.matched(iv);
                req[iv] = ov;
                if (ov >= 0) {
                    best[ov] = iv;
                }
            }
        }
        int k = (int) (now % requests);
        for (int i = 0; i < requests; i++) {
            int iv = list[k];
            if (++k == requests) {
                k = 0;
            }
            int ov = req[iv];
            if (ov < 0 || best[ov] != iv) {
                continue;
            }
            commit(iv, ov, now);
        }
    }

    private boolean beats(int iv, int other, int ov) {
        if (vcPrio != null && vcPrio[b.vcOf(iv)] != vcPrio[b.vcOf(other)]) {
            return vcPrio[b.vcOf(iv)] > vcPrio[b.vcOf(other)];
        }
        if (transitFirst && ov < queues) {
            boolean a = b.portOf(iv) < channels && b.network().withinRing(iv, ov);
            if (a != (b.portOf(other) < channels && b.network().withinRing(other, ov))) {
                return a;
            }
        }
        if (oldestFirst) {
            long a = pk.gen[b.frontPacket(iv)];
            long c = pk.gen[b.frontPacket(other)];
            if (a != c) {
                return a < c;
            }
        }
        if (perPort) {
            // input port first (each port an equal share), then the VCs of the port
            int pp = portPtr[ov];
            int a = b.portOf(iv) - pp;
            int c = b.portOf(other) - pp;
            if (a != c) {
                return (a < 0 ? a + inPorts : a) < (c < 0 ? c + inPorts : c);
            }
            int vp = vcPtr[ov];
            a = b.vcOf(iv) - vp;
            c = b.vcOf(other) - vp;
            return (a < 0 ? a + vcs : a) < (c < 0 ? c + vcs : c);
        }
        int p = ptr[ov];
        int a = iv - p;
        int c = other - p;
        return (a < 0 ? a + inVcs : a) < (c < 0 ? c + inVcs : c);
    }

    /** The output VC {@code ov} was granted to input VC {@code iv}: its round-robin pointers move past it. */
    private void granted(int iv, int ov) {
        if (islip != null && !islip.firstIteration(iv)) {
            // iSLIP moves its pointers on the first iteration's matches only
            return;
        }
        ptr[ov] = iv + 1;
        if (perPort) {
            int port = b.portOf(iv) + 1;
            portPtr[ov] = port == inPorts ? 0 : port;
            int v = b.vcOf(iv) + 1;
            vcPtr[ov] = v == vcs ? 0 : v;
        }
    }

    /**
     * Puts input VC {@code iv}, whose head packet {@code p} found every candidate output VC
     * owned or short of credits, to sleep on them ({@link WakeUpLists}). Until one of them
     * becomes {@linkplain Buffers#eligible eligible}, {@link #choose} would return -1 every
     * cycle without calling anything; the first such change wakes it.
     */
    private void sleep(int iv, int p) {
        int off = headRoute[iv];
        if (off == EJECTS) {
            waiting.sleepOnRange(iv, queues + pk.dst[p] * ejPorts, ejPorts);
            return;
        }
        int n = rc.pool[off];
        if (n <= waiting.slots()) {
            waiting.sleep(iv, rc.pool, off + 2, 2, n);
        }
    }

    /** Where the candidates of head packet {@code p} of input VC {@code iv} are ({@link #headRoute}). */
    private int headRoute(int iv, int p) {
        int off = headRoute[iv];
        if (off != UNKNOWN) {
            return off;
        }
        int port = b.portOf(iv);
        int router = inPortRouter[port];
        if (pk.header[p] < 0) {
            pk.header[p] = rc.startHeader(router, p);
        }
        int header = pk.header[p];
        off = routing.exitNode(header) == router ? EJECTS
            : rc.route(port < channels ? iv : FlowControlRule.INJECT, router, header);
        headRoute[iv] = off;
        if (chosenPort != null) {
            chosenPort[iv] = off == EJECTS ? -1 : drawPort(off, router);
        }
        return off;
    }

    /**
     * {@code adaptive-selection: two-random-ports}: of the distinct output ports of the route at
     * {@code off}, two drawn at random (with replacement, as BookSim's {@code RandomInt} twice),
     * the one whose downstream buffers hold fewer flits (every VC's, from the credits; the first
     * drawn on a tie), or -1 when the route has one port.
     */
    private int drawPort(int off, int router) {
        int[] pool = rc.pool;
        int n = pool[off];
        int ports = 0;
        for (int i = 0; i < n; i++) {
            int port = b.portOf(pool[off + 2 + 2 * i]);
            boolean seen = false;
            for (int j = 0; j < ports && !seen; j++) {
                seen = portScratch[j] == port;
            }
            if (!seen) {
                portScratch[ports++] = port;
            }
        }
        if (ports < 2) {
            return -1;
        }
        int first = portScratch[rc.draw(router, ports)];
        int second = portScratch[rc.draw(router, ports)];
        return occupancy(first) > occupancy(second) ? second : first;
    }

    /** Flits in (or on their way to, or reserved in) the downstream buffers of output port {@code port}. */
    private int occupancy(int port) {
        int used = 0;
        for (int v = 0; v < vcs; v++) {
            used += cap - b.credits(port * vcs + v);
        }
        return used;
    }

    /**
     * The output VCs the head of input VC {@code iv} may ask for (its route's candidates, or its
     * terminal's ejection VCs), or null while its header is not known (it has not asked yet).
     * For reports: it draws nothing and changes no packet.
     */
    int[] candidates(int iv) {
        int p = b.frontPacket(iv);
        int off = headRoute[iv];
        if (off == UNKNOWN) {
            if (pk.header[p] < 0) {
                return null;
            }
            int port = b.portOf(iv);
            int router = inPortRouter[port];
            off = routing.exitNode(pk.header[p]) == router ? EJECTS
                : rc.route(port < channels ? iv : FlowControlRule.INJECT, router, pk.header[p]);
        }
        if (off == EJECTS) {
            int[] ej = new int[ejPorts];
            for (int k = 0; k < ejPorts; k++) {
                ej[k] = queues + pk.dst[p] * ejPorts + k;
            }
            return ej;
        }
        int[] out = new int[rc.pool[off]];
        for (int i = 0; i < out.length; i++) {
            out[i] = rc.pool[off + 2 + 2 * i];
        }
        return out;
    }

    /**
     * The output VC the head packet {@code p} of input VC {@code iv} asks for, or -1: the
     * admissible candidate with most credits. With {@code all} (iSLIP) it asks for every
     * admissible candidate (kept in {@link #islip}) and returns one of them, or -1.
     */
    private int choose(int iv, int p, boolean all) {
        chooseMaySleep = false;
        chooseRuleDenied = -1;
        if (all) {
            islip.clear(iv);
        }
        int from = iv < queues ? iv : FlowControlRule.INJECT;
        int off = headRoute(iv, p);
        if (off == EJECTS) {
            if (msg != null && !msg.mayEject(p)) {
                // a message that generates an answer leaves only into room in its input queue
                return -1;
            }
            int base = queues + pk.dst[p] * ejPorts;
            int found = -1;
            for (int k = 0; k < ejPorts; k++) {
                if (ejectionByClass && !routing.allowsVc(pk.header[p], k % ejVcs)) {
                    // ejection-vc: class: only the ejection VCs of the packet's VC class
                    continue;
                }
                if (b.owner(base + k) < 0) {
                    if (!all) {
                        return base + k;
                    }
                    islip.request(iv, base + k);
                    found = base + k;
                }
            }
            chooseMaySleep = found < 0 && msg == null;
            return found;
        }
        int[] pool = rc.pool;
        int n = pool[off];
        int primary = pool[off + 1];
        if (controlled && from == FlowControlRule.INJECT) {
            for (int i = 0; i < n; i++) {
                firstQueues[i] = pool[off + 2 + 2 * i];
            }
            if (!control.mayInject(pk.src[p], pk.dst[p], pk.size[p], firstQueues, n)) {
                return -1;
            }
        }
        int chosen = -1;
        int bestCredits = -1;
        // whether the rule was asked (then the answer may change with any state it reads)
        boolean asked = controlled && from == FlowControlRule.INJECT;
        for (int i = 0; i < n; i++) {
            if (!QueueRoutes.tries(i, primary, chosen >= 0, escapeAny)) {
                break;
            }
            int ov = pool[off + 2 + 2 * i];
            int credits = b.credits(ov);
            if (b.owner(ov) >= 0 || credits <= bestCredits) {
                continue;
            }
            if (chosenPort != null && chosenPort[iv] >= 0 && b.portOf(ov) != chosenPort[iv]) {
                continue;
            }
            if (vcClass != null && vcClass[b.vcOf(ov)] != pk.cls[p]) {
                continue;
            }
            // every rule needs a free slot (their contract): skip the call when there is none
            if (b.vct ? credits < slot : !b.tailRelease && credits != cap) {
                continue;
            }
            asked = true;
            if (!freeSlotAdmits && rule.admit(b, from, ov) == FlowControlRule.DENY) {
                chooseRuleDenied = ov;
                continue;
            }
            chosen = ov;
            if (all) {
                islip.request(iv, ov);
            } else {
                bestCredits = credits;
            }
        }
        chooseMaySleep = !asked;
        return chosen;
    }

    /**
     * The rule refused head packet {@code p} of input VC {@code iv} output VC {@code ov}, idle
     * with room for it: a cycle of {@code ruleWait} when the packet is entering a dimension.
     */
    private void ruleWaited(int iv, int p, int ov) {
        int port = b.portOf(iv);
        if (port >= channels || topo.dimension(port) != topo.dimension(b.portOf(ov))) {
            pk.ruleWait[p]++;
        }
    }

    private void commit(int iv, int ov, long now) {
        int at = b.front(iv);
        int p = b.buf[3 * at];
        int port = b.portOf(iv);
        if (ov >= queues) {
            if (msg != null && !msg.reserveEjection(p)) {
                return;
            }
            take(iv, ov, port, now);
            return;
        }
        int from = port < channels ? iv : FlowControlRule.INJECT;
        if (b.owner(ov) >= 0 || (!b.vct && !b.tailRelease && b.credits(ov) != cap)) {
            return;
        }
        int verdict = freeSlotAdmits ? (b.slots(ov) > 0 ? FlowControlRule.ADMIT : FlowControlRule.DENY)
            : rule.admit(b, from, ov);
        if (verdict == FlowControlRule.DENY) {
            ruleWaited(iv, p, ov);
            return;
        }
        if (observer != null) {
            observer.allocating(probe, from, ov);
        }
        int before = b.slots(ov);
        take(iv, ov, port, now);
        if (b.vct) {
            b.reserve(ov, pk.size[p]);
        }
        b.ringAdjust(ov, before);
        if (verdict == FlowControlRule.ADMIT_SHIFT_MARK) {
            b.marks[ov]--;
            // router B raises the control line to the router upstream of the buffer the packet leaves
            b.controlLine[b.controlCount++] = iv;
        }
        int c = b.portOf(ov);
        if (from == FlowControlRule.INJECT || topo.dimension(port) != topo.dimension(c)) {
            pk.access[p] += (int) (now - (b.buf[3 * at + 2] + timing.vaWait));
        }
        // the header the packet will have downstream
        int off = headRoute[iv];
        int[] pool = rc.pool;
        int n = pool[off];
        for (int i = 0; i < n; i++) {
            if (pool[off + 2 + 2 * i] == ov) {
                pk.header[p] = pool[off + 3 + 2 * i];
                break;
            }
        }
        pk.hops[p]++;
        if (from == FlowControlRule.INJECT) {
            injectedPackets++;
            if (controlled) {
                control.injected(pk.src[p], pk.dst[p], pk.size[p]);
            }
        }
    }

    /** Input VC {@code iv} of {@code port} now holds output VC {@code ov}: it leaves the active set for the switch's. */
    private void take(int iv, int ov, int port, long now) {
        b.setOwner(ov, iv);
        b.setOut(iv, ov);
        waiting.deactivate(iv);
        sa.enter(port);
        granted(iv, ov);
        timing.allocated(iv, now);
    }
}
