package flowproof.explore;

import flowproof.routing.QueueRoutes;
import flowproof.rule.FlowControlRule;

/**
 * The moves of the explorer under wormhole switching ({@link Wormhole}, spec
 * {@code flow: wormhole}): packets of L flits, VC queues of C flits, states packed by
 * {@link WormholeLayout}. One move per step (interleaving), each moving one flit:
 * <ul>
 *   <li><b>inject (head)</b>: a node that is injecting nothing starts a packet of one of its
 *       traffic pairs: the head enters a candidate queue of the packet's first hop that is
 *       <em>free</em> (empty and not allocated) and that the rule admits; the queue is
 *       allocated to the packet. Not a drain move.</li>
 *   <li><b>inject (body, tail)</b>: a node that is injecting a packet puts its next flit into
 *       the queue the head entered, when that queue has a free flit slot. No rule is asked:
 *       the VC is the packet's. A drain move (the packet is already in the network).</li>
 *   <li><b>forward (head)</b>: the head at the front of a queue, not at its destination,
 *       enters a free candidate queue of its next hop that the rule admits, and allocates
 *       it.</li>
 *   <li><b>forward (body, tail)</b>: a flit behind the head follows it into the queue the
 *       head went on to, when that queue has a free flit slot; no rule is asked.</li>
 *   <li><b>eject</b>: the front flit of a queue at the packet's destination leaves.</li>
 * </ul>
 * A queue's VC is released when its tail flit leaves it. Adaptive routing and escape VCs
 * choose among candidates exactly as in {@link Expander}, for the head only.
 *
 * <p><b>How the rule is judged.</b> The rule sees the network at packet level with one
 * packet slot per VC (the model's network has capacity 1): {@link #freeSlots} is 1 for a free
 * VC and 0 for an allocated one, {@link #ringFreeSlots} counts the free VCs of a ring. That
 * is the rule exactly as written for virtual cut-through with one-packet buffers, and it is
 * the view the simulator's rules get under {@code switching: wormhole} (one slot per VC, free
 * when the VC is empty and idle). A bubble rule therefore still keeps a free VC per ring at
 * injection, but a packet longer than a queue holds several VCs while its head advances, so
 * the bubble it counted on can be taken by the packet's own body.
 *
 * <p>Stuck-freedom and drainability are as for packets: a state with flits (in queues or
 * still to inject) where no forward, eject or body-inject move is enabled is stuck.
 */
final class WormholeExpander extends Expander {

    private final WormholeLayout wl;
    private final int packetFlits;
    private final int queueFlits;
    private final long[] qf;
    private final long[] nf;
    private final int[] freeInRing;
    private int flits;

    WormholeExpander(Model model, WormholeLayout layout) {
        super(model, layout);
        this.wl = layout;
        this.packetFlits = model.wormhole().packetFlits();
        this.queueFlits = model.wormhole().queueFlits();
        this.qf = new long[queues];
        this.nf = new long[nodes];
        this.freeInRing = new int[net.rings()];
    }

    @Override
    void load(long[] s, int off) {
        System.arraycopy(s, off, cur, 0, cur.length);
        java.util.Arrays.fill(freeInRing, 0);
        int total = 0;
        for (int q = 0; q < queues; q++) {
            long f = wl.queue(cur, q);
            qf[q] = f;
            total += wl.flits(f);
            if (f == 0 && queueRing[q] >= 0) {
                freeInRing[queueRing[q]]++;
            }
        }
        for (int v = 0; v < nodes; v++) {
            long f = wl.node(cur, v);
            nf[v] = f;
            total += wl.injLeft(f);
        }
        flits = total;
    }

    /** Flits in the network and still to inject. */
    @Override
    int packets() {
        return flits;
    }

    /** The queue's field after its front flit leaves (released when that flit was its tail). */
    private long afterLeave(long f) {
        int n = wl.flits(f);
        if (n == 1 && wl.tail(f)) {
            return 0;
        }
        return wl.queueField(wl.header(f), wl.next(f), n - 1, false, wl.tail(f));
    }

    /** The field of an allocated queue after one more flit (the tail when {@code tail}) enters. */
    private long afterEnter(long f, boolean tail) {
        return wl.queueField(wl.header(f), wl.next(f), wl.flits(f) + 1, wl.head(f), tail);
    }

