package flowproof.throttle;

import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.Scheme;
import flowproof.topology.Topology;
import flowproof.topology.Grid;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Self-tuned global-knowledge source throttling, "Tune" (Thottethodi, Lebeck and Mukherjee,
 * 000_38ccbb1a41645d3d.txt): every source stops injecting new packets while an estimate of
 * the global number of full network VC buffers exceeds a threshold, and the threshold is
 * tuned by hill climbing on the delivered throughput.
 *
 * <ul>
 *   <li><b>Gather</b> (section 3.1): the full-buffer count and the delivered flits are
 *       aggregated dimension by dimension on a side band with {@code hop-delay} h cycles per
 *       hop; the gather takes g = h × (k/2) × n cycles on a full-duplex k-ary n-cube (32 for
 *       the paper's 16-ary 2-cube). A snapshot is taken every g cycles and known to every
 *       node g cycles later; the current count is extrapolated linearly from the last two
 *       known snapshots (section 3.1; {@code extrapolate: false} keeps the last one).</li>
 *   <li><b>Throttle</b>: no new packet enters the network while the estimate exceeds the
 *       threshold. Every node sees the same estimate and threshold, so the gate is global.</li>
 *   <li><b>Hill climbing</b> (section 4.1, Table 1), every {@code tuning-period} cycles (a
 *       multiple of g; default 96): the throughput of the period is the delivered flits of
 *       the last period's worth of known snapshots; it "drops" when below {@code drop}
 *       (0.75) of the previous period's. Drop: threshold −= {@code decrement} (4% of all
 *       buffers); no drop and the gate was closed in some cycle of the period (the network
 *       was throttling): += {@code increment} (1%); otherwise unchanged. Initial threshold
 *       {@code initial} (1%). Clamped to [0, all buffers].</li>
 *   <li><b>Local maxima</b> (section 4.2): the largest throughput of any period, with that
 *       period's full-buffer count N_max (the mean of its snapshots) and threshold T_max, is
 *       remembered; a period below {@code reset-below} (0.75) of it sets the threshold to
 *       min(T_max, N_max) instead of the table; after {@code resets} consecutive such
 *       resets the maximum is forgotten and searched again. The paper uses r = 5; the
 *       default here is 10: on the 16-ary 2-cube past saturation the network needs more
 *       than five 96-cycle periods to drain back after a reset, so r = 5 forgets the
 *       maximum in mid-recovery and re-climbs from a collapsed one (measured at 1.5x
 *       saturation, 3 seeds: 80-88% of peak with r = 5, 89-91% with r = 10; see
 *       docs/results/tune.md). {@code resets: 5} gives the paper's.</li>
 * </ul>
 *
 * <p>Fractions of "all buffers" are of the network VC buffers (channels × VCs: 3,072 on the
 * paper's network) and are rounded down, as the paper's 30 and 122 are; a positive
 * increment or decrement is at least one buffer. Metapacket gathering and Disha recovery
 * are not modelled.
 */
public final class Tune implements Scheme {

    /** The paper's tuning period in cycles; the default is the smallest multiple of g not below it. */
    static final int PAPER_TUNING_PERIOD = 96;

    final int hopDelay;
    final int gather;
    final int tuningPeriod;
    final double initial;
    final double increment;
    final double decrement;
    final double drop;
    final double resetBelow;
    final int resets;
    final boolean localMaxima;
    final boolean extrapolate;
    private final String description;

    private Tune(int hopDelay, int gather, int tuningPeriod, double initial, double increment, double decrement,
                 double drop, double resetBelow, int resets, boolean localMaxima, boolean extrapolate,
                 String description) {
        this.hopDelay = hopDelay;
        this.gather = gather;
        this.tuningPeriod = tuningPeriod;
        this.initial = initial;
        this.increment = increment;
        this.decrement = decrement;
        this.drop = drop;
        this.resetBelow = resetBelow;
        this.resets = resets;
        this.localMaxima = localMaxima;
        this.extrapolate = extrapolate;
        this.description = description;
    }

    static Scheme read(Params p, SchemeContext c) {
        int h = (int) p.integer("hop-delay", 2, 1, 1_000_000);
        int hops = gatherHops(c.network().topology());
        int g = (int) p.integer("gather", (long) h * hops, 1, 100_000_000);
        int dfltPeriod = ((PAPER_TUNING_PERIOD + g - 1) / g) * g;
        int period = (int) p.integer("tuning-period", dfltPeriod, 1, 1_000_000_000);
        if (period % g != 0) {
            throw p.bad("tuning-period", "a multiple of the gather duration g = " + g + " cycles", Integer.toString(period));
        }
        double initial = p.number("initial", 0.01, 0, false, 1);
        double inc = p.number("increment", 0.01, 0, false, 1);
        double dec = p.number("decrement", 0.04, 0, false, 1);
        double drop = p.number("drop", 0.75, 0, true, 1);
        double resetBelow = p.number("reset-below", 0.75, 0, true, 1);
        int r = (int) p.integer("resets", 10, 1, 1_000_000);
        boolean lm = p.bool("local-maxima", true);
        boolean ex = p.bool("extrapolate", true);
        return new Tune(h, g, period, initial, inc, dec, drop, resetBelow, r, lm, ex, p.describe("tune"));
    }

    /**
     * Side-band hops of one dimension-wise gather: on a k-ary n-cube the sum over dimensions
     * of the hops that reach every node of a line (k/2 rounded down full-duplex, k−1 on a
     * unidirectional ring or a mesh line); on other networks the router graph's diameter.
     */
    static int gatherHops(Topology t) {
        if (t instanceof Grid torus) {
            int hops = 0;
            for (int d = 0; d < torus.dimensions(); d++) {
                int k = torus.radix(d);
                hops += torus.bidirectional() && torus.hasWrapAround() ? k / 2 : k - 1;
            }
            return Math.max(1, hops);
        }
        return Math.max(1, diameter(t));
    }

    private static int diameter(Topology t) {
        int n = t.nodes();
        int[][] out = new int[n][];
        int[] deg = new int[n];
        for (int c = 0; c < t.channels(); c++) {
            deg[t.source(c)]++;
        }
        for (int v = 0; v < n; v++) {
            out[v] = new int[deg[v]];
        }
        Arrays.fill(deg, 0);
        for (int c = 0; c < t.channels(); c++) {
            out[t.source(c)][deg[t.source(c)]++] = t.target(c);
        }
        int best = 0;
        int[] dist = new int[n];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int s = 0; s < n; s++) {
            Arrays.fill(dist, -1);
            dist[s] = 0;
            queue.add(s);
            while (!queue.isEmpty()) {
                int v = queue.poll();
                best = Math.max(best, dist[v]);
                for (int w : out[v]) {
                    if (dist[w] < 0) {
                        dist[w] = dist[v] + 1;
                        queue.add(w);
                    }
                }
            }
        }
        return best;
    }

    /** {@code fraction} of {@code buffers}, rounded down; at least 1 when {@code step} and the fraction is positive. */
    static long buffers(double fraction, int buffers, boolean step) {
        long b = (long) Math.floor(fraction * buffers + 1e-9);
        return step && fraction > 0 ? Math.max(1, b) : b;
    }

    @Override
    public String key() {
        return "tune";
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public InjectionControl create(NetworkState state, long seed) {
        return new TuneControl(this, state);
    }

    @Override
    public String toString() {
        return description;
    }

    /** The gather duration g in cycles. */
    public int gather() {
        return gather;
    }

    /** Throughput below this fraction of the previous period's is a drop. */
    public double drop() {
        return drop;
    }

    /** Throughput below this fraction of the remembered maximum resets the threshold (local maxima). */
    public double resetBelow() {
        return resetBelow;
    }

    /** Consecutive resets after which the maximum is forgotten. */
    public int resets() {
        return resets;
    }

    /** Whether the local-maxima rule applies. */
    public boolean localMaxima() {
        return localMaxima;
    }

    /** The tuning period in cycles. */
    public int tuningPeriod() {
        return tuningPeriod;
    }
}
