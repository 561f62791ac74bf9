package flowproof.spec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import flowproof.ConfigurationException;
import flowproof.explore.Limits;
import flowproof.explore.Property;
import flowproof.explore.Semantics;
import flowproof.explore.StateLayout;
import flowproof.explore.Verdict;
import flowproof.routing.DestinationTagRouting;
import flowproof.routing.DimensionOrderRouting;
import flowproof.routing.MinimalAdaptiveRouting;
import flowproof.routing.MinimalRouting;
import flowproof.routing.Turn;
import flowproof.routing.TurnModel;
import flowproof.routing.TurnModelRouting;
import flowproof.routing.TurnaroundRouting;
import flowproof.routing.XyYxRouting;
import flowproof.routing.UgalRouting;
import flowproof.routing.ClassedRouting;
import flowproof.routing.VcClasses;
import flowproof.routing.VcClassFactory;
import flowproof.routing.VcClassFunction;
import flowproof.routing.ValiantRouting;
import flowproof.plugin.PluginParams;
import flowproof.plugin.Plugins;
import flowproof.plugin.Registry;
import flowproof.rule.EscapeVcs;
import flowproof.rule.RuleFactory;
import flowproof.routing.RoutingFactory;
import flowproof.topology.Bmin;
import flowproof.topology.Butterfly;
import flowproof.topology.Dragonfly;
import flowproof.topology.FlattenedButterfly;
import flowproof.topology.GraphTopology;
import flowproof.routing.TableRouting;
import flowproof.routing.RoutingFunction;
import flowproof.rule.FlowControlRule;
import flowproof.rule.RuleContract;
import flowproof.rule.RuleKind;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import flowproof.topology.TopologyContract;
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
    private static final List<String> MESSAGE_FIELDS = SpecFields.under("messages");
    private static final List<String> FLOWS = List.of("vct", "wormhole");
    private static final Registry<TopologyFactory> TOPOLOGIES = Builtins.TOPOLOGIES;
    /** The most nodes of a ring, torus or mesh spec ({@link Torus#MAX_NODES}). */
    public static final int MAX_TORUS_NODES = Torus.MAX_NODES;
    private static final List<String> ESCAPE_FIELDS = SpecFields.under("escape");
    private static final List<String> TRAFFIC_FIELDS = SpecFields.under("traffic");
    private static final List<String> PLUGIN_FIELDS = SpecFields.of("plugin", Plugins.FIELDS);
    private static final List<String> LIMIT_FIELDS = SpecFields.under("limits");
    private static final List<String> ESCAPES = List.of("when-blocked", "any");
    private static final List<String> ROUTING_FIELDS = SpecFields.under("routing");
    private static final List<String> VC_CLASS_FIELDS = SpecFields.under("vc-classes");
    private static final List<String> STEP_FIELDS = SpecFields.under("vc-classes.hops[]");
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
        RoutingFunction routing = Plugins.names(routingNode) ? pluginRouting(f, routingNode, topology)
            : builtInRouting(f, tree, topology);
        int vcs = f.positive(tree, "vcs", 1, false);
        JsonNode classesNode = tree.get("vc-classes");
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
            VcClassFunction function = Plugins.names(classesNode) ? pluginVcClasses(f, classesNode, topology, vcs)
                : vcClasses(f, classesNode);
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
        JsonNode simulation = tree.get("simulation");
        if (simulation != null && !simulation.isObject()) {
            throw f.error("simulation", "a mapping of simulation settings", simulation);
        }
        boolean capacityGiven = tree.has("capacity") || simulation == null;
        int capacity = capacityGiven ? f.positive(tree, "capacity", 0, true)
            : SimulationReader.slots(simulation);
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

        String semanticsKey = f.text(tree, "semantics", Semantics.INTERLEAVING.key(), false);
        Semantics semantics = Semantics.of(semanticsKey);
        if (semantics == null) {
            throw f.error("semantics", "one of " + Semantics.keys(), tree.get("semantics"));
        }
        int injectionQueue = 0;
        JsonNode iq = tree.get("injection-queue");
        if (iq != null) {
            if (!iq.isInt() || iq.asInt() < 0) {
                throw f.error("injection-queue", "a number of packets, 0 or more", iq);
            }
            injectionQueue = iq.asInt();
        }
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
                throw f.error("injection-queue", "0 under flow: wormhole (injection queues are not built for it)", iq);
            }
            wormhole = new flowproof.explore.Wormhole(packetFlits, capacity);
            capacity = 1;
        } else if (tree.has("packet-flits")) {
            throw f.error("packet-flits", "no packet-flits under flow: vct (packets fill whole-packet slots;"
                + " set flow: wormhole)", tree.get("packet-flits"));
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
            routing = messages(f, messagesNode, routing, network, tree);
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
            pairs = explicitPairs(f, tn.get("pairs"), topology);
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

        Verdict expect = null;
        JsonNode e = tree.get("expect");
        if (e != null) {
            expect = e.isTextual() ? Verdict.of(e.asText()) : null;
            if (expect == null || expect == Verdict.INCOMPLETE) {
                throw f.error("expect", "deadlock-free, proved or counterexample", e);
            }
        }

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

    /** A user's routing function: a class implementing RoutingFunction, or a RoutingFactory. */
    static final Plugins.Kind<RoutingFunction, Topology, RoutingFactory> ROUTING_PLUGIN = new Plugins.Kind<>("routing",
        RoutingFunction.class, Topology.class, RoutingFactory.class, RoutingFactory::name, RoutingFactory::create);

    /** A user's topology: a class implementing Topology, or a TopologyFactory; built from its parameters alone. */
    static final Plugins.Kind<Topology, Void, TopologyFactory> TOPOLOGY_PLUGIN = new Plugins.Kind<>("topology",
        Topology.class, null, TopologyFactory.class, TopologyFactory::name, (factory, none, params) -> factory.create(params));

    /**
     * A plugin topology, checked for what every engine relies on ({@link TopologyContract}):
     * a mistake in it is one line naming its class.
     */
    private static Topology pluginTopology(Fields f, JsonNode node) throws SpecException {
        f.onlyKnown("topology.", node, PLUGIN_FIELDS);
        String field = node.has("class") ? "topology.class" : "topology.plugin";
        Topology t;
        try {
            t = Plugins.create("topology", node, TOPOLOGY_PLUGIN, null);
        } catch (ConfigurationException ce) {
            throw new SpecException(f.file, f.prefix + ce.field(), ce.expected(), ce.found());
        }
        try {
            TopologyContract.check(t);
        } catch (ConfigurationException ce) {
            throw new SpecException(f.file, f.prefix + (ce.field().equals("topology") ? field : ce.field()),
                ce.expected(), ce.found());
        } catch (RuntimeException | LinkageError e) {
            // the user's topology threw while it was checked: its message and where, as a constructor's failure
            String cls = t.getClass().getName();
            String why = e.getMessage() != null && !e.getMessage().isBlank()
                ? e.getMessage().lines().findFirst().orElse("") : e.getClass().getSimpleName();
            String at = java.util.Arrays.stream(e.getStackTrace()).filter(s -> s.getClassName().equals(cls)
                || s.getClassName().startsWith(cls + "$")).findFirst().map(s -> " (at " + s + ")").orElse("");
            throw new SpecException(f.file, f.prefix + field, "a topology whose methods answer flowproof's questions",
                cls + ", which failed while it was checked: " + why + at);
        }
        return t;
    }

    /** A user's VC-class function: a class implementing VcClassFunction, or a VcClassFactory. */
    static final Plugins.Kind<VcClassFunction, Topology, VcClassFactory> VC_CLASS_PLUGIN = new Plugins.Kind<>(
        "VC-class function", VcClassFunction.class, Topology.class, VcClassFactory.class, VcClassFactory::name,
        VcClassFactory::create);

    /**
     * A plugin VC-class function, with the class count and ring hops {@link ClassedRouting} sizes
     * the headers by checked against the spec's VCs.
     */
    private static VcClassFunction pluginVcClasses(Fields f, JsonNode node, Topology topology, int vcs)
        throws SpecException {
        f.onlyKnown("vc-classes.", node, PLUGIN_FIELDS);
        VcClassFunction function;
        try {
            function = Plugins.create("vc-classes", node, VC_CLASS_PLUGIN, topology);
        } catch (ConfigurationException ce) {
            throw new SpecException(f.file, f.prefix + ce.field(), ce.expected(), ce.found());
        }
        String field = node.has("class") ? "vc-classes.class" : "vc-classes.plugin";
        String cls = function.getClass().getName();
        int classes = function.classes();
        int ringHops = function.ringHops();
        if (classes < 1 || vcs % classes != 0) {
            throw new SpecException(f.file, f.prefix + field, "a VC-class function whose classes() is a divisor of vcs ("
                + vcs + ")", cls + " (classes " + classes + ")");
        }
        if (ringHops < 0 || ringHops > 64) {
            throw new SpecException(f.file, f.prefix + field, "a VC-class function whose ringHops() is 0 to 64",
                cls + " (ringHops " + ringHops + ")");
        }
        return function;
    }

    /** A plugin routing function, with the header and candidate counts the engines size their tables by. */
    private static RoutingFunction pluginRouting(Fields f, JsonNode node, Topology topology) throws SpecException {
        f.onlyKnown("routing.", node, PLUGIN_FIELDS);
        RoutingFunction r;
        try {
            r = Plugins.create("routing", node, ROUTING_PLUGIN, topology);
        } catch (ConfigurationException ce) {
            throw new SpecException(f.file, f.prefix + ce.field(), ce.expected(), ce.found());
        }
        String field = node.has("class") ? "routing.class" : "routing.plugin";
        if (r.headers() < topology.nodes() || r.maxCandidates() < 1 || r.maxInjectHeaders() < 1) {
            throw new SpecException(f.file, f.prefix + field, "a routing function with headers() of at least the nodes ("
                + topology.nodes() + "), maxCandidates() and maxInjectHeaders() of at least 1", r.getClass().getName()
                + " (headers " + r.headers() + ", maxCandidates " + r.maxCandidates() + ", maxInjectHeaders "
                + r.maxInjectHeaders() + ")");
        }
        // a minimal() it does not keep is refused before an engine relies on it (docs/plugins.md)
        return flowproof.routing.CheckedRouting.of(r, topology);
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
            return pluginTopology(f, t);
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

    /** {@code pairs: [[SOURCE, DESTINATION], ...]} by node names, e.g. {@code ["(0,0)", "(2,2)"]}. */
    private static List<int[]> explicitPairs(Fields f, JsonNode list, Topology t) throws SpecException {
        String expected = "a non-empty list of [source, destination] pairs of endpoint names, e.g. [\""
            + t.nodeName(t.endpoints()[0]) + "\", \"" + t.nodeName(t.endpoints()[1]) + "\"]";
        if (list == null) {
            throw f.missing("traffic.pairs", expected);
        }
        if (!list.isArray() || list.isEmpty()) {
            throw f.error("traffic.pairs", expected, list);
        }
        java.util.Map<String, Integer> names = new java.util.HashMap<>();
        for (int e : t.endpoints()) {
            names.put(t.nodeName(e), e);
        }
        List<int[]> pairs = new java.util.ArrayList<>();
        java.util.Set<Long> seen = new java.util.HashSet<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode p = list.get(i);
            String at = "traffic.pairs[" + i + "]";
            if (!p.isArray() || p.size() != 2) {
                throw f.error(at, "a [source, destination] pair", p);
            }
            int[] pair = new int[2];
            for (int j = 0; j < 2; j++) {
                JsonNode v = p.get(j);
                Integer node = v.isValueNode() ? names.get(v.asText()) : null;
                if (node == null) {
                    throw f.error(at + "[" + j + "]", "an endpoint of the topology (" + t.nodeName(t.endpoints()[0])
                        + " ... " + t.nodeName(t.endpoints()[t.endpoints().length - 1]) + ")", v);
                }
                pair[j] = node;
            }
            if (pair[0] == pair[1]) {
                throw f.error(at, "two different endpoints", p);
            }
            if (!seen.add((long) pair[0] * t.nodes() + pair[1])) {
                throw f.error(at, "a pair not listed before", p);
            }
            pairs.add(pair);
        }
        return pairs;
    }

    /**
     * {@code vc-classes: {classes: C, start: N | {route: N, ...}, hops: [{conditions..., set: N | add: N}],
     * datelines: D}}: see {@link VcClasses}.
     */
    private static VcClasses vcClasses(Fields f, JsonNode node) throws SpecException {
        if (!node.isObject()) {
            throw f.error("vc-classes", "a mapping with classes, start and hops", node);
        }
        f.onlyKnown("vc-classes.", node, VC_CLASS_FIELDS);
        int classes = f.positive(node, "vc-classes.classes", "classes", 0, true);
        int datelines = f.positive(node, "vc-classes.datelines", "datelines", 1, false);
        java.util.Map<String, Integer> start = new java.util.LinkedHashMap<>();
        JsonNode sn = node.get("start");
        if (sn == null || sn.isNull()) {
            start.put(VcClasses.ANY_ROUTE, 0);
        } else if (sn.isInt()) {
            start.put(VcClasses.ANY_ROUTE, classIndex(f, "vc-classes.start", sn, classes));
        } else if (sn.isObject() && !sn.isEmpty()) {
            Iterator<String> it = sn.fieldNames();
            while (it.hasNext()) {
                String route = it.next();
                start.put(route.equals("other") ? VcClasses.ANY_ROUTE : route,
                    classIndex(f, "vc-classes.start." + route, sn.get(route), classes));
            }
        } else {
            throw f.error("vc-classes.start", "a class number, or a mapping of route names to classes"
                + " (e.g. {xy: 0, yx: 1}, {minimal: 1, valiant: 0}, other: N for the rest)", sn);
        }
        List<VcClasses.Step> steps = new ArrayList<>();
        JsonNode hn = node.get("hops");
        if (hn != null && !hn.isNull()) {
            if (!hn.isArray()) {
                throw f.error("vc-classes.hops", "a list of steps, e.g. [{channel: dateline, add: 1}]", hn);
            }
            for (int i = 0; i < hn.size(); i++) {
                steps.add(step(f, "vc-classes.hops[" + i + "]", hn.get(i), classes));
            }
        }
        return new VcClasses(classes, start, steps, datelines);
    }

    private static VcClasses.Step step(Fields f, String at, JsonNode n, int classes) throws SpecException {
        if (n == null || !n.isObject()) {
            throw f.error(at, "a step: conditions (route, class, first-hop, new-ring, ring-hop, crosses-ahead,"
                + " channel, leaves-destination) and set or add", n);
        }
        f.onlyKnown(at + ".", n, STEP_FIELDS);
        String route = n.has("route") ? f.text(n, at + ".route", "route", null, true) : null;
        Integer classIn = n.has("class") ? classIndex(f, at + ".class", n.get("class"), classes) : null;
        Boolean first = bool(f, at, n, "first-hop");
        Boolean newRing = bool(f, at, n, "new-ring");
        Integer ringHop = n.has("ring-hop") ? f.positive(n, at + ".ring-hop", "ring-hop", 1, true) : null;
        Boolean ahead = bool(f, at, n, "crosses-ahead");
        VcClasses.ChannelSet set = null;
        List<String> channels = null;
        JsonNode cn = n.get("channel");
        if (cn != null) {
            if (cn.isTextual()) {
                set = VcClasses.ChannelSet.of(cn.asText());
                if (set == null) {
                    channels = List.of(cn.asText());
                }
            } else if (cn.isArray() && !cn.isEmpty()) {
                channels = new ArrayList<>();
                for (int i = 0; i < cn.size(); i++) {
                    if (!cn.get(i).isTextual()) {
                        throw f.error(at + ".channel[" + i + "]", "a channel name", cn.get(i));
                    }
                    channels.add(cn.get(i).asText());
                }
            } else {
                throw f.error(at + ".channel", "global, local, wrap, dateline, a channel name or a list of them", cn);
            }
        }
        if (n.has("set") == n.has("add")) {
            throw n.has("set") ? f.error(at + ".add", "set or add, not both", n.get("add"))
                : f.missing(at + ".set", "set: N (the class after the hop) or add: N (added to the class)");
        }
        Boolean leaves = bool(f, at, n, "leaves-destination");
        int setTo = -1;
        if (n.has("set")) {
            JsonNode sv = n.get("set");
            if (sv.isTextual() && sv.asText().equals("any")) {
                setTo = VcClassFunction.ANY;
            } else if (!sv.isInt() || sv.asInt() < 0 || sv.asInt() >= classes) {
                throw f.error(at + ".set", "a class 0.." + (classes - 1) + ", or any (every VC of the hop's channel)",
                    sv);
            } else {
                setTo = sv.asInt();
            }
        }
        int add = 0;
        if (n.has("add")) {
            JsonNode an = n.get("add");
            if (!an.isInt() || an.asInt() == 0) {
                throw f.error(at + ".add", "a non-zero integer (classes added on the hop)", an);
            }
            add = an.asInt();
        }
        return new VcClasses.Step(route, classIn, first, newRing, ringHop, ahead, set, channels, leaves, setTo, add);
    }

    private static Boolean bool(Fields f, String at, JsonNode n, String field) throws SpecException {
        JsonNode v = n.get(field);
        if (v == null) {
            return null;
        }
        if (!v.isBoolean()) {
            throw f.error(at + "." + field, "true or false", v);
        }
        return v.asBoolean();
    }

    private static int classIndex(Fields f, String field, JsonNode v, int classes) throws SpecException {
        if (v == null || !v.isInt() || v.asInt() < 0 || v.asInt() >= classes) {
            throw f.error(field, "a class 0.." + (classes - 1), v);
        }
        return v.asInt();
    }


    /** {@code rule: [{kind: K, vcs: [...], channels: [...]}, ...]}: the kinds, checked. */
    /**
     * The {@code messages} mapping (docs/messages.md): classes, the VCs of each, which class
     * each generates (default: the next in the list) and the endpoint queue size; returns the
     * routing function wrapped with the classes, in chain order.
     */
    private static RoutingFunction messages(Fields f, JsonNode mn, RoutingFunction routing, Network network,
                                            JsonNode tree) throws SpecException {
        if (!mn.isObject()) {
            throw f.error("messages", "a mapping with classes, vcs and endpoint-queue", mn);
        }
        f.onlyKnown("messages.", mn, MESSAGE_FIELDS);
        if (network.topology().selfPairsCross()) {
            // a message is consumed where it leaves the network, and its answer injected at that node
            throw f.error("messages", "a topology whose packets leave the network at their destination endpoint"
                + " (message classes answer from the node that consumed the message; a fly delivers at its last"
                + " stage and injects at its first)", TextNode.valueOf(network.topology().describe()));
        }
        if (tree.has("semantics") && !"interleaving".equals(tree.get("semantics").asText())) {
            throw f.error("semantics", "interleaving with messages (message classes are not built for clock-cycle"
                + " steps)", tree.get("semantics"));
        }
        if (tree.has("injection-queue") && tree.get("injection-queue").asInt() != 0) {
            throw f.error("injection-queue", "0 with messages (traffic injects requests straight into the network;"
                + " answers wait in endpoint queues)", tree.get("injection-queue"));
        }
        if (tree.has("flow") && !"vct".equals(tree.get("flow").asText())) {
            throw f.error("flow", "vct with messages (message classes are not built for wormhole)", tree.get("flow"));
        }
        if (routing.hasEscape()) {
            throw f.error("routing", "a routing without escape VCs with messages (the VCs are the classes')",
                tree.get("routing"));
        }
        JsonNode cn = mn.get("classes");
        if (cn == null) {
            throw f.missing("messages.classes", "a list of at least 2 class names, e.g. [request, reply]");
        }
        if (!cn.isArray() || cn.size() < 2) {
            throw f.error("messages.classes", "a list of at least 2 class names, e.g. [request, reply]", cn);
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < cn.size(); i++) {
            JsonNode c = cn.get(i);
            if (!c.isTextual() || !c.asText().matches("[A-Za-z][A-Za-z0-9_-]*")) {
                throw f.error("messages.classes[" + i + "]", "a class name (a letter, then letters, digits, '_' or '-')", c);
            }
            if (names.contains(c.asText())) {
                throw f.error("messages.classes[" + i + "]", "a class name not listed before", c);
            }
            names.add(c.asText());
        }
        // the chain: from the first class, each generates the next, until the sink
        List<String> chain = new ArrayList<>();
        JsonNode gn = mn.get("generates");
        if (gn == null) {
            chain.addAll(names);
        } else {
            if (!gn.isObject()) {
                throw f.error("messages.generates", "a mapping from a class to the class it generates, e.g."
                    + " {request: reply}", gn);
            }
            java.util.Map<String, String> next = new java.util.HashMap<>();
            Iterator<String> it = gn.fieldNames();
            while (it.hasNext()) {
                String k = it.next();
                if (!names.contains(k)) {
                    throw f.error("messages.generates." + k, "a class listed under messages.classes ("
                        + String.join(", ", names) + ")", new com.fasterxml.jackson.databind.node.TextNode(k));
                }
                JsonNode v = gn.get(k);
                if (!v.isTextual() || !names.contains(v.asText())) {
                    throw f.error("messages.generates." + k, "a class listed under messages.classes ("
                        + String.join(", ", names) + ")", v);
                }
                next.put(k, v.asText());
            }
            String c = names.get(0);
            while (c != null) {
                if (chain.contains(c)) {
                    List<String> cycle = new ArrayList<>(chain.subList(chain.indexOf(c), chain.size()));
                    cycle.add(c);
                    throw new SpecException(f.file, f.prefix + "messages.generates", "a chain of classes from "
                        + names.get(0) + " that ends in a class generating nothing (the sink)", "the cycle "
                        + String.join(" -> ", cycle) + ", which has no sink");
                }
                chain.add(c);
                c = next.get(c);
            }
            for (String n : names) {
                if (!chain.contains(n)) {
                    throw new SpecException(f.file, f.prefix + "messages.classes", "every class on the chain "
                        + String.join(" -> ", chain) + " (traffic injects " + names.get(0) + ")", "class " + n
                        + ", which that chain never generates");
                }
            }
        }
        JsonNode vn = mn.get("vcs");
        String vcRange = "0.." + (network.vcs() - 1) + " (the spec has vcs: " + network.vcs() + ")";
        if (vn == null) {
            throw f.missing("messages.vcs", "a mapping from every class to its VCs, e.g. {request: [0], reply: [1]}");
        }
        if (!vn.isObject()) {
            throw f.error("messages.vcs", "a mapping from every class to its VCs, e.g. {request: [0], reply: [1]}", vn);
        }
        Iterator<String> keys = vn.fieldNames();
        while (keys.hasNext()) {
            String k = keys.next();
            if (!names.contains(k)) {
                throw f.error("messages.vcs." + k, "a class listed under messages.classes (" + String.join(", ", names)
                    + ")", new com.fasterxml.jackson.databind.node.TextNode(k));
            }
        }
        int[][] vcs = new int[chain.size()][];
        for (int c = 0; c < chain.size(); c++) {
            String at = "messages.vcs." + chain.get(c);
            JsonNode l = vn.get(chain.get(c));
            if (l == null) {
                throw f.missing(at, "a non-empty list of VCs in " + vcRange + ": every class travels on some VC");
            }
            if (l.isInt()) {
                l = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode().add(l.asInt());
            }
            if (!l.isArray() || l.isEmpty()) {
                throw f.error(at, "a non-empty list of VCs in " + vcRange + ": every class travels on some VC",
                    vn.get(chain.get(c)));
            }
            java.util.TreeSet<Integer> set = new java.util.TreeSet<>();
            for (int i = 0; i < l.size(); i++) {
                JsonNode v = l.get(i);
                if (!v.isInt() || v.asInt() < 0 || v.asInt() >= network.vcs()) {
                    throw f.error(at + "[" + i + "]", "a VC in " + vcRange, v);
                }
                set.add(v.asInt());
            }
            vcs[c] = set.stream().mapToInt(Integer::intValue).toArray();
        }
        int endpoint = f.positive(mn, "messages.endpoint-queue", "endpoint-queue", 1, false);
        return new flowproof.routing.MessageRouting(routing, network.topology().nodes(), chain, vcs, network.vcs(),
            endpoint);
    }

    static String describe(JsonNode v) {
        if (v == null || v.isMissingNode()) {
            return "nothing";
        }
        if (v.isNull()) {
            return "null";
        }
        if (v.isTextual()) {
            return "\"" + v.asText() + "\"";
        }
        if (v.isObject()) {
            List<String> keys = new ArrayList<>();
            v.fieldNames().forEachRemaining(keys::add);
            return "a mapping {" + String.join(", ", keys) + "}";
        }
        String s = v.toString();
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }
}
