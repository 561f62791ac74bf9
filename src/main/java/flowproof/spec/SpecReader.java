package flowproof.spec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import flowproof.ConfigurationException;
import flowproof.explore.Limits;
import flowproof.explore.Property;
import flowproof.explore.StateLayout;
import flowproof.explore.Verdict;
import flowproof.routing.DimensionOrderRouting;
import flowproof.routing.RoutingFunction;
import flowproof.rule.FlowControlRule;
import flowproof.rule.RuleKind;
import flowproof.topology.Network;
import flowproof.topology.Topology;
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
 * routing: dor                         # default dor
 * vcs: 1                               # default 1
 * capacity: 1                          # packets per queue, required
 * rule: {kind: critical-bubble, bubbles: 1}   # or just: rule: vct
 * traffic: all-pairs                   # or a pattern name; default all-pairs
 * properties: [stuck-freedom, drainability, bubble-invariant, critical-bubble-invariant]
 * expect: deadlock-free | proved | counterexample
 * limits: {states: 100000000, seconds: 600}
 * </pre>
 */
public final class SpecReader {

    static final List<String> FIELDS = List.of("name", "description", "topology", "routing", "vcs", "capacity",
        "rule", "traffic", "properties", "expect", "limits");
    private static final List<String> TOPOLOGY_FIELDS = List.of("kind", "radix", "bidirectional");
    private static final List<String> RULE_FIELDS = List.of("kind", "bubbles");
    private static final List<String> LIMIT_FIELDS = List.of("states", "seconds");
    private static final List<String> ROUTINGS = List.of("dor");

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
        .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private SpecReader() {
    }

