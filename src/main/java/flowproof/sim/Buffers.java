package flowproof.sim;

import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.topology.Network;
import java.util.Arrays;

/**
 * The routers' storage, as the allocators and the rule read it: the input VC buffers (one
 * circular buffer of {@code cap} flits per input VC, network channels first, then the
 * injection ports) and the output VCs (one per network queue, then one per ejection port):
 * which input VC owns each, its credits, the flits reserved for a granted packet (virtual
 * cut-through), on the link and returning as credits, and the Critical Bubble Scheme's marks
 * with their control lines. It is the {@link BufferView} the rule judges: free slots per
 * queue and per ring, and marks.
 *
 * <p>All state is in flat int arrays: a buffer entry {@code iv * cap + i} is three ints side
 * by side (packet, flit index and arrival cycle), and what a flit's arrival, credit and
 * traversal read of an input VC {@code iv} or output VC {@code ov} is one record of
 * {@link #REC} ints per index ({@code rec}).
 */
final class Buffers implements BufferView {

    private final Network net;
    private final FlowControlRule rule;
    final int vcs;
    /** log2 of {@code vcs} when it is a power of two (a shift instead of a division), else -1. */
    private final int vcShift;
    final int cap;
    /** Flits of one packet slot (the rule's unit under virtual cut-through). */
    final int slot;
    /** Network queues (channel x VC); output VCs from here on are ejection ports. */
    final int queues;
    final boolean vct;
    /** Wormhole with {@code vc-release: tail}: an output VC is free for the next packet once the tail has left. */
    final boolean tailRelease;
    /** Whether the rule reads ring-wide free slots (Theoretical BFC): only then are they kept up to date. */
    final boolean trackRings;

    /**
     * Per buffer entry {@code iv * cap + i}: packet, flit index, arrival cycle. The flit index
     * of a packet's last flit carries {@link #TAIL} (so is negative), here and on the links, so
     * that a traversal knows the tail without reading the packet table.
     */
    final int[] buf;
    static final int TAIL = Integer.MIN_VALUE;
    /**
     * Per index {@code i} (an input VC, an output VC, or both for a network queue), {@link #REC}
     * ints side by side at {@code i << REC_SHIFT}: the input VC's buffer head and count, the
     * output VC its head packet holds (-1: none) and the credits on their way back from it; the
     * output VC's owner (the input VC that holds it, -1: none), credits, flits reserved
     * (virtual cut-through) and flits on the link. A flit's arrival and credit touch one
     * record, its traversal two (issue 20: 32 bytes side by side where there were eight arrays).
     */
    private final int[] rec;
    static final int REC_SHIFT = 3;
    static final int REC = 1 << REC_SHIFT;
    private static final int HEAD = 0;
    private static final int COUNT = 1;
    private static final int OUT = 2;
    private static final int BACK = 3;
    private static final int OWNER = 4;
    private static final int CREDITS = 5;
    private static final int RESERVED = 6;
    private static final int ON_LINK = 7;
    /** Output VCs: the network queues, then the ejection ports' VCs. */
    final int outVcs;
    /** Network buffers that are full (a congestion-control scheme reads it). */
    int fullBuffers;

    /** Per network queue: critical marks. */
    final int[] marks;
    private final int[] ringOfQueue;
    final int[] ringFree;
    /** Queues whose upstream counter B gains a critical mark at the start of the next cycle. */
    final int[] controlLine;
    int controlCount;

