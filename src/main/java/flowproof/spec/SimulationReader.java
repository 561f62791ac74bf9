package flowproof.spec;

import com.fasterxml.jackson.databind.JsonNode;
import flowproof.ConfigurationException;
import flowproof.rule.FlowControlRule;
import flowproof.sim.SimConfig;
import flowproof.sim.SimConfig.Arbiter;
import flowproof.sim.SimConfig.SpaceTime;
import flowproof.sim.SimConfig.Switching;
import flowproof.sim.control.Scheme;
import flowproof.throttle.SchemeContext;
import flowproof.throttle.Schemes;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import flowproof.topology.Grid;
import flowproof.traffic.ScriptedWorkload;
import flowproof.traffic.Workload;
import flowproof.traffic.WorkloadReader;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Reads the {@code simulation} mapping of a spec into a {@link SimConfig}. The topology,
 * routing, VCs and rule come from the rest of the spec (the same objects the explorer
 * checks); the network's capacity becomes the simulator's rule slots.
 *
 * <pre>
 * simulation:
 *   switching: vct            # or wormhole
 *   arbiter: round-robin      # or oldest-first
 *   buffer: 64                # flits per VC
 *   packet-size: 8            # flits, or {sizes: [4, 16], weights: [0.5, 0.5]}
 *   pipeline: 4               # router pipeline depth, cycles
 *   link-latency: 1
 *   credit-latency: 1         # default: link-latency
 *   injection-channels: 1
 *   ejection-channels: 1
 *   traffic: uniform          # a pattern, {pattern: ..., ...}, {mix: [...]} or {script: [[cycle, src, dst, size], ...]}
 *   injection: bernoulli      # or {process: bursty|ramp|collective, ...}
 *   load: 0.3                 # flits/node/cycle
 *   cycles: 10000
 *   warmup: 2000
 *   seed: 1
 *   deadlock-cycles: 2000     # no flit moved for this long with flits in the network: deadlock
 *   drain: 100000             # cycles allowed to empty the network after generation stops
 *   window: 100               # cycles per time-series sample
 *   space-time: {row: 0, from: 2000, cycles: 500}   # or {routers: [...], ...}
 *   control: {kind: tune, ...}   # congestion control: a scheme key or a mapping with kind and parameters
 *   consume-delay: 0          # messages only: cycles a terminal serves each message before consuming it
 *   injection-arbiter: round-robin   # messages only: or requests-first, answers-first
 *   vc-release: drained       # wormhole: or tail (VCT: tail only)
 *   route-timing: arrival     # or front
 *   injection-latency: 0      # extra cycles on the injection channel
 *   ejection-latency: 0       # extra cycles on the ejection channel
 *   allocation: per-vc        # or per-port, transit-first
 *   stages: {routing: 1, vc-allocation: 1, switch-allocation: 1, traversal: 1}   # BookSim's timing (sum: pipeline)
 *   ejection-vcs: 1           # packets that may hold an ejection channel at once
 * </pre>
 */
public final class SimulationReader {

    /** The known fields, from {@link SpecFields} (the spec reference's source). */
    static final List<String> FIELDS = SpecFields.under("simulation");
    private static final List<String> SPACE_TIME_FIELDS = SpecFields.under("simulation.space-time");
    private static final List<String> STAGE_FIELDS = SpecFields.under("simulation.stages");
    /** The workload reader's fields are simulation fields too: each must have its entry. */
    private static final List<String> WORKLOAD_FIELDS = SpecFields.of("simulation", WorkloadReader.FIELDS);

    private SimulationReader() {
    }

    /**
     * Rule slots per VC for the spec reader when the spec gives no capacity: buffer flits
     * over the largest packet under VCT, 1 under wormhole. Lenient (errors are reported
     * by {@link #read}); at least 1.
     */
    public static int slots(JsonNode sim) {
        if ("wormhole".equals(sim.path("switching").asText("vct"))) {
            return 1;
        }
        int buffer = sim.path("buffer").asInt(0);
        int size = maxSize(sim.get("packet-size"));
        return Math.max(1, size > 0 ? buffer / size : 1);
    }

