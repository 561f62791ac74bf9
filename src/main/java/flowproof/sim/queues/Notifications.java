package flowproof.sim.queues;

/**
 * CAM-line notifications in flight from input ports to the output ports feeding them: Stop
 * (with the line), Go and release. All take the same latency, so they form one FIFO, a ring
 * of parallel arrays that doubles when full.
 */
final class Notifications {

    static final int GO = 0;
    static final int STOP = 1;
    static final int RELEASE = 2;

    private final int words;
    private long[] time = new long[64];
    /** The input port (channel) that sent it: the output port it reaches feeds that channel. */
    int[] channel = new int[64];
    int[] root = new int[64];
    int[] hops = new int[64];
    /** GO, STOP or RELEASE. */
    int[] kind = new int[64];
    /** The line's destination list, {@code words} longs per notification. */
    long[] dest;
    private int head;
    private int count;

    /** A FIFO of notifications whose destination lists are {@code words} longs long. */
    Notifications(int words) {
        this.words = words;
        this.dest = new long[64 * words];
    }

    /** Queues a notification due at cycle {@code at}, copying the list at {@code list[from..]}. */
    void send(long at, int fromChannel, int lineRoot, int lineHops, int what, long[] list, int from) {
        if (count == time.length) {
            grow();
        }
        int m = (head + count) % time.length;
        time[m] = at;
        channel[m] = fromChannel;
        root[m] = lineRoot;
        hops[m] = lineHops;
        kind[m] = what;
        System.arraycopy(list, from, dest, m * words, words);
        count++;
    }

    /** The slot of the oldest notification due by {@code now}, taken off the FIFO, or -1. */
    int take(long now) {
        if (count == 0 || time[head] > now) {
            return -1;
        }
        int m = head;
        head = (head + 1) % time.length;
        count--;
        return m;
    }

    private void grow() {
        int n = time.length * 2;
        long[] t = new long[n];
        int[] ch = new int[n];
        int[] ro = new int[n];
        int[] ho = new int[n];
        int[] st = new int[n];
        long[] de = new long[n * words];
        for (int j = 0; j < count; j++) {
            int from = (head + j) % time.length;
            t[j] = time[from];
            ch[j] = channel[from];
            ro[j] = root[from];
            ho[j] = hops[from];
            st[j] = kind[from];
            System.arraycopy(dest, from * words, de, j * words, words);
        }
        time = t;
        channel = ch;
        root = ro;
        hops = ho;
        kind = st;
        dest = de;
        head = 0;
    }
}
