package flowproof.sim;

import flowproof.topology.Topology;

/**
 * What a run measures: flits generated and accepted in the current window (the run protocol
 * takes them), flits per channel in the measurement window, the latency of every measured
 * packet (an exact histogram and the sums of its parts), hops, the last delivery, and the
 * time series and space-time chart. Fixed memory whatever the run length.
 */
final class Statistics {

    private long generatedWindow;
    private long acceptedWindow;
    private final long[] chanFlits;
    private final LatencyHistogram latencies = new LatencyHistogram();
    private long sumLatency;
    private long sumQueueing;
    private long sumAccess;
    private long sumHops;
    private long hopPackets;
    private long lastDelivery = -1;
    final SeriesBuilder series;
    /** Null unless the spec asks for a space-time chart. */
    final SpaceTimeRecorder spaceTime;

    Statistics(int channels, SeriesBuilder series, SpaceTimeRecorder spaceTime) {
        this.chanFlits = new long[channels];
        this.series = series;
        this.spaceTime = spaceTime;
    }

    void generated(int flits) {
        generatedWindow += flits;
    }

    void accepted() {
        acceptedWindow++;
    }

    /** A flit left on channel {@code c} in the measurement window. */
    void sent(int c) {
        chanFlits[c]++;
    }

    /** A data packet's tail reached its terminal in cycle {@code done} after {@code hops} hops. */
    void delivered(long done, int hops) {
        lastDelivery = done;
        sumHops += hops;
        hopPackets++;
    }

    /** A measured packet's latency and its parts. */
    void latency(int latency, long queueing, int access) {
        latencies.record(latency);
        sumLatency += latency;
        sumQueueing += queueing;
        sumAccess += access;
    }

    /** Flits generated since the last call. */
    long takeGenerated() {
        long g = generatedWindow;
        generatedWindow = 0;
        return g;
    }

    /** Flits accepted since the last call. */
    long takeAccepted() {
        long a = acceptedWindow;
        acceptedWindow = 0;
        return a;
    }

    /** The end of cycle {@code now}: the time series and the space-time chart sample it. */
    void endOfCycle(long now, long inNetworkPackets, double nominal) {
        series.sample(now, generatedWindow, acceptedWindow, inNetworkPackets, nominal);
        if (spaceTime != null) {
            spaceTime.record(now);
        }
    }

    long lastDelivery() {
        return lastDelivery;
    }

    double meanHops() {
        return hopPackets == 0 ? 0 : (double) sumHops / hopPackets;
    }

    /** Each channel's flits over the {@code window} cycles measured. */
    double[] utilisation(long window) {
        double[] util = new double[chanFlits.length];
        for (int c = 0; c < util.length; c++) {
            util[c] = (double) chanFlits[c] / window;
        }
        return util;
    }

    static String[] channelNames(Topology topo) {
        String[] names = new String[topo.channels()];
        for (int c = 0; c < names.length; c++) {
            names[c] = topo.channelName(c);
        }
        return names;
    }

    /** Mean, quantiles and parts of the measured packets' latency; null if none was measured. */
    SimResult.Latency latency() {
        long count = latencies.packets();
        if (count == 0) {
            return null;
        }
        double n = count;
        return new SimResult.Latency(count, sumLatency / n, latencies.quantile(0.5), latencies.quantile(0.99),
            latencies.max(), sumQueueing / n, sumAccess / n, (sumLatency - sumQueueing - sumAccess) / n);
    }
}
