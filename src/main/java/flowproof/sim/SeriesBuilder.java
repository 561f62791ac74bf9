package flowproof.sim;

import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * Offered/accepted flits and in-flight packets per window of cycles, and the congestion
 * control's own quantities (named series, sampled once per window), as every engine reports
 * them in {@link SimResult.Series} and {@link SimResult.ControlSeries}.
 */
public final class SeriesBuilder {
    private final int window;
    private final int terminals;
    private final List<String> controlNames;
    private final Consumer<double[]> controlSampler;
    private final double[] controlNow;
    private double[][] controlValues;
    private long[] t = new long[256];
    private double[] offered = new double[256];
    private double[] accepted = new double[256];
    private double[] inFlight = new double[256];
    private double[] nominalLoad = new double[256];
    private int n;
    private long gen;
    private long acc;
    private int in;

    /**
     * A series of windows of {@code window} cycles over {@code terminals}; {@code controlSampler}
     * writes the current value of each of the {@code controlNames} series (none: an empty list).
     */
    public SeriesBuilder(int window, int terminals, List<String> controlNames, Consumer<double[]> controlSampler) {
        this.window = window;
        this.terminals = terminals;
        this.controlNames = List.copyOf(controlNames);
        this.controlSampler = controlSampler;
        this.controlNow = new double[controlNames.size()];
        this.controlValues = new double[controlNames.size()][256];
    }

    /** The end of cycle {@code now}: flits generated and accepted in it, packets in the network, the nominal load. */
    public void sample(long now, long genFlits, long accFlits, long inNetwork, double nominal) {
        gen += genFlits;
        acc += accFlits;
        if (++in < window) {
            return;
        }
        if (n == t.length) {
            t = Arrays.copyOf(t, n * 2);
            offered = Arrays.copyOf(offered, n * 2);
            accepted = Arrays.copyOf(accepted, n * 2);
            inFlight = Arrays.copyOf(inFlight, n * 2);
            nominalLoad = Arrays.copyOf(nominalLoad, n * 2);
            for (int k = 0; k < controlValues.length; k++) {
                controlValues[k] = Arrays.copyOf(controlValues[k], n * 2);
            }
        }
        if (controlNow.length > 0) {
            controlSampler.accept(controlNow);
            for (int k = 0; k < controlNow.length; k++) {
                controlValues[k][n] = controlNow[k];
            }
        }
        nominalLoad[n] = nominal;
        t[n] = now;
        offered[n] = (double) gen / terminals / window;
        accepted[n] = (double) acc / terminals / window;
        inFlight[n] = inNetwork;
        n++;
        gen = 0;
        acc = 0;
        in = 0;
    }

    public SimResult.Series build() {
        return new SimResult.Series(Arrays.copyOf(t, n), Arrays.copyOf(offered, n), Arrays.copyOf(accepted, n),
            Arrays.copyOf(inFlight, n), Arrays.copyOf(nominalLoad, n));
    }

    /** The control's series, or null if it has none. */
    public SimResult.ControlSeries buildControl() {
        if (controlNow.length == 0) {
            return null;
        }
        double[][] v = new double[controlNow.length][];
        for (int k = 0; k < v.length; k++) {
            v[k] = Arrays.copyOf(controlValues[k], n);
        }
        return new SimResult.ControlSeries(controlNames.toArray(new String[0]), Arrays.copyOf(t, n), v);
    }
}
