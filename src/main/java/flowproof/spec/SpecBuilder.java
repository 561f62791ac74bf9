package flowproof.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * Builds a spec in code, field by field as a spec file writes it, and validates it with
 * the same reader as spec files ({@link SpecReader#fromTree}): a spec built here and the
 * same spec written in YAML are the same {@link Spec}, with the same one-line errors.
 *
 * <pre>{@code
 * Spec ring = SpecBuilder.named("ring4-cbs")
 *     .ring(4).capacity(2).vcs(1).routing("dor")
 *     .rule("critical-bubble")
 *     .traffic("all-pairs")
 *     .expect("deadlock-free")
 *     .build();
 * }</pre>
 *
 * Fields without a method of their own are set with {@link #set(String, Object)}, whose
 * value may be a string, a number, a boolean, a {@link Map}, a {@link java.util.List} or a
 * Jackson {@link JsonNode}. Not thread-safe; {@link #build()} may be called more than once.
 */
public final class SpecBuilder {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ObjectNode tree = JSON.createObjectNode();
    private String source = "(built in code)";

    private SpecBuilder(String name) {
        tree.put("name", name);
    }

    /**
     * @param name the spec's name (letters, digits, '.', '_' and '-'; it names counterexample files)
     * @return a builder for a spec of that name
     */
    public static SpecBuilder named(String name) {
        return new SpecBuilder(name);
    }

    /**
     * @param where what error messages name as the spec's file (default {@code (built in code)})
     * @return this builder
     */
    public SpecBuilder source(String where) {
        this.source = where;
        return this;
    }

    /**
     * @param text the {@code description} field
     * @return this builder
     */
    public SpecBuilder description(String text) {
        tree.put("description", text);
        return this;
    }

    /**
     * A unidirectional ring: {@code topology: {kind: ring, radix: [k]}}.
     *
     * @param k routers
     * @return this builder
     */
    public SpecBuilder ring(int k) {
        return topology("ring", false, k);
    }

    /**
     * A bidirectional ring: {@code topology: {kind: ring, radix: [k], bidirectional: true}}.
     *
     * @param k routers
     * @return this builder
     */
    public SpecBuilder bidirectionalRing(int k) {
        return topology("ring", true, k);
    }

    /**
     * A unidirectional torus: {@code topology: {kind: torus, radix: [...]}}.
     *
     * @param radix routers per dimension
     * @return this builder
     */
    public SpecBuilder torus(int... radix) {
        return topology("torus", false, radix);
    }

    /**
     * A bidirectional torus: {@code topology: {kind: torus, radix: [...], bidirectional: true}}.
     *
     * @param radix routers per dimension
     * @return this builder
     */
    public SpecBuilder bidirectionalTorus(int... radix) {
        return topology("torus", true, radix);
    }

    /**
     * A mesh: {@code topology: {kind: mesh, radix: [...]}}.
     *
     * @param radix routers per dimension
     * @return this builder
     */
    public SpecBuilder mesh(int... radix) {
        ObjectNode t = tree.putObject("topology");
        t.put("kind", "mesh");
        ArrayNode r = t.putArray("radix");
        for (int k : radix) {
            r.add(k);
        }
        return this;
    }

    private SpecBuilder topology(String kind, boolean bidirectional, int... radix) {
        ObjectNode t = tree.putObject("topology");
        t.put("kind", kind);
        ArrayNode r = t.putArray("radix");
        for (int k : radix) {
            r.add(k);
        }
        if (bidirectional) {
            t.put("bidirectional", true);
        }
        return this;
    }

    /**
     * @param packets the {@code capacity} field: packet slots per queue
     * @return this builder
     */
    public SpecBuilder capacity(int packets) {
        tree.put("capacity", packets);
        return this;
    }

    /**
     * @param n the {@code vcs} field: virtual channels per physical channel
     * @return this builder
     */
    public SpecBuilder vcs(int n) {
        tree.put("vcs", n);
        return this;
    }

    /**
     * @param kind the {@code routing} field, e.g. {@code dor}, {@code minimal-adaptive}
     * @return this builder
     */
    public SpecBuilder routing(String kind) {
        tree.put("routing", kind);
        return this;
    }

    /**
     * @param kind a built-in rule, e.g. {@code vct}, {@code critical-bubble}
     * @return this builder
     */
    public SpecBuilder rule(String kind) {
        tree.put("rule", kind);
        return this;
    }

    /**
     * A rule of the user's own: {@code rule: {class: NAME, params: {...}}} (see docs/plugins.md).
     *
     * @param ruleClass the rule's class (it must be visible to the class loader that reads specs)
     * @param params    its parameters (may be empty)
     * @return this builder
     */
    public SpecBuilder rule(Class<?> ruleClass, Map<String, ?> params) {
        ObjectNode r = tree.putObject("rule");
        r.put("class", ruleClass.getName());
        if (!params.isEmpty()) {
            r.set("params", JSON.valueToTree(params));
        }
        return this;
    }

    /**
     * A topology of the user's own: {@code topology: {class: NAME, params: {...}}} (see docs/plugins.md).
     *
     * @param topologyClass the topology's class (it must be visible to the class loader that reads specs)
     * @param params        its parameters (may be empty)
     * @return this builder
     */
    public SpecBuilder topology(Class<?> topologyClass, Map<String, ?> params) {
        return plugin("topology", topologyClass, params);
    }

    /**
     * A VC-class function of the user's own: {@code vc-classes: {class: NAME, params: {...}}} (see
     * docs/plugins.md).
     *
     * @param functionClass the function's class (it must be visible to the class loader that reads specs)
     * @param params        its parameters (may be empty)
     * @return this builder
     */
    public SpecBuilder vcClasses(Class<?> functionClass, Map<String, ?> params) {
        return plugin("vc-classes", functionClass, params);
    }

    private SpecBuilder plugin(String field, Class<?> cls, Map<String, ?> params) {
        ObjectNode r = tree.putObject(field);
        r.put("class", cls.getName());
        if (!params.isEmpty()) {
            r.set("params", JSON.valueToTree(params));
        }
        return this;
    }

    /**
     * @param pattern the {@code traffic} field, e.g. {@code all-pairs}, {@code uniform}
     * @return this builder
     */
    public SpecBuilder traffic(String pattern) {
        tree.put("traffic", pattern);
        return this;
    }

    /**
     * Adds one source-destination pair to {@code traffic: {pairs: [...]}}.
     *
     * @param source      the source node's name, e.g. {@code 0} or {@code (0,1)}
     * @param destination the destination node's name
     * @return this builder
     */
    public SpecBuilder pair(String source, String destination) {
        JsonNode t = tree.get("traffic");
        ObjectNode traffic = t != null && t.isObject() ? (ObjectNode) t : tree.putObject("traffic");
        ArrayNode pairs = traffic.has("pairs") ? (ArrayNode) traffic.get("pairs") : traffic.putArray("pairs");
        pairs.addArray().add(source).add(destination);
        return this;
    }

    /**
     * @param verdict the {@code expect} field: {@code deadlock-free} or {@code counterexample}
     * @return this builder
     */
    public SpecBuilder expect(String verdict) {
        tree.put("expect", verdict);
        return this;
    }

    /**
     * @param states the explorer's state limit ({@code limits.states})
     * @param seconds its time limit ({@code limits.seconds})
     * @return this builder
     */
    public SpecBuilder limits(long states, double seconds) {
        ObjectNode l = tree.putObject("limits");
        l.put("states", states);
        l.put("seconds", seconds);
        return this;
    }

    /**
     * Sets any top-level field as a spec file would write it.
     *
     * @param field a spec field, e.g. {@code escape}, {@code simulation}, {@code vc-classes}
     * @param value a string, number, boolean, Map, List or JsonNode
     * @return this builder
     */
    public SpecBuilder set(String field, Object value) {
        tree.set(field, value instanceof JsonNode j ? j.deepCopy() : JSON.valueToTree(value));
        return this;
    }

    /** @return the spec as a tree, as a spec file would read (a copy) */
    public ObjectNode tree() {
        return tree.deepCopy();
    }

    /**
     * Validates the fields and builds the spec.
     *
     * @return the spec
     * @throws SpecException one line naming the field, what was expected and what was found
     */
    public Spec build() throws SpecException {
        return SpecReader.fromTree(source, "", tree.deepCopy());
    }
}
