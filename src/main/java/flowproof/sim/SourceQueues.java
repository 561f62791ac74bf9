package flowproof.sim;

import flowproof.sim.control.RouterControl;
import flowproof.traffic.Workload;
import java.util.Arrays;

/**
 * The terminals' source queues, unbounded in bounded memory. The run's generator is asked
 * every cycle, as the workload says, for every terminal (offered load, the packets created
 * and each terminal's queue length in packets and flits, {@link #queuedPackets} and
 * {@link #queuedFlits}, are counted there, exactly as if every packet were stored), but only
 * the first {@code budget} packets of each queue exist as packets, in a ring per terminal;
 * the rest are drawn again when there is room, with their creation cycles, by a second
 * generator started from the same seed ({@code lazy}), which each terminal's own random
 * streams make give the same packets (BookSim's lazy generation, with the eager count kept).
 * So memory is independent of how far the queues grow, and a run is the one every stored
 * queue gave. While a terminal's whole queue is stored and has room, the counting
 * generator's packets are stored at once and the lazy generator skips those cycles: it draws
 * them (and discards them) only if the queue outgrows its budget later ({@code lazyDrawn}),
 * so below saturation each terminal costs one draw a cycle, not two.
 */
final class SourceQueues {

    /** Packets of each source queue that exist as packets (at least; more when a scheme's lookahead needs them). */
    static final int BUDGET = 64;

    private final int terminals;
    private final long warmup;
    private final Packets pk;
    /** The control told about every packet generated, or null. */
    private final RouterControl rc;
    /** A power of two: stored packets per terminal. */
    final int budget;
    /** Per terminal, {@code budget} slots from {@code t * budget}: the stored packets, from {@link #head}. */
    final int[] ring;
    final int[] head;
    /** Stored packets per terminal. */
    final int[] count;
    final long[] queuedPackets;
    final long[] queuedFlits;
    /** Per terminal: flits it created so far (the per-source unstable rule). */
    final long[] createdFlits;
    private Workload.Generator lazy;
    /** Per terminal: the last cycle the lazy generator was asked, and the packets of it still to draw. */
    private final long[] lazyCycle;
    private final int[] lazyLeft;
    /** Per terminal: the last cycle the lazy generator's streams have drawn (at most {@code lazyCycle}: the cycles between were stored from the counting generator). */
    private final long[] lazyDrawn;
    /** The last cycle in which sources generated (-1 before the first). */
    private long generatedThrough = -1;
    /** {@code source-queue}: the most packets a source holds, 0 for no limit; at most {@link #budget}. */
    private final int limit;
    /** Packets refused because their source's queue was full (in the measurement window: {@link #refusedMeasured}). */
    long refused;
    long refusedMeasured;

    /** Told about every packet created (per-flow statistics); null for none. */
    Simulator.GenerationListener onGenerate;

    /** Source queues with room for {@code lookahead} packets a scheme may look at, at least; unbounded. */
    SourceQueues(int terminals, int lookahead, long warmup, Packets pk, RouterControl rc) {
        this(terminals, lookahead, warmup, pk, rc, 0);
    }

    /**
     * As {@link #SourceQueues(int, int, long, Packets, RouterControl)}, holding at most {@code limit}
     * packets per source (0: no limit); a packet generated at a full queue is refused (drawn, as the
     * workload draws it, and dropped before it is created). With a limit every packet is stored.
     */
    SourceQueues(int terminals, int lookahead, long warmup, Packets pk, RouterControl rc, int limit) {
        this.limit = limit;
        this.terminals = terminals;
        this.warmup = warmup;
        this.pk = pk;
        this.rc = rc;
        head = new int[terminals];
        count = new int[terminals];
        queuedPackets = new long[terminals];
        queuedFlits = new long[terminals];
        createdFlits = new long[terminals];
        lazyCycle = new long[terminals];
        Arrays.fill(lazyCycle, -1);
        lazyDrawn = new long[terminals];
        Arrays.fill(lazyDrawn, -1);
        lazyLeft = new int[terminals];
        // a power of two, and room for every packet the lookahead of a scheme may look at
        budget = Integer.highestOneBit(Math.max(Math.max(BUDGET, limit), lookahead) * 2 - 1);
        ring = new int[terminals * budget];
    }

    /** The generator that draws the packets again ({@link #fill}), started from the run's seed. */
    void start(Workload.Generator lazyGenerator) {
        this.lazy = lazyGenerator;
    }

