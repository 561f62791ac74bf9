package flowproof.plugin;

import flowproof.ConfigurationException;
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
 */
public final class PluginParams {

    private final String field;
    private final Map<String, Object> values;
    private final Set<String> known = new LinkedHashSet<>();

    /**
     * @param field  the path of the mapping in the spec, e.g. {@code rule.params}; errors name {@code field.NAME}
     * @param values the parameters by name (null for none)
     */
    public PluginParams(String field, Map<String, ?> values) {
        this.field = field;
        this.values = values == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(values));
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
        throw bad(name, "one of " + String.join(", ", choices));
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
        return new ConfigurationException(field + "." + name, expected, describe(values.get(name)));
    }

    /** The error for a parameter that only a combination reveals, with a found text of the plugin's own. */
    public ConfigurationException bad(String name, String expected, String found) {
        known.add(name);
        return new ConfigurationException(field + "." + name, expected, found);
    }

    private ConfigurationException missing(String name, String expected) {
        return new ConfigurationException(field + "." + name, expected, "nothing (the parameter is missing)");
    }

    /** Refuses every parameter that no read asked for; flowproof calls it once the plugin is built. */
    public void done() {
        for (String k : values.keySet()) {
            if (!known.contains(k)) {
                throw new ConfigurationException(field + "." + k, known.isEmpty() ? "no parameters (the plugin reads none)"
                    : "one of the parameters " + String.join(", ", known), "an unknown parameter");
            }
        }
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

    private static String fmt(double x) {
        return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : Double.toString(x);
    }
}
