package flowproof.sim;

import flowproof.routing.MessageRouting;
import flowproof.sim.control.RouterControl;
import java.util.Arrays;

/**
 * The terminals' injection ports: each writes one flit a cycle into an injection VC, of the
 * packet it started from its source queue ({@link SourceQueues}), from its message classes'
 * output queues ({@link MessageQueues}) or, with a {@link RouterControl}, from the control
 * packets the scheme sends (this is the {@link RouterControl.Port} a scheme is bound to). A new
 * packet takes a VC with room for all of it under VCT, an empty one under wormhole; the
 * source sees its VCs across the injection channel ({@code injection-latency}).
 */
final class InjectionPorts implements RouterControl.Port {

    /** Where an injected flit goes: the simulator writes it into its injection VC. */
    @FunctionalInterface
    interface Sink {
        /** Flit field {@code f} of packet {@code p} enters input VC {@code iv}, ready from cycle {@code time}. */
        void push(int iv, int p, int f, int time);
    }

    private final SimConfig cfg;
    private final Buffers b;
    private final Packets pk;
    /** Null without message classes. */
    private final MessageQueues msg;
    /** Null without a {@link RouterControl}. */
    private final RouterControl rc;
    private final boolean classed;
    private final SourceQueues sources;
    private final LiveState live;
    private final Sink sink;
    private final int vcs;
    private final int channels;
    private final int cap;
    private final boolean vct;
    private final int injPorts;
    private final int injLat;
    private final int outPorts;
    private final int classVcs;
    private final int ctlClass;
    private final int lookahead;
    /** Whether sources inject in the cycle being simulated. */
    private boolean injecting;

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
    /**
     * Per injection port, the last {@code injLat} cycles' departures from its VCs (cycle and VC;
     * at most one a cycle): the source learns of the room they leave {@code injLat} cycles late,
     * as a credit crossing the injection channel back. Null when {@code injLat} is 0.
     */
    private final int[] injGoneCycle;
    private final int[] injGoneVc;
    /** With a {@link RouterControl}: each terminal's queue of control packets, a ring of {@code ctlCount} from {@code ctlHead}. */
    private final int[][] ctlQ;
    private final int[] ctlHead;
    private final int[] ctlCount;

    /**
     * @param classVcs  the control's class VCs (the last VCs of every channel), 0 without one
     * @param ctlClass  the class of the control's packets, -1 without one
     * @param lookahead how many queued data packets the control may choose among (1 without one)
     */
    InjectionPorts(SimConfig cfg, Buffers b, Packets pk, MessageQueues msg, RouterControl rc, SourceQueues sources,
                   LiveState live, Sink sink, int outPorts, int classVcs, int ctlClass, int lookahead) {
        this.cfg = cfg;
        this.b = b;
        this.pk = pk;
        this.msg = msg;
        this.rc = rc;
        this.classed = rc != null;
        this.sources = sources;
        this.live = live;
        this.sink = sink;
        this.vcs = cfg.network().vcs();
        this.channels = cfg.network().topology().channels();
        this.cap = cfg.bufferFlits();
        this.vct = cfg.switching() == SimConfig.Switching.VCT;
        this.injPorts = cfg.injectionPorts();
        this.injLat = cfg.router().injectionLatency();
        this.outPorts = outPorts;
        this.classVcs = classVcs;
        this.ctlClass = ctlClass;
        this.lookahead = lookahead;
        int terminals = sources.queuedPackets.length;
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
        injGoneCycle = injLat > 0 ? new int[terminals * injPorts * injLat] : null;
        injGoneVc = injLat > 0 ? new int[terminals * injPorts * injLat] : null;
        if (injGoneCycle != null) {
            Arrays.fill(injGoneCycle, Integer.MIN_VALUE);
        }
        ctlQ = classed ? new int[terminals][16] : null;
        ctlHead = classed ? new int[terminals] : null;
        ctlCount = classed ? new int[terminals] : null;
    }

