package flowproof.sim.queues;

import flowproof.sim.SimulationError;
import flowproof.topology.Topology;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Input ports with CAM lines and congested-flow queues, the machinery FBICM ({@link FbicmPorts})
 * and RECN-IQ ({@link RecnPorts}) share: queue 0 of a port is the non-congested (standard)
 * queue, queue 1+i the congested-flow (set-aside) queue of input CAM line i; detection,
 * post-processing, internal Stop, Stop/Go propagation and freeing, and the output CAM lines
 * the notifications keep. Only what a line holds differs: a subclass says whether a line
 * lists a destination ({@link #inHolds}, {@link #outHolds}) and what detection adds to it
 * ({@link #detected}). The modelling choices are written in {@link FbicmPorts}. All queues
 * share the RAM's credits.
 */
abstract class CamPorts implements PortOrganisation {

    final Fabric fabric;
    final int lines;
    final int words;
    private final Topology topo;
    private final PacketTable packets;
    private final PortQueues queues;
    private final int terminals;
    private final int cfqLimit;
    private final boolean linePerDestination;
    private final int creditLat;

    // input lines per input port, output lines per output channel
    private final boolean[] inActive;
    final int[] inRoot;
    private final int[] inHops;
    private final int[] inLink;
    private final boolean[] inSentStop;
    /** Whether input line l has sent Stop since it was allocated: an upstream output line may copy it. */
    private final boolean[] inCopied;
    final long[] inDest;
    private final boolean[] outActive;
    private final boolean[] outStop;
    final int[] outRoot;
    private final int[] outHops;
    final long[] outDest;
    /** Per port and destination: packets in a CFQ (and which), and in the NFQ. */
    private final int[] cfqCnt;
    private final int[] cfqOf;
    private final int[] nfqCnt;
    private final int detection;
    private final int stopAt;
    private final int goAt;
    private long droppedStops;
    private final Notifications msgs;
    private long now;

    CamPorts(InputQueueing setup, Fabric fabric, PacketTable packets, int creditLatency) {
        this.fabric = fabric;
        this.topo = fabric.topo;
        this.packets = packets;
        this.terminals = fabric.terminals;
        this.creditLat = creditLatency;
        this.cfqLimit = setup.cfqs();
        this.linePerDestination = setup.linePerDestination();
        int channels = fabric.channels;
        this.queues = new PortQueues(channels, 1 + setup.cfqs(), packets);
        lines = setup.cfqs();
        words = (terminals + 63) >>> 6;
        inActive = new boolean[channels * lines];
        inRoot = new int[channels * lines];
        inHops = new int[channels * lines];
        inLink = new int[channels * lines];
        inSentStop = new boolean[channels * lines];
        inCopied = new boolean[channels * lines];
        inDest = new long[channels * lines * words];
        outActive = new boolean[channels * lines];
        outStop = new boolean[channels * lines];
        outRoot = new int[channels * lines];
        outHops = new int[channels * lines];
        outDest = new long[channels * lines * words];
        cfqCnt = new int[channels * terminals];
        cfqOf = new int[channels * terminals];
        nfqCnt = new int[channels * terminals];
        detection = setup.detection();
        stopAt = setup.stop();
        goAt = setup.go();
        msgs = new Notifications(words);
    }

    /** Whether input CAM line l (of port {@code l / lines}) lists d. */
    abstract boolean inHolds(int l, int d);

    /** Whether output CAM line l (of the channel it notifies) lists d, as {@link #inHolds}. */
    abstract boolean outHolds(int l, int d);

    /** Detection at port p found the NFQ head, for d, congested on line i (new or not). */
    abstract void detected(int p, int i, int d);

    @Override
    public final PortQueues queues() {
        return queues;
    }

    @Override
    public final int units() {
        return 1;
    }

    @Override
    public final int unit(int c, int d) {
        return 0;
    }

    @Override
    public final int unitOfQueue(int q) {
        return 0;
    }

    @Override
    public final int arrive(int p, int d) {
        // behind older packets of its flow still in the NFQ, it waits there too
        int i = nfqCnt[p * terminals + d] > 0 ? -1 : matchLine(p, d);
        if (i >= 0) {
            cfqCnt[p * terminals + d]++;
            cfqOf[p * terminals + d] = i;
        } else {
            nfqCnt[p * terminals + d]++;
        }
        return i < 0 ? 0 : 1 + i;
    }

    @Override
    public final void left(int p, int q, int d) {
        (q > 0 ? cfqCnt : nfqCnt)[p * terminals + d]--;
    }

    @Override
    public final boolean open(int p, int q) {
        return q == 0 || inActive[p * lines + q - 1];
    }

    @Override
    public final boolean mayLeave(int p, int q, int d, int o) {
        if (q == 0 && matchLine(p, d) >= 0) {
            return false;
        }
        int j = stoppedLine(o, d);
        if (j >= 0) {
            if (q == 0) {
                internalStop(p, o * lines + j);
            }
            return false;
        }
        return true;
    }

    @Override
    public final boolean stopped(int o, int d) {
        return stoppedLine(o, d) >= 0;
    }

    @Override
    public final void startCycle(long cycle) {
        now = cycle;
        notifications();
    }

    @Override
    public final void manage() {
        for (int p : fabric.portList) {
            postProcess(p);
            propagate(p);
        }
    }

    @Override
    public final void show(Consumer<FbicmView> observer) {
        observer.accept(view);
    }

    @Override
    public final long droppedStops() {
        return droppedStops;
    }

    final boolean bit(long[] set, int line, int d) {
        return (set[line * words + (d >>> 6)] & (1L << d)) != 0;
    }

    /** The CFQ (line index) a packet for d at port p belongs to, or -1 for the NFQ. */
    private int matchLine(int p, int d) {
        if (cfqCnt[p * terminals + d] > 0) {
            return cfqOf[p * terminals + d];
        }
        for (int i = 0; i < lines; i++) {
            int l = p * lines + i;
            if (inActive[l] && inHolds(l, d)) {
                return i;
            }
        }
        return -1;
    }

    /** A stopped CAM line of output o whose list holds d, or -1. */
    private int stoppedLine(int o, int d) {
        for (int j = 0; j < lines; j++) {
            int l = o * lines + j;
            if (outActive[l] && outStop[l] && outHolds(l, d)) {
                return j;
            }
        }
        return -1;
    }

    private int freeInLine(int p) {
        for (int i = 0; i < lines; i++) {
            if (!inActive[p * lines + i]) {
                return i;
            }
        }
        return -1;
    }

    /** Post-processing and detection at the NFQ of port p (sections 3.2 to 3.4). */
    private void postProcess(int p) {
        int nfq = p * queues.perPort;
        int k = queues.head[nfq];
        if (k < 0) {
            return;
        }
        int d = packets.dst[k];
        int i = matchLine(p, d);
        if (i < 0 && queues.count[nfq] > detection) {
            int o = fabric.next(p, d);
            // the line's congested point: the output port, or (lists: destination) the port and d
            int root = linePerDestination ? o * terminals + d : o;
            for (int j = 0; j < lines; j++) {
                int l = p * lines + j;
                if (inActive[l] && inRoot[l] == root) {
                    i = j;
                    break;
                }
            }
            if (i < 0) {
                i = freeInLine(p);
                if (i < 0) {
                    return;
                }
                int l = p * lines + i;
                inActive[l] = true;
                inRoot[l] = root;
                inHops[l] = 1;
                inLink[l] = -1;
                inSentStop[l] = false;
                inCopied[l] = false;
                Arrays.fill(inDest, l * words, (l + 1) * words, 0L);
            }
            detected(p, i, d);
        }
        i = headLine(p, d, i);
        if (i < 0) {
            return;
        }
        queues.dequeue(nfq);
        queues.enqueue(nfq + 1 + i, k);
        nfqCnt[p * terminals + d]--;
        cfqCnt[p * terminals + d]++;
        cfqOf[p * terminals + d] = i;
    }

    /**
     * The CFQ (CAM line index) the NFQ head of port p, for d, moves to in post-processing,
     * given the line {@code matched} the real engine chose (-1: it stays in the NFQ). The
     * real engine keeps it; package-private only so that a deliberately broken test variant
     * can misfile packets and show that the property suite's {@code fbicm} invariant fails.
     */
    int headLine(int p, int d, int matched) {
        return matched;
    }

    /** Adds d to the list of input line i of port p; a line that has sent Stop sends it again. */
    final void addDest(int p, int i, int d) {
        int l = p * lines + i;
        if (!bit(inDest, l, d)) {
            inDest[l * words + (d >>> 6)] |= 1L << d;
            if (inSentStop[l]) {
                notify(p, l, Notifications.STOP);
            }
        }
    }

    /** An internal Stop from output line {@code ol} reaches input port p (section 3.5). */
    private void internalStop(int p, int ol) {
        int i = -1;
        for (int j = 0; j < lines; j++) {
            int l = p * lines + j;
            if (inActive[l] && inRoot[l] == outRoot[ol]) {
                i = j;
                break;
            }
        }
        if (i < 0) {
            i = freeInLine(p);
            if (i < 0) {
                return;
            }
            int l = p * lines + i;
            inActive[l] = true;
            inRoot[l] = outRoot[ol];
            inHops[l] = outHops[ol] + 1;
            inSentStop[l] = false;
            inCopied[l] = false;
            Arrays.fill(inDest, l * words, (l + 1) * words, 0L);
        }
        int l = p * lines + i;
        inLink[l] = ol;
        boolean grew = false;
        for (int w = 0; w < words; w++) {
            long before = inDest[l * words + w];
            long after = before | outDest[ol * words + w];
            if (after != before) {
                inDest[l * words + w] = after;
                grew = true;
            }
        }
        if (grew && inSentStop[l]) {
            notify(p, l, Notifications.STOP);
        }
    }

    private boolean inStopped(int l) {
        int ol = inLink[l];
        return ol >= 0 && outActive[ol] && outStop[ol] && outRoot[ol] == inRoot[l];
    }

    /** Stop/Go propagation and freeing of the CFQs of port p. */
    private void propagate(int p) {
        for (int i = 0; i < lines; i++) {
            int l = p * lines + i;
            if (!inActive[l]) {
                continue;
            }
            int n = queues.count[p * queues.perPort + 1 + i];
            if (n == 0 && !inStopped(l)) {
                if (inSentStop[l]) {
                    notify(p, l, Notifications.GO);
                }
                if (inCopied[l]) {
                    notify(p, l, Notifications.RELEASE);
                }
                inActive[l] = false;
                inSentStop[l] = false;
                inCopied[l] = false;
                inLink[l] = -1;
                Arrays.fill(inDest, l * words, (l + 1) * words, 0L);
            } else if (!inSentStop[l] && n > stopAt) {
                inSentStop[l] = true;
                inCopied[l] = true;
                notify(p, l, Notifications.STOP);
            } else if (inSentStop[l] && n <= goAt) {
                inSentStop[l] = false;
                notify(p, l, Notifications.GO);
            }
        }
    }

    /** Sends Stop (with the line), Go or a release from input line l of port p to the output port feeding it. */
    private void notify(int p, int l, int kind) {
        msgs.send(now + creditLat, p, inRoot[l], inHops[l], kind, inDest, l * words);
    }

    /** Stop, Go and release notifications arriving at output ports. */
    private void notifications() {
        for (int m = msgs.take(now); m >= 0; m = msgs.take(now)) {
            int o = msgs.channel[m];
            int found = -1;
            for (int j = 0; j < lines; j++) {
                int l = o * lines + j;
                if (outActive[l] && outRoot[l] == msgs.root[m]) {
                    found = l;
                    break;
                }
            }
            if (msgs.kind[m] == Notifications.GO) {
                if (found >= 0) {
                    outStop[found] = false;
                }
                continue;
            }
            if (msgs.kind[m] == Notifications.RELEASE) {
                if (found >= 0) {
                    outActive[found] = false;
                    outStop[found] = false;
                }
                continue;
            }
            if (found < 0) {
                for (int j = 0; j < Math.min(lines, outputCamLines()) && found < 0; j++) {
                    if (!outActive[o * lines + j]) {
                        found = o * lines + j;
                    }
                }
                if (found < 0) {
                    droppedStops++;
                    continue;
                }
                outActive[found] = true;
                outRoot[found] = msgs.root[m];
                Arrays.fill(outDest, found * words, (found + 1) * words, 0L);
            }
            outHops[found] = msgs.hops[m];
            outStop[found] = true;
            for (int w = 0; w < words; w++) {
                outDest[found * words + w] |= msgs.dest[m * words + w];
            }
        }
    }

    @Override
    public final void sample(double[] out) {
        int active = 0;
        for (boolean b : inActive) {
            active += b ? 1 : 0;
        }
        int stopped = 0;
        for (int l = 0; l < outActive.length; l++) {
            stopped += outActive[l] && outStop[l] ? 1 : 0;
        }
        out[0] = active;
        out[1] = stopped;
    }

    @Override
    public final void checkPacket(int p, int q, int d) {
        if (q > 0 && !(inActive[p * lines + q - 1] && inHolds(p * lines + q - 1, d))) {
            throw new SimulationError("cycle " + now + ": " + topo.channelName(p) + ": packet for "
                + d + " in CFQ " + (q - 1) + " whose CAM line does not list it");
        }
    }

    @Override
    public final void checkPort(int p) {
        int active = 0;
        for (int i = 0; i < lines; i++) {
            active += inActive[p * lines + i] ? 1 : 0;
        }
        if (active > cfqLimit) {
            throw new SimulationError("cycle " + now + ": " + topo.channelName(p) + " has " + active + " CFQs");
        }
    }

    /** The read-only view {@link QueueEngine#observe} shows. */
    private final FbicmView view = new FbicmView() {
        @Override
        public long now() {
            return now;
        }

        @Override
        public int cfqLimit() {
            return cfqLimit;
        }

        @Override
        public int lines() {
            return lines;
        }

        @Override
        public int[] ports() {
            return fabric.portList.clone();
        }

        @Override
        public String portName(int port) {
            return topo.channelName(port);
        }

        @Override
        public boolean lineActive(int port, int line) {
            return inActive[port * lines + line];
        }

        @Override
        public int lineRoot(int port, int line) {
            return inRoot[port * lines + line];
        }

        @Override
        public boolean lineHolds(int port, int line, int d) {
            return inHolds(port * lines + line, d);
        }

        @Override
        public int queueLength(int port, int queue) {
            return queues.count[port * queues.perPort + queue];
        }

        @Override
        public int[][] packets(int port, int queue) {
            int q = port * queues.perPort + queue;
            int[][] out = new int[queues.count[q]][];
            int n = 0;
            for (int k = queues.head[q]; k >= 0 && n < out.length; k = packets.next[k]) {
                out[n++] = new int[] {packets.src[k], packets.dst[k], packets.seq[k]};
            }
            return n == out.length ? out : Arrays.copyOf(out, n);
        }
    };

    /** Whether CAM line i of input port p is allocated (for test variants; see {@link #headLine}). */
    final boolean lineActive(int p, int i) {
        return inActive[p * lines + i];
    }

    /** Whether CAM line i of input port p lists destination d (for test variants). */
    final boolean lineHolds(int p, int i, int d) {
        return inHolds(p * lines + i, d);
    }

    /**
     * CAM lines an output port may allocate: as many as an input port has (c). Package-private
     * only so that a test variant with fewer can make Stops find every output line busy: with c
     * on both sides they never do, since an output port copies the lines of the one input port
     * its link feeds, which holds at most c, and a line's release reaches it before a Stop sent
     * after it.
     */
    int outputCamLines() {
        return lines;
    }

    /** Whether CAM line i of the output port feeding input port (channel) p is allocated (for tests). */
    final boolean outputLineActive(int p, int i) {
        return outActive[p * lines + i];
    }

    /** Whether CAM line i of the output port feeding input port (channel) p is in the Stop state (for tests). */
    final boolean outputLineStopped(int p, int i) {
        return outActive[p * lines + i] && outStop[p * lines + i];
    }
}
