package flowproof.explore;

import java.util.Arrays;

/**
 * An unpacked state: the destinations in every queue (head first), the critical marks
 * b(q) of every queue, and the destinations waiting in every node's injection queue (head
 * first; no rows when the model has no injection queues). Used for pictures,
 * counterexample files and replay; never on the search's hot path.
 */
public record Snapshot(int[][] packets, int[] marks, int[][] sources) {

    private static final int[][] NONE = new int[0][];

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
            && Arrays.deepEquals(sources, s.sources);
    }

    @Override
    public int hashCode() {
        return (Arrays.deepHashCode(packets) * 31 + Arrays.hashCode(marks)) * 31 + Arrays.deepHashCode(sources);
    }

    @Override
    public String toString() {
        return "Snapshot" + Arrays.deepToString(packets) + " marks " + Arrays.toString(marks)
            + (sources.length == 0 ? "" : " sources " + Arrays.deepToString(sources));
    }
}
