package flowproof.spec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every field a spec may hold, with its type, default, an example and its meaning: the one
 * list the spec readers take their "unknown field" checks from ({@link SpecReader},
 * {@link SimulationReader}, {@link GraphFiles}), and the source of the spec reference
 * (docs/reference/spec.md, written by {@link #markdown()}). A reader asks for the fields of
 * a section through {@link #under} or {@link #of}; {@link #of} refuses a name without an
 * entry when the reader's class is loaded, so no field is accepted without being documented.
 *
 * <p>A path is {@code section.name}; a section of a list's elements ends in {@code []}
 * ({@code rule[]}, {@code vc-classes.hops[]}); the fields of the plugin form (a user's class
 * in place of a topology, routing, rule, VC-class function or scheme) are in section
 * {@code plugin}.
 */
public final class SpecFields {

    /**
     * One field.
     *
     * @param path         section and name, e.g. {@code topology.radix}
     * @param type         what the value may be
     * @param defaultValue the value when the field is absent, or {@code required}
     * @param example      a YAML fragment using the field
     * @param meaning      one line
     */
    public record Field(String path, String type, String defaultValue, String example, String meaning) {

        /** The section: the path before its last dot, empty at the top level. */
        public String section() {
            int dot = path.lastIndexOf('.');
            return dot < 0 ? "" : path.substring(0, dot);
        }

        /** The field's own name. */
        public String name() {
            return path.substring(path.lastIndexOf('.') + 1);
        }
    }

    private static final String REQ = "required";

    private static final List<Field> ALL = withDeclared(List.of(
        // the top level
        f("name", "letters, digits, `.`, `_`, `-` (at most 200)", REQ, "name: ring4-c1-vct",
            "names the spec and its counterexample files (`NAME.PROPERTY.json`)"),
        f("description", "text", "empty", "description: four nodes, one-packet queues", "free text, shown nowhere else"),
        f("topology", "mapping (kind and its fields) or the plugin form", REQ, "topology: {kind: ring, radix: 4}",
            "the network"),
        f("routing", "a routing name, or a mapping with kind", "the topology's first routing (dor, destination-tag,"
            + " turnaround, nca, minimal, shortest-path)", "routing: dor", "the routing function"),
        f("escape", "when-blocked, any, or a mapping {choose, leave}", "when-blocked", "escape: any",
            "minimal-adaptive only: when a packet may take an escape VC"),
        f("vcs", "positive integer", "1", "vcs: 2", "virtual channels per physical channel"),
        f("capacity", "positive integer", "required (without a simulation section; with one: buffer / largest packet)",
            "capacity: 2", "packets per VC queue (flits under flow: wormhole)"),
        f("rule", "a rule kind, a mapping with kind, a list of parts, or the plugin form", REQ,
            "rule: {kind: critical-bubble, bubbles: 1}",
            "the flow-control rule: " + String.join(", ", Builtins.RULES.keys())),
        f("traffic", "a pattern name, or {pairs: [...]}", "all-pairs", "traffic: tornado",
            "the (source, destination) pairs the explorer injects: all-pairs, neighbor, tornado, transpose,"
                + " bit-complement, bit-reverse, shuffle"),
        f("properties", "non-empty list", "stuck-freedom, drainability and the rule's invariants",
            "properties: [stuck-freedom, drainability]",
            "what to check: stuck-freedom, drainability, injectability, bubble-invariant, critical-bubble-invariant"),
        f("arbitration", "any, round-robin or fixed-priority", "any",
            "arbitration: round-robin", "who takes a free slot among the packets competing for it, for 'live' "
                + "(starvation and livelock; docs/verdicts.md): any (every interleaving), round-robin (a pointer per "
                + "queue), fixed-priority (lowest VC, then channel, injections last: a round-robin that always starts "
                + "at VC 0)"),
        f("expect", "deadlock-free, proved or counterexample", "none", "expect: counterexample",
            "the verdict `verify` compares with (proved: the CDG or CP-SAT must prove it)"),
        f("limits", "mapping {states, seconds}", "{states: 100000000, seconds: 600}", "limits: {states: 200000}",
            "the explorer's budget; reaching it gives incomplete, never a pass"),
        f("simulation", "mapping", "none", "simulation: {buffer: 16, packet-size: 8, load: 0.3}",
            "the cycle-accurate simulator's settings (section `simulation` below)"),
        f("semantics", "interleaving or synchronous", "interleaving", "semantics: synchronous",
            "one move per step, or clock cycles (every router acts in one step)"),
        f("injection-queue", "integer, 0 or more", "0", "injection-queue: 1",
            "packets waiting at each node to enter the network"),
        f("flow", "vct or wormhole", "vct", "flow: wormhole",
            "whole packets per slot, or flits of packet-flits flits per packet"),
        f("vc-classes", "mapping {classes, start, hops, datelines} or the plugin form", "none",
            "vc-classes: {classes: 2, hops: [{channel: dateline, add: 1}]}",
            "the VC class of a packet, as a function of its route (docs/vc-classes.md)"),
        f("packet-flits", "positive integer", "required under flow: wormhole", "packet-flits: 2",
            "flits per packet (flow: wormhole only)"),
        f("messages", "mapping {classes, vcs, generates, endpoint-queue}", "none",
            "messages: {classes: [request, reply], vcs: {request: [0], reply: [1]}}",
            "message classes: consumed requests generate replies (docs/messages.md)"),
        // topology
        f("topology.kind", String.join(", ", Builtins.topologyKinds()), REQ,
            "topology: {kind: torus, radix: [3, 3]}", "the family of network"),
        f("topology.radix", "integer, or a list of integers of at least 2 (ring, torus, mesh: one per dimension,"
            + " at most 16384 nodes)", REQ, "topology: {kind: torus, radix: [4, 4]}",
            "nodes per dimension; for butterfly, fly, bmin, fat-tree, flattened-butterfly: switch radix"),
        f("topology.bidirectional", "true or false", "false (a mesh is always bidirectional)",
            "topology: {kind: ring, radix: 5, bidirectional: true}", "ring and torus: channels both ways"),
        f("topology.stages", "positive integer (fly, fat-tree: at least 2)", REQ + " for butterfly, fly, bmin and"
            + " fat-tree", "topology: {kind: butterfly, radix: 2, stages: 3}", "stages of switches; a butterfly makes"
                + " each terminal a node with a channel each way, a fly (BookSim's) attaches k terminals to each"
                + " first-stage switch and delivers them from the last stage's; a fat-tree (a k-ary n-tree, BookSim's"
                + " fattree) has n levels of k^(n-1) switches and k terminals on each bottom switch"),
        f("topology.dimensions", "positive integer", "1", "topology: {kind: flattened-butterfly, radix: 4, dimensions: 2}",
            "flattened butterfly: dimensions"),
        f("topology.channel-length", "list of positive integers: one per dimension (flattened butterfly), [local,"
            + " global] (dragonfly)", "none (every channel 1 cycle)",
            "topology: {kind: flattened-butterfly, radix: 4, dimensions: 2, channel-length: [2, 2]}",
            "flattened butterfly: a channel of dimension i spanning d coordinates takes channel-length[i] x d cycles"
                + " (BookSim's on-chip layout); dragonfly: a local channel takes channel-length[0] cycles, a global one"
                + " channel-length[1] (BookSim's dragonflynew: [10, 100]; docs/booksim.md)"),
        f("topology.concentration", "positive integer", "1",
            "topology: {kind: dragonfly, routers-per-group: 2, global-channels: 1, concentration: 2}",
            "torus, mesh, ring, flattened butterfly, dragonfly: terminals per router (terminal t at router t / c; a"
                + " concentrated mesh: {kind: mesh, radix: [4, 4], concentration: 4})"),
        f("topology.routers-per-group", "positive integer", REQ + " for dragonfly",
            "topology: {kind: dragonfly, routers-per-group: 2, global-channels: 1}", "dragonfly: a"),
        f("topology.global-channels", "positive integer", REQ + " for dragonfly",
            "topology: {kind: dragonfly, routers-per-group: 2, global-channels: 1}", "dragonfly: h, global channels per router"),
        f("topology.global-wiring", "flowproof or booksim", "flowproof",
            "topology: {kind: dragonfly, routers-per-group: 4, global-channels: 2, global-wiring: booksim}",
            "dragonfly: global link l of group G leads to group (G + l + 1) mod g (flowproof), or to group l if l < G"
                + " and l + 1 otherwise (booksim: BookSim's dragonflynew)"),
        f("topology.file", "path, relative to the spec", "one of file and the inline form is required for graph and anynet",
            "topology: {kind: graph, file: networks/ring4-bidir.yaml}", "graph or anynet: the network's file"),
        f("topology.graph", "mapping {routers, links, channels, terminals, concentration}", "none",
            "topology: {kind: graph, graph: {routers: [a, b], links: [[a, b]]}}",
            "graph: the graph inline (counterexample files embed it so)"),
        f("topology.anynet", "text of a BookSim anynet file", "none",
            "topology: {kind: anynet, anynet: \"router 0 node 0 router 1\\nrouter 1 node 1 router 0\"}",
            "anynet: the file's text inline"),
        f("topology.dir", "path, relative to the spec", "one of dir and opensm is required for opensm",
            "topology: {kind: opensm, dir: dumps}", "opensm: OpenSM's dump directory (opensm -D 0x43 --dump_files_dir; "
                + "docs/fabric.md): every switch and CA a router, the CAs the terminals; routing: opensm is its forwarding "
                + "tables"),
        f("topology.opensm", "mapping {graph, routes}", "none",
            "topology: {kind: opensm, opensm: {graph: {routers: [...], links: [...], terminals: [...]}, routes: [...]}}",
            "opensm: the fabric inline, as counterexample files embed it (the graph and its forwarding tables as routes)"),
        f("topology.graph.routers", "list of names", REQ, "routers: [a, b, c, d]",
            "a graph's routers (also the form of a graph file)"),
        f("topology.graph.links", "list of [a, b] or [a, b, latency]", "none", "links: [[a, b], [b, c, 2]]",
            "bidirectional links: a channel each way"),
        f("topology.graph.channels", "list of [from, to] or [from, to, latency]", "none", "channels: [[c, d]]",
            "directed channels"),
        f("topology.graph.terminals", "list of router names", "every router", "terminals: [a, c]",
            "routers with terminals"),
        f("topology.graph.concentration", "positive integer", "1", "concentration: 1", "terminals per such router"),
        f("topology.graph.positions", "mapping router -> [x, y]", "none: a force-directed layout (JGraphT's Fruchterman-Reingold, seeded)",
            "positions: {a: [0, 0], b: [1, 0], c: [1, 1], d: [0, 1]}",
            "where the HTML trace page and the CDG picture draw each router: grid units, x to the right, y upwards; every router when given"),
        // routing
        f("routing.kind", "a routing name", REQ, "routing: {kind: ugal, intermediate: router}",
            String.join(", ", Builtins.ROUTINGS.keys())),
        f("routing.forbid", "list of turns", REQ + " for kind turns",
            "routing: {kind: turns, forbid: [[east, south], [west, south]]}", "turns: the forbidden turns"),
        f("routing.file", "path, relative to the spec", "none", "routing: {kind: table, file: networks/ring4-bidir-routes.yaml}",
            "table: a route table file"),
        f("routing.routes", "list of routes", "none", "routing: {kind: table, routes: [{at: a, to: c, next: [b]}]}",
            "table: the routes inline"),
        f("routing.minimal", "true or false", "true",
            "routing: {kind: west-first, minimal: false, misroute: 2}", "turn models (west-first, north-last,"
                + " negative-first, odd-even, turns): false lets a packet take hops away from its destination"),
        f("routing.misroute", "even number of hops", REQ + " with minimal: false",
            "routing: {kind: turns, forbid: [[north, west], [west, north]], minimal: false, misroute: 2}",
            "turn models, non-minimal: the hops beyond the minimum a route may take (a hop away and the one back)"),
        f("routing.intermediate", "group or router", "group", "routing: {kind: ugal, intermediate: router}",
            "ugal: Valiant through a group or a router"),
        f("routing.loops", "true or false", "false (a table's routes must not loop without a hop limit)",
            "routing: {kind: table, file: routes.yaml, loops: true}",
            "table: routes may loop without a hop limit, so a packet may move forever without arriving (a livelock: "
                + "flowproof live decides it); every route must still be able to reach its destination"),
        f("routing.hop-limit", "positive integer", "none (minimal routes only)",
            "routing: {kind: table, file: routes.yaml, hop-limit: 4}", "table: non-minimal routes up to this many hops"),
        f("routing.intermediates", "non-empty list of routers, or minimal-box", "every router",
            "routing: {kind: valiant, intermediates: [\"(1,1)\"]}", "valiant: the intermediates; minimal-box (a mesh):"
                + " the routers of the smallest box that holds the packet's source and destination, so every route is"
                + " minimal (ROMM, BookSim's romm_mesh)"),
        f("routing.up", "random or adaptive", "random", "routing: {kind: nca, up: adaptive}",
            "nca (fat tree): how a packet goes up. random: to a nearest common ancestor drawn at the source (BookSim's"
                + " nca: a random up port at each switch); adaptive: every up port a candidate at each switch (the"
                + " explorer tries each, the simulator takes the free VC with the most credits; BookSim's anca compares"
                + " two random up ports)"),
        f("routing.draw", "per-route or per-router", "per-route", "routing: {kind: valiant, draw: per-router}",
            "valiant: how the simulator draws a packet's intermediate (the explorer tries each). per-route: every distinct"
                + " route equally likely (the source or destination as intermediate is the minimal route); per-router:"
                + " every intermediate router equally likely, through the source in the second phase from the start,"
                + " through the destination in the first phase all the way, and with every router as intermediate a"
                + " packet to its own router goes out through another (BookSim's valiant_mesh, romm_mesh)"),
        f("routing.tie", "plus, parity or random", "plus", "routing: {kind: dor, tie: parity}",
            "dor: the direction at distance k/2 on a bidirectional ring"),
        f("routing.choice", "queues or random", "queues", "routing: {kind: xy-yx, choice: random}",
            "xy-yx: how a source picks a packet's order (the explorer tries each). queues: the simulator takes the"
                + " order whose first hop is less occupied (XY on a tie), a pair in one row or column XY; random: each"
                + " packet draws XY or YX with equal odds, a pair"
                + " in one row or column too (BookSim's xy_yx; the order names the route for vc-classes start)"),
        f("routing.forbid[].from", "east, west, north, south", REQ, "forbid: [{from: west, to: south}]",
            "the direction a packet arrived travelling"),
        f("routing.forbid[].to", "east, west, north, south", REQ, "forbid: [{from: west, to: south}]",
            "the direction it would leave travelling"),
        f("routing.forbid[].columns", "even or odd", "every column", "forbid: [{from: east, to: north, columns: even}]",
            "only at routers of that column parity"),
        f("routing.routes[].at", "router name", REQ, "routes: [{at: a, to: c, next: [b]}]", "the router"),
        f("routing.routes[].to", "router name", REQ, "routes: [{at: a, to: c, next: [b]}]", "the destination"),
        f("routing.routes[].next", "list of router names, [] or none", REQ, "routes: [{at: b, to: d, next: [c, a]}]",
            "the next routers (several: adaptive); [] or none: no route here, a packet that gets here violates"
                + " routability"),
        f("routing.routes[].from", "router name", "any", "routes: [{at: b, to: d, from: a, next: [c]}]",
            "only for packets that arrived from this router (takes precedence)"),
        f("routing.routes[].default", "true or false", "false", "routes: [{at: b, to: d, next: [c], default: true}]",
            "an entry without from: also for packets that arrived from a router without an entry of its own here"
                + " (without it, once some entry at this router and destination names a from, the entry without from"
                + " covers the packets injected here only)"),
        f("routing.routes[].class", "VC class", "any", "routes: [{at: b, to: d, class: 1, next: [a]}]",
            "only for packets in this VC class (with vc-classes)"),
        // escape
        f("escape.choose", "when-blocked or any", "when-blocked", "escape: {choose: any}",
            "when-blocked: escape VCs only when every adaptive candidate is refused"),
        f("escape.leave", "true or false", "true", "escape: {choose: when-blocked, leave: false}",
            "whether a packet on an escape VC may take an adaptive VC again"),
        // rule
        f("rule.kind", String.join(", ", Builtins.RULES.keys()), REQ,
            "rule: {kind: dateline}", "the rule (`rule: vct` is short for `rule: {kind: vct}`)"),
        f("rule.bubbles", "positive integer, at most capacity", "1", "rule: {kind: critical-bubble, bubbles: 2}",
            "critical-bubble: critical marks per ring"),
        f("rule.datelines", "positive integer", "1", "rule: {kind: dateline, datelines: 2}",
            "dateline: datelines per ring (needs datelines + 1 VCs)"),
        f("rule.drift", "true or false", "false", "rule: {kind: critical-bubble, drift: true}",
            "critical-bubble: marks drift upstream by themselves (the fix of the literal scheme)"),
        f("rule.global", "atomic or snapshot", "atomic", "rule: {kind: theoretical-bubble, global: snapshot}",
            "theoretical-bubble, synchronous: read ring counts as they change or from the cycle's snapshot"),
        f("rule[].kind", "vct, theoretical-bubble or localized-bubble", REQ,
            "rule: [{kind: vct, channels: [\"3-d0+->0\"]}, {kind: theoretical-bubble}]", "a part's rule"),
        f("rule[].vcs", "list of VCs", "every VC", "rule: [{kind: vct, vcs: [1]}, {kind: theoretical-bubble}]",
            "the VCs the part governs"),
        f("rule[].channels", "list of channel names", "every channel",
            "rule: [{kind: vct, channels: [\"3-d0+->0\"]}, {kind: theoretical-bubble}]", "the channels the part governs"),
        // traffic, limits
        f("traffic.pairs", "non-empty list of [source, destination] endpoint names", REQ,
            "traffic: {pairs: [[\"(0,2)\", \"(2,1)\"]]}", "explicit flows, by node name"),
        f("limits.states", "positive integer", "100000000", "limits: {states: 200000}", "states the explorer may store"),
        f("limits.seconds", "positive number", "600", "limits: {seconds: 60}", "seconds of breadth-first search"),
        // vc-classes
        f("vc-classes.classes", "positive integer dividing vcs", REQ, "vc-classes: {classes: 2}",
            "class c owns VCs c*m .. c*m+m-1, m = vcs / classes"),
        f("vc-classes.start", "a class, or a mapping from route names to classes", "0",
            "vc-classes: {classes: 3, start: {valiant: 0, minimal: 1}}", "the class before the first hop"),
        f("vc-classes.hops", "list of steps", "none", "vc-classes: {classes: 2, hops: [{channel: dateline, add: 1}]}",
            "steps applied in order on every hop"),
        f("vc-classes.datelines", "positive integer", "1", "vc-classes: {classes: 2, datelines: 1}",
            "datelines per ring for the channel set `dateline`"),
        f("vc-classes.hops[].route", "route name", "any", "hops: [{route: minimal, class: 0, set: 1}]",
            "condition: the packet's route (xy, yx, minimal, valiant, ...)"),
        f("vc-classes.hops[].class", "class", "any", "hops: [{route: minimal, class: 0, set: 1}]",
            "condition: the packet's class before the hop"),
        f("vc-classes.hops[].first-hop", "true or false", "any", "hops: [{first-hop: true, set: 0}]",
            "condition: the first hop"),
        f("vc-classes.hops[].new-ring", "true or false", "any", "hops: [{new-ring: true, set: 0}]",
            "condition: the hop enters a ring"),
        f("vc-classes.hops[].ring-hop", "positive integer", "any", "hops: [{ring-hop: 2, add: 1}]",
            "condition: the n-th hop in the current ring"),
        f("vc-classes.hops[].crosses-ahead", "true or false", "any", "hops: [{crosses-ahead: false, set: 1}]",
            "condition: a dateline lies ahead on the route in this ring"),
        f("vc-classes.hops[].channel", "global, local, wrap, dateline, a channel name or a list of them", "any",
            "hops: [{channel: global, add: 1}]", "condition: the hop's channel"),
        f("vc-classes.hops[].leaves-destination", "true or false", "any",
            "hops: [{leaves-destination: true, set: any}]", "condition: the hop leaves the packet's destination router"
                + " (Valiant: passing it on the way to the intermediate)"),
        f("vc-classes.hops[].set", "class, or any", "one of set and add is required", "hops: [{route: minimal, set: 1}]",
            "the class after the hop; any: every VC of the hop's channel (until a later hop sets a class; add to any"
                + " is beyond the last class)"),
        f("vc-classes.hops[].add", "non-zero integer", "one of set and add is required",
            "hops: [{channel: global, add: 1}]", "classes added on the hop"),
        // messages
        f("messages.classes", "list of at least 2 names", REQ, "messages: {classes: [request, reply]}",
            "message classes, in chain order"),
        f("messages.vcs", "mapping from every class to a list of VCs", REQ, "messages: {vcs: {request: [0], reply: [1]}}",
            "the VCs of each class (classes sharing VCs share a virtual network)"),
        f("messages.generates", "mapping from a class to the class it generates", "each class the next in the list",
            "messages: {generates: {request: reply}}", "what a consumed message generates"),
        f("messages.endpoint-queue", "positive integer", "1", "messages: {endpoint-queue: 2}",
            "packets per class in each node's input and output queues"),
        // the plugin form
        f("plugin.class", "a Java class name", "one of class and plugin is required",
            "rule: {class: com.example.MyRule, params: {k: 2}}",
            "a class implementing the interface (FlowControlRule, RoutingFunction, Topology, VcClassFunction, Scheme)"),
        f("plugin.plugin", "a registered plugin name", "one of class and plugin is required",
            "rule: {plugin: my-rule, params: {k: 2}}", "a factory registered in META-INF/services (docs/plugins.md)"),
        f("plugin.params", "mapping", "empty", "topology: {class: com.example.MyNet, params: {n: 8}}",
            "the plugin's parameters"),
        // simulation
        f("simulation.switching", "vct or wormhole", "vct", "simulation: {switching: wormhole}",
            "virtual cut-through or wormhole switching"),
        f("simulation.arbiter", "round-robin or oldest-first", "round-robin", "simulation: {arbiter: oldest-first}",
            "switch and VC arbitration"),
        f("simulation.buffer", "positive integer (at least the largest packet under vct)", "capacity x largest packet",
            "simulation: {buffer: 64}", "flits per VC"),
        f("simulation.packet-size", "positive integer, or {sizes: [...], weights: [...]}", "8",
            "simulation: {packet-size: {sizes: [4, 16], weights: [0.5, 0.5]}}", "flits per packet"),
        f("simulation.pipeline", "positive integer", "4", "simulation: {pipeline: 1}", "router pipeline depth, cycles"),
        f("simulation.link-latency", "positive integer", "1", "simulation: {link-latency: 2}", "cycles per channel"),
        f("simulation.credit-latency", "positive integer", "link-latency", "simulation: {credit-latency: 1}",
            "cycles for a credit to return"),
        f("simulation.injection-channels", "positive integer", "1", "simulation: {injection-channels: 2}",
            "channels from a terminal into its router"),
        f("simulation.source-queue", "positive integer", "unbounded", "simulation: {source-queue: 1}",
            "the most packets a source holds waiting to inject; a packet generated at a full queue is refused, not"
                + " created (the Tune paper's sources that \"try\" to generate), counted in sourceRefused"),
        f("simulation.ejection-channels", "positive integer", "1", "simulation: {ejection-channels: 2}",
            "channels from a router to its terminal"),
        f("simulation.traffic", "a pattern, {pattern: ...}, {mix: [...]} or {script: [[cycle, src, dst, size], ...]}",
            "uniform", "simulation: {traffic: transpose}", "destinations of generated packets; a mix entry may replay a"
                + " message trace instead ({terminals: ..., trace: FILE.csv, start: CYCLE}, docs/simulator.md)"),
        f("simulation.injection", "bernoulli, or {process: bursty|ramp|collective|on-off, ...}", "bernoulli",
            "simulation: {injection: {process: ramp, from: 0.0, to: 0.3, cycles: 10000}}", "when packets are generated"),
        f("simulation.load", "number", "see `flowproof simulate --load`", "simulation: {load: 0.3}",
            "offered load, flits per node per cycle"),
        f("simulation.cycles", "positive integer", "10000", "simulation: {cycles: 20000}", "cycles of generation"),
        f("simulation.warmup", "integer", "min(cycles / 5, 2000)", "simulation: {warmup: 1000}",
            "cycles before measurement"),
        f("simulation.seed", "integer", "1", "simulation: {seed: 7}", "the random seed (same seed, same run)"),
        f("simulation.deadlock-cycles", "positive integer", "2000", "simulation: {deadlock-cycles: 200}",
            "no flit moved for this long with flits in the network: deadlock"),
        f("simulation.drain", "positive integer", "100000", "simulation: {drain: 50000}",
            "cycles allowed to empty the network after generation stops"),
        f("simulation.window", "positive integer", "100", "simulation: {window: 500}", "cycles per time-series sample"),
        f("simulation.space-time", "mapping {row, routers, from, cycles}", "row 0 from the warmup, 500 cycles",
            "simulation: {space-time: {row: 0, from: 2000, cycles: 500}}", "the space-time picture's routers and window"),
        f("simulation.control", "a scheme key, a mapping with kind and parameters, or the plugin form", "none",
            "simulation: {control: {kind: tune}}", "congestion control (docs/guide/simulating.md)"),
        f("simulation.consume-delay", "integer, 0 or more", "0", "simulation: {consume-delay: 2}",
            "messages only: cycles a terminal serves each message before consuming it"),
        f("simulation.injection-arbiter", "round-robin, requests-first or answers-first", "round-robin",
            "simulation: {injection-arbiter: requests-first}", "messages only: answer or new request first"),
        f("simulation.vc-release", "drained or tail", "drained under wormhole, tail under vct",
            "simulation: {vc-release: tail}", "when a VC is free for the next packet"),
        f("simulation.route-timing", "arrival or front", "arrival", "simulation: {route-timing: front}",
            "when a packet's route is computed"),
        f("simulation.injection-latency", "integer, 0 or more", "0", "simulation: {injection-latency: 1}",
            "extra cycles on the injection channel"),
        f("simulation.ejection-latency", "integer, 0 or more", "0", "simulation: {ejection-latency: 1}",
            "extra cycles on the ejection channel"),
        f("simulation.allocation", "per-vc, per-port or transit-first", "per-vc", "simulation: {allocation: per-port}",
            "how VC allocation arbitrates"),
        f("simulation.vc-allocator", "separable-input-first or islip", "separable-input-first",
            "simulation: {vc-allocator: islip}", "the VC allocator (islip: BookSim's default)"),
        f("simulation.switch-allocator", "separable-input-first or islip", "separable-input-first",
            "simulation: {switch-allocator: islip}", "the switch allocator (islip: BookSim's default)"),
        f("simulation.allocator-iterations", "integer, 1 to 16", "1", "simulation: {allocator-iterations: 2}",
            "iSLIP's iterations (BookSim's alloc_iters); only with an islip allocator"),
        f("simulation.input-speedup", "integer, 1 to the VCs per channel", "1", "simulation: {input-speedup: 2}",
            "switch inputs per input port, VC v on input v mod s (BookSim's input_speedup)"),
        f("simulation.ejection-vc", "any or class", "any", "simulation: {ejection-vc: class}",
            "class: a packet ejects only on the ejection VCs of its VC class (vc-classes; ejection-vcs equal to vcs),"
                + " as BookSim's min routing on its dragonfly"),
        f("simulation.switch-hold", "none or packet", "none", "simulation: {switch-hold: packet}",
            "packet: a VC granted the switch for a flit before its packet's tail keeps its input and output for the"
                + " next flit, without allocation, while it has a flit and a credit (BookSim's hold_switch_for_packet)"),
        f("simulation.ejection-release", "tail or credit", "tail", "simulation: {ejection-release: credit}",
            "when an ejection VC is free again: the tail has left, or (wormhole, vc-release: drained) the terminal's"
                + " credit for it is back (BookSim's wait_for_tail_credit = 1)"),
        f("simulation.adaptive-selection", "most-credits or two-random-ports", "most-credits",
            "simulation: {adaptive-selection: two-random-ports}", "how a head chooses among the candidates of an"
                + " adaptive routing: the free VC with the most credits, or (two-random-ports) two of its output ports"
                + " drawn once per hop, the one whose downstream buffers hold fewer flits, then its VCs only (BookSim's"
                + " anca on a fat tree); not with escape VCs"),
        f("simulation.ejection-vcs", "integer, 1 to 256", "1", "simulation: {ejection-vcs: 2}",
            "VCs of an ejection channel (packets that may hold it at once)"),
        f("simulation.stages", "mapping {routing, vc-allocation, switch-allocation, traversal}",
            "none: flowproof's pipeline timing", "simulation: {stages: {routing: 1, vc-allocation: 1,"
            + " switch-allocation: 1, traversal: 1}}", "BookSim's router stages (their sum is the pipeline)"),
        f("simulation.stages.routing", "integer, 0 or more", "required", "stages: {routing: 1, ...}",
            "cycles of route computation (0: lookahead)"),
        f("simulation.stages.vc-allocation", "integer, 1 or more", "required", "stages: {vc-allocation: 1, ...}",
            "cycles of VC allocation"),
        f("simulation.stages.switch-allocation", "integer, 1 or more", "required",
            "stages: {switch-allocation: 1, ...}", "cycles of switch allocation"),
        f("simulation.stages.traversal", "integer, 1 or more", "required", "stages: {traversal: 1, ...}",
            "cycles of switch traversal before the link"),
        f("simulation.space-time.row", "integer", "0", "space-time: {row: 1}", "the row of routers drawn"),
        f("simulation.space-time.routers", "list of router numbers", "the row", "space-time: {routers: [0, 1]}",
            "the routers drawn, instead of a row"),
        f("simulation.space-time.from", "integer", "the warmup", "space-time: {from: 2000}", "the first cycle drawn"),
        f("simulation.space-time.cycles", "positive integer", "500", "space-time: {cycles: 500}", "cycles drawn")));

    private static final Map<String, Field> BY_PATH = new LinkedHashMap<>();
    /** The paths a reader has asked for, so that a test can find entries no reader uses. */
    private static final Set<String> USED = ConcurrentHashMap.newKeySet();

    static {
        for (Field field : ALL) {
            if (BY_PATH.put(field.path(), field) != null) {
                throw new IllegalStateException("two entries for spec field " + field.path());
            }
        }
        // the built-ins' fields are read by their factories, kind by the spec reader
        USED.addAll(Builtins.declared().keySet());
        USED.add("topology.kind");
        // a forbidden turn's fields, read by the turns routing's factory (flowproof.routing.RoutingParams)
        for (Field field : ALL) {
            if (field.section().equals("routing.forbid[]")) {
                USED.add(field.path());
            }
        }
    }

    private SpecFields() {
    }

    /**
     * The table's own entries, and after them an entry for each field a built-in factory
     * declares with its documentation; a declared field documented nowhere is refused when this
     * class loads. Every declared field is read by its factory.
     */
    private static List<Field> withDeclared(List<Field> own) {
        List<Field> all = new ArrayList<>(own);
        Set<String> paths = new java.util.HashSet<>();
        own.forEach(f -> paths.add(f.path()));
        for (Map.Entry<String, flowproof.plugin.Param> e : Builtins.declared().entrySet()) {
            flowproof.plugin.Param p = e.getValue();
            if (!paths.contains(e.getKey())) {
                if (!p.documented()) {
                    throw new IllegalStateException("spec field " + e.getKey() + " is declared by a built-in without"
                        + " documentation and has no entry in SpecFields");
                }
                all.add(new Field(e.getKey(), p.type(), p.defaultValue(), p.example(), p.meaning()));
                paths.add(e.getKey());
            }
        }
        return List.copyOf(all);
    }

    private static Field f(String path, String type, String dflt, String example, String meaning) {
        return new Field(path, type, dflt, example, meaning);
    }

    /** Every field, in the reference's order. */
    public static List<Field> all() {
        return ALL;
    }

    /** The names of every field of {@code section}, in order: a reader's list of known fields. */
    public static List<String> under(String section) {
        List<String> names = new ArrayList<>();
        for (Field field : ALL) {
            if (field.section().equals(section)) {
                names.add(field.name());
                USED.add(field.path());
            }
        }
        if (names.isEmpty()) {
            throw new IllegalStateException("no spec fields registered under " + section);
        }
        return List.copyOf(names);
    }

    /**
     * {@code names}, each checked to have an entry in {@code section}: the known fields of a
     * reader that accepts only some of a section's fields (a topology kind's). Throws
     * IllegalStateException for a name without an entry.
     */
    public static List<String> of(String section, String... names) {
        return of(section, List.of(names));
    }

    /** As {@link #of(String, String...)}. */
    public static List<String> of(String section, List<String> names) {
        for (String n : names) {
            String path = section.isEmpty() ? n : section + "." + n;
            if (!BY_PATH.containsKey(path)) {
                throw new IllegalStateException("spec field " + path + " is read but has no entry in SpecFields");
            }
            USED.add(path);
        }
        return List.copyOf(names);
    }

    /** The entries no reader has asked for since this class was loaded (for the test). */
    static List<String> unused() {
        List<String> out = new ArrayList<>();
        for (String p : BY_PATH.keySet()) {
            if (!USED.contains(p)) {
                out.add(p);
            }
        }
        return out;
    }

    private static final List<String[]> SECTIONS = List.of(
        new String[] {"", "The top level"},
        new String[] {"topology", "topology"},
        new String[] {"topology.graph", "topology.graph (and graph files)"},
        new String[] {"routing", "routing"},
        new String[] {"routing.forbid[]", "routing.forbid[] (kind turns)"},
        new String[] {"routing.routes[]", "routing.routes[] (kind table, and route table files)"},
        new String[] {"escape", "escape"},
        new String[] {"rule", "rule"},
        new String[] {"rule[]", "rule[] (a list of parts)"},
        new String[] {"traffic", "traffic"},
        new String[] {"limits", "limits"},
        new String[] {"vc-classes", "vc-classes"},
        new String[] {"vc-classes.hops[]", "vc-classes.hops[]"},
        new String[] {"messages", "messages"},
        new String[] {"plugin", "The plugin form"},
        new String[] {"simulation", "simulation"},
        new String[] {"simulation.stages", "simulation.stages"},
        new String[] {"simulation.space-time", "simulation.space-time"});

    /** docs/reference/spec.md: every field by section, with type, default, example and meaning. */
    public static String markdown() {
        StringBuilder b = new StringBuilder();
        b.append("# Spec reference\n\n");
        b.append("Generated from the spec readers' own field list (`flowproof.spec.SpecFields`); do not edit by\n");
        b.append("hand. `mvn -B -o -q test -Dtest=SpecReferenceTest -Dflowproof.writeReference=true` rewrites it.\n");
        b.append("A spec is a YAML mapping of the fields below; any other field is refused in one line (file,\n");
        b.append("field, expected, found; exit 2), and so are wrong types and impossible combinations. The\n");
        b.append("fields of the plugin form (a user's class in place of a built-in) are under\n");
        b.append("[The plugin form](#the-plugin-form); a tutorial is [docs/guide/first-spec.md](../guide/first-spec.md).\n");
        int listed = 0;
        for (String[] s : SECTIONS) {
            b.append("\n## ").append(s[1]).append("\n\n");
            b.append("| field | type | default | example | meaning |\n|---|---|---|---|---|\n");
            for (Field field : ALL) {
                if (field.section().equals(s[0])) {
                    b.append("| `").append(field.name()).append("` | ").append(cell(field.type())).append(" | ")
                        .append(cell(field.defaultValue())).append(" | `").append(cell(field.example()))
                        .append("` | ").append(cell(field.meaning())).append(" |\n");
                    listed++;
                }
            }
        }
        if (listed != ALL.size()) {
            throw new IllegalStateException("a spec field's section has no heading in the reference");
        }
        return b.toString();
    }

    private static String cell(String s) {
        return s.replace("\n", " ").replace("|", "\\|");
    }
}
