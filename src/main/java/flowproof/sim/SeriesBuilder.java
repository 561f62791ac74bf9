package flowproof.sim;

import flowproof.sim.control.InjectionControl;
import java.util.Arrays;

/** Offered/accepted flits and in-flight packets per window of cycles, and the control scheme's quantities. */
final class SeriesBuilder {
    private final InjectionControl control;
    private final int window;
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

    SeriesBuilder(int window, InjectionControl control) {
        this.control = control;
        int controlSeries = control.seriesNames().size();
        this.window = window;
        this.controlNow = new double[controlSeries];
        this.controlValues = new double[controlSeries][256];
    }

    void sample(long now, long genFlits, long accFlits, long inNetwork, int terminals, double nominal) {
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
            control.sample(controlNow);
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

    SimResult.Series build() {
        return new SimResult.Series(Arrays.copyOf(t, n), Arrays.copyOf(offered, n), Arrays.copyOf(accepted, n),
            Arrays.copyOf(inFlight, n), Arrays.copyOf(nominalLoad, n));
    }

    SimResult.ControlSeries buildControl() {
        if (controlNow.length == 0) {
            return null;
        }
        double[][] v = new double[controlNow.length][];
        for (int k = 0; k < v.length; k++) {
            v[k] = Arrays.copyOf(controlValues[k], n);
        }
        return new SimResult.ControlSeries(control.seriesNames().toArray(new String[0]), Arrays.copyOf(t, n), v);
    }
}
