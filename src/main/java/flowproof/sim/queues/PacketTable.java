package flowproof.sim.queues;

import java.util.Arrays;

/**
 * The packets of a run as ints indexing preallocated tables, with a free list; tables
 * double when full (the only allocation of a run). {@link #next} links a packet into the
 * queue that holds it (an input-port queue or a host's admittance queue).
 */
final class PacketTable {

    int[] src = new int[1 << 12];
    int[] dst = new int[1 << 12];
    /** Flits; negated once the packet is delivered (a second delivery is a bug). */
    int[] size = new int[1 << 12];
    long[] gen = new long[1 << 12];
    long[] inj = new long[1 << 12];
    /** The first cycle the packet may leave the input port it is in. */
    long[] ready = new long[1 << 12];
    /** Its number in its flow (source, destination), from 0. */
    int[] seq = new int[1 << 12];
    int[] hops = new int[1 << 12];
    int[] next = new int[1 << 12];
    boolean[] measured = new boolean[1 << 12];
    private int[] freePkts = new int[1 << 12];
    private int freeCount;
    private int nextPkt;

    /** A new packet, created in cycle {@code now}, number {@code seq} of its flow. */
    int create(int source, int destination, int flits, long now, int number, boolean measure) {
        int k;
        if (freeCount > 0) {
            k = freePkts[--freeCount];
        } else {
            if (nextPkt == src.length) {
                grow();
            }
            k = nextPkt++;
        }
        src[k] = source;
        dst[k] = destination;
        size[k] = flits;
        gen[k] = now;
        inj[k] = -1;
        ready[k] = 0;
        hops[k] = 0;
        seq[k] = number;
        measured[k] = measure;
        return k;
    }

    /** Frees delivered packet k. */
    void free(int k) {
        size[k] = -size[k];
        freePkts[freeCount++] = k;
    }

    /** Whether packet a was created before b (ties: the lower index). */
    boolean older(int a, int b) {
        return gen[a] < gen[b] || (gen[a] == gen[b] && a < b);
    }

    private void grow() {
        int n = src.length * 2;
        src = Arrays.copyOf(src, n);
        dst = Arrays.copyOf(dst, n);
        size = Arrays.copyOf(size, n);
        gen = Arrays.copyOf(gen, n);
        inj = Arrays.copyOf(inj, n);
        ready = Arrays.copyOf(ready, n);
        seq = Arrays.copyOf(seq, n);
        hops = Arrays.copyOf(hops, n);
        next = Arrays.copyOf(next, n);
        measured = Arrays.copyOf(measured, n);
        freePkts = Arrays.copyOf(freePkts, n);
    }
}
