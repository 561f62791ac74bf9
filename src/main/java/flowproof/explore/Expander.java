package flowproof.explore;

import flowproof.routing.RoutingFunction;
import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.topology.Network;

/**
 * Generates the successors of one packed state under the model's moves, asking the
 * flow-control rule about every inject and forward move. Holds the unpacked form of the
 * current state and serves it to the rule as its {@link BufferView}.
 *
 * <p>Routing is tabulated once: for an injection pair, and for a (channel, destination)
 * of a packet at a queue's head, the candidate target queues (every VC of every
 * candidate channel). The rule is always consulted; nothing of it is cached.
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
    private final int nodes;
    private final int[] queueNode;
    private final int[] queueChannel;
    private final int[] queueRing;
    private final int[] injectSource;
    private final int[] injectDest;
    private final int[][] injectTargets;
    /** forwardTargets[channel * nodes + destination]: target queues, or null for eject. */
    private final int[][] forwardTargets;

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
        this.nodes = net.topology().nodes();
        this.queueNode = new int[queues];
        this.queueChannel = new int[queues];
        this.queueRing = new int[queues];
        for (int q = 0; q < queues; q++) {
            queueNode[q] = net.nodeOf(q);
            queueChannel[q] = net.channelOf(q);
            queueRing[q] = net.ringOf(q);
        }
        RoutingFunction routing = model.routing();
        int[] cand = new int[Math.max(1, routing.maxCandidates())];
        int pairs = model.traffic().size();
        injectSource = new int[pairs];
        injectDest = new int[pairs];
        injectTargets = new int[pairs][];
        for (int p = 0; p < pairs; p++) {
            int s = model.traffic().get(p)[0];
            int d = model.traffic().get(p)[1];
            injectSource[p] = s;
            injectDest[p] = d;
            injectTargets[p] = targets(cand, routing.candidates(s, -1, d, cand));
        }
        int channels = net.topology().channels();
        forwardTargets = new int[channels * nodes][];
        for (int c = 0; c < channels; c++) {
            int at = net.topology().target(c);
            for (int d = 0; d < nodes; d++) {
                if (d != at) {
                    forwardTargets[c * nodes + d] = targets(cand, routing.candidates(at, c, d, cand));
                }
            }
        }
        this.cur = new long[layout.words];
        this.succ = new long[layout.words];
        this.slots = new long[queues];
        this.occ = new int[queues];
        this.marks = new int[queues];
        this.ringFree = new int[net.rings()];
    }

    private int[] targets(int[] channels, int count) {
        int vcs = net.vcs();
        int[] t = new int[count * vcs];
        for (int i = 0; i < count; i++) {
            for (int v = 0; v < vcs; v++) {
                t[i * vcs + v] = net.queue(channels[i], v);
            }
        }
        return t;
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
            int[] targets = forwardTargets[queueChannel[q] * nodes + d];
            if (targets == null) {
                System.arraycopy(cur, 0, succ, 0, cur.length);
                layout.setField(succ, 0, q, ((sl >>> destBits) << layout.markBits) | marks[q]);
                drain++;
                sink.accept(EJECT, q, -1, d, succ);
                continue;
            }
            for (int t : targets) {
                int verdict = rule.admit(this, q, t);
                if (verdict == FlowControlRule.DENY) {
                    continue;
                }
                int shift = verdict == FlowControlRule.ADMIT_SHIFT_MARK ? 1 : 0;
                System.arraycopy(cur, 0, succ, 0, cur.length);
                layout.setField(succ, 0, q, ((sl >>> destBits) << layout.markBits) | (marks[q] + shift));
                long tsl = slots[t] | ((long) (d + 1) << (occ[t] * destBits));
                layout.setField(succ, 0, t, (tsl << layout.markBits) | (marks[t] - shift));
                drain++;
                sink.accept(FORWARD, q, t, d, succ);
            }
        }
        all = drain;
        if (injections) {
            for (int p = 0; p < injectTargets.length; p++) {
                int d = injectDest[p];
                for (int t : injectTargets[p]) {
                    int verdict = rule.admit(this, FlowControlRule.INJECT, t);
                    if (verdict == FlowControlRule.DENY) {
                        continue;
                    }
                    if (verdict == FlowControlRule.ADMIT_SHIFT_MARK) {
                        throw new IllegalStateException(rule.describe() + " moved a mark on injection");
                    }
                    System.arraycopy(cur, 0, succ, 0, cur.length);
                    long tsl = slots[t] | ((long) (d + 1) << (occ[t] * destBits));
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
