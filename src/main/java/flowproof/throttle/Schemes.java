package flowproof.throttle;

import com.fasterxml.jackson.databind.JsonNode;
import flowproof.ConfigurationException;
import flowproof.sim.control.Scheme;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The congestion-control schemes by key, and the reader of a spec's
 * {@code simulation.control} (a key, or a mapping with {@code kind} and the scheme's
 * parameters, or a user's scheme: {@code {class: C, params: {...}}} or
 * {@code {plugin: NAME, params: {...}}}, see {@link SchemeFactory}).
 */
public final class Schemes {

    /** Reads one scheme's parameters. */
    @FunctionalInterface
    public interface Reader {
        Scheme read(Params params, SchemeContext context);
    }

    private static final Map<String, Reader> READERS = new LinkedHashMap<>();

    /** A user's scheme: a class implementing Scheme, or a SchemeFactory registered for ServiceLoader. */
    private static final flowproof.plugin.Plugins.Kind<Scheme, SchemeContext, SchemeFactory> PLUGIN =
        new flowproof.plugin.Plugins.Kind<>("scheme", Scheme.class, SchemeContext.class, SchemeFactory.class,
            SchemeFactory::name, SchemeFactory::create);

    static {
        READERS.put("none", (p, c) -> Scheme.NONE);
        READERS.put("static-threshold", StaticThreshold::read);
        READERS.put("tune", Tune::read);
        READERS.put("alo", Alo::read);
        READERS.put("best-local", BestLocal::read);
        READERS.put("theoretical", Theoretical::read);
        READERS.put("cbs", CbsGlobal::readSingle);
        READERS.put("cbs-global", CbsGlobal::read);
        READERS.put("spth", Spth::read);
        READERS.put("single-queue", SingleQueue::read);
        READERS.put("voq-switch", Voq::readSwitch);
        READERS.put("voq-net", Voq::readNet);
        READERS.put("fbicm", Fbicm::read);
        READERS.put("recn-iq", Recn::read);
        READERS.put("cbcm", Cbcm::read);
        READERS.put("ecn", Ecn::read);
        READERS.put("ideal", Ideal::read);
        READERS.put("srp", Srp::read);
    }

    private Schemes() {
    }

    /**
     * {@code key(a=1, b=x)} (the form {@link Scheme#describe} prints) as a control mapping:
     * numbers and booleans as such, anything else as text.
     */
    private static JsonNode inline(String text, int open) {
        com.fasterxml.jackson.databind.node.ObjectNode o =
            com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        o.put("kind", text.substring(0, open));
        String inside = text.substring(open + 1, text.length() - 1).trim();
        if (inside.isEmpty()) {
            return o;
        }
        for (String part : inside.split("[,;]")) {
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new ConfigurationException("--schemes", "KEY(NAME=VALUE, ...) with NAME=VALUE pairs", text);
            }
            String name = part.substring(0, eq).trim();
            String value = part.substring(eq + 1).trim();
            if (value.equals("true") || value.equals("false")) {
                o.put(name, Boolean.parseBoolean(value));
            } else {
                try {
                    if (value.matches("-?\\d+")) {
                        o.put(name, Long.parseLong(value));
                    } else {
                        o.put(name, Double.parseDouble(value));
                    }
                } catch (NumberFormatException e) {
                    o.put(name, value);
                }
            }
        }
        return o;
    }

    /** Every key, in the order of the README. */
    public static List<String> keys() {
        return List.copyOf(READERS.keySet());
    }

    /**
     * The scheme a spec's control field names; {@code field} is its path for messages
     * (e.g. {@code simulation.control}); null or absent means {@link Scheme#NONE}.
     */
    public static Scheme read(String field, JsonNode node, SchemeContext context) {
        if (node == null || node.isNull()) {
            return Scheme.NONE;
        }
        if (flowproof.plugin.Plugins.names(node)) {
            // a user's scheme: {class: C, params: {...}} or {plugin: NAME, params: {...}} (docs/plugins.md)
            return flowproof.plugin.Plugins.create(field, node, PLUGIN, context);
        }
        String kind;
        JsonNode params = null;
        if (node.isTextual()) {
            kind = node.asText();
        } else if (node.isObject() && node.path("kind").isTextual()) {
            kind = node.get("kind").asText();
            params = node;
        } else {
            throw new ConfigurationException(field, "a scheme (" + String.join(", ", keys())
                + ") or a mapping with kind and its parameters", node.toString());
        }
        Reader r = READERS.get(kind);
        if (r == null) {
            throw new ConfigurationException(node.isTextual() ? field : field + ".kind",
                "one of " + String.join(", ", keys()), kind);
        }
        Params p = new Params(field, params);
        Scheme s = r.read(p, context);
        p.done();
        return s;
    }

    /**
     * The scheme {@code key} for {@code compare}: with the spec's parameters when the spec's
     * control is of that kind, with the defaults otherwise.
     */
    public static Scheme named(String key, JsonNode specControl, SchemeContext context) {
        int open = key.indexOf('(');
        if (open > 0 && key.endsWith(")") && READERS.containsKey(key.substring(0, open))) {
            return read("simulation.control", inline(key, open), context);
        }
        if (!READERS.containsKey(key)) {
            throw new ConfigurationException("--schemes", "schemes among " + String.join(", ", keys()), key);
        }
        if (specControl != null && specControl.isObject() && key.equals(specControl.path("kind").asText())) {
            return read("simulation.control", specControl, context);
        }
        return read("simulation.control", com.fasterxml.jackson.databind.node.TextNode.valueOf(key), context);
    }
}
