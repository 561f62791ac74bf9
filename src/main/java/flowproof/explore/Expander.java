package flowproof.explore;

import flowproof.routing.QueueRoutes;
import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.topology.Network;

/**
 * Generates the successors of one packed state under the model's moves, asking the
 * flow-control rule about every inject and forward move. Holds the unpacked form of the
 * current state and serves it to the rule as its {@link BufferView}.
 *
 * <p>Routes come from {@link QueueRoutes} and are tabulated: for every injection pair and
 * inject header, and (on first use) for every (queue, header) of a packet at a queue's
 * head, the candidate target queues and the header the packet has there. Adaptive
 * routing is a nondeterministic choice among every candidate the rule admits. Escape
 * candidates (Duato) are taken only when no primary candidate admits the packet, unless
 * the model says {@code escape: any}. The rule is always consulted; nothing of it is
 * cached.
 *
 * <p>A packet is stored as its header (its destination for most routing functions).
 *
 * <p>Two options of a model add moves (both absent from the reference model):
 * <ul>
 *   <li>drifting critical marks ({@link FlowControlRule#marksDrift}): a <em>drift</em> move
 *       passes one mark from a queue to its ring's upstream queue whenever the rule says
 *       so ({@link FlowControlRule#drifts}). It is a drain move: it needs no new packet.</li>
 *   <li>injection queues ({@link Model#injectionQueue} = n > 0): <em>generate</em> appends a
 *       traffic pair's destination to its source's injection queue when that holds fewer
 *       than n packets (not a drain move), and <em>inject</em> takes the head of a source's
 *       injection queue into the network, judged by the rule as before (a drain move).</li>
 * </ul>
 *
 * <p>Message classes ({@link Model#messages}) add endpoint queues and two drain moves (see
 * docs/model.md, "Message classes"): eject of a non-sink message needs room in its
 * destination's input queue of its class; <em>consume</em> turns the head of an input queue
 * into an answer in the output queue of the next class; and inject takes the head of an
 * output queue into the network. Without message classes none of this runs.
 *
 * <p>{@link #create} picks the subclass for the model's semantics, or
 * {@link WormholeExpander} for a wormhole model.
 */
class Expander implements BufferView {

    static final int INJECT = 0;
    static final int FORWARD = 1;
    static final int EJECT = 2;
    static final int DRIFT = 3;
    static final int GENERATE = 4;
    /** A synchronous step: the moves are in {@link #lastMoves}. */
    static final int STEP = 5;
    /** Message classes: the head of a node's class-c input queue is consumed, its answer joins the output queue of class c+1. */
    static final int CONSUME = 6;

    /** Receives one successor; {@code succ} is scratch, valid only during the call. */
    interface Sink {
        void accept(int kind, int a, int b, int destination, long[] succ);
    }

    final Model model;
    final Network net;
    final StateLayout layout;
    final FlowControlRule rule;
    final int queues;
    final int capacity;
    final int[] queueNode;
    final int[] queueRing;
    final int headers;
    final boolean escapeAny;
    private final QueueRoutes routes;
    /** One entry per (traffic pair, inject header): source, header and where it may go. */
    final int[] injectSource;
    final int[] injectHeader;
    /** The index in the model's traffic of each entry's pair. */
    final int[] injectPair;
    /**
     * Whether each traffic pair (by its index in the model's traffic) had an inject move
     * emitted by this expander, ever: a witness of {@link Property#INJECTABILITY} once every
     * state expanded was reachable. Only set, never cleared.
     */
    final boolean[] injected;
    /**
     * Inject moves only mark {@link #injected}: no successor is built or passed on. For a
     * question about the inject moves of one state alone ({@link Explorer#notInjectableInitially}):
     * a successor is a copy of the whole state, and a 64x64 torus has 16 million injections.
     */
    boolean injectWitnessOnly;
    /** The number of entries. */
    final int injectCount;
    /**
     * Where each entry may go, flat (an all-pairs 64x64 torus has 16 million entries): the
     * candidates of entry p are {@code injectQueue[injectStart[p] .. injectStart[p + 1])}, the
     * first {@code injectPrimary[p]} of them primary, with the header the packet has in each.
     */
    final int[] injectStart;
    final int[] injectQueue;
    final int[] injectNextHeader;
    final int[] injectPrimary;
    /** The entries by {@code source * nodes + destination} (injection queues only). */
    final int[][] injectEntries;
    /** Each traffic pair's source and destination. */
    final int[] pairSource;
    final int[] pairDest;
    final int nodes;
    /** Each ring queue's upstream queue in its ring (-1 elsewhere), when marks drift; else null. */
    final int[] upstream;
    /**
     * The routes of a packet at a queue's head, by {@code queue * headers + header}, filled on
     * first use: target queues ({@link #EXIT} when it leaves here), its header in each, and
     * how many targets are primary (the rest are escape candidates).
     */
    final int[][] fwdQueues;
    final int[][] fwdHeaders;
    final int[] fwdPrimary;
    static final int[] EXIT = new int[0];

