package flowproof.report;

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
