package flowproof.certify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.routing.RoutingFunction;
import flowproof.rule.FlowControlRule;
import flowproof.spec.Spec;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Re-validates a certificate of deadlock freedom by an acyclic channel dependency graph (Dally and
 * Seitz): a numbering of the queues (channel x VC) such that every dependency a packet of the
 * traffic can create goes from a lower number to a higher one. The dependencies are enumerated
 * here, independently of {@code flowproof.cdg} and {@code QueueRoutes}: from every traffic pair's
 * injection headers, every (queue, header) a packet can reach by the routing function's candidates
 * on the VCs the function and the rule allow, until the header's exit node. Covers virtual
 * cut-through and the synchronous step without escape sub-functions, wormhole flits or message
 * classes; for the others it answers that it does not cover them (never a pass).
 */
public final class CertificateChecker {

    /** The outcome: valid, or why not (a failed check, or a kind the checker does not cover). */
    public record Result(boolean valid, boolean covered, String message, long dependencies) {
    }

    private CertificateChecker() {
    }

    /** Checks the certificate (a JSON tree as {@code check --certificate} writes it). */
    public static Result check(JsonNode cert) {
        if (!"flowproof-certificate".equals(cert.path("format").asText()) || cert.path("version").asInt() != 1) {
            return new Result(false, false, "not a flowproof certificate (format flowproof-certificate, version 1)", 0);
        }
        String kind = cert.path("kind").asText();
        if (!kind.equals("cdg-acyclic")) {
            return new Result(false, false, "kind " + kind + ": not covered by this checker", 0);
        }
        Spec spec;
        try {
            spec = SpecReader.fromTree(cert.path("source").asText("certificate"), "",
                ((ObjectNode) cert.get("spec")).deepCopy());
        } catch (SpecException | RuntimeException e) {
            return new Result(false, false, "the certificate's spec does not read: " + e.getMessage(), 0);
        }
        String uncovered = uncovered(spec);
        if (uncovered != null) {
            return new Result(false, false, "spec " + spec.name() + ": " + uncovered, 0);
        }
        Network net = spec.network();
        Map<String, Integer> byName = new HashMap<>();
        for (int q = 0; q < net.queues(); q++) {
            byName.put(net.queueName(q), q);
        }
        long[] number = new long[net.queues()];
        java.util.Arrays.fill(number, Long.MIN_VALUE);
        JsonNode numbering = cert.get("numbering");
        if (numbering == null || !numbering.isObject()) {
            return new Result(false, true, "no numbering", 0);
        }
        for (var it = numbering.fields(); it.hasNext(); ) {
            var e = it.next();
            Integer q = byName.get(e.getKey());
            if (q == null || !e.getValue().canConvertToLong()) {
                return new Result(false, true, "numbering names " + e.getKey() + ", not a queue of the network or not"
                    + " a number", 0);
            }
            number[q] = e.getValue().asLong();
        }
        return checkNumbering(spec, number);
    }

    /** Null when this checker covers the spec's model, else what it does not cover. */
    public static String uncovered(Spec spec) {
        if (spec.wormhole() != null) {
            return "wormhole flits are not covered by this checker";
        }
        if (spec.routing().hasEscape()) {
            return "escape VCs (Duato) are not covered by this checker";
        }
        if (spec.routing() instanceof flowproof.routing.MessageRouting) {
            return "message classes are not covered by this checker";
        }
        return null;
    }

    /** Every dependency of the spec's traffic increases {@code number} (Long.MIN_VALUE: a queue without a number). */
    static Result checkNumbering(Spec spec, long[] number) {
        Network net = spec.network();
        Topology t = net.topology();
        RoutingFunction r = spec.routing();
        FlowControlRule rule = spec.rule();
        int[] out = new int[Math.max(1, r.maxCandidates())];
        int[] headers = new int[Math.max(1, r.maxInjectHeaders())];
        Set<Long> seen = new HashSet<>();
        ArrayDeque<long[]> todo = new ArrayDeque<>();
        long deps = 0;
        for (int[] pair : spec.pairs()) {
            int k = r.injectHeaders(pair[0], pair[1], headers);
            for (int i = 0; i < k; i++) {
                int n = r.candidates(pair[0], -1, headers[i], out);
                for (int j = 0; j < n; j++) {
                    int after = r.afterHop(headers[i], -1, out[j]);
                    for (int v = 0; v < net.vcs(); v++) {
                        int q = net.queue(out[j], v);
                        if (r.allowsVc(after, v) && rule.mayUse(net, FlowControlRule.INJECT, q, r.destinationOf(after))
                            && seen.add((long) q * r.headers() + after)) {
                            todo.add(new long[] {q, after});
                        }
                    }
                }
            }
        }
        while (!todo.isEmpty()) {
            long[] s = todo.poll();
            int q = (int) s[0];
            int h = (int) s[1];
            int c = net.channelOf(q);
            int node = t.target(c);
            if (r.exitNode(h) == node) {
                continue;
            }
            if (number[q] == Long.MIN_VALUE) {
                return new Result(false, true, "queue " + net.queueName(q) + " holds packets that go on, but has no"
                    + " number", deps);
            }
            int n = r.candidates(node, c, h, out);
            for (int j = 0; j < n; j++) {
                int after = r.afterHop(h, c, out[j]);
                for (int v = 0; v < net.vcs(); v++) {
                    int to = net.queue(out[j], v);
                    if (!r.allowsVc(after, v) || !rule.mayUse(net, q, to, r.destinationOf(after))) {
                        continue;
                    }
                    deps++;
                    if (number[to] == Long.MIN_VALUE || number[to] <= number[q]) {
                        return new Result(false, true, "the dependency " + net.queueName(q) + " -> " + net.queueName(to)
                            + " (a packet for " + r.headerName(h, t) + ") does not increase the numbering ("
                            + number[q] + " -> " + (number[to] == Long.MIN_VALUE ? "none" : number[to]) + ")", deps);
                    }
                    if (seen.add((long) to * r.headers() + after)) {
                        todo.add(new long[] {to, after});
                    }
                }
            }
        }
        return new Result(true, true, "valid: every one of " + deps + " dependencies increases the numbering", deps);
    }

    /** The queues' names of {@code spec}'s network, for a numbering from the engines' queue ids. */
    public static List<String> queueNames(Spec spec) {
        Network net = spec.network();
        List<String> names = new java.util.ArrayList<>();
        for (int q = 0; q < net.queues(); q++) {
            names.add(net.queueName(q));
        }
        return names;
    }
}