    private static int maxSize(JsonNode ps) {
        if (ps == null) {
            return 8;
        }
        if (ps.isNumber()) {
            // the workload reader takes whole floating-point sizes too (8.0, 1.6e1)
            return (int) Math.min(Integer.MAX_VALUE, ps.asDouble());
        }
        int max = 0;
        for (JsonNode n : ps.path("sizes")) {
            max = Math.max(max, n.asInt());
        }
        return max;
    }

    /** The context a scheme of this configuration is read against (for {@code compare --schemes}). */
    public static SchemeContext schemeContext(SimConfig cfg) {
        return new SchemeContext(cfg.network(), cfg.rule(), cfg.bufferFlits(), cfg.workload().maxPacketSize(),
            cfg.switching() == Switching.VCT);
    }

    /** The simulation of a spec; throws a one-line {@link SpecException} for every bad field. */
    public static SimConfig read(Spec spec) throws SpecException {
        return read(spec, "");
    }

    /**
     * As {@link #read(Spec)}, with {@code prefix} before the field names in errors (e.g.
     * {@code "spec."} for the spec embedded in a counterexample file).
     */
    public static SimConfig read(Spec spec, String prefix) throws SpecException {
        String file = spec.source();
        JsonNode sim = spec.simulation();
        if (sim == null) {
            throw new SpecException(file, "simulation", "a simulation mapping (buffer, packet-size, traffic, load, ...)",
                "none");
        }
        try {
            return build(spec, sim);
        } catch (ConfigurationException e) {
            String field = e.field();
            if (!field.startsWith("simulation") && !field.startsWith("rule") && !field.startsWith("vcs")
                && !field.startsWith("topology") && !field.startsWith("capacity")) {
                field = "simulation." + field;
            }
            throw new SpecException(file, prefix + field, e.expected(), e.found());
        }
    }

