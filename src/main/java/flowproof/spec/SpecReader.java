package flowproof.spec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.ConfigurationException;
import flowproof.explore.Limits;
import flowproof.explore.Property;
import flowproof.explore.Semantics;
import flowproof.explore.StateLayout;
import flowproof.explore.Verdict;
import flowproof.plugin.PluginParams;
import flowproof.plugin.Plugins;
import flowproof.plugin.Registry;
import flowproof.routing.ClassedRouting;
import flowproof.routing.RoutingFactory;
import flowproof.routing.RoutingFunction;
import flowproof.routing.TableRouting;
import flowproof.routing.VcClassFunction;
import flowproof.routing.VcClasses;
import flowproof.rule.EscapeVcs;
import flowproof.rule.FlowControlRule;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import flowproof.topology.TopologyFactory;
import flowproof.topology.Torus;
import flowproof.traffic.TrafficPattern;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads and validates spec files (YAML). Jackson parses; every field is then checked
 * here, so that a mistake comes back as one line: file, field, expected, found.
 *
 * <pre>
 * name: ring4-cbs                      # required
 * description: ...                     # optional
 * topology: {kind: ring|torus|mesh, radix: [4] or 4, bidirectional: false}
 *        or {kind: butterfly|bmin, radix: 2, stages: 3}
 *        or {kind: flattened-butterfly, radix: 4, dimensions: 2, concentration: 1}
 *        or {kind: dragonfly, routers-per-group: 2, global-channels: 1, concentration: 1}
 *        or {kind: graph|anynet, file: F}     # see GraphFiles; routing: shortest-path (default) or
 *                                      # {kind: table, file: routes.yaml} / {kind: table, routes: [...]}
 * routing: dor                         # torus: dor (default), minimal-adaptive; butterfly: destination-tag;
 *                                      # 2-D mesh also: west-first, north-last, negative-first, odd-even, xy-yx,
 *                                      # or {kind: turns, forbid: [[north, west], {from: east, to: north, columns: even}]}
 *                                      # bmin: turnaround; flattened-butterfly, dragonfly: minimal (default), ugal
 * escape: when-blocked                 # minimal-adaptive only: when-blocked (default) or any
 * vcs: 1                               # default 1
 * capacity: 1                          # packets per queue, required
 * rule: {kind: critical-bubble, bubbles: 1}   # or just: rule: vct
 * traffic: all-pairs                   # or a pattern name, or {pairs: [["(0,0)", "(2,2)"], ...]}
 * properties: [stuck-freedom, drainability, bubble-invariant, critical-bubble-invariant]
 * expect: deadlock-free | proved | counterexample
 * limits: {states: 100000000, seconds: 600}
 * semantics: interleaving              # or synchronous (clock cycles, see flowproof.explore.Semantics)
 * injection-queue: 0                   # packets waiting per node before entering the network (0: none)
 * flow: vct                            # or wormhole: capacity then counts flits per VC queue
 * packet-flits: 2                      # flow: wormhole only, required there: flits per packet
 * # rule options: {kind: critical-bubble, drift: true}, {kind: theoretical-bubble, global: snapshot}
 * messages: {classes: [request, reply], vcs: {request: [0], reply: [1]}, endpoint-queue: 1}
 *                                      # message classes (docs/messages.md); optional generates: {request: reply}
 * # a user's own (docs/plugins.md): rule: {class: com.example.MyRule, params: {k: 2}} or {plugin: my-rule, params: ...};
 * # routing, topology and vc-classes: {class: ..., params: ...} or {plugin: ...}, likewise
 * </pre>
 */
public final class SpecReader {

    /**
     * The longest spec name: counterexample files are named {@code NAME.PROPERTY.json} (up to
     * 31 characters more) and most file systems allow 255 bytes per file name.
     */
    public static final int MAX_NAME = 200;

