package flowproof.sim;

import java.util.Arrays;

/**
 * The channels between routers and their credit channels, as latency queues: per channel a
 * wheel of {@code wheel} slots, slot {@code cycle % wheel} holding what arrives in that
 * cycle: at most one flit (its packet, flit index and VC) going downstream and one credit
 * (its VC) going back upstream. Every latency is below {@code wheel}, so a send never wraps
 * onto the slot being read. The four ints of an entry sit side by side in {@link #slots}
 * (one cache line for what an arrival reads and clears).
 *
 * <p>So that a cycle visits only the channels with something arriving, each slot also lists
 * them: {@link #sendFlit} and {@link #sendCredit} add the channel the first time its slot
 * gets something, and {@link #arriving} hands the list to the simulator and empties it. An
 * arrival touches only its own queue (a buffer and its upstream credits), so the order of
 * the list does not matter.
 */
final class Links {

    /** Slots per channel: the longest latency plus two. */
    final int wheel;
    private final int channels;
    /**
     * Per (channel, slot), at {@code 4 * (channel * wheel + slot)}: the arriving flit's packet
     * (-1: none), flit field (its index, the tail marked as in {@link Buffers#TAIL}) and VC,
     * and the returning credit's VC (-1: none).
     */
    final int[] slots;
    private final int[] listed;
    private final int[] list;
    /** The slot of the current cycle ({@link #turn}). */
    private int now;

    Links(int channels, int longestLatency) {
        this.channels = channels;
        this.wheel = longestLatency + 2;
        slots = new int[4 * channels * wheel];
        Arrays.fill(slots, -1);
        listed = new int[wheel];
        list = new int[wheel * channels];
    }

    /** Starts cycle {@code cycle}: its slot is read and sends are timed from it (one division a cycle). */
    void turn(long cycle) {
        now = (int) (cycle % wheel);
    }

    /** The slot of this cycle. */
    int slot() {
        return now;
    }

    /** Where channel {@code c}'s entry of this cycle's slot is in {@link #slots}. */
    int entryOf(int c) {
        return (c * wheel + now) << 2;
    }

    /** The packet of the flit arriving at entry {@code at} (-1: none), its flit field and VC. */
    int packet(int at) {
        return slots[at];
    }

    int flit(int at) {
        return slots[at + 1];
    }

    int vc(int at) {
        return slots[at + 2];
    }

    /** The VC of the credit arriving at entry {@code at} (-1: none). */
    int credit(int at) {
        return slots[at + 3];
    }

    /** Empties entry {@code at} once read. */
    void clear(int at) {
        slots[at] = -1;
        slots[at + 3] = -1;
    }

    /** How many channels have something arriving this cycle, listed from {@link #listStart}; the list is then emptied. */
    int arriving() {
        int n = listed[now];
        listed[now] = 0;
        return n;
    }

    /** Where this cycle's list of channels starts in {@link #listed(int)}. */
    int listStart() {
        return now * channels;
    }

    /** The channel at position {@code i} of the lists. */
    int listed(int i) {
        return list[i];
    }

    private int slotAfter(int latency) {
        // latencies are below wheel: one subtraction wraps
        int s = now + latency;
        return s >= wheel ? s - wheel : s;
    }

    private int entry(int c, int s) {
        int at = (c * wheel + s) << 2;
        if (slots[at] < 0 && slots[at + 3] < 0) {
            list[s * channels + listed[s]++] = c;
        }
        return at;
    }

    /** Sends flit {@code f} of packet {@code p} on channel {@code c}, VC {@code v}, arriving {@code latency} cycles from now. */
    void sendFlit(int c, int latency, int p, int f, int v) {
        int at = entry(c, slotAfter(latency));
        slots[at] = p;
        slots[at + 1] = f;
        slots[at + 2] = v;
    }

    /** Sends a credit for VC {@code v} back up channel {@code c}, arriving {@code latency} cycles from now. */
    void sendCredit(int c, int latency, int v) {
        slots[entry(c, slotAfter(latency)) + 3] = v;
    }
}
