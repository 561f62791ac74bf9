package flowproof.spec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import flowproof.ConfigurationException;
import flowproof.topology.GraphTopology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads the files of {@code topology: {kind: graph, file: F}} (YAML, below) and
 * {@code topology: {kind: anynet, file: F}} (BookSim's anynet format). A mistake in the file
 * is one line naming that file, the field (or line) in it, what was expected and found.
 *
 * <pre>
 * routers: [a, b, c, d]                # names, in the order of router ids
 * links: [[a, b], [b, c, 2]]           # bidirectional: a channel each way; optional latency
 * channels: [[c, d], [d, a, 3]]        # directed channels [from, to] or [from, to, latency]
 * terminals: [a, c]                    # routers with terminals (default: every router)
 * concentration: 1                     # terminals per such router (default 1)
 * </pre>
 *
 * <p>anynet: BookSim's format, read as BookSim reads it ({@link #anynet}): lines
 * {@code router R node N router R2 [latency] ...}. Routers are named by their numbers.
 */
public final class GraphFiles {

    /** A graph's fields (a graph file, or topology.graph inline), from {@link SpecFields}. */
    private static final List<String> FIELDS = SpecFields.under("topology.graph");
    private static final List<String> ROUTE_FIELDS = SpecFields.under("routing.routes[]");

    private GraphFiles() {
    }

    /** The file named by {@code topology.file}, relative to the spec's folder. */
    static Path resolve(String specFile, String file) {
        Path parent = Path.of(specFile).getParent();
        return parent == null ? Path.of(file) : parent.resolve(file);
    }

    private static String text(String specFile, String field, Path file) throws SpecException {
        try {
            return Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new SpecException(specFile, field, "a file that exists (relative to the spec's folder)",
                "\"" + file + "\": no such file");
        } catch (IOException | RuntimeException e) {
            throw new SpecException(specFile, field, "a readable file", "\"" + file + "\": " + e.getMessage());
        }
    }

    /** A graph file (YAML): the topology and the file's tree, to embed in the spec. */
    static Object[] graphFile(String specFile, String field, Path file) throws SpecException {
        String name = file.toString();
        JsonNode tree;
        try {
            tree = Yaml.read(text(specFile, field, file));
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
            throw new SpecException(name, "not valid YAML: " + e.getOriginalMessage().lines().findFirst().orElse("")
                + where);
        } catch (IOException e) {
            throw new SpecException(name, "cannot be read: " + e.getMessage());
        }
        return new Object[] {graph(name, "", file.getFileName().toString(), tree), tree};
    }

    /**
     * A graph from its tree: {@code where} is the file to name in errors, {@code at} the
     * prefix of its fields ({@code ""} in a graph file, {@code topology.graph.} inline).
     */
    static GraphTopology graph(String where, String at, String shortName, JsonNode tree) throws SpecException {
        String name = where;
        if (tree == null || !tree.isObject()) {
            throw new SpecException(name, at.isEmpty() ? "(document)" : at.substring(0, at.length() - 1),
                "a mapping with routers and links or channels", SpecReader.describe(tree));
        }
        Iterator<String> it = tree.fieldNames();
        while (it.hasNext()) {
            String k = it.next();
            if (!FIELDS.contains(k)) {
                throw new SpecException(name, at + k, "one of the fields " + String.join(", ", FIELDS),
                    "an unknown field");
            }
        }
        JsonNode r = tree.get("routers");
        if (r == null || !r.isArray() || r.isEmpty()) {
            throw new SpecException(name, at + "routers", "a non-empty list of router names", SpecReader.describe(r));
        }
        Map<String, Integer> ids = new LinkedHashMap<>();
        for (int i = 0; i < r.size(); i++) {
            JsonNode v = r.get(i);
            if (!v.isValueNode() || v.isNull() || v.asText().isBlank()) {
                throw new SpecException(name, at + "routers[" + i + "]", "a router name", SpecReader.describe(v));
            }
            if (ids.put(v.asText(), i) != null) {
                throw new SpecException(name, at + "routers[" + i + "]", "a name not listed before", SpecReader.describe(v));
            }
        }
        List<int[]> channels = new ArrayList<>();
        for (String key : List.of("links", "channels")) {
            JsonNode list = tree.get(key);
            if (list == null) {
                continue;
            }
            if (!list.isArray()) {
                throw new SpecException(name, at + key, "a list of [from, to] or [from, to, latency]",
                    SpecReader.describe(list));
            }
            for (int i = 0; i < list.size(); i++) {
                JsonNode e = list.get(i);
                String ei = at + key + "[" + i + "]";
                if (!e.isArray() || e.size() < 2 || e.size() > 3) {
                    throw new SpecException(name, ei, "[from, to] or [from, to, latency]", SpecReader.describe(e));
                }
                int a = router(name, ei + "[0]", e.get(0), ids);
                int b = router(name, ei + "[1]", e.get(1), ids);
                int lat = 1;
                if (e.size() == 3) {
                    if (!e.get(2).isInt() || e.get(2).asInt() < 1) {
                        throw new SpecException(name, ei + "[2]", "a latency of at least 1 cycle",
                            SpecReader.describe(e.get(2)));
                    }
                    lat = e.get(2).asInt();
                }
                if (a == b) {
                    throw new SpecException(name, ei, "two different routers", SpecReader.describe(e));
                }
                channels.add(new int[] {a, b, lat});
                if (key.equals("links")) {
                    channels.add(new int[] {b, a, lat});
                }
            }
        }
        if (channels.isEmpty()) {
            throw new SpecException(name, at + "links", "at least one link or channel", "none");
        }
        boolean[] endpoint = new boolean[ids.size()];
        JsonNode t = tree.get("terminals");
        if (t == null) {
            java.util.Arrays.fill(endpoint, true);
        } else {
            if (!t.isArray()) {
                throw new SpecException(name, at + "terminals", "a list of router names", SpecReader.describe(t));
            }
            for (int i = 0; i < t.size(); i++) {
                endpoint[router(name, at + "terminals[" + i + "]", t.get(i), ids)] = true;
            }
        }
        int concentration = 1;
        JsonNode c = tree.get("concentration");
        if (c != null) {
            if (!c.isInt() || c.asInt() < 1) {
                throw new SpecException(name, at + "concentration", "a positive integer", SpecReader.describe(c));
            }
            concentration = c.asInt();
        }
        double[][] xy = positions(name, at, tree.get("positions"), ids);
        return build(name, at, shortName, new ArrayList<>(ids.keySet()), channels, endpoint,
            concentration, xy);
    }

    /** {@code positions: {a: [0, 0], b: [1, 0]}}: where each router is drawn, or null when not given. */
    private static double[][] positions(String file, String at, JsonNode p, Map<String, Integer> ids)
            throws SpecException {
        if (p == null) {
            return null;
        }
        if (!p.isObject()) {
            throw new SpecException(file, at + "positions", "a mapping from each router to [x, y]", SpecReader.describe(p));
        }
        double[] x = new double[ids.size()];
        double[] y = new double[ids.size()];
        boolean[] given = new boolean[ids.size()];
        Iterator<Map.Entry<String, JsonNode>> it = p.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            Integer id = ids.get(e.getKey());
            if (id == null) {
                throw new SpecException(file, at + "positions." + e.getKey(), "a router listed under routers",
                    "an unknown router");
            }
            JsonNode v = e.getValue();
            if (!v.isArray() || v.size() != 2 || !v.get(0).isNumber() || !v.get(1).isNumber()) {
                throw new SpecException(file, at + "positions." + e.getKey(), "[x, y] (two numbers)",
                    SpecReader.describe(v));
            }
            x[id] = v.get(0).asDouble();
            y[id] = v.get(1).asDouble();
            given[id] = true;
        }
        for (Map.Entry<String, Integer> e : ids.entrySet()) {
            if (!given[e.getValue()]) {
                throw new SpecException(file, at + "positions", "a position for every router", "none for "
                    + e.getKey());
            }
        }
        return new double[][] {x, y};
    }

    private static int router(String file, String at, JsonNode v, Map<String, Integer> ids) throws SpecException {
        Integer id = v.isValueNode() && !v.isNull() ? ids.get(v.asText()) : null;
        if (id == null) {
            throw new SpecException(file, at, "a router listed under routers", SpecReader.describe(v));
        }
        return id;
    }

    private static GraphTopology build(String file, String at, String shortName, List<String> names, List<int[]> channels,
            boolean[] endpoint, int concentration) throws SpecException {
        return build(file, at, shortName, names, channels, endpoint, concentration, null);
    }

    private static GraphTopology build(String file, String at, String shortName, List<String> names, List<int[]> channels,
            boolean[] endpoint, int concentration, double[][] xy) throws SpecException {
        try {
            return new GraphTopology(shortName, names, channels, endpoint, concentration, xy == null ? null : xy[0],
                xy == null ? null : xy[1]);
        } catch (ConfigurationException e) {
            throw new SpecException(file, at + e.field(), e.expected(), e.found());
        }
    }

    /** A BookSim anynet file: the topology and the file's text, to embed in the spec. */
    static Object[] anynetFile(String specFile, String field, Path file) throws SpecException {
        String text = text(specFile, field, file);
        return new Object[] {anynet(file.toString(), "", file.getFileName().toString(), text), text};
    }

    /**
     * BookSim anynet text, read by the grammar of BookSim's own reader ({@code AnyNet::readFile}
     * in booksim2's src/networks/anynet.cpp); {@code at0} prefixes line numbers
     * ({@code topology.anynet, } inline). Each line is a head, {@code router R} or
     * {@code node N}, then any number of entries {@code router R2} or {@code node N2}, each
     * followed by any number of latencies (the last one counts). What BookSim makes of it:
     *
     * <ul>
     *   <li>{@code router A ... router B [L]}: the channel A to B, of latency L (1 without
     *       one; a later declaration of A to B sets it again, to 1 without a latency), and the
     *       channel B to A of latency 1 unless B to A is declared (on B's line, before or
     *       after). Latencies are one-way.</li>
     *   <li>{@code router R ... node N} or {@code node N ... router R}: terminal N at router R,
     *       again and again if repeated; at two routers is an error. A latency on a terminal
     *       link is read, and not modelled (flowproof's terminal links take the simulator's
     *       injection and ejection cycles).</li>
     *   <li>{@code router R} alone declares router R. Routers are numbered 0 to R-1 and nodes
     *       0 to N-1 with none missing (BookSim indexes arrays by them).</li>
     *   <li>{@code router A ... router A}: a channel from A to itself, which BookSim builds and
     *       never routes on (its routes are shortest paths); flowproof leaves it out.</li>
     * </ul>
     *
     * <p>Errors, as BookSim's (which stops on them): a head other than router or node, an
     * entry other than router, node or a latency, a node linked to a node, a node at two
     * routers, routers or nodes not numbered from 0 without gaps. Stricter, where BookSim reads
     * on regardless: ids and latencies must be whole numbers (BookSim's {@code atoi} reads
     * {@code 3x} as 3 and {@code x} as 0), latencies at least 1, and a line must not end
     * inside an entry ({@code router 0 node}: BookSim prints "Incomplete parse" and goes on).
     * Beyond BookSim: {@code //} and {@code #} start comments, and tabs separate like spaces.
     * flowproof's own limits, each one line: at least one link between routers, and the same
     * number of nodes at every router that has nodes.
     */
    static GraphTopology anynet(String name, String at0, String shortName, String text) throws SpecException {
        return anynetTopology(name, at0, shortName, parseAnynet(name, at0, text));
    }

    /**
     * An anynet file as BookSim holds it: per router (in increasing order) its neighbours (in
     * increasing order) with the latency of the channel to each ({@code router_list[1]}), the
     * router of every node, and the longest latency given on a terminal link (1 without one).
     */
    record Anynet(TreeMap<Integer, TreeMap<Integer, Integer>> links, TreeMap<Integer, Integer> nodeAt,
        int terminalLatency) {
    }

    /** Parses anynet text ({@link #anynet} says how), with its checks; builds nothing. */
    static Anynet parseAnynet(String name, String at0, String text) throws SpecException {
        String[] lines = text.split("\r?\n", -1);
        // router id -> (neighbour id -> latency of the channel to it); TreeMaps: ids in order
        TreeMap<Integer, TreeMap<Integer, Integer>> links = new TreeMap<>();
        TreeMap<Integer, Integer> nodeAt = new TreeMap<>();
        Map<Integer, Integer> nodeLine = new java.util.HashMap<>();
        int terminalLatency = 1;
        int lastLine = 0;
        for (int ln = 0; ln < lines.length; ln++) {
            String line = lines[ln];
            int cut = line.indexOf("//");
            if (cut >= 0) {
                line = line.substring(0, cut);
            }
            cut = line.indexOf('#');
            if (cut >= 0) {
                line = line.substring(0, cut);
            }
            String[] tok = line.trim().split("[ \\t\\r]+");
            if (tok.length == 1 && tok[0].isEmpty()) {
                continue;
            }
            lastLine = ln + 1;
            String at = at0 + "line " + (ln + 1);
            boolean headRouter = tok[0].equals("router");
            if (!headRouter && !tok[0].equals("node")) {
                throw new SpecException(name, at, "router R or node N at the start of the line", "\"" + tok[0] + "\"");
            }
            if (tok.length < 2) {
                throw new SpecException(name, at, "a " + tok[0] + " number after " + tok[0], "the end of the line");
            }
            int head = number(name, at, tok[1], "a " + tok[0] + " number");
            if (headRouter) {
                links.computeIfAbsent(head, k -> new TreeMap<>());
            }
            int i = 2;
            while (i < tok.length) {
                String kind = tok[i];
                if (!kind.equals("node") && !kind.equals("router")) {
                    throw new SpecException(name, at, "node N or router R" + (i > 2 ? " or a latency of at least 1 cycle"
                        : ""), "\"" + kind + "\"");
                }
                if (i + 1 >= tok.length) {
                    throw new SpecException(name, at, "a " + kind + " number after " + kind, "the end of the line");
                }
                int id = number(name, at, tok[i + 1], "a " + kind + " number");
                i += 2;
                int lat = 1;
                while (i < tok.length && !tok[i].equals("node") && !tok[i].equals("router")) {
                    if (!tok[i].matches("-?\\d+")) {
                        throw new SpecException(name, at, "node N or router R or a latency of at least 1 cycle",
                            "\"" + tok[i] + "\"");
                    }
                    lat = latency(name, at, tok[i]);
                    i++;
                }
                boolean bodyRouter = kind.equals("router");
                if (!headRouter && !bodyRouter) {
                    throw new SpecException(name, at, "a node linked to a router", "node " + head + " node " + id);
                }
                if (headRouter != bodyRouter) {
                    terminalLatency = Math.max(terminalLatency, lat);
                    int node = headRouter ? id : head;
                    int router = headRouter ? head : id;
                    links.computeIfAbsent(router, k -> new TreeMap<>());
                    Integer before = nodeAt.put(node, router);
                    if (before != null && before != router) {
                        throw new SpecException(name, at, "each node at one router", "node " + node + " at router "
                            + router + ", and at router " + before + " on line " + nodeLine.get(node));
                    }
                    nodeLine.putIfAbsent(node, ln + 1);
                    continue;
                }
                links.computeIfAbsent(id, k -> new TreeMap<>());
                if (id == head) {
                    // BookSim builds a channel from a router to itself and never routes on it; a graph file refuses
                    // one, and so does this: left out silently, it hid a typo (issue 45)
                    throw new SpecException(name, at, "a link between two different routers (BookSim builds a channel"
                        + " from a router to itself and never routes on it: remove it)", "router " + id
                        + " linked to itself");
                }
                links.get(head).put(id, lat);
                links.get(id).putIfAbsent(head, 1);
            }
        }
        String doc = at0.isEmpty() ? "(document)" : at0.substring(0, at0.length() - 2);
        if (links.isEmpty()) {
            throw new SpecException(name, doc, "lines of the form router R node N router R2", "no router");
        }
        int expect = 0;
        for (int r : links.keySet()) {
            if (r != expect) {
                throw new SpecException(name, doc, "routers numbered 0 to " + (links.size() - 1) + " (BookSim indexes"
                    + " routers by number)", "no router " + expect + (r > expect ? ", but router " + r : ""));
            }
            expect++;
        }
        expect = 0;
        for (int n : nodeAt.keySet()) {
            if (n != expect) {
                throw new SpecException(name, doc, "nodes numbered 0 to " + (nodeAt.size() - 1) + " (BookSim's traffic"
                    + " manager numbers them so)", "no node " + expect + ", but node " + n + " on line " + nodeLine.get(n));
            }
            expect++;
        }
        return new Anynet(links, nodeAt, terminalLatency);
    }

    private static GraphTopology anynetTopology(String name, String at0, String shortName, Anynet a)
        throws SpecException {
        TreeMap<Integer, TreeMap<Integer, Integer>> links = a.links();
        TreeMap<Integer, Integer> nodeAt = a.nodeAt();
        String doc = at0.isEmpty() ? "(document)" : at0.substring(0, at0.length() - 2);
        TreeMap<Integer, Integer> terminals = new TreeMap<>();
        for (int r : nodeAt.values()) {
            terminals.merge(r, 1, Integer::sum);
        }
        List<String> names = new ArrayList<>();
        for (int r : links.keySet()) {
            names.add(Integer.toString(r));
        }
        List<int[]> channels = new ArrayList<>();
        for (Map.Entry<Integer, TreeMap<Integer, Integer>> e : links.entrySet()) {
            for (Map.Entry<Integer, Integer> n : e.getValue().entrySet()) {
                channels.add(new int[] {e.getKey(), n.getKey(), n.getValue()});
            }
        }
        boolean[] endpoint = new boolean[names.size()];
        int concentration = 0;
        for (Map.Entry<Integer, Integer> e : terminals.entrySet()) {
            endpoint[e.getKey()] = true;
            if (concentration == 0) {
                concentration = e.getValue();
            } else if (e.getValue() != concentration) {
                throw new SpecException(name, at0 + "router " + e.getKey(), "the same number of nodes at every router that"
                    + " has nodes (" + concentration + ", as at router " + terminals.firstKey() + "; flowproof's"
                    + " topologies have one concentration)", e.getValue() + " nodes");
            }
        }
        if (channels.isEmpty()) {
            throw new SpecException(name, doc, "at least one router-router link (flowproof checks and simulates the"
                + " channels between routers)", "none");
        }
        return build(name, at0, shortName, names, channels, endpoint, Math.max(1, concentration));
    }

    private static int latency(String file, String at, String tok) throws SpecException {
        try {
            int v = Integer.parseInt(tok);
            if (v >= 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new SpecException(file, at, "a latency of at least 1 cycle", "\"" + tok + "\"");
    }

    /**
     * {@code routing: {kind: table, file: F}} (F holds {@code routes: [...]}) or
     * {@code routing: {kind: table, routes: [...]}}; each route
     * {@code {at: R, to: D, next: [R2, ...], from: R0}}: a packet at R for D may go on to any
     * router of {@code next}; with {@code from}, only when it arrived from R0 (such an entry
     * takes precedence over one without {@code from}). With {@code hop-limit: N} the routes may
     * loop; see {@link flowproof.routing.TableRouting}.
     */
    static flowproof.routing.TableRouting table(String specFile, String prefix, JsonNode routing,
            flowproof.topology.Topology g) throws SpecException {
        JsonNode file = routing.get("file");
        JsonNode inline = routing.get("routes");
        boolean loops = false;
        JsonNode loopsNode = routing.get("loops");
        if (loopsNode != null) {
            if (!loopsNode.isBoolean()) {
                throw new SpecException(specFile, prefix + "routing.loops", "true or false", SpecReader.describe(loopsNode));
            }
            loops = loopsNode.asBoolean();
        }
        int hopLimit = 0;
        JsonNode limit = routing.get("hop-limit");
        if (limit != null) {
            if (!limit.isInt() || limit.asInt() < 1) {
                throw new SpecException(specFile, prefix + "routing.hop-limit", "a positive number of hops",
                    SpecReader.describe(limit));
            }
            hopLimit = limit.asInt();
        }
        if ((file == null) == (inline == null)) {
            throw new SpecException(specFile, prefix + "routing", "a table: exactly one of file and routes",
                file == null ? "neither" : "both");
        }
        String where = specFile;
        String at = prefix + "routing.routes";
        JsonNode routes = inline;
        if (file != null) {
            if (!file.isTextual() || file.asText().isBlank()) {
                throw new SpecException(specFile, prefix + "routing.file", "a file name", SpecReader.describe(file));
            }
            Path path = resolve(specFile, file.asText());
            where = path.toString();
            at = "routes";
            routes = tableFile(specFile, prefix, routing, path);
        }
        if (!routes.isArray() || routes.isEmpty()) {
            throw new SpecException(where, at, "a non-empty list of {at: R, to: D, next: [R2, ...]}",
                SpecReader.describe(routes));
        }
        Map<String, Integer> ids = new LinkedHashMap<>();
        for (int v = 0; v < g.nodes(); v++) {
            ids.put(g.nodeName(v), v);
        }
        int n = g.nodes();
        // routes name the next router: the channel from a router to another (-2: more than one)
        Map<Long, Integer> pair = new java.util.HashMap<>();
        for (int c = 0; c < g.channels(); c++) {
            pair.merge((long) g.source(c) * n + g.target(c), c, (a, b) -> -2);
        }
        int[][][] table = new int[n][n][];
        Map<Long, int[]> byInput = new java.util.HashMap<>();
        Map<Long, int[]> byClass = new java.util.HashMap<>();
        java.util.Set<Long> defaults = new java.util.HashSet<>();
        for (int i = 0; i < routes.size(); i++) {
            JsonNode e = routes.get(i);
            String ei = at + "[" + i + "]";
            if (!e.isObject()) {
                throw new SpecException(where, ei, "a route {at: R, to: D, next: [R2, ...]}", SpecReader.describe(e));
            }
            Iterator<String> it = e.fieldNames();
            while (it.hasNext()) {
                String k = it.next();
                if (!ROUTE_FIELDS.contains(k)) {
                    throw new SpecException(where, ei + "." + k, "one of the fields at, to, next, from, class, default",
                        "an unknown field");
                }
            }
            int node = tableRouter(where, ei + ".at", e.get("at"), ids);
            int dest = tableRouter(where, ei + ".to", e.get("to"), ids);
            if (node == dest) {
                throw new SpecException(where, ei + ".to", "a destination other than the router at",
                    SpecReader.describe(e.get("to")));
            }
            int in = -1;
            if (e.has("from")) {
                int from = tableRouter(where, ei + ".from", e.get("from"), ids);
                in = pair.getOrDefault((long) from * n + node, -1);
                if (in == -2) {
                    throw new SpecException(where, ei + ".from", "a router with one channel to " + g.nodeName(node)
                        + " (a route names channels by their routers)", SpecReader.describe(e.get("from"))
                        + ", which has several");
                }
                if (in < 0) {
                    throw new SpecException(where, ei + ".from", "a router with a channel to " + g.nodeName(node),
                        SpecReader.describe(e.get("from")));
                }
            }
            int[] channels = nextChannels(where, ei, e, node, g, ids, pair);
            if (e.has("default")) {
                JsonNode dn = e.get("default");
                if (!dn.isBoolean()) {
                    throw new SpecException(where, ei + ".default", "true or false", SpecReader.describe(dn));
                }
                if (e.has("from") || e.has("class")) {
                    throw new SpecException(where, ei + ".default", "default on an entry without from and class (it"
                        + " covers the arrivals that have no entry of their own)", SpecReader.describe(dn));
                }
                if (dn.asBoolean()) {
                    defaults.add((long) node * n + dest);
                }
            }
            int cls = -1;
            if (e.has("class")) {
                JsonNode cn = e.get("class");
                if (!cn.isInt() || cn.asInt() < 0) {
                    throw new SpecException(where, ei + ".class", "a VC class (0, 1, ... of the spec's vc-classes)",
                        SpecReader.describe(cn));
                }
                cls = cn.asInt();
            }
            boolean dup = cls >= 0
                ? byClass.put(flowproof.routing.TableRouting.classKey(g, cls, node, in, dest), channels) != null
                : in < 0 ? table[node][dest] != null
                : byInput.put((long) in * n + dest, channels) != null;
            if (dup) {
                throw new SpecException(where, ei, "one route per (at, to" + (in < 0 ? "" : ", from")
                    + (cls < 0 ? "" : ", class") + ")",
                    "a second route at " + g.nodeName(node) + " to " + g.nodeName(dest));
            }
            if (in < 0 && cls < 0) {
                table[node][dest] = channels;
            }
        }
        try {
            return new flowproof.routing.TableRouting(g, "table", table, byInput, hopLimit, byClass, defaults, loops);
        } catch (ConfigurationException ce) {
            if (ce.field().equals("routing.hop-limit")) {
                throw new SpecException(specFile, prefix + ce.field(), ce.expected(), ce.found());
            }
            throw new SpecException(where, ce.field().equals("routing") ? at : ce.field(), ce.expected(), ce.found());
        }
    }

    /**
     * The routes of a routing table file (a mapping with one field, {@code routes}), embedded
     * into {@code routing} in place of its {@code file}, so that counterexample files carry them.
     */
    private static JsonNode tableFile(String specFile, String prefix, JsonNode routing, Path path)
            throws SpecException {
        String where = path.toString();
        JsonNode tree;
        try {
            tree = Yaml.read(text(specFile, prefix + "routing.file", path));
        } catch (JsonProcessingException e) {
            String loc = e.getLocation() == null ? ""
                : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
            throw new SpecException(where, "not valid YAML: " + e.getOriginalMessage().lines().findFirst().orElse("")
                + loc);
        } catch (IOException e) {
            throw new SpecException(where, "cannot be read: " + e.getMessage());
        }
        if (tree == null || !tree.isObject() || !tree.has("routes") || tree.size() != 1) {
            throw new SpecException(where, "(document)", "a mapping with one field, routes",
                SpecReader.describe(tree));
        }
        JsonNode routes = tree.get("routes");
        ((com.fasterxml.jackson.databind.node.ObjectNode) routing).remove("file");
        ((com.fasterxml.jackson.databind.node.ObjectNode) routing).set("routes", routes);
        return routes;
    }

    /**
     * The channels of route {@code e}'s {@code next} routers (one router or a list) from router
     * {@code node}, each named once; {@code pair}: the channel from a router to another by
     * {@code from * nodes + to} (-2: more than one).
     */
    private static int[] nextChannels(String where, String ei, JsonNode e, int node, flowproof.topology.Topology g,
            Map<String, Integer> ids, Map<Long, Integer> pair) throws SpecException {
        int n = g.nodes();
        JsonNode next = e.get("next");
        if (next != null && (next.isArray() && next.isEmpty()
            || next.isTextual() && next.asText().equals("none") && !ids.containsKey("none"))) {
            return new int[0]; // a dead end: no route here
        }
        if (next != null && next.isValueNode() && !next.isNull()) {
            next = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode().add(next);
        }
        if (next == null || !next.isArray()) {
            throw new SpecException(where, ei + ".next", "a list of routers linked from " + g.nodeName(node)
                + " ([] or none: no route here)", SpecReader.describe(e.get("next")));
        }
        int[] channels = new int[next.size()];
        for (int j = 0; j < next.size(); j++) {
            String nj = ei + ".next" + (e.get("next").isArray() ? "[" + j + "]" : "");
            int r = tableRouter(where, nj, next.get(j), ids);
            channels[j] = pair.getOrDefault((long) node * n + r, -1);
            if (channels[j] == -2) {
                throw new SpecException(where, nj, "a router with one channel from " + g.nodeName(node)
                    + " (a route names channels by their routers)", SpecReader.describe(next.get(j))
                    + ", which has several");
            }
            if (channels[j] < 0) {
                throw new SpecException(where, nj, "a router with a channel from " + g.nodeName(node),
                    SpecReader.describe(next.get(j)));
            }
            for (int k = 0; k < j; k++) {
                if (channels[k] == channels[j]) {
                    throw new SpecException(where, nj, "a router not listed before", SpecReader.describe(next.get(j)));
                }
            }
        }
        return channels;
    }

    private static int tableRouter(String file, String at, JsonNode v, Map<String, Integer> ids) throws SpecException {
        Integer id = v != null && v.isValueNode() && !v.isNull() ? ids.get(v.asText()) : null;
        if (id == null) {
            throw new SpecException(file, at, "a router of the topology", v == null ? "nothing (the field is missing)"
                : SpecReader.describe(v));
        }
        return id;
    }

    private static int number(String file, String at, String tok, String expected) throws SpecException {
        try {
            int v = Integer.parseInt(tok);
            if (v < 0) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new SpecException(file, at, expected + " (0 or more)", "\"" + tok + "\"");
        }
    }
}
