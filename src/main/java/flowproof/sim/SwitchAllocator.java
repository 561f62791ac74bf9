package flowproof.sim;

/**
 * The separable, input-first switch allocator. Every input port with a VC that holds an
 * output VC and has a flit ready to go (wormhole: and a credit downstream) picks one such VC
 * (round robin from the VC after its last winner, or the oldest packet; with traffic classes
 * the highest class priority first); every output port then grants one of the input ports
 * that picked a VC for it (round robin from the port after its last winner, or the oldest).
 *
 * <p>With {@code switch-allocator: islip} ({@link #allocateIslip}) an input port asks every
 * output port one of its ready VCs holds (that port's VC chosen as above), each output port
 * grants one asking input port round robin, and each input port accepts one grant round robin
 * from its accept pointer, BookSim's {@code iSLIP_Sparse}.
 *
 * <p>With {@code input-speedup: s} (BookSim's {@code input_speedup}) each input port is s
 * inputs of the switch, VC v on input {@code v mod s}: the allocators above work on these
 * inputs, so a port may send up to s flits a cycle, from VCs of different inputs to different
 * output ports.
 *
 * <p>With {@code switch-hold: packet} (BookSim's {@code hold_switch_for_packet}) a VC granted
 * the switch for a flit that is not its packet's tail, and with another flit arrived behind it, holds
 * its switch input and output port: in the next cycle it sends that flit without allocation
 * if the flit is ready and has a credit ({@link #holdGrants}), else the hold ends and the VC
 * asks the allocator again from the cycle after. While held, and in the cycle a hold ends,
 * neither the input nor the output port takes part in allocation. The hold ends with the tail
 * or when the VC has no flit left behind the one sent (iq_router.cpp, {@code _SWHoldUpdate}).
 *
 * <p>It visits only its <em>active</em> input ports, one bit each, in increasing order: those
 * with a VC that holds an output VC and has a flit ({@link #enter}, {@link #leave}).
 */
final class SwitchAllocator {

    private final Buffers b;
    private final Packets pk;
    private final int vcs;
    private final int queues;
    private final int inPorts;
    /** {@code input-speedup}: switch inputs per input port; input {@code ip * speedup + v % speedup} serves VC v. */
    private final int speedup;
    /** Switch inputs: {@code inPorts * speedup}. */
    private final int inputs;
    private final RouterTiming timing;
    private final boolean vct;
    private final boolean oldestFirst;
    /** Per output VC: its output port (ejection ports after the channels). */
    private final int[] ovPort;
    /** With traffic classes: the priority of each VC of a port; else null. */
    private final int[] vcPrio;
    /** Input ports with some VC that holds an output VC and has a flit: one bit each, and the count of such VCs. */
    private final long[] active;
    private final int[] activeVcs;
    private final int[] inPtr;
    /**
     * Per output port {@code op}, side by side at {@code 4 * op} (one cache line for what a
     * request and its grant read): the cycle of the last request (as an int), the input port
     * that wins so far in that cycle, and the round-robin pointer (the port after the last winner).
     */
    private final int[] outRec;
    private static final int STAMP = 0;
    private static final int BEST = 1;
    private static final int PTR = 2;
    private final int[] req;
    /** The input ports that requested the switch this cycle, in increasing order. */
    private final int[] list;
    /** This cycle's grants: input port and input VC. */
    private final int[] grantPort;
    private final int[] grantVc;
    /** {@code switch-allocator: islip}: the matcher (inputs: input ports, outputs: output ports), and per input port the VC of each request. */
    private final Islip islip;
    private final int[] reqVc;
    private final Islip.GrantOrder grantOrder;
    /**
     * iSLIP's requests ({@link #islipRequests}): per switch input the output port of each
     * request beside {@link #reqVc}, and their count. With one iteration ({@link
     * #allocateIslipOnce}, BookSim's default {@code alloc_iters = 1}) the output ports' grants
     * are decided as the requests come in, and each input keeps its accept pointer here.
     */
    private final boolean islipOnce;
    private final int[] reqOp;
    private final int[] reqCount;
    private final int[] acceptPtr;
    private final int outPorts;
    /**
     * {@code switch-hold: packet}: per switch input the VC that holds it (-1: none), its bit in
     * {@link #held}; per switch input and output port the cycle (as an int) in which a hold
     * took it, so that allocation leaves it alone in that cycle.
     */
    private final boolean hold;
    private final int[] holdVc;
    private final long[] held;
    private final int[] inHeld;
    private final int[] outHeld;