    final long[] cur;
    final long[] succ;
    final long[] slots;
    final int[] occ;
    final int[] marks;
    final int[] ringFree;
    /** Injection queues of the current state: slot bits and occupancy per node (empty arrays without). */
    final long[] iqSlots;
    final int[] iqOcc;
    /** Message classes (null: none, and none of the fields below is used). */
    final flowproof.routing.MessageRouting msg;
    /** Endpoint queues of the current state: slot bits and occupancy (empty arrays without message classes). */
    final long[] epSlots;
    final int[] epOcc;
    /** By header: its class, and the node its answer goes to (-1 for the sink class); null without message classes. */
    final int[] msgClass;
    final int[] msgSource;
    /**
     * Routes of a message injected from an output queue, by {@code (class * nodes + node) * nodes +
     * destination}, filled on first use: the inject headers and, for each, where it may go.
     */
    final int[][] oqHeaders;
    final QueueRoutes.Next[][] oqNext;
    private int packets;

    /** Enabled forward and eject moves of the last {@link #expand}. */
    int drainMoves;
    /** Enabled moves of all kinds of the last {@link #expand}. */
    int moves;

    /** The expander for the model's semantics. */
    static Expander create(Model model, StateLayout layout) {
        if (model.wormhole() != null) {
            return new WormholeExpander(model, (WormholeLayout) layout);
        }
        return model.semantics() == Semantics.SYNCHRONOUS ? new SynchronousExpander(model, layout)
            : new Expander(model, layout);
    }

