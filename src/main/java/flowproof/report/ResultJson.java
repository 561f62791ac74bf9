package flowproof.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.explore.ExplorationResult;
import flowproof.explore.Property;
import flowproof.explore.PropertyStatus;
import flowproof.explore.Verdict;
import flowproof.routing.RoutingFunction;
import flowproof.solve.Witness;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import java.util.Map;

/** The JSON object printed for one checked spec ({@code --json}). */
public final class ResultJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ResultJson() {
    }

    /**
     * @param counterexamples path of the saved file per violated property (may be empty when not saved)
     */
    public static ObjectNode of(String specPath, String name, ExplorationResult r, Verdict expected,
                                Map<Property, String> counterexamples) {
        ObjectNode o = JSON.createObjectNode();
        o.put("spec", specPath);
        o.put("name", name);
        o.put("verdict", r.verdict().key());
        o.put("method", r.product() == null ? "exhaustive" : "product"); // product: InjectionQueueProduct
        o.put("complete", r.complete());
        if (r.limit() == null) {
            o.putNull("limit");
        } else {
            o.put("limit", r.limit());
        }
        o.put("states", r.states());
        o.put("transitions", r.transitions());
        if (r.depth() < 0) {
            o.putNull("depth");
        } else {
            o.put("depth", r.depth());
        }
        if (r.product() == null) {
            o.putNull("product");
        } else {
            o.put("product", r.product());
        }
        o.put("seconds", Math.round(r.seconds() * 1000) / 1000.0);
        o.put("stuckStates", r.stuckStates());
        if (r.undrainableStates() < 0) {
            o.putNull("undrainableStates");
        } else {
            o.put("undrainableStates", r.undrainableStates());
        }
        ObjectNode props = o.putObject("properties");
        for (Map.Entry<Property, PropertyStatus> e : r.properties().entrySet()) {
            props.put(e.getKey().key(), e.getValue().key());
        }
        Property primary = r.primaryTrace() == null ? null : r.primaryTrace().property();
        String path = primary == null ? null : counterexamples.get(primary);
        if (path == null) {
            o.putNull("counterexample");
        } else {
            o.put("counterexample", path);
        }
        ObjectNode traces = o.putObject("traces");
        r.traces().forEach((p, t) -> {
            ObjectNode to = traces.putObject(p.key());
            to.put("length", t.length());
            if (p == Property.INJECTABILITY) {
                var top = r.model().network().topology();
                var never = to.putArray("neverInject");
                t.starved().forEach(pr -> never.addArray().add(top.nodeName(pr.source())).add(top.nodeName(pr.destination())));
            }
            String f = counterexamples.get(p);
            if (f == null) {
                to.putNull("file");
            } else {
                to.put("file", f);
            }
        });
        if (expected == null) {
            o.putNull("expected");
            o.putNull("matches");
        } else {
            o.put("expected", expected.key());
            if (r.verdict() == Verdict.INCOMPLETE) {
                o.putNull("matches");
            } else {
                o.put("matches", r.verdict().satisfies(expected));
            }
        }
        o.put("stateBits", r.stateBits());
        o.put("stateWords", r.stateWords());
        o.put("bytesPerState", Math.round(r.bytesPerState() * 10) / 10.0);
        o.put("orbits", r.orbits());
        o.put("symmetryGroup", r.symmetryOrder());
        if (r.symmetry() == null) {
            o.putNull("symmetry");
        } else {
            o.put("symmetry", r.symmetry());
        }
        o.put("threads", r.threads());
        o.put("storedBytes", r.storedBytes());
        return o;
    }

    /** The object for a spec proved deadlock-free by its channel dependency graph (nothing enumerated). */
    public static ObjectNode proved(String specPath, String name, java.util.Set<Property> checked, Verdict expected) {
        ObjectNode o = JSON.createObjectNode();
        o.put("spec", specPath);
        o.put("name", name);
        o.put("verdict", Verdict.PROVED.key());
        o.put("method", "cdg");
        o.put("complete", true);
        o.putNull("limit");
        o.putNull("states");
        o.putNull("transitions");
        ObjectNode props = o.putObject("properties");
        for (Property p : Property.values()) {
            props.put(p.key(), checked.contains(p) ? PropertyStatus.HOLDS.key() : PropertyStatus.NOT_CHECKED.key());
        }
        o.putNull("counterexample");
        o.putObject("traces");
        if (expected == null) {
            o.putNull("expected");
            o.putNull("matches");
        } else {
            o.put("expected", expected.key());
            o.put("matches", Verdict.PROVED.satisfies(expected));
        }
        return o;
    }

    /** Adds {@code cdg} (graph full or duato, vertices, edges, acyclic, seconds) and {@code cycle} (queue names, or null) to an object. */
    public static void addCdg(ObjectNode o, flowproof.cdg.ChannelDependencyGraph cdg, double seconds) {
        ObjectNode c = o.putObject("cdg");
        c.put("graph", cdg.kind() == flowproof.cdg.ChannelDependencyGraph.Kind.FULL ? "full" : "duato");
        c.put("vertices", cdg.vertices());
        c.put("edges", cdg.edges());
        c.put("acyclic", cdg.acyclic());
        c.put("seconds", Math.round(seconds * 1000) / 1000.0);
        if (cdg.acyclic()) {
            o.putNull("cycle");
        } else {
            var a = o.putArray("cycle");
            cdg.cycleNames().forEach(a::add);
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
        ObjectNode o = JSON.createObjectNode();
        o.put("packets", w.packetCount());
        o.put("minimal", minimal);
        ArrayNode qs = o.putArray("queues");
        for (int q : w.queuesInvolved()) {
            ObjectNode qo = qs.addObject();
            qo.put("queue", net.queueName(q));
            ArrayNode p = qo.putArray("packets");
            for (int h : w.packets()[q]) {
                p.add(routing.headerName(h, t));
            }
            qo.put("critical", w.marks()[q]);
            ArrayNode wo = qo.putArray("waitsOn");
            for (int x : w.waitsOn()[q]) {
                wo.add(net.queueName(x));
            }
        }
        return o;
    }

    public static String line(ObjectNode o) {
        try {
            return JSON.writeValueAsString(o);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
