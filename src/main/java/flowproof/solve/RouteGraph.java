package flowproof.solve;

import flowproof.routing.QueueRoutes;
import flowproof.rule.FlowControlRule;
import flowproof.topology.Network;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The (queue, header) pairs a packet can occupy, computed from the model's injections by
 * the same {@link QueueRoutes} the explorer and the channel dependency graphs use, and
 * for every queue the <em>head classes</em>: the distinct sets of next queues of the
 * headers that can sit there. The rule's admission depends on where a head wants to go,
 * never on its destination as such, so the CP-SAT model chooses a head class per queue
 * instead of a destination, which keeps it small on 16x16 tori.
 *
 * <p>Being reachable here is the <em>route invariant</em>: every packet sits at a
 * (queue, header) pair its route can reach, on a VC the rule's discipline allows
 * ({@link FlowControlRule#mayUse}: the dateline and VC-per-hop disciplines). It holds
 * initially and every move keeps it, by construction of the closure.
 */
final class RouteGraph {

    /** One class of heads of a queue: where they may go next, and the headers in it. */
    record HeadClass(int[] targets, int[] targetHeaders, boolean exits, List<Integer> headers) {
    }

    /** An injection: a source node, the header it starts with, the queue it enters. */
    record Injection(int source, int header, int queue) {
    }

    final Network network;
    final QueueRoutes routes;
    final int headers;
    /** Reachable headers per queue, in discovery (breadth-first) order. */
    final List<List<Integer>> reachable = new ArrayList<>();
    final HeadClass[][] classes;
    final List<Injection> injections = new ArrayList<>();
    /** Breadth-first predecessor of a (queue, header) node: another node, or -(injection index + 1). */
    private final Map<Long, Long> pred = new LinkedHashMap<>();

    RouteGraph(Network network, QueueRoutes routes, List<int[]> traffic) {
        this.network = network;
        this.routes = routes;
        this.headers = routes.routing().headers();
        int queues = network.queues();
        for (int q = 0; q < queues; q++) {
            reachable.add(new ArrayList<>());
        }
        long[] queue = new long[1024];
        int head = 0;
        int tail = 0;
        for (int[] pair : traffic) {
            for (int h : routes.injectHeaders(pair[0], pair[1])) {
                QueueRoutes.Next nx = routes.next(FlowControlRule.INJECT, pair[0], h);
                for (int i = 0; i < nx.size(); i++) {
                    Injection inj = new Injection(pair[0], h, nx.queues()[i]);
                    long node = key(nx.queues()[i], nx.headers()[i]);
                    if (!pred.containsKey(node)) {
                        injections.add(inj);
                        pred.put(node, (long) -injections.size());
                        if (tail == queue.length) {
                            queue = Arrays.copyOf(queue, tail * 2);
                        }
                        queue[tail++] = node;
                    }
                }
            }
        }
        Map<Long, QueueRoutes.Next> next = new LinkedHashMap<>();
        while (head < tail) {
            long node = queue[head++];
            int q = (int) (node / headers);
            int h = (int) (node % headers);
            reachable.get(q).add(h);
            QueueRoutes.Next nx = routes.next(q, -1, h);
            next.put(node, nx);
            for (int i = 0; i < nx.size(); i++) {
                long succ = key(nx.queues()[i], nx.headers()[i]);
                if (!pred.containsKey(succ)) {
                    pred.put(succ, node);
                    if (tail == queue.length) {
                        queue = Arrays.copyOf(queue, tail * 2);
                    }
                    queue[tail++] = succ;
                }
            }
        }
        classes = new HeadClass[queues][];
        for (int q = 0; q < queues; q++) {
            Map<String, HeadClass> byTargets = new LinkedHashMap<>();
            for (int h : reachable.get(q)) {
                QueueRoutes.Next nx = next.get(key(q, h));
                String k = nx.exits() ? "exit" : Arrays.toString(nx.queues());
                HeadClass c = byTargets.computeIfAbsent(k,
                    x -> new HeadClass(nx.queues(), nx.headers(), nx.exits(), new ArrayList<>()));
                c.headers().add(h);
            }
            classes[q] = byTargets.values().toArray(new HeadClass[0]);
        }
    }

    long key(int queue, int header) {
        return (long) queue * headers + header;
    }

    /**
     * A shortest route to {@code (queue, header)}: its injection, then the (queue, header)
     * pairs from the first queue to this one.
     */
    Route routeTo(int queue, int header) {
        List<long[]> hops = new ArrayList<>();
        long node = key(queue, header);
        Long p = pred.get(node);
        if (p == null) {
            throw new IllegalArgumentException("(" + network.queueName(queue) + ", " + header + ") is not reachable");
        }
        while (true) {
            hops.add(new long[] {node / headers, node % headers});
            p = pred.get(node);
            if (p < 0) {
                break;
            }
            node = p;
        }
        java.util.Collections.reverse(hops);
        return new Route(injections.get((int) (-p - 1)), hops);
    }

    /** Hops of {@link #routeTo}: the packet's queue and header after each. */
    record Route(Injection injection, List<long[]> hops) {
    }
}
