package flowproof.cli.papers;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import flowproof.spec.Yaml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads and checks claim files (docs/reproduce.md gives the format). Every mistake is a
 * {@link ClaimException}: the file, the field, what was expected, what was found.
 */
public final class ClaimReader {

    private static final Set<String> FIELDS = Set.of("id", "paper", "source", "claim", "quick", "runs", "rows", "figure",
        "cause", "evidence");
    private static final Set<String> EVIDENCE_FIELDS = Set.of("label", "value");
    private static final Set<String> ROW_FIELDS = Set.of("label", "paper", "value", "holds");
    private static final Set<String> FIGURE_FIELDS = Set.of("title", "runs", "paper");
    private static final Set<String> POINTS_FIELDS = Set.of("name", "panel", "points");
    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9.-]*");
    private static final Pattern RUN_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_-]*");
    private static final Pattern PAPER = Pattern.compile("\\d{3}");
    private static final Pattern FOLDER = Pattern.compile("(\\d{3})-[a-z0-9-]+");

    private ClaimReader() {
    }

    /** Every claim file under {@code dir} (its {@code NNN-short} folders), sorted by folder and id. */
    public static List<Claim> readAll(Path dir) throws ClaimException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir, 2)) {
            files = s.filter(p -> p.toString().endsWith(".yaml") && Files.isRegularFile(p)).sorted().toList();
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new ClaimException(dir.toString(), "folder", "a readable folder of claim files", e.toString());
        }
        List<Claim> claims = new ArrayList<>();
        Map<String, Path> ids = new LinkedHashMap<>();
        for (Path f : files) {
            Claim c = read(f);
            Path before = ids.put(c.id(), f);
            if (before != null) {
                throw new ClaimException(f.toString(), "id", "an id no other claim file has", c.id() + " (also in "
                    + before + ")");
            }
            claims.add(c);
        }
        return claims;
    }

    /** Reads one claim file. */
    public static Claim read(Path file) throws ClaimException {
        String f = file.toString();
        JsonNode t;
        try {
            t = Yaml.read(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new ClaimException(f, "file", "a claim file", "no such file");
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
            throw new ClaimException(f, "file", "YAML", e.getOriginalMessage().lines().findFirst().orElse("") + where);
        } catch (IOException e) {
            throw new ClaimException(f, "file", "a readable file", e.toString());
        }
        if (!t.isObject()) {
            throw new ClaimException(f, "file", "a mapping of claim fields", t.isMissingNode() ? "an empty file"
                : t.getNodeType().name().toLowerCase());
        }
        unknown(f, "", t, FIELDS);
        String id = text(f, t, "id", true);
        String name = file.getFileName().toString();
        if (!ID.matcher(id).matches() || !name.equals(id + ".yaml")) {
            throw new ClaimException(f, "id", "the file name without .yaml (" + name.replaceFirst("\\.yaml$", "")
                + "), lower-case letters, digits, '-' and '.'", id);
        }
        String paper = t.has("paper") && t.get("paper").isInt()
            ? String.format("%03d", t.get("paper").asInt()) : text(f, t, "paper", true);
        if (!PAPER.matcher(paper).matches()) {
            throw new ClaimException(f, "paper", "the paper's three-digit number (e.g. \"004\")", paper);
        }
        Path parent = file.toAbsolutePath().getParent();
        String folder = parent == null ? "" : parent.getFileName().toString();
        var m = FOLDER.matcher(folder);
        if (!m.matches() || !m.group(1).equals(paper)) {
            throw new ClaimException(f, "paper", "the number of the claim's folder NNN-short (" + folder + ")", paper);
        }
        String source = text(f, t, "source", true);
        String claim = text(f, t, "claim", true);
        boolean quick = false;
        if (t.has("quick")) {
            if (!t.get("quick").isBoolean()) {
                throw new ClaimException(f, "quick", "true or false", t.get("quick").toString());
            }
            quick = t.get("quick").asBoolean();
        }
        Map<String, String> runs = runs(f, t.get("runs"));
        List<Claim.Row> rows = rows(f, t.get("rows"), runs.keySet());
        Claim.Figure figure = t.has("figure") ? figure(f, t.get("figure"), runs.keySet()) : null;
        String cause = t.has("cause") ? text(f, t, "cause", true) : null;
        List<Claim.Evidence> evidence = evidence(f, t.get("evidence"), runs.keySet());
        return new Claim(file, id, paper, source, claim, quick, runs, rows, figure, cause, evidence);
    }

    private static Map<String, String> runs(String f, JsonNode n) throws ClaimException {
        if (n == null || !n.isObject() || n.isEmpty()) {
            throw new ClaimException(f, "runs", "a mapping of run names to flowproof command lines (at least one)",
                found(n));
        }
        Map<String, String> runs = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!RUN_NAME.matcher(e.getKey()).matches()) {
                throw new ClaimException(f, "runs." + e.getKey(), "a run name of letters, digits, '_' and '-'",
                    e.getKey());
            }
            if (!e.getValue().isTextual() || e.getValue().asText().isBlank()) {
                throw new ClaimException(f, "runs." + e.getKey(), "a flowproof command line, e.g. \"simulate "
                    + "specs/sim/X.yaml --load 0.5\"", found(e.getValue()));
            }
            String cmd = e.getValue().asText().trim().replaceFirst("^(\\./)?flowproof\\s+", "");
            try {
                List<String> args = CommandLines.split(cmd);
                if (args.contains("--json")) {
                    throw new ClaimException(f, "runs." + e.getKey(), "a command line without --json (reproduce adds"
                        + " it)", cmd);
                }
            } catch (IllegalArgumentException ex) {
                throw new ClaimException(f, "runs." + e.getKey(), "a command line with balanced quotes", cmd);
            }
            runs.put(e.getKey(), cmd);
        }
        return runs;
    }

    private static List<Claim.Row> rows(String f, JsonNode n, Set<String> runs) throws ClaimException {
        if (n == null || !n.isArray() || n.isEmpty()) {
            throw new ClaimException(f, "rows", "a list of rows {label, paper, value, holds} (at least one)", found(n));
        }
        List<Claim.Row> rows = new ArrayList<>();
        for (int i = 0; i < n.size(); i++) {
            JsonNode r = n.get(i);
            String at = "rows[" + i + "]";
            if (!r.isObject()) {
                throw new ClaimException(f, at, "a mapping {label, paper, value, holds}", found(r));
            }
            unknown(f, at + ".", r, ROW_FIELDS);
            String label = text(f, r, "label", true, at + ".label");
            if (!r.has("paper")) {
                throw new ClaimException(f, at + ".paper", "the paper's number, or null when it gives none", "nothing");
            }
            JsonNode p = r.get("paper");
            if (!p.isNull() && !p.isNumber()) {
                throw new ClaimException(f, at + ".paper", "a number or null", found(p));
            }
            Double paper = p.isNull() ? null : p.asDouble();
            String vt = text(f, r, "value", true, at + ".value");
            Value v = Value.parse(vt, runs);
            if (v == null) {
                throw new ClaimException(f, at + ".value", Value.SYNTAX + " over the runs " + runs, vt);
            }
            String ht = r.has("holds") && r.get("holds").isNumber() ? r.get("holds").asText()
                : text(f, r, "holds", true, at + ".holds");
            Holds h = Holds.parse(ht);
            if (h == null) {
                throw new ClaimException(f, at + ".holds", Holds.SYNTAX, ht);
            }
            if (h.needsPaper() && paper == null) {
                throw new ClaimException(f, at + ".holds", "a relation such as '> 1.5' (the row has no paper number, "
                    + "so no tolerance around it)", ht);
            }
            rows.add(new Claim.Row(label, paper, v, h));
        }
        return List.copyOf(rows);
    }

    private static List<Claim.Evidence> evidence(String f, JsonNode n, Set<String> runs) throws ClaimException {
        if (n == null) {
            return List.of();
        }
        if (!n.isArray()) {
            throw new ClaimException(f, "evidence", "a list of {label, value}", found(n));
        }
        List<Claim.Evidence> out = new ArrayList<>();
        for (int i = 0; i < n.size(); i++) {
            JsonNode e = n.get(i);
            String at = "evidence[" + i + "]";
            if (!e.isObject()) {
                throw new ClaimException(f, at, "a mapping {label, value}", found(e));
            }
            unknown(f, at + ".", e, EVIDENCE_FIELDS);
            String label = text(f, e, "label", true, at + ".label");
            String vt = text(f, e, "value", true, at + ".value");
            Value v = Value.parse(vt, runs);
            if (v == null) {
                throw new ClaimException(f, at + ".value", Value.SYNTAX + " over the runs " + runs, vt);
            }
            out.add(new Claim.Evidence(label, v));
        }
        return List.copyOf(out);
    }

    private static Claim.Figure figure(String f, JsonNode n, Set<String> runs) throws ClaimException {
        if (!n.isObject()) {
            throw new ClaimException(f, "figure", "a mapping {title, runs, paper}", found(n));
        }
        unknown(f, "figure.", n, FIGURE_FIELDS);
        String title = n.has("title") ? text(f, n, "title", true, "figure.title") : null;
        JsonNode rn = n.get("runs");
        if (rn == null || !rn.isArray() || rn.isEmpty()) {
            throw new ClaimException(f, "figure.runs", "a list of compare or sweep runs of this claim", found(rn));
        }
        List<String> rs = new ArrayList<>();
        for (JsonNode r : rn) {
            if (!r.isTextual() || !runs.contains(r.asText())) {
                throw new ClaimException(f, "figure.runs", "names of this claim's runs " + runs, found(r));
            }
            rs.add(r.asText());
        }
        List<Claim.PaperPoints> pts = new ArrayList<>();
        JsonNode pn = n.get("paper");
        if (pn != null) {
            if (!pn.isArray()) {
                throw new ClaimException(f, "figure.paper", "a list of {name, panel, points}", found(pn));
            }
            for (int i = 0; i < pn.size(); i++) {
                pts.add(points(f, pn.get(i), "figure.paper[" + i + "]"));
            }
        }
        return new Claim.Figure(title, List.copyOf(rs), List.copyOf(pts));
    }

    private static Claim.PaperPoints points(String f, JsonNode n, String at) throws ClaimException {
        if (!n.isObject()) {
            throw new ClaimException(f, at, "a mapping {name, panel, points}", found(n));
        }
        unknown(f, at + ".", n, POINTS_FIELDS);
        String name = text(f, n, "name", true, at + ".name");
        String panel = n.has("panel") ? text(f, n, "panel", true, at + ".panel") : "accepted";
        if (!panel.equals("accepted") && !panel.equals("latency")) {
            throw new ClaimException(f, at + ".panel", "accepted or latency", panel);
        }
        JsonNode p = n.get("points");
        if (p == null || !p.isArray() || p.isEmpty()) {
            throw new ClaimException(f, at + ".points", "a list of [offered, value] pairs", found(p));
        }
        double[] x = new double[p.size()];
        double[] y = new double[p.size()];
        for (int i = 0; i < p.size(); i++) {
            JsonNode q = p.get(i);
            if (!q.isArray() || q.size() != 2 || !q.get(0).isNumber() || !q.get(1).isNumber()) {
                throw new ClaimException(f, at + ".points[" + i + "]", "a pair [offered, value] of numbers", found(q));
            }
            x[i] = q.get(0).asDouble();
            y[i] = q.get(1).asDouble();
        }
        return new Claim.PaperPoints(name, panel.equals("latency"), x, y);
    }

    private static void unknown(String f, String prefix, JsonNode n, Set<String> known) throws ClaimException {
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!known.contains(k)) {
                throw new ClaimException(f, prefix + k, "one of " + new java.util.TreeSet<>(known), "an unknown field");
            }
        }
    }

    private static String text(String f, JsonNode n, String field, boolean required) throws ClaimException {
        return text(f, n, field, required, field);
    }

    private static String text(String f, JsonNode n, String field, boolean required, String at) throws ClaimException {
        JsonNode v = n.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            if (!required && v == null) {
                return null;
            }
            throw new ClaimException(f, at, "a non-empty text", found(v));
        }
        return v.asText().trim();
    }

    private static String found(JsonNode n) {
        if (n == null || n.isMissingNode()) {
            return "nothing";
        }
        String s = n.toString();
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }
}
