package flowproof.report;

import flowproof.topology.Grid;
import flowproof.topology.Network;
import flowproof.topology.Topology;

/**
 * Where a network's nodes and queues are drawn, in pixels: tori and meshes on their grid
 * (a 1-D ring on a circle, a 1-D mesh on a line, the third dimension as grids side by side),
 * butterflies and BMINs by stage (terminals in the first column), every other topology on a
 * circle. A channel runs from its source to its target, bent outwards when it wraps around a
 * grid; its queues (one per VC) sit at its middle, on the right of its direction of travel,
 * so that the two directions of a link never overlap. Used by the trace page and the CDG
 * picture, so both draw a network the same way.
 */
public final class NetworkLayout {

    /** Pixels between neighbouring grid nodes. */
    static final double SPACING = 190;
    static final double MARGIN = 70;

    private final Network network;
    private final double[] x;
    private final double[] y;
    private final double[] qx;
    private final double[] qy;
    private final double[][] curve;
    private final double width;
    private final double height;
    private final String kind;

    private NetworkLayout(Network network) {
        this.network = network;
        Topology t = network.topology();
        int n = t.nodes();
        x = new double[n];
        y = new double[n];
        kind = place(t);
        double maxX = 0;
        double maxY = 0;
        for (int v = 0; v < n; v++) {
            x[v] = x[v] * SPACING + MARGIN;
            y[v] = y[v] * SPACING + MARGIN;
            maxX = Math.max(maxX, x[v]);
            maxY = Math.max(maxY, y[v]);
        }
        curve = new double[t.channels()][];
        qx = new double[network.queues()];
        qy = new double[network.queues()];
        int vcs = network.vcs();
        for (int c = 0; c < t.channels(); c++) {
            double x0 = x[t.source(c)];
            double y0 = y[t.source(c)];
            double x1 = x[t.target(c)];
            double y1 = y[t.target(c)];
            double dx = x1 - x0;
            double dy = y1 - y0;
            double len = Math.max(1e-9, Math.hypot(dx, dy));
            // the right-hand normal of the direction of travel (SVG's y grows downwards)
            double nx = -dy / len;
            double ny = dx / len;
            double bend = kind.equals("grid") && t.isWrapAround(c) ? 0.45 * SPACING : 0;
            if (bend > 0) {
                // outwards, away from the middle of the drawing
                double mx = (x0 + x1) / 2;
                double my = (y0 + y1) / 2;
                double cx = maxX / 2;
                double cy = maxY / 2;
                double sign = (mx - cx) * nx + (my - cy) * ny >= 0 ? 1 : -1;
                if (Math.abs((mx - cx) * nx + (my - cy) * ny) < 1) {
                    sign = t.direction(c) > 0 ? -1 : 1;
                }
                nx *= sign;
                ny *= sign;
            }
            double off = 10;
            double px = (x0 + x1) / 2 + nx * (bend + off);
            double py = (y0 + y1) / 2 + ny * (bend + off);
            // a quadratic curve through (px, py) at its middle: control point 2p - (p0 + p1) / 2
            double cxp = 2 * px - (x0 + x1) / 2;
            double cyp = 2 * py - (y0 + y1) / 2;
            curve[c] = new double[] {x0, y0, cxp, cyp, x1, y1};
            double rnx = -dy / len;
            double rny = dx / len;
            if (bend > 0) {
                rnx = nx;
                rny = ny;
            }
            for (int v = 0; v < vcs; v++) {
                int q = network.queue(c, v);
                double d = 16 + v * 22;
                qx[q] = px + rnx * d;
                qy[q] = py + rny * d;
                maxX = Math.max(maxX, qx[q]);
                maxY = Math.max(maxY, qy[q]);
            }
        }
        width = maxX + MARGIN + 40;
        height = maxY + MARGIN;
    }

    /** The layout of {@code network}. */
    public static NetworkLayout of(Network network) {
        return new NetworkLayout(network);
    }

    /** Fills x and y in grid units; returns how the nodes are placed. */
    private String place(Topology t) {
        int n = t.nodes();
        if (t instanceof Grid torus && torus.dimensions() == 1 && torus.hasWrapAround()) {
            double r = Math.max(1, n / (2 * Math.PI) * 1.1);
            for (int v = 0; v < n; v++) {
                double a = -Math.PI / 2 + 2 * Math.PI * v / n;
                x[v] = r + r * Math.cos(a);
                y[v] = r + r * Math.sin(a);
            }
            return "ring";
        }
        if (t instanceof Grid torus) {
            int k0 = torus.radix(0);
            for (int v = 0; v < n; v++) {
                int c0 = torus.coordinate(v, 0);
                int c1 = torus.dimensions() > 1 ? torus.coordinate(v, 1) : 0;
                int c2 = torus.dimensions() > 2 ? torus.coordinate(v, 2) : 0;
                // the wrap-around bends take half a spacing on each side
                x[v] = c0 + c2 * (k0 + 0.5) + (torus.hasWrapAround() ? 0.5 : 0);
                // dimension 1 upwards, as on a map
                y[v] = (torus.dimensions() > 1 ? torus.radix(1) - 1 - c1 : 0) + (torus.hasWrapAround() ? 0.5 : 0);
            }
            return "grid";
        }
        Topology.Placement own = t.placement();
        if (own != null) {
            System.arraycopy(own.x(), 0, x, 0, n);
            System.arraycopy(own.y(), 0, y, 0, n);
            return own.style();
        }
        double r = Math.max(1, n / (2 * Math.PI) * 1.2);
        for (int v = 0; v < n; v++) {
            double a = -Math.PI / 2 + 2 * Math.PI * v / n;
            x[v] = r + r * Math.cos(a);
            y[v] = r + r * Math.sin(a);
        }
        return "circle";
    }

    public Network network() {
        return network;
    }

    /** How the nodes are placed: ring, grid, stages, levels (a fat tree) or circle. */
    public String kind() {
        return kind;
    }

    public double nodeX(int node) {
        return x[node];
    }

    public double nodeY(int node) {
        return y[node];
    }

    /** The centre of a queue's box. */
    public double queueX(int queue) {
        return qx[queue];
    }

    public double queueY(int queue) {
        return qy[queue];
    }

    /** A channel's quadratic curve: x0, y0, control x, control y, x1, y1. */
    public double[] curve(int channel) {
        return curve[channel].clone();
    }

    public double width() {
        return width;
    }

    public double height() {
        return height;
    }
}
