package flowproof.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.cdg.ChannelDependencyGraph;
import flowproof.explore.ExplorationResult;
import flowproof.explore.Property;
import flowproof.explore.PropertyStatus;
import flowproof.explore.Trace;
import flowproof.explore.Verdict;
import flowproof.routing.RoutingFunction;
import flowproof.solve.Witness;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The JSON of engine results ({@code --json}): an exploration, a spec proved by its channel
 * dependency graph, the graph itself and a deadlock configuration. Each object is a record
 * bound by Jackson, its fields in the order of the record's components, nulls written.
 */
public final class ResultJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ResultJson() {
    }

    /** The object of one exploration. */
    record Exploration(String spec, String name, String verdict, String method, boolean complete, String limit,
                       long states, long transitions, Integer depth, String product, double seconds, long stuckStates,
                       Long undrainableStates, Map<String, String> properties, String counterexample,
                       Map<String, TraceFile> traces, String expected, Boolean matches, long stateBits, int stateWords,
                       double bytesPerState, long orbits, int symmetryGroup, String symmetry, int threads,
                       long storedBytes) {
    }

    /**
     * One trace of an exploration: its length, the pairs that never inject (injectability only)
     * and where it was saved.
     */
    record TraceFile(int length, @JsonInclude(JsonInclude.Include.NON_NULL) List<List<String>> neverInject,
                     String file) {
    }

    /** The object of a spec proved by its channel dependency graph: nothing enumerated. */
    record Proved(String spec, String name, String verdict, String method, boolean complete, String limit, Long states,
                  Long transitions, Map<String, String> properties, String counterexample, Map<String, TraceFile> traces,
                  String expected, Boolean matches) {
    }

    /** A channel dependency graph: full or duato, its size, whether it is acyclic, how long it took. */
    record Cdg(String graph, int vertices, int edges, boolean acyclic, double seconds) {
    }

    /** A deadlock configuration. */
    record Configuration(int packets, boolean minimal, List<ConfigurationQueue> queues,
                         @JsonInclude(JsonInclude.Include.NON_NULL) List<ConfigurationWorm> worms) {
    }

    /** One queue of a deadlock configuration: its packets, its critical mark, the queues its head waits on. */
    /** A wormhole packet of a configuration: its VCs tail end first, its flits in each, its source, flits still to inject. */
    record ConfigurationWorm(List<String> queues, List<Integer> flits, String source, int left) {
    }

    record ConfigurationQueue(String queue, List<String> packets, int critical, List<String> waitsOn) {
    }

    /**
     * @param specPath        the spec's file
     * @param name            the spec's name
     * @param r               the explorer's result
     * @param expected        the spec's expected verdict, or null
     * @param counterexamples path of the saved file per violated property (may be empty when not saved)
     * @return the object
     */
    public static ObjectNode of(String specPath, String name, ExplorationResult r, Verdict expected,
                                Map<Property, String> counterexamples) {
        Map<String, String> props = new LinkedHashMap<>();
        r.properties().forEach((p, s) -> props.put(p.key(), s.key()));
        Property primary = r.primaryTrace() == null ? null : r.primaryTrace().property();
        Map<String, TraceFile> traces = new LinkedHashMap<>();
        r.traces().forEach((p, t) -> traces.put(p.key(), new TraceFile(t.length(),
            p == Property.INJECTABILITY ? pairs(r.model().network().topology(), t.starved()) : null,
            counterexamples.get(p))));
        return tree(new Exploration(specPath, name, r.verdict().key(),
            r.product() == null ? "exhaustive" : "product", // product: InjectionQueueProduct
            r.complete(), r.limit(), r.states(), r.transitions(), r.depth() < 0 ? null : r.depth(), r.product(),
            Math.round(r.seconds() * 1000) / 1000.0, r.stuckStates(),
            r.undrainableStates() < 0 ? null : r.undrainableStates(), props,
            primary == null ? null : counterexamples.get(primary), traces, expected == null ? null : expected.key(),
            expected == null || r.verdict() == Verdict.INCOMPLETE ? null : r.verdict().satisfies(expected),
            r.stateBits(), r.stateWords(), Math.round(r.bytesPerState() * 10) / 10.0, r.orbits(), r.symmetryOrder(),
            r.symmetry(), r.threads(), r.storedBytes()));
    }

    private static List<List<String>> pairs(Topology top, List<Trace.Pair> pairs) {
        List<List<String>> out = new ArrayList<>();
        pairs.forEach(pr -> out.add(List.of(top.nodeName(pr.source()), top.nodeName(pr.destination()))));
        return out;
    }

    /**
     * The object for a spec proved deadlock-free by its channel dependency graph (nothing enumerated).
     *
     * @param specPath the spec's file
     * @param name     the spec's name
     * @param checked  the properties the spec asks for
     * @param expected the spec's expected verdict, or null
     * @return the object
     */
    public static ObjectNode proved(String specPath, String name, Set<Property> checked, Verdict expected) {
        Map<String, String> props = new LinkedHashMap<>();
        for (Property p : Property.values()) {
            props.put(p.key(), checked.contains(p) ? PropertyStatus.HOLDS.key() : PropertyStatus.NOT_CHECKED.key());
        }
        return tree(new Proved(specPath, name, Verdict.PROVED.key(), "cdg", true, null, null, null, props, null,
            Map.of(), expected == null ? null : expected.key(),
            expected == null ? null : Verdict.PROVED.satisfies(expected)));
    }

    /**
     * Adds {@code cdg} (graph full or duato, vertices, edges, acyclic, seconds) and {@code cycle}
     * (queue names, or null) to an object.
     *
     * @param o       the object
     * @param cdg     the graph
     * @param seconds seconds spent building it
     */
    public static void addCdg(ObjectNode o, ChannelDependencyGraph cdg, double seconds) {
        o.set("cdg", JSON.valueToTree(new Cdg(cdg.kind() == ChannelDependencyGraph.Kind.FULL ? "full" : "duato",
            cdg.vertices(), cdg.edges(), cdg.acyclic(), Math.round(seconds * 1000) / 1000.0)));
        if (cdg.acyclic()) {
            o.putNull("cycle");
        } else {
            o.set("cycle", JSON.valueToTree(cdg.cycleNames()));
        }
    }

    /**
     * A deadlock configuration: its packets, whether it is minimal, and per queue the packets,
     * the critical mark and the queues its head waits on.
     *
     * @param net     the network
     * @param routing the routing function (names the packets)
     * @param w       the configuration
     * @param minimal whether it has the fewest packets
     * @return the object
     */
    public static ObjectNode witness(Network net, RoutingFunction routing, Witness w, boolean minimal) {
        Topology t = net.topology();
        List<ConfigurationQueue> queues = new ArrayList<>();
        for (int q : w.queuesInvolved()) {
            List<String> packets = new ArrayList<>();
            for (int h : w.packets()[q]) {
                packets.add(routing.headerName(h, t));
            }
            List<String> waits = new ArrayList<>();
            for (int x : w.waitsOn()[q]) {
                waits.add(net.queueName(x));
            }
            queues.add(new ConfigurationQueue(net.queueName(q), packets, w.marks()[q], waits));
        }
        List<ConfigurationWorm> worms = w.worms() == null ? null : w.worms().stream().map(x -> new ConfigurationWorm(
            java.util.Arrays.stream(x.queues()).mapToObj(net::queueName).toList(),
            java.util.Arrays.stream(x.flits()).boxed().toList(), t.nodeName(x.source()), x.left())).toList();
        return tree(new Configuration(w.packetCount(), minimal, queues, worms));
    }

    /**
     * @param value a record (or any value Jackson binds)
     * @return its JSON object
     */
    public static ObjectNode tree(Object value) {
        return JSON.valueToTree(value);
    }

    /**
     * @param o a JSON object
     * @return it on one line
     */
    public static String line(ObjectNode o) {
        try {
            return JSON.writeValueAsString(o);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