    // The known fields of each section come from SpecFields, the one list the spec reference is written from.
    static final List<String> FIELDS = SpecFields.under("");
    private static final List<String> FLOWS = List.of("vct", "wormhole");
    private static final Registry<TopologyFactory> TOPOLOGIES = Builtins.TOPOLOGIES;
    /** The most nodes of a ring, torus or mesh spec ({@link Torus#MAX_NODES}). */
    public static final int MAX_TORUS_NODES = Torus.MAX_NODES;
    private static final List<String> ESCAPE_FIELDS = SpecFields.under("escape");
    private static final List<String> TRAFFIC_FIELDS = SpecFields.under("traffic");
    private static final List<String> LIMIT_FIELDS = SpecFields.under("limits");
    private static final List<String> ESCAPES = List.of("when-blocked", "any");
    private static final List<String> ROUTING_FIELDS = SpecFields.under("routing");
    private SpecReader() {
    }

    /** Reads a spec file. */
    public static Spec read(Path file) throws SpecException {
        String name = file.toString();
        JsonNode tree;
        try {
            tree = Yaml.read(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new SpecException(name, "no such file");
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
            throw new SpecException(name, "not valid YAML: " + e.getOriginalMessage().lines().findFirst().orElse("") + where);
        } catch (IOException e) {
            throw new SpecException(name, "cannot be read: " + e.getMessage());
        }
        return fromTree(name, "", tree);
    }

    /**
     * Validates a spec tree. {@code prefix} is prepended to field names (e.g.
     * {@code "spec."} for the spec embedded in a counterexample file).
     */
    /**
     * Refuses a field of {@code node} not in {@code known}, in one line naming it as
     * {@code path + field} (path empty or ending in '.'). For the other files flowproof reads
     * (counterexamples, fuzz files) as for specs.
     */
    public static void onlyKnownFields(String file, String path, JsonNode node, List<String> known)
        throws SpecException {
        Iterator<String> it = node.fieldNames();
        while (it.hasNext()) {
            String k = it.next();
            if (!known.contains(k)) {
                throw new SpecException(file, path + k, "one of the fields " + String.join(", ", known),
                    "an unknown field");
            }
        }
    }

    public static Spec fromTree(String file, String prefix, JsonNode tree) throws SpecException {
        Fields f = new Fields(file, prefix);
        if (tree == null || tree.isMissingNode() || tree.isNull()) {
            throw new SpecException(file, prefix.isEmpty() ? "(document)" : prefix.substring(0, prefix.length() - 1),
                "a spec", "an empty document");
        }
        if (!tree.isObject()) {
            throw f.error("(document)", "a mapping of spec fields", tree);
        }
        f.onlyKnown("", tree, FIELDS);
        String name = f.text(tree, "name", null, true);
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            throw f.error("name", "letters, digits, '.', '_' and '-', starting with a letter or digit (it names"
                + " counterexample files)", tree.get("name"));
        }
        if (name.length() > MAX_NAME) {
            throw new SpecException(file, prefix + "name", "at most " + MAX_NAME + " characters (it names counterexample"
                + " files, and file names have at most 255 bytes)", name.length() + " characters");
        }
        String description = f.text(tree, "description", "", false);

        Topology topology = topology(f, tree);
        JsonNode routingNode = tree.get("routing");
        RoutingFunction routing = Plugins.names(routingNode) ? PluginReader.routing(f, routingNode, topology)
            : builtInRouting(f, tree, topology);
        // a table or a turn model is checked against the traffic's pairs once they are read
        flowproof.routing.PairRoutable pairRoutable = routing instanceof flowproof.routing.PairRoutable t ? t : null;
        int vcs = f.positive(tree, "vcs", 1, false);
        JsonNode classesNode = tree.get("vc-classes");
        routing = withClasses(f, classesNode, routing, topology, vcs);
        JsonNode simulation = tree.get("simulation");
        if (simulation != null && !simulation.isObject()) {
            throw f.error("simulation", "a mapping of simulation settings", simulation);
        }
        boolean capacityGiven = tree.has("capacity") || simulation == null;
        int capacity = capacityGiven ? f.positive(tree, "capacity", 0, true)
            : SimulationReader.slots(simulation);
        Escape escapeChoice = escape(f, tree, routing);
        String escapePolicy = escapeChoice.policy();
        boolean escapeLeave = escapeChoice.leave();

        String semanticsKey = f.text(tree, "semantics", Semantics.INTERLEAVING.key(), false);
        Semantics semantics = Semantics.of(semanticsKey);
        if (semantics == null) {
            throw f.error("semantics", "one of " + Semantics.keys(), tree.get("semantics"));
        }
        int injectionQueue = injectionQueue(f, tree);
        flowproof.explore.Wormhole wormhole = wormhole(f, tree, semantics, injectionQueue, capacity);
        if (wormhole != null) {
            // the explorer's VCT view: one whole-packet slot, the flits counted by the wormhole model
            capacity = 1;
        }

        RuleReader ruleSpec = RuleReader.read(f, tree.get("rule"));
        String ruleName = ruleSpec.name();
        Network network;
        if (ruleSpec.isParts() && routing.hasEscape()) {
            throw f.error("rule", "one rule kind with routing " + routing.name() + " (its escape VCs take the rule; a list"
                + " of parts is for routing without escape VCs)", tree.get("rule"));
        }
        if (routing.hasEscape()) {
            int escapeVcs = ruleSpec.ringVcs();
            if (vcs <= escapeVcs) {
                throw f.error("vcs", "at least " + (escapeVcs + 1) + " for routing " + routing.name() + " (" + escapeVcs
                    + " escape VC" + (escapeVcs > 1 ? "s" : "") + " for rule " + ruleName + " and at least one adaptive VC)",
                    tree.get("vcs"));
            }
            network = new Network(topology, vcs, capacity, escapeVcs);
        } else {
            network = new Network(topology, vcs, capacity);
        }
        JsonNode messagesNode = tree.get("messages");
        if (messagesNode != null) {
            routing = MessagesReader.read(f, messagesNode, routing, network, tree);
        }
        FlowControlRule rule = ruleSpec.create(network, wormhole);
        if (classesNode != null && rule.choosesVcs()) {
            throw new SpecException(file, prefix + ruleSpec.field(), "a rule that picks no VCs itself with vc-classes"
                + " (vct, or a bubble rule; write the dateline or the VC per hop as vc-classes steps)", ruleName);
        }
        try {
            if (routing.hasEscape()) {
                rule = new EscapeVcs(rule, network.ringVcs(), escapeLeave);
            }
            if (wormhole != null) {
                new flowproof.explore.WormholeLayout(new flowproof.explore.Model(network, routing, rule, List.of(),
                    false, semantics, 0, wormhole));
            } else if (capacityGiven) {
                new StateLayout(network, rule.marksPerRing() > 0, routing.headers(), injectionQueue,
                    routing instanceof flowproof.routing.MessageRouting m ? m : null);
            }
        } catch (ConfigurationException e) {
            throw new SpecException(file, prefix + e.field(), e.expected(), e.found());
        }

        String traffic;
        List<int[]> pairs;
        JsonNode tn = tree.get("traffic");
        if (tn != null && tn.isObject()) {
            f.onlyKnown("traffic.", tn, TRAFFIC_FIELDS);
            pairs = TrafficReader.pairs(f, tn.get("pairs"), topology);
            traffic = pairs.size() + " listed pair" + (pairs.size() == 1 ? "" : "s");
        } else {
            traffic = f.text(tree, "traffic", TrafficPattern.ALL_PAIRS.key(), false);
            TrafficPattern pattern = TrafficPattern.of(traffic);
            if (pattern == null) {
                throw f.error("traffic", "one of " + TrafficPattern.keys() + ", or a mapping with pairs", tn);
            }
            try {
                pairs = pattern.pairs(topology, topology.selfPairsCross() || routing.selfPairsCross());
            } catch (ConfigurationException ce) {
                throw new SpecException(file, prefix + ce.field(), ce.expected(), ce.found());
            }
        }

        if (pairRoutable != null) {
            // routable over the pairs the traffic sends (and, with message classes, their answers)
            List<int[]> need = new java.util.ArrayList<>(pairs);
            if (messagesNode != null) {
                for (int[] p : pairs) {
                    need.add(new int[] {p[1], p[0]});
                }
            }
            try {
                pairRoutable.checkRoutable(need);
            } catch (ConfigurationException ce) {
                throw new SpecException(file, prefix + ce.field(), ce.expected(), ce.found());
            }
        }
        Set<Property> properties = properties(f, tree, rule, ruleName);
        Verdict expect = expect(f, tree);
        Limits limits = limits(f, tree);
        boolean escape = routing.hasEscape();
        boolean leave = escapeLeave;
        // The simulator builds the rule again for its own network (its slots): the same rule, parts and escape VCs.
        java.util.function.Function<Network, FlowControlRule> ruleFor = n -> {
            FlowControlRule r = ruleSpec.recreate(n);
            return escape ? new EscapeVcs(r, n.ringVcs(), leave) : r;
        };
        Spec spec = new Spec(file, tree, name, description, topology, network, routing, rule, traffic, pairs,
            properties, expect, limits, escapePolicy.equals("any"), simulation, capacityGiven, ruleFor, semantics,
            injectionQueue, wormhole);
        if (simulation != null) {
            // One validator for the whole spec: every command rejects what simulate would.
            SimulationReader.read(spec, prefix);
        }
        return spec;
    }

