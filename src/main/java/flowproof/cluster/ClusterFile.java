package flowproof.cluster;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;

/**
 * A cluster file ({@code --cluster cluster.yaml}, docs/cluster.md): which members make up a
 * cluster of machines and how this one joins them. Read with Jackson; any bad field is one line
 * {@code FILE: field: expected ..., found ...} ({@link Invalid}).
 *
 * @param file          where it was read from (named in errors)
 * @param name          the cluster's name
 * @param secret        the shared secret: the members' cluster name carries a hash of it
 * @param members       every member's address {@code host:port}, this one's included
 * @param interfaces    the addresses (Hazelcast interface patterns) a member binds to; 127.0.0.1 unless given
 * @param port          the first port a member tries to bind
 * @param portCount     how many ports from {@code port} on it tries (several members on one machine)
 * @param joinSeconds   how long a run waits for every member listed to join
 * @param lostSeconds   a member not heard from this long is lost (Hazelcast's heartbeat timeout)
 */
public record ClusterFile(String file, String name, String secret, List<String> members, List<String> interfaces,
                          int port, int portCount, int joinSeconds, int lostSeconds) {

    /** The fields, in the order docs/cluster.md describes them. */
    static final List<String> FIELDS = List.of("name", "secret", "members", "interfaces", "port", "port-count",
        "join-seconds", "lost-seconds");
    /** The shortest secret accepted. */
    static final int MIN_SECRET = 16;

    /** A cluster file that cannot be used: its message is the one line to print. */
    public static final class Invalid extends Exception {

        private static final long serialVersionUID = 1L;

        Invalid(String file, String field, String expected, String found) {
            super(file + ": " + field + ": expected " + expected + ", found " + found);
        }

        Invalid(String message) {
            super(message);
        }
    }

    /**
     * The cluster name the members use: the file's name and a hash of the secret and the name.
     * Hazelcast admits only members of the same cluster name, so a member started from a file
     * without the secret does not join; the name travels in clear text, so this keeps a cluster
     * from being joined by mistake, not by an attacker (docs/cluster.md).
     */
    public String clusterName() {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256")
                .digest((name + "\n" + secret).getBytes(StandardCharsets.UTF_8));
            return name + "-" + HexFormat.of().formatHex(h, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }

    /** Reads and checks a cluster file. */
    public static ClusterFile read(Path path) throws Invalid {
        String f = path.toString();
        JsonNode t;
        try {
            ObjectMapper m = new ObjectMapper(YAMLFactory.builder()
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build());
            t = m.readTree(Files.readString(path));
        } catch (NoSuchFileException e) {
            throw new Invalid(f + ": expected a cluster file, found no such file");
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
            throw new Invalid(f + ": expected YAML, found " + e.getOriginalMessage().lines().findFirst().orElse("")
                + where);
        } catch (IOException e) {
            throw new Invalid(f + ": expected a readable cluster file, found " + e.getMessage());
        }
        if (t == null || !t.isObject()) {
            throw new Invalid(f, "(document)", "a mapping of the fields " + String.join(", ", FIELDS), describe(t));
        }
        for (Iterator<String> it = t.fieldNames(); it.hasNext();) {
            String k = it.next();
            if (!FIELDS.contains(k)) {
                throw new Invalid(f, k, "one of the fields " + String.join(", ", FIELDS), "an unknown field");
            }
        }
        String name = text(f, t, "name");
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,63}")) {
            throw new Invalid(f, "name", "letters, digits, '.', '_' and '-' (at most 64), starting with a letter or digit",
                describe(t.get("name")));
        }
        String secret = text(f, t, "secret");
        if (secret.length() < MIN_SECRET) {
            throw new Invalid(f, "secret", "at least " + MIN_SECRET + " characters", secret.length() + " characters");
        }
        List<String> members = list(f, t, "members", true);
        for (String m : members) {
            int colon = m.lastIndexOf(':');
            int port = colon < 1 ? -1 : portOf(m.substring(colon + 1));
            if (port < 1 || m.substring(0, colon).isBlank() || m.contains(" ")) {
                throw new Invalid(f, "members", "addresses host:port (port 1 to 65535)", "\"" + m + "\"");
            }
        }
        if (members.stream().distinct().count() != members.size()) {
            throw new Invalid(f, "members", "distinct addresses, one per member", "an address twice");
        }
        List<String> interfaces = t.has("interfaces") ? list(f, t, "interfaces", true) : List.of("127.0.0.1");
        for (String i : interfaces) {
            if (!i.matches("[0-9*.-]+|[0-9a-fA-F:*-]*:[0-9a-fA-F:*-]*")) {
                throw new Invalid(f, "interfaces", "IP addresses or patterns such as 10.0.0.* or 10.0.0.10-20",
                    "\"" + i + "\"");
            }
        }
        int port = integer(f, t, "port", 5701, 1, 65535);
        int portCount = integer(f, t, "port-count", 10, 1, 1000);
        if (port + portCount - 1 > 65535) {
            throw new Invalid(f, "port-count", "at most " + (65536 - port) + " ports from port " + port,
                String.valueOf(portCount));
        }
        int join = integer(f, t, "join-seconds", 60, 1, 86_400);
        int lost = integer(f, t, "lost-seconds", 30, 2, 86_400);
        return new ClusterFile(f, name, secret, List.copyOf(members), List.copyOf(interfaces), port, portCount, join,
            lost);
    }

    private static int portOf(String s) {
        if (!s.matches("[0-9]{1,5}")) {
            return -1;
        }
        int p = Integer.parseInt(s);
        return p <= 65535 ? p : -1;
    }

    private static String text(String f, JsonNode t, String field) throws Invalid {
        JsonNode v = t.get(field);
        if (v == null || v.isNull()) {
            throw new Invalid(f, field, "a value (the field is required)", "none");
        }
        if (!v.isTextual() && !v.isNumber()) {
            throw new Invalid(f, field, "a string", describe(v));
        }
        return v.asText();
    }

    private static List<String> list(String f, JsonNode t, String field, boolean required) throws Invalid {
        JsonNode v = t.get(field);
        if (v == null || v.isNull()) {
            if (required) {
                throw new Invalid(f, field, "a list (the field is required)", "none");
            }
            return List.of();
        }
        if (!v.isArray() || v.isEmpty()) {
            throw new Invalid(f, field, "a non-empty list of strings", describe(v));
        }
        List<String> out = new ArrayList<>();
        for (JsonNode e : v) {
            if (!e.isTextual() || e.asText().isBlank()) {
                throw new Invalid(f, field, "a non-empty list of strings", "an item " + describe(e));
            }
            out.add(e.asText().trim());
        }
        return out;
    }

    private static int integer(String f, JsonNode t, String field, int dflt, int min, int max) throws Invalid {
        JsonNode v = t.get(field);
        if (v == null) {
            return dflt;
        }
        if (!v.isInt() || v.asInt() < min || v.asInt() > max) {
            throw new Invalid(f, field, "a whole number from " + min + " to " + max, describe(v));
        }
        return v.asInt();
    }

    private static String describe(JsonNode v) {
        if (v == null || v.isNull() || v.isMissingNode()) {
            return "nothing";
        }
        if (v.isTextual()) {
            return "\"" + v.asText() + "\"";
        }
        if (v.isArray()) {
            return "a list";
        }
        if (v.isObject()) {
            return "a mapping";
        }
        return v.toString();
    }
}
