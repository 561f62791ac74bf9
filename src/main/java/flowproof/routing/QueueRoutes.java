package flowproof.routing;

import flowproof.rule.FlowControlRule;
import flowproof.topology.Network;
import flowproof.topology.Topology;

/**
 * Where a packet may go next, at the level of queues (channel x VC): the routing
 * function's candidate channels, on the VCs their class allows, filtered by the rule's VC
 * discipline for the packet's destination ({@link FlowControlRule#mayUse(Network, int, int, int)}). The explorer tabulates its moves from this
 * and the channel dependency graphs take their edges from it, so both engines see the
 * same routes.
 *
 * <p>Candidates come in two classes. <em>Primary</em>: the routing function's
 * {@link RoutingFunction#candidates}, on every VC (without an escape sub-function) or on
 * the adaptive VCs {@code ringVcs..vcs-1} (with one). <em>Escape</em>: the
 * {@link RoutingFunction#escapeCandidates} on the escape VCs {@code 0..ringVcs-1}, only
 * when the function has an escape sub-function.
 *
 * <p>Every routing error a reachable packet can meet is reported here, as a
 * {@link RoutingException} naming the node, the packet and the channel: no candidate, a
 * channel that does not exist or does not leave the node, or candidates on which the rule
 * allows no VC.
 */
public final class QueueRoutes {

    /**
     * The escape discipline, written once for every engine (explorer, synchronous and
     * wormhole expanders, simulator): a packet's candidates are tried in order, the primary
     * ones ({@code i < primary}) first; the escape candidates only when no primary candidate
     * admitted the packet (Duato: escape VCs are taken when the adaptive ones are refused),
     * or always under {@code escape: any}.
     *
     * @param i              the candidate's index in {@link Next#queues()}
     * @param primary        how many candidates are primary ({@link Next#primary()})
     * @param admittedBefore whether a candidate before {@code i} admitted the packet
     * @param escapeAny      {@code escape: any}
     * @return whether candidate {@code i} is tried
     */
    public static boolean tries(int i, int primary, boolean admittedBefore, boolean escapeAny) {
        return i < primary || !admittedBefore || escapeAny;
    }


    /**
     * The next queues of a packet and the header it has in each: {@code queues[0..primary)}
     * are primary candidates, the rest escape candidates. Empty (and {@code exits}) when
     * the packet leaves the network where it is.
     */
    public record Next(int[] queues, int[] headers, int primary, boolean exits) {

        public int size() {
            return queues.length;
        }
    }

    private final Network network;
    private final RoutingFunction routing;
    private final FlowControlRule rule;
    private final int[] channels;

    public QueueRoutes(Network network, RoutingFunction routing, FlowControlRule rule) {
        this.network = network;
        this.routing = routing;
        this.rule = rule;
        this.channels = new int[Math.max(1, routing.maxCandidates())];
    }

    public Network network() {
        return network;
    }

    public RoutingFunction routing() {
        return routing;
    }

    public FlowControlRule rule() {
        return rule;
    }

    /** The headers a packet from {@code source} to {@code destination} may be injected with. */
    public int[] injectHeaders(int source, int destination) {
        int[] out = new int[Math.max(1, routing.maxInjectHeaders())];
        int n = routing.injectHeaders(source, destination, out);
        if (n <= 0) {
            Topology t = network.topology();
            throw new RoutingException("routing " + routing.name() + " offers no route from " + t.nodeName(source)
                + " to " + t.nodeName(destination));
        }
        return java.util.Arrays.copyOf(out, n);
    }

    /**
     * The next queues of a packet with {@code header} at the head of queue {@code from}, or
     * being injected at {@code node} ({@code from == FlowControlRule.INJECT}).
     */
    public Next next(int from, int node, int header) {
        if (from >= 0) {
            node = network.nodeOf(from);
            if (routing.exitNode(header) == node) {
                return new Next(new int[0], new int[0], 0, true);
            }
        }
        int inChannel = from >= 0 ? network.channelOf(from) : -1;
        int vcs = network.vcs();
        boolean escape = routing.hasEscape();
        int lo = escape ? network.ringVcs() : 0;
        int n = checked(routing.candidates(node, inChannel, header, channels), node, inChannel, header, escape ? "adaptive " : "");
        int[] q = new int[(n + (escape ? channels.length : 0)) * vcs];
        int[] h = new int[q.length];
        int count = add(from, inChannel, n, lo, vcs, q, h, 0, header);
        int primary = count;
        if (escape) {
            int e = routing.escapeCandidates(node, inChannel, header, channels);
            e = checked(e, node, inChannel, header, "escape ");
            count = add(from, inChannel, e, 0, network.ringVcs(), q, h, count, header);
            if (count == primary) {
                throw error(node, inChannel, header, ": the rule " + rule.describe() + " allows no escape VC of its escape channel");
            }
        }
        if (count == 0 && routing instanceof ClassedRouting cr) {
            throw error(node, inChannel, header, ": no VC of channel" + (n == 1 ? " " + network.topology().channelName(channels[0])
                : "s " + names(n)) + (from >= 0 ? " after " + network.queueName(from) : " on injection") + ": "
                + cr.noVc(routing.afterHop(header, inChannel, channels[0]), rule.describe()));
        }
        if (count == 0) {
            throw error(node, inChannel, header, ": the rule " + rule.describe() + " allows no VC of channel"
                + (n == 1 ? " " + network.topology().channelName(channels[0]) : "s ") + (n == 1 ? "" : names(n))
                + (from >= 0 ? " after " + network.queueName(from) : " on injection")
                + " (too few VCs for the rule?)");
        }
        return new Next(java.util.Arrays.copyOf(q, count), java.util.Arrays.copyOf(h, count), primary, false);
    }

    private int add(int from, int inChannel, int n, int lo, int hi, int[] q, int[] h, int count, int header) {
        for (int i = 0; i < n; i++) {
            int after = routing.afterHop(header, inChannel, channels[i]);
            for (int v = lo; v < hi; v++) {
                int t = network.queue(channels[i], v);
                if (routing.allowsVc(after, v) && rule.mayUse(network, from, t, routing.destinationOf(after))) {
                    q[count] = t;
                    h[count] = after;
                    count++;
                }
            }
        }
        return count;
    }

    private String names(int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : ", ").append(network.topology().channelName(channels[i]));
        }
        return b.toString();
    }

    private int checked(int n, int node, int inChannel, int header, String what) {
        Topology topo = network.topology();
        if (n <= 0) {
            String note = routing.noRouteNote(node, inChannel, header);
            throw error(node, inChannel, header, "returns no " + what + "candidate channel"
                + (note == null ? "" : ": " + note) + " (routability)");
        }
        for (int i = 0; i < n; i++) {
            int c = channels[i];
            if (c < 0 || c >= topo.channels()) {
                throw error(node, inChannel, header, "returns " + what + "channel " + c + ", which does not exist");
            }
            if (topo.source(c) != node) {
                throw error(node, inChannel, header, "returns " + what + "channel " + topo.channelName(c)
                    + ", which does not leave " + topo.nodeName(node));
            }
        }
        return n;
    }

    private RoutingException error(int node, int inChannel, int header, String what) {
        Topology topo = network.topology();
        return new RoutingException("routing " + routing.name() + " for a packet at node " + topo.nodeName(node)
            + " destined to " + routing.headerName(header, topo)
            + (inChannel < 0 ? " (being injected)" : " on channel " + topo.channelName(inChannel))
            + (what.startsWith(":") ? what : " " + what));
    }
}
