package flowproof.report;

import flowproof.topology.Grid;
import flowproof.cdg.ChannelDependencyGraph;
import flowproof.topology.Network;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.nio.Attribute;
import org.jgrapht.nio.DefaultAttribute;
import org.jgrapht.nio.dot.DOTExporter;

/** Channel dependency graphs as Graphviz DOT (jgrapht's exporter) and SVG (Graphviz {@code dot}). */
public final class CdgPicture {

    private CdgPicture() {
    }

    /** The graph in DOT, queues labelled by name, the shortest cycle drawn in red. */
    public static String dot(ChannelDependencyGraph cdg) {
        Network net = cdg.network();
        List<Integer> cycle = cdg.cycle();
        Set<Long> cycleEdges = new HashSet<>();
        for (int i = 0; i < cycle.size(); i++) {
            cycleEdges.add(((long) cycle.get(i) << 32) | cycle.get((i + 1) % cycle.size()));
        }
        Set<Integer> onCycle = new HashSet<>(cycle);
        DOTExporter<Integer, DefaultEdge> exporter = new DOTExporter<>(v -> "q" + v);
        exporter.setGraphAttributeProvider(() -> {
            Map<String, Attribute> a = new LinkedHashMap<>();
            a.put("rankdir", DefaultAttribute.createAttribute("LR"));
            // jgrapht quotes vertex and edge attributes but writes graph attributes as they are
            String title = cdg.kind() == ChannelDependencyGraph.Kind.FULL ? "channel dependency graph"
                : "Duato extended graph of the escape VCs";
            a.put("label", DefaultAttribute.createAttribute("\"" + title + ": " + net.topology().describe()
                + ", " + net.vcs() + " VC(s)" + (cycle.isEmpty() ? ", acyclic" : ", shortest cycle in red") + "\""));
            return a;
        });
        exporter.setVertexAttributeProvider(v -> {
            Map<String, Attribute> a = new LinkedHashMap<>();
            a.put("label", DefaultAttribute.createAttribute(net.queueName(v)));
            a.put("shape", DefaultAttribute.createAttribute("box"));
            if (onCycle.contains(v)) {
                a.put("color", DefaultAttribute.createAttribute("red"));
            }
            return a;
        });
        exporter.setEdgeAttributeProvider(e -> {
            Map<String, Attribute> a = new LinkedHashMap<>();
            int s = cdg.graph().getEdgeSource(e);
            int t = cdg.graph().getEdgeTarget(e);
            if (cycleEdges.contains(((long) s << 32) | t)) {
                a.put("color", DefaultAttribute.createAttribute("red"));
                a.put("penwidth", DefaultAttribute.createAttribute(2));
            }
            return a;
        });
        StringWriter w = new StringWriter();
        exporter.exportGraph(cdg.graph(), w);
        return w.toString();
    }

    /** Whether {@link #gridSvg} lays the graph out on the network's grid (tori and meshes); else Graphviz does. */
    public static boolean onGrid(ChannelDependencyGraph cdg) {
        return cdg.network().topology() instanceof Grid;
    }

