package flowproof.cli.papers;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A measured value of a row: one term, or the ratio ({@code A / B}) or difference
 * ({@code A - B}) of two. A term is a selector {@code run:path} or the mean of several,
 * {@code mean(A, B, ...)}. A path walks the run's JSON output: field names joined by dots,
 * {@code [N]} for the N-th element of an array (from 0), {@code [key=value]} for its first
 * element whose field {@code key} equals {@code value} (numerically when both are numbers),
 * {@code [*]} for every element (the selector's value is then the mean over them, true and false
 * counting 1 and 0), e.g.
 * {@code cmp:schemes[scheme=cbs].runs[load=0.5].accepted} or {@code sw:runs[*].accepted}.
 *
 * @param terms one or two terms, each the selectors it averages (one for a plain selector)
 */
public record Value(String text, List<List<String>> terms, char op) {

    /** The syntax, as error messages quote it. */
    static final String SYNTAX = "TERM, TERM / TERM or TERM - TERM, a TERM being RUN:PATH or mean(RUN:PATH, ...) "
        + "(PATH: field.field[N].field[key=value].field[*])";

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
        List<List<String>> terms = new ArrayList<>();
        for (String p : parts) {
            String term = p.trim();
            boolean mean = term.startsWith("mean(") && term.endsWith(")");
            List<String> sels = new ArrayList<>();
            for (String q : mean ? term.substring(5, term.length() - 1).split(",") : new String[] {term}) {
                String s = q.trim();
                int colon = s.indexOf(':');
                if (colon <= 0 || !runs.contains(s.substring(0, colon)) || path(s.substring(colon + 1)) == null) {
                    return null;
                }
                sels.add(s);
            }
            terms.add(List.copyOf(sels));
        }
        return new Value(t, List.copyOf(terms), op);
    }

    /** Every selector the value reads, in order. */
    public List<String> selectors() {
        List<String> all = new ArrayList<>();
        terms.forEach(all::addAll);
        return all;
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

    /**
     * The node a selector names in its run's JSON (a number, null, ...; for a path with
     * {@code [*]} the mean of the numbers it names, or null when one of them is null), or null
     * when the path leads nowhere.
     */
    static JsonNode resolve(String selector, JsonNode json) {
        return walk(json, path(selector.substring(selector.indexOf(':') + 1)), 0);
    }

    private static JsonNode walk(JsonNode n, List<String> steps, int from) {
        for (int i = from; i < steps.size(); i++) {
            String step = steps.get(i);
            if (n == null) {
                return null;
            }
            if (!step.startsWith("[")) {
                n = n.isObject() ? n.get(step) : null;
                continue;
            }
            String f = step.substring(1, step.length() - 1).trim();
            if (!n.isArray()) {
                return null;
            }
            if (f.equals("*")) {
                return mean(n, steps, i + 1);
            }
            int eq = f.indexOf('=');
            if (eq < 0) {
                try {
                    n = n.get(Integer.parseInt(f));
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

    /** The mean over the elements of {@code array} of the rest of the path; null when one leads nowhere. */
    private static JsonNode mean(JsonNode array, List<String> steps, int from) {
        double sum = 0;
        int count = 0;
        boolean gap = false;
        for (JsonNode e : array) {
            JsonNode v = walk(e, steps, from);
            if (v == null || !(v.isNumber() || v.isNull() || v.isBoolean())) {
                return null;
            }
            if (v.isNull()) {
                gap = true;
            } else {
                sum += v.isBoolean() ? (v.asBoolean() ? 1 : 0) : v.asDouble();
                count++;
            }
        }
        if (count == 0 && !gap) {
            return null;
        }
        return gap ? com.fasterxml.jackson.databind.node.NullNode.getInstance()
            : com.fasterxml.jackson.databind.node.DoubleNode.valueOf(sum / count);
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
        double a = term(terms.get(0), values);
        if (op == 0) {
            return a;
        }
        double b = term(terms.get(1), values);
        double r = op == '/' ? a / b : a - b;
        return Double.isFinite(r) ? r : Double.NaN;
    }

    private static double term(List<String> selectors, Map<String, Double> values) {
        double sum = 0;
        for (String s : selectors) {
            Double d = values.get(s);
            sum += d == null ? Double.NaN : d;
        }
        return sum / selectors.size();
    }
}