    Expander(Model model, StateLayout layout) {
        this.model = model;
        this.net = model.network();
        this.layout = layout;
        this.rule = model.rule();
        this.queues = net.queues();
        this.capacity = net.capacity();
        this.headers = model.routing().headers();
        this.escapeAny = model.escapeAny();
        this.queueNode = new int[queues];
        this.queueRing = new int[queues];
        for (int q = 0; q < queues; q++) {
            queueNode[q] = net.nodeOf(q);
            queueRing[q] = net.ringOf(q);
        }
        this.routes = new QueueRoutes(net, model.routing(), rule);
        int cap = Math.max(16, model.traffic().size());
        int[] src = new int[cap];
        int[] hdr = new int[cap];
        int[] pair = new int[cap];
        int[] prim = new int[cap];
        int[] start = new int[cap + 1];
        int[] nq = new int[cap];
        int[] nh = new int[cap];
        int n = 0;
        int flat = 0;
        for (int pi = 0; pi < model.traffic().size(); pi++) {
            int[] pr = model.traffic().get(pi);
            for (int h : routes.injectHeaders(pr[0], pr[1])) {
                QueueRoutes.Next nx = routes.next(FlowControlRule.INJECT, pr[0], h);
                if (n == src.length) {
                    src = java.util.Arrays.copyOf(src, n * 2);
                    hdr = java.util.Arrays.copyOf(hdr, n * 2);
                    pair = java.util.Arrays.copyOf(pair, n * 2);
                    prim = java.util.Arrays.copyOf(prim, n * 2);
                    start = java.util.Arrays.copyOf(start, n * 2 + 1);
                }
                if (flat + nx.size() > nq.length) {
                    nq = java.util.Arrays.copyOf(nq, Math.max(nq.length * 2, flat + nx.size()));
                    nh = java.util.Arrays.copyOf(nh, nq.length);
                }
                src[n] = pr[0];
                hdr[n] = h;
                pair[n] = pi;
                prim[n] = nx.primary();
                start[n] = flat;
                System.arraycopy(nx.queues(), 0, nq, flat, nx.size());
                System.arraycopy(nx.headers(), 0, nh, flat, nx.size());
                flat += nx.size();
                n++;
            }
        }
        start[n] = flat;
        injectCount = n;
        injectSource = n == src.length ? src : java.util.Arrays.copyOf(src, n);
        injectHeader = n == hdr.length ? hdr : java.util.Arrays.copyOf(hdr, n);
        injectPair = n == pair.length ? pair : java.util.Arrays.copyOf(pair, n);
        injectPrimary = n == prim.length ? prim : java.util.Arrays.copyOf(prim, n);
        injectStart = java.util.Arrays.copyOf(start, n + 1);
        injectQueue = flat == nq.length ? nq : java.util.Arrays.copyOf(nq, flat);
        injectNextHeader = flat == nh.length ? nh : java.util.Arrays.copyOf(nh, flat);
        injected = new boolean[model.traffic().size()];
        this.nodes = net.topology().nodes();
        pairSource = new int[model.traffic().size()];
        pairDest = new int[pairSource.length];
        for (int i = 0; i < pairSource.length; i++) {
            pairSource[i] = model.traffic().get(i)[0];
            pairDest[i] = model.traffic().get(i)[1];
        }
        if (layout.injCapacity > 0) {
            injectEntries = new int[nodes * nodes][];
            for (int p = 0; p < injectSource.length; p++) {
                int s = injectSource[p];
                int d = model.routing().destinationOf(injectHeader[p]);
                int k = s * nodes + d;
                int[] e = injectEntries[k] == null ? new int[0] : injectEntries[k];
                e = java.util.Arrays.copyOf(e, e.length + 1);
                e[e.length - 1] = p;
                injectEntries[k] = e;
            }
        } else {
            injectEntries = null;
        }
        this.upstream = rule.marksDrift() ? net.ringUpstream() : null;
        long table = (long) queues * headers;
        if (table > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("too many (queue, header) pairs for the explorer: " + table);
        }
        fwdQueues = new int[(int) table][];
        fwdHeaders = new int[(int) table][];
        fwdPrimary = new int[(int) table];
        this.cur = new long[layout.words];
        this.succ = new long[layout.words];
        this.slots = new long[queues];
        this.occ = new int[queues];
        this.marks = new int[queues];
        this.ringFree = new int[net.rings()];
        this.iqSlots = new long[layout.injWord.length];
        this.iqOcc = new int[layout.injWord.length];
        this.msg = model.messages();
        this.epSlots = new long[layout.epWord.length];
        this.epOcc = new int[layout.epWord.length];
        if (msg != null) {
            msgClass = new int[headers];
            msgSource = new int[headers];
            for (int h = 0; h < headers; h++) {
                msgClass[h] = msg.classOf(h);
                msgSource[h] = msg.sourceOf(h);
            }
            oqHeaders = new int[msg.classes() * nodes * nodes][];
            oqNext = new QueueRoutes.Next[oqHeaders.length][];
        } else {
            msgClass = null;
            msgSource = null;
            oqHeaders = null;
            oqNext = null;
        }
    }

    /** An upper bound on the successors of any state: every queue head's candidates and every injection's. */
    long maxSuccessors() {
        long perHead = (long) Math.max(1, model.routing().maxCandidates()) * net.vcs() * (model.routing().hasEscape() ? 2 : 1);
        long n = queues * perHead;
        n += injectQueue.length;
        return Math.max(1, n);
    }

    void route(int k, int q, int header) {
        QueueRoutes.Next n = routes.next(q, -1, header);
        fwdHeaders[k] = n.headers();
        fwdPrimary[k] = n.primary();
        fwdQueues[k] = n.exits() ? EXIT : n.queues();
    }

    /** The target queues of a packet with {@code header} at the head of queue {@code q} ({@link #EXIT}: it leaves here). */
    final int[] targetsOf(int q, int header) {
        int k = q * headers + header;
        if (fwdQueues[k] == null) {
            route(k, q, header);
        }
        return fwdQueues[k];
    }

