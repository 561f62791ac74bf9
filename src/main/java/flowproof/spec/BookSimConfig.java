package flowproof.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads a BookSim 2.0 configuration file ({@code key = value;} lines, {@code //} comments,
 * values that are numbers, bare words or {@code {a,b}} lists, as BookSim's own lexer
 * {@code src/config.l} and grammar {@code src/config.y} take them) into the spec tree of the
 * equivalent flowproof spec, then reads that through {@link SpecReader#fromTree}: a BookSim
 * configuration is simulated and checked exactly as the spec it maps to
 * ({@link #toSpecTree} shows it).
 *
 * <p>Every key is mapped or refused. A key flowproof does not model, or a value (BookSim's
 * default included, when it differs from what flowproof does) it cannot reproduce, is one
 * line naming the key: {@code FILE: key NAME: expected ..., found ...}. docs/booksim.md
 * lists every key and how it maps. A later assignment to the same key replaces an earlier
 * one, as in BookSim.
 */
public final class BookSimConfig {

    /** What the configuration is read for: the checks need a routing whose routes flowproof can decide. */
    public enum Purpose {
        /** {@code simulate}: the simulator runs the configuration. */
        SIMULATE,
        /** {@code check}, {@code prove}: the configuration's routes must be exactly flowproof's. */
        VERIFY
    }

    /** One assignment as written: the value's text, whether it was a number, and its line. */
    record Value(String text, boolean number, int line) {
    }

    /**
     * Keys accepted only with the value flowproof's router has anyway (BookSim's default in
     * brackets is what an absent key means). Mapped keys are handled one by one below.
     */
    private static final Map<String, String> FIXED = new LinkedHashMap<>();

    static {
        FIXED.put("subnets", "1");
        FIXED.put("classes", "1");
        FIXED.put("router", "iq");
        FIXED.put("speculative", "0");
        FIXED.put("arb_type", "round_robin");
        FIXED.put("output_speedup", "1");
        FIXED.put("internal_speedup", "1.0");
        FIXED.put("buf_size", "-1");
        FIXED.put("output_buffer_size", "-1");
        FIXED.put("noq", "0");
        FIXED.put("vc_busy_when_full", "0");
        FIXED.put("vc_prioritize_empty", "0");
        FIXED.put("vc_shuffle_requests", "0");
        FIXED.put("vc_priority_donation", "0");
        FIXED.put("use_read_write", "0");
        FIXED.put("include_queuing", "1");
        FIXED.put("output_delay", "0");
        FIXED.put("measure_stats", "1");
        FIXED.put("sim_count", "1");
    }

    /** Keys mapped onto spec fields (or checked against the topology), in the order docs/booksim.md lists them. */
    static final List<String> MAPPED = List.of("topology", "network_file", "k", "n", "c", "x", "y", "xr", "yr",
        "use_noc_latency",
        "routing_function", "num_vcs", "vc_buf_size", "vct", "wait_for_tail_credit", "vc_allocator", "sw_allocator",
        "alloc_iters", "priority", "input_speedup", "hold_switch_for_packet", "routing_delay", "vc_alloc_delay",
        "sw_alloc_delay", "st_prepare_delay", "st_final_delay", "credit_delay", "packet_size", "packet_size_rate", "traffic",
        "injection_rate", "injection_rate_uses_flits", "injection_process", "burst_alpha", "burst_beta", "burst_r1",
        "sim_type", "batch_size", "batch_count", "max_outstanding_requests", "warmup_periods", "sample_period",
        "max_samples", "latency_thres", "warmup_thres",
        "acc_warmup_thres", "stopping_thres", "acc_stopping_thres", "seed");

    /** Every key BookSimConfig accepts: mapped, fixed, or not read ({@link BookSimIgnoredKeys}: it cannot change the run). */
    public static Set<String> supportedKeys() {
        Set<String> all = new java.util.LinkedHashSet<>(MAPPED);
        all.addAll(FIXED.keySet());
        all.addAll(BookSimIgnoredKeys.REASONS.keySet());
        return all;
    }

    private final String file;
    private final Map<String, Value> values;

    private BookSimConfig(String file, Map<String, Value> values) {
        this.file = file;
        this.values = values;
    }

    /** Reads {@code path} into the spec it maps to; one-line {@link SpecException} for every mistake. */
    public static Spec read(Path path, Purpose purpose) throws SpecException {
        JsonNode tree = tree(path, purpose);
        return SpecReader.fromTree(path.toString(), "", tree);
    }

    /**
     * Reads {@code path} into the spec tree it maps to (what {@code flowproof from-booksim}
     * prints as YAML), checked by the spec reader; one-line {@link SpecException} for every
     * mistake.
     */
    public static ObjectNode tree(Path path, Purpose purpose) throws SpecException {
        String name = path.toString();
        String text;
        try {
            text = Files.readString(path);
        } catch (NoSuchFileException e) {
            throw new SpecException(name, "no such file");
        } catch (IOException e) {
            throw new SpecException(name, "cannot be read: " + e.getMessage());
        }
        String stem = path.getFileName().toString().replaceFirst("\\.cfg$", "");
        return toSpecTree(name, stem, text, purpose);
    }

    /**
     * The spec tree a configuration maps to. {@code stem} names the spec ({@code booksim-STEM},
     * characters other than letters, digits, '.', '_' and '-' replaced by '-').
     */
    public static ObjectNode toSpecTree(String file, String stem, String text, Purpose purpose) throws SpecException {
        return new BookSimConfig(file, parse(file, text)).map(stem, purpose);
    }

    // ---------------------------------------------------------------- syntax

    /** The assignments of a configuration text, last one per key winning. */
    static Map<String, Value> parse(String file, String text) throws SpecException {
        Map<String, Value> out = new LinkedHashMap<>();
        List<String[]> tokens = new ArrayList<>(); // {kind, text, line}
        int line = 1;
        int i = 0;
        while (i < text.length()) {
            char ch = text.charAt(i);
            if (ch == '\n') {
                line++;
                i++;
            } else if (ch == ' ' || ch == '\t' || ch == '\r') {
                i++;
            } else if (ch == '/' && i + 1 < text.length() && text.charAt(i + 1) == '/') {
                while (i < text.length() && text.charAt(i) != '\n') {
                    i++;
                }
            } else if (ch == '=' || ch == ';') {
                tokens.add(new String[] {String.valueOf(ch), String.valueOf(ch), Integer.toString(line)});
                i++;
            } else if (ch == '{') {
                int end = closingBrace(text, i);
                int nl = text.indexOf('\n', i);
                if (end < 0 || (nl >= 0 && nl < end)) {
                    throw new SpecException(file, "line " + line + ": expected a list {a,b,...} closed on the same line,"
                        + " found \"" + restOfLine(text, i) + "\"");
                }
                tokens.add(new String[] {"word", text.substring(i, end + 1), Integer.toString(line)});
                i = end + 1;
            } else if (isWordChar(ch) || ch == '+') {
                int j = i;
                while (j < text.length() && (isWordChar(text.charAt(j)) || "+(){},".indexOf(text.charAt(j)) >= 0)) {
                    j++;
                }
                String w = text.substring(i, j);
                tokens.add(new String[] {isNumber(w) ? "number" : "word", w, Integer.toString(line)});
                i = j;
            } else {
                throw new SpecException(file, "line " + line + ": expected KEY = VALUE; (BookSim's syntax), found \""
                    + restOfLine(text, i) + "\"");
            }
        }
        for (int t = 0; t < tokens.size(); t += 4) {
            String[] key = tokens.get(t);
            int at = Integer.parseInt(key[2]);
            boolean ok = t + 3 < tokens.size() && key[0].equals("word") && !isNumber(key[1])
                && tokens.get(t + 1)[0].equals("=") && (tokens.get(t + 2)[0].equals("word")
                || tokens.get(t + 2)[0].equals("number")) && tokens.get(t + 3)[0].equals(";");
            if (!ok) {
                StringBuilder found = new StringBuilder();
                for (int u = t; u < Math.min(tokens.size(), t + 4); u++) {
                    found.append(u > t ? " " : "").append(tokens.get(u)[1]);
                }
                throw new SpecException(file, "line " + at + ": expected KEY = VALUE; (BookSim's syntax), found \""
                    + found + "\"" + (t + 3 >= tokens.size() ? " at the end of the file" : ""));
            }
            String[] v = tokens.get(t + 2);
            out.put(key[1], new Value(v[1], v[0].equals("number"), Integer.parseInt(v[2])));
        }
        return out;
    }

    /** The index of the brace that closes the list opening at {@code open} (lists nest: {{1,8}}), or -1. */
    private static int closingBrace(String text, int open) {
        int depth = 0;
        for (int j = open; j < text.length(); j++) {
            char ch = text.charAt(j);
            if (ch == '{') {
                depth++;
            } else if (ch == '}' && --depth == 0) {
                return j;
            }
        }
        return -1;
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '/' || c == '.';
    }

    private static boolean isNumber(String w) {
        return w.matches("-?([0-9]*\\.)?[0-9]+([eE][+-]?[0-9]+)?");
    }

    private static String restOfLine(String text, int i) {
        int nl = text.indexOf('\n', i);
        String s = text.substring(i, nl < 0 ? text.length() : nl).strip();
        return s.length() > 60 ? s.substring(0, 60) + "..." : s;
    }

    // ---------------------------------------------------------------- mapping

    /** The configuration file's name, for errors. */
    String file() {
        return file;
    }

    /** Every assignment, by key. */
    Map<String, Value> values() {
        return values;
    }

    /** The assignment of {@code key}, or null. */
    Value value(String key) {
        return values.get(key);
    }


    SpecException error(String key, String expected, String found) {
        return new SpecException(file, "key " + key, expected, found);
    }

    /** The value as written, or BookSim's default marked as such (for errors). */
    String shown(String key, String dflt) {
        Value v = values.get(key);
        return v != null ? v.text() : dflt + " (BookSim's default)";
    }

    String word(String key, String dflt) {
        Value v = values.get(key);
        return v == null ? dflt : v.text();
    }

    int integer(String key, int dflt, int min, String expected) throws SpecException {
        Value v = values.get(key);
        if (v == null) {
            if (dflt < min) {
                throw error(key, expected, dflt + " (BookSim's default)");
            }
            return dflt;
        }
        if (!v.text().matches("-?[0-9]+")) {
            throw error(key, expected, "\"" + v.text() + "\"");
        }
        long x;
        try {
            x = Long.parseLong(v.text());
        } catch (NumberFormatException e) {
            throw error(key, expected, v.text());
        }
        if (x < min || x > Integer.MAX_VALUE) {
            throw error(key, expected, v.text());
        }
        return (int) x;
    }

    /**
     * The spec tree of this configuration: every key checked as mapped or fixed, then the
     * network ({@link BookSimTopology}), the router ({@link BookSimRouter}) and the traffic and
     * run ({@link BookSimTraffic}), each group's keys read in that order.
     */
    private ObjectNode map(String stem, Purpose purpose) throws SpecException {
        for (String key : values.keySet()) {
            if (!MAPPED.contains(key) && !FIXED.containsKey(key) && !BookSimIgnoredKeys.contains(key)) {
                throw error(key, "a key flowproof maps (docs/booksim.md lists them)", "a key it does not model");
            }
        }
        for (Map.Entry<String, String> e : FIXED.entrySet()) {
            Value v = values.get(e.getKey());
            if (v != null && !sameValue(v.text(), e.getValue())) {
                throw error(e.getKey(), e.getValue() + " (what flowproof's router does)", v.text());
            }
        }
        JsonNodeFactory jf = JsonNodeFactory.instance;
        ObjectNode spec = jf.objectNode();
        spec.put("name", "booksim-" + stem.replaceAll("[^A-Za-z0-9._-]", "-"));
        spec.put("description", "BookSim 2.0 configuration " + file + ", read by flowproof (docs/booksim.md)");

        BookSimTopology net = BookSimTopology.map(this, spec, purpose);
        spec.put("vcs", net.vcs());
        if (!spec.has("rule")) {
            spec.put("rule", "vct");
        }
        BookSimRouter router = new BookSimRouter(this, net.vcs(), spec.has("escape"));
        BookSimTraffic traffic = new BookSimTraffic(this, net);

        if (purpose == Purpose.VERIFY) {
            if (traffic.packet < 0) {
                throw error("packet_size", "one packet size for check and prove (the explorer's packets all have"
                    + " packet-flits flits; simulate reads a list of sizes)", values.get("packet_size").text());
            }
            spec.put("flow", "wormhole");
            spec.put("capacity", router.buffer);
            spec.put("packet-flits", traffic.packet);
        }
        ObjectNode sim = spec.putObject("simulation");
        sim.put("switching", "wormhole");
        router.putArbiter(sim);
        traffic.putPacketSize(sim);
        router.putPipeline(sim, net);
        traffic.putTraffic(sim);
        return spec;
    }

    /**
     * BookSim's {@code tokenize_str} (config_utils.cpp): text not starting with '{' is one
     * element; else the elements between the first '{' and its match, split at commas outside
     * nested braces (text after the match is dropped, as BookSim drops it).
     */
    static List<String> tokenize(String data) {
        List<String> values = new ArrayList<>();
        if (data.isEmpty()) {
            return values;
        }
        if (data.charAt(0) != '{') {
            values.add(data);
            return values;
        }
        int start = 1;
        int nested = 0;
        for (int curr = 1; curr < data.length(); curr++) {
            char c = data.charAt(curr);
            if (c == '{') {
                nested++;
            } else if (c == '}' && nested > 0) {
                nested--;
            } else if ((c == ',' || c == '}') && nested == 0) {
                if (curr > start) {
                    values.add(data.substring(start, curr));
                }
                start = curr + 1;
            }
        }
        return values;
    }

    static boolean sameValue(String written, String flowproofs) {
        if (written.equals(flowproofs)) {
            return true;
        }
        if (isNumber(written) && isNumber(flowproofs)) {
            return Double.parseDouble(written) == Double.parseDouble(flowproofs);
        }
        return false;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "BookSimConfig[%s, %d keys]", file, values.size());
    }
}