    /** Every injection port writes at most one flit of this cycle (sources inject: {@code inject}). */
    void inject(boolean inject) {
        injecting = inject;
        long now = live.now;
        for (int j = 0; j < injPkt.length; j++) {
            int p = injPkt[j];
            int t = injPorts == 1 ? j : j / injPorts;
            int base = (channels + j) * vcs;
            if (p < 0 && injecting && sources.unstored(t)) {
                // (else every packet generated is stored: nothing to draw)
                sources.fill(t);
            }
            if (p < 0 && classed) {
                p = takeClassed(j, t, base);
                if (p < 0) {
                    continue;
                }
            } else if (p < 0 && (parkPkt == null || classed)) {
                if (msg == null && (!injecting || sources.count[t] == 0) || injNoRoom != null && injNoRoom[j]) {
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
                if (p >= 0 && injecting && sources.unstored(t)) {
                    sources.fill(t);
                }
                p = interleave(j, t, base, p);
                if (p < 0) {
                    continue;
                }
            }
            int iv = base + injVc[j];
            if (injSeen(j, base, injVc[j]) < cap) {
                int f = injFlit[j];
                sink.push(iv, p, f == pk.size[p] - 1 ? f | Buffers.TAIL : f, (int) now + 1 + injLat);
                if (live.netFlits++ == 0) {
                    live.lastMove = now;
                }
                if (++injFlit[j] == pk.size[p]) {
                    injPkt[j] = -1;
                }
            }
        }
    }

    /** A flit left VC {@code v} of injection port {@code j}: room the source sees now or {@code injection-latency} later. */
    void departed(int j, int v) {
        if (injNoRoom != null) {
            injNoRoom[j] = false;
        } else if (injGoneCycle != null) {
            int k = j * injLat + (int) (live.now % injLat);
            injGoneCycle[k] = (int) live.now;
            injGoneVc[k] = v;
        }
    }

    /** Packets whose injection has started and whose last flit is not in an injection VC yet. */
    int pending() {
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

    /** Control packets queued at the terminals (0 without a {@link RouterControl}). */
    long controlQueued() {
        long n = 0;
        if (classed) {
            for (int c : ctlCount) {
                n += c;
            }
        }
        return n;
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
            && injecting && sources.count[t] > 0 && !holds(j, 0)
            && injectionVcFor(j, base, sources.first(t)) >= 0) {
            next = -1;
            answerKey = -1;
        }
        if (next < 0) {
            if (!injecting || sources.count[t] == 0 || holds(j, 0)) {
                return -1;
            }
            next = sources.first(t);
            chosen = injectionVcFor(j, base, next);
            if (chosen < 0) {
                return -1;
            }
            sources.takeFirst(t, next);
            if (msg != null) {
                msg.answerServedLast[t] = false;
            }
        } else {
            msg.takeAnswer(answerKey, t, live.now);
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
            if (room(j, base, v, size)) {
                return v;
            }
        }
        return -1;
    }

    /**
     * Whether injection VC {@code v} of port {@code j} (input VCs from {@code base}) may take
     * a new packet of {@code size} flits, as the source sees it: room for all of it under VCT;
     * under wormhole an empty VC, or with {@code vc-release: tail} one with room for a flit
     * (the previous packet's tail has entered it, as BookSim's source does with
     * {@code wait_for_tail_credit = 0}).
     */
    boolean room(int j, int base, int v, int size) {
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
                if (injGoneVc[from + k] == v && injGoneCycle[from + k] >= live.now - injLat) {
                    n++;
                }
            }
        }
        return n;
    }

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
            if (room(j, base, v, 1)) {
                ctlHead[t] = (ctlHead[t] + 1) & (cq.length - 1);
                ctlCount[t]--;
                startInjection(j, p, v);
                return p;
            }
        }
        if (!injecting || sources.count[t] == 0) {
            return -1;
        }
        int[] q = sources.ring;
        int off = t * sources.budget;
        int mask = sources.budget - 1;
        int head = sources.head[t];
        int limit = Math.min(sources.count[t], lookahead);
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
            sources.take(t, i);
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
            return room(j, base, v, size) ? v : -1;
        }
        int normal = vcs - classVcs;
        for (int k = 0; k < normal; k++) {
            int v = (injVc[j] + 1 + k) % normal;
            if (room(j, base, v, size)) {
                return v;
            }
        }
        return -1;
    }

    private void startInjection(int j, int p, int v) {
        injPkt[j] = p;
        injFlit[j] = 0;
        injVc[j] = v;
        pk.inj[p] = live.now;
        live.inNetworkPackets++;
    }

    @Override
    public void send(int from, int to, int payload) {
        int p = pk.create(from, to, 1, live.now, false);
        live.ctlCreated++;
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
        return (int) Math.min(Integer.MAX_VALUE, sources.queuedPackets[terminal]);
    }

    @Override
    public int outputPorts() {
        return outPorts;
    }
}
