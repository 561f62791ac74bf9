package flowproof.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.ConfigurationException;
import flowproof.explore.Wormhole;
import flowproof.plugin.PluginParams;
import flowproof.plugin.Plugins;
import flowproof.rule.CheckedRule;
import flowproof.rule.FlowControlRule;
import flowproof.rule.RuleContract;
import flowproof.rule.RuleFactory;
import flowproof.rule.RuleKind;
import flowproof.rule.Rules;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import java.util.ArrayList;
import java.util.List;

/**
 * A spec's {@code rule}: a built-in's name ({@code rule: vct}) or mapping ({@code rule: {kind:
 * critical-bubble, bubbles: 2}}), found in {@link Rules#BUILT_INS}; a list of parts, each
 * governing some queues; or a user's rule ({@code {class: ...}} or {@code {plugin: ...}}). Read
 * once, it builds the rule for the spec's network and again for the simulator's.
 */
final class RuleReader {

    private static final List<String> RULE_FIELDS = SpecFields.under("rule");
    private static final List<String> PART_FIELDS = SpecFields.under("rule[]");
    private static final List<String> PLUGIN_FIELDS = SpecFields.of("plugin", Plugins.FIELDS);

    /** A user's rule: a class implementing FlowControlRule, or a RuleFactory registered for ServiceLoader. */
    static final Plugins.Kind<FlowControlRule, Network, RuleFactory> RULE_PLUGIN = new Plugins.Kind<>("rule",
        FlowControlRule.class, Network.class, RuleFactory.class, RuleFactory::name, RuleFactory::create);

    private final Fields f;
    private final JsonNode node;
    private final boolean plugin;
    private final List<RuleKind> parts;
    private final RuleFactory factory;
    private final String name;

    private RuleReader(Fields f, JsonNode node, boolean plugin, List<RuleKind> parts, RuleFactory factory,
                       String name) {
        this.f = f;
        this.node = node;
        this.plugin = plugin;
        this.parts = parts;
        this.factory = factory;
        this.name = name;
    }

    /** Reads the rule's form and name; refuses an unknown kind and a field of another rule. */
    static RuleReader read(Fields f, JsonNode node) throws SpecException {
        String keys = String.join(", ", Rules.BUILT_INS.keys());
        if (node == null) {
            throw f.missing("rule", "a rule kind (" + keys + ")");
        }
        if (Plugins.names(node)) {
            f.onlyKnown("rule.", node, PLUGIN_FIELDS);
            // the rule in messages: a plugin's class or registered name
            return new RuleReader(f, node, true, null, null, node.path(node.has("class") ? "class" : "plugin").asText());
        }
        if (node.isArray()) {
            List<RuleKind> kinds = ruleParts(f, node);
            RuleKind strongest = kinds.contains(RuleKind.THEORETICAL_BUBBLE) ? RuleKind.THEORETICAL_BUBBLE
                : kinds.contains(RuleKind.LOCALIZED_BUBBLE) ? RuleKind.LOCALIZED_BUBBLE : RuleKind.VCT;
            return new RuleReader(f, node, false, kinds, null, strongest.key());
        }
        String key;
        if (node.isTextual()) {
            key = node.asText();
        } else if (node.isObject()) {
            f.onlyKnown("rule.", node, RULE_FIELDS);
            key = f.text(node, "rule.kind", "kind", null, true);
        } else {
            throw f.error("rule", "a rule kind or a mapping with kind and bubbles", node);
        }
        RuleFactory factory = Rules.BUILT_INS.builtIn(key);
        if (factory == null) {
            throw f.error(node.isObject() ? "rule.kind" : "rule", "one of " + keys, node.isObject() ? node.get("kind")
                : node);
        }
        if (node.isObject()) {
            Builtins.onlyOwnFields(f, "rule", node, factory, Rules.BUILT_INS);
        }
        return new RuleReader(f, node, false, null, factory, key);
    }

    /** The rule in messages: a built-in's key, a plugin's class or registered name, the strongest part. */
    String name() {
        return name;
    }

    /** Whether the rule is a list of parts. */
    boolean isParts() {
        return parts != null;
    }

