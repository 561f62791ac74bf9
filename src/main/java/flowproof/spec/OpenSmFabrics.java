package flowproof.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.auto.service.AutoService;
import flowproof.ConfigurationException;
import flowproof.fabric.CreditLoops;
import flowproof.fabric.FabricFileException;
import flowproof.fabric.FabricSpec;
import flowproof.fabric.OpenSmFiles;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import flowproof.routing.RoutingFactory;
import flowproof.routing.RoutingFunction;
import flowproof.topology.Topology;
import flowproof.topology.TopologyFactory;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * A spec that names a fabric's dumps: {@code topology: {kind: opensm, dir: DUMPS}} is the
 * fabric as OpenSM left it (every switch and CA a router of a graph, a channel each way on
 * every active link, the CAs the terminals; {@link FabricSpec}), and {@code routing: opensm}
 * its switches' forwarding tables. Read once and embedded in the spec's tree
 * ({@code opensm: {graph: ..., routes: ...}} in place of {@code dir}), so that counterexample
 * files carry the network and its routes. For fabrics the graph model states exactly: one VL,
 * LMC 0, one link between two nodes, one port per CA, every route delivered (docs/fabric.md).
 */
final class OpenSmFabrics {

    /** Each fabric topology's forwarding tables, as a routing table's {@code routes}. */
    private static final Map<Topology, JsonNode> ROUTES = Collections.synchronizedMap(new WeakHashMap<>());

    private OpenSmFabrics() {
    }

    /** {@code kind: opensm}. */
    @AutoService(TopologyFactory.class)
    public static final class Factory implements TopologyFactory {
        @Override
        public String name() {
            return "opensm";
        }

        @Override
        public Topology create(PluginParams p) {
            JsonNode inline = p.node("opensm");
            if (p.has("dir") == (inline != null)) {
                throw new ConfigurationException("topology", "exactly one of dir (OpenSM's dump directory) and opensm "
                    + "(the fabric inline, as counterexample files embed it)", p.describeMapping());
            }
            ObjectMapper m = new ObjectMapper();
            JsonNode graph;
            JsonNode routes;
            String shortName;
            if (inline != null) {
                if (!inline.isObject() || !inline.has("graph") || !inline.has("routes")) {
                    throw p.bad("opensm", "a mapping with graph and routes");
                }
                graph = inline.get("graph");
                routes = inline.get("routes");
                shortName = "opensm (embedded)";
            } else {
                java.nio.file.Path dir = p.path("dir");
                if (!java.nio.file.Files.isDirectory(dir)) {
                    throw p.bad("dir", "a directory of OpenSM's dump files", java.nio.file.Files.exists(dir) ? "a file "
                        + dir : "nothing at " + dir);
                }
                CreditLoops c;
                try {
                    c = CreditLoops.check(OpenSmFiles.read(OpenSmFiles.Sources.of(dir)), 0, 1);
                } catch (FabricFileException e) {
                    throw p.bad("dir", "OpenSM's dump files", e.getMessage());
                }
                FabricSpec.Refusal refusal = FabricSpec.refusal(c);
                if (refusal != null) {
                    throw p.bad("dir", refusal.expected() + " (flowproof fabric checks any fabric for credit loops)",
                        refusal.found() + " in " + dir);
                }
                FabricSpec.Files files = FabricSpec.of(c, "opensm", "", "", dir.toString());
                graph = m.valueToTree(files.graph());
                routes = m.valueToTree(files.routes().get("routes"));
                shortName = "opensm " + dir.getFileName();
                ObjectNode embedded = m.createObjectNode();
                embedded.set("graph", graph);
                embedded.set("routes", routes);
                p.embed("dir", "opensm", embedded);
            }
            try {
                Topology t = GraphFiles.graph(p.source(), p.prefix() + p.field() + ".opensm.graph.", shortName, graph);
                ROUTES.put(t, routes);
                return t;
            } catch (SpecException e) {
                throw new SpecError(e);
            }
        }

        @Override
        public List<Param> params() {
            return List.of(Param.of("dir"), Param.of("opensm"));
        }
    }

    /** {@code routing: opensm}: the fabric's forwarding tables. */
    @AutoService(RoutingFactory.class)
    public static final class Routing implements RoutingFactory {
        @Override
        public String name() {
            return "opensm";
        }

        @Override
        public RoutingFunction create(Topology topology, PluginParams params) {
            JsonNode routes = ROUTES.get(topology);
            if (routes == null) {
                throw new ConfigurationException("routing", "topology: {kind: opensm, dir: DUMPS} (the forwarding "
                    + "tables come with the fabric)", "topology " + topology.describe());
            }
            ObjectNode table = new ObjectMapper().createObjectNode();
            table.put("kind", "table");
            table.set("routes", routes);
            try {
                return GraphFiles.table(params.source(), params.prefix(), table, topology);
            } catch (SpecException e) {
                throw new SpecError(e);
            }
        }

        @Override
        public String refuses(Topology topology) {
            return ROUTES.containsKey(topology) ? null : "is the forwarding tables of topology: {kind: opensm, dir: DUMPS}";
        }
    }
}