    /** {@code injection-queue}: packets waiting per node before entering the network. */
    private static int injectionQueue(Fields f, JsonNode tree) throws SpecException {
        int injectionQueue = 0;
        JsonNode iq = tree.get("injection-queue");
        if (iq != null) {
            if (!iq.isInt() || iq.asInt() < 0) {
                throw f.error("injection-queue", "a number of packets, 0 or more", iq);
            }
            injectionQueue = iq.asInt();
        }
        return injectionQueue;
    }

    /** {@code flow}: null for virtual cut-through, else the wormhole model of {@code packet-flits} in capacity flits. */
    private static flowproof.explore.Wormhole wormhole(Fields f, JsonNode tree, Semantics semantics, int injectionQueue,
                                                       int capacity) throws SpecException {
        String flow = f.text(tree, "flow", "vct", false);
        if (!FLOWS.contains(flow)) {
            throw f.error("flow", "one of " + String.join(", ", FLOWS), tree.get("flow"));
        }
        flowproof.explore.Wormhole wormhole = null;
        if (flow.equals("wormhole")) {
            int packetFlits = f.positive(tree, "packet-flits", 0, true);
            if (!tree.has("capacity")) {
                throw f.missing("capacity", "a positive integer (flits per VC queue under flow: wormhole)");
            }
            if (semantics != Semantics.INTERLEAVING) {
                throw f.error("semantics", "interleaving under flow: wormhole (synchronous wormhole is not built)",
                    tree.get("semantics"));
            }
            if (injectionQueue != 0) {
                throw f.error("injection-queue", "0 under flow: wormhole (injection queues are not built for it)",
                    tree.get("injection-queue"));
            }
            wormhole = new flowproof.explore.Wormhole(packetFlits, capacity);
        } else if (tree.has("packet-flits")) {
            throw f.error("packet-flits", "no packet-flits under flow: vct (packets fill whole-packet slots;"
                + " set flow: wormhole)", tree.get("packet-flits"));
        }
        return wormhole;
    }

