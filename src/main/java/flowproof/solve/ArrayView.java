package flowproof.solve;

import flowproof.rule.BufferView;
import flowproof.topology.Network;

/** A {@link BufferView} over plain arrays of occupancies and marks. */
final class ArrayView implements BufferView {

    private final Network net;
    private final int[] occ;
    private final int[] marks;

    ArrayView(Network net, int[] occ, int[] marks) {
        this.net = net;
        this.occ = occ;
        this.marks = marks;
    }

    @Override
    public Network network() {
        return net;
    }

    @Override
    public int freeSlots(int queue) {
        return net.capacity() - occ[queue];
    }

    @Override
    public int criticalMarks(int queue) {
        return marks[queue];
    }

    @Override
    public int ringFreeSlots(int ring) {
        int f = 0;
        for (int q : net.ringQueues(ring)) {
            f += net.capacity() - occ[q];
        }
        return f;
    }
}
