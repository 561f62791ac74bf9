package flowproof.explore;

import flowproof.ConfigurationException;
import flowproof.topology.Network;

/**
 * Bit layout of a packed wormhole state ({@link Wormhole}, spec {@code flow: wormhole}).
 *
 * <p>Standard wormhole VC allocation: a VC queue is allocated to one packet from the moment
 * its head flit enters until its tail flit leaves, so a queue holds flits of at most one
 * packet, and all of them are interchangeable except the head and the tail. A queue is
 * therefore one field, from the least significant bit:
 * <pre>
 *   [ header+1 : hb ][ next+1 : nb ][ flits : cb ][ head : 1 ][ tail : 1 ]
 * </pre>
 * {@code header+1} is the header (destination, or routing state) of the packet the VC is
 * allocated to, 0 when the VC is free (then every other bit is 0 too); {@code next+1} is the
 * queue the packet's head went on to from here (0 while the head has not left: the head is
 * here, or the packet leaves the network here); {@code flits} is how many of its flits the
 * queue holds (0..C; 0 with the VC still allocated once the flits here moved on and the rest
 * have not arrived); {@code head} is 1 when the front flit is the head; {@code tail} is 1
 * when the tail flit has entered this queue (so the back flit is the tail). The VC is freed,
 * the field reset to 0, when its last flit leaves with {@code tail} set.
 *
 * <p>After the queue words come one field per node, for the packet the node is injecting:
 * <pre>
 *   [ header+1 : hb ][ queue+1 : nb ][ flits left : lb ]
 * </pre>
 * the header its head was injected with, the queue its head entered and how many flits are
 * still to inject (all 0 when the node injects nothing). Fields never straddle a word, and
 * the encoding of a configuration is unique, so two states are equal iff their words are.
 */
public final class WormholeLayout extends StateLayout {

    final int headerBits;
    final int nextBits;
    final int countBits;
    final int leftBits;
    final int queueBits;
    final int nodeBits;
    final int nodes;
    final int[] qWord;
    final int[] qShift;
    final int[] nWord;
    final int[] nShift;
    final long queueMask;
    final long nodeMask;
    final Wormhole wormhole;
    final flowproof.routing.RoutingFunction routing;

    public WormholeLayout(Model model) {
        this(model.network(), model.routing().headers(), model.wormhole(), model.routing());
    }

    private WormholeLayout(Network net, int headers, Wormhole w, flowproof.routing.RoutingFunction routing) {
        super(net.queues(), words(net, headers, w));
        this.wormhole = w;
        this.routing = routing;
        this.nodes = net.topology().nodes();
        this.headerBits = bitsFor(headers);
        this.nextBits = bitsFor(net.queues());
        this.countBits = bitsFor(w.queueFlits());
        this.leftBits = bitsFor(w.packetFlits());
        this.queueBits = headerBits + nextBits + countBits + 2;
        this.nodeBits = headerBits + nextBits + leftBits;
        this.queueMask = (1L << queueBits) - 1;
        this.nodeMask = (1L << nodeBits) - 1;
        this.qWord = new int[queues];
        this.qShift = new int[queues];
        this.nWord = new int[nodes];
        this.nShift = new int[nodes];
        int[] pos = {0, 0};
        for (int q = 0; q < queues; q++) {
            place(pos, queueBits, qWord, qShift, q);
        }
        if (pos[1] > 0) {
            pos[0]++;
            pos[1] = 0;
        }
        for (int v = 0; v < nodes; v++) {
            place(pos, nodeBits, nWord, nShift, v);
        }
    }

    private static void place(int[] pos, int bits, int[] word, int[] shift, int i) {
        if (pos[1] + bits > 64) {
            pos[0]++;
            pos[1] = 0;
        }
        word[i] = pos[0];
        shift[i] = pos[1];
        pos[1] += bits;
    }

    private static int words(Network net, int headers, Wormhole w) {
        int hb = bitsFor(headers);
        int nb = bitsFor(net.queues());
        int qb = hb + nb + bitsFor(w.queueFlits()) + 2;
        int vb = hb + nb + bitsFor(w.packetFlits());
        if (qb > 63 || vb > 63) {
            throw new ConfigurationException("capacity", "a queue that fits the explorer's 63-bit wormhole field",
                Integer.toString(w.queueFlits()));
        }
        int perWord = 64 / qb;
        int qWords = Math.max(1, (net.queues() + perWord - 1) / perWord);
        int perWordN = 64 / vb;
        int nWords = (net.topology().nodes() + perWordN - 1) / perWordN;
        return qWords + nWords;
    }

