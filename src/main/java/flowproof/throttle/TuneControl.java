package flowproof.throttle;

import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import java.util.Arrays;
import java.util.List;

/**
 * The per-run state of {@link Tune}: the side-band snapshots, the extrapolated estimate, the
 * injection gate and the hill climber. One instance stands for the identical copy every node
 * keeps (all nodes see the same gathered values, so they reach the same threshold).
 *
 * <p>Timing, all in {@link #beginCycle} (after arrivals, before allocation): at every cycle
 * s = j·g snapshot j records the full network VC buffers and the delivered flits so far; it
 * is known from cycle s + g on. At cycle t the newest known snapshot is j1 = ⌊t/g⌋ − 1,
 * taken between g and 2g − 1 cycles before; the estimate is
 * F(j1) + (F(j1) − F(j1−1)) · (t − j1·g) / g, clamped to [0, all buffers]. Snapshots before
 * the run (j &lt; 0) are of the empty network: 0 full buffers, 0 flits delivered. At every
 * cycle T = m·P (P the tuning period) the throughput of the period is D(j1) − D(j1 − P/g):
 * the delivered flits of the last P cycles the side band has reported.
 */
final class TuneControl implements InjectionControl, TuneView {

    private final Tune p;
    private final NetworkState state;
    private final int g;
    private final int period;
    private final int perPeriod;
    private final int buffers;
    private final long increment;
    private final long decrement;
    private final int terminals;

    // snapshots j, in a ring of ring entries: slot j % ring holds snapshot j when index == j
    private final int ring;
    private final long[] index;
    private final int[] full;
    private final long[] delivered;

    private long threshold;
    private double estimate;
    private boolean gateClosed;
    private boolean throttledInPeriod;

    private long previous = -1;
    private long lastThroughput = -1;
    private long maxThroughput;
    private long nMax;
    private long tMax;
    private int consecutiveResets;
    private Decision decision = Decision.NONE;

    TuneControl(Tune p, NetworkState state) {
        this.p = p;
        this.state = state;
        this.g = p.gather;
        this.period = p.tuningPeriod;
        this.perPeriod = period / g;
        this.buffers = state.buffers();
        this.increment = Tune.buffers(p.increment, buffers, true);
        this.decrement = Tune.buffers(p.decrement, buffers, true);
        this.threshold = Tune.buffers(p.initial, buffers, false);
        this.terminals = state.terminals();
        this.ring = perPeriod + 3;
        this.index = new long[ring];
        Arrays.fill(index, Long.MIN_VALUE);
        this.full = new int[ring];
        this.delivered = new long[ring];
    }

    @Override
    public void beginCycle(long now) {
        if (now % g == 0) {
            long j = now / g;
            int s = (int) (j % ring);
            index[s] = j;
            full[s] = state.fullBuffers();
            delivered[s] = state.deliveredFlits();
        }
        if (now > 0 && now % period == 0) {
            tune(now);
        }
        estimate = estimate(now);
        gateClosed = estimate > threshold;
        if (gateClosed) {
            throttledInPeriod = true;
        }
    }

    @Override
    public boolean mayInject(int terminal, int destination, int size, int[] firstQueues, int n) {
        return !gateClosed;
    }

    /** The full-buffer count of snapshot j, or -1 when it is not (or no longer) held. */
    private long fullAt(long j) {
        if (j < 0) {
            return 0;
        }
        int s = (int) (j % ring);
        return index[s] == j ? full[s] : -1;
    }

    private long deliveredAt(long j) {
        if (j < 0) {
            return 0;
        }
        int s = (int) (j % ring);
        return index[s] == j ? delivered[s] : -1;
    }

    /** The estimate of the full buffers at cycle t from the snapshots known then. */
    double estimate(long t) {
        long j1 = Math.floorDiv(t, g) - 1;
        long f1 = fullAt(j1);
        if (f1 < 0) {
            return 0;
        }
        double e = f1;
        if (p.extrapolate) {
            long f0 = fullAt(j1 - 1);
            if (f0 >= 0) {
                e = f1 + (double) (f1 - f0) * (t - j1 * g) / g;
            }
        }
        return Math.max(0, Math.min(buffers, e));
    }

    private void tune(long now) {
        long j1 = now / g - 1;
        long j0 = j1 - perPeriod;
        long d1 = deliveredAt(j1);
        long d0 = deliveredAt(j0);
        if (d1 < 0 || d0 < 0) {
            decision = Decision.NONE;
            throttledInPeriod = false;
            return;
        }
        long thr = d1 - d0;
        long sumFull = 0;
        for (long j = j0 + 1; j <= j1; j++) {
            sumFull += Math.max(0, fullAt(j));
        }
        long n = Math.round((double) sumFull / perPeriod);
        lastThroughput = thr;
        if (p.localMaxima && thr > maxThroughput) {
            maxThroughput = thr;
            nMax = n;
            tMax = threshold;
        }
        if (p.localMaxima && maxThroughput > 0 && thr < p.resetBelow * maxThroughput) {
            threshold = Math.min(tMax, nMax);
            decision = Decision.RESET;
            if (++consecutiveResets >= p.resets) {
                maxThroughput = 0;
                nMax = 0;
                tMax = 0;
                consecutiveResets = 0;
                decision = Decision.RESET_FORGET;
            }
        } else {
            consecutiveResets = 0;
            if (previous >= 0 && thr < p.drop * previous) {
                threshold -= decrement;
                decision = Decision.DECREASE;
            } else if (throttledInPeriod) {
                threshold += increment;
                decision = Decision.INCREASE;
            } else {
                decision = Decision.KEEP;
            }
        }
        threshold = Math.max(0, Math.min(buffers, threshold));
        previous = thr;
        throttledInPeriod = false;
    }

    @Override
    public long threshold() {
        return threshold;
    }

    double estimate() {
        return estimate;
    }

    @Override
    public boolean gateClosed() {
        return gateClosed;
    }

    @Override
    public Decision decision() {
        return decision;
    }

    @Override
    public long maxThroughput() {
        return maxThroughput;
    }

    @Override
    public long nMax() {
        return nMax;
    }

    @Override
    public long tMax() {
        return tMax;
    }

    @Override
    public long lastThroughput() {
        return lastThroughput;
    }

    @Override
    public long increment() {
        return increment;
    }

    @Override
    public long decrement() {
        return decrement;
    }

    @Override
    public int buffers() {
        return buffers;
    }

    @Override
    public Tune scheme() {
        return p;
    }

    @Override
    public List<String> seriesNames() {
        return List.of("threshold", "estimate", "full buffers", "throughput");
    }

    @Override
    public void sample(double[] out) {
        out[0] = threshold;
        out[1] = estimate;
        out[2] = state.fullBuffers();
        out[3] = lastThroughput < 0 ? 0 : (double) lastThroughput / period / Math.max(1, terminals);
    }
}
