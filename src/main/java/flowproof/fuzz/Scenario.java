package flowproof.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.sim.SimConfig;
import flowproof.spec.SimulationReader;
import flowproof.spec.Spec;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import flowproof.traffic.ScriptedWorkload.Packet;
import java.util.ArrayList;
import java.util.List;

/**
 * One generated case: a complete spec (topology, routing, VCs, rule, and a simulation whose
 * traffic is an explicit script {@code [cycle, source, destination, size]} and whose control
 * is a scheme with its parameters), whether it is claimed deadlock-free, and optionally the
 * name of a {@linkplain Variants variant} that replaces its rule or scheme (the property
 * suite's deliberately broken schemes; null for the real code). Immutable; the
 * {@link Shrinker} makes smaller copies. The spec is plain JSON, so
 * {@code flowproof simulate} runs it as written.
 */
public record Scenario(ObjectNode spec, boolean deadlockFree, String variant) {

    static final ObjectMapper JSON = new ObjectMapper();

    public Scenario {
        spec = spec.deepCopy();
    }

    /** The simulation mapping. */
    public ObjectNode simulation() {
        return (ObjectNode) spec.get("simulation");
    }

    /** The scripted packets. */
    public List<Packet> packets() {
        List<Packet> list = new ArrayList<>();
        for (JsonNode p : simulation().path("traffic").path("script")) {
            list.add(new Packet(p.get(0).asLong(), p.get(1).asInt(), p.get(2).asInt(), p.get(3).asInt()));
        }
        return list;
    }

    /** A copy with these packets; generation cycles cover the last one. */
    public Scenario withPackets(List<Packet> packets) {
        ObjectNode s = spec.deepCopy();
        ObjectNode sim = (ObjectNode) s.get("simulation");
        ArrayNode script = JSON.createArrayNode();
        long last = 0;
        for (Packet p : packets) {
            script.addArray().add(p.cycle()).add(p.source()).add(p.destination()).add(p.size());
            last = Math.max(last, p.cycle());
        }
        sim.putObject("traffic").set("script", script);
        sim.put("cycles", last + 1);
        return new Scenario(s, deadlockFree, variant);
    }

    /** A copy with {@code field} of the simulation set to {@code value}. */
    public Scenario withSimulation(String field, JsonNode value) {
        ObjectNode s = spec.deepCopy();
        ((ObjectNode) s.get("simulation")).set(field, value);
        return new Scenario(s, deadlockFree, variant);
    }

    /** A copy with another spec (same claim and variant). */
    public Scenario withSpec(ObjectNode other) {
        return new Scenario(other, deadlockFree, variant);
    }

    /** The spec, read as {@code flowproof} reads a spec file. */
    public Spec toSpec() throws SpecException {
        return SpecReader.fromTree("fuzz-scenario", "", spec);
    }

    /** The simulation, unchecked, with the real rule and scheme (no variant). */
    public SimConfig config() throws SpecException {
        return SimulationReader.read(toSpec());
    }

    /** The scheme key of the simulation's control ({@code none} when there is none). */
    public String schemeKey() {
        JsonNode c = simulation().get("control");
        if (c == null || c.isNull()) {
            return "none";
        }
        return c.isTextual() ? c.asText() : c.path("kind").asText("none");
    }

    /** Routers of the network, for comparing sizes. */
    public int routers() {
        try {
            return toSpec().topology().nodes();
        } catch (SpecException e) {
            return Integer.MAX_VALUE;
        }
    }

    /**
     * A size for "smaller than": routers first, then packets, then the last packet's cycle
     * and the flits. The shrinker only accepts strictly smaller scenarios.
     */
    public long weight() {
        List<Packet> ps = packets();
        long last = 0;
        long flits = 0;
        for (Packet p : ps) {
            last = Math.max(last, p.cycle());
            flits += p.size();
        }
        return (long) routers() * 1_000_000_000L + ps.size() * 1_000_000L + Math.min(last, 99_999) * 10 + Math.min(flits, 9);
    }

    /** One line: network, rule, scheme, packets. */
    public String describe() {
        return spec.path("topology").toString() + ", " + spec.path("vcs").asInt(1) + " VC(s), rule "
            + spec.path("rule") + ", scheme " + simulation().path("control") + (variant == null ? "" : " [variant "
            + variant + "]") + ", " + packets().size() + " packets";
    }

    @Override
    public String toString() {
        return describe() + "\n" + spec.toPrettyString();
    }
}