    // Queue fields.

    long queue(long[] s, int q) {
        return (s[qWord[q]] >>> qShift[q]) & queueMask;
    }

    /** The field of queue {@code q} of the state at {@code off} in {@code s}. */
    long queue(long[] s, int off, int q) {
        return (s[off + qWord[q]] >>> qShift[q]) & queueMask;
    }

    /** Sets the field of queue {@code q} of the state at {@code off}, which must be 0 before (a cleared state). */
    void orQueue(long[] s, int off, int q, long f) {
        s[off + qWord[q]] |= f << qShift[q];
    }

    void setQueue(long[] s, int q, long f) {
        int i = qWord[q];
        s[i] = (s[i] & ~(queueMask << qShift[q])) | (f << qShift[q]);
    }

    /** The header the VC is allocated to, -1 when free. */
    int header(long f) {
        return (int) (f & ((1L << headerBits) - 1)) - 1;
    }

    /** The queue the head went on to, -1 when it has not left. */
    int next(long f) {
        return (int) ((f >>> headerBits) & ((1L << nextBits) - 1)) - 1;
    }

    int flits(long f) {
        return (int) ((f >>> (headerBits + nextBits)) & ((1L << countBits) - 1));
    }

    boolean head(long f) {
        return ((f >>> (headerBits + nextBits + countBits)) & 1) != 0;
    }

    boolean tail(long f) {
        return ((f >>> (headerBits + nextBits + countBits + 1)) & 1) != 0;
    }

    long queueField(int header, int next, int flits, boolean head, boolean tail) {
        return (header + 1L) | ((next + 1L) << headerBits) | ((long) flits << (headerBits + nextBits))
            | ((head ? 1L : 0L) << (headerBits + nextBits + countBits))
            | ((tail ? 1L : 0L) << (headerBits + nextBits + countBits + 1));
    }

    // Node (injection) fields.

    long node(long[] s, int v) {
        return (s[nWord[v]] >>> nShift[v]) & nodeMask;
    }

    /** The injection field of node {@code v} of the state at {@code off} in {@code s}. */
    long node(long[] s, int off, int v) {
        return (s[off + nWord[v]] >>> nShift[v]) & nodeMask;
    }

    /** Sets the injection field of node {@code v} of the state at {@code off}, which must be 0 before. */
    void orNode(long[] s, int off, int v, long f) {
        s[off + nWord[v]] |= f << nShift[v];
    }

    void setNode(long[] s, int v, long f) {
        int i = nWord[v];
        s[i] = (s[i] & ~(nodeMask << nShift[v])) | (f << nShift[v]);
    }

    int injHeader(long f) {
        return (int) (f & ((1L << headerBits) - 1)) - 1;
    }

    int injQueue(long f) {
        return (int) ((f >>> headerBits) & ((1L << nextBits) - 1)) - 1;
    }

    int injLeft(long f) {
        return (int) (f >>> (headerBits + nextBits));
    }

    long nodeField(int header, int queue, int left) {
        return left == 0 ? 0 : (header + 1L) | ((queue + 1L) << headerBits) | ((long) left << (headerBits + nextBits));
    }

    @Override
    public long bits() {
        return (long) queues * queueBits + (long) nodes * nodeBits;
    }

    /** The empty network: every VC free, no node injecting (there are no marks under wormhole). */
    @Override
    long[] encode(int[][] packets, int[] marks) {
        for (int[] p : packets) {
            if (p.length > 0) {
                throw new IllegalArgumentException("only the empty network is encoded from packets under wormhole");
            }
        }
        return new long[words];
    }

    @Override
    Snapshot decode(long[] s, int off) {
        long[] w = java.util.Arrays.copyOfRange(s, off, off + words);
        int[][] packets = new int[queues][];
        int[][] flits = new int[queues][];
        for (int q = 0; q < queues; q++) {
            long f = queue(w, q);
            int h = header(f);
            packets[q] = new int[flits(f)];
            java.util.Arrays.fill(packets[q], h);
            flits[q] = new int[] {h, next(f), head(f) ? 1 : 0, tail(f) ? 1 : 0};
        }
        int[][] sources = new int[nodes][];
        for (int v = 0; v < nodes; v++) {
            long f = node(w, v);
            sources[v] = new int[injLeft(f)];
            if (sources[v].length > 0) {
                java.util.Arrays.fill(sources[v], routing.destinationOf(injHeader(f)));
            }
        }
        return new Snapshot(packets, new int[queues], sources, flits);
    }
}
