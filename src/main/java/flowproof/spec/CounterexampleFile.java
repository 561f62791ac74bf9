package flowproof.spec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.explore.Move;
import flowproof.explore.Property;
import flowproof.explore.Replayer;
import flowproof.explore.Snapshot;
import flowproof.explore.Trace;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Counterexample files: JSON holding the spec as written, the violated property, the
 * moves in order and the final state. Nodes and queues are named as in pictures
 * ({@code (1,0)}, {@code (0,0)-d0+->(1,0) vc0}), so a file reads without the tool and
 * replays against the rules of the current code.
 *
 * <pre>
 * {"format": "flowproof-counterexample", "version": 1, "source": "specs/r1.yaml",
 *  "spec": {...}, "property": "stuck-freedom", "length": 4,
 *  "moves": [{"step": 1, "kind": "inject", "node": "0", "destination": "2", "to": "0-d0+->1 vc0"}, ...],
 *  "final": [{"queue": "0-d0+->1 vc0", "packets": ["2"], "critical": 0}, ...]}
 * </pre>
 * Under synchronous semantics ({@code semantics: synchronous} in the spec) the moves of one
 * clock cycle share their {@code step} number and replay together; {@code length} counts
 * steps. A drift move has no destination; a generate move names its destination and no
 * queue. With injection queues, {@code "waiting"} lists each node's injection queue in the
 * final state.
 * A counterexample to injectability has no moves, the initial state as its final state, and
 * {@code "never-inject"}: the [source, destination] pairs that inject from no reachable state.
 *
 * <p>Under {@code flow: wormhole} every move moves one flit, {@code "packets"} lists one
 * header per flit (front first), each final queue also says which packet its VC is
 * {@code "allocated-to"} and whether its front flit is the {@code "head"} and its back flit
 * the {@code "tail"}, and {@code "waiting"} lists the flits each node still has to inject.
 */
public final class CounterexampleFile {

