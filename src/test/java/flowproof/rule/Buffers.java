package flowproof.rule;

import flowproof.topology.Network;
import java.util.Arrays;

/**
 * A hand-set buffer state for rule unit tests: every queue starts empty (all slots free, no
 * marks); tests set the free slots and critical marks of the queues they care about. A
 * ring's free count is the sum over its queues unless a test pins it with {@link #ringFree},
 * so that a rule reading the ring can be told apart from one reading the target alone.
 */
final class Buffers implements BufferView {

    private final Network net;
    private final int[] free;
    private final int[] marks;
    private final Integer[] ringFree;

    Buffers(Network net) {
        this.net = net;
        this.free = new int[net.queues()];
        this.marks = new int[net.queues()];
        this.ringFree = new Integer[net.rings()];
        Arrays.fill(free, net.capacity());
    }

    /** Sets a queue's free slots and critical marks. */
    Buffers set(int queue, int freeSlots, int criticalMarks) {
        free[queue] = freeSlots;
        marks[queue] = criticalMarks;
        return this;
    }

    /** Fills every queue (no free slot, no mark). */
    Buffers full() {
        Arrays.fill(free, 0);
        Arrays.fill(marks, 0);
        return this;
    }

    /** Pins the free count a ring reports, independently of its queues. */
    Buffers ringFree(int ring, int slots) {
        ringFree[ring] = slots;
        return this;
    }

    @Override
    public Network network() {
        return net;
    }

    @Override
    public int freeSlots(int queue) {
        return free[queue];
    }

    @Override
    public int criticalMarks(int queue) {
        return marks[queue];
    }

    @Override
    public int ringFreeSlots(int ring) {
        if (ringFree[ring] != null) {
            return ringFree[ring];
        }
        int sum = 0;
        for (int q : net.ringQueues(ring)) {
            sum += free[q];
        }
        return sum;
    }

    @Override
    public String toString() {
        return "free=" + Arrays.toString(free) + " marks=" + Arrays.toString(marks) + " ringFree=" + Arrays.toString(ringFree);
    }
}
