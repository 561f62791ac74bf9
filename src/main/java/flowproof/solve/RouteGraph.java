package flowproof.solve;

import flowproof.routing.QueueRoutes;
import flowproof.rule.FlowControlRule;
import flowproof.topology.Network;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

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
 *
 * <p>A 64x64 torus with all pairs has about 17 million such pairs and 16 million
 * injections, so the search keeps them in primitive arrays: the pairs in breadth-first
 * order with the index of their predecessor, a bit set of the pairs seen, and per queue
 * its head classes as they are found. The classes, their order and the headers in them are
 * those of a search that visits the pairs in breadth-first order.
 */
final class RouteGraph {

    /** One class of heads of a queue: where they may go next, and the headers in it (in discovery order). */
    record HeadClass(int[] targets, int[] targetHeaders, boolean exits, int[] headers) {
    }

    /** An injection: a source node, the header it starts with, the queue it enters. */
    record Injection(int source, int header, int queue) {
    }

    final Network network;
    final QueueRoutes routes;
    final int headers;
    final HeadClass[][] classes;
    /** The queues some injection enters, each once, in the order of the first injection into it. */
    final int[] injectionQueues;

    /** The (queue, header) pairs in breadth-first order, as {@link #key}s. */
    private long[] nodes = new long[1024];
    /** Per node: the index of its breadth-first predecessor, or -(injection index + 1). */
    private int[] pred = new int[1024];
    private int size;
    /** Per injection (the first to reach its node): source and header; the node's queue is its own. */
    private int[] injSource = new int[1024];
    private int[] injHeader = new int[1024];
    private int[] injNode = new int[1024];
    private int injections;
    /** Per queue: the indices of its nodes, for {@link #routeTo}. */
    private final Ints[] nodesAt;
    private final BitSet seenSmall;
    private final Set<Long> seenLarge;

    RouteGraph(Network network, QueueRoutes routes, List<int[]> traffic) {
        this.network = network;
        this.routes = routes;
        this.headers = routes.routing().headers();
        int queues = network.queues();
        long keys = (long) queues * headers;
        seenSmall = keys <= Integer.MAX_VALUE ? new BitSet((int) keys) : null;
        seenLarge = keys <= Integer.MAX_VALUE ? null : new HashSet<>();
        nodesAt = new Ints[queues];
        for (int q = 0; q < queues; q++) {
            nodesAt[q] = new Ints();
        }
        Ints injected = new Ints();
        BitSet injectedSeen = new BitSet(queues);
        for (int[] pair : traffic) {
            for (int h : routes.injectHeaders(pair[0], pair[1])) {
                QueueRoutes.Next nx = routes.next(FlowControlRule.INJECT, pair[0], h);
                for (int i = 0; i < nx.size(); i++) {
                    int q = nx.queues()[i];
                    long node = key(q, nx.headers()[i]);
                    if (see(node)) {
                        if (injections == injSource.length) {
                            injSource = Arrays.copyOf(injSource, injections * 2);
                            injHeader = Arrays.copyOf(injHeader, injections * 2);
                            injNode = Arrays.copyOf(injNode, injections * 2);
                        }
                        injSource[injections] = pair[0];
                        injHeader[injections] = h;
                        injNode[injections] = size;
                        injections++;
                        append(node, -injections);
                        if (!injectedSeen.get(q)) {
                            injectedSeen.set(q);
                            injected.add(q);
                        }
                    }
                }
            }
        }
        injectionQueues = injected.toArray();
        List<List<Builder>> found = new ArrayList<>(queues);
        for (int q = 0; q < queues; q++) {
            found.add(new ArrayList<>(1));
        }
        for (int head = 0; head < size; head++) {
            long node = nodes[head];
            int q = (int) (node / headers);
            int h = (int) (node % headers);
            nodesAt[q].add(head);
            QueueRoutes.Next nx = routes.next(q, -1, h);
            classOf(found.get(q), nx).headers.add(h);
            for (int i = 0; i < nx.size(); i++) {
                long succ = key(nx.queues()[i], nx.headers()[i]);
                if (see(succ)) {
                    append(succ, head);
                }
            }
        }
        classes = new HeadClass[queues][];
        for (int q = 0; q < queues; q++) {
            List<Builder> bs = found.get(q);
            classes[q] = new HeadClass[bs.size()];
            for (int k = 0; k < bs.size(); k++) {
                Builder b = bs.get(k);
                classes[q][k] = new HeadClass(b.next.queues(), b.next.headers(), b.next.exits(), b.headers.toArray());
            }
        }
    }

    /** The class of heads whose next queues are those of {@code nx} (the first headers' next headers are kept). */
    private static Builder classOf(List<Builder> found, QueueRoutes.Next nx) {
        for (Builder b : found) {
            if (b.next.exits() == nx.exits() && Arrays.equals(b.next.queues(), nx.queues())) {
                return b;
            }
        }
        Builder b = new Builder(nx);
        found.add(b);
        return b;
    }

    private static final class Builder {
        final QueueRoutes.Next next;
        final Ints headers = new Ints();

        Builder(QueueRoutes.Next next) {
            this.next = next;
        }
    }

    /** Marks {@code node} seen; true when it was not. */
    private boolean see(long node) {
        if (seenSmall != null) {
            if (seenSmall.get((int) node)) {
                return false;
            }
            seenSmall.set((int) node);
            return true;
        }
        return seenLarge.add(node);
    }

    private void append(long node, int predecessor) {
        if (size == nodes.length) {
            nodes = Arrays.copyOf(nodes, size * 2);
            pred = Arrays.copyOf(pred, size * 2);
        }
        nodes[size] = node;
        pred[size] = predecessor;
        size++;
    }

    long key(int queue, int header) {
        return (long) queue * headers + header;
    }

    /** The number of reachable (queue, header) pairs. */
    int size() {
        return size;
    }

    /**
     * A shortest route to {@code (queue, header)}: its injection, then the (queue, header)
     * pairs from the first queue to this one.
     */
    Route routeTo(int queue, int header) {
        long node = key(queue, header);
        int at = -1;
        Ints here = nodesAt[queue];
        for (int i = 0; i < here.size && at < 0; i++) {
            if (nodes[here.values[i]] == node) {
                at = here.values[i];
            }
        }
        if (at < 0) {
            throw new IllegalArgumentException("(" + network.queueName(queue) + ", " + header + ") is not reachable");
        }
        List<long[]> hops = new ArrayList<>();
        while (true) {
            hops.add(new long[] {nodes[at] / headers, nodes[at] % headers});
            if (pred[at] < 0) {
                break;
            }
            at = pred[at];
        }
        java.util.Collections.reverse(hops);
        int inj = -pred[at] - 1;
        return new Route(new Injection(injSource[inj], injHeader[inj], (int) (nodes[injNode[inj]] / headers)), hops);
    }

    /** Hops of {@link #routeTo}: the packet's queue and header after each. */
    record Route(Injection injection, List<long[]> hops) {
    }

    /** A growable list of ints. */
    private static final class Ints {
        int[] values = new int[4];
        int size;

        void add(int v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }

        int[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }
}