    public static final String FORMAT = "flowproof-counterexample";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * A counterexample read back: the spec, the property and the moves, the file's tree (null
     * when built in code) for {@link #replay} to compare the recorded state with, and for
     * injectability the pairs that never inject.
     */
    public record Loaded(Spec spec, Property property, List<Move> moves, List<Integer> stepSizes, JsonNode recorded,
                         List<Trace.Pair> starved) {

        public Loaded(Spec spec, Property property, List<Move> moves, List<Integer> stepSizes, JsonNode recorded) {
            this(spec, property, moves, stepSizes, recorded, List.of());
        }

        public Loaded(Spec spec, Property property, List<Move> moves, List<Integer> stepSizes) {
            this(spec, property, moves, stepSizes, null);
        }

        public Loaded(Spec spec, Property property, List<Move> moves) {
            this(spec, property, moves, List.of(), null);
        }
    }

    /** The top-level fields of a file. */
    private static final List<String> FIELDS = List.of("format", "version", "source", "spec", "property", "length",
        "moves", "final", "waiting", "endpoints", "never-inject");
    private static final List<String> MOVE_FIELDS = List.of("step", "kind", "node", "destination", "header", "from", "to",
        "class");
    private static final List<String> QUEUE_FIELDS = List.of("queue", "packets", "critical", "allocated-to", "head",
        "tail");

    private CounterexampleFile() {
    }

    public static String fileName(Spec spec, Property property) {
        return spec.name() + "." + property.key() + ".json";
    }

    public static ObjectNode toJson(Spec spec, Trace trace) {
        Network net = spec.network();
        Topology t = net.topology();
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("version", 1);
        root.put("source", spec.source().replace('\\', '/'));
        root.set("spec", spec.tree().deepCopy());
        root.put("property", trace.property().key());
        root.put("length", trace.length());
        ArrayNode moves = root.putArray("moves");
        int step = 1;
        for (List<Move> cycle : trace.steps()) {
            for (Move m : cycle) {
                ObjectNode o = moves.addObject();
                o.put("step", step);
                o.put("kind", m.kind().key());
                o.put("node", t.nodeName(m.node()));
                if (m.kind() == Move.Kind.CONSUME) {
                    // the answer's destination and the class consumed; no network queue
                    o.put("destination", t.nodeName(m.destination()));
                    o.put("class", ((flowproof.routing.MessageRouting) spec.routing()).className(m.from()));
                    continue;
                }
                if (m.kind() == Move.Kind.DRIFT) {
                    // a mark, no packet
                } else if (m.kind() == Move.Kind.GENERATE) {
                    o.put("destination", t.nodeName(m.destination()));
                } else {
                    o.put("destination", t.nodeName(spec.routing().destinationOf(m.destination())));
                }
                if (m.kind() != Move.Kind.GENERATE && m.kind() != Move.Kind.DRIFT && (m.destination() >= t.nodes()
                    || !spec.routing().headerName(m.destination(), t).equals(
                        t.nodeName(spec.routing().destinationOf(m.destination()))))) {
                    o.put("header", spec.routing().headerName(m.destination(), t));
                }
                if (m.from() >= 0) {
                    o.put("from", net.queueName(m.from()));
                }
                if (m.to() >= 0) {
                    o.put("to", net.queueName(m.to()));
                }
            }
            step++;
        }
        putState(root, spec, trace.last());
        if (trace.property() == Property.INJECTABILITY) {
            ArrayNode starved = root.putArray("never-inject");
            for (Trace.Pair p : trace.starved()) {
                starved.addArray().add(t.nodeName(p.source())).add(t.nodeName(p.destination()));
            }
        }
        return root;
    }

    /** The {@code final} (and {@code waiting}) fields of a file whose trace ends in {@code last}. */
    private static void putState(ObjectNode root, Spec spec, Snapshot last) {
        Network net = spec.network();
        Topology t = net.topology();
        ArrayNode fin = root.putArray("final");
        for (int q = 0; q < net.queues(); q++) {
            if (last.packets()[q].length == 0 && last.marks()[q] == 0 && (last.flits() == null || last.flits()[q][0] < 0)) {
                continue;
            }
            ObjectNode o = fin.addObject();
            o.put("queue", net.queueName(q));
            ArrayNode p = o.putArray("packets");
            for (int d : last.packets()[q]) {
                p.add(spec.routing().headerName(d, t));
            }
            o.put("critical", last.marks()[q]);
            if (last.flits() != null) {
                int[] w = last.flits()[q];
                if (w[0] >= 0) {
                    o.put("allocated-to", spec.routing().headerName(w[0], t));
                }
                o.put("head", w[2] == 1);
                o.put("tail", w[3] == 1);
            }
        }
        if (last.endpoints().length > 0) {
            flowproof.routing.MessageRouting msg = (flowproof.routing.MessageRouting) spec.routing();
            int half = msg.classes() - 1;
            ArrayNode eps = root.putArray("endpoints");
            for (int e = 0; e < last.endpoints().length; e++) {
                if (last.endpoints()[e].length == 0) {
                    continue;
                }
                int k = e % (2 * half);
                ObjectNode o = eps.addObject();
                o.put("node", t.nodeName(e / (2 * half)));
                o.put("queue", k < half ? "in " + msg.className(k) : "out " + msg.className(k - half + 1));
                ArrayNode p = o.putArray(k < half ? "answer-to" : "destinations");
                for (int d : last.endpoints()[e]) {
                    p.add(t.nodeName(d));
                }
            }
        }
        if (last.sources().length > 0) {
            ArrayNode waiting = root.putArray("waiting");
            for (int v = 0; v < last.sources().length; v++) {
                if (last.sources()[v].length == 0) {
                    continue;
                }
                ObjectNode o = waiting.addObject();
                o.put("node", t.nodeName(v));
                ArrayNode p = o.putArray("packets");
                for (int d : last.sources()[v]) {
                    p.add(t.nodeName(d));
                }
            }
        }
    }

    public static void write(Path file, Spec spec, Trace trace) throws IOException {
        flowproof.report.OutputFile.write(file, JSON.writeValueAsString(toJson(spec, trace)) + "\n");
    }

    public static Loaded read(Path file) throws SpecException {
        String name = file.toString();
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new SpecException(name, "no such file");
        } catch (JsonProcessingException e) {
            throw new SpecException(name, "not valid JSON: " + e.getOriginalMessage().lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new SpecException(name, "cannot be read: " + e.getMessage());
        }
        if (root == null || !root.isObject() || !FORMAT.equals(root.path("format").asText())) {
            throw new SpecException(name, "format", "\"" + FORMAT + "\"", SpecReader.describe(root == null ? null : root.get("format")));
        }
        SpecReader.onlyKnownFields(name, "", root, FIELDS);
        JsonNode version = root.get("version");
        if (version == null || !version.isInt() || version.asInt() != 1) {
            throw new SpecException(name, "version", "1", SpecReader.describe(version));
        }
        JsonNode source = root.get("source");
        if (source != null && !source.isTextual()) {
            throw new SpecException(name, "source", "the path of the spec file (a string)", SpecReader.describe(source));
        }
        Spec spec = SpecReader.fromTree(name, "spec.", root.get("spec"));
        JsonNode pn = root.get("property");
        Property property = pn != null && pn.isTextual() ? Property.of(pn.asText()) : null;
        if (property == null) {
            throw new SpecException(name, "property", "one of " + Property.keys(), SpecReader.describe(pn));
        }
        Network net = spec.network();
        Topology t = net.topology();
        Map<String, Integer> nodes = new HashMap<>();
        for (int v = 0; v < t.nodes(); v++) {
            nodes.put(t.nodeName(v), v);
        }
        Map<String, Integer> headers = new HashMap<>();
        for (int h = 0; h < spec.routing().headers(); h++) {
            String hn = spec.routing().headerName(h, t);
            if (!nodes.containsKey(hn)) {
                headers.put(hn, h);
            }
        }
        Map<String, Integer> queues = new HashMap<>();
        for (int q = 0; q < net.queues(); q++) {
            queues.put(net.queueName(q), q);
        }
        JsonNode ms = root.get("moves");
        if (ms == null || !ms.isArray()) {
            throw new SpecException(name, "moves", "a list of moves", SpecReader.describe(ms));
        }
        List<Move> moves = new ArrayList<>();
        List<Integer> stepSizes = new ArrayList<>();
        int lastStep = 0;
        for (int i = 0; i < ms.size(); i++) {
            JsonNode m = ms.get(i);
            String at = "moves[" + i + "]";
            if (!m.isObject()) {
                throw new SpecException(name, at, "a move (a mapping with step, kind, node, ...)", SpecReader.describe(m));
            }
            SpecReader.onlyKnownFields(name, at + ".", m, MOVE_FIELDS);
            JsonNode kn = m.get("kind");
            Move.Kind kind = kn != null && kn.isTextual() ? Move.Kind.of(kn.asText()) : null;
            if (kind == null) {
                throw new SpecException(name, at + ".kind", "inject, forward, eject, drift, generate or consume",
                    SpecReader.describe(kn));
            }
            if (kind == Move.Kind.CONSUME) {
                moves.add(consume(name, at, m, i, spec, nodes));
                continue;
            }
            int node = lookup(name, at + ".node", "a node of the spec's network", m.get("node"), nodes);
            int dest = kind == Move.Kind.DRIFT ? -1 : m.has("header")
                ? lookup(name, at + ".header", "a routing header of the spec (e.g. \"3 via 1\")", m.get("header"), headers)
                : lookup(name, at + ".destination", "a node of the spec's network", m.get("destination"), nodes);
            int from = kind == Move.Kind.INJECT || kind == Move.Kind.GENERATE ? -1
                : lookup(name, at + ".from", "a queue of the spec's network", m.get("from"), queues);
            int to = kind == Move.Kind.EJECT || kind == Move.Kind.GENERATE ? -1
                : lookup(name, at + ".to", "a queue of the spec's network", m.get("to"), queues);
            if (kind != Move.Kind.DRIFT && kind != Move.Kind.GENERATE && m.has("header")) {
                String wanted = t.nodeName(spec.routing().destinationOf(dest));
                JsonNode dn = m.get("destination");
                if (dn == null || !wanted.equals(dn.asText(null))) {
                    throw new SpecException(name, at + ".destination", "\"" + wanted + "\" (the destination of header "
                        + m.get("header") + ")", SpecReader.describe(dn));
                }
            }
            moves.add(new Move(kind, node, dest, from, to));
            if (spec.semantics() != flowproof.explore.Semantics.SYNCHRONOUS) {
                JsonNode sn = m.get("step");
                if (sn != null && (!sn.isInt() || sn.asInt() != i + 1)) {
                    throw new SpecException(name, at + ".step", "step " + (i + 1) + " (one move per step, in order)",
                        SpecReader.describe(sn));
                }
            }
            if (spec.semantics() == flowproof.explore.Semantics.SYNCHRONOUS) {
                JsonNode sn = m.get("step");
                if (sn == null || !sn.isInt() || (sn.asInt() != lastStep && sn.asInt() != lastStep + 1)) {
                    throw new SpecException(name, at + ".step", "the step number " + lastStep + " or " + (lastStep + 1)
                        + " (moves of a synchronous step share it, steps in order)", SpecReader.describe(sn));
                }
                if (sn.asInt() == lastStep + 1) {
                    stepSizes.add(0);
                    lastStep++;
                }
                stepSizes.set(stepSizes.size() - 1, stepSizes.get(stepSizes.size() - 1) + 1);
            }
        }
        int steps = spec.semantics() == flowproof.explore.Semantics.SYNCHRONOUS ? stepSizes.size() : moves.size();
        JsonNode length = root.get("length");
        if (length == null || !length.isInt() || length.asInt() != steps) {
            throw new SpecException(name, "length", steps + " (the number of steps in moves)", SpecReader.describe(length));
        }
        checkState(name, root, queues, headers, nodes);
        List<Trace.Pair> starved = property == Property.INJECTABILITY ? neverInject(name, root, nodes) : List.of();
        return new Loaded(spec, property, moves, List.copyOf(stepSizes), root, List.copyOf(starved));
    }

    /**
     * Move {@code i} ({@code m}, at {@code at}), a consume: the spec must have message classes;
     * its node, destination and class, and its step if given.
     */
    private static Move consume(String name, String at, JsonNode m, int i, Spec spec, Map<String, Integer> nodes)
            throws SpecException {
        if (!(spec.routing() instanceof flowproof.routing.MessageRouting msg)) {
            throw new SpecException(name, at + ".kind", "inject, forward, eject, drift or generate (consume"
                + " needs messages in the spec)", SpecReader.describe(m.get("kind")));
        }
        Map<String, Integer> classes = new HashMap<>();
        for (int c = 0; c + 1 < msg.classes(); c++) {
            classes.put(msg.className(c), c);
        }
        int node = lookup(name, at + ".node", "a node of the spec's network", m.get("node"), nodes);
        int dest = lookup(name, at + ".destination", "a node of the spec's network", m.get("destination"), nodes);
        int cls = lookup(name, at + ".class", "a class of the spec that generates another", m.get("class"),
            classes);
        JsonNode sn = m.get("step");
        if (sn != null && (!sn.isInt() || sn.asInt() != i + 1)) {
            throw new SpecException(name, at + ".step", "step " + (i + 1) + " (one move per step, in order)",
                SpecReader.describe(sn));
        }
        return new Move(Move.Kind.CONSUME, node, dest, cls, -1);
    }

    /** An injectability trace's {@code never-inject}: the pairs never seen to inject. */
    private static List<Trace.Pair> neverInject(String name, JsonNode root, Map<String, Integer> nodes)
            throws SpecException {
        List<Trace.Pair> starved = new ArrayList<>();
        JsonNode sn = root.get("never-inject");
        String expected = "a non-empty list of [source, destination] pairs of the spec's nodes";
        if (sn == null || !sn.isArray() || sn.isEmpty()) {
            throw new SpecException(name, "never-inject", expected, SpecReader.describe(sn));
        }
        for (int i = 0; i < sn.size(); i++) {
            JsonNode pair = sn.get(i);
            if (!pair.isArray() || pair.size() != 2) {
                throw new SpecException(name, "never-inject[" + i + "]", "a [source, destination] pair",
                    SpecReader.describe(pair));
            }
            starved.add(new Trace.Pair(
                lookup(name, "never-inject[" + i + "][0]", "a node of the spec's network", pair.get(0), nodes),
                lookup(name, "never-inject[" + i + "][1]", "a node of the spec's network", pair.get(1), nodes)));
        }
        return starved;
    }

    /** The recorded final state is well formed (whether it is the state the moves reach is {@link #replay}'s question). */
    private static void checkState(String name, JsonNode root, Map<String, Integer> queues, Map<String, Integer> headers,
                                   Map<String, Integer> nodes) throws SpecException {
        JsonNode fin = root.get("final");
        if (fin == null || !fin.isArray()) {
            throw new SpecException(name, "final", "the final state (a list of queues)", SpecReader.describe(fin));
        }
        for (int i = 0; i < fin.size(); i++) {
            JsonNode q = fin.get(i);
            String at = "final[" + i + "]";
            if (!q.isObject()) {
                throw new SpecException(name, at, "a queue (a mapping with queue, packets, critical)", SpecReader.describe(q));
            }
            SpecReader.onlyKnownFields(name, at + ".", q, QUEUE_FIELDS);
            lookup(name, at + ".queue", "a queue of the spec's network", q.get("queue"), queues);
            JsonNode ps = q.get("packets");
            if (ps == null || !ps.isArray()) {
                throw new SpecException(name, at + ".packets", "a list of packets", SpecReader.describe(ps));
            }
            for (int j = 0; j < ps.size(); j++) {
                JsonNode p = ps.get(j);
                if (!(p.isTextual() && (headers.containsKey(p.asText()) || nodes.containsKey(p.asText())))) {
                    throw new SpecException(name, at + ".packets[" + j + "]", "a destination or routing header of the spec",
                        SpecReader.describe(p));
                }
            }
            JsonNode c = q.get("critical");
            if (c == null || !c.isInt() || c.asInt() < 0) {
                throw new SpecException(name, at + ".critical", "a number of critical marks, 0 or more",
                    SpecReader.describe(c));
            }
        }
        JsonNode waiting = root.get("waiting");
        if (waiting != null && !waiting.isArray()) {
            throw new SpecException(name, "waiting", "a list of injection queues", SpecReader.describe(waiting));
        }
        JsonNode endpoints = root.get("endpoints");
        if (endpoints != null && !endpoints.isArray()) {
            throw new SpecException(name, "endpoints", "a list of endpoint queues", SpecReader.describe(endpoints));
        }
    }

    /**
     * Replays a file's moves through the current rules ({@link Replayer}) and checks the
     * state they reach against the recorded {@code final} (and {@code waiting}) state. A
     * trace reproduces when every move is admitted, the last state violates the property and
     * it is the recorded one; otherwise the outcome names the first difference.
     */
    public static Replayer.Outcome replay(Loaded c) {
        Replayer.Outcome o = Replayer.replay(c.spec().model(), c.moves(), c.stepSizes(), c.property(), c.starved());
        if (c.recorded() == null || !o.reproduced()) {
            // a refused move or a property that holds: the replay's own message says more than a state difference
            return o;
        }
        ObjectNode reached = JSON.createObjectNode();
        putState(reached, c.spec(), o.last());
        for (String field : List.of("final", "waiting", "endpoints")) {
            String d = firstDifference(field, c.recorded().get(field), reached.get(field));
            if (d != null) {
                return new Replayer.Outcome(false, d + " (the moves reach another state than the file records)",
                    o.last());
            }
        }
        return o;
    }

    /** The first place where {@code recorded} and {@code reached} differ, one line, or null. */
    private static String firstDifference(String path, JsonNode recorded, JsonNode reached) {
        if (recorded == null && reached == null) {
            return null;
        }
        if (recorded == null || reached == null || recorded.getNodeType() != reached.getNodeType()
            || recorded.isValueNode() && !recorded.equals(reached)) {
            return path + ": recorded " + SpecReader.describe(recorded) + ", the moves reach " + SpecReader.describe(reached);
        }
        if (recorded.isArray()) {
            for (int i = 0; i < Math.min(recorded.size(), reached.size()); i++) {
                String d = firstDifference(path + "[" + i + "]", recorded.get(i), reached.get(i));
                if (d != null) {
                    return d;
                }
            }
            if (recorded.size() != reached.size()) {
                return path + ": recorded " + recorded.size() + " entries, the moves reach " + reached.size();
            }
        } else if (recorded.isObject()) {
            java.util.Set<String> keys = new java.util.TreeSet<>();
            recorded.fieldNames().forEachRemaining(keys::add);
            reached.fieldNames().forEachRemaining(keys::add);
            for (String k : keys) {
                String d = firstDifference(path + "." + k, recorded.get(k), reached.get(k));
                if (d != null) {
                    return d;
                }
            }
        }
        return null;
    }

    private static int lookup(String file, String field, String expected, JsonNode v, Map<String, Integer> names)
        throws SpecException {
        Integer i = v != null && v.isTextual() ? names.get(v.asText()) : null;
        if (i == null) {
            throw new SpecException(file, field, expected, SpecReader.describe(v));
        }
        return i;
    }
}