    /** Unpacks a state; it becomes the current state for the view and for {@link #expand}. */
    void load(long[] s, int off) {
        System.arraycopy(s, off, cur, 0, cur.length);
        java.util.Arrays.fill(ringFree, 0);
        int total = 0;
        int markBits = layout.markBits;
        long markMask = layout.markMask;
        for (int q = 0; q < queues; q++) {
            long f = layout.field(cur, 0, q);
            marks[q] = (int) (f & markMask);
            long sl = f >>> markBits;
            slots[q] = sl;
            int o = layout.occupancy(sl);
            occ[q] = o;
            total += o;
            int r = queueRing[q];
            if (r >= 0) {
                ringFree[r] += capacity - o;
            }
        }
        for (int v = 0; v < iqOcc.length; v++) {
            long sl = layout.injField(cur, 0, v);
            iqSlots[v] = sl;
            int o = layout.occupancy(sl);
            iqOcc[v] = o;
            total += o;
        }
        for (int e = 0; e < epOcc.length; e++) {
            long sl = layout.epField(cur, 0, e);
            epSlots[e] = sl;
            int o = layout.epOccupancy(sl);
            epOcc[e] = o;
            total += o;
        }
        packets = total;
    }

    /** Packets in the network, in injection queues and in endpoint queues. */
    int packets() {
        return packets;
    }

    /** The state last {@link #load loaded}. */
    long[] current() {
        return cur;
    }

    /**
     * Emits every successor of the current state: forward and eject moves queue by queue,
     * then (when {@code injections}) inject moves pair by pair, in a fixed order.
     */
    void expand(Sink sink, boolean injections) {
        int drain = 0;
        int all = 0;
        int destBits = layout.destBits;
        long destMask = layout.destMask;
        for (int q = 0; q < queues; q++) {
            if (occ[q] == 0) {
                continue;
            }
            long sl = slots[q];
            int d = (int) (sl & destMask) - 1;
            int k = q * headers + d;
            int[] targets = fwdQueues[k];
            if (targets == null) {
                route(k, q, d);
                targets = fwdQueues[k];
            }
            if (targets == EXIT) {
                if (msg != null && msgSource[d] >= 0) {
                    drain = ejectIntoEndpoint(sink, q, sl, d, drain);
                    continue;
                }
                System.arraycopy(cur, 0, succ, 0, cur.length);
                layout.setField(succ, 0, q, ((sl >>> destBits) << layout.markBits) | marks[q]);
                drain++;
                sink.accept(EJECT, q, -1, d, succ);
                continue;
            }
            int[] after = fwdHeaders[k];
            int primary = fwdPrimary[k];
            int admitted = 0;
            for (int i = 0; i < targets.length; i++) {
                if (!QueueRoutes.tries(i, primary, admitted > 0, escapeAny)) {
                    break;
                }
                int t = targets[i];
                int verdict = rule.admit(this, q, t);
                if (verdict == FlowControlRule.DENY) {
                    continue;
                }
                admitted++;
                int shift = verdict == FlowControlRule.ADMIT_SHIFT_MARK ? 1 : 0;
                System.arraycopy(cur, 0, succ, 0, cur.length);
                layout.setField(succ, 0, q, ((sl >>> destBits) << layout.markBits) | (marks[q] + shift));
                long tsl = slots[t] | ((long) (after[i] + 1) << (occ[t] * destBits));
                layout.setField(succ, 0, t, (tsl << layout.markBits) | (marks[t] - shift));
                drain++;
                sink.accept(FORWARD, q, t, d, succ);
            }
        }
        if (upstream != null) {
            for (int q = 0; q < queues; q++) {
                int u = upstream[q];
                if (u >= 0 && marks[q] > 0 && rule.drifts(this, q, u)) {
                    System.arraycopy(cur, 0, succ, 0, cur.length);
                    layout.setField(succ, 0, q, (slots[q] << layout.markBits) | (marks[q] - 1));
                    layout.setField(succ, 0, u, (slots[u] << layout.markBits) | (marks[u] + 1));
                    drain++;
                    sink.accept(DRIFT, q, u, -1, succ);
                }
            }
        }
        if (msg != null) {
            drain = consume(sink, drain);
            drain = injectAnswers(sink, drain);
        }
        if (layout.injCapacity > 0) {
            drain = injectFromQueues(sink, drain);
            all = drain;
            if (injections) {
                all = generate(sink, all);
            }
            drainMoves = drain;
            moves = all;
            return;
        }
        all = drain;
        if (injections) {
            for (int p = 0; p < injectCount; p++) {
                all = inject(sink, p, false, all);
            }
        }
        drainMoves = drain;
        moves = all;
    }

