package flowproof.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import flowproof.routing.RoutingFunction;
import flowproof.topology.Network;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** A spec's {@code messages} mapping (docs/messages.md): message classes over the routing. */
final class MessagesReader {

    private static final List<String> MESSAGE_FIELDS = SpecFields.under("messages");
    /**
     * The {@code messages} mapping (docs/messages.md): classes, the VCs of each, which class
     * each generates (default: the next in the list) and the endpoint queue size; returns the
     * routing function wrapped with the classes, in chain order.
     */
    static RoutingFunction read(Fields f, JsonNode mn, RoutingFunction routing, Network network,
                                            JsonNode tree) throws SpecException {
        if (!mn.isObject()) {
            throw f.error("messages", "a mapping with classes, vcs and endpoint-queue", mn);
        }
        f.onlyKnown("messages.", mn, MESSAGE_FIELDS);
        if (network.topology().selfPairsCross()) {
            // a message is consumed where it leaves the network, and its answer injected at that node
            throw f.error("messages", "a topology whose packets leave the network at their destination endpoint"
                + " (message classes answer from the node that consumed the message; a fly delivers at its last"
                + " stage and injects at its first)", TextNode.valueOf(network.topology().describe()));
        }
        if (tree.has("semantics") && !"interleaving".equals(tree.get("semantics").asText())) {
            throw f.error("semantics", "interleaving with messages (message classes are not built for clock-cycle"
                + " steps)", tree.get("semantics"));
        }
        if (tree.has("injection-queue") && tree.get("injection-queue").asInt() != 0) {
            throw f.error("injection-queue", "0 with messages (traffic injects requests straight into the network;"
                + " answers wait in endpoint queues)", tree.get("injection-queue"));
        }
        if (tree.has("flow") && !"vct".equals(tree.get("flow").asText())) {
            throw f.error("flow", "vct with messages (message classes are not built for wormhole)", tree.get("flow"));
        }
        if (routing.hasEscape()) {
            throw f.error("routing", "a routing without escape VCs with messages (the VCs are the classes')",
                tree.get("routing"));
        }
        JsonNode cn = mn.get("classes");
        if (cn == null) {
            throw f.missing("messages.classes", "a list of at least 2 class names, e.g. [request, reply]");
        }
        if (!cn.isArray() || cn.size() < 2) {
            throw f.error("messages.classes", "a list of at least 2 class names, e.g. [request, reply]", cn);
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < cn.size(); i++) {
            JsonNode c = cn.get(i);
            if (!c.isTextual() || !c.asText().matches("[A-Za-z][A-Za-z0-9_-]*")) {
                throw f.error("messages.classes[" + i + "]", "a class name (a letter, then letters, digits, '_' or '-')", c);
            }
            if (names.contains(c.asText())) {
                throw f.error("messages.classes[" + i + "]", "a class name not listed before", c);
            }
            names.add(c.asText());
        }
        // the chain: from the first class, each generates the next, until the sink
        List<String> chain = new ArrayList<>();
        JsonNode gn = mn.get("generates");
        if (gn == null) {
            chain.addAll(names);
        } else {
            if (!gn.isObject()) {
                throw f.error("messages.generates", "a mapping from a class to the class it generates, e.g."
                    + " {request: reply}", gn);
            }
            java.util.Map<String, String> next = new java.util.HashMap<>();
            Iterator<String> it = gn.fieldNames();
            while (it.hasNext()) {
                String k = it.next();
                if (!names.contains(k)) {
                    throw f.error("messages.generates." + k, "a class listed under messages.classes ("
                        + String.join(", ", names) + ")", new com.fasterxml.jackson.databind.node.TextNode(k));
                }
                JsonNode v = gn.get(k);
                if (!v.isTextual() || !names.contains(v.asText())) {
                    throw f.error("messages.generates." + k, "a class listed under messages.classes ("
                        + String.join(", ", names) + ")", v);
                }
                next.put(k, v.asText());
            }
            String c = names.get(0);
            while (c != null) {
                if (chain.contains(c)) {
                    List<String> cycle = new ArrayList<>(chain.subList(chain.indexOf(c), chain.size()));
                    cycle.add(c);
                    throw new SpecException(f.file, f.prefix + "messages.generates", "a chain of classes from "
                        + names.get(0) + " that ends in a class generating nothing (the sink)", "the cycle "
                        + String.join(" -> ", cycle) + ", which has no sink");
                }
                chain.add(c);
                c = next.get(c);
            }
            for (String n : names) {
                if (!chain.contains(n)) {
                    throw new SpecException(f.file, f.prefix + "messages.classes", "every class on the chain "
                        + String.join(" -> ", chain) + " (traffic injects " + names.get(0) + ")", "class " + n
                        + ", which that chain never generates");
                }
            }
        }
        JsonNode vn = mn.get("vcs");
        String vcRange = "0.." + (network.vcs() - 1) + " (the spec has vcs: " + network.vcs() + ")";
        if (vn == null) {
            throw f.missing("messages.vcs", "a mapping from every class to its VCs, e.g. {request: [0], reply: [1]}");
        }
        if (!vn.isObject()) {
            throw f.error("messages.vcs", "a mapping from every class to its VCs, e.g. {request: [0], reply: [1]}", vn);
        }
        Iterator<String> keys = vn.fieldNames();
        while (keys.hasNext()) {
            String k = keys.next();
            if (!names.contains(k)) {
                throw f.error("messages.vcs." + k, "a class listed under messages.classes (" + String.join(", ", names)
                    + ")", new com.fasterxml.jackson.databind.node.TextNode(k));
            }
        }
        int[][] vcs = new int[chain.size()][];
        for (int c = 0; c < chain.size(); c++) {
            String at = "messages.vcs." + chain.get(c);
            JsonNode l = vn.get(chain.get(c));
            if (l == null) {
                throw f.missing(at, "a non-empty list of VCs in " + vcRange + ": every class travels on some VC");
            }
            if (l.isInt()) {
                l = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode().add(l.asInt());
            }
            if (!l.isArray() || l.isEmpty()) {
                throw f.error(at, "a non-empty list of VCs in " + vcRange + ": every class travels on some VC",
                    vn.get(chain.get(c)));
            }
            java.util.TreeSet<Integer> set = new java.util.TreeSet<>();
            for (int i = 0; i < l.size(); i++) {
                JsonNode v = l.get(i);
                if (!v.isInt() || v.asInt() < 0 || v.asInt() >= network.vcs()) {
                    throw f.error(at + "[" + i + "]", "a VC in " + vcRange, v);
                }
                set.add(v.asInt());
            }
            vcs[c] = set.stream().mapToInt(Integer::intValue).toArray();
        }
        int endpoint = f.positive(mn, "messages.endpoint-queue", "endpoint-queue", 1, false);
        return new flowproof.routing.MessageRouting(routing, network.topology().nodes(), chain, vcs, network.vcs(),
            endpoint);
    }

    private MessagesReader() {
    }
}