    SwitchAllocator(Buffers b, Packets pk, int inPorts, int outPorts, int[] ovPort, RouterTiming timing,
        boolean oldestFirst, int[] vcPrio, SimConfig.Allocators allocators, int speedup, boolean onePass) {
        this.b = b;
        this.pk = pk;
        this.vcs = b.vcs;
        this.queues = b.queues;
        this.inPorts = inPorts;
        this.speedup = speedup;
        this.inputs = inPorts * speedup;
        this.timing = timing;
        this.vct = b.vct;
        this.oldestFirst = oldestFirst;
        this.ovPort = ovPort;
        this.vcPrio = vcPrio;
        active = new long[(inPorts + 63) >>> 6];
        activeVcs = new int[inPorts];
        inPtr = new int[inputs];
        for (int e = 0; e < inputs; e++) {
            // each switch input's round robin starts at its first VC
            inPtr[e] = e % speedup;
        }
        outRec = new int[4 * outPorts];
        for (int op = 0; op < outPorts; op++) {
            outRec[4 * op + STAMP] = -1;
        }
        req = new int[inputs];
        list = new int[inputs];
        grantPort = new int[inputs];
        grantVc = new int[inputs];
        boolean useIslip = allocators.sw() == SimConfig.AllocatorKind.ISLIP;
        islip = useIslip ? new Islip(inputs, outPorts, vcs, allocators.iterations()) : null;
        reqVc = useIslip ? new int[inputs * vcs] : null;
        this.outPorts = outPorts;
        islipOnce = useIslip && allocators.iterations() == 1 && onePass;
        reqOp = useIslip ? new int[inputs * vcs] : null;
        reqCount = useIslip ? new int[inputs] : null;
        acceptPtr = islipOnce ? new int[inputs] : null;
        grantOrder = (e, other, op) -> Islip.nearer(e, other, outRec[4 * op + PTR], inputs);
        hold = allocators.holdSwitch();
        holdVc = hold ? new int[inputs] : null;
        held = hold ? new long[(inputs + 63) >>> 6] : null;
        inHeld = hold ? new int[inputs] : null;
        outHeld = hold ? new int[outPorts] : null;
        if (hold) {
            java.util.Arrays.fill(holdVc, -1);
            java.util.Arrays.fill(inHeld, -1);
            java.util.Arrays.fill(outHeld, -1);
        }
    }

    /** What crosses the switch: a grant's traversal, made as the grant is made ({@link #fuse}). */
    interface Traversal {
        /** Input VC {@code iv} of input port {@code ip} sends its front flit now. */
        void traverse(int ip, int iv);
    }

    /**
     * With the separable allocator, one switch input per port and no switch hold: each grant's
     * traversal, made in the grant loop instead of from a list afterwards (issue 20: about 5% of the
     * 8x8 torus's cycle). The same traversals in the same order, and the same grants: a
     * traversal changes only its own input VC and output VC, downstream buffers (with flits
     * that are ready no earlier than the next cycle) and credits that arrive later, none of
     * which a later grant of the same cycle reads. Null: grants are listed
     * ({@link #grantPort}, {@link #grantVc}) and the caller traverses them.
     */
    private Traversal fused;

    /** Makes the grants' traversals with {@code t} as they are granted, where the allocator allows it; whether it does. */
    boolean fuse(Traversal t) {
        fused = islip == null && speedup == 1 && !hold ? t : null;
        return fused != null;
    }

    /** A VC of input port {@code ip} now holds an output VC and has a flit. */
    void enter(int ip) {
        if (activeVcs[ip]++ == 0) {
            active[ip >>> 6] |= 1L << ip;
        }
    }

    /** A VC of input port {@code ip} no longer holds an output VC with a flit. */
    void leave(int ip) {
        if (--activeVcs[ip] == 0) {
            active[ip >>> 6] &= ~(1L << ip);
        }
    }

    /**
     * Allocates the switch in cycle {@code now}; returns the number of grants listed
     * ({@link #grantPort}, {@link #grantVc}) for the caller to traverse: none when
     * {@linkplain #fuse fused} (they have been traversed).
     */
    int allocate(long now) {
        int grants = hold ? holdGrants(now) : 0;
        if (islipOnce) {
            return allocateIslipOnce(now, grants);
        }
        if (islip != null) {
            return allocateIslip(now, grants);
        }
        if (speedup > 1) {
            return allocateSpeedup(now, grants);
        }
        int[] buf = b.buf;
        long[] gen = pk.gen;
        int requests = 0;
        // the input ports with a VC that holds an output VC and has a flit, in increasing order
        for (int w = 0; w < active.length; w++) {
            long bits = active[w];
            while (bits != 0) {
                int ip = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                if (hold && inHeld[ip] == (int) now) {
                    continue;
                }
                int chosen = pick(ip, ip, 0, buf, gen, now);
                req[ip] = chosen;
                if (chosen < 0) {
                    continue;
                }
                list[requests++] = ip;
                int o = 4 * ovPort[b.out(chosen)];
                if (outRec[o + STAMP] != (int) now || beats(ip, outRec[o + BEST], outRec[o + PTR])) {
                    outRec[o + STAMP] = (int) now;
                    outRec[o + BEST] = ip;
                }
            }
        }
        return grant(requests, grants, now);
    }