    /**
     * Message classes: a message of a non-sink class at its destination enters the node's input
     * queue of its class, when that has room (the queue keeps the node its answer goes to).
     */
    private int ejectIntoEndpoint(Sink sink, int q, long sl, int d, int count) {
        int e = queueNode[q] * layout.epPerNode + msgClass[d];
        if (epOcc[e] >= layout.epCapacity) {
            return count;
        }
        System.arraycopy(cur, 0, succ, 0, cur.length);
        layout.setField(succ, 0, q, ((sl >>> layout.destBits) << layout.markBits) | marks[q]);
        layout.setEpField(succ, 0, e, epSlots[e] | ((long) (msgSource[d] + 1) << (epOcc[e] * layout.epBits)));
        sink.accept(EJECT, q, -1, d, succ);
        return count + 1;
    }

    /**
     * Consume moves: the head of a node's class-c input queue (c below the sink class) is
     * consumed and its answer, a class c+1 message to the node it names, joins the node's
     * output queue of class c+1, when that has room.
     */
    private int consume(Sink sink, int count) {
        int per = layout.epPerNode;
        int half = per / 2;
        for (int v = 0; v < nodes; v++) {
            for (int c = 0; c < half; c++) {
                int e = v * per + c;
                if (epOcc[e] == 0) {
                    continue;
                }
                int out = v * per + half + c;
                if (epOcc[out] >= layout.epCapacity) {
                    continue;
                }
                int to = (int) (epSlots[e] & layout.epSlotMask) - 1;
                System.arraycopy(cur, 0, succ, 0, cur.length);
                layout.setEpField(succ, 0, e, epSlots[e] >>> layout.epBits);
                layout.setEpField(succ, 0, out, epSlots[out] | ((long) (to + 1) << (epOcc[out] * layout.epBits)));
                count++;
                sink.accept(CONSUME, v, c, to, succ);
            }
        }
        return count;
    }

    /**
     * Inject moves from the heads of output queues: the message (class c, from this node) enters
     * the network on its class's VCs, judged by the rule like any injection.
     */
    private int injectAnswers(Sink sink, int count) {
        int per = layout.epPerNode;
        int half = per / 2;
        int destBits = layout.destBits;
        for (int v = 0; v < nodes; v++) {
            for (int k = 0; k < half; k++) {
                int e = v * per + half + k;
                if (epOcc[e] == 0) {
                    continue;
                }
                int c = k + 1;
                int d = (int) (epSlots[e] & layout.epSlotMask) - 1;
                int key = (c * nodes + v) * nodes + d;
                if (oqHeaders[key] == null) {
                    int[] hs = new int[Math.max(1, model.routing().maxInjectHeaders())];
                    int n = msg.messageHeaders(c, v, d, hs);
                    QueueRoutes.Next[] nx = new QueueRoutes.Next[n];
                    for (int i = 0; i < n; i++) {
                        nx[i] = routes.next(FlowControlRule.INJECT, v, hs[i]);
                    }
                    oqNext[key] = nx;
                    oqHeaders[key] = java.util.Arrays.copyOf(hs, n);
                }
                int[] hs = oqHeaders[key];
                for (int j = 0; j < hs.length; j++) {
                    QueueRoutes.Next nx = oqNext[key][j];
                    int[] targets = nx.queues();
                    for (int i = 0; i < targets.length; i++) {
                        int t = targets[i];
                        int verdict = rule.admit(this, FlowControlRule.INJECT, t);
                        if (verdict == FlowControlRule.DENY) {
                            continue;
                        }
                        if (verdict == FlowControlRule.ADMIT_SHIFT_MARK) {
                            throw new IllegalStateException(rule.describe() + " moved a mark on injection");
                        }
                        System.arraycopy(cur, 0, succ, 0, cur.length);
                        long tsl = slots[t] | ((long) (nx.headers()[i] + 1) << (occ[t] * destBits));
                        layout.setField(succ, 0, t, (tsl << layout.markBits) | marks[t]);
                        layout.setEpField(succ, 0, e, epSlots[e] >>> layout.epBits);
                        count++;
                        sink.accept(INJECT, v, t, hs[j], succ);
                    }
                }
            }
        }
        return count;
    }

