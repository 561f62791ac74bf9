package flowproof.solve;

import java.util.List;

/**
 * A deadlock configuration found by CP-SAT: a state that satisfies the rule's invariants
 * in which every head packet waits, made concrete.
 *
 * @param packets  per queue, the packets' headers, head first (each head has a header of the
 *                 class CP-SAT chose; the packets behind it repeat the head's header, one
 *                 reachable choice among many)
 * @param marks    per queue, its critical marks (all 0 for rules without marks)
 * @param waitsOn  per queue, the queues its head asks for and the rule refuses (empty for empty queues)
 * @param injections the moves that bring every packet of the witness in along a shortest route:
 *                 {source, header, first queue}
 * @param forwards the forward moves along those routes: {from queue, header there, to queue}
 */
public record Witness(int[][] packets, int[] marks, int[][] waitsOn, List<int[]> injections, List<int[]> forwards) {

    public int packetCount() {
        int n = 0;
        for (int[] q : packets) {
            n += q.length;
        }
        return n;
    }

    /** The queues that hold packets, in queue order. */
    public int[] queuesInvolved() {
        return java.util.stream.IntStream.range(0, packets.length)
            .filter(q -> packets[q].length > 0).toArray();
    }
}