    @Override
    void expand(Sink sink, boolean injections) {
        int drain = 0;
        for (int q = 0; q < queues; q++) {
            long f = qf[q];
            int n = wl.flits(f);
            if (n == 0) {
                continue;
            }
            int h = wl.header(f);
            boolean leavingTail = n == 1 && wl.tail(f);
            int nx = wl.next(f);
            if (nx >= 0) {
                // A body or tail flit follows the head into the queue it allocated.
                if (wl.flits(qf[nx]) < queueFlits) {
                    System.arraycopy(cur, 0, succ, 0, cur.length);
                    wl.setQueue(succ, q, afterLeave(f));
                    wl.setQueue(succ, nx, afterEnter(qf[nx], leavingTail));
                    drain++;
                    sink.accept(FORWARD, q, nx, h, succ);
                }
                continue;
            }
            int[] targets = targetsOf(q, h);
            int k = q * headers + h;
            if (targets == EXIT) {
                System.arraycopy(cur, 0, succ, 0, cur.length);
                wl.setQueue(succ, q, afterLeave(f));
                drain++;
                sink.accept(EJECT, q, -1, h, succ);
                continue;
            }
            if (!wl.head(f)) {
                throw new IllegalStateException("a flit behind the head at the front of a queue the head never left");
            }
            int[] after = fwdHeaders[k];
            int primary = fwdPrimary[k];
            int admitted = 0;
            for (int i = 0; i < targets.length; i++) {
                if (!QueueRoutes.tries(i, primary, admitted > 0, escapeAny)) {
                    break;
                }
                int t = targets[i];
                if (qf[t] != 0 || !admits(q, t)) {
                    continue;
                }
                admitted++;
                System.arraycopy(cur, 0, succ, 0, cur.length);
                long left = leavingTail ? 0 : wl.queueField(h, t, n - 1, false, wl.tail(f));
                wl.setQueue(succ, q, left);
                wl.setQueue(succ, t, wl.queueField(after[i], -1, 1, true, leavingTail));
                drain++;
                sink.accept(FORWARD, q, t, h, succ);
            }
        }
        int all = 0;
        for (int s = 0; s < nodes; s++) {
            long f = nf[s];
            if (f == 0) {
                continue;
            }
            int t = wl.injQueue(f);
            int left = wl.injLeft(f);
            if (wl.flits(qf[t]) < queueFlits) {
                System.arraycopy(cur, 0, succ, 0, cur.length);
                wl.setQueue(succ, t, afterEnter(qf[t], left == 1));
                wl.setNode(succ, s, wl.nodeField(wl.injHeader(f), t, left - 1));
                drain++;
                sink.accept(INJECT, s, t, wl.injHeader(f), succ);
            }
        }
        all = drain;
        if (injections) {
            for (int p = 0; p < injectCount; p++) {
                int s = injectSource[p];
                if (nf[s] != 0) {
                    continue;
                }
                int first = injectStart[p];
                int size = injectStart[p + 1] - first;
                int admitted = 0;
                for (int i = 0; i < size; i++) {
                    if (!QueueRoutes.tries(i, injectPrimary[p], admitted > 0, escapeAny)) {
                        break;
                    }
                    int t = injectQueue[first + i];
                    if (qf[t] != 0 || !admits(FlowControlRule.INJECT, t)) {
                        continue;
                    }
                    admitted++;
                    injected[injectPair[p]] = true;
                    if (injectWitnessOnly) {
                        continue;
                    }
                    System.arraycopy(cur, 0, succ, 0, cur.length);
                    wl.setQueue(succ, t, wl.queueField(injectNextHeader[first + i], -1, 1, true, packetFlits == 1));
                    wl.setNode(succ, s, wl.nodeField(injectHeader[p], t, packetFlits - 1));
                    all++;
                    sink.accept(INJECT, s, t, injectHeader[p], succ);
                }
            }
        }
        drainMoves = drain;
        moves = all;
    }

    private boolean admits(int from, int to) {
        int verdict = rule.admit(this, from, to);
        if (verdict == FlowControlRule.ADMIT_SHIFT_MARK) {
            throw new IllegalStateException(rule.describe() + " moved a critical mark under wormhole");
        }
        return verdict != FlowControlRule.DENY;
    }

    // BufferView: one packet slot per VC, free when the VC is free (empty and not allocated).

    @Override
    public int freeSlots(int queue) {
        return qf[queue] == 0 ? 1 : 0;
    }

    @Override
    public int criticalMarks(int queue) {
        return 0;
    }

    @Override
    public int ringFreeSlots(int ring) {
        return freeInRing[ring];
    }
}
