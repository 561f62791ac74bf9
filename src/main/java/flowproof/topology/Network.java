package flowproof.topology;

/**
 * The buffers of a network: a topology, a number of virtual channels per physical
 * channel and a queue capacity in whole packets (virtual cut-through).
 *
 * <p>Queue ids are dense: {@code queue = channel * vcs + vc}. A queue sits at the
 * target router of its channel and belongs to the channel's directional ring.
 * Immutable; shared by every engine.
 *
 * <p>With an escape sub-function (Duato) only the first {@link #ringVcs} VCs, the escape
 * VCs, form directional rings; the adaptive VCs above them belong to no ring, so bubble
 * rules and critical marks live on the escape VCs alone, and a packet moving from an
 * adaptive VC into an escape VC enters the escape ring.
 */
public final class Network {

    private final Topology topology;
    private final int vcs;
    private final int capacity;
    private final int ringVcs;
    private final int[][] ringMembers;
    /** ringOf(queue), precomputed: the rules ask on every move. */
    private final int[] queueRing;

    public Network(Topology topology, int vcs, int capacity) {
        this(topology, vcs, capacity, vcs);
    }

    /** @param ringVcs the VCs {@code 0..ringVcs-1} that form rings (the escape VCs); {@code vcs} without escape */
    public Network(Topology topology, int vcs, int capacity, int ringVcs) {
        if (vcs < 1) {
            throw new IllegalArgumentException("vcs must be at least 1, found " + vcs);
        }
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, found " + capacity);
        }
        if (ringVcs < 1 || ringVcs > vcs) {
            throw new IllegalArgumentException("ring VCs must be 1.." + vcs + ", found " + ringVcs);
        }
        this.topology = topology;
        this.vcs = vcs;
        this.ringVcs = ringVcs;
        this.capacity = capacity;
        this.queueRing = new int[topology.channels() * vcs];
        for (int q = 0; q < queueRing.length; q++) {
            queueRing[q] = q % vcs < ringVcs ? topology.ringOf(q / vcs) : -1;
        }
        int[] size = new int[topology.rings()];
        for (int c = 0; c < topology.channels(); c++) {
            int r = topology.ringOf(c);
            if (r >= 0) {
                size[r] += ringVcs;
            }
        }
        this.ringMembers = new int[size.length][];
        for (int r = 0; r < size.length; r++) {
            ringMembers[r] = new int[size[r]];
            size[r] = 0;
        }
        for (int q = 0; q < topology.channels() * vcs; q++) {
            int r = ringOf(q);
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

    /** The VCs {@code 0..ringVcs()-1} that form rings: all of them unless the routing has escape VCs. */
    public int ringVcs() {
        return ringVcs;
    }

    /** The directional ring of a queue, or -1 (also for the adaptive VCs above {@link #ringVcs}). */
    public int ringOf(int queue) {
        return queueRing[queue];
    }

    public int rings() {
        return topology.rings();
    }

    /**
     * Each queue's upstream queue in its directional ring: the queue of the same VC on the
     * channel of the same ring that ends where this queue's channel starts; -1 for queues
     * outside rings. Where a critical mark drifts to ({@link flowproof.rule.FlowControlRule#drifts}),
     * for the explorer, the simulator and the prover alike. A new array on every call.
     */
    public int[] ringUpstream() {
        int queues = queues();
        int[] up = new int[queues];
        java.util.Arrays.fill(up, -1);
        for (int q = 0; q < queues; q++) {
            int r = ringOf(q);
            if (r < 0) {
                continue;
            }
            int c = channelOf(q);
            for (int u = 0; u < topology.channels(); u++) {
                int uq = queue(u, vcOf(q));
                if (topology.target(u) == topology.source(c) && ringOf(uq) == r) {
                    up[q] = uq;
                }
            }
        }
        return up;
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
