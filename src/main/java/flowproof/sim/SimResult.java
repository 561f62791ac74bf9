package flowproof.sim;

import java.util.List;

/**
 * What one simulation run measured. Throughputs are in flits per terminal per cycle over
 * the measurement window (after warm-up); latencies in cycles, from the cycle a packet is
 * created to the cycle its tail reaches the destination terminal, over the packets created
 * in the measurement window. Serializable (with its parts), so that a run made on another
 * member of a cluster comes back whole ({@code sweep --cluster}, docs/cluster.md).
 *
 * @param cycles          cycles simulated, drain included
 * @param offered         flits created per terminal per cycle in the window (measured, not the nominal load)
 * @param accepted        flits delivered per terminal per cycle in the window
 * @param latency         latency statistics of the measured packets, or null when there were none
 * @param unstable        the network, or some source, did not keep up with the offered load (saturated; the rule is
 *                        {@link RunProtocol}'s): latency is then not meaningful
 * @param unstableReason  why it is unstable, or null
 * @param deadlock        a deadlock: no flit moved for {@code deadlockCycles} while flits were in the network
 * @param drained         every packet in the network was delivered after generation stopped
 * @param completion      cycle in which the last packet of a finite (collective) workload was delivered, or -1
 * @param utilisation     per channel: flits sent per cycle in the window
 * @param series          throughput and in-flight packets per window of cycles
 * @param spaceTime       busy input buffers of a row of routers over time, or null
 * @param control         the congestion-control scheme with its non-default parameters ({@code none} for none)
 * @param controlSeries   the scheme's internal state over time, or null when it records none
 * @param controlSent     control packets the scheme created (CBCM throttle/unthrottle, ECN notifications); not in
 *                        {@code packetsCreated}, throughput or latency
 * @param controlDelivered control packets delivered
 * @param stopsDropped    FBICM: Stop notifications dropped because every CAM line of the
 *                        upstream output port was busy (over the whole run); -1 for a run
 *                        without Stop notifications
 * @param sourceRefused   with {@code source-queue: N}: packets refused in the measurement window because
 *                        their source already held N; -1 for unbounded source queues
 * @param acceptedByDestination per destination terminal, the data flits it received per cycle of the
 *                        measurement window (as {@code accepted} per terminal); null when not counted
 */
