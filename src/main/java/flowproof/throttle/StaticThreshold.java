package flowproof.throttle;

import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.Scheme;

/**
 * Static global throttling (the fixed-threshold variant the Tune paper, 000_38ccbb1a41645d3d.txt,
 * starts from): no new packet enters the network while the global count of full network VC
 * buffers exceeds a fixed threshold. The count is exact and instant (an ideal side band);
 * {@code tune} adds the gather delay and the self-tuning.
 *
 * <p>Parameters: {@code threshold} (full buffers) or {@code fraction} of all network VC
 * buffers (default 0.08, about the 250 of 3,072 buffers the paper found best for uniform
 * traffic on a 16-ary 2-cube).
 */
public final class StaticThreshold implements Scheme {

    private final long threshold;
    private final double fraction;
    private final String description;

    private StaticThreshold(long threshold, double fraction, String description) {
        this.threshold = threshold;
        this.fraction = fraction;
        this.description = description;
    }

    static Scheme read(Params p, SchemeContext c) {
        int buffers = c.network().queues();
        long threshold = -1;
        double fraction = 0.08;
        if (p.has("threshold") && p.has("fraction")) {
            throw p.bad("threshold", "threshold or fraction, not both", "both");
        }
        if (p.has("threshold")) {
            threshold = p.integer("threshold", 0, 0, buffers);
        } else {
            fraction = p.number("fraction", 0.08, 0, false, 1);
        }
        return new StaticThreshold(threshold, fraction, p.describe("static-threshold"));
    }

    /** The threshold in full buffers for a network of {@code buffers} VC buffers. */
    public long threshold(int buffers) {
        return threshold >= 0 ? threshold : Math.round(fraction * buffers);
    }

    @Override
    public String key() {
        return "static-threshold";
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public InjectionControl create(NetworkState state, long seed) {
        long t = threshold(state.buffers());
        return new InjectionControl() {
            @Override
            public boolean mayInject(int terminal, int destination, int size, int[] firstQueues, int n) {
                return state.fullBuffers() <= t;
            }

            @Override
            public java.util.List<String> seriesNames() {
                return java.util.List.of("full buffers", "threshold");
            }

            @Override
            public void sample(double[] out) {
                out[0] = state.fullBuffers();
                out[1] = t;
            }
        };
    }
}
