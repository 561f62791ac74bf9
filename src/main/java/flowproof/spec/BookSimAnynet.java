package flowproof.spec;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * BookSim's {@code topology = anynet} with {@code routing_function = min}: the network file and
 * BookSim's shortest-path routes as a routing table. Split out of {@link BookSimConfig} so
 * that each topology's mapping stays small.
 */
final class BookSimAnynet {

    private BookSimAnynet() {
    }

    /**
     * BookSim's {@code anynet} (networks/anynet.cpp) with {@code min_anynet}: the network file
     * ({@code network_file}, relative to the configuration's directory, else to the current
     * one, where BookSim opens it) embedded as {@code topology: {kind: anynet, anynet: TEXT}},
     * and BookSim's routes as a table: each router's next hop to each router with nodes is the
     * first hop of that router's own shortest-path tree by channel latency
     * ({@code AnyNet::route}: Dijkstra taking the lowest-numbered router among the nearest,
     * relaxing neighbours in increasing order with a strict improvement), one next hop per
     * (router, destination), as {@code routing: {kind: table, routes: [...]}}.
     */
    static void map(BookSimConfig cfg, ObjectNode spec, ObjectNode topo, String routing) throws SpecException {
        if (!routing.equals("min")) {
            throw cfg.error("routing_function", "min (min_anynet: the table of BookSim's shortest paths by latency)",
                cfg.shown("routing_function", "none"));
        }
        BookSimConfig.Value fileValue = cfg.value("network_file");
        if (fileValue == null) {
            throw cfg.error("network_file", "a BookSim anynet file (topology = anynet reads the network from it)",
                "none");
        }
        Path dir = Path.of(cfg.file()).toAbsolutePath().getParent();
        Path path = dir == null ? Path.of(fileValue.text()) : dir.resolve(fileValue.text());
        if (!Files.isRegularFile(path)) {
            path = Path.of(fileValue.text());
        }
        String text;
        try {
            text = Files.readString(path);
        } catch (IOException | RuntimeException e) {
            throw cfg.error("network_file", "a readable anynet file, relative to " + (dir == null ? "." : dir)
                + " or to the current directory", fileValue.text() + " (" + (Files.exists(path) ? "unreadable"
                : "no such file") + ")");
        }
        GraphFiles.Anynet net = GraphFiles.parseAnynet(path.toString(), "", text);
        if (net.terminalLatency() != 1) {
            throw cfg.error("network_file", "terminal links of 1 cycle (flowproof's injection and ejection channels are"
                + " the same at every terminal)", "a terminal link of " + net.terminalLatency() + " cycles in " + path);
        }
        topo.put("kind", "anynet");
        topo.put("anynet", text);
        java.util.TreeSet<Integer> withNodes = new java.util.TreeSet<>(net.nodeAt().values());
        int routers = net.links().size();
        ArrayNode routes = spec.putObject("routing").put("kind", "table").putArray("routes");
        for (int start = 0; start < routers; start++) {
            int[] prev = anynetTree(net, start);
            for (int to : withNodes) {
                if (to == start) {
                    continue;
                }
                int hop = to;
                while (hop >= 0 && prev[hop] != start) {
                    hop = prev[hop];
                }
                if (hop < 0) {
                    throw cfg.error("network_file", "every router reaching every router with nodes (BookSim's Dijkstra"
                        + " never ends otherwise)", "no path from router " + start + " to router " + to + " in "
                        + path);
                }
                ObjectNode r = routes.addObject().put("at", Integer.toString(start)).put("to", Integer.toString(to));
                r.putArray("next").add(Integer.toString(hop));
            }
        }
    }

    /**
     * BookSim's {@code AnyNet::route} from {@code start}: each router's predecessor on its
     * shortest path by latency (-1: none).
     */
    private static int[] anynetTree(GraphFiles.Anynet net, int start) {
        int n = net.links().size();
        long[] dist = new long[n];
        int[] prev = new int[n];
        java.util.Arrays.fill(dist, Long.MAX_VALUE);
        java.util.Arrays.fill(prev, -1);
        boolean[] done = new boolean[n];
        dist[start] = 0;
        for (int round = 0; round < n; round++) {
            int min = -1;
            for (int i = 0; i < n; i++) {
                if (!done[i] && dist[i] < (min < 0 ? Long.MAX_VALUE : dist[min])) {
                    min = i;
                }
            }
            if (min < 0) {
                break;
            }
            done[min] = true;
            for (Map.Entry<Integer, Integer> e : net.links().get(min).entrySet()) {
                long d = dist[min] + e.getValue();
                if (d < dist[e.getKey()]) {
                    dist[e.getKey()] = d;
                    prev[e.getKey()] = min;
                }
            }
        }
        return prev;
    }
}
