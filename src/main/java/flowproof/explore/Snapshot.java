package flowproof.explore;

import java.util.Arrays;

/**
 * An unpacked state: the destinations in every queue (head first), the critical marks
 * b(q) of every queue, and the destinations waiting in every node's injection queue (head
 * first; no rows when the model has no injection queues). Used for pictures,
 * counterexample files and replay; never on the search's hot path.
 *
 * <p>Under wormhole ({@link Wormhole}) {@code packets[q]} lists one header per flit (front
 * first), {@code sources[v]} one destination per flit node v still has to inject, and
 * {@code flits[q]} = {header the VC is allocated to or -1, the queue the packet's head went
 * on to or -1, 1 if the front flit is the head, 1 if the tail has entered}; {@code flits}
 * is null for packet-level models.
 *
 * <p>With message classes ({@link flowproof.routing.MessageRouting}, L classes),
 * {@code endpoints[node * 2(L-1) + k]} lists an endpoint queue (head first): for
 * {@code k < L-1} the input queue of class k (each entry the node its answer goes to), else the
 * output queue of class {@code k - (L-1) + 1} (each entry the message's destination). Empty
 * (no rows) without message classes.
 */
public record Snapshot(int[][] packets, int[] marks, int[][] sources, int[][] flits, int[][] endpoints) {

    private static final int[][] NONE = new int[0][];

    /** A state without endpoint queues (no message classes). */
    public Snapshot(int[][] packets, int[] marks, int[][] sources, int[][] flits) {
        this(packets, marks, sources, flits, NONE);
    }

    /** A packet-level state (virtual cut-through). */
    public Snapshot(int[][] packets, int[] marks, int[][] sources) {
        this(packets, marks, sources, null);
    }

    /** A state of a model without injection queues. */
    public Snapshot(int[][] packets, int[] marks) {
        this(packets, marks, NONE);
    }

    /** Packets in the network (not counting injection queues). */
    public int packetCount() {
        int n = 0;
        for (int[] q : packets) {
            n += q.length;
        }
        return n;
    }

    /** Messages in endpoint queues. */
    public int endpointCount() {
        int n = 0;
        for (int[] q : endpoints) {
            n += q.length;
        }
        return n;
    }

    /** Packets waiting in injection queues. */
    public int waitingCount() {
        int n = 0;
        for (int[] q : sources) {
            n += q.length;
        }
        return n;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Snapshot s && Arrays.deepEquals(packets, s.packets) && Arrays.equals(marks, s.marks)
            && Arrays.deepEquals(sources, s.sources) && Arrays.deepEquals(flits, s.flits)
            && Arrays.deepEquals(endpoints, s.endpoints);
    }

    @Override
    public int hashCode() {
        return ((Arrays.deepHashCode(packets) * 31 + Arrays.hashCode(marks)) * 31 + Arrays.deepHashCode(sources)) * 31
            + Arrays.deepHashCode(flits) * 7 + Arrays.deepHashCode(endpoints);
    }

    @Override
    public String toString() {
        return "Snapshot" + Arrays.deepToString(packets) + " marks " + Arrays.toString(marks)
            + (sources.length == 0 ? "" : " sources " + Arrays.deepToString(sources))
            + (flits == null ? "" : " flits " + Arrays.deepToString(flits))
            + (endpoints.length == 0 ? "" : " endpoints " + Arrays.deepToString(endpoints));
    }
}
