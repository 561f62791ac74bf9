package flowproof.sim;

/**
 * The ramp load method (State-Propagation Throttling paper, section 5): the offered load
 * rises linearly with time, throughput is measured in windows, both curves are smoothed by a
 * moving average, and the critical load is the offered load at which the gradient of the
 * throughput curve with respect to the offered load first falls 10% below its value at low
 * load.
 */
public final class RampAnalysis {

    private RampAnalysis() {
    }

    /**
     * @param offered  nominal offered load per window (rising)
     * @param accepted accepted throughput per window
     * @param smooth   points of the moving average (the paper: 200 windows of 100 cycles)
     * @return the critical load, or NaN when the throughput never bends (or too few points)
     */
    public static double criticalLoad(double[] offered, double[] accepted, int smooth) {
        int n = offered.length;
        int s = Math.max(1, Math.min(smooth, n / 10));
        if (n < 4 * s) {
            return Double.NaN;
        }
        double[] off = movingAverage(offered, s);
        double[] acc = movingAverage(accepted, s);
        int m = off.length;
        // reference gradient: over the first quarter of the ramp, before saturation
        int q = m / 4;
        double d0 = off[q] - off[0];
        if (d0 <= 0) {
            return Double.NaN;
        }
        double reference = (acc[q] - acc[0]) / d0;
        if (reference <= 0) {
            return Double.NaN;
        }
        for (int i = 0; i + s < m; i++) {
            double d = off[i + s] - off[i];
            if (d <= 0) {
                continue;
            }
            double g = (acc[i + s] - acc[i]) / d;
            if (g < 0.9 * reference) {
                return off[i];
            }
        }
        return Double.NaN;
    }

    /** Whether the series is a ramp: non-decreasing and rising by a clear margin. */
    public static boolean isRamp(double[] offered) {
        if (offered.length < 10) {
            return false;
        }
        for (int i = 1; i < offered.length; i++) {
            if (offered[i] < offered[i - 1] - 1e-12) {
                return false;
            }
        }
        return offered[offered.length - 1] > offered[0] + 1e-6;
    }

    static double[] movingAverage(double[] x, int w) {
        double[] out = new double[x.length - w + 1];
        double sum = 0;
        for (int i = 0; i < x.length; i++) {
            sum += x[i];
            if (i >= w) {
                sum -= x[i - w];
            }
            if (i >= w - 1) {
                out[i - w + 1] = sum / w;
            }
        }
        return out;
    }
}