    private static SimConfig build(Spec spec, JsonNode sim) {
        for (Iterator<String> it = sim.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!FIELDS.contains(k)) {
                throw new ConfigurationException("simulation." + k, "one of " + String.join(", ", FIELDS), k);
            }
        }
        Topology topo = spec.topology();
        if (spec.routing() instanceof flowproof.routing.MessageRouting && sim.has("control")) {
            throw new ConfigurationException("simulation.control", "no congestion control with messages (the"
                + " schemes have their own VC classes and injection; message classes are simulated without them)",
                sim.get("control").toString());
        }
        Switching switching = Switching.VCT;
        if (sim.has("switching")) {
            switching = Switching.of(sim.get("switching").asText(""));
            if (switching == null || !sim.get("switching").isTextual()) {
                throw new ConfigurationException("simulation.switching", "vct or wormhole", sim.get("switching").toString());
            }
        }
        Arbiter arbiter = Arbiter.ROUND_ROBIN;
        if (sim.has("arbiter")) {
            arbiter = Arbiter.of(sim.get("arbiter").asText(""));
            if (arbiter == null || !sim.get("arbiter").isTextual()) {
                throw new ConfigurationException("simulation.arbiter", "round-robin or oldest-first",
                    sim.get("arbiter").toString());
            }
        }
        Workload workload = workload(sim, topo, specFolder(spec.source()));
        if (sim.has("source-queue")) {
            JsonNode sq = sim.get("source-queue");
            if (!sq.isInt() || sq.asInt() < 1 || sq.asInt() > 1 << 16) {
                throw new ConfigurationException("simulation.source-queue", "the most packets a source holds waiting to"
                    + " inject, 1 to 65536 (absent: unbounded)", sq.toString());
            }
            workload = new flowproof.traffic.BoundedSources(workload, sq.asInt());
        }
        int size = workload.maxPacketSize();
        int buffer = intField(sim, "buffer", spec.capacityGiven() ? spec.network().capacity() * size : -1);
        if (buffer < 1) {
            throw new ConfigurationException("simulation.buffer", "a buffer size in flits per VC (at least 1)",
                sim.has("buffer") ? sim.get("buffer").toString() : "none");
        }
        if (switching == Switching.VCT && buffer < size) {
            throw new ConfigurationException("simulation.buffer",
                "at least the largest packet (" + size + " flits) under virtual cut-through", buffer + " flits");
        }
        int slots = switching == Switching.VCT ? buffer / size : 1;
        Network net = new Network(topo, spec.network().vcs(), slots, spec.network().ringVcs());
        FlowControlRule rule = spec.ruleFor().apply(net);
        int link = intField(sim, "link-latency", 1);
        long cycles = longField(sim, "cycles", 10_000);
        long warmup = longField(sim, "warmup", Math.min(cycles / 5, 2_000));
        SpaceTime st = spaceTime(sim.get("space-time"), topo);
        Scheme control = Schemes.read("simulation.control", sim.get("control"),
            new SchemeContext(net, rule, buffer, size, switching == Switching.VCT));
        SimConfig.Router router = router(sim, switching);
        if (router.allocators().twoRandomPorts() && spec.routing().hasEscape()) {
            throw new ConfigurationException("simulation.adaptive-selection", "most-credits with escape VCs (the drawn"
                + " port could leave a head without its escape VC)", sim.get("adaptive-selection").toString());
        }
        int pipeline = intField(sim, "pipeline", router.stages() != null ? router.stages().total() : 4);
        return new SimConfig(net, spec.routing(), rule, workload, switching, arbiter, buffer, pipeline,
            link, intField(sim, "credit-latency", link), intField(sim, "injection-channels", 1),
            intField(sim, "ejection-channels", 1), cycles, warmup, longField(sim, "seed", 1),
            intField(sim, "deadlock-cycles", 2_000), longField(sim, "drain", 100_000), spec.escapeAny(), false,
            intField(sim, "window", 100), st, control, consumeDelay(sim, spec), injectionArbiter(sim, spec),
            router);
    }

    /** The router options ({@link SimConfig.Router}); each absent field keeps flowproof's default. */
    private static SimConfig.Router router(JsonNode sim, Switching switching) {
        SimConfig.VcRelease release = null;
        JsonNode n = sim.get("vc-release");
        if (n != null) {
            release = n.isTextual() ? SimConfig.VcRelease.of(n.asText()) : null;
            if (release == null) {
                throw new ConfigurationException("simulation.vc-release", switching == Switching.VCT
                    ? "tail (virtual cut-through)" : "drained or tail", n.toString());
            }
        }
        SimConfig.RouteTiming timing = SimConfig.RouteTiming.ARRIVAL;
        n = sim.get("route-timing");
        if (n != null) {
            timing = n.isTextual() ? SimConfig.RouteTiming.of(n.asText()) : null;
            if (timing == null) {
                throw new ConfigurationException("simulation.route-timing", "arrival or front", n.toString());
            }
        }
        SimConfig.Allocation allocation = SimConfig.Allocation.PER_VC;
        n = sim.get("allocation");
        if (n != null) {
            allocation = n.isTextual() ? SimConfig.Allocation.of(n.asText()) : null;
            if (allocation == null) {
                throw new ConfigurationException("simulation.allocation", "per-vc, per-port or transit-first", n.toString());
            }
        }
        return new SimConfig.Router(release, timing, intField(sim, "injection-latency", 0),
            intField(sim, "ejection-latency", 0), allocation, stages(sim.get("stages")), intField(sim, "ejection-vcs", 1),
            allocators(sim), ejectionCredit(sim));
    }

    /** {@code ejection-release}: {@code tail} (default) or {@code credit}. */
    private static boolean ejectionCredit(JsonNode sim) {
        JsonNode n = sim.get("ejection-release");
        if (n == null) {
            return false;
        }
        if (!n.isTextual() || !List.of("tail", "credit").contains(n.asText())) {
            throw new ConfigurationException("simulation.ejection-release", "tail or credit", n.toString());
        }
        return n.asText().equals("credit");
    }

    /**
     * {@code vc-allocator}, {@code switch-allocator}, {@code allocator-iterations}, {@code input-speedup},
     * {@code switch-hold}, {@code ejection-vc} and {@code adaptive-selection}.
     */
    private static SimConfig.Allocators allocators(JsonNode sim) {
        SimConfig.AllocatorKind vc = allocatorKind(sim, "vc-allocator");
        SimConfig.AllocatorKind sw = allocatorKind(sim, "switch-allocator");
        JsonNode n = sim.get("allocator-iterations");
        int iterations = 1;
        if (n != null) {
            if (!n.isIntegralNumber() || n.asLong() < 1 || n.asLong() > 16) {
                throw new ConfigurationException("simulation.allocator-iterations", "an integer from 1 to 16",
                    n.toString());
            }
            iterations = n.asInt();
            if (iterations > 1 && vc != SimConfig.AllocatorKind.ISLIP && sw != SimConfig.AllocatorKind.ISLIP) {
                throw new ConfigurationException("simulation.allocator-iterations", "1 unless vc-allocator or"
                    + " switch-allocator is islip (the separable allocators make one pass)", n.toString());
            }
        }
        JsonNode su = sim.get("input-speedup");
        int speedup = 1;
        if (su != null) {
            if (!su.isIntegralNumber() || su.asLong() < 1 || su.asLong() > 256) {
                throw new ConfigurationException("simulation.input-speedup", "an integer from 1 to the VCs per channel",
                    su.toString());
            }
            speedup = su.asInt();
        }
        JsonNode hold = sim.get("switch-hold");
        if (hold != null && !(hold.isTextual() && (hold.asText().equals("none") || hold.asText().equals("packet")))) {
            throw new ConfigurationException("simulation.switch-hold", "none or packet (a packet holds the switch from"
                + " its first grant to its tail, BookSim's hold_switch_for_packet)", hold.toString());
        }
        JsonNode ej = sim.get("ejection-vc");
        if (ej != null && !(ej.isTextual() && (ej.asText().equals("any") || ej.asText().equals("class")))) {
            throw new ConfigurationException("simulation.ejection-vc", "any or class (class: a packet ejects only on the"
                + " ejection VCs of its VC class, as BookSim's min routing on a dragonfly)", ej.toString());
        }
        JsonNode sel = sim.get("adaptive-selection");
        if (sel != null && !(sel.isTextual() && (sel.asText().equals("most-credits")
            || sel.asText().equals("two-random-ports")))) {
            throw new ConfigurationException("simulation.adaptive-selection", "most-credits or two-random-ports"
                + " (two output ports drawn once per hop, the less occupied taken, as BookSim's anca)", sel.toString());
        }
        return new SimConfig.Allocators(vc, sw, iterations, speedup, hold != null && hold.asText().equals("packet"),
            ej != null && ej.asText().equals("class"), sel != null && sel.asText().equals("two-random-ports"));
    }

    private static SimConfig.AllocatorKind allocatorKind(JsonNode sim, String field) {
        JsonNode n = sim.get(field);
        if (n == null) {
            return SimConfig.AllocatorKind.SEPARABLE_INPUT_FIRST;
        }
        SimConfig.AllocatorKind k = n.isTextual() ? SimConfig.AllocatorKind.of(n.asText()) : null;
        if (k == null) {
            throw new ConfigurationException("simulation." + field, "separable-input-first or islip", n.toString());
        }
        return k;
    }

    /** {@code stages}: BookSim's four router stages, every one given, or null (flowproof's pipeline timing). */
    private static SimConfig.Stages stages(JsonNode n) {
        if (n == null) {
            return null;
        }
        String expected = "a mapping {routing: R, vc-allocation: V, switch-allocation: S, traversal: T} of cycles";
        if (!n.isObject()) {
            throw new ConfigurationException("simulation.stages", expected, n.toString());
        }
        for (java.util.Iterator<String> it = n.fieldNames(); it.hasNext();) {
            String k = it.next();
            if (!STAGE_FIELDS.contains(k)) {
                throw new ConfigurationException("simulation.stages." + k, "one of " + String.join(", ", STAGE_FIELDS),
                    k);
            }
        }
        int[] v = new int[STAGE_FIELDS.size()];
        for (int i = 0; i < v.length; i++) {
            String k = STAGE_FIELDS.get(i);
            JsonNode x = n.get(k);
            if (x == null) {
                throw new ConfigurationException("simulation.stages." + k, "cycles (" + expected + ")", "none");
            }
            if (!x.isInt() || x.asInt() < (i == 0 ? 0 : 1) || x.asInt() > 1000) {
                throw new ConfigurationException("simulation.stages." + k, (i == 0 ? "0" : "1") + " to 1000 cycles",
                    x.toString());
            }
            v[i] = x.asInt();
        }
        return new SimConfig.Stages(v[0], v[1], v[2], v[3]);
    }

    /** {@code consume-delay}: only a spec with message classes has terminals that consume. */
    private static int consumeDelay(JsonNode sim, Spec spec) {
        if (!sim.has("consume-delay")) {
            return 0;
        }
        if (spec.model().messages() == null) {
            throw new ConfigurationException("simulation.consume-delay",
                "no consume-delay without messages: (only message classes are consumed at their destination)",
                sim.get("consume-delay").toString());
        }
        return intField(sim, "consume-delay", 0);
    }

    /** {@code injection-arbiter}: only a spec with message classes has answers to arbitrate. */
    private static SimConfig.InjectionArbiter injectionArbiter(JsonNode sim, Spec spec) {
        JsonNode n = sim.get("injection-arbiter");
        if (n == null) {
            return SimConfig.InjectionArbiter.ROUND_ROBIN;
        }
        if (spec.model().messages() == null) {
            throw new ConfigurationException("simulation.injection-arbiter",
                "no injection-arbiter without messages: (it chooses between answers and new messages)", n.toString());
        }
        SimConfig.InjectionArbiter a = n.isTextual() ? SimConfig.InjectionArbiter.of(n.asText()) : null;
        if (a == null) {
            throw new ConfigurationException("simulation.injection-arbiter",
                "round-robin, requests-first or answers-first", n.toString());
        }
        return a;
    }

    /** The folder of the spec file, against which trace files are resolved (null: none, or not a file). */
    private static java.nio.file.Path specFolder(String source) {
        if (source == null || source.isBlank()) {
            return null;
        }
        try {
            java.nio.file.Path p = java.nio.file.Path.of(source);
            return java.nio.file.Files.isRegularFile(p) ? p.getParent() : null;
        } catch (java.nio.file.InvalidPathException e) {
            return null;
        }
    }

    private static Workload workload(JsonNode sim, Topology topo, java.nio.file.Path base) {
        JsonNode traffic = sim.get("traffic");
        int terminals = topo.endpoints().length * topo.concentration();
        if (traffic != null && traffic.isObject() && traffic.has("script")) {
            JsonNode list = traffic.get("script");
            if (traffic.size() != 1) {
                throw new ConfigurationException("simulation.traffic", "only script in a scripted traffic mapping",
                    traffic.toString());
            }
            for (String other : WORKLOAD_FIELDS) {
                if (!other.equals("traffic") && sim.has(other)) {
                    throw new ConfigurationException("simulation." + other, "no " + other
                        + " with scripted traffic (the script gives every packet's cycle and size)",
                        sim.get(other).toString());
                }
            }
            if (!list.isArray()) {
                throw new ConfigurationException("simulation.traffic.script",
                    "a list of [cycle, source, destination, size] packets", list.toString());
            }
            List<ScriptedWorkload.Packet> packets = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                JsonNode p = list.get(i);
                if (!p.isArray() || p.size() != 4 || !p.get(0).isIntegralNumber() || !p.get(1).isInt()
                    || !p.get(2).isInt() || !p.get(3).isInt()) {
                    throw new ConfigurationException("simulation.traffic.script[" + i + "]",
                        "[cycle, source terminal, destination terminal, size in flits]", p.toString());
                }
                packets.add(new ScriptedWorkload.Packet(p.get(0).asLong(), p.get(1).asInt(), p.get(2).asInt(),
                    p.get(3).asInt()));
            }
            try {
                return new ScriptedWorkload(terminals, packets);
            } catch (ConfigurationException e) {
                throw new ConfigurationException("simulation." + e.field().replace("traffic.packets", "traffic.script"),
                    e.expected(), e.found());
            }
        }
        return WorkloadReader.read(sim, topo, base);
    }

    private static SpaceTime spaceTime(JsonNode n, Topology topo) {
        if (n == null) {
            return null;
        }
        String f = "simulation.space-time";
        if (!n.isObject()) {
            throw new ConfigurationException(f, "a mapping with row (or routers), from and cycles", n.toString());
        }
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!SPACE_TIME_FIELDS.contains(k)) {
                throw new ConfigurationException(f + "." + k, "one of row, routers, from, cycles", k);
            }
        }
        int[] routers;
        if (n.has("routers")) {
            JsonNode list = n.get("routers");
            if (!list.isArray() || list.isEmpty()) {
                throw new ConfigurationException(f + ".routers", "a list of router numbers", list.toString());
            }
            routers = new int[list.size()];
            for (int i = 0; i < routers.length; i++) {
                routers[i] = list.get(i).asInt(-1);
                if (!list.get(i).isInt() || routers[i] < 0 || routers[i] >= topo.nodes()) {
                    throw new ConfigurationException(f + ".routers[" + i + "]", "a router 0.." + (topo.nodes() - 1),
                        list.get(i).toString());
                }
            }
        } else {
            if (!(topo instanceof Grid) || ((Grid) topo).dimensions() < 2) {
                throw new ConfigurationException(f + ".row", "routers: [...] (row needs a 2-D torus or mesh)",
                    topo.describe());
            }
            Grid t = (Grid) topo;
            int row = n.path("row").asInt(0);
            if (row < 0 || row >= t.radix(1)) {
                throw new ConfigurationException(f + ".row", "0.." + (t.radix(1) - 1), Integer.toString(row));
            }
            routers = new int[t.radix(0)];
            int[] c = new int[t.dimensions()];
            c[1] = row;
            for (int x = 0; x < routers.length; x++) {
                c[0] = x;
                routers[x] = t.node(c);
            }
        }
        long from = n.path("from").asLong(0);
        int cycles = n.path("cycles").asInt(500);
        if (from < 0 || cycles < 1 || cycles > 100_000) {
            throw new ConfigurationException(f, "from >= 0 and 1..100000 cycles", "from " + from + ", cycles " + cycles);
        }
        return new SpaceTime(routers, from, cycles);
    }

    /** Row 0 of a 2-D torus or mesh (else every router), 500 cycles from the end of warm-up. */
    public static SpaceTime defaultSpaceTime(Topology topo, long warmup) {
        if (topo instanceof Grid && ((Grid) topo).dimensions() >= 2) {
            return spaceTime(new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode()
                .put("row", 0).put("from", warmup).put("cycles", 500), topo);
        }
        int[] all = new int[topo.nodes()];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        return new SpaceTime(all, warmup, 500);
    }

    private static int intField(JsonNode sim, String name, int dflt) {
        JsonNode n = sim.get(name);
        if (n == null) {
            return dflt;
        }
        if (!n.isInt() || n.asInt() < 0) {
            throw new ConfigurationException("simulation." + name, "a non-negative whole number", n.toString());
        }
        return n.asInt();
    }

    private static long longField(JsonNode sim, String name, long dflt) {
        JsonNode n = sim.get(name);
        if (n == null) {
            return dflt;
        }
        if (!n.isIntegralNumber() || n.asLong() < 0) {
            throw new ConfigurationException("simulation." + name, "a non-negative whole number", n.toString());
        }
        return n.asLong();
    }
}
