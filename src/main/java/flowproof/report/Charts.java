package flowproof.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Shape;
import java.awt.Stroke;
import java.io.IOException;
import java.lang.reflect.Array;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.LookupPaintScale;
import org.jfree.chart.renderer.xy.XYBlockRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.DefaultXYZDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * PNG figures of simulator results, drawn with JFreeChart: latency-throughput curves,
 * throughput and occupancy over time, space-time charts of buffer states, and plain line plots.
 *
 * <p>Every method writes one PNG (creating missing parent directories) on a white background,
 * and renders without a display: {@code java.awt.headless} is set to {@code true} when this
 * class loads unless the caller has set it. Arguments are checked first; a mistake (no curves,
 * arrays of different lengths) is an {@link IllegalArgumentException} naming the array and both
 * lengths, thrown before anything is written. Series are colored from the Okabe-Ito palette
 * (readable by color-blind readers) and also get distinct point shapes.
 */
public final class Charts {

    static {
        // Before any AWT class decides: the CLI must draw on machines without a display.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    /** Width of the two-panel and line figures, pixels. */
    static final int WIDTH = 900;
    /** Height of the two-panel figures, pixels. */
    static final int HEIGHT = 700;
    /** Height of the one-panel line figure, pixels. */
    static final int LINES_HEIGHT = 600;
    /** Most pixel columns a space-time chart gives to cycles; longer runs are binned. */
    static final int MAX_CYCLE_COLUMNS = 3600;
    /** Space-time colors: a busy buffer is dark, a ready one light. */
    static final Color BUSY = new Color(0x26, 0x32, 0x3f);
    static final Color READY = new Color(0xe6, 0xec, 0xf2);

    private static final Color[] PALETTE = {
        new Color(0x0072b2), new Color(0xd55e00), new Color(0x009e73), new Color(0xcc79a7),
        new Color(0xe69f00), new Color(0x56b4e9), new Color(0x000000), new Color(0x999999)};
    private static final Shape[] SHAPES = DefaultDrawingSupplier.createStandardSeriesShapes();
    private static final Font TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 18);
    private static final Font LABEL_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 14);
    private static final Font TICK_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    private static final Stroke LINE = new BasicStroke(2f);
    private static final Stroke DASHED = new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
        new float[] {6f, 4f}, 0f);
    private static final Color GRID = new Color(0xdddddd);
    private static final Color REFERENCE = new Color(0x777777);

    private Charts() {
    }

    /**
     * One curve of a latency-throughput plot: points in increasing offered load; latency NaN
     * where the run was unstable (saturated) -- such points are left out of the latency panel
     * but kept in the throughput panel. Loads are in flits/node/cycle, latency in cycles.
     * The arrays are not copied.
     *
     * @throws IllegalArgumentException if the name or an array is null, the curve has no
     *     points, or the three arrays differ in length
     */
    public record Curve(String name, double[] offered, double[] accepted, double[] latency) {
        public Curve {
            if (name == null) {
                throw new IllegalArgumentException("curve name is null");
            }
            String what = "curve '" + name + "'";
            requireNonNull(offered, what + " offered");
            if (offered.length == 0) {
                throw new IllegalArgumentException(what + " has no points");
            }
            sameLength(what + " offered", offered.length, what + " accepted", accepted);
            sameLength(what + " offered", offered.length, what + " latency", latency);
        }
    }

    /**
     * The latency-throughput figure of the papers: two panels sharing the x axis "offered load
     * (flits/node/cycle)": top "accepted (flits/node/cycle)" vs offered, with the y=x line dashed
     * for reference; bottom "mean latency (cycles)" vs offered (NaN latencies left out). One
     * colored series per curve, same color and shape in both panels, with one legend.
     *
     * @param bound a throughput bound drawn as a labelled dashed horizontal line on the accepted
     *     panel ("channel-load bound"), or NaN for none
     * @throws IllegalArgumentException if {@code curves} is empty or two curves share a name
     */
    public static void latencyThroughput(Path png, String title, List<Curve> curves, double bound) throws IOException {
        latencyThroughput(png, title, curves, List.of(), bound);
    }

    /**
     * Points drawn as markers only (no line) over a latency-throughput figure, e.g. values read
     * from a paper's figure: in the throughput panel, or the latency panel when {@code latency}.
     *
     * @throws IllegalArgumentException if the name or an array is null or the arrays differ in length
     */
    public record Marks(String name, boolean latency, double[] x, double[] y) {
        public Marks {
            if (name == null) {
                throw new IllegalArgumentException("marks name is null");
            }
            requireNonNull(x, "marks '" + name + "' x");
            sameLength("marks '" + name + "' x", x.length, "marks '" + name + "' y", y);
        }
    }

    /**
     * {@link #latencyThroughput(Path, String, List, double)} with {@code marks} overlaid: each set
     * of marks in black and grey shades with its own shape, in the legend.
     */
    public static void latencyThroughput(Path png, String title, List<Curve> curves, List<Marks> marks, double bound)
        throws IOException {
        if (curves == null || curves.isEmpty()) {
            throw new IllegalArgumentException("latency-throughput chart needs at least one curve, got none");
        }
        XYSeriesCollection acceptedData = new XYSeriesCollection();
        XYSeriesCollection latencyData = new XYSeriesCollection();
        Set<String> names = new HashSet<>();
        double maxX = 0;
        double maxY = 0;
        for (Curve c : curves) {
            if (!names.add(c.name())) {
                throw new IllegalArgumentException("two curves are named '" + c.name() + "'; names label the legend");
            }
            XYSeries a = new XYSeries(c.name());
            XYSeries l = new XYSeries(c.name());
            for (int i = 0; i < c.offered().length; i++) {
                a.add(c.offered()[i], c.accepted()[i]);
                if (Double.isFinite(c.latency()[i])) {
                    l.add(c.offered()[i], c.latency()[i]);
                }
                maxX = Math.max(maxX, finiteOr0(c.offered()[i]));
                maxY = Math.max(maxY, finiteOr0(c.accepted()[i]));
            }
            acceptedData.addSeries(a);
            latencyData.addSeries(l);
        }
        XYSeries diagonal = new XYSeries("accepted = offered");
        diagonal.add(0, 0);
        diagonal.add(maxX, maxX);

        NumberAxis acceptedAxis = axis("accepted (flits/node/cycle)");
        XYPlot top = new XYPlot(acceptedData, null, acceptedAxis, seriesRenderer(curves.size(), true, true));
        XYLineAndShapeRenderer ref = new XYLineAndShapeRenderer(true, false);
        ref.setSeriesPaint(0, REFERENCE);
        ref.setSeriesStroke(0, DASHED);
        top.setDataset(1, new XYSeriesCollection(diagonal));
        top.setRenderer(1, ref);
        double upper = Math.max(maxX, maxY);
        if (!Double.isNaN(bound)) {
            ValueMarker m = new ValueMarker(bound, REFERENCE, DASHED);
            m.setLabel(String.format("channel-load bound %.3g", bound));
            m.setLabelFont(TICK_FONT);
            m.setLabelPaint(REFERENCE);
            m.setLabelBackgroundColor(new Color(255, 255, 255, 0));
            m.setLabelAnchor(RectangleAnchor.TOP_LEFT);
            m.setLabelTextAnchor(TextAnchor.BOTTOM_LEFT);
            m.setLabelOffset(new RectangleInsets(2, 6, 2, 2));
            top.addRangeMarker(0, m, Layer.FOREGROUND);
            upper = Math.max(upper, bound);
        }
        XYPlot bottom = new XYPlot(latencyData, null, axis("mean latency (cycles)"),
            seriesRenderer(curves.size(), true, false));
        XYSeriesCollection topMarks = new XYSeriesCollection();
        XYSeriesCollection bottomMarks = new XYSeriesCollection();
        for (Marks m : marks) {
            XYSeries ms = new XYSeries(m.name(), false);
            for (int i = 0; i < m.x().length; i++) {
                ms.add(m.x()[i], m.y()[i]);
                if (!m.latency()) {
                    upper = Math.max(upper, finiteOr0(m.y()[i]));
                }
            }
            (m.latency() ? bottomMarks : topMarks).addSeries(ms);
        }
        addMarks(top, topMarks, 0);
        addMarks(bottom, bottomMarks, topMarks.getSeriesCount());
        // markers do not take part in auto-ranging; fix the range so the bound, its label and the marks show
        acceptedAxis.setRange(0, upper > 0 ? upper * 1.1 : 1);

        save(png, twoPanels(title, axis("offered load (flits/node/cycle)"), top, bottom), WIDTH, HEIGHT);
    }

    /**
     * Time series in two panels sharing the x axis "cycle": top accepted throughput (and offered,
     * if {@code offered} is non-null) in flits/node/cycle per window, bottom packets in flight.
     * {@code t[i]} is the end cycle of window {@code i}; NaN values leave gaps.
     *
     * @throws IllegalArgumentException if {@code t} is empty or the arrays differ in length
     */
    public static void overTime(Path png, String title, long[] t, double[] offered, double[] accepted,
                                double[] inFlight) throws IOException {
        requireNonNull(t, "t");
        if (t.length == 0) {
            throw new IllegalArgumentException("time series has no windows (t is empty)");
        }
        sameLength("t", t.length, "accepted", accepted);
        sameLength("t", t.length, "inFlight", inFlight);
        if (offered != null) {
            sameLength("t", t.length, "offered", offered);
        }
        XYSeriesCollection rates = new XYSeriesCollection(series("accepted", t, accepted));
        if (offered != null) {
            rates.addSeries(series("offered", t, offered));
        }
        XYPlot top = new XYPlot(rates, null, axis("throughput (flits/node/cycle)"),
            seriesRenderer(rates.getSeriesCount(), false, true));
        ((XYLineAndShapeRenderer) top.getRenderer()).setSeriesStroke(1, DASHED);
        XYPlot bottom = new XYPlot(new XYSeriesCollection(series("packets in flight", t, inFlight)), null,
            axis("packets in flight"), seriesRenderer(1, false, false));
        bottom.getRenderer().setSeriesPaint(0, PALETTE[2]);
        NumberAxis cycle = axis("cycle");
        cycle.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        cycle.setAutoRangeIncludesZero(false);
        save(png, twoPanels(title, cycle, top, bottom), WIDTH, HEIGHT);
    }

    /**
     * Space-time chart as in the State-Propagation Throttling paper: for one row of routers, one
     * band per (router, direction) buffer, top to bottom in the order of {@code rowNames}, and one
     * pixel column per cycle (two for short runs); {@code busy[row][cycle]} true is drawn dark
     * (busy), false light (ready). The x axis counts cycles from {@code firstCycle}. The image is
     * as wide as the cycles need, up to about 4000 px; longer runs are binned into at most
     * {@value #MAX_CYCLE_COLUMNS} columns, each shaded by the fraction of its cycles that were busy.
     *
     * @throws IllegalArgumentException if there are no rows or no cycles, {@code rowNames} and
     *     {@code busy} differ in length, or the rows differ in length
     */
    public static void spaceTime(Path png, String title, String[] rowNames, boolean[][] busy, long firstCycle)
            throws IOException {
        requireNonNull(rowNames, "rowNames");
        requireNonNull(busy, "busy");
        if (busy.length == 0) {
            throw new IllegalArgumentException("space-time chart has no rows (busy is empty)");
        }
        sameLength("rowNames", rowNames.length, "busy", busy);
        int cycles = busy[0] == null ? 0 : busy[0].length;
        if (cycles == 0) {
            throw new IllegalArgumentException("space-time chart has no cycles (busy[0] is empty)");
        }
        for (int r = 1; r < busy.length; r++) {
            sameLength("busy[0]", cycles, "busy[" + r + "]", busy[r]);
        }
        int rows = busy.length;
        int bin = (cycles + MAX_CYCLE_COLUMNS - 1) / MAX_CYCLE_COLUMNS;
        int columns = (cycles + bin - 1) / bin;
        double[][] data = new double[3][rows * columns];
        for (int r = 0; r < rows; r++) {
            for (int col = 0; col < columns; col++) {
                int from = col * bin;
                int to = Math.min(cycles, from + bin);
                int n = 0;
                for (int c = from; c < to; c++) {
                    n += busy[r][c] ? 1 : 0;
                }
                int k = r * columns + col;
                data[0][k] = firstCycle + from + (bin - 1) / 2.0;
                data[1][k] = r;
                data[2][k] = (double) n / (to - from);
            }
        }
        DefaultXYZDataset dataset = new DefaultXYZDataset();
        dataset.addSeries("busy", data);

        XYBlockRenderer renderer = new XYBlockRenderer();
        renderer.setBlockWidth(bin);
        renderer.setBlockHeight(1);
        renderer.setBlockAnchor(RectangleAnchor.CENTER);
        LookupPaintScale scale = new LookupPaintScale(0, 1.0001, READY);
        int levels = 4;
        for (int i = 1; i <= levels; i++) {
            float f = (float) i / levels;
            scale.add((i - 0.5) / levels, blend(READY, BUSY, f));
        }
        renderer.setPaintScale(scale);

        NumberAxis x = axis("cycle");
        x.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        x.setRange(firstCycle - 0.5, firstCycle + cycles - 0.5);
        SymbolAxis y = new SymbolAxis("channel (its input buffer)", rowNames.clone());
        y.setLabelFont(LABEL_FONT);
        y.setGridBandsVisible(false);
        y.setInverted(true);
        y.setRange(-0.5, rows - 0.5);
        int rowPx = Math.max(2, Math.min(14, 3600 / rows));
        y.setTickLabelsVisible(rowPx >= 9);
        y.setTickLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, Math.min(12, Math.max(8, rowPx - 2))));
        XYPlot plot = new XYPlot(dataset, x, y, renderer);
        style(plot);
        plot.setDomainGridlinesVisible(false);
        plot.setRangeGridlinesVisible(false);
        plot.setOutlinePaint(Color.GRAY);

        int pxPerColumn = columns <= 1500 ? 2 : 1;
        int width = 150 + Math.max(300, columns * pxPerColumn);
        List<String> notes = spaceTimeNotes(busy, bin, firstCycle);
        int height = 130 + 22 * notes.size() + Math.max(120, rows * rowPx);
        JFreeChart chart = chart(title, plot, false);
        for (String note : notes) {
            org.jfree.chart.title.TextTitle t = new org.jfree.chart.title.TextTitle(note, LABEL_FONT);
            t.setPosition(RectangleEdge.BOTTOM);
            t.setPadding(new RectangleInsets(2, 4, 2, 4));
            chart.addSubtitle(t);
        }
        save(png, chart, Math.max(width, 8 * notes.stream().mapToInt(String::length).max().orElse(0) + 40), height);
    }

    /**
     * The lines under a space-time chart: its legend (what dark and light mean, and the binning
     * when columns hold several cycles), and, when no buffer was busy in any cycle shown, a line
     * saying so, so that an all-light chart is not taken for a drawing error.
     */
    static List<String> spaceTimeNotes(boolean[][] busy, int bin, long firstCycle) {
        long busyCells = 0;
        int cycles = busy[0].length;
        for (boolean[] row : busy) {
            for (boolean b : row) {
                busyCells += b ? 1 : 0;
            }
        }
        List<String> notes = new java.util.ArrayList<>();
        notes.add("legend: dark = busy (a VC of the buffer has no room for a packet), light = ready"
            + (bin > 1 ? "; a column covers " + bin + " cycles, shaded by the fraction of them busy" : "; one column per cycle"));
        if (busyCells == 0) {
            notes.add("nothing was busy: none of the " + busy.length + " buffers was busy in any of the " + cycles
                + " cycles from cycle " + firstCycle + " (the load is too low to back this row up)");
        }
        return notes;
    }

    /**
     * Several named y series over a common x in one panel (NaN values leave gaps), in the map's
     * iteration order with a legend; for time series of congestion-control schemes.
     *
     * @throws IllegalArgumentException if {@code x} or {@code ys} is empty or a series' length
     *     differs from {@code x}'s
     */
    public static void lines(Path png, String title, String xLabel, String yLabel, double[] x,
                             Map<String, double[]> ys) throws IOException {
        requireNonNull(x, "x");
        if (x.length == 0) {
            throw new IllegalArgumentException("line chart has no points (x is empty)");
        }
        if (ys == null || ys.isEmpty()) {
            throw new IllegalArgumentException("line chart needs at least one y series, got none");
        }
        XYSeriesCollection data = new XYSeriesCollection();
        for (Map.Entry<String, double[]> e : ys.entrySet()) {
            sameLength("x", x.length, "series '" + e.getKey() + "'", e.getValue());
            XYSeries s = new XYSeries(e.getKey(), false);
            for (int i = 0; i < x.length; i++) {
                s.add(x[i], e.getValue()[i]);
            }
            data.addSeries(s);
        }
        NumberAxis xAxis = axis(xLabel);
        xAxis.setAutoRangeIncludesZero(false);
        XYPlot plot = new XYPlot(data, xAxis, axis(yLabel), seriesRenderer(ys.size(), x.length <= 60, true));
        style(plot);
        save(png, chart(title, plot, true), WIDTH, LINES_HEIGHT);
    }

    private static final Color[] MARK_COLORS = {Color.BLACK, new Color(0x555555), new Color(0x888888)};

    /** Marker-only series, drawn above the curves; {@code first} offsets their shapes past those of another panel. */
    private static void addMarks(XYPlot plot, XYSeriesCollection data, int first) {
        if (data.getSeriesCount() == 0) {
            return;
        }
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(false, true);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            int k = first + i;
            r.setSeriesPaint(i, MARK_COLORS[k % MARK_COLORS.length]);
            r.setSeriesShape(i, SHAPES[(SHAPES.length - 1 - k % SHAPES.length)]);
        }
        r.setDefaultLegendTextFont(LABEL_FONT);
        int index = plot.getDatasetCount();
        plot.setDataset(index, data);
        plot.setRenderer(index, r);
        plot.setDatasetRenderingOrder(org.jfree.chart.plot.DatasetRenderingOrder.FORWARD);
    }

    private static JFreeChart twoPanels(String title, NumberAxis x, XYPlot top, XYPlot bottom) {
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(x);
        plot.setGap(12);
        style(top);
        style(bottom);
        plot.add(top, 1);
        plot.add(bottom, 1);
        plot.setBackgroundPaint(Color.WHITE);
        return chart(title, plot, true);
    }

    private static JFreeChart chart(String title, Plot plot, boolean legend) {
        JFreeChart chart = new JFreeChart(title, TITLE_FONT, plot, legend);
        chart.setBackgroundPaint(Color.WHITE);
        chart.setPadding(new RectangleInsets(6, 6, 6, 12));
        LegendTitle l = chart.getLegend();
        if (l != null) {
            l.setItemFont(LABEL_FONT);
            l.setPosition(RectangleEdge.BOTTOM);
            l.setFrame(BlockBorder.NONE);
            l.setBackgroundPaint(Color.WHITE);
        }
        return chart;
    }

    private static void style(XYPlot p) {
        p.setBackgroundPaint(Color.WHITE);
        p.setDomainGridlinePaint(GRID);
        p.setRangeGridlinePaint(GRID);
        p.setDomainGridlineStroke(new BasicStroke(1f));
        p.setRangeGridlineStroke(new BasicStroke(1f));
        p.setOutlinePaint(Color.LIGHT_GRAY);
        p.setAxisOffset(RectangleInsets.ZERO_INSETS);
    }

    private static NumberAxis axis(String label) {
        NumberAxis a = new NumberAxis(label);
        style(a);
        return a;
    }

    private static void style(ValueAxis a) {
        a.setLabelFont(LABEL_FONT);
        a.setTickLabelFont(TICK_FONT);
    }

    /** Series {@code i} gets palette color and shape {@code i} in every panel, so panels match. */
    private static XYLineAndShapeRenderer seriesRenderer(int n, boolean shapes, boolean inLegend) {
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, shapes);
        for (int i = 0; i < n; i++) {
            r.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
            r.setSeriesShape(i, SHAPES[i % SHAPES.length]);
            r.setSeriesStroke(i, LINE);
        }
        r.setDefaultSeriesVisibleInLegend(inLegend);
        r.setDefaultLegendTextFont(LABEL_FONT);
        return r;
    }

    private static XYSeries series(String name, long[] t, double[] y) {
        XYSeries s = new XYSeries(name, false);
        for (int i = 0; i < t.length; i++) {
            s.add(t[i], y[i]);
        }
        return s;
    }

    private static void save(Path png, JFreeChart chart, int width, int height) throws IOException {
        OutputFile.write(png, out -> ChartUtils.writeChartAsPNG(out, chart, Math.min(width, 4000), Math.min(height, 4000)));
    }

    private static Paint blend(Color a, Color b, float f) {
        return new Color(
            Math.round(a.getRed() + (b.getRed() - a.getRed()) * f),
            Math.round(a.getGreen() + (b.getGreen() - a.getGreen()) * f),
            Math.round(a.getBlue() + (b.getBlue() - a.getBlue()) * f));
    }

    private static double finiteOr0(double v) {
        return Double.isFinite(v) ? v : 0;
    }

    private static void requireNonNull(Object array, String name) {
        if (array == null) {
            throw new IllegalArgumentException(name + " is null");
        }
    }

    private static void sameLength(String refName, int refLength, String name, Object array) {
        requireNonNull(array, name);
        int n = Array.getLength(array);
        if (n != refLength) {
            throw new IllegalArgumentException(name + " has " + n + " values but " + refName + " has " + refLength);
        }
    }
}
