package flowproof.throttle;

import com.fasterxml.jackson.databind.JsonNode;
import flowproof.ConfigurationException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The parameters of one scheme as a spec gives them ({@code simulation.control: {kind: tune,
 * increment: 0.01}}): typed reads with defaults and ranges, each failure a
 * {@link ConfigurationException} naming {@code simulation.control.NAME}. {@link #done()}
 * rejects every key no read asked for, so a misspelt parameter is an error, not a default.
 */
public final class Params {

    private final String prefix;
    private final JsonNode node;
    private final Set<String> known = new LinkedHashSet<>();
    private final List<String> changed = new ArrayList<>();

    /** {@code node} is the control mapping (or null for all defaults); {@code prefix} e.g. {@code simulation.control}. */
    public Params(String prefix, JsonNode node) {
        this.prefix = prefix;
        this.node = node != null && node.isObject() ? node : null;
        known.add("kind");
    }

    /** A whole number in [min, max]. */
    public long integer(String name, long dflt, long min, long max) {
        known.add(name);
        JsonNode v = node == null ? null : node.get(name);
        if (v == null) {
            return dflt;
        }
        if (!v.isIntegralNumber() && !(v.isNumber() && v.asDouble() == Math.rint(v.asDouble()))) {
            throw new ConfigurationException(prefix + "." + name, "a whole number in [" + min + ", " + max + "]",
                v.toString());
        }
        long x = v.asLong();
        if (x < min || x > max) {
            throw new ConfigurationException(prefix + "." + name, "a whole number in [" + min + ", " + max + "]",
                v.toString());
        }
        if (x != dflt) {
            changed.add(name + "=" + x);
        }
        return x;
    }

    /** A number in [min, max] (or (min, max] when {@code openMin}). */
    public double number(String name, double dflt, double min, boolean openMin, double max) {
        known.add(name);
        JsonNode v = node == null ? null : node.get(name);
        if (v == null) {
            return dflt;
        }
        String range = (openMin ? "(" : "[") + fmt(min) + ", " + fmt(max) + "]";
        if (!v.isNumber()) {
            throw new ConfigurationException(prefix + "." + name, "a number in " + range, v.toString());
        }
        double x = v.asDouble();
        if (Double.isNaN(x) || x < min || (openMin && x == min) || x > max) {
            throw new ConfigurationException(prefix + "." + name, "a number in " + range, v.toString());
        }
        if (x != dflt) {
            changed.add(name + "=" + fmt(x));
        }
        return x;
    }

    /** true or false. */
    public boolean bool(String name, boolean dflt) {
        known.add(name);
        JsonNode v = node == null ? null : node.get(name);
        if (v == null) {
            return dflt;
        }
        if (!v.isBoolean()) {
            throw new ConfigurationException(prefix + "." + name, "true or false", v.toString());
        }
        if (v.asBoolean() != dflt) {
            changed.add(name + "=" + v.asBoolean());
        }
        return v.asBoolean();
    }

    /** One of {@code choices}. */
    public String choice(String name, String dflt, String... choices) {
        known.add(name);
        JsonNode v = node == null ? null : node.get(name);
        if (v == null) {
            return dflt;
        }
        for (String c : choices) {
            if (v.isTextual() && c.equals(v.asText())) {
                if (!c.equals(dflt)) {
                    changed.add(name + "=" + c);
                }
                return c;
            }
        }
        throw new ConfigurationException(prefix + "." + name, "one of " + String.join(", ", choices), v.toString());
    }

    /** Whether the spec gives {@code name} (it counts as known). */
    public boolean has(String name) {
        known.add(name);
        return node != null && node.has(name);
    }

    /** A failure of a parameter's value that only a combination of parameters reveals. */
    public ConfigurationException bad(String name, String expected, String found) {
        return new ConfigurationException(prefix + "." + name, expected, found);
    }

    /** Rejects every key that no read asked for. */
    public void done() {
        if (node == null) {
            return;
        }
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!known.contains(k)) {
                List<String> names = new ArrayList<>(known);
                names.remove("kind");
                throw new ConfigurationException(prefix + "." + k,
                    names.isEmpty() ? "no parameters" : "one of " + String.join(", ", names), k);
            }
        }
    }

    /** {@code key} followed by the parameters that differ from their defaults, e.g. {@code tune(increment=0.02)}. */
    public String describe(String key) {
        return changed.isEmpty() ? key : key + "(" + String.join(", ", changed) + ")";
    }

    static String fmt(double x) {
        return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : String.format(Locale.ROOT, "%s", x);
    }
}