    /** Where errors about the rule itself point: {@code rule}, or {@code rule.kind} in the mapping form. */
    String field() {
        return node.isObject() && !plugin ? "rule.kind" : "rule";
    }

    /** The VCs of a ring the rule needs as the escape VCs of an adaptive routing. */
    int ringVcs() throws SpecException {
        if (factory == null) {
            return 1;
        }
        try {
            return factory.ringVcs(params());
        } catch (ConfigurationException e) {
            throw error(e);
        }
    }

    private PluginParams params() {
        ObjectNode fields = node.isObject() ? (ObjectNode) node : JsonNodeFactory.instance.objectNode();
        return PluginParams.ofFields(f.file, f.prefix, "rule", fields, List.of("kind"));
    }

    private SpecException error(ConfigurationException e) {
        String field = e.field().equals("rule") ? field() : e.field();
        return new SpecException(f.file, f.prefix + field, e.expected(), e.found());
    }

    /** The rule for the spec's network, checked against the spec (no marks under wormhole, rings where read). */
    FlowControlRule create(Network network, Wormhole wormhole) throws SpecException {
        if (plugin) {
            try {
                return pluginRule(network, wormhole);
            } catch (ConfigurationException e) {
                // a contract fault CheckedRule found: its own field
                throw new SpecException(f.file, f.prefix + e.field(), e.expected(), e.found());
            }
        }
        if (parts != null) {
            try {
                return mixedRule(f, node, parts, network);
            } catch (ConfigurationException e) {
                throw error(e);
            }
        }
        FlowControlRule rule;
        try {
            PluginParams params = params();
            rule = factory.create(network, params);
            params.done();
        } catch (ConfigurationException e) {
            throw error(e);
        }
        if (wormhole != null && rule.marksPerRing() > 0) {
            throw new SpecException(f.file, f.prefix + field(), "a rule without critical marks under flow: wormhole",
                name);
        }
        return rule;
    }

    /** The same rule for another network (the simulator's, whose capacity counts its own slots). */
    FlowControlRule recreate(Network network) {
        if (plugin) {
            String field = node.has("class") ? "rule.class" : "rule.plugin";
            return CheckedRule.of(Plugins.create("rule", node, RULE_PLUGIN, network), network, field,
                f.file + ": " + f.prefix + field);
        }
        if (parts != null) {
            try {
                return mixedRule(f, node, parts, network);
            } catch (SpecException bad) {
                throw new IllegalStateException("the rule's parts were checked on the spec's network: " + bad.getMessage(),
                    bad);
            }
        }
        return factory.create(network, params());
    }

    /**
     * A plugin rule for the spec's network, and what the engines need of it checked against the
     * spec: rings for a rule that reads them, no marks under wormhole.
     */
    private FlowControlRule pluginRule(Network network, Wormhole wormhole) throws SpecException {
        Topology topology = network.topology();
        FlowControlRule rule = Plugins.create("rule", node, RULE_PLUGIN, network);
        String field = node.has("class") ? "rule.class" : "rule.plugin";
        if (rule.readsRings() && topology.rings() == 0) {
            throw new SpecException(f.file, f.prefix + field, "a rule that needs no rings on a " + topology.kind()
                + " (it has none)", RuleContract.label(rule) + ", which says it reads rings (readsRings())");
        }
        if (wormhole != null && rule.marksPerRing() > 0) {
            throw new SpecException(f.file, f.prefix + field, "a rule without critical marks under flow: wormhole",
                RuleContract.label(rule) + ", which keeps " + rule.marksPerRing() + " per ring");
        }
        // its claims checked on this network before an engine relies on them; its faults one line
        return CheckedRule.of(rule, network, field, f.file + ": " + f.prefix + field);
    }

