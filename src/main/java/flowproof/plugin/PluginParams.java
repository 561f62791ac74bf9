package flowproof.plugin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.ConfigurationException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code params} mapping a spec gives a plugin ({@code rule: {class: com.example.MyRule,
 * params: {k: 2}}}), with typed reads. A value of the wrong type or out of range is a
 * {@link ConfigurationException} naming the field, which flowproof reports in one line and exit
 * code 2, as every other spec error:
 * <pre>
 * spec.yaml: rule.params.k: expected a positive integer, found "x"
 * </pre>
 * Every read names a parameter as known; after the plugin is built, a parameter that no read
 * asked for is refused ({@link #done}), so a misspelt name is an error, not a silent default.
 * Values are YAML's: integers, numbers, booleans, strings, lists and mappings.
 *
 * <p>flowproof's own topologies, routings and rules read their fields through the same class
 * ({@link #ofFields}): {@code topology: {kind: torus, radix: [4, 4]}} gives the torus factory the
 * fields besides {@code kind}, and errors name {@code topology.radix}.
 */
public final class PluginParams {

    private final String field;
    private final Map<String, Object> values;
    private final Set<String> known = new LinkedHashSet<>();
    /** The file the values come from (a spec), or null. */
    private final String source;
    /** What messages put before {@link #field}: empty, or {@code spec.} for the spec a counterexample file embeds. */
    private final String prefix;
    /** The mapping the values were read from, when they are a spec's own fields; else null. */
    private final ObjectNode tree;

    /**
     * @param field  the path of the mapping in the spec, e.g. {@code rule.params}; errors name {@code field.NAME}
     * @param values the parameters by name (null for none)
     */
    public PluginParams(String field, Map<String, ?> values) {
        this(field, values, null, "", null);
    }

    private PluginParams(String field, Map<String, ?> values, String source, String prefix, ObjectNode tree) {
        this.field = field;
        this.prefix = prefix;
        this.values = values == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(values));
        this.source = source;
        this.tree = tree;
    }

    /**
     * The fields of a spec's mapping as parameters, for a built-in factory: {@code topology:
     * {kind: torus, radix: [4, 4]}} with {@code skip} [kind] gives {@code radix}. Errors name
     * {@code field.NAME} and call a missing value a missing field; {@link #embed} may rewrite the
     * mapping.
     *
     * @param source  the spec file, for {@link #path} and messages
     * @param prefix  what messages put before the field: empty, or {@code spec.} in a counterexample file
     * @param field   the mapping's path, e.g. {@code topology}
     * @param mapping the mapping
     * @param skip    fields read by the caller (they count as known)
     */
    public static PluginParams ofFields(String source, String prefix, String field, ObjectNode mapping,
                                        List<String> skip) {
        Map<String, Object> m = Plugins.toMap(mapping);
        skip.forEach(m::remove);
        PluginParams p = new PluginParams(field, m, source, prefix, mapping);
        p.known.addAll(skip);
        return p;
    }

    /** Parameters for a plugin built by hand (a test, {@link flowproof.rule.RuleContract}): errors name {@code params.NAME}. */
    public static PluginParams of(Map<String, ?> values) {
        return new PluginParams("params", values);
    }

    /** No parameters. */
    public static PluginParams none(String field) {
        return new PluginParams(field, null);
    }

    /** The path of the mapping in the spec, e.g. {@code rule.params}. */
    public String field() {
        return field;
    }

    /**
     * What messages put before {@link #field}: empty, or {@code spec.} for the spec a
     * counterexample file embeds. The errors this class makes leave it out (the spec reader adds it).
     */
    public String prefix() {
        return prefix;
    }

    /** The file the parameters come from (the spec), or null for parameters built by hand. */
    public String source() {
        return source;
    }

    /**
     * A required file name, resolved against the folder of {@link #source} (as given when there
     * is no source or it has no folder).
     */
    public Path path(String name) {
        String file = text(name);
        Path parent = source == null ? null : Path.of(source).getParent();
        return parent == null ? Path.of(file) : parent.resolve(file);
    }

    /** The value as the spec's tree holds it (a mapping or list a factory parses itself), or null. */
    public JsonNode node(String name) {
        known.add(name);
        if (tree != null) {
            JsonNode v = tree.get(name);
            return v == null || v.isNull() ? null : v;
        }
        Object v = values.get(name);
        return v == null ? null : JSON.valueToTree(v);
    }

    /**
     * The spec's mapping itself (every field then counts as known), for a built-in that reads a
     * structure of its own; null for parameters not read from a spec ({@link #ofFields}).
     */
    public ObjectNode mapping() {
        if (tree != null) {
            known.addAll(values.keySet());
        }
        return tree;
    }

    /**
     * Replaces field {@code remove} of the spec's mapping by {@code name: value}, e.g. a file by
     * its contents, so that counterexample files (which embed the spec) carry what was read.
     *
     * @throws IllegalStateException for parameters not read from a spec's mapping ({@link #ofFields})
     */
    public void embed(String remove, String name, JsonNode value) {
        if (tree == null) {
            throw new IllegalStateException("only a spec's own fields can be rewritten");
        }
        tree.remove(remove);
        tree.set(name, value);
    }

    /** The names the spec gives, in its order. */
    public Set<String> names() {
        return values.keySet();
    }

    /** Whether the spec gives {@code name} (it then counts as known). */
    public boolean has(String name) {
        known.add(name);
        return values.containsKey(name) && values.get(name) != null;
    }

    /** The value as YAML gave it (Integer, Long, Double, Boolean, String, List, Map), or null. */
    public Object value(String name) {
        known.add(name);
        return values.get(name);
    }

    /** A required positive integer. */
    public int positiveInt(String name) {
        return integer(name, 1, Integer.MAX_VALUE, null, "a positive integer");
    }

    /** A positive integer, {@code dflt} when absent. */
    public int positiveInt(String name, int dflt) {
        return integer(name, 1, Integer.MAX_VALUE, dflt, "a positive integer");
    }

    /** A required integer in [min, max]. */
    public int integer(String name, int min, int max) {
        return integer(name, min, max, null, "an integer in [" + min + ", " + max + "]");
    }

    /** An integer in [min, max], {@code dflt} when absent. */
    public int integer(String name, int dflt, int min, int max) {
        return integer(name, min, max, dflt, "an integer in [" + min + ", " + max + "]");
    }

    private int integer(String name, int min, int max, Integer dflt, String expected) {
        Object v = value(name);
        if (v == null) {
            if (dflt == null) {
                throw missing(name, expected);
            }
            return dflt;
        }
        if (!(v instanceof Integer || v instanceof Long) || ((Number) v).longValue() < min
            || ((Number) v).longValue() > max) {
            throw bad(name, expected);
        }
        return ((Number) v).intValue();
    }

    /** A number in [min, max] (an integer counts), {@code dflt} when absent. */
    public double number(String name, double dflt, double min, double max) {
        Object v = value(name);
        if (v == null) {
            return dflt;
        }
        double x = v instanceof Number n ? n.doubleValue() : Double.NaN;
        if (!(v instanceof Number) || Double.isNaN(x) || x < min || x > max) {
            throw bad(name, "a number in [" + fmt(min) + ", " + fmt(max) + "]");
        }
        return x;
    }

    /** true or false, {@code dflt} when absent. */
    public boolean bool(String name, boolean dflt) {
        Object v = value(name);
        if (v == null) {
            return dflt;
        }
        if (!(v instanceof Boolean b)) {
            throw bad(name, "true or false");
        }
        return b;
    }

    /** A required non-empty string. */
    public String text(String name) {
        String s = text(name, null);
        if (s == null) {
            throw missing(name, "a non-empty string");
        }
        return s;
    }

    /** A non-empty string, {@code dflt} when absent. */
    public String text(String name, String dflt) {
        Object v = value(name);
        if (v == null) {
            return dflt;
        }
        if (!(v instanceof String s) || s.isBlank()) {
            throw bad(name, "a non-empty string");
        }
        return s;
    }

    /** One of {@code choices}, {@code dflt} when absent. */
    public String choice(String name, String dflt, String... choices) {
        Object v = value(name);
        if (v == null) {
            return dflt;
        }
        for (String c : choices) {
            if (c.equals(v)) {
                return c;
            }
        }
        throw bad(name, choices.length == 2 ? choices[0] + " or " + choices[1] : "one of " + String.join(", ", choices));
    }

    /** A list of integers (a single integer counts as a list of one), empty when absent. */
    public List<Integer> integers(String name) {
        Object v = value(name);
        List<Integer> out = new ArrayList<>();
        if (v == null) {
            return out;
        }
        List<?> items = v instanceof List<?> l ? l : List.of(v);
        for (Object o : items) {
            if (!(o instanceof Integer i)) {
                throw bad(name, "a list of integers");
            }
            out.add(i);
        }
        return out;
    }

    /** The error for a value of {@code name} that is not {@code expected}: {@code FIELD.NAME: expected ..., found VALUE}. */
    public ConfigurationException bad(String name, String expected) {
        known.add(name);
        return new ConfigurationException(field + "." + name, expected, found(name));
    }

    /** The error for item {@code index} of list {@code name}: {@code FIELD.NAME[INDEX]: expected ..., found ITEM}. */
    public ConfigurationException bad(String name, int index, String expected) {
        known.add(name);
        JsonNode list = node(name);
        JsonNode item = list == null ? null : list.get(index);
        return new ConfigurationException(field + "." + name + "[" + index + "]", expected,
            item == null ? "nothing" : describe(item));
    }

    /** The error for a parameter that only a combination reveals, with a found text of the plugin's own. */
    public ConfigurationException bad(String name, String expected, String found) {
        known.add(name);
        return new ConfigurationException(field + "." + name, expected, found);
    }

    private ConfigurationException missing(String name, String expected) {
        return new ConfigurationException(field + "." + name, expected, "nothing (the " + (tree != null ? "field"
            : "parameter") + " is missing)");
    }

    /** The value of {@code name} as errors show it. */
    private String found(String name) {
        if (tree != null) {
            JsonNode v = tree.get(name);
            return v == null ? "nothing" : describe(v);
        }
        return describe(values.get(name));
    }

    /**
     * A value of a spec's tree as errors show it: strings quoted, mappings by their keys, anything
     * else as JSON (long values cut at 60 characters).
     */
    public static String describe(JsonNode v) {
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

    /** Refuses every parameter that no read asked for; flowproof calls it once the plugin is built. */
    public void done() {
        for (String k : values.keySet()) {
            if (!known.contains(k)) {
                String what = tree != null ? "field" : "parameter";
                throw new ConfigurationException(field + "." + k, known.isEmpty() ? "no parameters (the plugin reads none)"
                    : "one of the " + what + "s " + String.join(", ", known), "an unknown " + what);
            }
        }
    }

    /** The whole mapping as errors show it: {@code a mapping {kind, file, graph}} (the fields of a spec's mapping). */
    public String describeMapping() {
        if (tree != null) {
            return describe(tree);
        }
        return describe((Object) values);
    }

    /** The parameters as given, e.g. {@code k=2, mode=fast}; empty without any. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        values.forEach((k, v) -> parts.add(k + "=" + (v instanceof String s ? s : describe(v))));
        return String.join(", ", parts);
    }

    /** A value as errors show it: strings quoted, mappings by their keys. */
    static String describe(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof String s) {
            return "\"" + s + "\"";
        }
        if (v instanceof Map<?, ?> m) {
            List<String> keys = new ArrayList<>();
            m.keySet().forEach(k -> keys.add(String.valueOf(k)));
            return "a mapping {" + String.join(", ", keys) + "}";
        }
        if (v instanceof List<?> l) {
            List<String> items = new ArrayList<>();
            l.forEach(x -> items.add(describe(x)));
            String s = "[" + String.join(", ", items) + "]";
            return s.length() > 60 ? s.substring(0, 57) + "..." : s;
        }
        return String.valueOf(v);
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    private static String fmt(double x) {
        return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : Double.toString(x);
    }
}