    Buffers(Network net, FlowControlRule rule, int inVcs, int outVcs, int cap, int slot, boolean vct, boolean tailRelease) {
        this.net = net;
        this.rule = rule;
        this.vcs = net.vcs();
        this.vcShift = Integer.bitCount(vcs) == 1 ? Integer.numberOfTrailingZeros(vcs) : -1;
        this.cap = cap;
        this.slot = slot;
        this.queues = net.topology().channels() * vcs;
        this.vct = vct;
        this.tailRelease = tailRelease;
        buf = new int[3 * inVcs * cap];
        this.outVcs = outVcs;
        rec = new int[Math.max(inVcs, outVcs) << REC_SHIFT];
        for (int i = 0; i < Math.max(inVcs, outVcs); i++) {
            rec[(i << REC_SHIFT) + OUT] = -1;
            rec[(i << REC_SHIFT) + OWNER] = -1;
            rec[(i << REC_SHIFT) + CREDITS] = i < queues ? cap : 0;
        }
        marks = new int[queues];
        for (int q = 0; q < queues; q++) {
            marks[q] = rule.initialMarks(net, q);
        }
        controlLine = new int[queues];
        trackRings = rule.readsRingOccupancy();
        ringOfQueue = new int[queues];
        ringFree = new int[net.rings()];
        for (int q = 0; q < queues; q++) {
            ringOfQueue[q] = net.ringOf(q);
            if (ringOfQueue[q] >= 0) {
                ringFree[ringOfQueue[q]] += slots(q);
            }
        }
    }

    /** The port (channel, or injection port after the channels) of input VC or queue {@code iv}. */
    int portOf(int iv) {
        return vcShift >= 0 ? iv >>> vcShift : iv / vcs;
    }

    /** The VC of input VC or queue {@code iv} within its port. */
    int vcOf(int iv) {
        return vcShift >= 0 ? iv & (vcs - 1) : iv % vcs;
    }

    /** Where the front entry of input VC {@code iv} is (its packet at {@code 3 * at}). */
    int front(int iv) {
        return iv * cap + rec[(iv << REC_SHIFT) + HEAD];
    }

    /** Where the entry behind the front of input VC {@code iv} is (it holds at least two flits). */
    int second(int iv) {
        int h = rec[(iv << REC_SHIFT) + HEAD] + 1;
        return iv * cap + (h == cap ? 0 : h);
    }

    /** The packet at the front of input VC {@code iv}. */
    int frontPacket(int iv) {
        return buf[3 * front(iv)];
    }

    /** The flit index of an entry's or a link slot's flit field ({@link #TAIL} cleared). */
    static int flitIndex(int field) {
        return field & ~TAIL;
    }

    /** Where input VC {@code iv}'s buffer starts in the circular buffer (its front entry's index). */
    int head(int iv) {
        return rec[(iv << REC_SHIFT) + HEAD];
    }

    /** Flits in input VC {@code iv}. */
    int count(int iv) {
        return rec[(iv << REC_SHIFT) + COUNT];
    }

    /** The output VC input VC {@code iv}'s head packet holds, or -1. */
    int out(int iv) {
        return rec[(iv << REC_SHIFT) + OUT];
    }

    void setOut(int iv, int ov) {
        rec[(iv << REC_SHIFT) + OUT] = ov;
    }

    /** The input VC that holds output VC {@code ov}, or -1. */
    int owner(int ov) {
        return rec[(ov << REC_SHIFT) + OWNER];
    }

    void setOwner(int ov, int iv) {
        rec[(ov << REC_SHIFT) + OWNER] = iv;
    }

    /** Credits of network queue {@code q}: free flits of its buffer, as its upstream router counts them. */
    int credits(int q) {
        return rec[(q << REC_SHIFT) + CREDITS];
    }

    /** Flits reserved in queue {@code q} for packets granted it (virtual cut-through). */
    int reserved(int q) {
        return rec[(q << REC_SHIFT) + RESERVED];
    }

    /** A packet of {@code flits} was granted queue {@code q} (virtual cut-through): its flits move from credits to reserved. */
    void reserve(int q, int flits) {
        int at = (q << REC_SHIFT);
        rec[at + CREDITS] -= flits;
        rec[at + RESERVED] += flits;
    }

    /** One flit of a reservation of queue {@code q} left for it. */
    void unreserve(int q) {
        rec[(q << REC_SHIFT) + RESERVED]--;
    }

    /** Flits on the link into queue {@code q}. */
    int onLink(int q) {
        return rec[(q << REC_SHIFT) + ON_LINK];
    }

    void addOnLink(int q, int delta) {
        rec[(q << REC_SHIFT) + ON_LINK] += delta;
    }

    /** Credits on their way back upstream from queue {@code q}. */
    int creditsBack(int q) {
        return rec[(q << REC_SHIFT) + BACK];
    }

    void addCreditsBack(int q, int delta) {
        rec[(q << REC_SHIFT) + BACK] += delta;
    }