    /**
     * The separable allocator with {@code input-speedup} above 1: each switch input picks a VC
     * of its own. Kept apart from {@link #allocate}: one loop over the switch inputs of every
     * port for both measured 8-11% slower on the default path (bench-sim, 8x8 torus).
     */
    private int allocateSpeedup(long now, int heldGrants) {
        int[] buf = b.buf;
        long[] gen = pk.gen;
        int requests = 0;
        // the input ports with a VC that holds an output VC and has a flit, in increasing order
        for (int w = 0; w < active.length; w++) {
            long bits = active[w];
            while (bits != 0) {
                int ip = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                for (int sub = 0, e = ip * speedup; sub < speedup; sub++, e++) {
                    if (hold && inHeld[e] == (int) now) {
                        continue;
                    }
                    int chosen = pick(ip, e, sub, buf, gen, now);
                    req[e] = chosen;
                    if (chosen < 0) {
                        continue;
                    }
                    list[requests++] = e;
                    int o = 4 * ovPort[b.out(chosen)];
                    if (outRec[o + STAMP] != (int) now || beats(e, outRec[o + BEST], outRec[o + PTR])) {
                        outRec[o + STAMP] = (int) now;
                        outRec[o + BEST] = e;
                    }
                }
            }
        }
        return grant(requests, heldGrants, now);
    }

    /**
     * The output ports' grants of the {@code requests} switch inputs of {@link #list}: each
     * output port grants the one its round robin puts first ({@link #beats}, decided as the
     * requests came in); the grant moves the switch input's VC pointer and the output port's
     * pointer past it, in cycle {@code now}. Returns the number of grants, counting the
     * {@code grants} already made (by holds).
     */
    private int grant(int requests, int grants, long now) {
        for (int r = 0; r < requests; r++) {
            int e = list[r];
            int iv = req[e];
            int o = 4 * ovPort[b.out(iv)];
            if (outRec[o + BEST] != e) {
                continue;
            }
            int ip = speedup == 1 ? e : e / speedup;
            inPtr[e] = iv - ip * vcs + 1 == vcs ? 0 : iv - ip * vcs + 1;
            outRec[o + PTR] = e + 1;
            if (hold) {
                holdAfter(e, iv, o >> 2, now);
            }
            if (fused != null) {
                fused.traverse(ip, iv);
                continue;
            }
            grantPort[grants] = ip;
            grantVc[grants++] = iv;
        }
        return grants;
    }

    /**
     * {@code switch-hold: packet}: the held switch inputs send their VC's next flit without
     * allocation if it is ready (and, under wormhole, has a credit); a hold whose flit cannot go
     * ends. Either way the input and its output port sit out this cycle's allocation. Returns
     * the number of grants, the first of this cycle.
     */
    private int holdGrants(long now) {
        int grants = 0;
        for (int w = 0; w < held.length; w++) {
            long bits = held[w];
            while (bits != 0) {
                int e = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                int iv = holdVc[e];
                int op = ovPort[b.out(iv)];
                inHeld[e] = (int) now;
                outHeld[op] = (int) now;
                if (ready(iv, now)) {
                    grantPort[grants] = speedup == 1 ? e : e / speedup;
                    grantVc[grants++] = iv;
                    holdAfter(e, iv, op, now);
                } else {
                    // the VC asks the allocator again from the next cycle on (BookSim cancels the hold in the update)
                    endHold(e);
                }
            }
        }
        return grants;
    }

    /**
     * Switch input {@code e} was granted output port {@code op} in cycle {@code now} for the
     * front flit of {@code iv}: the VC holds them for its next flit unless this flit is its
     * packet's tail or no other flit has arrived behind it (an entry may be a flit still on its
     * link, pushed ahead with its arrival cycle: {@code directLinks}).
     */
    private void holdAfter(int e, int iv, int op, long now) {
        boolean last = b.buf[3 * b.front(iv) + 1] < 0 || b.count(iv) == 1 || b.buf[3 * b.second(iv) + 2] > now;
        if (last) {
            if (holdVc[e] == iv) {
                endHold(e);
            }
        } else if (holdVc[e] != iv) {
            holdVc[e] = iv;
            held[e >>> 6] |= 1L << e;
        }
    }

