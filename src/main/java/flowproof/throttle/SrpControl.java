package flowproof.throttle;

import flowproof.sim.control.RouterControl;
import java.util.List;

/**
 * One run's {@link Srp} state: per flow (source x destination) its reservation, per
 * destination the cycle its ejection channel is reserved up to. Control packets carry a
 * request as its flits (positive) and a grant as {@code -(cycle + 1)} (negative).
 *
 * <p>A flow whose packets come with message sizes ({@link #generated(int, int, int, int)})
 * keeps its messages in order: the head message, when shorter than {@code message} packets,
 * leaves unreserved on the normal VCs; otherwise it is reserved whole (one request for all
 * its packets) and sent as any reservation. A flow without message sizes reserves its next
 * {@code min(message, queued)} packets, as before message sizes existed.
 */
public final class SrpControl implements RouterControl {

    private static final byte IDLE = 0;
    private static final byte REQUESTED = 1;
    private static final byte GRANTED = 2;

    private final Srp s;
    private final int n;
    private Port port;
    private long now;

    // sources, per flow t * n + d
    private final int[] queued;
    private final int[] size;
    private final byte[] state;
    private final int[] reservedLeft;
    private final int[] speculativeLeft;
    private final long[] grantAt;
    private int waiting;
    /**
     * Message-sized flows: per flow a ring of its messages, oldest first, each as its packets
     * still to leave, negative when the message is unreserved (null: the flow has no message sizes).
     */
    private final int[][] messages;
    private final int[] messageHead;
    private final int[] messageCount;
    /** Packets of the flow's newest message still to be generated. */
    private final int[] openLeft;

    // destinations
    private final long[] reservedUntil;

    private long requests;
    private long speculative;
    private long nonSpeculative;
    private long unreserved;
    private long requestsWindow;
    private long speculativeWindow;
    private long grantDelayWindow;
    private long grantsWindow;

    SrpControl(Srp s, int terminals) {
        this.s = s;
        this.n = terminals;
        queued = new int[n * n];
        size = new int[n * n];
        state = new byte[n * n];
        reservedLeft = new int[n * n];
        speculativeLeft = new int[n * n];
        grantAt = new long[n * n];
        messages = new int[n * n][];
        messageHead = new int[n * n];
        messageCount = new int[n * n];
        openLeft = new int[n * n];
        reservedUntil = new long[n];
    }

    @Override
    public void bind(Port p) {
        port = p;
    }

    @Override
    public int classes() {
        return 2;
    }

    @Override
    public int priority(int cls) {
        return cls == Srp.CONTROL ? 2 : cls == Srp.SPECULATIVE ? 0 : 1;
    }

    @Override
    public int controlClass() {
        return Srp.CONTROL;
    }

    @Override
    public int lookahead() {
        return s.lookahead;
    }

    @Override
    public boolean mayInject(int terminal, int destination, int sz, int[] firstQueues, int k) {
        return true;
    }

    @Override
    public void beginCycle(long cycle) {
        now = cycle;
    }

    // ---------------------------------------------------------------- sources

    @Override
    public void generated(int terminal, int destination, int sz) {
        int f = terminal * n + destination;
        queued[f]++;
        size[f] = Math.max(size[f], sz);
        if (state[f] == IDLE) {
            request(f);
        }
    }

    @Override
    public void generated(int terminal, int destination, int sz, int message) {
        if (message <= 0) {
            generated(terminal, destination, sz);
            return;
        }
        int f = terminal * n + destination;
        queued[f]++;
        size[f] = Math.max(size[f], sz);
        if (openLeft[f] > 0) {
            openLeft[f]--;
            return;
        }
        openLeft[f] = message - 1;
        push(f, message < s.message ? -message : message);
        if (messageCount[f] == 1) {
            startMessage(f);
        }
    }

    /** Appends a message to flow f's ring (grown by doubling). */
    private void push(int f, int entry) {
        int[] ring = messages[f];
        if (ring == null) {
            ring = messages[f] = new int[4];
        } else if (messageCount[f] == ring.length) {
            int[] grown = new int[ring.length * 2];
            for (int i = 0; i < ring.length; i++) {
                grown[i] = ring[(messageHead[f] + i) % ring.length];
            }
            messageHead[f] = 0;
            ring = messages[f] = grown;
        }
        ring[(messageHead[f] + messageCount[f]) % ring.length] = entry;
        messageCount[f]++;
    }

