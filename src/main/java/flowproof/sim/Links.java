package flowproof.sim;

import java.util.Arrays;

/**
 * The channels between routers and their credit channels, as latency queues: per channel a
 * wheel of {@code wheel} slots, slot {@code cycle % wheel} holding what arrives in that
 * cycle: at most one flit (its packet, flit index and VC) going downstream and one credit
 * (its VC) going back upstream. Every latency is below {@code wheel}, so a send never wraps
 * onto the slot being read.
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
    /** Per (channel, slot): the arriving flit's packet (-1: none), flit index and VC, and the returning credit's VC (-1: none). */
    final int[] pkt;
    final int[] flit;
    final int[] vc;
    final int[] credit;
    private final int[] listed;
    private final int[] list;
    /** The slot of the current cycle ({@link #turn}). */
    private int now;

    Links(int channels, int longestLatency) {
        this.channels = channels;
        this.wheel = longestLatency + 2;
        pkt = new int[channels * wheel];
        flit = new int[channels * wheel];
        vc = new int[channels * wheel];
        credit = new int[channels * wheel];
        Arrays.fill(pkt, -1);
        Arrays.fill(credit, -1);
        listed = new int[wheel];
        list = new int[wheel * channels];
    }

    /** Starts cycle {@code cycle}: its slot is read and sends are timed from it (one division a cycle). */
    void turn(long cycle) {
        now = (int) (cycle % wheel);
    }

    /** The slot of this cycle; channel {@code c}'s entry of it is at {@code c * wheel + slot}. */
    int slot() {
        return now;
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
        int at = c * wheel + s;
        if (pkt[at] < 0 && credit[at] < 0) {
            list[s * channels + listed[s]++] = c;
        }
        return at;
    }

    /** Sends flit {@code f} of packet {@code p} on channel {@code c}, VC {@code v}, arriving {@code latency} cycles from now. */
    void sendFlit(int c, int latency, int p, int f, int v) {
        int at = entry(c, slotAfter(latency));
        pkt[at] = p;
        flit[at] = f;
        vc[at] = v;
    }

    /** Sends a credit for VC {@code v} back up channel {@code c}, arriving {@code latency} cycles from now. */
    void sendCredit(int c, int latency, int v) {
        credit[entry(c, slotAfter(latency))] = v;
    }
}
