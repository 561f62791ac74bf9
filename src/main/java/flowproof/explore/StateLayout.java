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
 *
 * <p>With injection queues of {@code n} packets ({@link Model#injectionQueue}), words after
 * the queue words hold one field of {@code n * destBits} bits per node, laid out the same
 * way (no straddling): slot 0 is the head of the node's injection queue and holds
 * {@code destination + 1}, 0 when empty. Without injection queues there are no such words
 * and the layout is exactly the reference one.
 *
 * <p>With message classes ({@link flowproof.routing.MessageRouting}, L classes), words after
 * those hold the endpoint queues: per node, 2(L-1) fields of {@code E * nodeBits} bits (E the
 * endpoint queue size), laid out the same way: the input queues of classes 0..L-2 (each slot
 * the node the answer goes to, + 1), then the output queues of classes 1..L-1 (each slot the
 * message's destination, + 1).
 */
public class StateLayout {

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
    /** Injection queues: packets per node (0: none), field bits, and each node's word and shift. */
    final int injCapacity;
    final int injFieldBits;
    final long injFieldMask;
    final int[] injWord;
    final int[] injShift;
    /**
     * Endpoint queues of message classes (none without {@code messages}): per node
     * {@link #epPerNode} queues of {@link #epCapacity} slots of {@link #epBits} bits, each slot
     * {@code node + 1} or 0 when empty; queue {@code e = node * epPerNode + k}.
     */
    final int epPerNode;
    final int epCapacity;
    final int epBits;
    final int epFieldBits;
    final long epFieldMask;
    final long epSlotMask;
    final int[] epWord;
    final int[] epShift;

    /** The layout of a model's states ({@link WormholeLayout} under wormhole). */
    public static StateLayout of(Model model) {
        if (model.wormhole() != null) {
            return new WormholeLayout(model);
        }
        return new StateLayout(model.network(), model.rule().marksPerRing() > 0, model.routing().headers(),
            model.injectionQueue(), model.messages());
    }

    /** A layout for packets labelled by destination alone. */
    public StateLayout(Network network, boolean marks) {
        this(network, marks, network.topology().nodes());
    }

    /** @param headers the number of distinct packet headers (routing state), see {@link flowproof.routing.RoutingFunction#headers} */
    public StateLayout(Network network, boolean marks, int headers) {
        this(network, marks, headers, 0);
    }

    /** @param injection packets per node's injection queue (0: none) */
    public StateLayout(Network network, boolean marks, int headers, int injection) {
        this(network, marks, headers, injection, null);
    }

    /**
     * @param injection packets per node's injection queue (0: none)
     * @param messages  the model's message classes, whose endpoint queues the state holds (null: none)
     */
    public StateLayout(Network network, boolean marks, int headers, int injection,
                       flowproof.routing.MessageRouting messages) {
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
        int queueWords = queues == 0 ? 1 : w + 1;
        int nodes = network.topology().nodes();
        this.injCapacity = injection;
        this.injFieldBits = injection * destBits;
        if (injFieldBits > 64) {
            throw new ConfigurationException("injection-queue", "at most " + (64 / destBits)
                + " packets per injection queue for the explorer on " + headers + " packet headers",
                Integer.toString(injection));
        }
        this.injFieldMask = injFieldBits == 64 ? -1L : (1L << injFieldBits) - 1;
        this.injWord = new int[injection == 0 ? 0 : nodes];
        this.injShift = new int[injWord.length];
        w = queueWords;
        used = 0;
        for (int v = 0; v < injWord.length; v++) {
            if (used + injFieldBits > 64) {
                w++;
                used = 0;
            }
            injWord[v] = w;
            injShift[v] = used;
            used += injFieldBits;
        }
        int afterInj = injWord.length == 0 ? queueWords : w + 1;
        if (messages == null) {
            this.epPerNode = 0;
            this.epCapacity = 0;
            this.epBits = 1;
            this.epFieldBits = 0;
            this.epFieldMask = 0;
            this.epSlotMask = 1;
            this.epWord = new int[0];
            this.epShift = new int[0];
            this.words = afterInj;
            return;
        }
        this.epPerNode = 2 * (messages.classes() - 1);
        this.epCapacity = messages.endpointQueue();
        this.epBits = bitsFor(nodes);
        long epField = (long) epCapacity * epBits;
        if (epField > 64) {
            throw new ConfigurationException("messages.endpoint-queue", "at most " + (64 / epBits)
                + " messages per endpoint queue for the explorer on " + nodes + " nodes", Integer.toString(epCapacity));
        }
        this.epFieldBits = (int) epField;
        this.epFieldMask = epFieldBits == 64 ? -1L : (1L << epFieldBits) - 1;
        this.epSlotMask = (1L << epBits) - 1;
        this.epWord = new int[nodes * epPerNode];
        this.epShift = new int[epWord.length];
        w = afterInj;
        used = 0;
        for (int e = 0; e < epWord.length; e++) {
            if (used + epFieldBits > 64) {
                w++;
                used = 0;
            }
            epWord[e] = w;
            epShift[e] = used;
            used += epFieldBits;
        }
        this.words = w + 1;
    }

    /**
     * For subclasses with their own encoding ({@link WormholeLayout}): {@code words} per state
     * and no packet slots, marks or injection queues of the reference layout.
     */
    StateLayout(int queues, int words) {
        this.queues = queues;
        this.capacity = 0;
        this.destBits = 1;
        this.markBits = 0;
        this.fieldBits = 0;
        this.fieldMask = 0;
        this.destMask = 1;
        this.markMask = 0;
        this.words = words;
        this.word = new int[0];
        this.shift = new int[0];
        this.injCapacity = 0;
        this.injFieldBits = 0;
        this.injFieldMask = 0;
        this.injWord = new int[0];
        this.injShift = new int[0];
        this.epPerNode = 0;
        this.epCapacity = 0;
        this.epBits = 1;
        this.epFieldBits = 0;
        this.epFieldMask = 0;
        this.epSlotMask = 1;
        this.epWord = new int[0];
        this.epShift = new int[0];
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
        return (long) queues * fieldBits + (long) injWord.length * injFieldBits + (long) epWord.length * epFieldBits;
    }

    long epField(long[] s, int off, int e) {
        return (s[off + epWord[e]] >>> epShift[e]) & epFieldMask;
    }

    void setEpField(long[] s, int off, int e, long value) {
        int i = off + epWord[e];
        s[i] = (s[i] & ~(epFieldMask << epShift[e])) | (value << epShift[e]);
    }

    /** Occupancy of an endpoint queue from its field. */
    int epOccupancy(long slots) {
        int len = 64 - Long.numberOfLeadingZeros(slots);
        return (len + epBits - 1) / epBits;
    }

    /** Packets per injection queue (0: the model has none). */
    public int injectionCapacity() {
        return injCapacity;
    }

    long injField(long[] s, int off, int node) {
        return (s[off + injWord[node]] >>> injShift[node]) & injFieldMask;
    }

    void setInjField(long[] s, int off, int node, long value) {
        int i = off + injWord[node];
        s[i] = (s[i] & ~(injFieldMask << injShift[node])) | (value << injShift[node]);
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
        int[][] sources = new int[injWord.length][];
        for (int v = 0; v < injWord.length; v++) {
            long slots = injField(s, off, v);
            int occ = occupancy(slots);
            sources[v] = new int[occ];
            for (int i = 0; i < occ; i++) {
                sources[v][i] = (int) ((slots >>> (i * destBits)) & destMask) - 1;
            }
        }
        if (epWord.length == 0) {
            return new Snapshot(packets, marks, sources);
        }
        int[][] endpoints = new int[epWord.length][];
        for (int e = 0; e < epWord.length; e++) {
            long slots = epField(s, off, e);
            int occ = epOccupancy(slots);
            endpoints[e] = new int[occ];
            for (int i = 0; i < occ; i++) {
                endpoints[e][i] = (int) ((slots >>> (i * epBits)) & epSlotMask) - 1;
            }
        }
        return new Snapshot(packets, marks, sources, null, endpoints);
    }
}
