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
 * @param worms    under wormhole switching, the packets as worms (then {@code packets} holds, per
 *                 queue, one entry per flit of the worm the VC is allocated to); null for whole packets
 */
public record Witness(int[][] packets, int[] marks, int[][] waitsOn, List<int[]> injections, List<int[]> forwards,
                      List<Worm> worms) {

    /** A deadlock configuration of whole packets. */
    public Witness(int[][] packets, int[] marks, int[][] waitsOn, List<int[]> injections, List<int[]> forwards) {
        this(packets, marks, waitsOn, injections, forwards, null);
    }

    /**
     * One packet of a wormhole deadlock configuration: the queues it holds, tail end first, the
     * header it has in each and its flits there (every queue but the first full), and how it
     * got there: the node that injected it with the header it injected, and the queues its head
     * crossed before the first one it still holds (with the header in each).
     *
     * @param left flits the source still has to inject (0: the tail is in the first queue)
     */
    public record Worm(int[] queues, int[] headers, int[] flits, int source, int sourceHeader, int left,
                       int[] before, int[] beforeHeaders) {

        /** The queue the head waits in. */
        public int headQueue() {
            return queues[queues.length - 1];
        }
    }

    /** The packets: worms under wormhole switching, else packets in queues. */
    public int packetCount() {
        if (worms != null) {
            return worms.size();
        }
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