    /**
     * Cycle {@code now}'s packets of every terminal: counted, and stored at once while the
     * terminal's whole queue is stored and has room for them (else the lazy generator draws
     * them later), each packet's flits in {@code stats}. Returns the packets created.
     */
    int generate(Workload.Generator gen, long now, Statistics stats) {
        int created = 0;
        for (int t = 0; t < terminals; t++) {
            int n = gen.packets(t, now);
            if (n == 0) {
                if (lazyCycle[t] == now - 1 && lazyLeft[t] == 0) {
                    lazyCycle[t] = now;
                }
                continue;
            }
            // with a limit the queue never outgrows the budget: every packet admitted is stored at once
            boolean store = limit > 0 || lazyCycle[t] == now - 1 && lazyLeft[t] == 0 && count[t] + n <= budget;
            if (store) {
                lazyCycle[t] = now;
            }
            for (int i = 0; i < n; i++) {
                int d = gen.destination(t, now);
                if (d < 0) {
                    continue;
                }
                int size = gen.size(t);
                if (limit > 0 && queuedPackets[t] >= limit) {
                    refused++;
                    if (now >= warmup) {
                        refusedMeasured++;
                    }
                    continue;
                }
                created++;
                stats.generated(size);
                queuedPackets[t]++;
                queuedFlits[t] += size;
                createdFlits[t] += size;
                if (onGenerate != null) {
                    onGenerate.generated(t, now);
                }
                if (rc != null) {
                    rc.generated(t, d, size, gen.message(t));
                }
                if (store) {
                    int p = pk.create(t, d, size, now, now >= warmup);
                    ring[t * budget + ((head[t] + count[t]) & (budget - 1))] = p;
                    count[t]++;
                }
            }
        }
        generatedThrough = now;
        return created;
    }

    /** Whether terminal {@code t} has generated packets that are not stored yet. */
    boolean unstored(int t) {
        return lazyLeft[t] > 0 || lazyCycle[t] < generatedThrough;
    }

    /** The head of terminal {@code t}'s stored packets (it must have one). */
    int first(int t) {
        return ring[t * budget + head[t]];
    }

    /** Takes the head packet {@code p} off terminal {@code t}'s queue. */
    void takeFirst(int t, int p) {
        head[t] = (head[t] + 1) & (budget - 1);
        count[t]--;
        queuedPackets[t]--;
        queuedFlits[t] -= pk.size[p];
    }

    /** Takes stored packet {@code i} (0: the head) off terminal {@code t}'s queue, keeping the order of the rest. */
    void take(int t, int i) {
        int off = t * budget;
        int mask = budget - 1;
        int h = head[t];
        int p = ring[off + ((h + i) & mask)];
        for (int k = i; k > 0; k--) {
            ring[off + ((h + k) & mask)] = ring[off + ((h + k - 1) & mask)];
        }
        head[t] = (h + 1) & mask;
        count[t]--;
        queuedPackets[t]--;
        queuedFlits[t] -= pk.size[p];
    }

    /**
     * Tops up terminal {@code t}'s stored packets to {@code budget} (or to its whole queue):
     * the lazy generator draws the terminal's packets of the cycles after the last it drew,
     * up to the last cycle generated, the same packets, in the same order, the counting
     * generator made, each with its creation cycle.
     */
    void fill(int t) {
        int base = t * budget;
        while (count[t] < budget) {
            if (lazyLeft[t] == 0) {
                if (lazyCycle[t] >= generatedThrough) {
                    return;
                }
                if (lazyDrawn[t] < lazyCycle[t]) {
                    skipStored(t);
                }
                lazyCycle[t]++;
                lazyDrawn[t] = lazyCycle[t];
                lazyLeft[t] = lazy.packets(t, lazyCycle[t]);
                continue;
            }
            lazyLeft[t]--;
            long c = lazyCycle[t];
            int d = lazy.destination(t, c);
            if (d < 0) {
                continue;
            }
            int p = pk.create(t, d, lazy.size(t), c, c >= warmup);
            ring[base + ((head[t] + count[t]) & (budget - 1))] = p;
            count[t]++;
        }
    }

    /**
     * Brings the lazy generator's streams of terminal {@code t} past the cycles whose packets
     * were stored from the counting generator: the same draws, in the same order, discarded.
     */
    private void skipStored(int t) {
        for (long c = lazyDrawn[t] + 1; c <= lazyCycle[t]; c++) {
            for (int n = lazy.packets(t, c); n > 0; n--) {
                if (lazy.destination(t, c) >= 0) {
                    lazy.size(t);
                }
            }
        }
        lazyDrawn[t] = lazyCycle[t];
    }
}