    private static List<RuleKind> ruleParts(Fields f, JsonNode node) throws SpecException {
        if (node.isEmpty()) {
            throw f.error("rule", "a rule kind, a mapping, or a non-empty list of parts", node);
        }
        List<RuleKind> kinds = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            String at = "rule[" + i + "]";
            JsonNode p = node.get(i);
            if (!p.isObject()) {
                throw f.error(at, "a part: {kind: K, vcs: [V, ...], channels: [NAME, ...]}", p);
            }
            f.onlyKnown(at + ".", p, PART_FIELDS);
            String key = f.text(p, at + ".kind", "kind", null, true);
            RuleKind k = RuleKind.of(key);
            if (k != RuleKind.VCT && k != RuleKind.THEORETICAL_BUBBLE && k != RuleKind.LOCALIZED_BUBBLE) {
                throw f.error(at + ".kind", "vct, theoretical-bubble or localized-bubble in a list of parts (rules"
                    + " without critical marks or VC choices of their own)", p.get("kind"));
            }
            kinds.add(k);
        }
        return kinds;
    }

    /** The queues each part governs: the first part whose vcs and channels (when given) match. */
    private static flowproof.rule.MixedRule mixedRule(Fields f, JsonNode node, List<RuleKind> kinds, Network network)
        throws SpecException {
        Topology t = network.topology();
        java.util.Map<String, Integer> channelByName = new java.util.HashMap<>();
        for (int c = 0; c < t.channels(); c++) {
            channelByName.put(t.channelName(c), c);
        }
        int queues = network.queues();
        int[] partOf = new int[queues];
        java.util.Arrays.fill(partOf, -1);
        List<flowproof.rule.MixedRule.Part> parts = new ArrayList<>();
        for (int i = 0; i < kinds.size(); i++) {
            String at = "rule[" + i + "]";
            JsonNode p = node.get(i);
            boolean[] vcs = null;
            if (p.has("vcs")) {
                JsonNode vn = p.get("vcs");
                if (!vn.isArray() || vn.isEmpty()) {
                    throw f.error(at + ".vcs", "a non-empty list of VCs 0.." + (network.vcs() - 1), vn);
                }
                vcs = new boolean[network.vcs()];
                for (int j = 0; j < vn.size(); j++) {
                    if (!vn.get(j).isInt() || vn.get(j).asInt() < 0 || vn.get(j).asInt() >= network.vcs()) {
                        throw f.error(at + ".vcs[" + j + "]", "a VC 0.." + (network.vcs() - 1), vn.get(j));
                    }
                    vcs[vn.get(j).asInt()] = true;
                }
            }
            boolean[] channels = null;
            if (p.has("channels")) {
                JsonNode cn = p.get("channels");
                if (!cn.isArray() || cn.isEmpty()) {
                    throw f.error(at + ".channels", "a non-empty list of channel names (e.g. " + t.channelName(0) + ")", cn);
                }
                channels = new boolean[t.channels()];
                for (int j = 0; j < cn.size(); j++) {
                    Integer c = cn.get(j).isTextual() ? channelByName.get(cn.get(j).asText()) : null;
                    if (c == null) {
                        throw f.error(at + ".channels[" + j + "]", "a channel of " + t.describe() + " (e.g. "
                            + t.channelName(0) + ")", cn.get(j));
                    }
                    channels[c] = true;
                }
            }
            int governed = 0;
            for (int q = 0; q < queues; q++) {
                if (partOf[q] < 0 && (vcs == null || vcs[network.vcOf(q)])
                    && (channels == null || channels[network.channelOf(q)])) {
                    partOf[q] = i;
                    governed++;
                }
            }
            if (governed == 0) {
                throw f.error(at, "a part that governs some queue (the parts before it take every queue it names)", p);
            }
            String where = (channels == null ? "" : "channels " + names(p.get("channels")))
                + (vcs == null ? "" : (channels == null ? "" : ", ") + "VCs " + names(p.get("vcs")));
            parts.add(new flowproof.rule.MixedRule.Part(kinds.get(i).create(network, 0),
                where.isEmpty() ? (i == 0 ? "every queue" : "the other queues") : where));
        }
        for (int q = 0; q < queues; q++) {
            if (partOf[q] < 0) {
                throw new SpecException(f.file, f.prefix + "rule", "a part for every queue (end the list with a part"
                    + " without vcs or channels)", "none for " + network.queueName(q));
            }
        }
        return new flowproof.rule.MixedRule(parts, partOf);
    }

    private static String names(JsonNode list) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < list.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(list.get(i).asText());
        }
        return b.toString();
    }
}
