package flowproof.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.topology.Torus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
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

    /**
     * BookSim's thresholds of when a run stops early (trafficmanager.cpp, {@code _SingleSim}):
     * after the warm-up, once the latency and accepted rate change by less than
     * {@code stopping_thres}, {@code acc_stopping_thres} in three periods in a row; a latency run
     * aborts when the mean latency exceeds {@code latency_thres}; {@code warmup_thres} and
     * {@code acc_warmup_thres} end a warm-up only with {@code warmup_periods = 0}, which is
     * refused. flowproof runs every period and judges stability by its own rule, so they are
     * checked to be numbers and not read.
     */
    private static final List<String> STOPPING_THRESHOLDS = List.of("latency_thres", "warmup_thres",
        "acc_warmup_thres", "stopping_thres", "acc_stopping_thres");

    /** Every key BookSimConfig accepts: mapped, fixed, or not read ({@link BookSimIgnoredKeys}: it cannot change the run). */
    public static Set<String> supportedKeys() {
        Set<String> all = new java.util.LinkedHashSet<>(MAPPED);
        all.addAll(FIXED.keySet());
        all.addAll(BookSimIgnoredKeys.REASONS.keySet());
        return all;
    }

    /**
     * The cycles a batch ({@code sim_type = batch}) may take at most: BookSim runs until the last
     * packet is delivered; flowproof's collective run stops then too, or reports it unfinished.
     */
    static final long BATCH_CYCLES = 10_000_000;

    /** The most routers a configuration may have (SpecReader's limit for tori and meshes). */
    static final int MAX_ROUTERS = 4096;
    /** The most VCs per channel a configuration may have. */
    static final int MAX_VCS = 256;

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

        String topology = word("topology", "torus");
        int k = integer("k", 8, 2, "a radix of at least 2");
        int n = integer("n", 2, 1, "a number of dimensions of at least 1");
        int c = integer("c", 1, 1, "a concentration of at least 1");
        String routing = word("routing_function", "none");
        long routers = 1;
        for (int d = 0; d < n && routers <= MAX_ROUTERS; d++) {
            routers *= k;
        }
        if (topology.equals("dragonflynew")) {
            routers = (long) 2 * k * (2L * k * k + 1);
        }
        if (routers > MAX_ROUTERS && topology.equals("dragonflynew")) {
            throw error("k", "a network of at most " + MAX_ROUTERS + " routers (2k x (2k^2 + 1) on a dragonflynew;"
                + " flowproof's limit)", Integer.toString(k));
        }
        if (routers > MAX_ROUTERS) {
            throw error("k", "a network of at most " + MAX_ROUTERS + " routers (k to the power n; flowproof's limit)",
                "k = " + k + ", n = " + n);
        }
        int vcs = integer("num_vcs", 16, 1, "a number of VCs of at least 1");
        if (vcs > MAX_VCS) {
            throw error("num_vcs", "at most " + MAX_VCS + " VCs", Integer.toString(vcs));
        }
        ObjectNode topo = spec.putObject("topology");
        int link = 1;
        boolean ancaSelection = false;
        switch (topology) {
            case "torus", "mesh" -> {
                if (c != 1) {
                    throw error("c", "1 (BookSim's " + topology + " has one terminal per router)", Integer.toString(c));
                }
                for (String key : List.of("x", "y", "xr", "yr")) {
                    if (values.containsKey(key)) {
                        throw error(key, "no " + key + " on a " + topology + " (BookSim reads it for flatfly and cmesh"
                            + " only)", values.get(key).text());
                    }
                }
                // kncube.cpp: with use_noc_latency a torus channel (and its credit channel) takes 2 cycles, its
                // wrap-around being longer; a mesh channel 1
                String noc = word("use_noc_latency", "1");
                if (!noc.equals("0") && !noc.equals("1")) {
                    throw error("use_noc_latency", "0 or 1", noc);
                }
                link = topology.equals("torus") && noc.equals("1") ? 2 : 1;
                topo.put("kind", topology);
                ArrayNode radix = topo.putArray("radix");
                for (int d = 0; d < n; d++) {
                    radix.add(k);
                }
                if (topology.equals("torus")) {
                    topo.put("bidirectional", true);
                }
                boolean mesh = topology.equals("mesh");
                if (mesh && routing.equals("min_adapt")) {
                    // min_adapt_mesh: DOR on VC 0 (the escape VC, requested at low priority), minimal adaptive on
                    // the others; a packet on VC 0 requests VC 0 only from then on
                    if (vcs < 2) {
                        throw error("num_vcs", "at least 2 for min_adapt (VC 0 is the escape VC, the others adaptive)",
                            Integer.toString(vcs));
                    }
                    spec.put("routing", "minimal-adaptive");
                    spec.putObject("escape").put("choose", purpose == Purpose.VERIFY ? "any" : "when-blocked")
                        .put("leave", false);
                } else if (mesh && routing.equals("xy_yx") && n == 2) {
                    xyYx(spec, vcs);
                } else if (mesh && (routing.equals("valiant") || routing.equals("romm"))) {
                    valiantMesh(spec, vcs, routing.equals("romm"));
                } else if (!mesh && routing.equals("valiant")) {
                    throw error("routing_function", "dim_order on a torus (valiant_torus leaves its ring partition unset"
                        + " on a hop that goes on in the same dimension, so its VC choice is undefined: routefunc.cpp)",
                        routing);
                } else if (routing.equals("dim_order") || (mesh && routing.equals("dor"))) {
                    spec.put("routing", "dor");
                    if (!mesh && k % 2 == 0) {
                        // dim_order_torus takes a random direction at distance k/2 (RandomInt(1))
                        spec.putObject("routing").put("kind", "dor").put("tie", "random");
                    }
                    if (!mesh) {
                        torusClasses(spec, k, n, vcs, purpose);
                    }
                } else {
                    throw error("routing_function", mesh ? "dim_order, dor (both dim_order_mesh: flowproof's dor),"
                        + " min_adapt (min_adapt_mesh: flowproof's minimal-adaptive, VC 0 the escape VC) or, with n ="
                        + " 2, xy_yx (xy_yx_mesh: flowproof's xy-yx, the order drawn per packet, a VC half per order),"
                        + " valiant (valiant_mesh) or romm (romm_mesh: both flowproof's valiant, a VC half per phase)"
                        : "dim_order (dim_order_torus: flowproof's dor with BookSim's VC halves)",
                        shown("routing_function", "none"));
                }
            }
            case "flatfly" -> {
                int[] lengths = flatfly(k, n, c);
                topo.put("kind", "flattened-butterfly");
                topo.put("radix", k);
                topo.put("dimensions", n);
                topo.put("concentration", c);
                if (lengths != null) {
                    topo.putArray("channel-length").add(lengths[0]).add(lengths[1]);
                }
                if (!routing.equals("ran_min")) {
                    throw error("routing_function", "ran_min (min_flatfly: flowproof's minimal, lowest dimension first)",
                        shown("routing_function", "none"));
                }
                spec.put("routing", "minimal");
            }
            case "cmesh" -> link = cmesh(spec, topo, k, n, c, routing, vcs);
            case "anynet" -> anynet(spec, topo, routing);
            case "fly" -> {
                // fly.cpp: k-ary n-fly, terminal t into port t mod k of stage-0 switch t/k and out of the last
                // stage's switch t/k by port t mod k; every channel 1 cycle; dest_tag_fly over every VC
                if (n < 2) {
                    throw error("n", "at least 2 stages (with 1 a fly is one crossbar: no channel between switches"
                        + " to check or simulate)", Integer.toString(n));
                }
                if (!routing.equals("dest_tag")) {
                    throw error("routing_function", "dest_tag (dest_tag_fly: flowproof's destination-tag on a fly)",
                        shown("routing_function", "none"));
                }
                topo.put("kind", "fly");
                topo.put("radix", k);
                topo.put("stages", n);
                spec.put("routing", "destination-tag");
            }
            case "fattree" -> {
                // fattree.cpp: a k-ary n-tree, k terminals on each bottom switch (c not read), every channel 1
                // cycle; nca_fattree goes up by a random up port at each switch until one covers the destination,
                // then down, over every VC
                if (n < 2) {
                    throw error("n", "at least 2 levels (with 1 a fat tree is one switch: no channel to check or"
                        + " simulate)", Integer.toString(n));
                }
                if (!routing.equals("nca") && !routing.equals("anca")) {
                    throw error("routing_function", "nca (nca_fattree: flowproof's nca, the nearest common ancestor"
                        + " drawn as BookSim's random up ports draw it) or anca (fattree_anca: nca with up: adaptive)",
                        shown("routing_function", "none"));
                }
                topo.put("kind", "fat-tree");
                topo.put("radix", k);
                topo.put("stages", n);
                if (routing.equals("anca")) {
                    // fattree_anca draws two up ports (RandomInt(gK - 1) twice) and takes the one whose downstream
                    // buffer holds fewer flits (GetUsedCredit), once per hop
                    spec.putObject("routing").put("kind", "nca").put("up", "adaptive");
                    ancaSelection = true;
                } else {
                    spec.put("routing", "nca");
                }
            }
            case "dragonflynew" -> BookSimDragonfly.map(this, spec, topo, k, n, vcs, purpose);
            default -> throw error("topology", "torus, mesh, cmesh, flatfly, dragonflynew, anynet, fly or fattree"
                + UNMAPPED_TOPOLOGIES.getOrDefault(topology, ""), topology);
        }
        spec.put("vcs", vcs);
        spec.put("rule", "vct");

        // router micro-architecture
        int buffer = integer("vc_buf_size", 8, 1, "a buffer of at least 1 flit per VC");
        // BookSim's iq router is always wormhole: only its event router reads vct
        Value vctValue = values.get("vct");
        if (vctValue != null && !sameValue(vctValue.text(), "0")) {
            throw error("vct", "0 (BookSim's iq router ignores vct and is always wormhole; only its event router reads"
                + " it, and flowproof does not model that router)", vctValue.text());
        }
        String tailCredit = word("wait_for_tail_credit", "0");
        if (!tailCredit.equals("0") && !tailCredit.equals("1")) {
            throw error("wait_for_tail_credit", "0 (vc-release: tail) or 1 (vc-release: drained)", tailCredit);
        }
        if (tailCredit.equals("0") && spec.has("escape")) {
            throw error("wait_for_tail_credit", "1 with min_adapt (flowproof allocates escape VCs only when empty, as"
                + " Duato's theorem needs)", shown("wait_for_tail_credit", "0"));
        }
        String vcAllocator = allocator("vc_allocator");
        String swAllocator = allocator("sw_allocator");
        boolean age = agePriority(vcAllocator, swAllocator);
        // alloc_iters: iSLIP's iterations (allocator.cpp); the separable allocators do not read it
        int iterations = integer("alloc_iters", 1, 1, "a number of allocator iterations of at least 1");
        // hold_switch_for_packet: iq_router.cpp reads it as > 0
        boolean holdSwitch = integer("hold_switch_for_packet", 0, 0, "0 or more (more than 0: a packet holds the"
            + " switch, simulation.switch-hold: packet)") > 0;
        // input_speedup: switch inputs per input port, VC v on input v mod s (iq_router.cpp's expanded_input)
        int inputSpeedup = integer("input_speedup", 1, 1, "a number of switch inputs per input port of at least 1");
        if (inputSpeedup > vcs) {
            throw error("input_speedup", "at most num_vcs (" + vcs + "; VC v takes switch input v mod input_speedup)",
                Integer.toString(inputSpeedup));
        }
        int routingDelay = integer("routing_delay", 1, 0, "0 or more cycles");
        int vcAllocDelay = integer("vc_alloc_delay", 1, 1, "1 or more cycles");
        int swAllocDelay = integer("sw_alloc_delay", 1, 1, "1 or more cycles");
        int traversal = integer("st_prepare_delay", 0, 0, "0 or more cycles");
        traversal += integer("st_final_delay", 1, 0, "0 or more cycles");
        if (traversal < 1) {
            throw error("st_final_delay", "st_prepare_delay + st_final_delay of at least 1 cycle (the switch"
                + " traversal)", "a total of 0");
        }
        int creditDelay = integer("credit_delay", 0, 0, "0 or more cycles");

        // traffic
        int[][] sizes = packetSizes();
        double meanSize = meanSize(sizes);
        int packet = sizes[0].length == 1 ? sizes[0][0] : -1;
        // fly.cpp and fattree.cpp attach k terminals to a switch and do not read c
        String traffic = pattern(topology, k, n, topology.equals("fly") || topology.equals("fattree") ? 1 : c);
        double rate = rate();
        boolean flits = integer("injection_rate_uses_flits", 0, 0, "0 or 1") == 1;
        if (integer("injection_rate_uses_flits", 0, 0, "0 or 1") > 1) {
            throw error("injection_rate_uses_flits", "0 or 1", values.get("injection_rate_uses_flits").text());
        }
        // trafficmanager.cpp divides a rate in flits by the mean packet size (_GetAveragePacketSize)
        double load = flits ? rate : rate * meanSize;
        String simType = word("sim_type", "latency");
        if (!simType.equals("latency") && !simType.equals("throughput") && !simType.equals("batch")) {
            throw error("sim_type", "latency, throughput (both run max_samples sample periods here) or batch",
                simType);
        }
        // batchtrafficmanager.cpp reads neither the rate, the injection process nor the sample periods
        boolean batch = simType.equals("batch");
        if (!batch && !(load > 0 && load <= 1)) {
            throw error("injection_rate", "a rate in (0, 1] flits per terminal per cycle (" + (flits ? "flits"
                : packet > 0 ? "packets of " + packet + " flits" : "packets of " + meanSize + " flits on average")
                + ")", shown("injection_rate", "0.1"));
        }
        String process = word("injection_process", "bernoulli");
        if (batch && !process.equals("bernoulli")) {
            throw error("injection_process", "bernoulli, or none, with sim_type = batch (the batch traffic manager does"
                + " not read the injection process: each node sends its batch back to back)", process);
        }
        if (!process.equals("bernoulli") && !process.equals("on_off")) {
            throw error("injection_process", "bernoulli or on_off (the processes flowproof has; an on_off(...)"
                + " parameter list is not read: use burst_alpha, burst_beta, burst_r1)", process);
        }
        // burst_alpha, burst_beta, burst_r1: read by on_off only (injection.cpp), as here
        ObjectNode onOff = process.equals("on_off") ? BookSimOnOff.map(file, values, load, meanSize) : null;
        int batchSize = batch ? integer("batch_size", 1000, 1, "a batch of at least 1 packet per node") : 0;
        if (batch) {
            if (integer("batch_count", 1, 1, "at least 1 batch") != 1) {
                throw error("batch_count", "1 (flowproof runs one batch: a collective of batch_size packets per"
                    + " terminal from cycle 0, and reports its completion; BookSim's later batches start empty too)",
                    values.get("batch_count").text());
            }
            if (integer("max_outstanding_requests", 0, 0, "0 or more") != 0) {
                throw error("max_outstanding_requests", "0 (unlimited: flowproof's sources do not wait for their"
                    + " packets to arrive)", values.get("max_outstanding_requests").text());
            }
        }
        int warmupPeriods = integer("warmup_periods", 3, 1, "1 or more periods (with 0 BookSim warms up until the"
            + " latency and accepted rate change by less than warmup_thres and acc_warmup_thres in a period, which"
            + " flowproof does not model: give the periods)");
        for (String key : STOPPING_THRESHOLDS) {
            Value t = values.get(key);
            if (t != null && !t.number()) {
                throw error(key, "a number (one threshold: flowproof does not map a list per traffic class)", t.text());
            }
        }
        int period = integer("sample_period", 1000, 1, "a period of at least 1 cycle");
        // _SingleSim counts the warm-up periods among max_samples: at most max_samples periods in all
        int samples = integer("max_samples", 10, 1, "at least 1 sample period");
        if (samples <= warmupPeriods && !batch) {
            throw error("max_samples", "more than warmup_periods (" + warmupPeriods + "; BookSim counts the warm-up"
                + " periods among max_samples, and would never measure)", Integer.toString(samples));
        }
        long cycles = (long) samples * period;
        if (cycles > 2_000_000_000L && !batch) {
            throw error("max_samples", "at most 2,000,000,000 cycles in all (max_samples x sample_period)",
                Long.toString(cycles));
        }
        Value seedValue = values.get("seed");
        if (seedValue != null && !seedValue.text().matches("[0-9]+")) {
            throw error("seed", "a whole number (flowproof's runs repeat under a seed; not time)", seedValue.text());
        }

        if (purpose == Purpose.VERIFY) {
            if (packet < 0) {
                throw error("packet_size", "one packet size for check and prove (the explorer's packets all have"
                    + " packet-flits flits; simulate reads a list of sizes)", values.get("packet_size").text());
            }
            spec.put("flow", "wormhole");
            spec.put("capacity", buffer);
            spec.put("packet-flits", packet);
        }
        ObjectNode sim = spec.putObject("simulation");
        sim.put("switching", "wormhole");
        sim.put("arbiter", age ? "oldest-first" : "round-robin");
        sim.put("buffer", buffer);
        if (packet > 0) {
            sim.put("packet-size", packet);
        } else {
            ObjectNode mix = sim.putObject("packet-size");
            for (int i = 0; i < sizes[0].length; i++) {
                mix.withArray("sizes").add(sizes[0][i]);
                mix.withArray("weights").add(sizes[1][i]);
            }
        }
        // BookSim's iq router (iq_router.cpp): its stages, one packet at a time per input VC, its VC release
        sim.putObject("stages").put("routing", routingDelay).put("vc-allocation", vcAllocDelay)
            .put("switch-allocation", swAllocDelay).put("traversal", traversal);
        sim.put("route-timing", "front");
        sim.put("vc-release", tailCredit.equals("0") ? "tail" : "drained");
        if (tailCredit.equals("1")) {
            // the terminal returns a credit for every flit it takes; the ejection VC waits for the tail's, as any VC
            sim.put("ejection-release", "credit");
        }
        // its separable allocators' output arbiters rotate over every input VC of the router
        sim.put("allocation", "per-vc");
        // flowproof's default is separable-input-first: only islip is written, so that the spec says what differs
        if (vcAllocator.equals("islip")) {
            sim.put("vc-allocator", "islip");
        }
        if (swAllocator.equals("islip")) {
            sim.put("switch-allocator", "islip");
        }
        if (vcAllocator.equals("islip") || swAllocator.equals("islip")) {
            sim.put("allocator-iterations", iterations);
        }
        if (holdSwitch) {
            sim.put("switch-hold", "packet");
        }
        if (ancaSelection) {
            sim.put("adaptive-selection", "two-random-ports");
        }
        if (inputSpeedup != 1) {
            sim.put("input-speedup", inputSpeedup);
        }
        sim.put("link-latency", link);
        // a credit crosses a channel as a flit does (the channel's cycles, then read the next cycle), plus credit_delay
        sim.put("credit-latency", link + 1 + creditDelay);
        // the injection and ejection channels (network.cpp): one cycle each beyond flowproof's; the ejection
        // channel has num_vcs VCs, as every channel
        sim.put("injection-latency", 1);
        sim.put("ejection-latency", 1);
        sim.put("ejection-vcs", vcs);
        if (topology.equals("dragonflynew")) {
            // min_dragonflynew names the packet's phase as its only VC at the ejection port too (dragonfly.cpp;
            // dim_order_torus frees every VC there): VC 0 within its group, VC 1 after the global hop
            sim.put("ejection-vc", "class");
        }
        // uniform: RandomInt(_nodes - 1), the source itself among the destinations; a permutation's fixed
        // point (transpose's diagonal, bitrev's palindromes, ...) sends to itself (traffic.cpp returns it)
        if (traffic.startsWith(HOT_SPOT)) {
            // every packet of every terminal to a hot spot, its own included (traffic.cpp, HotSpotTrafficPattern)
            String[] parts = traffic.substring(HOT_SPOT.length()).split(";");
            ObjectNode hot = sim.putObject("traffic").put("pattern", "hot-spot");
            String[] nodes = parts[0].split(",");
            if (nodes.length == 1) {
                hot.put("node", Integer.parseInt(nodes[0]));
            } else {
                for (int i = 0; i < nodes.length; i++) {
                    hot.withArray("node").add(Integer.parseInt(nodes[i]));
                    hot.withArray("weights").add(Integer.parseInt(parts[1].split(",")[i]));
                }
            }
            hot.put("fraction", 1.0).put("per", "packet").put("self", true);
        } else {
            sim.putObject("traffic").put("pattern", traffic).put("self", true);
        }
        if (batch) {
            // batchtrafficmanager.cpp: each node issues its next packet whenever its source queue is empty, until
            // batch_size, whatever the injection rate and process; the batch ends when every packet is delivered
            sim.putObject("injection").put("process", "collective").put("packets", batchSize);
            sim.put("cycles", BATCH_CYCLES);
            sim.put("warmup", 0);
        } else {
            sim.put("load", load);
            if (onOff != null) {
                sim.set("injection", onOff);
            }
            sim.put("cycles", cycles);
            sim.put("warmup", (long) warmupPeriods * period);
        }
        sim.put("seed", seedValue == null ? 0 : Long.parseLong(seedValue.text()));
        return spec;
    }

    /**
     * BookSim's topologies flowproof has no network for, each with the reason its error gives.
     */
    private static final Map<String, String> UNMAPPED_TOPOLOGIES = Map.of(
        "qtree", " (flowproof has no quad tree)",
        "tree4", " (flowproof has no tree4)");

    /**
     * BookSim's {@code cmesh} (cmesh.cpp) as flowproof's concentrated mesh: k x k routers with 4
     * terminals each (BookSim asserts {@code n <= 2}, {@code c == 4}, {@code x == y},
     * {@code xr == yr} and {@code c == xr * yr}; its channels are 2-D, so n = 2). BookSim's edge
     * routers' outward ports are express channels to the edge router half a row or column away;
     * {@code dor_no_express} never takes them and routes as flowproof's {@code dor} on the mesh
     * (any VC), so they are left out. With {@code use_noc_latency} (the default) a channel of the
     * mesh takes {@code c / n = 2} cycles, as does its credit. Returns the link latency.
     */
    private int cmesh(ObjectNode spec, ObjectNode topo, int k, int n, int c, String routing, int vcs)
        throws SpecException {
        if (n != 2) {
            throw error("n", "2 (BookSim's cmesh builds 2-D channels only)", Integer.toString(n));
        }
        if (c != 4) {
            throw error("c", "4 (BookSim's cmesh asserts c == 4)", Integer.toString(c));
        }
        for (String[] pair : new String[][] {{"x", "y", "8"}, {"xr", "yr", "1"}}) {
            String a = word(pair[0], pair[2]);
            String b = word(pair[1], pair[2]);
            if (!a.equals(b)) {
                throw error(pair[1], pair[0] + " (" + a + "; BookSim's cmesh asserts " + pair[0] + " == " + pair[1]
                    + ")", b);
            }
        }
        if (!word("xr", "1").equals("2")) {
            throw error("xr", "2 (BookSim's cmesh asserts c == xr * yr, with c = 4 and xr == yr)", word("xr", "1"));
        }
        if (!routing.equals("dor_no_express") && !routing.equals("xy_yx_no_express")) {
            throw error("routing_function", "dor_no_express (dor_no_express_cmesh: flowproof's dor on a concentrated"
                + " mesh) or xy_yx_no_express (flowproof's xy-yx, the order drawn per packet, a VC half per order; the"
                + " express channels of dor and xy_yx are not modelled)", shown("routing_function", "none"));
        }
        String noc = word("use_noc_latency", "1");
        if (!noc.equals("0") && !noc.equals("1")) {
            throw error("use_noc_latency", "0 or 1", noc);
        }
        topo.put("kind", "mesh");
        topo.putArray("radix").add(k).add(k);
        topo.put("concentration", c);
        if (routing.equals("xy_yx_no_express")) {
            xyYx(spec, vcs);
        } else {
            spec.put("routing", "dor");
        }
        return noc.equals("1") ? c / n : 1;
    }

    /**
     * BookSim's {@code xy_yx_mesh} and {@code xy_yx_no_express_cmesh} (routefunc.cpp,
     * cmesh.cpp): at its first router a packet draws XY or YX ({@code RandomInt(1)}) and takes
     * the lower half of the VCs for XY, the upper half for YX, all the way; at its destination
     * router any VC. flowproof's {@code xy-yx} with {@code choice: random} (a pair in one row or
     * column draws too: the same channels, but its half) and a VC class per order, class c
     * owning the c-th half.
     */
    private void xyYx(ObjectNode spec, int vcs) throws SpecException {
        if (vcs % 2 != 0) {
            throw error("num_vcs", "an even number (xy_yx gives each order half of the VCs, as flowproof's vc-classes"
                + " do)", Integer.toString(vcs));
        }
        spec.putObject("routing").put("kind", "xy-yx").put("choice", "random");
        ObjectNode classes = spec.putObject("vc-classes");
        classes.put("classes", 2);
        classes.putObject("start").put("xy", 0).put("yx", 1);
    }

    /**
     * BookSim's {@code valiant_mesh} and {@code romm_mesh} (routefunc.cpp): at its first router
     * a packet draws an intermediate router, from every router ({@code RandomInt(gNodes - 1)})
     * or, for ROMM, each coordinate between its source's and destination's
     * ({@code rand_min_intr_mesh}: every router of their box equally likely); it goes by DOR to
     * the intermediate on the lower half of the VCs (phase 0) and from there by DOR to its
     * destination on the upper half (phase 1), the phase turning at the router that is the
     * intermediate, the source included; any VC at its destination router, also on the hop out
     * of it that a Valiant packet on its way to its intermediate takes. flowproof's
     * {@code valiant} (with {@code intermediates: minimal-box} for ROMM) with
     * {@code draw: per-router} and a VC class per phase, {@code set: any} on a hop that
     * {@code leaves-destination}: the same routes, the same odds and the same VCs. That last
     * hop breaks the class order, and {@code check} finds valiant_mesh's deadlock.
     */
    private void valiantMesh(ObjectNode spec, int vcs, boolean romm) throws SpecException {
        if (vcs % 2 != 0) {
            throw error("num_vcs", "an even number (" + (romm ? "romm" : "valiant") + " gives each phase half of the"
                + " VCs, as flowproof's vc-classes do)", Integer.toString(vcs));
        }
        ObjectNode r = spec.putObject("routing").put("kind", "valiant");
        if (romm) {
            r.put("intermediates", "minimal-box");
        }
        r.put("draw", "per-router");
        ObjectNode classes = spec.putObject("vc-classes");
        classes.put("classes", 2);
        classes.putObject("start").put("valiant", 0).put("minimal", 1);
        ArrayNode hops = classes.putArray("hops");
        hops.addObject().put("route", "minimal").put("set", 1);
        if (!romm) {
            // "at the destination router, we don't need to separate VCs by phase": a packet that passes its
            // destination on the way to its intermediate (and one to its own router, on its first hop) leaves it on
            // any VC. A ROMM packet never does (its intermediate lies in the box, its destination at a corner).
            hops.addObject().put("route", "valiant").put("set", 0);
            hops.addObject().put("leaves-destination", true).put("set", "any");
        }
    }

    /**
     * BookSim's {@code anynet} (networks/anynet.cpp) with {@code min_anynet}: the network file
     * ({@code network_file}, relative to the configuration's directory, else to the current
     * one, where BookSim opens it) embedded as {@code topology: {kind: anynet, anynet: TEXT}},
     * and BookSim's routes as a table: each router's next hop to each router with nodes is the
     * first hop of that router's own shortest-path tree by channel latency
     * ({@code AnyNet::route}: Dijkstra taking the lowest-numbered router among the nearest,
     * relaxing neighbours in increasing order with a strict improvement), one next hop per
     * (router, destination), as {@code routing: {kind: table, routes: [...]}}.
     */
    private void anynet(ObjectNode spec, ObjectNode topo, String routing) throws SpecException {
        if (!routing.equals("min")) {
            throw error("routing_function", "min (min_anynet: the table of BookSim's shortest paths by latency)",
                shown("routing_function", "none"));
        }
        Value fileValue = values.get("network_file");
        if (fileValue == null) {
            throw error("network_file", "a BookSim anynet file (topology = anynet reads the network from it)", "none");
        }
        Path dir = Path.of(file).toAbsolutePath().getParent();
        Path path = dir == null ? Path.of(fileValue.text()) : dir.resolve(fileValue.text());
        if (!Files.isRegularFile(path)) {
            path = Path.of(fileValue.text());
        }
        String text;
        try {
            text = Files.readString(path);
        } catch (IOException | RuntimeException e) {
            throw error("network_file", "a readable anynet file, relative to " + (dir == null ? "." : dir)
                + " or to the current directory", fileValue.text() + " (" + (Files.exists(path) ? "unreadable"
                : "no such file") + ")");
        }
        GraphFiles.Anynet net = GraphFiles.parseAnynet(path.toString(), "", text);
        if (net.terminalLatency() != 1) {
            throw error("network_file", "terminal links of 1 cycle (flowproof's injection and ejection channels are"
                + " the same at every terminal)", "a terminal link of " + net.terminalLatency() + " cycles in " + path);
        }
        topo.put("kind", "anynet");
        topo.put("anynet", text);
        java.util.TreeSet<Integer> withNodes = new java.util.TreeSet<>(net.nodeAt().values());
        int routers = net.links().size();
        ArrayNode routes = spec.putObject("routing").put("kind", "table").putArray("routes");
        for (int start = 0; start < routers; start++) {
            int[] prev = anynetTree(net, start);
            for (int to : withNodes) {
                if (to == start) {
                    continue;
                }
                int hop = to;
                while (hop >= 0 && prev[hop] != start) {
                    hop = prev[hop];
                }
                if (hop < 0) {
                    throw error("network_file", "every router reaching every router with nodes (BookSim's Dijkstra"
                        + " never ends otherwise)", "no path from router " + start + " to router " + to + " in "
                        + path);
                }
                ObjectNode r = routes.addObject().put("at", Integer.toString(start)).put("to", Integer.toString(to));
                r.putArray("next").add(Integer.toString(hop));
            }
        }
    }

    /**
     * BookSim's {@code AnyNet::route} from {@code start}: each router's predecessor on its
     * shortest path by latency (-1: none).
     */
    private static int[] anynetTree(GraphFiles.Anynet net, int start) {
        int n = net.links().size();
        long[] dist = new long[n];
        int[] prev = new int[n];
        java.util.Arrays.fill(dist, Long.MAX_VALUE);
        java.util.Arrays.fill(prev, -1);
        boolean[] done = new boolean[n];
        dist[start] = 0;
        for (int round = 0; round < n; round++) {
            int min = -1;
            for (int i = 0; i < n; i++) {
                if (!done[i] && dist[i] < (min < 0 ? Long.MAX_VALUE : dist[min])) {
                    min = i;
                }
            }
            if (min < 0) {
                break;
            }
            done[min] = true;
            for (Map.Entry<Integer, Integer> e : net.links().get(min).entrySet()) {
                long d = dist[min] + e.getValue();
                if (d < dist[e.getKey()]) {
                    dist[e.getKey()] = d;
                    prev[e.getKey()] = min;
                }
            }
        }
        return prev;
    }

    /**
     * The flowproof terminal of BookSim's cmesh node {@code node} on k x k routers: BookSim lays
     * its nodes out as a 2k x 2k grid, row by row ({@code CMesh::NodeToRouter},
     * {@code NodeToPort}), router {@code (row / 2) * k + col / 2}, port {@code 2 * (row % 2) +
     * col % 2}; flowproof numbers a router's 4 terminals consecutively.
     */
    static long cmeshTerminal(long node, int k) {
        long row = node / (2L * k);
        long col = node % (2L * k);
        return 4 * ((row / 2) * k + col / 2) + 2 * (row % 2) + col % 2;
    }

    /** BookSim's traffic patterns that are flowproof's (traffic.cpp against traffic.PatternKind). */
    private static final Map<String, String> PATTERNS = Map.of("uniform", "uniform", "bitcomp", "bit-complement",
        "transpose", "transpose", "bitrev", "bit-reverse", "shuffle", "shuffle", "tornado", "tornado", "neighbor",
        "neighbor-all");

    /**
     * The flowproof pattern of {@code traffic}. The bit patterns need a power-of-two number of
     * terminals and transpose an even power (BookSim exits otherwise); on a flatfly BookSim
     * renumbers destinations by its chip layout ({@code flatfly_transformation}), so only
     * uniform, which no numbering changes, maps there.
     */
    private String pattern(String topology, int k, int n, int c) throws SpecException {
        String traffic = word("traffic", "uniform");
        boolean uniformOnly = topology.equals("flatfly") || topology.equals("dragonflynew")
            || topology.equals("anynet");
        if ((topology.equals("fly") || topology.equals("fattree"))
            && (traffic.equals("tornado") || traffic.equals("neighbor"))) {
            String on = topology.equals("fly") ? "a fly" : "a fat tree";
            throw error("traffic", "uniform, bitcomp, transpose, bitrev, shuffle or hotspot on " + on + " (BookSim's"
                + " tornado and neighbor take " + on + "'s terminals as a k-ary n-cube's; flowproof's are a torus's or"
                + " an index shift)", traffic);
        }
        if (topology.equals("cmesh") && !traffic.equals("uniform") && !traffic.equals("bitcomp")
            && !(traffic.equals("hotspot") || traffic.startsWith("hotspot("))) {
            throw error("traffic", "uniform, bitcomp or hotspot (on a cmesh BookSim lays its nodes out as a 2k x 2k"
                + " grid; these send to the same routers under flowproof's numbering, other patterns would not)",
                traffic);
        }
        String expected = topology.equals("anynet") ? "uniform (BookSim numbers an anynet's nodes as its file does,"
            + " flowproof router by router; other patterns would not be the same)"
            : topology.equals("flatfly") ? "uniform (on a flatfly BookSim numbers terminals by its chip"
            + " layout; other patterns would not be the same)" : topology.equals("dragonflynew") ? "uniform (BookSim's"
            + " other patterns take the dragonfly's terminals as a k-ary n-cube's or need a power of two of them)"
            : "uniform, bitcomp, transpose, bitrev, shuffle, tornado, neighbor or hotspot (the patterns flowproof"
            + " maps; docs/booksim.md)";
        if ((traffic.equals("hotspot") || traffic.startsWith("hotspot(")) && !uniformOnly) {
            return hotSpot(traffic, terminals(k, n, c), topology.equals("cmesh") ? k : 0);
        }
        String mapped = PATTERNS.get(traffic);
        if (mapped == null || (uniformOnly && !traffic.equals("uniform"))) {
            throw error("traffic", expected, traffic);
        }
        long terminals = terminals(k, n, c);
        boolean power = terminals > 0 && Long.bitCount(terminals) == 1;
        if (List.of("bitcomp", "bitrev", "shuffle", "transpose").contains(traffic) && !power) {
            throw error("traffic", "a power-of-two number of terminals for " + traffic + " (it permutes the bits of"
                + " terminal numbers)", terminals + " terminals");
        }
        if (traffic.equals("transpose") && Long.numberOfTrailingZeros(terminals) % 2 != 0) {
            throw error("traffic", "an even power of two terminals for transpose (it swaps the two halves of the"
                + " bits)", terminals + " terminals");
        }
        return mapped;
    }

    private static long terminals(int k, int n, int c) {
        long terminals = 1;
        for (int d = 0; d < n; d++) {
            terminals *= k;
        }
        return terminals * c;
    }

    /** What {@link #pattern} returns for BookSim's {@code hotspot}: this prefix and the hot spot's terminal. */
    private static final String HOT_SPOT = "hot-spot:";

    /**
     * BookSim's {@code hotspot(PARAMS)} (traffic.cpp, {@code HotSpotTrafficPattern}), read as
     * BookSim reads it: {@code PARAMS} split by {@link #tokenize} into the hot spots and the
     * rates, each a list by {@link #tokenize} again; so {@code hotspot({{3,60},{2,1}})} is
     * hot spots 3 and 60 with rates 2 and 1, while {@code hotspot({3,60})} is hot spot 3 with
     * rate 60. Every packet of every terminal, the hot spots' own included, goes to a hot spot
     * drawn with weight its rate (the rates resized to the hot spots with the last one,
     * default 1). Maps to flowproof's {@code hot-spot} per packet with fraction 1, {@code
     * self: true} and the rates as {@code weights}; a hot spot BookSim draws itself ({@code
     * hotspot} without one, or a negative one, with BookSim's random numbers) is refused.
     * Returns {@link #HOT_SPOT}, the hot spots, ';' and the weights. On a cmesh of {@code cmeshK}
     * x {@code cmeshK} routers (else 0) the hot spots are renumbered ({@link #cmeshTerminal}).
     */
    private String hotSpot(String traffic, long terminals, int cmeshK) throws SpecException {
        String expected = "hotspot(h), hotspot({h}) or hotspot({{h1,h2,...},{r1,r2,...}}) (BookSim's syntax) with hot"
            + " spots from 0 to " + (terminals - 1) + ", each once, and integer rates of 1 or more (a hot spot BookSim"
            + " draws at random is not mapped)";
        int left = traffic.indexOf('(');
        int right = traffic.lastIndexOf(')');
        String paramText = left < 0 ? "" : right < left ? traffic.substring(left + 1) : traffic.substring(left + 1, right);
        List<String> params = tokenize(paramText);
        if (params.isEmpty()) {
            throw error("traffic", expected, traffic);
        }
        List<Long> nodes = new ArrayList<>();
        for (String x : tokenize(params.get(0))) {
            if (!x.trim().matches("[0-9]{1,9}")) {
                throw error("traffic", expected, traffic);
            }
            long node = Long.parseLong(x.trim());
            if (node >= terminals || nodes.contains(node)) {
                throw error("traffic", expected, traffic);
            }
            nodes.add(node);
        }
        List<String> rates = params.size() >= 2 ? tokenize(params.get(1)) : List.of("1");
        if (nodes.isEmpty() || rates.isEmpty()) {
            throw error("traffic", expected, traffic);
        }
        StringBuilder weights = new StringBuilder();
        for (int i = 0; i < nodes.size(); i++) {
            // traffic.cpp: rates.resize(hotspots.size(), rates.back())
            String rate = rates.get(Math.min(i, rates.size() - 1)).trim();
            if (!rate.matches("[1-9][0-9]{0,8}")) {
                throw error("traffic", expected, traffic);
            }
            weights.append(i == 0 ? "" : ",").append(rate);
        }
        return HOT_SPOT + nodes.stream().map(h -> cmeshK > 0 ? cmeshTerminal(h, cmeshK) : h).map(String::valueOf)
            .collect(java.util.stream.Collectors.joining(",")) + ";" + weights;
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

    /**
     * BookSim's {@code priority} (trafficmanager.cpp): {@code none}, {@code class} (with one
     * traffic class every flit has the same priority: none), or {@code age}, which gives
     * every flit the priority {@code INT_MAX - t}, t its packet's creation cycle (with
     * {@code include_queuing = 1}); the VC's priority is its front flit's (vc.cpp), which the
     * separable allocators' round-robin arbiters put first (roundrobin_arb.cpp: the highest
     * priority, round robin among equals) in switch allocation on both sides and in VC
     * allocation on the output side: {@code arbiter: oldest-first}. BookSim's iSLIP does not
     * read priorities in its matching, flowproof's oldest-first is an option of its separable
     * allocators only, so {@code age} needs both allocators separable. Returns whether it is age.
     */
    private boolean agePriority(String vcAllocator, String swAllocator) throws SpecException {
        String priority = word("priority", "none");
        if (priority.equals("none") || priority.equals("class")) {
            // class: every flit gets its class's priority, and there is one class (classes = 1): all equal
            return false;
        }
        if (!priority.equals("age")) {
            throw error("priority", "none, class or age (the oldest packet first: arbiter: oldest-first; the others"
                + " order by what flowproof's arbiters do not read)", priority);
        }
        if (!vcAllocator.equals("separable-input-first") || !swAllocator.equals("separable-input-first")) {
            throw error("priority", "none with an islip allocator (age needs vc_allocator and sw_allocator"
                + " separable_input_first: BookSim's iSLIP does not order by priority, flowproof's oldest-first is an"
                + " option of the separable allocators)", priority);
        }
        return true;
    }

    /**
     * The flowproof allocator of {@code key} ({@code vc_allocator} or {@code sw_allocator}):
     * {@code islip} (BookSim's default) or {@code separable-input-first}.
     */
    private String allocator(String key) throws SpecException {
        String name = word(key, "islip");
        return switch (name) {
            case "islip" -> "islip";
            case "separable_input_first" -> "separable-input-first";
            default -> throw error(key, "islip or separable_input_first (the allocators flowproof has; an"
                + " islip(N) or separable_input_first(ARB) parameter is not read: use alloc_iters, arb_type)", name);
        };
    }

    /**
     * BookSim's packet sizes (trafficmanager.cpp): {@code packet_size} one size, or a list per
     * traffic class whose class-0 entry is a list of sizes ({@code {{1,8}}}), drawn with the
     * integer weights of {@code packet_size_rate} (one number for all, or {@code {{w1,w2}}}, the
     * last repeated for the sizes after it; BookSim's {@code _GetNextPacketSize}). Returns the
     * sizes and their weights, sizes of weight 0 left out (never drawn).
     */
    private int[][] packetSizes() throws SpecException {
        Value v = values.get("packet_size");
        String expected = "a packet size of at least 1 flit, or class 0's sizes {{a,b,...}} (BookSim reads a list"
            + " {a,b} as one size per traffic class, and with classes = 1 uses a only)";
        int[] sizes;
        if (v == null || !v.text().startsWith("{")) {
            sizes = new int[] {integer("packet_size", 1, 1, expected)};
        } else {
            sizes = classZero("packet_size", v.text(), expected, 1);
        }
        int[] weights = new int[sizes.length];
        Value r = values.get("packet_size_rate");
        String rateExpected = "weights of 0 or more, not all 0: one number, or {{w1,w2,...}} for the sizes of"
            + " packet_size (BookSim reads a list {a,b} as one weight per traffic class)";
        if (r == null || !r.text().startsWith("{")) {
            Arrays.fill(weights, integer("packet_size_rate", 1, sizes.length > 1 ? 1 : 0, rateExpected));
        } else {
            int[] given = classZero("packet_size_rate", r.text(), rateExpected, 0);
            for (int i = 0; i < sizes.length; i++) {
                weights[i] = given[Math.min(i, given.length - 1)];
            }
            if (Arrays.stream(weights).sum() == 0) {
                throw error("packet_size_rate", rateExpected, r.text());
            }
        }
        int kept = 0;
        for (int i = 0; i < sizes.length; i++) {
            if (weights[i] > 0 || sizes.length == 1) {
                sizes[kept] = sizes[i];
                weights[kept++] = weights[i];
            }
        }
        return new int[][] {Arrays.copyOf(sizes, kept), Arrays.copyOf(weights, kept)};
    }

    /** The numbers of class 0's entry of BookSim's per-class list {@code text} ({{a,b}} or {a}), each at least {@code min}. */
    private int[] classZero(String key, String text, String expected, int min) throws SpecException {
        String inner = text.substring(1, text.length() - 1).strip();
        String entry;
        if (inner.startsWith("{")) {
            if (!inner.endsWith("}") || inner.indexOf('{', 1) >= 0) {
                throw error(key, expected + "; classes = 1 has one entry", text);
            }
            entry = inner.substring(1, inner.length() - 1);
        } else if (inner.contains(",")) {
            throw error(key, expected, text);
        } else {
            entry = inner;
        }
        String[] parts = entry.split(",", -1);
        int[] out = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String t = parts[i].strip();
            if (!t.matches("[0-9]{1,9}") || Integer.parseInt(t) < min) {
                throw error(key, expected, text);
            }
            out[i] = Integer.parseInt(t);
        }
        return out;
    }

    /** The mean of the sizes under their weights (BookSim's _GetAveragePacketSize). */
    private static double meanSize(int[][] sizes) {
        long sum = 0;
        long total = 0;
        for (int i = 0; i < sizes[0].length; i++) {
            sum += (long) sizes[0][i] * sizes[1][i];
            total += sizes[1][i];
        }
        return sizes[0].length == 1 ? sizes[0][0] : (double) sum / total;
    }

    private static boolean sameValue(String written, String flowproofs) {
        if (written.equals(flowproofs)) {
            return true;
        }
        if (isNumber(written) && isNumber(flowproofs)) {
            return Double.parseDouble(written) == Double.parseDouble(flowproofs);
        }
        return false;
    }

    private double rate() throws SpecException {
        Value v = values.get("injection_rate");
        if (v == null) {
            return 0.1;
        }
        if (!v.number()) {
            throw error("injection_rate", "one rate (flowproof does not map a list per traffic class)", v.text());
        }
        return Double.parseDouble(v.text());
    }

    /**
     * BookSim's flatfly_onchip: a square 2-D layout whose routers hold xr x yr terminals. With
     * {@code use_noc_latency = 1} (its default) a channel's latency is its length in the
     * layout, {@code xr * |dx| + yr * |dy|}: returns {@code [xr, yr]}, flowproof's
     * {@code channel-length}; null with 0 (every channel 1 cycle).
     */
    private int[] flatfly(int k, int n, int c) throws SpecException {
        if (n != 2) {
            throw error("n", "2 (BookSim's on-chip flattened butterfly lays routers out in x and y)", Integer.toString(n));
        }
        int x = integer("x", 8, 1, "k");
        int y = integer("y", 8, 1, "k");
        if (x != k) {
            throw error("x", "k (" + k + " routers per row)", shown("x", "8"));
        }
        if (y != k) {
            throw error("y", "k (" + k + " routers per column)", shown("y", "8"));
        }
        int xr = integer("xr", 1, 1, "terminals per router in x");
        int yr = integer("yr", 1, 1, "terminals per router in y");
        if (xr * yr != c) {
            throw error("yr", "xr x yr = c (" + c + " terminals per router)", xr + " x " + yr);
        }
        String noc = word("use_noc_latency", "1");
        if (noc.equals("0")) {
            return null;
        }
        if (!noc.equals("1")) {
            throw error("use_noc_latency", "0 or 1", noc);
        }
        int longest = injectionLength(xr, yr);
        if (longest != 1) {
            throw error("use_noc_latency", "0, or 1 with xr and yr of at most 3 (with 1 BookSim's flatfly_onchip makes"
                + " a terminal's injection and ejection channels as long as its distance from the router, here up to "
                + longest + " cycles and different per terminal; flowproof's are the same for every terminal)",
                shown("use_noc_latency", "1"));
        }
        return new int[] {xr, yr};
    }

    /**
     * The longest injection (and ejection) channel of BookSim's flatfly_onchip with
     * use_noc_latency: its _BuildNet loop over a router's xr x yr terminals, written out.
     */
    static int injectionLength(int xr, int yr) {
        int yleng = -yr / 2;
        int xleng = -xr / 2;
        boolean yodd = yr % 2 == 1;
        boolean xodd = xr % 2 == 1;
        int longest = 0;
        for (int yy = 0; yy < yr; yy++) {
            for (int xx = 0; xx < xr; xx++) {
                if (yleng == 0 && !yodd) {
                    yleng++;
                }
                if (xleng == 0 && !xodd) {
                    xleng++;
                }
                int ileng = 1;
                if (Math.abs(yleng) > 1) {
                    ileng += Math.abs(yleng) - 1;
                }
                if (Math.abs(xleng) > 1) {
                    ileng += Math.abs(xleng) - 1;
                }
                longest = Math.max(longest, ileng);
                yleng++;
                if (yleng > yr / 2) {
                    yleng = -yr / 2;
                    xleng++;
                }
            }
        }
        return longest;
    }

    /**
     * BookSim's {@code dim_order_torus}: on entering a dimension the packet takes one half of
     * the VCs for that whole dimension, the upper half when {@code (dir == 0 && cur > dest) ||
     * (dir == 1 && dest < cur)} (routefunc.cpp, {@code dor_next_torus}). Going + that is the
     * packets that cross the wrap-around channel; going - (the second test repeats the first)
     * it is the packets that do not. As vc-classes: class 1 on entering a ring when the + route
     * crosses the dateline or the - route does not.
     */
    private void torusClasses(ObjectNode spec, int k, int n, int vcs, Purpose purpose) throws SpecException {
        if (vcs % 2 != 0) {
            throw error("num_vcs", "an even number (dim_order_torus splits the VCs into two halves, as flowproof's"
                + " vc-classes do)", Integer.toString(vcs));
        }
        int[] radix = new int[n];
        java.util.Arrays.fill(radix, k);
        Torus t = Torus.torus(radix, true);
        JsonNodeFactory jf = JsonNodeFactory.instance;
        ArrayNode minus = jf.arrayNode();
        for (int ch = 0; ch < t.channels(); ch++) {
            if (t.direction(ch) < 0) {
                minus.add(t.channelName(ch));
            }
        }
        ObjectNode classes = spec.putObject("vc-classes");
        classes.put("classes", 2);
        ArrayNode hops = classes.putArray("hops");
        hops.addObject().put("new-ring", true).put("crosses-ahead", true).put("set", 1);
        hops.addObject().put("new-ring", true).put("crosses-ahead", false).put("set", 0);
        ObjectNode m1 = hops.addObject().put("new-ring", true).put("crosses-ahead", true);
        m1.set("channel", minus);
        m1.put("set", 0);
        ObjectNode m2 = hops.addObject().put("new-ring", true).put("crosses-ahead", false);
        m2.set("channel", minus.deepCopy());
        m2.put("set", 1);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "BookSimConfig[%s, %d keys]", file, values.size());
    }
}
