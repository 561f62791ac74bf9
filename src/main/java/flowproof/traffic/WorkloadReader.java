package flowproof.traffic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import flowproof.ConfigurationException;
import flowproof.topology.Topology;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Reads the workload fields of a spec's {@code simulation} mapping (a Jackson tree) and
 * validates them against the topology. Other fields of the mapping belong to the
 * simulator and are ignored here. Every mistake is a {@link ConfigurationException}
 * naming the field by its path (e.g. {@code simulation.injection.phases[1].cycles}),
 * what was expected and what was found.
 *
 * <pre>
 * simulation:
 *   traffic: uniform                   # a pattern name (default uniform), or
 *            {pattern: hot-spot, node: 0, fraction: 0.25, choose: lowest, background: uniform}, or
 *            {mix: [{terminals: "0-39", pattern: uniform},
 *                   {terminals: [40, 41], pattern: tornado, within: true}]}
 *   injection: bernoulli               # (default) or a mapping {process: NAME, ...}:
 *            {process: ramp, from: 0.0, to: 0.275, cycles: 2750000}
 *            {process: collective, packets: 10}
 *            {process: on-off, alpha: 0.05, beta: 0.05}   # two of alpha, beta, on-load; mean rate: load
 *            {process: bursty, phases: [{cycles: 1500, packets-every: 1500, traffic: uniform},
 *                                       {cycles: 2000, packets-every: 15,
 *                                        traffic: [bit-reverse, shuffle, bit-complement]}]}
 *   load: 0.1                          # flits/terminal/cycle in (0, 1], default 0.1 (bernoulli; ramp's to; on-off's mean)
 *   packet-size: 8                     # flits, default 8; or {sizes: [4, 16], weights: [0.5, 0.5]}
 * </pre>
 *
 * <p>Patterns: see {@link PatternKind}. Hot-spot parameters: {@code node} (terminal, default
 * the lowest of its set), {@code fraction} of the other sources (0, 1], rounded to the
 * nearest count and at least 1, or {@code sources} (a count), default all; {@code choose:
 * lowest} (default: the lowest-numbered other terminals, the same set for every seed) or
 * {@code random} (drawn when a run starts, so per seed); {@code background}: the pattern of
 * the remaining sources and of the hot spot itself, default uniform, {@code none} for
 * silence (any pattern but hot-spot and mix); {@code per: source} (default: the chosen
 * sources send every packet to the hot spot) or {@code per: packet} (every other source sends
 * each packet there with probability {@code fraction}, BookSim's hot spot). Uniform's
 * {@code self: true} lets a source draw itself (BookSim's uniform). Mix entries take the
 * terminals (a string of ranges {@code "0-39,44"} or a list of indices), the pattern with its
 * parameters inline, and {@code within: true} to keep destinations inside the entry's own
 * set (patterns then work on the rank of a terminal in the set), and {@code load}, the entry's
 * own Bernoulli rate, which {@link Workload#atLoad} leaves alone (CBCM's hot senders at 1.0
 * while the others take the swept load; injection bernoulli only); sets must be disjoint and
 * terminals in no set send nothing. A bursty phase without {@code traffic} uses
 * {@code simulation.traffic}; phases are a general repeating schedule, so a long last phase
 * gives a one-off window (FBICM's hot spot from 1,000 to 1,300 us: a uniform phase, a
 * hot-spot phase, then a uniform phase longer than the run).
 */
public final class WorkloadReader {

    /** The fields of {@code simulation} read here. */
    public static final List<String> FIELDS = List.of("traffic", "injection", "load", "packet-size");
    /** Default load in flits/terminal/cycle. */
    public static final double DEFAULT_LOAD = 0.1;
    /** Default packet size in flits. */
    public static final int DEFAULT_PACKET_SIZE = 8;

    private static final String SIM = "simulation";
    private static final List<String> PHASE_FIELDS = List.of("cycles", "load", "packets-every", "traffic");
    private static final List<String> SIZE_FIELDS = List.of("sizes", "weights");
    private static final List<String> MIX_FIELDS = List.of("terminals", "within", "pattern", "load", "message");
    private static final List<String> TRACE_FIELDS = List.of("terminals", "trace", "start");
    private static final List<String> CHOICES = List.of("lowest", "random");

    /** The injection processes by name, with the fields of their mapping form. */
    private enum Process {
        BERNOULLI("bernoulli", List.of("process")),
        BURSTY("bursty", List.of("process", "phases")),
        RAMP("ramp", List.of("process", "from", "to", "cycles")),
        COLLECTIVE("collective", List.of("process", "packets")),
        ON_OFF("on-off", List.of("process", "alpha", "beta", "on-load"));

        final String key;
        final List<String> fields;

        Process(String key, List<String> fields) {
            this.key = key;
            this.fields = fields;
        }

        static Process of(String key) {
            return Arrays.stream(values()).filter(p -> p.key.equals(key)).findFirst().orElse(null);
        }

        static String keys() {
            return Arrays.stream(values()).map(p -> p.key).collect(Collectors.joining(", "));
        }
    }

    private WorkloadReader() {
    }

    /**
     * The workload described by a spec's {@code simulation} mapping (null or missing: every
     * default) on a topology.
     *
     * @throws ConfigurationException naming the field at fault
     */
    public static Workload read(JsonNode simulation, Topology topology) {
        return read(simulation, topology, null);
    }

    /**
     * As {@link #read(JsonNode, Topology)}, with trace files ({@code trace} of a mix entry)
     * resolved against {@code base} (the spec's folder; null: the working directory).
     */
    public static Workload read(JsonNode simulation, Topology topology, Path base) {
        if (simulation == null || simulation.isMissingNode() || simulation.isNull()) {
            simulation = JsonNodeFactory.instance.objectNode();
        }
        if (!simulation.isObject()) {
            throw error(SIM, "a mapping of simulation fields", simulation);
        }
        TerminalSpace space = TerminalSpace.of(topology);
        PacketSizes sizes = packetSizes(simulation.get("packet-size"), SIM + ".packet-size");
        JsonNode loadNode = simulation.get("load");
        double load = loadNode == null ? DEFAULT_LOAD : fraction(loadNode, SIM + ".load", false);
        JsonNode trafficNode = simulation.get("traffic");
        MixExtras extras = new MixExtras(base, space.size());
        Destinations traffic = trafficNode == null ? uniform(space, SIM + ".traffic")
            : traffic(trafficNode, SIM + ".traffic", space, space.members(), true, extras);

        JsonNode in = simulation.get("injection");
        String inField = SIM + ".injection";
        Process process;
        JsonNode params = null;
        if (in == null) {
            process = Process.BERNOULLI;
        } else if (in.isTextual()) {
            process = Process.of(in.asText());
            if (process == null) {
                throw error(inField, "one of " + Process.keys() + ", or a mapping {process: NAME, ...}", in);
            }
        } else if (in.isObject()) {
            JsonNode name = in.get("process");
            if (name == null) {
                throw missing(inField + ".process", "one of " + Process.keys());
            }
            process = name.isTextual() ? Process.of(name.asText()) : null;
            if (process == null) {
                throw error(inField + ".process", "one of " + Process.keys(), name);
            }
            onlyKnown(inField, in, process.fields, "for process " + process.key);
            params = in;
        } else {
            throw error(inField, "one of " + Process.keys() + ", or a mapping {process: NAME, ...}", in);
        }

        if (loadNode != null && (process == Process.BURSTY || process == Process.COLLECTIVE)) {
            throw error(SIM + ".load", "no load for injection " + process.key + " (its "
                + (process == Process.BURSTY ? "phases set their own rates" : "packets are all created at cycle 0")
                + ")", loadNode);
        }
        Injection injection = switch (process) {
            case BERNOULLI -> new Injection.Bernoulli(load);
            case RAMP -> ramp(params, inField, load, loadNode);
            case COLLECTIVE -> new Injection.Collective(params == null || params.get("packets") == null ? 1
                : (int) positive(params.get("packets"), inField + ".packets", Integer.MAX_VALUE));
            case BURSTY -> bursty(params, inField, traffic, trafficNode, space);
            case ON_OFF -> onOff(params, inField, load);
        };
        if (process != Process.BERNOULLI) {
            refuseEntryLoads(traffic, SIM + ".traffic.mix", "injection " + process.key);
            if (injection instanceof Injection.Bursty b) {
                for (int p = 0; p < b.phases().size(); p++) {
                    for (Destinations d : b.phases().get(p).traffic()) {
                        refuseEntryLoads(d, inField + ".phases[" + p + "].traffic.mix", "a bursty phase");
                    }
                }
            }
        }
        if (extras.messageField != null || !extras.traces.isEmpty()) {
            String at = extras.messageField != null ? extras.messageField : extras.traces.get(0).field;
            if (process != Process.BERNOULLI) {
                throw new ConfigurationException(at, "injection bernoulli beside a mix entry's message or trace",
                    "injection " + process.key);
            }
            if (!extras.traces.isEmpty() && !sizes.isFixed()) {
                throw new ConfigurationException(at, "one packet size (simulation.packet-size: N) to split the trace's"
                    + " messages into packets", sizes.describe());
            }
        }
        SyntheticWorkload synthetic = new SyntheticWorkload(space.size(), traffic, injection, sizes,
            extras.message);
        if (extras.traces.isEmpty()) {
            return synthetic;
        }
        return new TraceWorkload(synthetic, extras.traces.stream().map(t -> t.entry).toList(), sizes.max());
    }

    /** A mix entry's own load is a Bernoulli rate: refused under any other process. */
    private static void refuseEntryLoads(Destinations d, String field, String where) {
        if (d instanceof Destinations.Mix m) {
            for (int i = 0; i < m.entries().size(); i++) {
                double l = m.entries().get(i).load();
                if (!Double.isNaN(l)) {
                    throw new ConfigurationException(field + "[" + i + "].load", "no load of its own in " + where
                        + " (a mix entry's load is a Bernoulli rate: injection bernoulli)", Format.number(l));
                }
            }
        }
    }

    // --- injection -------------------------------------------------------------------

    private static Injection ramp(JsonNode params, String field, double load, JsonNode loadNode) {
        if (params == null || params.get("cycles") == null) {
            throw missing(field + ".cycles", "a positive number of cycles over which the ramp rises");
        }
        long cycles = positive(params.get("cycles"), field + ".cycles", Long.MAX_VALUE);
        double from = params.get("from") == null ? 0 : fraction(params.get("from"), field + ".from", true);
        double to = load;
        if (params.get("to") != null) {
            if (loadNode != null) {
                throw error(SIM + ".load", "either " + SIM + ".load or " + field
                    + ".to (both set the ramp's top rate), not both", loadNode);
            }
            to = fraction(params.get("to"), field + ".to", false);
        }
        return new Injection.Ramp(from, to, cycles);
    }

    /** {@code {process: on-off, alpha: A, beta: B, on-load: R}}, two of the three, the load from {@code load}. */
    private static Injection onOff(JsonNode params, String field, double load) {
        if (params == null) {
            throw missing(field + ".alpha", "two of alpha, beta and on-load: {process: on-off, alpha: A, beta: B}");
        }
        double alpha = params.get("alpha") == null ? Double.NaN : fraction(params.get("alpha"), field + ".alpha", false);
        double beta = params.get("beta") == null ? Double.NaN : fraction(params.get("beta"), field + ".beta", true);
        double onLoad = params.get("on-load") == null ? Double.NaN
            : fraction(params.get("on-load"), field + ".on-load", false);
        Injection.OnOff o = new Injection.OnOff(load, alpha, beta, onLoad);
        o.check();
        return o;
    }

    private static Injection bursty(JsonNode params, String field, Destinations traffic, JsonNode trafficNode,
        TerminalSpace space) {
        String pf = field + ".phases";
        JsonNode phases = params == null ? null : params.get("phases");
        if (phases == null) {
            throw missing(pf, "a non-empty list of phases {cycles: N, load: R or packets-every: N, traffic: PATTERN}");
        }
        if (!phases.isArray() || phases.isEmpty()) {
            throw error(pf, "a non-empty list of phases {cycles: N, load: R or packets-every: N, traffic: PATTERN}",
                phases);
        }
        List<Injection.Phase> list = new ArrayList<>();
        long period = 0;
        boolean inherits = false;
        for (int i = 0; i < phases.size(); i++) {
            String f = pf + "[" + i + "]";
            JsonNode p = phases.get(i);
            if (!p.isObject()) {
                throw error(f, "a mapping {cycles: N, load: R or packets-every: N, traffic: PATTERN}", p);
            }
            onlyKnown(f, p, PHASE_FIELDS, "for a phase");
            if (p.get("cycles") == null) {
                throw missing(f + ".cycles", "a positive number of cycles");
            }
            long cycles = positive(p.get("cycles"), f + ".cycles", Long.MAX_VALUE);
            try {
                period = Math.addExact(period, cycles);
            } catch (ArithmeticException e) {
                throw error(f + ".cycles", "phases that add up to at most " + Long.MAX_VALUE + " cycles", p.get("cycles"));
            }
            JsonNode load = p.get("load");
            JsonNode every = p.get("packets-every");
            if ((load == null) == (every == null)) {
                throw error(f + (load == null ? "" : ".packets-every"),
                    "either load (flits/terminal/cycle) or packets-every (cycles per packet), exactly one",
                    load == null ? p : every);
            }
            double l = load == null ? 0 : fraction(load, f + ".load", true);
            double e = 0;
            if (every != null) {
                if (!every.isNumber() || !(every.asDouble() >= 1) || Double.isInfinite(every.asDouble())) {
                    throw error(f + ".packets-every", "a number of cycles per packet, at least 1", every);
                }
                e = every.asDouble();
            }
            List<Destinations> patterns = new ArrayList<>();
            JsonNode t = p.get("traffic");
            if (t == null) {
                inherits = true;
                patterns.add(traffic);
            } else if (t.isArray()) {
                if (t.isEmpty()) {
                    throw error(f + ".traffic", "a pattern or a non-empty list of patterns (one per burst)", t);
                }
                for (int j = 0; j < t.size(); j++) {
                    patterns.add(traffic(t.get(j), f + ".traffic[" + j + "]", space, space.members(), true, null));
                }
            } else {
                patterns.add(traffic(t, f + ".traffic", space, space.members(), true, null));
            }
            list.add(new Injection.Phase(cycles, l, e, List.copyOf(patterns)));
        }
        if (trafficNode != null && !inherits) {
            throw error(SIM + ".traffic", "no traffic here: every phase of injection bursty names its own",
                trafficNode);
        }
        return new Injection.Bursty(List.copyOf(list));
    }

    // --- traffic ---------------------------------------------------------------------

    /**
     * A pattern: a name, a mapping {pattern: NAME, ...parameters} or (when {@code mixAllowed})
     * a mapping {mix: [...]}.
     *
     * @param sources the terminals that will follow it (hot-spot counts are taken among them)
     */
    private static Destinations traffic(JsonNode node, String field, TerminalSpace space, int[] sources,
        boolean mixAllowed, MixExtras extras) {
        String mappings = "a mapping {pattern: NAME, ...parameters}" + (mixAllowed ? " or {mix: [...]}" : "");
        String shapes = "a pattern name (" + (sources == null ? PatternKind.backgroundKeys() : PatternKind.keys())
            + "), or " + mappings;
        if (node.isTextual()) {
            return pattern(node, field, null, field, List.of(), space, sources, ", or " + mappings);
        }
        if (!node.isObject()) {
            throw error(field, shapes, node);
        }
        if (node.has("mix")) {
            if (!mixAllowed) {
                throw error(field + ".mix", "no mix here: a single pattern", node.get("mix"));
            }
            onlyKnown(field, node, List.of("mix"), "with mix");
            return mix(node.get("mix"), field + ".mix", space, extras);
        }
        if (!node.has("pattern")) {
            throw error(field, shapes, node);
        }
        return pattern(node.get("pattern"), field + ".pattern", node, field, List.of(), space, sources, "");
    }

    /**
     * The pattern named by {@code name}, with parameters taken from {@code params} (may be
     * null), whose fields besides the parameters may be {@code pattern} and {@code extra}.
     * {@code sources} null means a hot-spot background (no hot-spot, no mix). {@code otherwise}
     * ends the expected part of an unknown-name error (the other shapes the field may take).
     */
    private static Destinations pattern(JsonNode name, String nameField, JsonNode params, String paramsField,
        List<String> extra, TerminalSpace space, int[] sources, String otherwise) {
        PatternKind kind = name.isTextual() ? PatternKind.of(name.asText()) : null;
        if (kind == null) {
            throw error(nameField, "one of " + (sources == null ? PatternKind.backgroundKeys() : PatternKind.keys())
                + otherwise, name);
        }
        if (kind == PatternKind.HOT_SPOT && sources == null) {
            throw error(nameField, "a background pattern: one of " + PatternKind.backgroundKeys(), name);
        }
        if (params != null) {
            List<String> known = new ArrayList<>(extra);
            if (!known.contains("pattern")) {
                known.add("pattern");
            }
            if (kind == PatternKind.HOT_SPOT) {
                known.addAll(PatternKind.HOT_SPOT_PARAMETERS);
            } else if (kind == PatternKind.UNIFORM) {
                known.addAll(PatternKind.UNIFORM_PARAMETERS);
            } else if (kind.isPermutation()) {
                known.addAll(PatternKind.PERMUTATION_PARAMETERS);
            }
            onlyKnown(paramsField, params, known, kind == PatternKind.HOT_SPOT ? "for hot-spot"
                : kind == PatternKind.UNIFORM || kind.isPermutation() ? "for " + kind.key()
                : "(" + kind.key() + " takes no parameters)");
        }
        return switch (kind) {
            case UNIFORM -> uniform(space, nameField, self(params, paramsField));
            case RANDOM_PERMUTATION -> new Destinations.RandomPermutation(space);
            case HOT_SPOT -> hotSpot(params, paramsField, space, sources);
            default -> new Destinations.Permutation(kind, space, kind.permutation(space, nameField),
                self(params, paramsField));
        };
    }

    private static Destinations uniform(TerminalSpace space, String field) {
        return uniform(space, field, false);
    }

    private static Destinations uniform(TerminalSpace space, String field, boolean self) {
        if (space.size() < (self ? 1 : 2)) {
            throw new ConfigurationException(field, "at least 2 terminals for uniform", space.describe());
        }
        return new Destinations.Uniform(space, self);
    }

    /**
     * {@code self}: for uniform, whether a source may draw itself (BookSim's uniform does); for a
     * fixed permutation, whether a fixed point sends to itself (BookSim's do) rather than
     * nothing; default false.
     */
    private static boolean self(JsonNode params, String field) {
        JsonNode n = params == null ? null : params.get("self");
        if (n == null) {
            return false;
        }
        if (!n.isBoolean()) {
            throw error(field + ".self", "true or false", n);
        }
        return n.asBoolean();
    }

    /** The hot spots' weights: a list of {@code count} positive numbers (default: all 1). */
    private static double[] weights(JsonNode w, String field, int count) {
        double[] weights = new double[count];
        if (w == null) {
            Arrays.fill(weights, 1);
            return weights;
        }
        if (!w.isArray() || w.size() != count) {
            throw error(field, "a list of " + count + " positive numbers, one per hot spot", w);
        }
        for (int i = 0; i < count; i++) {
            JsonNode e = w.get(i);
            if (!e.isNumber() || !(e.asDouble() > 0) || Double.isInfinite(e.asDouble())) {
                throw error(field + "[" + i + "]", "a positive number", e);
            }
            weights[i] = e.asDouble();
        }
        return weights;
    }

    private static Destinations hotSpot(JsonNode params, String field, TerminalSpace space, int[] sources) {
        JsonNode p = params == null ? JsonNodeFactory.instance.objectNode() : params;
        int node = space.terminal(0);
        JsonNode n = p.get("node");
        int[] nodes = null;
        if (n != null && n.isArray()) {
            // several hot spots (per: packet), each packet's drawn by weight
            if (n.isEmpty()) {
                throw error(field + ".node", "a terminal or a non-empty list of terminals", n);
            }
            nodes = new int[n.size()];
            for (int i = 0; i < nodes.length; i++) {
                JsonNode e = n.get(i);
                if (!e.isIntegralNumber() || !e.canConvertToInt() || !space.contains(e.asInt())) {
                    throw error(field + ".node[" + i + "]", "a terminal of the " + space.describe(), e);
                }
                nodes[i] = e.asInt();
                for (int j = 0; j < i; j++) {
                    if (nodes[j] == nodes[i]) {
                        throw error(field + ".node[" + i + "]", "a terminal not listed before", e);
                    }
                }
            }
            node = nodes[0];
        } else if (n != null) {
            if (!n.isIntegralNumber() || !n.canConvertToInt() || !space.contains(n.asInt())) {
                throw error(field + ".node", "a terminal of the " + space.describe(), n);
            }
            node = n.asInt();
        }
        int[] spots = nodes == null ? new int[] {node} : nodes;
        int available = 0;
        for (int s : sources) {
            if (Arrays.stream(spots).noneMatch(h -> h == s)) {
                available++;
            }
        }
        JsonNode fraction = p.get("fraction");
        JsonNode count = p.get("sources");
        JsonNode per = p.get("per");
        boolean perPacket = false;
        if (per != null) {
            if (!per.isTextual() || !List.of("source", "packet").contains(per.asText())) {
                throw error(field + ".per", "source or packet", per);
            }
            perPacket = per.asText().equals("packet");
        }
        if (available == 0 && !(perPacket && self(p, field))) {
            // (with self: true the hot spots send to the hot spots too: every source may be one)
            String listed = Arrays.stream(spots).mapToObj(Integer::toString).collect(Collectors.joining(", "));
            throw new ConfigurationException(field, "at least one source besides the hot spot" + (spots.length > 1 ? "s "
                : " ") + listed + (perPacket ? " (or self: true)" : ""), "only terminal" + (spots.length > 1 ? "s " : " ")
                + listed);
        }
        if (perPacket) {
            for (String f : List.of("sources", "choose")) {
                if (p.has(f)) {
                    throw error(field + "." + f, "no " + f + " with per: packet (every other source sends each"
                        + " packet to the hot spot with probability fraction)", p.get(f));
                }
            }
            if (fraction == null) {
                throw missing(field + ".fraction", "the probability that a packet goes to the hot spot, in (0, 1]"
                    + " (per: packet)");
            }
            return new Destinations.HotSpotPerPacket(spots, weights(p.get("weights"), field + ".weights", spots.length),
                fraction(fraction, field + ".fraction", false), self(p, field), background(p, field, space));
        }
        if (nodes != null) {
            throw error(field + ".node", "one terminal with per: source (a list of hot spots needs per: packet)", n);
        }
        if (p.has("weights")) {
            throw error(field + ".weights", "no weights with per: source (weights: of a list of hot spots, per: packet)",
                p.get("weights"));
        }
        if (p.has("self")) {
            throw error(field + ".self", "no self with per: source (self: the hot spot draws itself too, per: packet)",
                p.get("self"));
        }
        int hot = available;
        if (fraction != null && count != null) {
            throw error(field + ".sources", "either fraction or sources, not both", count);
        }
        if (fraction != null) {
            double f = fraction(fraction, field + ".fraction", false);
            hot = (int) Math.max(1, Math.min(available, Math.round(f * available)));
        } else if (count != null) {
            if (!count.isIntegralNumber() || !count.canConvertToInt() || count.asInt() < 1
                || count.asInt() > available) {
                throw error(field + ".sources", "a number of sources from 1 to " + available
                    + " (the terminals besides the hot spot)", count);
            }
            hot = count.asInt();
        }
        boolean random = false;
        JsonNode choose = p.get("choose");
        if (choose != null) {
            if (!choose.isTextual() || !CHOICES.contains(choose.asText())) {
                throw error(field + ".choose", "one of " + String.join(", ", CHOICES), choose);
            }
            random = choose.asText().equals("random");
        }
        return new Destinations.HotSpot(node, hot, random, background(p, field, space));
    }

    private static Destinations background(JsonNode p, String field, TerminalSpace space) {
        JsonNode b = p.get("background");
        if (b == null) {
            return uniform(space, field + ".background");
        } else if (b.isTextual() && b.asText().equals("none")) {
            return new Destinations.Silent();
        }
        return traffic(b, field + ".background", space, null, false, null);
    }

    private static Destinations mix(JsonNode list, String field, TerminalSpace space, MixExtras extras) {
        String entryShape = "{terminals: \"0-39\" or [0, 1, ...], pattern: NAME, within: false, ...parameters}";
        if (!list.isArray() || list.isEmpty()) {
            throw error(field, "a non-empty list of entries " + entryShape, list);
        }
        int[] owner = new int[space.size()];
        Arrays.fill(owner, -1);
        List<Destinations.MixEntry> entries = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String f = field + "[" + i + "]";
            JsonNode e = list.get(i);
            if (!e.isObject()) {
                throw error(f, "a mapping " + entryShape, e);
            }
            JsonNode terminalsNode = e.get("terminals");
            if (terminalsNode == null) {
                throw missing(f + ".terminals", "terminals as \"0-39,44\" or [0, 1, ...]");
            }
            int[] terminals = terminalSet(terminalsNode, f + ".terminals", space.size());
            for (int t : terminals) {
                if (owner[t] >= 0) {
                    throw new ConfigurationException(f + ".terminals", "a set disjoint from the other mix entries",
                        "terminal " + t + ", also in " + field + "[" + owner[t] + "]");
                }
                owner[t] = i;
            }
            boolean within = false;
            JsonNode w = e.get("within");
            if (w != null) {
                if (!w.isBoolean()) {
                    throw error(f + ".within", "true or false", w);
                }
                within = w.asBoolean();
            }
            if (e.has("trace")) {
                onlyKnown(f, e, TRACE_FIELDS, "for a trace entry");
                if (extras == null) {
                    throw error(f + ".trace", "no trace here: a trace entry belongs to simulation.traffic's mix",
                        e.get("trace"));
                }
                extras.trace(e, f, i, terminals);
                entries.add(new Destinations.MixEntry(terminals, true, new Destinations.Silent()));
                continue;
            }
            JsonNode name = e.get("pattern");
            if (name == null) {
                throw missing(f + ".pattern", "one of " + PatternKind.keys() + ", or a trace file (trace: FILE)");
            }
            if (!name.isTextual()) {
                throw error(f + ".pattern", "a pattern name (its parameters go in the entry itself)", name);
            }
            TerminalSpace entrySpace = within ? space.subset(terminals) : space;
            Destinations d = pattern(name, f + ".pattern", e, f, MIX_FIELDS, entrySpace, terminals, "");
            JsonNode l = e.get("load");
            double load = l == null ? Double.NaN : fraction(l, f + ".load", false);
            JsonNode m = e.get("message");
            if (m != null) {
                if (extras == null) {
                    throw error(f + ".message", "no message here: an entry of simulation.traffic's mix", m);
                }
                extras.message(terminals, (int) positive(m, f + ".message", 1 << 20), f + ".message");
            }
            entries.add(new Destinations.MixEntry(terminals, within, d, load));
        }
        return new Destinations.Mix(List.copyOf(entries));
    }

    /** {@code "0-39,44"} or {@code [0, 1, 2]}: distinct terminals below {@code count}, sorted. */
    static int[] terminalSet(JsonNode node, String field, int count) {
        String expected = "terminals from 0 to " + (count - 1) + " as a string of ranges \"0-39,44\" or a list [0, 1, ...],"
            + " each once";
        List<Integer> list = new ArrayList<>();
        if (node.isTextual()) {
            for (String part : node.asText().split(",", -1)) {
                String s = part.trim();
                if (!s.matches("\\d{1,9}(\\s*-\\s*\\d{1,9})?")) {
                    throw error(field, expected, node);
                }
                String[] ends = s.split("\\s*-\\s*");
                int lo = Integer.parseInt(ends[0]);
                int hi = ends.length == 1 ? lo : Integer.parseInt(ends[1]);
                if (lo > hi || hi >= count) {
                    throw error(field, expected, node);
                }
                for (int t = lo; t <= hi; t++) {
                    list.add(t);
                }
            }
        } else if (node.isArray()) {
            for (JsonNode t : node) {
                if (!t.isIntegralNumber() || !t.canConvertToInt() || t.asInt() < 0 || t.asInt() >= count) {
                    throw error(field, expected, node);
                }
                list.add(t.asInt());
            }
        } else {
            throw error(field, expected, node);
        }
        int[] set = list.stream().mapToInt(Integer::intValue).sorted().toArray();
        if (set.length == 0) {
            throw error(field, expected, node);
        }
        for (int i = 1; i < set.length; i++) {
            if (set[i] == set[i - 1]) {
                throw new ConfigurationException(field, expected, "terminal " + set[i] + " twice");
            }
        }
        return set;
    }

    /**
     * What the mix entries of {@code simulation.traffic} add beside their patterns: trace
     * entries (read here, replayed by {@link TraceWorkload}) and entries' packets per message.
     */
    private static final class MixExtras {

        /** A trace entry and the field it came from. */
        record Found(TraceWorkload.Entry entry, String field) {
        }

        private final Path base;
        private final int terminals;
        final List<Found> traces = new ArrayList<>();
        /** Per terminal the packets per message of its entry (null: no entry sets it). */
        int[] message;
        /** The first entry's message field, for errors. */
        String messageField;

        MixExtras(Path base, int terminals) {
            this.base = base;
            this.terminals = terminals;
        }

        void trace(JsonNode e, String f, int index, int[] terminals) {
            JsonNode file = e.get("trace");
            if (!file.isTextual() || file.asText().isBlank()) {
                throw error(f + ".trace", "a trace file name (CSV " + TraceFile.HEADER + ")", file);
            }
            long start = 0;
            JsonNode s = e.get("start");
            if (s != null) {
                if (!s.isIntegralNumber() || !s.canConvertToLong() || s.asLong() < 0) {
                    throw error(f + ".start", "a cycle of 0 or more (the trace's cycle 0)", s);
                }
                start = s.asLong();
            }
            Path path = base == null ? Path.of(file.asText()) : base.resolve(file.asText());
            List<TraceFile.Message> messages = TraceFile.read(path, f + ".trace", terminals.length);
            traces.add(new Found(new TraceWorkload.Entry(index, terminals, file.asText(), start, messages), f + ".trace"));
        }

        void message(int[] terminals, int packets, String field) {
            if (message == null) {
                message = new int[this.terminals];
                messageField = field;
            }
            for (int t : terminals) {
                message[t] = packets;
            }
        }
    }

    // --- packet sizes ----------------------------------------------------------------

    private static PacketSizes packetSizes(JsonNode node, String field) {
        String expected = "a size in flits, or a mapping {sizes: [4, 16], weights: [0.5, 0.5]}";
        if (node == null) {
            return PacketSizes.fixed(DEFAULT_PACKET_SIZE);
        }
        if (node.isNumber()) {
            return PacketSizes.fixed((int) positive(node, field, Integer.MAX_VALUE));
        }
        if (!node.isObject()) {
            throw error(field, expected, node);
        }
        onlyKnown(field, node, SIZE_FIELDS, "for variable packet sizes");
        JsonNode sizes = node.get("sizes");
        if (sizes == null) {
            throw missing(field + ".sizes", "a non-empty list of sizes in flits");
        }
        if (!sizes.isArray() || sizes.isEmpty()) {
            throw error(field + ".sizes", "a non-empty list of sizes in flits", sizes);
        }
        int[] s = new int[sizes.size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = (int) positive(sizes.get(i), field + ".sizes[" + i + "]", Integer.MAX_VALUE);
        }
        double[] w = new double[s.length];
        JsonNode weights = node.get("weights");
        if (weights == null) {
            Arrays.fill(w, 1);
        } else {
            if (!weights.isArray() || weights.size() != s.length) {
                throw error(field + ".weights", "a list of " + s.length + " weights, one per size", weights);
            }
            for (int i = 0; i < w.length; i++) {
                JsonNode x = weights.get(i);
                if (!x.isNumber() || !(x.asDouble() > 0) || Double.isInfinite(x.asDouble())) {
                    throw error(field + ".weights[" + i + "]", "a positive weight", x);
                }
                w[i] = x.asDouble();
            }
        }
        return PacketSizes.weighted(s, w);
    }

    // --- fields ----------------------------------------------------------------------

    /** A number in (0, 1], or in [0, 1] when {@code zero} is allowed. */
    private static double fraction(JsonNode v, String field, boolean zero) {
        double x = v.asDouble();
        if (!v.isNumber() || !(x <= 1) || (zero ? !(x >= 0) : !(x > 0))) {
            throw error(field, zero ? "a number from 0 to 1" : "a number in (0, 1] (above 0, at most 1)", v);
        }
        return x;
    }

    /** A positive whole number at most {@code max} (a whole floating-point value such as 2.75e6 counts). */
    private static long positive(JsonNode v, String field, long max) {
        String expected = "a positive integer" + (max < Long.MAX_VALUE ? " at most " + max : "");
        if (v == null || !v.isNumber()) {
            throw error(field, expected, v);
        }
        if (v.isIntegralNumber()) {
            if (!v.canConvertToLong() || v.asLong() < 1 || v.asLong() > max) {
                throw error(field, expected, v);
            }
            return v.asLong();
        }
        double d = v.asDouble();
        if (!(d >= 1) || d != Math.rint(d) || d > max) {
            throw error(field, expected, v);
        }
        return (long) d;
    }

    private static void onlyKnown(String field, JsonNode node, List<String> known, String context) {
        Iterator<String> it = node.fieldNames();
        while (it.hasNext()) {
            String k = it.next();
            if (!known.contains(k)) {
                throw new ConfigurationException(field + "." + k, "one of the fields " + String.join(", ", known)
                    + " " + context, "an unknown field");
            }
        }
    }

    private static ConfigurationException error(String field, String expected, JsonNode found) {
        return new ConfigurationException(field, expected, describe(found));
    }

    private static ConfigurationException missing(String field, String expected) {
        return new ConfigurationException(field, expected, "nothing (the field is missing)");
    }

    /** A found value for a message: strings quoted, mappings by their keys, long values cut. */
    static String describe(JsonNode v) {
        return flowproof.plugin.PluginParams.describe(v);
    }
}
