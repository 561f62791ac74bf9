package flowproof.explore;

import flowproof.ConfigurationException;
import flowproof.topology.Network;

/**
 * Bit layout of a packed state: a fixed number of {@code long} words per configuration.
 *
 * <p>Every queue owns one field of {@link #fieldBits} bits, and fields never straddle a
 * word: queue fields are laid out in queue order, starting a new word when the next field
 * does not fit. Inside a field, from the least significant bit:
 * <pre>
 *   [ marks : markBits ][ slot 0 (head) : destBits ][ slot 1 ] ... [ slot C-1 (tail) ]
 * </pre>
 * A slot holds {@code header + 1} (the packet's destination, or its routing header), or 0 when empty; occupied slots are always a
 * prefix, so every state has exactly one encoding and two states are equal iff their
 * words are equal. {@code marks} is the number of critical marks b(q) of the queue
 * (0 bits when the rule keeps no marks).
 */
public final class StateLayout {

    final int queues;
    final int capacity;
    final int destBits;
    final int markBits;
    final int fieldBits;
    final long fieldMask;
    final long destMask;
    final long markMask;
    final int words;
    final int[] word;
    final int[] shift;

    /** A layout for packets labelled by destination alone. */
    public StateLayout(Network network, boolean marks) {
        this(network, marks, network.topology().nodes());
    }

    /** @param headers the number of distinct packet headers (routing state), see {@link flowproof.routing.RoutingFunction#headers} */
    public StateLayout(Network network, boolean marks, int headers) {
        this.queues = network.queues();
        this.capacity = network.capacity();
        this.destBits = bitsFor(headers);
        this.markBits = marks ? bitsFor(capacity) : 0;
        long bits = (long) capacity * destBits + markBits;
        if (bits > 64) {
            throw new ConfigurationException("capacity",
                "at most " + ((64 - markBits) / destBits) + " packets per queue for the explorer on "
                    + headers + " packet headers",
                Integer.toString(capacity));
        }
        this.fieldBits = (int) bits;
        this.fieldMask = fieldBits == 64 ? -1L : (1L << fieldBits) - 1;
        this.destMask = (1L << destBits) - 1;
        this.markMask = (1L << markBits) - 1;
        this.word = new int[queues];
        this.shift = new int[queues];
        int w = 0;
        int used = 0;
        for (int q = 0; q < queues; q++) {
            if (used + fieldBits > 64) {
                w++;
                used = 0;
            }
            word[q] = w;
            shift[q] = used;
            used += fieldBits;
        }
        this.words = queues == 0 ? 1 : w + 1;
    }

    /** Bits to hold the values 0..max. */
    static int bitsFor(int max) {
        return Math.max(1, 32 - Integer.numberOfLeadingZeros(max));
    }

    /** Words of a packed state. */
    public int words() {
        return words;
    }

    /** Bits of information in a packed state (the fields, without padding). */
    public long bits() {
        return (long) queues * fieldBits;
    }

    long field(long[] s, int off, int q) {
        return (s[off + word[q]] >>> shift[q]) & fieldMask;
    }

    void setField(long[] s, int off, int q, long value) {
        int i = off + word[q];
        s[i] = (s[i] & ~(fieldMask << shift[q])) | (value << shift[q]);
    }

    /** Occupancy of a queue from its field's slot bits. */
    int occupancy(long slots) {
        int len = 64 - Long.numberOfLeadingZeros(slots);
        return (len + destBits - 1) / destBits;
    }

    /** Packs queue contents (head first) and marks into words. */
    long[] encode(int[][] packets, int[] marks) {
        long[] s = new long[words];
        for (int q = 0; q < queues; q++) {
            long slots = 0;
            for (int i = 0; i < packets[q].length; i++) {
                slots |= (long) (packets[q][i] + 1) << (i * destBits);
            }
            setField(s, 0, q, (slots << markBits) | (marks == null ? 0 : marks[q]));
        }
        return s;
    }

    /** Unpacks a state into a {@link Snapshot}. */
    Snapshot decode(long[] s, int off) {
        int[][] packets = new int[queues][];
        int[] marks = new int[queues];
        for (int q = 0; q < queues; q++) {
            long f = field(s, off, q);
            marks[q] = (int) (f & markMask);
            long slots = f >>> markBits;
            int occ = occupancy(slots);
            packets[q] = new int[occ];
            for (int i = 0; i < occ; i++) {
                packets[q][i] = (int) ((slots >>> (i * destBits)) & destMask) - 1;
            }
        }
        return new Snapshot(packets, marks);
    }
}
