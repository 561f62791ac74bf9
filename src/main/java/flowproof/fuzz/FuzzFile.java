package flowproof.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * Simulator counterexamples found by the property suite or {@code flowproof fuzz}, kept in
 * {@code counterexamples/sim/} as regressions (the explorer's counterexamples, one directory
 * up, have their own format):
 * <pre>
 * {"format": "flowproof-fuzz-counterexample", "version": 1, "kind": "simulation",
 *  "variant": "cbs-no-backward-transfer" or null, "note": "...", "seed": 42,
 *  "deadlock-free": true, "violation": {"invariant": "critical-bubble-invariant", "message": "..."},
 *  "replay": "./flowproof fuzz counterexamples/sim/X.json", "spec": {... a spec with a scripted traffic ...}}
 * </pre>
 */
public final class FuzzFile {

    public static final String FORMAT = "flowproof-fuzz-counterexample";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** A file read back. */
    public record Loaded(Scenario scenario, String invariant, String note, long seed) {
    }

    private static final List<String> FIELDS = List.of("format", "version", "kind", "variant", "note", "seed",
        "deadlock-free", "violation", "replay", "spec");

    private FuzzFile() {
    }

    private static String describe(JsonNode n) {
        if (n == null || n.isMissingNode()) {
            return "nothing";
        }
        String s = n.isTextual() ? "\"" + n.asText() + "\"" : n.toString();
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }

    public static void write(Path file, Scenario s, Violation v, long seed, String note) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("version", 1);
        root.put("kind", "simulation");
        if (s.variant() == null) {
            root.putNull("variant");
        } else {
            root.put("variant", s.variant());
        }
        root.put("note", note);
        root.put("seed", seed);
        root.put("deadlock-free", s.deadlockFree());
        ObjectNode vn = root.putObject("violation");
        vn.put("invariant", v.invariant());
        vn.put("message", v.message());
        root.put("replay", s.variant() == null ? "./flowproof fuzz " + file.toString().replace('\\', '/')
            : "mvn -B test -Dtest=FuzzCounterexampleRegressionTest (variant " + s.variant() + " is test-only)");
        root.set("spec", s.spec());
        flowproof.report.OutputFile.write(file, JSON.writeValueAsString(root) + "\n");
    }

    /** Reads a file; every malformed field is a one-line {@link SpecException}. */
    public static Loaded read(Path file) throws SpecException {
        String name = file.toString();
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new SpecException(name, "no such file");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new SpecException(name, "not valid JSON: " + e.getOriginalMessage().lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new SpecException(name, "cannot be read: " + e.getMessage());
        }
        if (root == null || !root.isObject() || !FORMAT.equals(root.path("format").asText())) {
            throw new SpecException(name, "format", "\"" + FORMAT + "\"", root == null || root.get("format") == null
                ? "nothing" : root.get("format").toString());
        }
        SpecReader.onlyKnownFields(name, "", root, FIELDS);
        JsonNode version = root.get("version");
        if (version == null || !version.isInt() || version.asInt() != 1) {
            throw new SpecException(name, "version", "1", describe(version));
        }
        JsonNode kind = root.get("kind");
        if (kind != null && !"simulation".equals(kind.isTextual() ? kind.asText() : null)) {
            throw new SpecException(name, "kind", "\"simulation\"", describe(kind));
        }
        for (String text : List.of("note", "replay")) {
            JsonNode t = root.get(text);
            if (t != null && !t.isTextual()) {
                throw new SpecException(name, text, "a string", describe(t));
            }
        }
        JsonNode seedNode = root.get("seed");
        if (seedNode != null && !(seedNode.isIntegralNumber() && seedNode.canConvertToLong())) {
            throw new SpecException(name, "seed", "a whole number", describe(seedNode));
        }
        JsonNode violation = root.get("violation");
        if (violation == null || !violation.isObject()) {
            throw new SpecException(name, "violation", "a mapping with invariant and message", describe(violation));
        }
        JsonNode message = violation.get("message");
        if (message != null && !message.isTextual()) {
            throw new SpecException(name, "violation.message", "a string", describe(message));
        }
        JsonNode spec = root.get("spec");
        if (spec == null || !spec.isObject() || !spec.path("simulation").path("traffic").has("script")) {
            throw new SpecException(name, "spec", "a spec whose simulation.traffic is a script", spec == null ? "nothing"
                : "a spec without a scripted traffic");
        }
        JsonNode inv = violation.get("invariant");
        if (inv == null || !inv.isTextual() || !inv.asText().matches("[a-z0-9][a-z0-9-]*")) {
            throw new SpecException(name, "violation.invariant", "the name of the broken invariant (e.g. conservation)",
                describe(inv));
        }
        JsonNode df = root.get("deadlock-free");
        if (df == null || !df.isBoolean()) {
            throw new SpecException(name, "deadlock-free", "true or false", df == null ? "nothing" : df.toString());
        }
        JsonNode variant = root.get("variant");
        if (variant != null && !variant.isNull() && !(variant.isTextual() && !variant.asText().isBlank())) {
            throw new SpecException(name, "variant", "null or the name of a test-only broken variant", describe(variant));
        }
        Scenario s = new Scenario((ObjectNode) spec, df.asBoolean(), variant == null || variant.isNull() ? null
            : variant.asText());
        try {
            s.toSpec();
        } catch (SpecException e) {
            throw new SpecException(name, "spec: " + e.getMessage());
        }
        return new Loaded(s, inv.asText(), root.path("note").asText(""), root.path("seed").asLong(0));
    }
}
