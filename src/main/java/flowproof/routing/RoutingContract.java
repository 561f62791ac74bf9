package flowproof.routing;

import flowproof.topology.Topology;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What every routing function must satisfy on a topology, checked along every route it offers:
 * from every endpoint to every other ({@link Topology#endpoints}), with every header it may inject
 * with, over every candidate channel, until the packet reaches the router where it leaves
 * ({@link RoutingFunction#exitNode}).
 * As {@link flowproof.rule.RuleContract} for rules: main code without a test library, so that a
 * user's routing function can be checked in the user's own build, and flowproof checks a
 * plugin's declarations with it before an engine relies on them.
 *
 * <ul>
 *   <li>{@code inject-headers}: 1 to {@code maxInjectHeaders()} headers, each below {@code headers()},
 *       whose {@code destinationOf} is the destination;</li>
 *   <li>{@code candidates}: 1 to {@code maxCandidates()} channels, each leaving the router, none twice
 *       (and the same for {@code escapeCandidates} when {@code hasEscape()});</li>
 *   <li>{@code after-hop}: the header after a hop is below {@code headers()} and keeps its destination;</li>
 *   <li>{@code minimal}: a function that declares {@code minimal()} offers no route on which a packet
 *       can circle: the graph of (router, arriving channel, header) its routes go through has no cycle.
 *       The engines rely on it: the explorer decides drainability in one pass, and CP-SAT's proof
 *       implies it.</li>
 * </ul>
 * A method that throws is a violation of the check that called it. The routes followed are bounded
 * ({@value #MAX_STEPS} router-header-channel steps in all): past the bound the remaining routes are
 * not checked, and {@code minimal} is not judged.
 */
public final class RoutingContract {

    /** The most (router, arriving channel, header) steps followed. */
    static final int MAX_STEPS = 50_000;

    /** One broken promise: the check, and what happened where. */
    public record Violation(String routing, String check, String detail) {
        @Override
        public String toString() {
            return routing + ": " + check + ": " + detail;
        }
    }

    private RoutingContract() {
    }

    /**
     * Every violation found (at most one per check), in the order above; empty when none.
     */
    public static List<Violation> violations(RoutingFunction routing, Topology topology) {
        return new Run(routing, topology).run(null);
    }

    /**
     * As {@link #violations(RoutingFunction, Topology)}, following only the routes of {@code pairs}
     * (source, destination): the pairs a spec's traffic sends, for a routing that need not route the
     * others (a routing table, a turn model, issue 47).
     */
    public static List<Violation> violations(RoutingFunction routing, Topology topology, List<int[]> pairs) {
        return new Run(routing, topology).run(pairs);
    }

    /**
     * @throws AssertionError listing every violation, when there is one
     */
    public static void check(RoutingFunction routing, Topology topology) {
        List<Violation> v = violations(routing, topology);
        if (!v.isEmpty()) {
            StringBuilder b = new StringBuilder(label(routing)).append(" breaks the routing contract:");
            v.forEach(x -> b.append("\n  ").append(x.check()).append(": ").append(x.detail()));
            throw new AssertionError(b.toString());
        }
    }

    /**
     * Why a function's {@code minimal()} claim cannot be relied on: the violation of {@code minimal}, or, when its
     * routes were too many to follow within the bound, that the claim could not be checked; null when the function
     * does not claim it or the claim was checked and holds.
     */
    public static Violation falseMinimal(RoutingFunction routing, Topology topology) {
        if (!routing.minimal()) {
            return null;
        }
        Run run = new Run(routing, topology);
        List<Violation> found = run.run(null);
        if (!run.bounded) {
            return new Violation(label(routing), "minimal", "declares minimal() but its routes are more than "
                + String.format("%,d", MAX_STEPS) + " route states, too many to check that no packet can circle");
        }
        return found.stream().filter(v -> v.check().equals("minimal")).findFirst().orElse(null);
    }

    static String label(RoutingFunction r) {
        String cls = r.getClass().getName();
        String name;
        try {
            name = r.name();
        } catch (RuntimeException e) {
            name = null;
        }
        return name == null || name.equals(cls) ? cls : cls + " (" + name + ")";
    }

    private static final class Run {
        final RoutingFunction r;
        final Topology t;
        final Map<String, Violation> found = new LinkedHashMap<>();
        final int[] out;
        final int[] headers;

        Run(RoutingFunction r, Topology t) {
            this.r = r;
            this.t = t;
            this.out = new int[Math.max(1, r.maxCandidates()) + 1];
            this.headers = new int[Math.max(1, r.maxInjectHeaders()) + 1];
        }

        void fail(String check, String detail) {
            found.putIfAbsent(check, new Violation(label(r), check, detail));
        }

        /** The route states (router, arriving channel, header) by key, their ids, and the hops between them. */
        final Map<Long, Integer> ids = new java.util.HashMap<>();
        final List<long[]> states = new ArrayList<>();
        final List<int[]> hops = new ArrayList<>();
        /** Whether every route was followed (within {@link #MAX_STEPS}). */
        boolean bounded = true;

        int id(int node, int in, int h, ArrayDeque<Integer> todo) {
            long key = ((long) node * (t.channels() + 1) + in + 1) * r.headers() + h;
            Integer i = ids.get(key);
            if (i == null) {
                i = states.size();
                ids.put(key, i);
                states.add(new long[] {node, in, h});
                hops.add(new int[0]);
                todo.add(i);
            }
            return i;
        }

        List<Violation> run(List<int[]> given) {
            List<int[]> pairs = given;
            if (pairs == null) {
                pairs = new ArrayList<>();
                for (int s : t.endpoints()) {
                    for (int d : t.endpoints()) {
                        pairs.add(new int[] {s, d});
                    }
                }
            }
            ArrayDeque<Integer> todo = new ArrayDeque<>();
            bounded = true;
            for (int[] pair : pairs) {
                int s = pair[0];
                int d = pair[1];
                if (s == d) {
                    continue;
                }
                if (states.size() >= MAX_STEPS) {
                    bounded = false;
                    break;
                }
                int k;
                try {
                    k = r.injectHeaders(s, d, headers);
                } catch (RuntimeException e) {
                    fail("inject-headers", "injectHeaders(" + t.nodeName(s) + ", " + t.nodeName(d) + ") threw " + e);
                    continue;
                }
                if (k < 1 || k > r.maxInjectHeaders()) {
                    fail("inject-headers", "injectHeaders(" + t.nodeName(s) + ", " + t.nodeName(d) + ") gives " + k
                        + " headers (expected 1 to maxInjectHeaders(), " + r.maxInjectHeaders() + ")");
                    continue;
                }
                for (int i = 0; i < k; i++) {
                    int h = headers[i];
                    if (h < 0 || h >= r.headers() || r.destinationOf(h) != d) {
                        fail("inject-headers", "injectHeaders(" + t.nodeName(s) + ", " + t.nodeName(d) + ") gives header "
                            + h + (h < 0 || h >= r.headers() ? " (headers() is " + r.headers() + ")"
                            : ", whose destinationOf is " + r.destinationOf(h)));
                        continue;
                    }
                    id(s, -1, h, todo);
                }
                while (!todo.isEmpty()) {
                    int i = todo.poll();
                    long[] st = states.get(i);
                    int node = (int) st[0];
                    int in = (int) st[1];
                    int h = (int) st[2];
                    if (in >= 0 && exit(h) == node) {
                        continue;
                    }
                    List<Integer> next = new ArrayList<>();
                    follow(node, in, h, false, todo, next);
                    if (r.hasEscape()) {
                        follow(node, in, h, true, todo, next);
                    }
                    hops.set(i, next.stream().mapToInt(Integer::intValue).toArray());
                }
                if (!bounded) {
                    break;
                }
            }
            if (bounded && r.minimal()) {
                String cycle = cycle();
                if (cycle != null) {
                    fail("minimal", "declares minimal() but a packet can circle: " + cycle);
                }
            }
            return new ArrayList<>(found.values());
        }

        /** One cycle of the route graph, as the hops it takes; null when it has none. */
        String cycle() {
            int n = states.size();
            byte[] colour = new byte[n];
            int[] parent = new int[n];
            int[] at = new int[n];
            for (int root = 0; root < n; root++) {
                if (colour[root] != 0) {
                    continue;
                }
                ArrayDeque<Integer> stack = new ArrayDeque<>();
                stack.push(root);
                colour[root] = 1;
                parent[root] = -1;
                while (!stack.isEmpty()) {
                    int v = stack.peek();
                    int[] out = hops.get(v);
                    if (at[v] == out.length) {
                        colour[v] = 2;
                        stack.pop();
                        continue;
                    }
                    int w = out[at[v]++];
                    if (colour[w] == 1) {
                        List<String> names = new ArrayList<>();
                        for (int x = v; x != w && x >= 0; x = parent[x]) {
                            names.add(0, name(x));
                        }
                        names.add(0, name(w));
                        return String.join(" => ", names) + " => (back to the first)";
                    }
                    if (colour[w] == 0) {
                        colour[w] = 1;
                        parent[w] = v;
                        stack.push(w);
                    }
                }
            }
            return null;
        }

        String name(int i) {
            long[] st = states.get(i);
            return "at " + t.nodeName((int) st[0]) + (st[1] < 0 ? " on injection" : " from " + t.channelName((int) st[1]))
                + " for " + r.headerName((int) st[2], t);
        }

        int exit(int h) {
            try {
                return r.exitNode(h);
            } catch (RuntimeException e) {
                fail("after-hop", "exitNode(" + h + ") threw " + e);
                return -1;
            }
        }

        void follow(int node, int in, int h, boolean escape, ArrayDeque<Integer> todo, List<Integer> next) {
            String what = escape ? "escapeCandidates" : "candidates";
            String at = what + "(" + t.nodeName(node) + ", " + (in < 0 ? "injection" : t.channelName(in)) + ", "
                + r.headerName(h, t) + ")";
            int n;
            try {
                n = escape ? r.escapeCandidates(node, in, h, out) : r.candidates(node, in, h, out);
            } catch (RuntimeException e) {
                fail("candidates", at + " threw " + e);
                return;
            }
            if (n < 1 || n > r.maxCandidates()) {
                fail("candidates", at + " gives " + n + " channels (expected 1 to maxCandidates(), " + r.maxCandidates()
                    + ")");
                return;
            }
            int dest = r.destinationOf(h);
            for (int i = 0; i < n; i++) {
                int c = out[i];
                if (c < 0 || c >= t.channels() || t.source(c) != node) {
                    fail("candidates", at + " gives channel " + (c < 0 || c >= t.channels() ? Integer.toString(c)
                        : t.channelName(c)) + ", which does not leave " + t.nodeName(node));
                    continue;
                }
                for (int j = 0; j < i; j++) {
                    if (out[j] == c) {
                        fail("candidates", at + " gives channel " + t.channelName(c) + " twice");
                    }
                }
                int after;
                try {
                    after = r.afterHop(h, in, c);
                } catch (RuntimeException e) {
                    fail("after-hop", "afterHop after " + at + " over " + t.channelName(c) + " threw " + e);
                    continue;
                }
                if (after < 0 || after >= r.headers() || r.destinationOf(after) != dest) {
                    fail("after-hop", "afterHop over " + t.channelName(c) + " after " + at + " gives header " + after
                        + (after < 0 || after >= r.headers() ? " (headers() is " + r.headers() + ")"
                        : ", whose destination is " + t.nodeName(r.destinationOf(after))));
                    continue;
                }
                next.add(id(t.target(c), c, after, todo));
            }
        }
    }
}
