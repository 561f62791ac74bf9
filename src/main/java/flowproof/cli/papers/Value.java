package flowproof.cli.papers;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A measured value of a row: one selector ({@code run:path}), or the ratio ({@code A / B}) or
 * difference ({@code A - B}) of two. A path walks the run's JSON output: field names joined by
 * dots, {@code [N]} for the N-th element of an array (from 0), {@code [key=value]} for its
 * first element whose field {@code key} equals {@code value} (numerically when both are
 * numbers), e.g. {@code cmp:schemes[scheme=cbs].runs[load=0.5].accepted}.
 */
public record Value(String text, List<String> selectors, char op) {

    /** The syntax, as error messages quote it. */
    static final String SYNTAX = "RUN:PATH, or RUN:PATH / RUN:PATH, or RUN:PATH - RUN:PATH (PATH: field.field[N].field[key=value])";

    /** Parses a value expression over the given run names, or returns null (with no detail) when malformed. */
    static Value parse(String text, java.util.Set<String> runs) {
        String t = text.trim();
        char op = 0;
        String[] parts = {t};
        for (char c : new char[] {'/', '-'}) {
            String sep = " " + c + " ";
            if (t.contains(sep)) {
                parts = t.split(java.util.regex.Pattern.quote(sep));
                op = c;
                break;
            }
        }
        if (parts.length != (op == 0 ? 1 : 2)) {
            return null;
        }
        List<String> sels = new ArrayList<>();
        for (String p : parts) {
            String s = p.trim();
            int colon = s.indexOf(':');
            if (colon <= 0 || !runs.contains(s.substring(0, colon)) || path(s.substring(colon + 1)) == null) {
                return null;
            }
            sels.add(s);
        }
        return new Value(t, List.copyOf(sels), op);
    }

    /** The run a selector reads. */
    static String run(String selector) {
        return selector.substring(0, selector.indexOf(':'));
    }

    /** The steps of a path: field names and bracketed filters; null when malformed. */
    static List<String> path(String path) {
        List<String> steps = new ArrayList<>();
        int i = 0;
        StringBuilder name = new StringBuilder();
        while (i < path.length()) {
            char c = path.charAt(i);
            if (c == '.') {
                if (name.length() == 0 && (steps.isEmpty() || !steps.get(steps.size() - 1).startsWith("["))) {
                    return null;
                }
                if (name.length() > 0) {
                    steps.add(name.toString());
                    name.setLength(0);
                }
                i++;
            } else if (c == '[') {
                if (name.length() > 0) {
                    steps.add(name.toString());
                    name.setLength(0);
                }
                int end = path.indexOf(']', i);
                if (end < 0 || end == i + 1) {
                    return null;
                }
                steps.add(path.substring(i, end + 1));
                i = end + 1;
            } else {
                name.append(c);
                i++;
            }
        }
        if (name.length() > 0) {
            steps.add(name.toString());
        }
        return steps.isEmpty() || steps.get(0).startsWith("[") ? null : steps;
    }

    /** The node a selector names in its run's JSON, or null when the path leads nowhere. */
    static JsonNode resolve(String selector, JsonNode json) {
        JsonNode n = json;
        for (String step : path(selector.substring(selector.indexOf(':') + 1))) {
            if (n == null) {
                return null;
            }
            if (!step.startsWith("[")) {
                n = n.isObject() ? n.get(step) : null;
                continue;
            }
            String f = step.substring(1, step.length() - 1);
            if (!n.isArray()) {
                return null;
            }
            int eq = f.indexOf('=');
            if (eq < 0) {
                try {
                    n = n.get(Integer.parseInt(f.trim()));
                } catch (NumberFormatException e) {
                    return null;
                }
                continue;
            }
            String key = f.substring(0, eq).trim();
            String want = f.substring(eq + 1).trim();
            JsonNode found = null;
            for (JsonNode e : n) {
                JsonNode v = e.get(key);
                if (v != null && matches(v, want)) {
                    found = e;
                    break;
                }
            }
            n = found;
        }
        return n;
    }

    private static boolean matches(JsonNode v, String want) {
        if (v.isNumber()) {
            try {
                return Math.abs(v.asDouble() - Double.parseDouble(want)) < 1e-9;
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return v.isTextual() && v.asText().equals(want);
    }

    /**
     * The value from measured selector values (NaN when one is null: a latency the run did
     * not give, or a division by zero).
     */
    double of(Map<String, Double> values) {
        double a = orNaN(values.get(selectors.get(0)));
        if (op == 0) {
            return a;
        }
        double b = orNaN(values.get(selectors.get(1)));
        double r = op == '/' ? a / b : a - b;
        return Double.isFinite(r) ? r : Double.NaN;
    }

    private static double orNaN(Double d) {
        return d == null ? Double.NaN : d;
    }
}
