package flowproof.sim;

import flowproof.rule.FlowControlRule;
import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.topology.Network;

/**
 * The live state of a {@link Simulator} run: the cycle and its counters, which the
 * simulator's components update, and the buffers they are read with. It is what a
 * congestion control reads ({@link NetworkState}) and what a {@link CycleObserver} reads
 * ({@link SimState}); the deadlock watch reads its counters. The packet table, the VC
 * allocator and the control exist only after the control is created with this state, so
 * they are bound once the simulator has built them ({@link #bind}).
 */
final class LiveState implements NetworkState, SimState {

    // the cycle's counters
    long now;
    /** The last cycle a flit moved. */
    long lastMove;
    /** Flits in buffers and on links. */
    long netFlits;
    long inNetworkPackets;
    long created;
    long delivered;
    long measuredOutstanding;
    long deliveredFlits;
    long ctlCreated;
    long ctlDelivered;

    private final Network net;
    private final FlowControlRule rule;
    private final Buffers b;
    private final int[] termRouter;
    private final int cap;
    private final boolean vct;
    private Packets pk;
    private VcAllocator va;
    private InjectionControl control;

    LiveState(Network net, FlowControlRule rule, Buffers b, int[] termRouter, int cap, boolean vct) {
        this.net = net;
        this.rule = rule;
        this.b = b;
        this.termRouter = termRouter;
        this.cap = cap;
        this.vct = vct;
    }

    /** Binds what exists only after the control: the packet table, the VC allocator and the control. */
    void bind(Packets packets, VcAllocator allocator, InjectionControl injectionControl) {
        this.pk = packets;
        this.va = allocator;
        this.control = injectionControl;
    }

    @Override
    public Network network() {
        return net;
    }

    @Override
    public int terminals() {
        return termRouter.length;
    }

    @Override
    public int routerOf(int terminal) {
        return termRouter[terminal];
    }

    @Override
    public int bufferFlits() {
        return cap;
    }

    @Override
    public int slotFlits() {
        return b.slot;
    }

    @Override
    public int credits(int queue) {
        return b.credits(queue);
    }

    @Override
    public int occupancy(int queue) {
        return b.count(queue);
    }

    @Override
    public boolean allocated(int queue) {
        return b.owner(queue) >= 0;
    }

    @Override
    public int fullBuffers() {
        return b.fullBuffers;
    }

    @Override
    public long deliveredFlits() {
        return deliveredFlits;
    }

    @Override
    public long injectedPackets() {
        return va.injectedPackets;
    }

    @Override
    public long now() {
        return now;
    }

    @Override
    public int freeSlots(int queue) {
        return b.slots(queue);
    }

    @Override
    public int criticalMarks(int queue) {
        return b.marks[queue];
    }

    @Override
    public int ringFreeSlots(int ring) {
        return b.countRingFree(ring);
    }

    @Override
    public FlowControlRule rule() {
        return rule;
    }

    @Override
    public InjectionControl control() {
        return control;
    }

    @Override
    public boolean virtualCutThrough() {
        return vct;
    }

    @Override
    public int reserved(int q) {
        return b.reserved(q);
    }

    @Override
    public int onLink(int q) {
        return b.onLink(q);
    }

    @Override
    public int creditsReturning(int q) {
        return b.creditsBack(q);
    }

    @Override
    public boolean departing(int q) {
        return b.out(q) >= 0;
    }

    @Override
    public int marksInFlight(int q) {
        int n = 0;
        for (int i = 0; i < b.controlCount; i++) {
            if (b.controlLine[i] == q) {
                n++;
            }
        }
        return n;
    }

    @Override
    public int bufferedPacket(int q, int i) {
        return b.buf[3 * (q * cap + (b.head(q) + i) % cap)];
    }

    @Override
    public int bufferedFlit(int q, int i) {
        return Buffers.flitIndex(b.buf[3 * (q * cap + (b.head(q) + i) % cap) + 1]);
    }

    @Override
    public int destination(int p) {
        return pk.dst[p];
    }

    @Override
    public int size(int p) {
        return Math.abs(pk.size[p]);
    }

    @Override
    public long created() {
        return created;
    }

    @Override
    public long delivered() {
        return delivered;
    }

    @Override
    public long flitsInNetwork() {
        return netFlits;
    }
}