    /** Inject moves from the heads of injection queues; returns {@code count} plus the moves emitted. */
    private int injectFromQueues(Sink sink, int count) {
        for (int s = 0; s < iqOcc.length; s++) {
            if (iqOcc[s] == 0) {
                continue;
            }
            int d = (int) (iqSlots[s] & layout.destMask) - 1;
            for (int p : injectEntries[s * nodes + d]) {
                count = inject(sink, p, true, count);
            }
        }
        return count;
    }

    /**
     * Emits the inject moves of one entry (a traffic pair and inject header): into every
     * candidate the rule admits, escape candidates only when no primary one admits it (unless
     * {@code escape: any}). From an injection queue ({@code fromQueue}) the packet is the
     * head of its source's queue, which loses it. Returns {@code count} plus the moves emitted.
     */
    private int inject(Sink sink, int p, boolean fromQueue, int count) {
        int s = injectSource[p];
        int destBits = layout.destBits;
        int first = injectStart[p];
        int size = injectStart[p + 1] - first;
        int admitted = 0;
        for (int i = 0; i < size; i++) {
            if (!QueueRoutes.tries(i, injectPrimary[p], admitted > 0, escapeAny)) {
                break;
            }
            int t = injectQueue[first + i];
            int verdict = rule.admit(this, FlowControlRule.INJECT, t);
            if (verdict == FlowControlRule.DENY) {
                continue;
            }
            if (verdict == FlowControlRule.ADMIT_SHIFT_MARK) {
                throw new IllegalStateException(rule.describe() + " moved a mark on injection");
            }
            admitted++;
            injected[injectPair[p]] = true;
            if (injectWitnessOnly) {
                continue;
            }
            System.arraycopy(cur, 0, succ, 0, cur.length);
            long tsl = slots[t] | ((long) (injectNextHeader[first + i] + 1) << (occ[t] * destBits));
            layout.setField(succ, 0, t, (tsl << layout.markBits) | marks[t]);
            if (fromQueue) {
                layout.setInjField(succ, 0, s, iqSlots[s] >>> destBits);
            }
            count++;
            sink.accept(INJECT, s, t, injectHeader[p], succ);
        }
        return count;
    }

    /** Generate moves: a traffic pair's destination joins its source's injection queue. */
    private int generate(Sink sink, int count) {
        for (int p = 0; p < pairSource.length; p++) {
            int s = pairSource[p];
            if (iqOcc[s] >= layout.injCapacity) {
                continue;
            }
            System.arraycopy(cur, 0, succ, 0, cur.length);
            layout.setInjField(succ, 0, s, iqSlots[s] | ((long) (pairDest[p] + 1) << (iqOcc[s] * layout.destBits)));
            count++;
            sink.accept(GENERATE, s, -1, pairDest[p], succ);
        }
        return count;
    }

    /**
     * The moves behind one successor reported to a sink, for traces: one move, or for a
     * synchronous step every move of it (valid only during the sink's call).
     */
    java.util.List<Move> stepMoves(int kind, int a, int b, int destination) {
        return java.util.List.of(move(kind, a, b, destination, net));
    }

    static Move move(int kind, int a, int b, int destination, Network net) {
        switch (kind) {
            case DRIFT:
                return new Move(Move.Kind.DRIFT, net.nodeOf(a), -1, a, b);
            case GENERATE:
                return new Move(Move.Kind.GENERATE, a, destination, -1, -1);
            case INJECT:
                return new Move(Move.Kind.INJECT, a, destination, -1, b);
            case FORWARD:
                return new Move(Move.Kind.FORWARD, net.nodeOf(a), destination, a, b);
            case EJECT:
                return new Move(Move.Kind.EJECT, net.nodeOf(a), destination, a, -1);
            case CONSUME:
                // from: the class consumed; destination: the node the answer goes to
                return new Move(Move.Kind.CONSUME, a, destination, b, -1);
            default:
                throw new AssertionError(kind);
        }
    }

    // BufferView over the current state.

    @Override
    public Network network() {
        return net;
    }

    @Override
    public int freeSlots(int queue) {
        return capacity - occ[queue];
    }

    @Override
    public int criticalMarks(int queue) {
        return marks[queue];
    }

    @Override
    public int ringFreeSlots(int ring) {
        return ringFree[ring];
    }
}
