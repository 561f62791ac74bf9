package flowproof.sim;

import java.util.Arrays;

/**
 * The packet table: every packet in a source queue or in the network is an int indexing
 * these arrays, and a delivered packet's record is reused (its size negated until then, so
 * observers still read it). The table grows by doubling; it holds at most the stored source
 * queues plus what the buffers hold, whatever the run length.
 */
final class Packets {

    int[] src;
    int[] dst;
    /** The routing header the packet carries (-1 until its route is first computed). */
    int[] header;
    int[] size;
    /** Cycles created and injected (the head entering the injection buffer; -1 before). */
    long[] gen;
    long[] inj;
    /** Cycles its head waited beyond the pipeline where it entered a dimension. */
    int[] access;
    int[] delivered;
    int[] hops;
    /** Created in the measurement window: its latency is sampled. */
    boolean[] measured;
    /** Message class (null without message classes). */
    int[] msg;
    /** Traffic class, congestion mark and a control packet's payload (null without a router control). */
    byte[] cls;
    boolean[] mark;
    int[] info;
    private int[] free;
    private int freeCount;
    private int next;

    Packets(int initial, boolean messages, boolean classed) {
        src = new int[initial];
        dst = new int[initial];
        header = new int[initial];
        size = new int[initial];
        gen = new long[initial];
        inj = new long[initial];
        access = new int[initial];
        delivered = new int[initial];
        hops = new int[initial];
        measured = new boolean[initial];
        msg = messages ? new int[initial] : null;
        if (classed) {
            cls = new byte[initial];
            mark = new boolean[initial];
            info = new int[initial];
        }
        free = new int[initial];
    }

    /** Records allocated so far: the most packets that ever existed at once. */
    int records() {
        return next;
    }

    /** A new packet record created in cycle {@code created}. */
    int create(int source, int destination, int flits, long created, boolean measure) {
        int p;
        if (freeCount > 0) {
            p = free[--freeCount];
        } else {
            if (next == src.length) {
                grow();
            }
            p = next++;
        }
        src[p] = source;
        dst[p] = destination;
        header[p] = -1;
        size[p] = flits;
        gen[p] = created;
        inj[p] = -1;
        access[p] = 0;
        delivered[p] = 0;
        hops[p] = 0;
        measured[p] = measure;
        if (msg != null) {
            msg[p] = 0;
        }
        if (cls != null) {
            cls[p] = 0;
            mark[p] = false;
            info[p] = 0;
        }
        return p;
    }

    /** Packet {@code p} was delivered: its record may be reused. */
    void release(int p) {
        size[p] = -size[p];
        free[freeCount++] = p;
    }

    private void grow() {
        int n = src.length * 2;
        src = Arrays.copyOf(src, n);
        dst = Arrays.copyOf(dst, n);
        header = Arrays.copyOf(header, n);
        size = Arrays.copyOf(size, n);
        gen = Arrays.copyOf(gen, n);
        inj = Arrays.copyOf(inj, n);
        access = Arrays.copyOf(access, n);
        delivered = Arrays.copyOf(delivered, n);
        hops = Arrays.copyOf(hops, n);
        measured = Arrays.copyOf(measured, n);
        if (msg != null) {
            msg = Arrays.copyOf(msg, n);
        }
        free = Arrays.copyOf(free, n);
        if (cls != null) {
            cls = Arrays.copyOf(cls, n);
            mark = Arrays.copyOf(mark, n);
            info = Arrays.copyOf(info, n);
        }
    }
}
