package flowproof.cdg;

import flowproof.routing.MessageRouting;
import flowproof.routing.QueueRoutes;
import flowproof.routing.RoutingFunction;
import flowproof.rule.FlowControlRule;
import flowproof.topology.Network;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The traffic pairs whose packets make the dependencies of one cycle of a channel dependency
 * graph: for every pair, the cycle's edges its routes create (every header it may inject
 * with, forward through the routing function and the rule's {@link FlowControlRule#mayUse},
 * as {@link ChannelDependencyGraph} builds the graph), then a greedy cover of the cycle: the
 * pair that makes the most edges not yet made (the first in traffic order on a tie), until
 * every edge is made.
 *
 * <p>{@code check} searches a model restricted to these pairs when the full search stops at a
 * limit (docs/verdicts.md, "A search guided by the dependency cycle"). Every state reachable
 * with fewer traffic pairs is reachable with all of them, and stuck-freedom, drainability and
 * the bubble invariants are properties of a state and its forward and eject moves alone (with
 * message classes also its consume and inject-answer moves), so a violation found there is
 * one of the full model; its absence proves nothing.
 */
public final class CycleTraffic {

    private CycleTraffic() {
    }

    /**
     * The cover of {@code cycle}'s edges ({@code cycle.get(i)} to the next, the last back to
     * the first) by pairs of {@code traffic}, in the order chosen; null if some edge is made by
     * no pair (a dependency of another kind: Duato's indirect ones). With message classes
     * ({@link MessageRouting}) a pair's packets are followed along the whole chain: a message
     * of a non-sink class consumed at its destination makes the consumption dependencies to
     * the queues its answer may enter, and the answer is followed on.
     */
    public static List<int[]> cover(Network network, RoutingFunction routing, FlowControlRule rule,
                                     List<int[]> traffic, List<Integer> cycle) {
        int n = cycle.size();
        Map<Long, Integer> edges = new HashMap<>();
        int queues = network.queues();
        for (int i = 0; i < n; i++) {
            edges.putIfAbsent((long) cycle.get(i) * queues + cycle.get((i + 1) % n), i);
        }
        QueueRoutes routes = new QueueRoutes(network, routing, rule);
        List<BitSet> made = new ArrayList<>(traffic.size());
        for (int[] pair : traffic) {
            made.add(edgesMade(routes, pair, edges, queues));
        }
        BitSet uncovered = new BitSet();
        uncovered.set(0, n);
        List<int[]> chosen = new ArrayList<>();
        while (!uncovered.isEmpty()) {
            int best = -1;
            int most = 0;
            for (int p = 0; p < made.size(); p++) {
                BitSet b = (BitSet) made.get(p).clone();
                b.and(uncovered);
                if (b.cardinality() > most) {
                    most = b.cardinality();
                    best = p;
                }
            }
            if (best < 0) {
                return null;
            }
            chosen.add(traffic.get(best));
            uncovered.andNot(made.get(best));
        }
        return chosen;
    }

    /** The cycle edges (indices into {@code edges}' values) that packets of {@code pair} make. */
    private static BitSet edgesMade(QueueRoutes routes, int[] pair, Map<Long, Integer> edges, int queues) {
        BitSet made = new BitSet();
        MessageRouting messages = routes.routing() instanceof MessageRouting m ? m : null;
        int[] answers = messages == null ? null : new int[Math.max(1, messages.maxInjectHeaders())];
        java.util.Set<Long> seen = new java.util.HashSet<>();
        ArrayDeque<long[]> work = new ArrayDeque<>();
        for (int h : routes.injectHeaders(pair[0], pair[1])) {
            QueueRoutes.Next next = routes.next(FlowControlRule.INJECT, pair[0], h);
            for (int i = 0; i < next.size(); i++) {
                visit(next.queues()[i], next.headers()[i], seen, work);
            }
        }
        while (!work.isEmpty()) {
            long[] s = work.poll();
            int q = (int) s[0];
            int h = (int) s[1];
            QueueRoutes.Next next = routes.next(q, -1, h);
            for (int i = 0; i < next.size(); i++) {
                int t = next.queues()[i];
                Integer e = edges.get((long) q * queues + t);
                if (e != null) {
                    made.set(e);
                }
                visit(t, next.headers()[i], seen, work);
            }
            if (next.exits() && messages != null && messages.sourceOf(h) >= 0) {
                // a message of a non-sink class consumed at its destination: its answer is injected there,
                // and q depends on the queues it may enter (the consumption dependencies of the graph)
                int node = routes.network().nodeOf(q);
                int n = messages.messageHeaders(messages.classOf(h) + 1, node, messages.sourceOf(h), answers);
                for (int j = 0; j < n; j++) {
                    QueueRoutes.Next inj = routes.next(FlowControlRule.INJECT, node, answers[j]);
                    for (int i = 0; i < inj.size(); i++) {
                        int t = inj.queues()[i];
                        Integer e = edges.get((long) q * queues + t);
                        if (e != null) {
                            made.set(e);
                        }
                        visit(t, inj.headers()[i], seen, work);
                    }
                }
            }
        }
        return made;
    }

    private static void visit(int q, int h, java.util.Set<Long> seen, ArrayDeque<long[]> work) {
        if (seen.add(((long) q << 32) | (h & 0xffffffffL))) {
            work.add(new long[] {q, h});
        }
    }
}