    /** The routing with the spec's VC classes ({@code vc-classes}), or as it is without them. */
    private static RoutingFunction withClasses(Fields f, JsonNode classesNode, RoutingFunction routing, Topology topology,
                                               int vcs) throws SpecException {
        String file = f.file;
        String prefix = f.prefix;
        if (routing instanceof TableRouting table && table.classes() > 0) {
            int named = table.classes() - 1;
            if (classesNode == null) {
                throw new SpecException(file, prefix + "routing.routes", "routes without class (a route keyed by class"
                    + " needs the spec's vc-classes)", "a route for class " + named);
            }
            JsonNode cn = classesNode.isObject() && !Plugins.names(classesNode) ? classesNode.get("classes") : null;
            if (cn != null && cn.isInt() && named >= cn.asInt()) {
                throw new SpecException(file, prefix + "routing.routes", "routes for classes 0.." + (cn.asInt() - 1)
                    + " (vc-classes.classes is " + cn.asInt() + ")", "a route for class " + named);
            }
        }
        if (classesNode != null) {
            if (routing.hasEscape()) {
                throw f.error("vc-classes", "no vc-classes with routing " + routing.name()
                    + " (its escape VCs are chosen by the escape sub-function)", classesNode);
            }
            VcClassFunction function = Plugins.names(classesNode) ? PluginReader.vcClasses(f, classesNode, topology, vcs)
                : VcClassesReader.read(f, classesNode);
            if (routing instanceof TableRouting table && table.classes() > function.classes()) {
                throw new SpecException(file, prefix + "routing.routes", "routes for classes 0.."
                    + (function.classes() - 1) + " (" + function.describe() + ")", "a route for class "
                    + (table.classes() - 1));
            }
            try {
                if (function instanceof VcClasses table) {
                    table.checkOn(topology);
                }
                routing = new ClassedRouting(routing, function, topology, vcs);
            } catch (ConfigurationException ce) {
                throw new SpecException(file, prefix + ce.field(), ce.expected(), ce.found());
            }
        }
        return routing;
    }

