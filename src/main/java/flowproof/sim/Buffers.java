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
 * <p>All state is in flat int arrays indexed by input VC {@code iv} or output VC {@code ov};
 * a buffer entry {@code iv * cap + i} is three ints side by side: packet, flit index and
 * arrival cycle.
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

    /** Per buffer entry {@code iv * cap + i}: packet, flit index, arrival cycle. */
    final int[] buf;
    final int[] bufHead;
    final int[] bufCount;
    /** Per input VC: the output VC its head packet holds, or -1. */
    final int[] ivOut;
    /** Network buffers that are full (a congestion-control scheme reads it). */
    int fullBuffers;

    /** Per output VC: the input VC that holds it, or -1. */
    final int[] ovOwner;
    /** Per network queue: credits, flits reserved (VCT), flits on the link, credits on their way back, critical marks. */
    final int[] credits;
    final int[] reserved;
    final int[] onLink;
    final int[] creditsBack;
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
        bufHead = new int[inVcs];
        bufCount = new int[inVcs];
        ivOut = new int[inVcs];
        Arrays.fill(ivOut, -1);
        ovOwner = new int[outVcs];
        Arrays.fill(ovOwner, -1);
        credits = new int[queues];
        Arrays.fill(credits, cap);
        marks = new int[queues];
        for (int q = 0; q < queues; q++) {
            marks[q] = rule.initialMarks(net, q);
        }
        reserved = new int[queues];
        onLink = new int[queues];
        creditsBack = new int[queues];
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
        return iv * cap + bufHead[iv];
    }

    /** The packet at the front of input VC {@code iv}. */
    int frontPacket(int iv) {
        return buf[3 * (iv * cap + bufHead[iv])];
    }

    /**
     * Appends flit {@code f} of packet {@code p}, ready from cycle {@code time}, to input VC
     * {@code iv}, which has room; returns how many flits it held before.
     */
    int push(int iv, int p, int f, int time) {
        int n = bufCount[iv];
        int i = bufHead[iv] + n;
        if (i >= cap) {
            i -= cap;
        }
        int at = iv * cap + i;
        buf[3 * at] = p;
        buf[3 * at + 1] = f;
        buf[3 * at + 2] = time;
        bufCount[iv] = n + 1;
        if (n + 1 == cap && iv < queues) {
            fullBuffers++;
        }
        return n;
    }

    /** Removes the front flit of input VC {@code iv}. */
    void pop(int iv) {
        bufHead[iv] = bufHead[iv] + 1 == cap ? 0 : bufHead[iv] + 1;
        if (bufCount[iv]-- == cap && iv < queues) {
            fullBuffers--;
        }
    }

    /** Free packet slots of queue {@code q} as the rule counts them. */
    int slots(int q) {
        if (vct) {
            return credits[q] / slot;
        }
        return ovOwner[q] < 0 && (tailRelease || credits[q] == cap) ? 1 : 0;
    }

    void addCredits(int q, int delta) {
        if (!trackRings) {
            credits[q] += delta;
            return;
        }
        int before = slots(q);
        credits[q] += delta;
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
        if (ovOwner[ov] >= 0) {
            return false;
        }
        return ov >= queues || (vct ? credits[ov] >= slot : tailRelease || credits[ov] == cap);
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