    /**
     * The graph as SVG, drawn in Java on the network's layout ({@link NetworkLayout}: tori and
     * meshes on their grid): the nodes and channels in grey, every queue as a box where its
     * channel's middle is, every dependency as an arrow between queue boxes, the shortest cycle
     * in red, and a title and a legend. No Graphviz.
     */
    public static String gridSvg(ChannelDependencyGraph cdg) {
        Network net = cdg.network();
        var t = net.topology();
        NetworkLayout layout = NetworkLayout.of(net);
        List<Integer> cycle = cdg.cycle();
        Set<Long> cycleEdges = new HashSet<>();
        for (int i = 0; i < cycle.size(); i++) {
            cycleEdges.add(((long) cycle.get(i) << 32) | cycle.get((i + 1) % cycle.size()));
        }
        Set<Integer> onCycle = new HashSet<>(cycle);
        double top = 50;
        String legend = "legend: grey circles nodes, grey lines channels; a box per queue (channel, VC) at its channel's "
            + "middle; an arrow: a packet at the head of one queue may request the other";
        double w = Math.max(legend.length() * 6.2, layout.width());
        String title = (cdg.kind() == ChannelDependencyGraph.Kind.FULL ? "channel dependency graph"
            : "Duato extended graph of the escape VCs") + ": " + t.describe() + ", " + net.vcs() + " VC(s), "
            + cdg.vertices() + " queues, " + cdg.edges() + " dependencies, "
            + (cycle.isEmpty() ? "acyclic" : "shortest cycle (" + cycle.size() + " queues) in red");
        w = Math.max(w, title.length() * 7.0);
        double h = layout.height() + top + 40;
        StringBuilder b = new StringBuilder();
        b.append(String.format(java.util.Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"cdg\" "
            + "width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"11\">%n",
            w, h, w, h));
        b.append("<defs><marker id=\"cdg-arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" "
            + "markerHeight=\"6\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#555\"/></marker>"
            + "<marker id=\"cdg-arrow-red\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" "
            + "markerHeight=\"6\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#d00\"/></marker></defs>\n");
        b.append(String.format(java.util.Locale.ROOT, "<text x=\"10\" y=\"20\" font-size=\"13\">%s</text>%n", xml(title)));
        b.append(String.format(java.util.Locale.ROOT, "<text x=\"10\" y=\"38\" fill=\"#555\">%s</text>%n",
            xml(legend)));
        b.append(String.format(java.util.Locale.ROOT, "<g transform=\"translate(0,%.0f)\">%n", top));
        for (int c = 0; c < t.channels(); c++) {
            double[] k = layout.curve(c);
            b.append(String.format(java.util.Locale.ROOT,
                "<path d=\"M%.1f,%.1f Q%.1f,%.1f %.1f,%.1f\" fill=\"none\" stroke=\"#ddd\" stroke-width=\"3\"/>%n",
                k[0], k[1], k[2], k[3], k[4], k[5]));
        }
        for (int v = 0; v < t.nodes(); v++) {
            b.append(String.format(java.util.Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"14\" fill=\"#eee\" "
                + "stroke=\"#999\"/><text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#666\">%s</text>%n",
                layout.nodeX(v), layout.nodeY(v), layout.nodeX(v), layout.nodeY(v) + 4, xml(t.nodeName(v))));
        }
        for (DefaultEdge e : cdg.graph().edgeSet()) {
            int s = cdg.graph().getEdgeSource(e);
            int d = cdg.graph().getEdgeTarget(e);
            if (s >= net.queues() || d >= net.queues()) {
                continue;
            }
            boolean red = cycleEdges.contains(((long) s << 32) | d);
            double x0 = layout.queueX(s);
            double y0 = layout.queueY(s);
            double x1 = layout.queueX(d);
            double y1 = layout.queueY(d);
            double len = Math.max(1e-9, Math.hypot(x1 - x0, y1 - y0));
            // stop short of the boxes, and bend a little so that opposite dependencies do not overlap
            double ux = (x1 - x0) / len;
            double uy = (y1 - y0) / len;
            double sx = x0 + ux * 12;
            double sy = y0 + uy * 12;
            double ex = x1 - ux * 12;
            double ey = y1 - uy * 12;
            double cx = (sx + ex) / 2 - uy * 0.12 * len;
            double cy = (sy + ey) / 2 + ux * 0.12 * len;
            b.append(String.format(java.util.Locale.ROOT, "<path d=\"M%.1f,%.1f Q%.1f,%.1f %.1f,%.1f\" fill=\"none\" "
                + "stroke=\"%s\" stroke-width=\"%s\" marker-end=\"url(#%s)\"><title>%s</title></path>%n",
                sx, sy, cx, cy, ex, ey, red ? "#d00" : "#888", red ? "2.5" : "1", red ? "cdg-arrow-red" : "cdg-arrow",
                xml(net.queueName(s) + " => " + net.queueName(d))));
        }
        for (int q = 0; q < net.queues(); q++) {
            boolean red = onCycle.contains(q);
            b.append(String.format(java.util.Locale.ROOT, "<g class=\"cdg-queue%s\"><rect x=\"%.1f\" y=\"%.1f\" "
                + "width=\"22\" height=\"14\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"/>"
                + "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"9\">v%d</text>"
                + "<title>%s</title></g>%n", red ? " on-cycle" : "", layout.queueX(q) - 11, layout.queueY(q) - 7,
                red ? "#fdd" : "#fff", red ? "#d00" : "#333", red ? "2" : "1", layout.queueX(q), layout.queueY(q) + 3,
                net.vcOf(q), xml(net.queueName(q))));
        }
        b.append("</g>\n</svg>\n");
        return b.toString();
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /**
     * Renders a DOT file to SVG with Graphviz.
     *
     * @return null on success, or one line saying why it could not be done
     */
    public static String svg(Path dotFile, Path svgFile) throws InterruptedException, OutputFile.Failure {
        ProcessBuilder pb = new ProcessBuilder("dot", "-Tsvg", dotFile.toString());
        Path errors;
        try {
            errors = Files.createTempFile("flowproof-dot", ".err");
        } catch (IOException e) {
            return "cannot run Graphviz 'dot': no temporary file for its messages (" + e.getMessage() + ")";
        }
        pb.redirectError(errors.toFile());
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            deleteQuietly(errors);
            return "Graphviz 'dot' is not installed (or not on the PATH), so no SVG was drawn; the DOT file is "
                + dotFile + " (install the Debian package graphviz)";
        }
        byte[] svg;
        try {
            svg = p.getInputStream().readAllBytes();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "Graphviz 'dot' did not finish within 120 s";
            }
            if (p.exitValue() != 0) {
                return "Graphviz 'dot' failed: " + Files.readString(errors).lines().findFirst().orElse("exit " + p.exitValue());
            }
        } catch (IOException e) {
            return "Graphviz 'dot' failed: " + e.getMessage();
        } finally {
            deleteQuietly(errors);
        }
        if (svg.length == 0) {
            return "Graphviz 'dot' wrote no SVG";
        }
        OutputFile.write(svgFile, svg);
        return null;
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a temporary file left behind
        }
    }
}
