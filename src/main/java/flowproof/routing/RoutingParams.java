package flowproof.routing;

import com.fasterxml.jackson.databind.JsonNode;
import flowproof.ConfigurationException;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import flowproof.topology.Topology;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** Reads shared by the built-in routings' factories: forbidden turns, intermediate routers. */
final class RoutingParams {

    /** The fields of a forbidden turn written as a mapping. */
    private static final List<String> TURN_FIELDS = List.of("from", "to", "columns");
    /** What a turn model or xy-yx routing says on a topology other than a mesh. */
    static final String MESH_ONLY = "is for 2-D meshes";
    /** What a routing bound to rings, tori and meshes says elsewhere. */
    static final String GRID_ONLY = "is for rings, tori and meshes";
    /** No fields. */
    static final List<Param> NONE = List.of();

    private RoutingParams() {
    }

    /**
     * {@code forbid: [[from, to], {from: F, to: T, columns: even|odd}, ...]}: the turns a
     * {@code kind: turns} routing forbids (directions east, west, north, south).
     */
    static List<Turn> turns(PluginParams p) {
        JsonNode list = p.node("forbid");
        String base = p.field() + ".forbid";
        if (list == null) {
            throw new ConfigurationException(base, "a list of forbidden turns, e.g. [[north, west], [south, west]]",
                "nothing (the field is missing)");
        }
        String expected = "a list of forbidden turns, each [from, to] or {from: F, to: T, columns: even|odd}";
        if (!list.isArray()) {
            throw p.bad("forbid", expected);
        }
        List<Turn> turns = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode e = list.get(i);
            String at = base + "[" + i + "]";
            JsonNode from;
            JsonNode to;
            String fromAt;
            String toAt;
            Turn.Parity parity = Turn.Parity.ANY;
            if (e.isArray() && e.size() == 2) {
                from = e.get(0);
                to = e.get(1);
                fromAt = at + "[0]";
                toAt = at + "[1]";
            } else if (e.isObject()) {
                for (Iterator<String> it = e.fieldNames(); it.hasNext(); ) {
                    String k = it.next();
                    if (!TURN_FIELDS.contains(k)) {
                        throw new ConfigurationException(at + "." + k, "one of the fields " + String.join(", ",
                            TURN_FIELDS), "an unknown field");
                    }
                }
                from = e.get("from");
                to = e.get("to");
                fromAt = at + ".from";
                toAt = at + ".to";
                String dir = "a direction (" + Turn.Direction.keys() + ")";
                if (from == null) {
                    throw new ConfigurationException(fromAt, dir, "nothing (the field is missing)");
                }
                if (to == null) {
                    throw new ConfigurationException(toAt, dir, "nothing (the field is missing)");
                }
                JsonNode c = e.get("columns");
                if (c != null) {
                    parity = c.isTextual() ? Turn.Parity.of(c.asText()) : null;
                    if (parity == null) {
                        throw new ConfigurationException(at + ".columns", "even or odd (the parity of the router's x"
                            + " coordinate)", PluginParams.describe(c));
                    }
                }
            } else {
                throw new ConfigurationException(at, "a turn [from, to] or {from: F, to: T, columns: even|odd}",
                    PluginParams.describe(e));
            }
            Turn.Direction a = direction(fromAt, from);
            Turn.Direction b = direction(toAt, to);
            if (a.dimension() == b.dimension()) {
                throw new ConfigurationException(at, "a 90-degree turn (from and to in different dimensions: east/west"
                    + " is x, north/south is y)", PluginParams.describe(e));
            }
            turns.add(new Turn(a, b, parity));
        }
        return turns;
    }

    private static Turn.Direction direction(String at, JsonNode v) {
        Turn.Direction d = v.isTextual() ? Turn.Direction.of(v.asText()) : null;
        if (d == null) {
            throw new ConfigurationException(at, "a direction (" + Turn.Direction.keys() + "; east is +x, dimension 0,"
                + " north is +y, dimension 1)", PluginParams.describe(v));
        }
        return d;
    }

    /** {@code intermediates: [R, ...]}: router names (or ids), distinct; null when absent. */
    static int[] routers(PluginParams p, String name, JsonNode list, Topology t) {
        if (!list.isArray() || list.isEmpty()) {
            throw p.bad(name, "a non-empty list of routers, or minimal-box");
        }
        java.util.Map<String, Integer> byName = new java.util.HashMap<>();
        for (int v = 0; v < t.nodes(); v++) {
            byName.put(t.nodeName(v), v);
        }
        int[] via = new int[list.size()];
        for (int i = 0; i < list.size(); i++) {
            JsonNode e = list.get(i);
            Integer v = e.isValueNode() && !e.isNull() ? byName.get(e.asText()) : null;
            if (v == null && e.isInt() && e.asInt() >= 0 && e.asInt() < t.nodes()) {
                v = e.asInt();
            }
            if (v == null) {
                throw p.bad(name, i, "a router of the topology (its name, e.g. " + t.nodeName(t.nodes() - 1)
                    + ", or its id 0.." + (t.nodes() - 1) + ")");
            }
            for (int j = 0; j < i; j++) {
                if (via[j] == v) {
                    throw p.bad(name, i, "a router not listed before");
                }
            }
            via[i] = v;
        }
        return via;
    }
}
