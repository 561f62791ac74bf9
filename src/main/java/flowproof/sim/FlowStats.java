package flowproof.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * The mix entries of a workload measured apart ({@code simulate}'s {@code flows}): per entry,
 * the mean latency of its measured packets and its accepted throughput. A run's own latency
 * and throughput mix every entry, so CBCM's uniform traffic beside a hot spot whose senders
 * inject at 100% (003, Fig. 2 and 8) cannot be read from them.
 *
 * <p>A packet belongs to the entry of its source. Latency: creation to delivery of the packets
 * created in the measurement window [warmup, cycles); a run that drained delivered all of
 * them. Accepted: flits of the entry's packets completed in (warmup, cycles], per terminal
 * of the entry per cycle of the window. Peak latency: the largest mean latency (creation to
 * delivery) of the entry's packets completed in one {@code window}-cycle slice of (warmup,
 * cycles], the height of a transient such as a hot spot's onset (003, Figs. 11 and 13).
 *
 * <p>A mean over the delivered packets alone is a survivor mean when some packets created in
 * the window were never delivered (an unstable run that did not drain): those are the slowest.
 * Told about every packet created ({@link Simulator#onGeneration}), the entry counts the
 * packets created in the window, and its mean latency is NaN (null in JSON) while any of them
 * is undelivered; {@link Flow#censoredMean} then covers every packet created in the window, each
 * undelivered one counted from its creation to the run's last cycle (a lower bound on the
 * mean), and {@link Flow#survivorMean} keeps the delivered ones' mean under that name.
 */
public final class FlowStats implements Simulator.DeliveryListener, Simulator.GenerationListener {

    /**
     * One entry's measurement.
     *
     * @param packets     measured packets delivered (created in the window)
     * @param created     packets created in the window, -1 when not counted (no generation listener)
     * @param meanLatency their mean latency; NaN when none was delivered or when some were not
     * @param survivorMean the mean over the delivered ones alone (NaN when none was delivered)
     * @param censoredMean the mean over every packet created in the window, an undelivered one counted
     *                     until the run's last cycle: a lower bound (NaN when not counted or none created)
     */
    public record Flow(String name, int terminals, long packets, long created, double meanLatency, double accepted,
                       double peakLatency, double survivorMean, double censoredMean) {

        /** Packets created in the window and not delivered (0 when not counted). */
        public long undelivered() {
            return created < 0 ? 0 : created - packets;
        }
    }

    private final int[] flowOf;
    private final List<String> names;
    private final long warmup;
    private final long cycles;
    private final int[] members;
    private final long[] packets;
    private final long[] latencySum;
    private final long[] flits;
    private final int window;
    private final long[] slice;
    private final long[] sliceSum;
    private final long[] sliceCount;
    private final double[] peak;
    private final long[] created;
    /** Per entry: the sum of the creation cycles of its packets created in the window, and of those delivered. */
    private final long[] createdCycles;
    private final long[] deliveredCycles;
    private boolean counting;

    /**
     * @param flowOf per terminal its entry (-1: none), as {@link flowproof.traffic.Workload#flowOf()}
     * @param names  the entries' descriptions
     * @param warmup first cycle of the measurement window
     * @param cycles the generation cycles (end of the window)
     * @param window cycles per slice of the peak latency
     */
    public FlowStats(int[] flowOf, List<String> names, long warmup, long cycles, int window) {
        this.flowOf = flowOf.clone();
        this.names = List.copyOf(names);
        this.warmup = warmup;
        this.cycles = cycles;
        int n = names.size();
        members = new int[n];
        packets = new long[n];
        latencySum = new long[n];
        flits = new long[n];
        this.window = Math.max(1, window);
        slice = new long[n];
        sliceSum = new long[n];
        sliceCount = new long[n];
        peak = new double[n];
        created = new long[n];
        createdCycles = new long[n];
        deliveredCycles = new long[n];
        java.util.Arrays.fill(peak, Double.NaN);
        for (int f : flowOf) {
            if (f >= 0) {
                members[f]++;
            }
        }
    }

    @Override
    public void generated(int source, long cycle) {
        counting = true;
        int f = flowOf[source];
        if (f >= 0 && cycle >= warmup && cycle < cycles) {
            created[f]++;
            createdCycles[f] += cycle;
        }
    }

    @Override
    public void delivered(int source, int destination, int size, long created, long injected, long done, int hops) {
        int f = flowOf[source];
        if (f < 0) {
            return;
        }
        if (created >= warmup && created < cycles) {
            packets[f]++;
            latencySum[f] += done - created;
            deliveredCycles[f] += created;
        }
        if (done > warmup && done <= cycles) {
            flits[f] += size;
            long w = (done - warmup - 1) / window;
            if (w != slice[f]) {
                closeSlice(f);
                slice[f] = w;
            }
            sliceSum[f] += done - created;
            sliceCount[f]++;
        }
    }

    /** Ends flow {@code f}'s current slice: its mean latency may be the peak. */
    private void closeSlice(int f) {
        if (sliceCount[f] > 0) {
            double mean = (double) sliceSum[f] / sliceCount[f];
            if (Double.isNaN(peak[f]) || mean > peak[f]) {
                peak[f] = mean;
            }
        }
        sliceSum[f] = 0;
        sliceCount[f] = 0;
    }

    /** As {@link #flows(long, long)} for a run that ended when its generation did. */
    public List<Flow> flows(long generated) {
        return flows(generated, generated);
    }

    /**
     * The entries' measurements, in entry order, for a run whose generation ended after
     * {@code generated} cycles and that ended at cycle {@code end} (after its drain): accepted
     * is per cycle of the window that was run (a deadlock ends it early), not of the one
     * configured; the censored mean counts an undelivered packet until {@code end}.
     */
    public List<Flow> flows(long generated, long end) {
        List<Flow> out = new ArrayList<>();
        long span = Math.max(1, Math.min(cycles, generated) - warmup);
        for (int f = 0; f < names.size(); f++) {
            closeSlice(f);
            double survivors = packets[f] == 0 ? Double.NaN : (double) latencySum[f] / packets[f];
            long made = counting ? created[f] : -1;
            boolean whole = made < 0 || packets[f] >= made;
            double censored = made <= 0 ? Double.NaN : (latencySum[f]
                + (double) (made - packets[f]) * end - (createdCycles[f] - deliveredCycles[f])) / made;
            out.add(new Flow(names.get(f), members[f], packets[f], made, whole ? survivors : Double.NaN,
                members[f] == 0 ? 0 : (double) flits[f] / members[f] / span, peak[f], survivors, censored));
        }
        return out;
    }
}