    private void endHold(int e) {
        holdVc[e] = -1;
        held[e >>> 6] &= ~(1L << e);
    }

    /**
     * The VC switch input {@code e} (the {@code sub}-th of input port {@code ip}) asks the switch
     * for: the first ready one from its round-robin pointer (oldest-first: the oldest packet;
     * with traffic classes the highest priority first), or -1.
     */
    private int pick(int ip, int e, int sub, int[] buf, long[] gen, long now) {
        int base = ip * vcs;
        int chosen = -1;
        for (int k = 0; k < vcs; k++) {
            int v = inPtr[e] + k;
            if (v >= vcs) {
                v -= vcs;
            }
            if (speedup > 1 && v % speedup != sub) {
                continue;
            }
            int iv = base + v;
            int ov = b.out(iv);
            if (ov < 0 || b.count(iv) == 0 || !timing.ready(iv, now)) {
                continue;
            }
            if (!vct && ov < queues && b.credits(ov) == 0) {
                continue;
            }
            if (hold && outHeld[ovPort[ov]] == (int) now) {
                continue;
            }
            int at = b.front(iv);
            if (vcPrio != null) {
                // the highest class priority first, then oldest-first or round robin among equals
                if (chosen < 0 || vcPrio[v] > vcPrio[chosen - base] || (vcPrio[v] == vcPrio[chosen - base]
                    && oldestFirst && gen[buf[3 * at]] < gen[b.frontPacket(chosen)])) {
                    chosen = iv;
                }
                continue;
            }
            if (chosen < 0 || (oldestFirst && gen[buf[3 * at]] < gen[b.frontPacket(chosen)])) {
                chosen = iv;
            }
            if (!oldestFirst) {
                break;
            }
        }
        return chosen;
    }

    /** Whether input VC {@code iv} (holding an output VC, with a flit) may cross the switch now. */
    private boolean ready(int iv, long now) {
        int ov = b.out(iv);
        if (ov < 0 || b.count(iv) == 0) {
            return false;
        }
        if (!timing.ready(iv, now)) {
            return false;
        }
        return vct || ov >= queues || b.credits(ov) > 0;
    }

    /**
     * iSLIP: every active input port asks each output port one of its ready VCs holds, with the
     * first such VC from its round-robin VC pointer (with traffic classes the highest priority
     * first), and {@link Islip} matches input ports with output ports; an output port's grant
     * pointer moves past an input port it matched in the first iteration.
     */
    private int allocateIslip(long now, int heldGrants) {
        int requests = islipRequests(now, false);
        if (requests == 0) {
            return heldGrants;
        }
        for (int r = 0; r < requests; r++) {
            int e = list[r];
            islip.clear(e);
            for (int q = 0, n = reqCount[e]; q < n; q++) {
                islip.request(e, reqOp[e * vcs + q]);
            }
        }
        islip.match(list, requests, now, grantOrder);
        int grants = heldGrants;
        for (int r = 0; r < requests; r++) {
            int e = list[r];
            int op = islip.matched(e);
            if (op < 0) {
                continue;
            }
            int iv = -1;
            for (int q = 0, n = reqCount[e]; q < n; q++) {
                if (reqOp[e * vcs + q] == op) {
                    iv = reqVc[e * vcs + q];
                    break;
                }
            }
            grants = islipGrant(e, iv, op, islip.firstIteration(e), grants, now);
        }
        return grants;
    }

    /**
     * iSLIP with one iteration, as {@link #allocateIslip} with {@link Islip#match} but in two
     * passes and no third: each output port's grant (the requesting switch input nearest after
     * its pointer) is decided as the requests come in, as the separable allocator does; then
     * each switch input accepts, of the output ports that granted it, the one nearest after its
     * accept pointer, and both pointers move past the match (every match is a first-iteration
     * one). The same matches as {@link Islip#match} with one iteration; on BookSim's default
     * configuration the switch allocator took 46% of a profile, {@link Islip#match} 19%.
     */
    private int allocateIslipOnce(long now, int heldGrants) {
        int requests = islipRequests(now, true);
        int grants = heldGrants;
        for (int r = 0; r < requests; r++) {
            int e = list[r];
            int reqs = e * vcs;
            int op = -1;
            int iv = -1;
            for (int q = 0, n = reqCount[e]; q < n; q++) {
                int o = reqOp[reqs + q];
                if (outRec[4 * o + BEST] == e && (op < 0 || Islip.nearer(o, op, acceptPtr[e], outPorts))) {
                    op = o;
                    iv = reqVc[reqs + q];
                }
            }
            if (op < 0) {
                continue;
            }
            acceptPtr[e] = op + 1 == outPorts ? 0 : op + 1;
            grants = islipGrant(e, iv, op, true, grants, now);
        }
        return grants;
    }

