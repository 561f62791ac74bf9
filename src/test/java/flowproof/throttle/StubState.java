package flowproof.throttle;

import flowproof.sim.control.NetworkState;
import flowproof.topology.Network;

/** A NetworkState whose numbers a test sets by hand. */
final class StubState implements NetworkState {

    final Network net;
    final int[] credits;
    final boolean[] allocated;
    final int bufferFlits;
    final int slotFlits;
    int fullBuffers;
    long deliveredFlits;
    long injectedPackets;
    long now;

    StubState(Network net, int bufferFlits, int slotFlits) {
        this.net = net;
        this.bufferFlits = bufferFlits;
        this.slotFlits = slotFlits;
        this.credits = new int[net.queues()];
        this.allocated = new boolean[net.queues()];
        java.util.Arrays.fill(credits, bufferFlits);
    }

    @Override
    public Network network() {
        return net;
    }

    @Override
    public int terminals() {
        return net.topology().endpoints().length * net.topology().concentration();
    }

    @Override
    public int routerOf(int terminal) {
        return net.topology().endpoints()[terminal / net.topology().concentration()];
    }

    @Override
    public int bufferFlits() {
        return bufferFlits;
    }

    @Override
    public int slotFlits() {
        return slotFlits;
    }

    @Override
    public int credits(int queue) {
        return credits[queue];
    }

    @Override
    public int occupancy(int queue) {
        return bufferFlits - credits[queue];
    }

    @Override
    public boolean allocated(int queue) {
        return allocated[queue];
    }

    @Override
    public int fullBuffers() {
        return fullBuffers;
    }

    @Override
    public long deliveredFlits() {
        return deliveredFlits;
    }

    @Override
    public long injectedPackets() {
        return injectedPackets;
    }

    @Override
    public long now() {
        return now;
    }
}