    /** Reads a spec file. */
    public static Spec read(Path file) throws SpecException {
        String name = file.toString();
        JsonNode tree;
        try {
            tree = YAML.readTree(Files.readString(file));
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
            throw f.error("name", "letters, digits, '.', '_' and '-' (it names counterexample files)", tree.get("name"));
        }
        String description = f.text(tree, "description", "", false);

        Topology topology = topology(f, tree);
        String routingName = f.text(tree, "routing", "dor", false);
        if (!ROUTINGS.contains(routingName)) {
            throw f.error("routing", "one of " + String.join(", ", ROUTINGS), tree.get("routing"));
        }
        RoutingFunction routing = new DimensionOrderRouting((Torus) topology);
        int vcs = f.positive(tree, "vcs", 1, false);
        int capacity = f.positive(tree, "capacity", 0, true);
        Network network = new Network(topology, vcs, capacity);

        JsonNode ruleNode = tree.get("rule");
        String ruleKey;
        int bubbles = 0;
        if (ruleNode == null) {
            throw f.missing("rule", "a rule kind (" + RuleKind.keys() + ")");
        } else if (ruleNode.isTextual()) {
            ruleKey = ruleNode.asText();
        } else if (ruleNode.isObject()) {
            f.onlyKnown("rule.", ruleNode, RULE_FIELDS);
            ruleKey = f.text(ruleNode, "rule.kind", "kind", null, true);
            if (ruleNode.has("bubbles")) {
                bubbles = f.positive(ruleNode, "rule.bubbles", "bubbles", 0, true);
            }
        } else {
            throw f.error("rule", "a rule kind or a mapping with kind and bubbles", ruleNode);
        }
        RuleKind kind = RuleKind.of(ruleKey);
        if (kind == null) {
            throw f.error(ruleNode.isObject() ? "rule.kind" : "rule", "one of " + RuleKind.keys(),
                ruleNode.isObject() ? ruleNode.get("kind") : ruleNode);
        }
        if (bubbles != 0 && !kind.takesBubbles()) {
            throw new SpecException(file, prefix + "rule.bubbles", "no bubbles for rule " + kind.key()
                + " (only critical-bubble has critical marks)", Integer.toString(bubbles));
        }
        FlowControlRule rule;
        try {
            rule = kind.create(network, bubbles);
            new StateLayout(network, rule.marksPerRing() > 0);
        } catch (ConfigurationException e) {
            throw new SpecException(file, prefix + e.field(), e.expected(), e.found());
        }

        String traffic = f.text(tree, "traffic", TrafficPattern.ALL_PAIRS.key(), false);
        TrafficPattern pattern = TrafficPattern.of(traffic);
        if (pattern == null) {
            throw f.error("traffic", "one of " + TrafficPattern.keys(), tree.get("traffic"));
        }
        List<int[]> pairs;
        try {
            pairs = pattern.pairs(topology);
        } catch (ConfigurationException e) {
            throw new SpecException(file, prefix + e.field(), e.expected(), e.found());
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
                    throw f.error("properties[" + i + "]", "a property of rule " + kind.key()
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
        return new Spec(file, tree, name, description, topology, network, routing, rule, traffic, pairs,
            properties, expect, limits);
    }

    private static Topology topology(Fields f, JsonNode tree) throws SpecException {
        JsonNode t = tree.get("topology");
        if (t == null) {
            throw f.missing("topology", "a mapping with kind, radix and bidirectional");
        }
        if (!t.isObject()) {
            throw f.error("topology", "a mapping with kind, radix and bidirectional", t);
        }
        f.onlyKnown("topology.", t, TOPOLOGY_FIELDS);
        String kind = f.text(t, "topology.kind", "kind", null, true);
        if (!List.of("ring", "torus", "mesh").contains(kind)) {
            throw f.error("topology.kind", "one of ring, torus, mesh", t.get("kind"));
        }
        JsonNode r = t.get("radix");
        if (r == null) {
            throw f.missing("topology.radix", "a list of radices, one per dimension");
        }
        int[] radix;
        if (r.isInt()) {
            radix = new int[] {r.asInt()};
        } else if (r.isArray() && !r.isEmpty()) {
            radix = new int[r.size()];
            for (int i = 0; i < r.size(); i++) {
                if (!r.get(i).isInt()) {
                    throw f.error("topology.radix[" + i + "]", "an integer radix of at least 2", r.get(i));
                }
                radix[i] = r.get(i).asInt();
            }
        } else {
            throw f.error("topology.radix", "a list of radices, one per dimension", r);
        }
        for (int i = 0; i < radix.length; i++) {
            if (radix[i] < 2) {
                throw f.error(r.isArray() ? "topology.radix[" + i + "]" : "topology.radix",
                    "an integer radix of at least 2", r.isArray() ? r.get(i) : r);
            }
        }
        if (kind.equals("ring") && radix.length != 1) {
            throw f.error("topology.radix", "one radix for a ring (use kind torus for more dimensions)", r);
        }
        long nodes = 1;
        for (int k : radix) {
            nodes *= k;
        }
        if (nodes > 4096) {
            throw f.error("topology.radix", "at most 4096 nodes", r);
        }
        boolean bidirectional = false;
        JsonNode b = t.get("bidirectional");
        if (b != null) {
            if (!b.isBoolean()) {
                throw f.error("topology.bidirectional", "true or false", b);
            }
            bidirectional = b.asBoolean();
        }
        if (kind.equals("mesh")) {
            if (b != null && !bidirectional) {
                throw f.error("topology.bidirectional", "true for a mesh (it has no wrap-around channels)", b);
            }
            return Torus.mesh(radix);
        }
        return Torus.torus(radix, bidirectional);
    }

    /** Field access with errors that name the field. */
    private static final class Fields {
        final String file;
        final String prefix;

        Fields(String file, String prefix) {
            this.file = file;
            this.prefix = prefix;
        }

        SpecException error(String field, String expected, JsonNode found) {
            return new SpecException(file, prefix + field, expected, describe(found));
        }

        SpecException missing(String field, String expected) {
            return new SpecException(file, prefix + field, expected, "nothing (the field is missing)");
        }

        void onlyKnown(String path, JsonNode node, List<String> known) throws SpecException {
            Iterator<String> it = node.fieldNames();
            while (it.hasNext()) {
                String k = it.next();
                if (!known.contains(k)) {
                    throw new SpecException(file, prefix + path + k, "one of the fields " + String.join(", ", known),
                        "an unknown field");
                }
            }
        }

        String text(JsonNode node, String field, String dflt, boolean required) throws SpecException {
            return text(node, field, field, dflt, required);
        }

        String text(JsonNode node, String path, String field, String dflt, boolean required) throws SpecException {
            JsonNode v = node.get(field);
            if (v == null || v.isNull()) {
                if (required) {
                    throw missing(path, "a string");
                }
                return dflt;
            }
            if (!v.isTextual() || v.asText().isBlank()) {
                throw error(path, "a non-empty string", v);
            }
            return v.asText();
        }

        int positive(JsonNode node, String field, int dflt, boolean required) throws SpecException {
            return positive(node, field, field, dflt, required);
        }

        int positive(JsonNode node, String path, String field, int dflt, boolean required) throws SpecException {
            JsonNode v = node.get(field);
            if (v == null || v.isNull()) {
                if (required) {
                    throw missing(path, "a positive integer");
                }
                return dflt;
            }
            if (!v.isInt() || v.asInt() < 1) {
                throw error(path, "a positive integer", v);
            }
            return v.asInt();
        }

        long positiveLong(JsonNode node, String path, String field) throws SpecException {
            JsonNode v = node.get(field);
            if (v == null || !v.canConvertToLong() || !v.isIntegralNumber() || v.asLong() < 1) {
                throw error(path, "a positive integer", v);
            }
            return v.asLong();
        }
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
