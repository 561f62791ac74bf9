package flowproof.topology;

/**
 * The buffers of a network: a topology, a number of virtual channels per physical
 * channel and a queue capacity in whole packets (virtual cut-through).
 *
 * <p>Queue ids are dense: {@code queue = channel * vcs + vc}. A queue sits at the
 * target router of its channel and belongs to the channel's directional ring.
 * Immutable; shared by every engine.
 */
public final class Network {

    private final Topology topology;
    private final int vcs;
    private final int capacity;
    private final int[][] ringMembers;

    public Network(Topology topology, int vcs, int capacity) {
        if (vcs < 1) {
            throw new IllegalArgumentException("vcs must be at least 1, found " + vcs);
        }
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, found " + capacity);
        }
        this.topology = topology;
        this.vcs = vcs;
        this.capacity = capacity;
        int[] size = new int[topology.rings()];
        for (int c = 0; c < topology.channels(); c++) {
            int r = topology.ringOf(c);
            if (r >= 0) {
                size[r] += vcs;
            }
        }
        this.ringMembers = new int[size.length][];
        for (int r = 0; r < size.length; r++) {
            ringMembers[r] = new int[size[r]];
            size[r] = 0;
        }
        for (int q = 0; q < topology.channels() * vcs; q++) {
            int r = topology.ringOf(q / vcs);
            if (r >= 0) {
                ringMembers[r][size[r]++] = q;
            }
        }
    }

    public Topology topology() {
        return topology;
    }

    public int vcs() {
        return vcs;
    }

    /** Capacity of every queue, in packets. */
    public int capacity() {
        return capacity;
    }

    public int queues() {
        return topology.channels() * vcs;
    }

    public int queue(int channel, int vc) {
        return channel * vcs + vc;
    }

    public int channelOf(int queue) {
        return queue / vcs;
    }

    public int vcOf(int queue) {
        return queue % vcs;
    }

    /** The router where the queue sits (the target of its channel). */
    public int nodeOf(int queue) {
        return topology.target(queue / vcs);
    }

    /** The directional ring of a queue, or -1. */
    public int ringOf(int queue) {
        return topology.ringOf(queue / vcs);
    }

    public int rings() {
        return topology.rings();
    }

    /** The queues (all VCs) of a ring, in queue order. Do not modify. */
    public int[] ringQueues(int ring) {
        return ringMembers[ring];
    }

    /**
     * Whether a packet moving from {@code from} (or injected, when {@code from < 0}) into
     * {@code to} stays within a directional ring. Injection and a change of dimension
     * enter a ring.
     */
    public boolean withinRing(int from, int to) {
        if (from < 0) {
            return false;
        }
        int r = ringOf(to);
        return r >= 0 && r == ringOf(from);
    }

    /** e.g. {@code 0-d0+->1 vc0}. */
    public String queueName(int queue) {
        return topology.channelName(channelOf(queue)) + " vc" + vcOf(queue);
    }
}