    /** Flow f's head message is new: a long one is reserved whole, a short one needs nothing. */
    private void startMessage(int f) {
        int head = messages[f][messageHead[f]];
        if (head > 0) {
            request(f, head);
        }
    }

    /** Flow f's head message has left (and, if reserved, was granted): the next becomes the head. */
    private void nextMessage(int f) {
        state[f] = IDLE;
        messageHead[f] = (messageHead[f] + 1) % messages[f].length;
        messageCount[f]--;
        if (messageCount[f] > 0) {
            startMessage(f);
        }
    }

    private boolean sized(int f) {
        return messages[f] != null && messageCount[f] > 0;
    }

    private void request(int f) {
        request(f, Math.min(s.message, queued[f]));
    }

    private void request(int f, int count) {
        state[f] = REQUESTED;
        reservedLeft[f] = count;
        speculativeLeft[f] = count;
        waiting++;
        requests++;
        requestsWindow++;
        port.send(f / n, f % n, count * size[f]);
    }

    @Override
    public int sourceClass(int terminal, int destination, int sz) {
        int f = terminal * n + destination;
        if (sized(f) && messages[f][messageHead[f]] < 0) {
            return 0;
        }
        if (state[f] == REQUESTED) {
            return speculativeLeft[f] > 0 ? Srp.SPECULATIVE : -1;
        }
        if (state[f] == GRANTED && reservedLeft[f] > 0 && now >= grantAt[f]) {
            return 0;
        }
        return -1;
    }

    @Override
    public void left(int terminal, int destination, int sz, int cls) {
        int f = terminal * n + destination;
        queued[f]--;
        if (sized(f)) {
            int[] ring = messages[f];
            int h = messageHead[f];
            if (ring[h] < 0) {
                unreserved++;
                if (++ring[h] == 0) {
                    nextMessage(f);
                }
                return;
            }
            ring[h]--;
        }
        reservedLeft[f]--;
        if (cls == Srp.SPECULATIVE) {
            speculativeLeft[f]--;
            speculative++;
            speculativeWindow++;
        } else {
            nonSpeculative++;
        }
        if (reservedLeft[f] == 0 && state[f] == GRANTED) {
            finish(f);
        }
    }

    /** The flow's reservation is used up and granted: the next message may be reserved. */
    private void finish(int f) {
        if (sized(f)) {
            nextMessage(f);
            return;
        }
        state[f] = IDLE;
        if (queued[f] > 0) {
            request(f);
        }
    }

    // ---------------------------------------------------------------- control packets

    @Override
    public void deliveredControl(int source, int destination, int payload) {
        if (payload > 0) {
            // a request at destination `destination` from source `source`
            long start = Math.max(now, reservedUntil[destination]);
            reservedUntil[destination] = start + (long) Math.ceil(payload * (1 + s.overhead));
            port.send(destination, source, (int) -(start + 1));
        } else {
            // a grant at source `destination` from destination `source`
            int f = destination * n + source;
            grantAt[f] = -(long) payload - 1;
            state[f] = GRANTED;
            waiting--;
            grantDelayWindow += Math.max(0, grantAt[f] - now);
            grantsWindow++;
            if (reservedLeft[f] == 0) {
                finish(f);
            }
        }
    }

    @Override
    public void deliveredData(int source, int destination, int sz, boolean marked) {
    }

    // ---------------------------------------------------------------- records

    @Override
    public List<String> seriesNames() {
        return List.of("reservation requests", "speculative packets", "flows waiting for a grant",
            "mean wait from grant to granted cycle");
    }

    @Override
    public void sample(double[] out) {
        out[0] = requestsWindow;
        out[1] = speculativeWindow;
        out[2] = waiting;
        out[3] = grantsWindow == 0 ? 0 : (double) grantDelayWindow / grantsWindow;
        requestsWindow = 0;
        speculativeWindow = 0;
        grantDelayWindow = 0;
        grantsWindow = 0;
    }

    /** Reservation requests sent so far. */
    public long requests() {
        return requests;
    }

    /** Data packets that left their source speculatively so far. */
    public long speculativePackets() {
        return speculative;
    }

    /** Data packets of messages shorter than {@code message} packets, which left unreserved, so far. */
    public long unreservedPackets() {
        return unreserved;
    }

    /** Data packets that left their source under a granted reservation so far. */
    public long nonSpeculativePackets() {
        return nonSpeculative;
    }

    /** The cycle destination {@code d}'s ejection channel is reserved up to. */
    public long reservedUntil(int d) {
        return reservedUntil[d];
    }
}