    /**
     * The iSLIP requests of this cycle: every active switch input asks each output port one of
     * its ready VCs holds (the first from its round-robin VC pointer; with traffic classes the
     * highest priority), kept per input in {@link #reqOp}, {@link #reqVc} and {@link #reqCount};
     * the inputs with a request listed in {@link #list}, in increasing order. With
     * {@code grants} each output port's grant is decided as the requests come in (the
     * requesting input nearest after its pointer, in {@link #outRec}). Returns the inputs listed.
     */
    private int islipRequests(long now, boolean grants) {
        int stamp = (int) now;
        int requests = 0;
        for (int w = 0; w < active.length; w++) {
            long bits = active[w];
            while (bits != 0) {
                int ip = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                int base = ip * vcs;
                for (int sub = 0, e = ip * speedup; sub < speedup; sub++, e++) {
                    if (hold && inHeld[e] == stamp) {
                        continue;
                    }
                    int reqs = e * vcs;
                    int n = 0;
                    for (int k = 0; k < vcs; k++) {
                        int v = inPtr[e] + k;
                        if (v >= vcs) {
                            v -= vcs;
                        }
                        if (speedup > 1 && v % speedup != sub) {
                            continue;
                        }
                        int iv = base + v;
                        if (!ready(iv, now)) {
                            continue;
                        }
                        int op = ovPort[b.out(iv)];
                        if (hold && outHeld[op] == stamp) {
                            continue;
                        }
                        int at = -1;
                        for (int r = 0; r < n; r++) {
                            if (reqOp[reqs + r] == op) {
                                at = r;
                                break;
                            }
                        }
                        if (at >= 0) {
                            if (vcPrio != null && vcPrio[v] > vcPrio[reqVc[reqs + at] - base]) {
                                reqVc[reqs + at] = iv;
                            }
                            continue;
                        }
                        reqOp[reqs + n] = op;
                        reqVc[reqs + n++] = iv;
                        int o = 4 * op;
                        if (grants && (outRec[o + STAMP] != stamp
                            || Islip.nearer(e, outRec[o + BEST], outRec[o + PTR], inputs))) {
                            outRec[o + STAMP] = stamp;
                            outRec[o + BEST] = e;
                        }
                    }
                    if (n > 0) {
                        reqCount[e] = n;
                        list[requests++] = e;
                    }
                }
            }
        }
        return requests;
    }

    /**
     * Switch input {@code e} matched output port {@code op} for its VC {@code iv}: the grant of
     * this cycle; its VC pointer moves past {@code iv}, and, for a match of the first iteration,
     * the output port's pointer past {@code e}. Returns the grants so far.
     */
    private int islipGrant(int e, int iv, int op, boolean first, int grants, long now) {
        int ip = speedup == 1 ? e : e / speedup;
        grantPort[grants] = ip;
        grantVc[grants] = iv;
        int v = iv - ip * vcs;
        inPtr[e] = v + 1 == vcs ? 0 : v + 1;
        if (first) {
            outRec[4 * op + PTR] = e + 1 == inputs ? 0 : e + 1;
        }
        if (hold) {
            holdAfter(e, iv, op, now);
        }
        return grants + 1;
    }

    /** The input port of grant {@code i} of this cycle. */
    int grantPort(int i) {
        return grantPort[i];
    }

    /** The input VC of grant {@code i} of this cycle. */
    int grantVc(int i) {
        return grantVc[i];
    }

    /** Whether input port {@code ip} wins over {@code other} at an output port whose round robin is at {@code ptr}. */
    private boolean beats(int ip, int other, int ptr) {
        if (vcPrio != null) {
            int pa = vcPrio[req[ip] % vcs];
            int pb = vcPrio[req[other] % vcs];
            if (pa != pb) {
                return pa > pb;
            }
        }
        if (oldestFirst) {
            long ga = pk.gen[b.frontPacket(req[ip])];
            long gb = pk.gen[b.frontPacket(req[other])];
            if (ga != gb) {
                return ga < gb;
            }
        }
        int a = ip - ptr;
        int c = other - ptr;
        return (a < 0 ? a + inputs : a) < (c < 0 ? c + inputs : c);
    }
}
