package flowproof.cli.papers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The measured values of the claims, kept in a committed JSON file
 * (docs/results/papers/measured.json) so that the docs can be rendered and checked without
 * re-running: per claim, each run's command, seed, flowproof version and commit, wall time and
 * exit code; the value of every selector its rows use; and the curves its figure draws.
 */
public final class Measured {

    /** One run of a claim. */
    public record Run(String command, Long seed, String version, String commit, double wallSeconds, int exit) {
    }

    /** One curve of a figure: a scheme of a compare run, or a sweep run; NaN latency where unstable. */
    public record Curve(String run, String name, double[] offered, double[] accepted, double[] latency) {
    }

    /**
     * One claim's measurement.
     *
     * @param values selector to value (null: the run gave none, e.g. the latency of an unstable run)
     * @param notRun why the claim could not be measured, null when it was
     */
    public record Entry(Map<String, Run> runs, Map<String, Double> values, List<Curve> curves, String notRun) {
    }

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final TreeMap<String, Entry> claims = new TreeMap<>();

    /** The entry of a claim, null when it was never measured. */
    public Entry get(String id) {
        return claims.get(id);
    }

    /** Sets (replaces) a claim's entry. */
    public void put(String id, Entry e) {
        claims.put(id, e);
    }

    /** The measured claims' ids, sorted. */
    public java.util.Set<String> ids() {
        return java.util.Collections.unmodifiableSet(claims.keySet());
    }

    /** Reads the file; a missing file is an empty measurement. */
    public static Measured read(Path file) throws ClaimException {
        Measured m = new Measured();
        String f = file.toString();
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            return m;
        } catch (IOException e) {
            throw new ClaimException(f, "file", "the JSON that reproduce writes", e.getMessage().lines().findFirst()
                .orElse(""));
        }
        JsonNode cs = root.get("claims");
        if (cs == null || !cs.isObject()) {
            throw new ClaimException(f, "claims", "an object of claim ids", String.valueOf(cs));
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = cs.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            m.claims.put(e.getKey(), entry(f, "claims." + e.getKey(), e.getValue()));
        }
        return m;
    }

    private static Entry entry(String f, String at, JsonNode n) throws ClaimException {
        if (!n.isObject() || !n.path("runs").isObject() || !n.path("values").isObject() || !n.path("curves").isArray()) {
            throw new ClaimException(f, at, "an object with runs, values and curves", n.getNodeType().name());
        }
        Map<String, Run> runs = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.get("runs").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode r = e.getValue();
            runs.put(e.getKey(), new Run(r.path("command").asText(), r.path("seed").isNumber() ? r.get("seed").asLong()
                : null, r.path("version").asText(), r.path("commit").asText(), r.path("wallSeconds").asDouble(),
                r.path("exit").asInt()));
        }
        Map<String, Double> values = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.get("values").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            values.put(e.getKey(), e.getValue().isNumber() ? e.getValue().asDouble() : null);
        }
        List<Curve> curves = new ArrayList<>();
        for (JsonNode c : n.get("curves")) {
            curves.add(new Curve(c.path("run").asText(), c.path("name").asText(), doubles(c.get("offered")),
                doubles(c.get("accepted")), doubles(c.get("latency"))));
        }
        String notRun = n.path("notRun").isTextual() ? n.get("notRun").asText() : null;
        return new Entry(runs, values, curves, notRun);
    }

    private static double[] doubles(JsonNode a) {
        if (a == null || !a.isArray()) {
            return new double[0];
        }
        double[] d = new double[a.size()];
        for (int i = 0; i < d.length; i++) {
            d[i] = a.get(i).isNumber() ? a.get(i).asDouble() : Double.NaN;
        }
        return d;
    }

    /** This measurement as the file's text (claims sorted by id, so re-runs give small diffs). */
    public String toJson() throws IOException {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode cs = root.putObject("claims");
        for (Map.Entry<String, Entry> e : claims.entrySet()) {
            Entry en = e.getValue();
            ObjectNode o = cs.putObject(e.getKey());
            ObjectNode runs = o.putObject("runs");
            for (Map.Entry<String, Run> r : en.runs().entrySet()) {
                ObjectNode ro = runs.putObject(r.getKey());
                Run run = r.getValue();
                ro.put("command", run.command());
                if (run.seed() == null) {
                    ro.putNull("seed");
                } else {
                    ro.put("seed", run.seed());
                }
                ro.put("version", run.version());
                ro.put("commit", run.commit());
                ro.put("wallSeconds", Math.round(run.wallSeconds() * 10) / 10.0);
                ro.put("exit", run.exit());
            }
            ObjectNode vs = o.putObject("values");
            for (Map.Entry<String, Double> v : en.values().entrySet()) {
                put(vs, v.getKey(), v.getValue());
            }
            ArrayNode curves = o.putArray("curves");
            for (Curve c : en.curves()) {
                ObjectNode co = curves.addObject();
                co.put("run", c.run());
                co.put("name", c.name());
                array(co.putArray("offered"), c.offered());
                array(co.putArray("accepted"), c.accepted());
                array(co.putArray("latency"), c.latency());
            }
            if (en.notRun() != null) {
                o.put("notRun", en.notRun());
            }
        }
        return JSON.writeValueAsString(root) + "\n";
    }

    private static void put(ObjectNode o, String k, Double v) {
        if (v == null || !Double.isFinite(v)) {
            o.putNull(k);
        } else {
            o.put(k, v);
        }
    }

    private static void array(ArrayNode a, double[] d) {
        for (double x : d) {
            if (Double.isFinite(x)) {
                a.add(x);
            } else {
                a.addNull();
            }
        }
    }
}
