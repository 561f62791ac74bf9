package flowproof.report;

import flowproof.topology.Grid;
import flowproof.topology.Network;
import flowproof.topology.Topology;

/**
 * Where a network's nodes and queues are drawn, in pixels: tori and meshes on their grid
 * (a 1-D ring on a circle, a 1-D mesh on a line, the third dimension as grids side by side),
 * butterflies and BMINs by stage (terminals in the first column), a topology that places its
 * routers (a graph file's {@code positions}) where it says, any other by a force-directed layout
 * (on a circle above 400 routers). A channel runs from its source to its target, bent outwards when it wraps around a
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
        if (n > 2 && n <= FORCE_LAYOUT_MAX_NODES) {
            forceDirected(t, x, y);
            return "force-directed";
        }
        double r = Math.max(1, n / (2 * Math.PI) * 1.2);
        for (int v = 0; v < n; v++) {
            double a = -Math.PI / 2 + 2 * Math.PI * v / n;
            x[v] = r + r * Math.cos(a);
            y[v] = r + r * Math.sin(a);
        }
        return "circle";
    }

    /** Above this many routers a network without coordinates is drawn on a circle (the layout is quadratic). */
    static final int FORCE_LAYOUT_MAX_NODES = 400;

    /**
     * The routers as the network connects them (issue 45: on a circle in name order, the queue
     * boxes of crossing links were ambiguous): JGraphT's Fruchterman-Reingold layout of the
     * undirected graph, seeded, so that the same network is always drawn the same way; scaled
     * so that the closest two routers are one grid unit apart (at most 3 sqrt(n) units wide).
     */
    private static void forceDirected(Topology t, double[] x, double[] y) {
        int n = t.nodes();
        org.jgrapht.Graph<Integer, org.jgrapht.graph.DefaultEdge> g =
            new org.jgrapht.graph.SimpleGraph<>(org.jgrapht.graph.DefaultEdge.class);
        for (int v = 0; v < n; v++) {
            g.addVertex(v);
        }
        for (int c = 0; c < t.channels(); c++) {
            int a = t.source(c);
            int b = t.target(c);
            if (a != b && !g.containsEdge(a, b)) {
                g.addEdge(a, b);
            }
        }
        double side = Math.max(2, Math.sqrt(n) * 2);
        org.jgrapht.alg.drawing.model.LayoutModel2D<Integer> model =
            new org.jgrapht.alg.drawing.model.MapLayoutModel2D<>(
                org.jgrapht.alg.drawing.model.Box2D.of(0, 0, side, side));
        new org.jgrapht.alg.drawing.FRLayoutAlgorithm2D<Integer, org.jgrapht.graph.DefaultEdge>(300,
            org.jgrapht.alg.drawing.FRLayoutAlgorithm2D.DEFAULT_NORMALIZATION_FACTOR, new java.util.Random(1))
            .layout(g, model);
        double minX = Double.MAX_VALUE;
        double minY = Double.MAX_VALUE;
        for (int v = 0; v < n; v++) {
            x[v] = model.get(v).getX();
            y[v] = model.get(v).getY();
            minX = Math.min(minX, x[v]);
            minY = Math.min(minY, y[v]);
        }
        double closest = Double.MAX_VALUE;
        double extent = 0;
        for (int v = 0; v < n; v++) {
            x[v] -= minX;
            y[v] -= minY;
            extent = Math.max(extent, Math.max(x[v], y[v]));
            for (int w = 0; w < v; w++) {
                closest = Math.min(closest, Math.hypot(model.get(v).getX() - model.get(w).getX(),
                    model.get(v).getY() - model.get(w).getY()));
            }
        }
        double scale = closest > 1e-9 ? 1 / closest : 1;
        if (extent * scale > 3 * Math.sqrt(n)) {
            scale = 3 * Math.sqrt(n) / Math.max(extent, 1e-9);
        }
        for (int v = 0; v < n; v++) {
            x[v] *= scale;
            y[v] *= scale;
        }
    }

    public Network network() {
        return network;
    }

    /** How the nodes are placed: ring, grid, stages, levels (a fat tree), positions, force-directed or circle. */
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