    /** {@code escape}: when a packet may take an escape VC, and whether it may leave them. */
    private record Escape(String policy, boolean leave) {
    }

    private static Escape escape(Fields f, JsonNode tree, RoutingFunction routing) throws SpecException {
        String escapePolicy;
        boolean escapeLeave = true;
        JsonNode escapeNode = tree.get("escape");
        if (escapeNode != null && escapeNode.isObject()) {
            f.onlyKnown("escape.", escapeNode, ESCAPE_FIELDS);
            escapePolicy = f.text(escapeNode, "escape.choose", "choose", "when-blocked", false);
            if (!ESCAPES.contains(escapePolicy)) {
                throw f.error("escape.choose", "one of " + String.join(", ", ESCAPES), escapeNode.get("choose"));
            }
            JsonNode ln = escapeNode.get("leave");
            if (ln != null) {
                if (!ln.isBoolean()) {
                    throw f.error("escape.leave", "true or false (whether a packet on an escape VC may take an adaptive"
                        + " VC again)", ln);
                }
                escapeLeave = ln.asBoolean();
            }
        } else {
            escapePolicy = f.text(tree, "escape", "when-blocked", false);
            if (!ESCAPES.contains(escapePolicy)) {
                throw f.error("escape", "one of " + String.join(", ", ESCAPES)
                    + ", or a mapping {choose: when-blocked|any, leave: true|false}", escapeNode);
            }
        }
        if (tree.has("escape") && !routing.hasEscape()) {
            throw f.error("escape", "no escape policy: routing " + routing.name() + " has no escape VCs", tree.get("escape"));
        }
        return new Escape(escapePolicy, escapeLeave);
    }

    /** {@code properties}: what to check, null for the defaults. */
    private static Set<Property> properties(Fields f, JsonNode tree, FlowControlRule rule, String ruleName)
        throws SpecException {
        Set<Property> properties = null;
        JsonNode props = tree.get("properties");
        if (props != null) {
            if (!props.isArray() || props.isEmpty()) {
                throw f.error("properties", "a non-empty list of " + Property.keys(), props);
            }
            Set<Property> set = new LinkedHashSet<>();
            for (int i = 0; i < props.size(); i++) {
                JsonNode p = props.get(i);
                Property property = p.isTextual() ? Property.of(p.asText()) : null;
                if (property == null) {
                    throw f.error("properties[" + i + "]", "one of " + Property.keys(), p);
                }
                if (property == Property.CRITICAL_BUBBLE_INVARIANT && rule.marksPerRing() == 0) {
                    throw f.error("properties[" + i + "]", "a property of rule " + ruleName
                        + " (critical-bubble-invariant needs rule critical-bubble)", p);
                }
                set.add(property);
            }
            properties = EnumSet.copyOf(set);
        }
        return properties;
    }

    /** {@code expect}: the verdict {@code verify} compares with, or null. */
    private static Verdict expect(Fields f, JsonNode tree) throws SpecException {
        Verdict expect = null;
        JsonNode e = tree.get("expect");
        if (e != null) {
            expect = e.isTextual() ? Verdict.of(e.asText()) : null;
            if (expect == null || expect == Verdict.INCOMPLETE) {
                throw f.error("expect", "deadlock-free, proved or counterexample", e);
            }
        }
        return expect;
    }

