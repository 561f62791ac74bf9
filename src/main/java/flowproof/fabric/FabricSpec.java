package flowproof.fabric;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * A fabric as a flowproof spec, for the engines that decide a spec (the explorer's shortest
 * trace, CP-SAT, the cycle-guided search): every switch and CA a router of a graph, a channel
 * each way on every link, the CAs the terminals, and a routing table that is the switches'
 * forwarding tables (at a switch, to a CA: the router its out port leads to; at a CA: its
 * switch). Written as three maps (the spec, the graph file, the routes file) for a YAML writer.
 * Only for fabrics that the graph model states exactly: one VL, LMC 0, one port per CA, at most
 * one link between two nodes, every route delivered.
 */
public final class FabricSpec {

    /** The spec's tree, its graph file's and its routes file's. */
    public record Files(Map<String, Object> spec, Map<String, Object> graph, Map<String, Object> routes) {
    }

    private FabricSpec() {
    }

    /** Why a fabric cannot be written as a spec: what a spec needs, and what the fabric has. */
    public record Refusal(String expected, String found) {
        @Override
        public String toString() {
            return "expected " + expected + ", found " + found;
        }
    }

    /** Why the fabric cannot be written as a spec, or null. */
    public static Refusal refusal(CreditLoops c) {
        Fabric f = c.fabric();
        if (c.vls().size() > 1) {
            return new Refusal("routes on one VL (a spec's table routing has no SL-to-VL stage)", "VLs " + c.vls());
        }
        if (f.lmc() > 0) {
            return new Refusal("LMC 0 (a spec routes to a router, not to one of its LIDs)", "LMC " + f.lmc());
        }
        if (c.brokenCount() > 0) {
            return new Refusal("every route delivered", c.brokenCount() + " that are not");
        }
        for (int v = 0; v < f.nodes(); v++) {
            TreeSet<Integer> peers = new TreeSet<>();
            int links = 0;
            for (int p = 1; p <= f.ports(v); p++) {
                int w = f.peer(v, p);
                if (w >= 0) {
                    links++;
                    if (!peers.add(w)) {
                        return new Refusal("at most one link between two nodes (a spec's graph names a channel by its "
                            + "two routers)", "two between " + f.name(v) + " and " + f.name(w));
                    }
                }
            }
            if (!f.isSwitch(v) && links > 1) {
                return new Refusal("one connected port per CA", links + " on " + f.name(v));
            }
        }
        java.util.Set<String> names = new java.util.HashSet<>();
        for (int v = 0; v < f.nodes(); v++) {
            if (!names.add(f.name(v))) {
                return new Refusal("distinct node names", "two named '" + f.name(v) + "'");
            }
        }
        return null;
    }

    /**
     * The spec (named {@code name}, its files {@code graphFile} and {@code routesFile} relative to
     * it); call only when {@link #refusal} is null.
     */
    public static Files of(CreditLoops c, String name, String graphFile, String routesFile, String source) {
        Fabric f = c.fabric();
        Map<String, Object> graph = new LinkedHashMap<>();
        List<String> routers = new ArrayList<>();
        List<String> terminals = new ArrayList<>();
        List<List<String>> links = new ArrayList<>();
        for (int v = 0; v < f.nodes(); v++) {
            routers.add(f.name(v));
            if (!f.isSwitch(v)) {
                terminals.add(f.name(v));
            }
            for (int p = 1; p <= f.ports(v); p++) {
                int w = f.peer(v, p);
                if (w > v) {
                    links.add(List.of(f.name(v), f.name(w)));
                }
            }
        }
        graph.put("routers", routers);
        graph.put("links", links);
        graph.put("terminals", terminals);
        List<Map<String, Object>> routes = new ArrayList<>();
        for (int v = 0; v < f.nodes(); v++) {
            for (int e = 0; e < f.endpoints(); e++) {
                int dst = f.endpointNode(e);
                if (dst == v) {
                    continue;
                }
                int next;
                if (f.isSwitch(v)) {
                    int out = f.outPort(v, f.endpointLid(e));
                    next = out <= 0 ? -1 : f.peer(v, out);
                } else {
                    next = f.peer(v, f.endpointPort(endpointOf(f, v)));
                }
                if (next < 0) {
                    continue;
                }
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("at", f.name(v));
                r.put("to", f.name(dst));
                r.put("next", List.of(f.name(next)));
                routes.add(r);
            }
        }
        Map<String, Object> table = new LinkedHashMap<>();
        table.put("routes", routes);
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("name", name);
        spec.put("description", "The routes OpenSM installed in " + source + " (written by flowproof fabric --spec): "
            + "switches and CAs as routers, the forwarding tables as the routing table, one VC (the VL the routes use), "
            + "packets that wait for a whole free buffer (virtual cut-through, as InfiniBand's credits).");
        spec.put("topology", Map.of("kind", "graph", "file", graphFile));
        spec.put("routing", Map.of("kind", "table", "file", routesFile));
        spec.put("vcs", 1);
        spec.put("capacity", 1);
        spec.put("rule", "vct");
        spec.put("traffic", "all-pairs");
        return new Files(spec, graph, table);
    }

    private static int endpointOf(Fabric f, int node) {
        for (int e = 0; e < f.endpoints(); e++) {
            if (f.endpointNode(e) == node) {
                return e;
            }
        }
        throw new IllegalStateException("no endpoint on " + f.name(node));
    }
}
