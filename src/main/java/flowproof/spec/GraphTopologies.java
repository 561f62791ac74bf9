package flowproof.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.google.auto.service.AutoService;
import flowproof.ConfigurationException;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import flowproof.topology.Topology;
import flowproof.topology.TopologyFactory;
import java.util.List;

/**
 * The built-in topologies read from a file of their own or inline ({@link GraphFiles}):
 * {@code topology: {kind: graph, file: F}} or {@code {kind: graph, graph: {...}}}, and BookSim's
 * anynet format likewise. A file is embedded in the spec's tree once read, so that
 * counterexample files carry the network.
 */
final class GraphTopologies {

    private GraphTopologies() {
    }

    /** file or the inline form (field {@code kind}). */
    private static Topology read(PluginParams p, String kind) {
        JsonNode inline = p.node(kind);
        if (p.has("file") == (inline != null)) {
            throw new ConfigurationException("topology", "exactly one of file and " + kind + " (the " + kind
                + " inline; counterexample files embed it so)", p.describeMapping());
        }
        String at = p.prefix() + p.field();
        try {
            if (inline != null) {
                if (kind.equals("graph")) {
                    return GraphFiles.graph(p.source(), at + ".graph.", "(embedded)", inline);
                }
                if (!inline.isTextual()) {
                    throw p.bad("anynet", "the text of an anynet file");
                }
                return GraphFiles.anynet(p.source(), at + ".anynet, ", "(embedded)", inline.asText());
            }
            java.nio.file.Path path = p.path("file");
            Object[] read = kind.equals("graph") ? GraphFiles.graphFile(p.source(), at + ".file", path)
                : GraphFiles.anynetFile(p.source(), at + ".file", path);
            // embed the network, so that counterexample files carry it
            p.embed("file", kind, read[1] instanceof JsonNode tree ? tree : TextNode.valueOf((String) read[1]));
            return (Topology) read[0];
        } catch (SpecException e) {
            throw new SpecError(e);
        }
    }

    /** {@code kind: graph}: routers and channels listed by name (a graph file, or inline). */
    @AutoService(TopologyFactory.class)
    public static final class GraphFactory implements TopologyFactory {
        @Override
        public String name() {
            return "graph";
        }

        @Override
        public Topology create(PluginParams params) {
            return read(params, name());
        }

        @Override
        public List<Param> params() {
            return List.of(Param.of("file"), Param.of("graph"));
        }
    }

    /** {@code kind: anynet}: BookSim's anynet file (or its text inline). */
    @AutoService(TopologyFactory.class)
    public static final class AnynetFactory implements TopologyFactory {
        @Override
        public String name() {
            return "anynet";
        }

        @Override
        public Topology create(PluginParams params) {
            return read(params, name());
        }

        @Override
        public List<Param> params() {
            return List.of(Param.of("file"), Param.of("anynet"));
        }
    }
}
