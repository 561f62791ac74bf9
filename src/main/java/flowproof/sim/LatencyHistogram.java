package flowproof.sim;

import java.util.Arrays;

/**
 * Packet latencies as an exact counting array: {@code counts[l]} is the number of packets of
 * latency {@code l} cycles. Quantiles are exact (the same values sorting every sample would
 * give) and memory is 8 bytes per cycle of the longest latency recorded, whatever the number
 * of packets: a run of a million cycles needs at most a few MiB, where keeping every sample
 * needed 4 bytes per measured packet. The array grows by doubling up to the longest latency.
 */
public final class LatencyHistogram {

    private long[] counts = new long[256];
    private long packets;
    private int max = -1;

    /** Records one packet of {@code latency} cycles (0 or more). */
    public void record(int latency) {
        if (latency < 0) {
            throw new IllegalArgumentException("latency " + latency + " < 0");
        }
        if (latency >= counts.length) {
            int n = counts.length;
            while (n <= latency) {
                n = n > Integer.MAX_VALUE / 2 ? Integer.MAX_VALUE - 8 : n * 2;
            }
            counts = Arrays.copyOf(counts, n);
        }
        counts[latency]++;
        packets++;
        if (latency > max) {
            max = latency;
        }
    }

    /** Packets recorded. */
    public long packets() {
        return packets;
    }

    /** The longest latency recorded, or -1 when none was. */
    public int max() {
        return max;
    }

    /**
     * The {@code q}-quantile (0 &lt; q &lt;= 1): the latency at position {@code ceil(q * n)} (1 for
     * the shortest) of the n recorded latencies in increasing order, i.e. the smallest latency
     * that at least a fraction {@code q} of the packets do not exceed.
     *
     * @throws IllegalStateException when nothing was recorded
     */
    public int quantile(double q) {
        if (!(q > 0 && q <= 1)) {
            throw new IllegalArgumentException("quantile " + q + " outside (0, 1]");
        }
        if (packets == 0) {
            throw new IllegalStateException("no latency recorded");
        }
        long rank = Math.max(1, Math.min(packets, (long) Math.ceil(q * packets)));
        long seen = 0;
        for (int l = 0; l <= max; l++) {
            seen += counts[l];
            if (seen >= rank) {
                return l;
            }
        }
        return max;
    }

    /** Bytes the counts take now (for the memory budget's documentation and tests). */
    long bytes() {
        return 8L * counts.length;
    }
}
