package flowproof.sim;

import flowproof.topology.Network;
import flowproof.topology.Topology;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The simulator's deadlock watch: whether a run is deadlocked (no flit moved for {@code
 * deadlock-cycles} cycles, or a knot: part of the network waiting only on itself while flits
 * move elsewhere), and the report of what is held and who waits on whom. It reads the
 * routers' buffers, packets, VC allocator and endpoint queues it shares with {@link Simulator},
 * the cycle's counters ({@link LiveState}) and the injection ports' room ({@link InjectionPorts#room}).
 */
final class DeadlockWatch {

    /**
     * Knot detection: a deadlock in part of the network while flits still move elsewhere. Every
     * {@code deadlock-cycles} cycles the front flit of each input VC is compared with the one
     * at the previous check; the VCs whose front has not left ({@code still}: the same packet,
     * created in the same cycle, at the same flit) form the candidate set, and a VC is dropped
     * from it while any of its waits ({@link #waits}, the established ones only) leads outside
     * it, or it waits on no queue. What is left waits only on itself and has not moved for a
     * whole period: a deadlock, reported at once ({@link SimResult.Deadlock#knot}). With
     * message classes the endpoint queues are nodes too ({@link #nodes}; still: nothing left
     * them for a period). With an injection control too: its {@code mayInject} holds back only
     * a head asking for its first network VC, and such a head stays in the set only while every
     * VC its route offers is held by a member or has no room (a free VC with room is a wait on
     * no queue, whatever the scheme and the rule answer), so no admission can end the knot. Not
     * with traffic classes ({@link flowproof.sim.control.RouterControl}): a scheme that marks, isolates or reserves
     * may give a waiting packet other VCs.
     */
    private final boolean knotWatch;
    private long nextKnotCheck;
    private final int[] stillPacket;
    private final long[] stillGen;
    private final int[] stillFlit;
    /** The knot found, or null. */
    private List<Integer> knot;

    private final SimConfig cfg;
    private final Network net;
    private final Topology topo;
    private final Buffers b;
    private final Packets pk;
    private final VcAllocator va;
    private final MessageQueues msg;
    /** The cycle's counters. */
    private final LiveState live;
    private final InjectionPorts injection;
    private final int[] termRouter;
    private final int inVcs;
    private final int queues;
    private final int cap;
    private final boolean vct;
    private final int vcs;
    private final int channels;
    private final int terminals;
    private final int injPorts;

    /**
     * @param knotWatch whether knots are looked for (not with traffic classes)
     * @param termRouter each terminal's router
     */
    DeadlockWatch(SimConfig cfg, Buffers b, Packets pk, VcAllocator va, MessageQueues msg, LiveState live,
                  InjectionPorts injection, int[] termRouter, int inVcs, int injPorts, boolean knotWatch) {
        this.cfg = cfg;
        this.net = cfg.network();
        this.topo = net.topology();
        this.b = b;
        this.pk = pk;
        this.va = va;
        this.msg = msg;
        this.live = live;
        this.injection = injection;
        this.termRouter = termRouter;
        this.inVcs = inVcs;
        this.vcs = net.vcs();
        this.channels = topo.channels();
        this.queues = channels * vcs;
        this.cap = cfg.bufferFlits();
        this.vct = cfg.switching() == SimConfig.Switching.VCT;
        this.terminals = termRouter.length;
        this.injPorts = injPorts;
        this.knotWatch = knotWatch;
        stillPacket = knotWatch ? new int[inVcs] : null;
        stillGen = knotWatch ? new long[inVcs] : null;
        stillFlit = knotWatch ? new int[inVcs] : null;
        if (knotWatch) {
            java.util.Arrays.fill(stillPacket, -1);
        }
        nextKnotCheck = cfg.deadlockCycles();
    }

    /** Whether the run is deadlocked now: nothing moved for {@code deadlock-cycles} cycles, or (every {@code deadlock-cycles} cycles) a knot. */
    boolean deadlocked() {
        long now = live.now;
        long netFlits = live.netFlits;
        if (netFlits > 0 && now - live.lastMove >= cfg.deadlockCycles()) {
            return true;
        }
        if (knotWatch && now >= nextKnotCheck) {
            nextKnotCheck = now + cfg.deadlockCycles();
            return netFlits > 0 && knotFound();
        }
        return false;
    }

    /** The knot check ({@link #knotWatch}); leaves the knot in {@link #knot}. */
    private boolean knotFound() {
        long now = live.now;
        boolean[] inKnot = new boolean[nodes()];
        int still = 0;
        for (int iv = 0; iv < inVcs; iv++) {
            if (arrived(iv) == 0) {
                stillPacket[iv] = -1;
                continue;
            }
            int at = b.front(iv);
            int p = b.buf[3 * at];
            int f = Buffers.flitIndex(b.buf[3 * at + 1]);
            if (stillPacket[iv] == p && stillGen[iv] == pk.gen[p] && stillFlit[iv] == f) {
                inKnot[iv] = true;
                still++;
            }
            stillPacket[iv] = p;
            stillGen[iv] = pk.gen[p];
            stillFlit[iv] = f;
        }
        if (msg != null) {
            // an endpoint queue is still when no message left it for a whole period
            int keys = terminals * msg.classes;
            long since = now - cfg.deadlockCycles();
            for (int k = 0; k < keys; k++) {
                if (msg.inCount(k) > 0 && msg.lastConsumed(k) < since) {
                    inKnot[inVcs + k] = true;
                    still++;
                }
                if (msg.outCount(k) > 0 && msg.lastTaken(k) < since) {
                    inKnot[inVcs + keys + k] = true;
                    still++;
                }
            }
        }
        if (still == 0) {
            return false;
        }
        Map<Integer, int[]> waits = waits(true);
        boolean dropped = true;
        while (dropped) {
            dropped = false;
            for (int n = 0; n < inKnot.length; n++) {
                if (!inKnot[n]) {
                    continue;
                }
                int[] on = waits.getOrDefault(n, new int[0]);
                boolean inside = on.length > 0;
                for (int t : on) {
                    inside &= t >= 0 && inKnot[t];
                }
                if (!inside) {
                    inKnot[n] = false;
                    dropped = true;
                }
            }
        }
        List<Integer> found = new ArrayList<>();
        for (int n = 0; n < inKnot.length; n++) {
            if (inKnot[n]) {
                found.add(n);
            }
        }
        knot = found.isEmpty() ? null : found;
        return knot != null;
    }

    /**
     * The nodes of the wait-for graph: the input VCs, then with message classes every
     * terminal's input queue and output queue of every class ({@code terminal * classes + class}
     * from {@code inVcs}, and from {@code inVcs + terminals * classes}).
     */
    private int nodes() {
        return inVcs + (msg == null ? 0 : 2 * terminals * msg.classes);
    }

    /** The report of the deadlock {@link #deadlocked} found: the held VCs (the knot's, if it was one) and a shortest cycle of waits. */
    SimResult.Deadlock report() {
        long now = live.now;
        List<String> held = new ArrayList<>();
        Map<Integer, int[]> waits = waits(false);
        java.util.Set<Integer> members = knot == null ? null : new java.util.HashSet<>(knot);
        for (int iv = 0; iv < inVcs; iv++) {
            if (arrived(iv) > 0 && (members == null || members.contains(iv))) {
                int p = b.frontPacket(iv);
                held.add(ivName(iv) + " (" + arrived(iv) + " flits, head to "
                    + topo.nodeName(termRouter[pk.dst[p]]) + ")");
            } else {
                waits.remove(iv);
            }
        }
        for (int n = inVcs; n < nodes(); n++) {
            if (waits.containsKey(n) && (members == null || members.contains(n))) {
                held.add(nodeName(n) + " (" + endpointCount(n) + " of " + msg.routing.endpointQueue() + " messages)");
            } else {
                waits.remove(n);
            }
        }
        List<String> waitCycle = new ArrayList<>();
        for (int n : flowproof.WaitCycle.shortest(waits)) {
            waitCycle.add(nodeName(n));
        }
        return new SimResult.Deadlock(now, live.inNetworkPackets, held, waitCycle, knot != null);
    }

    /**
     * The wait-for graph of the input VCs with flits ({@link flowproof.WaitCycle}): a VC whose
     * packet holds a network output VC without a credit (wormhole) waits on that queue; a head
     * that holds none waits, for each output VC its route offers, on the input VC whose packet
     * holds it, or else on the queue itself (short of credits, or refused by the rule, which
     * only more room there can change). A VC that holds an ejection VC or a reservation
     * (virtual cut-through) waits on no queue, nor does a head whose route is not known yet.
     * With {@code established} only the waits that nothing but the queue waited on can end:
     * an ejection VC (freed by the terminal, whatever the network does) and an output VC that is
     * free with room (refused by the rule, which may admit it once other queues change) count as
     * -1, a wait on no queue.
     */
    private Map<Integer, int[]> waits(boolean established) {
        Map<Integer, int[]> waits = new HashMap<>();
        for (int iv = 0; iv < inVcs; iv++) {
            if (arrived(iv) == 0) {
                continue;
            }
            int ov = b.out(iv);
            if (ov >= 0) {
                waits.put(iv, ov < queues && !vct && b.credits(ov) == 0 ? new int[] {ov} : new int[0]);
                continue;
            }
            int[] candidates = va.candidates(iv);
            if (candidates == null) {
                waits.put(iv, new int[0]);
                continue;
            }
            int p = b.frontPacket(iv);
            if (msg != null && candidates.length > 0 && candidates[0] >= queues && !msg.mayEject(p)) {
                // a message leaves only into room in its class's input queue at its destination
                waits.put(iv, new int[] {inVcs + pk.dst[p] * msg.classes + pk.msg[p]});
                continue;
            }
            int[] on = new int[candidates.length];
            for (int i = 0; i < candidates.length; i++) {
                int c = candidates[i];
                if (established && (c >= queues || b.eligible(c))) {
                    // an ejection VC is freed whatever the network does; a free one with room, refused
                    // by the rule, may be admitted once other queues change
                    on[i] = -1;
                } else {
                    on[i] = b.owner(c) >= 0 ? b.owner(c) : c;
                }
            }
            waits.put(iv, on);
        }
        if (msg != null) {
            endpointWaits(waits, established);
        }
        return waits;
    }

    /**
     * With message classes, the endpoint queues' waits: an input queue's head is consumed once
     * the next class's output queue has room, so a full output queue is what it waits on; an
     * output queue's head answer waits on the injection VCs of its terminal its class may use,
     * when none has room for it. Established ({@link #waits}): room anywhere is a wait on no
     * queue (-1).
     */
    private void endpointWaits(Map<Integer, int[]> waits, boolean established) {
        int classes = msg.classes;
        int keys = terminals * classes;
        for (int k = 0; k < keys; k++) {
            int c = k % classes;
            if (c < classes - 1 && msg.inCount(k) > 0) {
                boolean full = msg.outCount(k + 1) == msg.routing.endpointQueue();
                waits.put(inVcs + k, full ? new int[] {inVcs + keys + k + 1} : established ? new int[] {-1} : new int[0]);
            }
            if (c >= 1 && msg.outCount(k) > 0) {
                int t = k / classes;
                int p = msg.answer(k);
                List<Integer> on = new ArrayList<>();
                boolean room = false;
                for (int j = t * injPorts; j < (t + 1) * injPorts; j++) {
                    int base = (channels + j) * vcs;
                    for (int v = 0; v < vcs; v++) {
                        if (!msg.routing.classUsesVc(c, v)) {
                            continue;
                        }
                        if (injection.room(j, base, v, pk.size[p])) {
                            room = true;
                        } else if (arrived(base + v) > 0) {
                            on.add(base + v);
                        }
                    }
                }
                if (established && room) {
                    on = List.of(-1);
                }
                waits.put(inVcs + keys + k, on.stream().mapToInt(Integer::intValue).toArray());
            }
        }
    }

    /**
     * The flits of input VC {@code iv} that have arrived by now. A flit on the injection
     * channel, and with {@code directLinks} one on its link, already sits in the buffer with its
     * arrival cycle ahead; deadlock reports and knots count only arrived flits, so that they are
     * the same whether links are modelled apart (an observed run) or not.
     */
    private int arrived(int iv) {
        long now = live.now;
        int n = b.count(iv);
        int head = b.head(iv);
        int k = 0;
        while (k < n) {
            int i = head + k < cap ? head + k : head + k - cap;
            if (b.buf[3 * (iv * cap + i) + 2] > now) {
                break;
            }
            k++;
        }
        return k;
    }

    /** A wait-for node's name: an input VC's, or an endpoint queue's ({@link #nodes}). */
    private String nodeName(int n) {
        if (n < inVcs) {
            return ivName(n);
        }
        int keys = terminals * msg.classes;
        boolean in = n < inVcs + keys;
        int k = in ? n - inVcs : n - inVcs - keys;
        return (in ? "input" : "output") + " queue " + msg.routing.className(k % msg.classes) + " of terminal "
            + k / msg.classes + " at " + topo.nodeName(termRouter[k / msg.classes]);
    }

    /** Messages in endpoint queue node {@code n}. */
    private int endpointCount(int n) {
        int keys = terminals * msg.classes;
        return n < inVcs + keys ? msg.inCount(n - inVcs) : msg.outCount(n - inVcs - keys);
    }

    /** An input VC's name: its queue's, or its injection port's and terminal's. */
    String ivName(int iv) {
        int port = iv / vcs;
        if (port < channels) {
            return net.queueName(iv);
        }
        int j = port - channels;
        return "injection " + (j % injPorts) + " of terminal " + (j / injPorts) + " at "
            + topo.nodeName(termRouter[j / injPorts]) + " vc" + (iv % vcs);
    }
}
