package flowproof.spec;

import com.fasterxml.jackson.databind.JsonNode;
import flowproof.topology.Topology;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** A spec's {@code traffic: {pairs: [...]}}: the pairs listed by endpoint names. */
final class TrafficReader {

    /** {@code pairs: [[SOURCE, DESTINATION], ...]} by node names, e.g. {@code ["(0,0)", "(2,2)"]}. */
    static List<int[]> pairs(Fields f, JsonNode list, Topology t) throws SpecException {
        String expected = "a non-empty list of [source, destination] pairs of endpoint names, e.g. [\""
            + t.nodeName(t.endpoints()[0]) + "\", \"" + t.nodeName(t.endpoints()[1]) + "\"]";
        if (list == null) {
            throw f.missing("traffic.pairs", expected);
        }
        if (!list.isArray() || list.isEmpty()) {
            throw f.error("traffic.pairs", expected, list);
        }
        java.util.Map<String, Integer> names = new java.util.HashMap<>();
        for (int e : t.endpoints()) {
            names.put(t.nodeName(e), e);
        }
        List<int[]> pairs = new java.util.ArrayList<>();
        java.util.Set<Long> seen = new java.util.HashSet<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode p = list.get(i);
            String at = "traffic.pairs[" + i + "]";
            if (!p.isArray() || p.size() != 2) {
                throw f.error(at, "a [source, destination] pair", p);
            }
            int[] pair = new int[2];
            for (int j = 0; j < 2; j++) {
                JsonNode v = p.get(j);
                Integer node = v.isValueNode() ? names.get(v.asText()) : null;
                if (node == null) {
                    throw f.error(at + "[" + j + "]", "an endpoint of the topology (" + t.nodeName(t.endpoints()[0])
                        + " ... " + t.nodeName(t.endpoints()[t.endpoints().length - 1]) + ")", v);
                }
                pair[j] = node;
            }
            if (pair[0] == pair[1]) {
                throw f.error(at, "two different endpoints", p);
            }
            if (!seen.add((long) pair[0] * t.nodes() + pair[1])) {
                throw f.error(at, "a pair not listed before", p);
            }
            pairs.add(pair);
        }
        return pairs;
    }

    private TrafficReader() {
    }
}