public record SimResult(
    String network,
    String workload,
    double load,
    long cycles,
    long generationCycles,
    long warmup,
    int terminals,
    long packetsCreated,
    long packetsDelivered,
    double offered,
    double accepted,
    Latency latency,
    boolean unstable,
    String unstableReason,
    Deadlock deadlock,
    boolean drained,
    long drainCycles,
    long completion,
    double meanHops,
    double[] utilisation,
    String[] channelNames,
    Series series,
    SpaceTimeChart spaceTime,
    boolean checked,
    double seconds,
    String control,
    ControlSeries controlSeries,
    long controlSent,
    long controlDelivered,
    long stopsDropped,
    long sourceRefused,
    double[] acceptedByDestination) implements java.io.Serializable {

    /** {@code counts} (per terminal, over the measured cycles) per cycle of a {@code window}-cycle window; null for null. */
    public static double[] perCycle(long[] counts, long window) {
        if (counts == null) {
            return null;
        }
        double[] r = new double[counts.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = (double) counts[i] / Math.max(1, window);
        }
        return r;
    }

    /** A result without control packets. */
    public SimResult(String network, String workload, double load, long cycles, long generationCycles, long warmup,
                     int terminals, long packetsCreated, long packetsDelivered, double offered, double accepted,
                     Latency latency, boolean unstable, String unstableReason, Deadlock deadlock, boolean drained,
                     long drainCycles, long completion, double meanHops, double[] utilisation, String[] channelNames,
                     Series series, SpaceTimeChart spaceTime, boolean checked, double seconds, String control,
                     ControlSeries controlSeries) {
        this(network, workload, load, cycles, generationCycles, warmup, terminals, packetsCreated, packetsDelivered,
            offered, accepted, latency, unstable, unstableReason, deadlock, drained, drainCycles, completion, meanHops,
            utilisation, channelNames, series, spaceTime, checked, seconds, control, controlSeries, 0, 0, -1, -1, null);
    }

    /** A result with control packets and without Stop notifications. */
    public SimResult(String network, String workload, double load, long cycles, long generationCycles, long warmup,
                     int terminals, long packetsCreated, long packetsDelivered, double offered, double accepted,
                     Latency latency, boolean unstable, String unstableReason, Deadlock deadlock, boolean drained,
                     long drainCycles, long completion, double meanHops, double[] utilisation, String[] channelNames,
                     Series series, SpaceTimeChart spaceTime, boolean checked, double seconds, String control,
                     ControlSeries controlSeries, long controlSent, long controlDelivered) {
        this(network, workload, load, cycles, generationCycles, warmup, terminals, packetsCreated, packetsDelivered,
            offered, accepted, latency, unstable, unstableReason, deadlock, drained, drainCycles, completion, meanHops,
            utilisation, channelNames, series, spaceTime, checked, seconds, control, controlSeries, controlSent,
            controlDelivered, -1, -1, null);
    }

    /** Node-cycles simulated per second of wall time (terminals x cycles / seconds). */
    public double nodeCyclesPerSecond() {
        return seconds > 0 ? (double) terminals * cycles / seconds : 0;
    }

    /**
     * Latency statistics; the parts add up to the mean. The quantiles are exact (a
     * {@link LatencyHistogram}): p50 and p99 are the latencies at rank {@code ceil(q n)} of the
     * n measured packets in increasing order, max the longest. {@code ruleWait} is the part of
     * {@code bufferAccess} in which the flow-control rule alone held the head (an idle output VC
     * had room for the packet but the rule refused it); 0 where the engine does not split it.
     */
    public record Latency(long packets, double mean, int p50, int p99, int max, double sourceQueueing,
                          double bufferAccess, double network, double ruleWait) implements java.io.Serializable {
    }

    /**
     * A deadlock: when it was detected, which queues were held, and a shortest cycle of held
     * queues each waiting on the next ({@code waitCycle}, the first queue not repeated at the
     * end; empty where the engine does not work it out or the held queues form none). With
     * {@code knot} it was found as a set of queues that waited only on each other and did not
     * move for the deadlock timeout, whether or not flits moved elsewhere; the held queues are
     * that set. Else no flit moved anywhere for the timeout, and every queue with flits is held.
     */
    public record Deadlock(long cycle, long packetsInNetwork, List<String> heldQueues, List<String> waitCycle,
                           boolean knot) implements java.io.Serializable {

        /** A deadlock found by the network-wide timeout, whose waiting cycle is not worked out. */
        public Deadlock(long cycle, long packetsInNetwork, List<String> heldQueues) {
            this(cycle, packetsInNetwork, heldQueues, List.of(), false);
        }
    }

    /**
     * Time series: {@code t[i]} is the last cycle of window i; offered and accepted are
     * measured flits/node/cycle in the window, nominal the workload's load at its end.
     */
    public record Series(long[] t, double[] offered, double[] accepted, double[] inFlight, double[] nominal) implements java.io.Serializable {

        /**
         * The critical load by the ramp method (smoothing over {@code smooth} windows) over the
         * windows that end before {@code until} (the drain is left out), or NaN when the load
         * is not a ramp.
         */
        public double criticalLoad(int smooth, long until) {
            int n = 0;
            while (n < t.length && t[n] < until) {
                n++;
            }
            double[] nom = java.util.Arrays.copyOf(nominal, n);
            return RampAnalysis.isRamp(nom)
                ? RampAnalysis.criticalLoad(nom, java.util.Arrays.copyOf(accepted, n), smooth) : Double.NaN;
        }
    }

    /**
     * A congestion-control scheme's internal quantities over time: {@code values[k][i]} is
     * series {@code names[k]} at the end of window i (cycle {@code t[i]}).
     */
    public record ControlSeries(String[] names, long[] t, double[][] values) implements java.io.Serializable {
    }

    /** Busy buffers of a row of routers, one row per buffer, one column per cycle from {@code from}. */
    public record SpaceTimeChart(String[] rows, boolean[][] busy, long from) implements java.io.Serializable {
    }
}