    /** {@code limits}: the explorer's budget. */
    private static Limits limits(Fields f, JsonNode tree) throws SpecException {
        Limits limits = Limits.defaults();
        JsonNode l = tree.get("limits");
        if (l != null) {
            if (!l.isObject()) {
                throw f.error("limits", "a mapping with states and/or seconds", l);
            }
            f.onlyKnown("limits.", l, LIMIT_FIELDS);
            long states = l.has("states") ? f.positiveLong(l, "limits.states", "states") : limits.states();
            double seconds = limits.seconds();
            if (l.has("seconds")) {
                JsonNode s = l.get("seconds");
                if (!s.isNumber() || s.asDouble() <= 0) {
                    throw f.error("limits.seconds", "a positive number of seconds", s);
                }
                seconds = s.asDouble();
            }
            limits = new Limits(states, seconds, limits.bytes());
        }
        return limits;
    }

    /** The routing a spec names among the built-in ones (the default for the topology when it names none). */
    private static RoutingFunction builtInRouting(Fields f, JsonNode tree, Topology topology) throws SpecException {
        JsonNode routingNode = tree.get("routing");
        String routingName;
        String routingField = "routing";
        boolean mapping = routingNode != null && routingNode.isObject();
        if (mapping) {
            f.onlyKnown("routing.", routingNode, ROUTING_FIELDS);
            routingName = f.text(routingNode, "routing.kind", "kind", null, true);
            routingField = "routing.kind";
        } else {
            routingName = f.text(tree, "routing", topology.defaultRouting(), false);
        }
        RoutingFactory factory = Builtins.ROUTINGS.builtIn(routingName);
        String refused = factory == null ? "" : factory.refuses(topology);
        if (refused != null) {
            String why = refused.isEmpty() ? "" : " (" + routingName + " " + refused + ")";
            throw f.error(routingField, "one of " + String.join(", ", Builtins.routingsFor(topology)) + " on a "
                + topology.kind() + why, mapping ? routingNode.get("kind") : routingNode);
        }
        ObjectNode fields = mapping ? (ObjectNode) routingNode : JsonNodeFactory.instance.objectNode();
        Builtins.onlyOwnFields(f, "routing", fields, factory, Builtins.ROUTINGS);
        return built(f, () -> {
            PluginParams params = PluginParams.ofFields(f.file, f.prefix, "routing", fields, List.of("kind"));
            RoutingFunction r = factory.create(topology, params);
            params.done();
            return r;
        });
    }

    private static Topology topology(Fields f, JsonNode tree) throws SpecException {
        JsonNode t = tree.get("topology");
        if (t == null) {
            throw f.missing("topology", "a mapping with kind, radix and bidirectional");
        }
        if (!t.isObject()) {
            throw f.error("topology", "a mapping with kind, radix and bidirectional", t);
        }
        if (Plugins.names(t)) {
            return PluginReader.topology(f, t);
        }
        String kind = f.text(t, "topology.kind", "kind", null, true);
        TopologyFactory factory = TOPOLOGIES.builtIn(kind);
        if (factory == null) {
            throw f.error("topology.kind", "one of " + String.join(", ", TOPOLOGIES.keys()), t.get("kind"));
        }
        List<String> known = new ArrayList<>(List.of("kind"));
        factory.params().forEach(p -> known.add(p.name()));
        f.onlyKnown("topology.", t, known);
        return built(f, () -> {
            PluginParams params = PluginParams.ofFields(f.file, f.prefix, "topology", (ObjectNode) t, List.of("kind"));
            Topology top = factory.create(params);
            params.done();
            return top;
        });
    }

    /** What a built-in factory makes, its errors as one line each. */
    private static <T> T built(Fields f, java.util.function.Supplier<T> make) throws SpecException {
        try {
            return make.get();
        } catch (ConfigurationException e) {
            throw new SpecException(f.file, f.prefix + e.field(), e.expected(), e.found());
        } catch (SpecError e) {
            throw e.spec();
        }
    }

    static String describe(JsonNode v) {
        return flowproof.plugin.PluginParams.describe(v);
    }
}
