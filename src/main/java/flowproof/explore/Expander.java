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
 */
final class Expander implements BufferView {

    static final int INJECT = 0;
    static final int FORWARD = 1;
    static final int EJECT = 2;

    /** Receives one successor; {@code succ} is scratch, valid only during the call. */
    interface Sink {
        void accept(int kind, int a, int b, int destination, long[] succ);
    }

    final Model model;
    final Network net;
    final StateLayout layout;
    private final FlowControlRule rule;
    private final int queues;
    private final int capacity;
    private final int[] queueNode;
    private final int[] queueRing;
    private final int headers;
    private final boolean escapeAny;
    private final QueueRoutes routes;
    /** One entry per (traffic pair, inject header): source, header and where it may go. */
    private final int[] injectSource;
    private final int[] injectHeader;
    private final QueueRoutes.Next[] injectNext;
    /**
     * The routes of a packet at a queue's head, by {@code queue * headers + header}, filled on
     * first use: target queues ({@link #EXIT} when it leaves here), its header in each, and
     * how many targets are primary (the rest are escape candidates).
     */
    private final int[][] fwdQueues;
    private final int[][] fwdHeaders;
    private final int[] fwdPrimary;
    private static final int[] EXIT = new int[0];

    private final long[] cur;
    private final long[] succ;
    private final long[] slots;
    private final int[] occ;
    private final int[] marks;
    private final int[] ringFree;
    private int packets;

    /** Enabled forward and eject moves of the last {@link #expand}. */
    int drainMoves;
    /** Enabled moves of all kinds of the last {@link #expand}. */
    int moves;

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
        java.util.List<int[]> inj = new java.util.ArrayList<>();
        java.util.List<QueueRoutes.Next> injNext = new java.util.ArrayList<>();
        for (int[] pair : model.traffic()) {
            for (int h : routes.injectHeaders(pair[0], pair[1])) {
                inj.add(new int[] {pair[0], h});
                injNext.add(routes.next(FlowControlRule.INJECT, pair[0], h));
            }
        }
        injectSource = new int[inj.size()];
        injectHeader = new int[inj.size()];
        for (int i = 0; i < inj.size(); i++) {
            injectSource[i] = inj.get(i)[0];
            injectHeader[i] = inj.get(i)[1];
        }
        injectNext = injNext.toArray(new QueueRoutes.Next[0]);
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
    }

    /** An upper bound on the successors of any state: every queue head's candidates and every injection's. */
    long maxSuccessors() {
        long perHead = (long) Math.max(1, model.routing().maxCandidates()) * net.vcs() * (model.routing().hasEscape() ? 2 : 1);
        long n = queues * perHead;
        for (QueueRoutes.Next nx : injectNext) {
            n += nx.size();
        }
        return Math.max(1, n);
    }

    private void route(int k, int q, int header) {
        QueueRoutes.Next n = routes.next(q, -1, header);
        fwdHeaders[k] = n.headers();
        fwdPrimary[k] = n.primary();
        fwdQueues[k] = n.exits() ? EXIT : n.queues();
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
        packets = total;
    }

    int packets() {
        return packets;
    }

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
                if (i == primary && admitted > 0 && !escapeAny) {
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
        all = drain;
        if (injections) {
            for (int p = 0; p < injectNext.length; p++) {
                int d = injectHeader[p];
                QueueRoutes.Next nx = injectNext[p];
                int[] targets = nx.queues();
                int admitted = 0;
                for (int i = 0; i < targets.length; i++) {
                    if (i == nx.primary() && admitted > 0 && !escapeAny) {
                        break;
                    }
                    int t = targets[i];
                    int verdict = rule.admit(this, FlowControlRule.INJECT, t);
                    if (verdict == FlowControlRule.DENY) {
                        continue;
                    }
                    if (verdict == FlowControlRule.ADMIT_SHIFT_MARK) {
                        throw new IllegalStateException(rule.describe() + " moved a mark on injection");
                    }
                    admitted++;
                    System.arraycopy(cur, 0, succ, 0, cur.length);
                    long tsl = slots[t] | ((long) (nx.headers()[i] + 1) << (occ[t] * destBits));
                    layout.setField(succ, 0, t, (tsl << layout.markBits) | marks[t]);
                    all++;
                    sink.accept(INJECT, injectSource[p], t, d, succ);
                }
            }
        }
        drainMoves = drain;
        moves = all;
    }

    static Move move(int kind, int a, int b, int destination, Network net) {
        switch (kind) {
            case INJECT:
                return new Move(Move.Kind.INJECT, a, destination, -1, b);
            case FORWARD:
                return new Move(Move.Kind.FORWARD, net.nodeOf(a), destination, a, b);
            case EJECT:
                return new Move(Move.Kind.EJECT, net.nodeOf(a), destination, a, -1);
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