    /**
     * Appends flit {@code f} of packet {@code p}, ready from cycle {@code time}, to input VC
     * {@code iv}, which has room; returns how many flits it held before.
     */
    int push(int iv, int p, int f, int time) {
        int r = iv << REC_SHIFT;
        int n = rec[r + COUNT];
        int i = rec[r + HEAD] + n;
        if (i >= cap) {
            i -= cap;
        }
        int at = iv * cap + i;
        buf[3 * at] = p;
        buf[3 * at + 1] = f;
        buf[3 * at + 2] = time;
        rec[r + COUNT] = n + 1;
        if (n + 1 == cap && iv < queues) {
            fullBuffers++;
        }
        return n;
    }

    /** Removes the front flit of input VC {@code iv}. */
    void pop(int iv) {
        int r = iv << REC_SHIFT;
        rec[r + HEAD] = rec[r + HEAD] + 1 == cap ? 0 : rec[r + HEAD] + 1;
        if (rec[r + COUNT]-- == cap && iv < queues) {
            fullBuffers--;
        }
    }

    /** Free packet slots of queue {@code q} as the rule counts them. */
    int slots(int q) {
        int r = q << REC_SHIFT;
        if (vct) {
            return rec[r + CREDITS] / slot;
        }
        return rec[r + OWNER] < 0 && (tailRelease || rec[r + CREDITS] == cap) ? 1 : 0;
    }

    void addCredits(int q, int delta) {
        if (!trackRings) {
            rec[(q << REC_SHIFT) + CREDITS] += delta;
            return;
        }
        int before = slots(q);
        rec[(q << REC_SHIFT) + CREDITS] += delta;
        ringAdjust(q, before);
    }

    /** Queue {@code q}, which had {@code before} free slots, changed: its ring's count follows. */
    void ringAdjust(int q, int before) {
        if (!trackRings) {
            return;
        }
        int r = ringOfQueue[q];
        if (r >= 0) {
            ringFree[r] += slots(q) - before;
        }
    }

    /**
     * Whether output VC {@code ov} passes the tests the VC allocator makes before asking the
     * rule: unowned and, into a network queue, with the credits a packet needs.
     */
    boolean eligible(int ov) {
        int r = ov << REC_SHIFT;
        if (rec[r + OWNER] >= 0) {
            return false;
        }
        return ov >= queues || (vct ? rec[r + CREDITS] >= slot : tailRelease || rec[r + CREDITS] == cap);
    }

    /**
     * Whether the credit that just came back to queue {@code q} can have made it
     * {@linkplain #eligible eligible}: only the one that reaches the credits a head needs
     * (VCT: a packet slot; wormhole without tail release: the whole buffer). Credits come back
     * one at a time, so a queue that was short of them becomes eligible with exactly that one;
     * any other leaves eligibility as it was, and a head sleeps only on a queue that was not
     * eligible (the VC allocator's wake-up lists need no call then).
     */
    boolean creditMadeEligible(int q) {
        int c = rec[(q << REC_SHIFT) + CREDITS];
        return vct ? c == slot : !tailRelease && c == cap;
    }

    /** Control lines raised in the previous cycle: each upstream counter B gains its mark. */
    void applyControlLines() {
        for (int i = 0; i < controlCount; i++) {
            marks[controlLine[i]]++;
        }
        controlCount = 0;
    }

    @Override
    public Network network() {
        return net;
    }

    @Override
    public int freeSlots(int queue) {
        return slots(queue);
    }

    @Override
    public int criticalMarks(int queue) {
        return marks[queue];
    }

    @Override
    public int ringFreeSlots(int ring) {
        if (!trackRings) {
            throw new IllegalStateException("rule " + rule.describe() + " reads ring free slots but does not "
                + "say so (FlowControlRule.readsRingOccupancy)");
        }
        return ringFree[ring];
    }

    /** Ring {@code ring}'s free slots whether or not they are tracked (observers). */
    int countRingFree(int ring) {
        if (trackRings) {
            return ringFree[ring];
        }
        int sum = 0;
        for (int q : net.ringQueues(ring)) {
            sum += slots(q);
        }
        return sum;
    }
}
