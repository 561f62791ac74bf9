package flowproof.sim;

/**
 * The channels between routers and their credit channels, as latency queues: a wheel of
 * {@code wheel} slots, slot {@code cycle % wheel} listing what arrives in that cycle, the
 * flits (each its input VC, packet and flit field, three ints side by side) and the credits
 * (each the queue it returns to) apart. Every latency is below {@code wheel}, so a send never
 * wraps onto the slot being read; a channel carries at most one flit per arrival cycle, so a
 * slot lists at most {@code channels} flits, and at most {@code creditLanes} credits (one per
 * channel, or {@code input-speedup} per channel: an input port that sends several flits a
 * cycle returns as many credits, as BookSim's one credit message with several VCs).
 *
 * <p>A cycle reads only what arrives in it ({@link #flitsArriving}, {@link #creditsArriving}),
 * never a channel with nothing on it. An arrival touches only its own queue (a buffer, or its
 * upstream credits), so the order of a slot's lists does not matter.
 */
final class Links {

    /** Slots: the longest latency plus two. */
    final int wheel;
    private final int channels;
    /** Per slot, from {@code 3 * channels * slot}: the arriving flits' input VC, packet and flit field ({@link Buffers#TAIL} marks the last). */
    final int[] flits;
    private final int[] flitCount;
    /** Per slot, from {@code creditLanes * slot}: the queues whose credits arrive. */
    final int[] credits;
    private final int creditLanes;
    private final int[] creditCount;
    /** The slot of the current cycle ({@link #turn}). */
    private int now;

    Links(int channels, int longestLatency) {
        this(channels, channels, longestLatency);
    }

    /** Links for {@code channels} channels whose credit channels carry up to {@code creditLanes} credits a cycle in all. */
    Links(int channels, int creditLanes, int longestLatency) {
        this.channels = channels;
        this.creditLanes = creditLanes;
        this.wheel = longestLatency + 2;
        flits = new int[3 * channels * wheel];
        flitCount = new int[wheel];
        credits = new int[creditLanes * wheel];
        creditCount = new int[wheel];
    }

    /** Starts cycle {@code cycle}: its slot is read and sends are timed from it (one division a cycle). */
    void turn(long cycle) {
        now = (int) (cycle % wheel);
    }

    /** How many flits arrive this cycle, listed in {@link #flits} from {@link #flitStart}; the list is then emptied. */
    int flitsArriving() {
        int n = flitCount[now];
        flitCount[now] = 0;
        return n;
    }

    /** Where this cycle's flits start in {@link #flits}. */
    int flitStart() {
        return 3 * channels * now;
    }

    /** How many credits arrive this cycle, listed in {@link #credits} from {@link #creditStart}; the list is then emptied. */
    int creditsArriving() {
        int n = creditCount[now];
        creditCount[now] = 0;
        return n;
    }

    /** Where this cycle's credits start in {@link #credits}. */
    int creditStart() {
        return creditLanes * now;
    }

    private int slotAfter(int latency) {
        // latencies are below wheel: one subtraction wraps
        int s = now + latency;
        return s >= wheel ? s - wheel : s;
    }

    /** Sends flit field {@code f} of packet {@code p} to input VC {@code iv} (a network queue), arriving {@code latency} cycles from now. */
    void sendFlit(int iv, int latency, int p, int f) {
        int s = slotAfter(latency);
        int at = 3 * (channels * s + flitCount[s]++);
        flits[at] = iv;
        flits[at + 1] = p;
        flits[at + 2] = f;
    }

    /** Sends a credit back to (the upstream router's count of) queue {@code q}, arriving {@code latency} cycles from now. */
    void sendCredit(int q, int latency) {
        int s = slotAfter(latency);
        credits[creditLanes * s + creditCount[s]++] = q;
    }
}
