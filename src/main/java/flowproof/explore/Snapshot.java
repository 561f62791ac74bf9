package flowproof.explore;

import java.util.Arrays;

/**
 * An unpacked state: the destinations in every queue (head first) and the critical marks
 * b(q) of every queue. Used for pictures, counterexample files and replay; never on the
 * search's hot path.
 */
public record Snapshot(int[][] packets, int[] marks) {

    public int packetCount() {
        int n = 0;
        for (int[] q : packets) {
            n += q.length;
        }
        return n;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Snapshot s && Arrays.deepEquals(packets, s.packets) && Arrays.equals(marks, s.marks);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(packets) * 31 + Arrays.hashCode(marks);
    }

    @Override
    public String toString() {
        return "Snapshot" + Arrays.deepToString(packets) + " marks " + Arrays.toString(marks);
    }
}
