package flowproof.report;

import flowproof.explore.Model;
import flowproof.explore.Move;
import flowproof.explore.Replayer;
import flowproof.explore.Snapshot;
import flowproof.explore.Trace;
import flowproof.routing.RoutingFunction;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import flowproof.topology.Grid;

/**
 * ASCII pictures of network states and traces.
 *
 * <p>A queue is drawn as {@code [a b . *]}: its packets by destination (or routing header, e.g. {@code 3 via 1}), head first,
 * then its free slots, {@code .} for a normal free slot and {@code *} for a critical
 * one (CBS). A 1-D ring is drawn as a line of nodes with each channel's queues between
 * the two nodes; other networks list every node's input queues.
 *
 * <p>Under wormhole ({@link Snapshot#flits} present) a queue is drawn as {@code [3: h f .]}:
 * the header of the packet its VC is allocated to, then its flits front first ({@code h} the
 * head, {@code t} the tail, {@code f} a body flit, {@code ht} a one-flit packet), then
 * {@code .} per free flit slot; a free VC has no header ({@code [. .]}), and an allocated VC
 * whose flits moved on before the rest arrived shows only its header and free slots
 * ({@code [3: . .]}). The flits each node still has to inject follow the network.
 */
public final class Picture {

    public static final String LEGEND = "queues: packets by destination, head first; '.' free slot, '*' critical free slot";
    public static final String WORMHOLE_LEGEND = "queues: 'D:' the destination of the packet the VC is allocated to,"
        + " then its flits front first, h head, f body, t tail; '.' free flit slot";

    private Picture() {
    }

    public static String queue(Network net, RoutingFunction routing, Snapshot s, int q) {
        return queue(net, routing, s, q, net.capacity());
    }

    /** A queue of {@code slots} slots: packets, or flits under wormhole. */
    private static String queue(Network net, RoutingFunction routing, Snapshot s, int q, int slots) {
        Topology t = net.topology();
        if (s.flits() != null) {
            return wormholeQueue(routing, t, s, q, slots);
        }
        StringBuilder b = new StringBuilder("[");
        int[] p = s.packets()[q];
        for (int i = 0; i < p.length; i++) {
            if (i > 0) {
                b.append(' ');
            }
            b.append(routing.headerName(p[i], t));
        }
        int free = net.capacity() - p.length;
        int marks = s.marks()[q];
        for (int i = 0; i < free; i++) {
            if (b.length() > 1) {
                b.append(' ');
            }
            b.append(i >= free - marks ? '*' : '.');
        }
        return b.append(']').toString();
    }

    private static String wormholeQueue(RoutingFunction routing, Topology t, Snapshot s, int q, int slots) {
        int[] w = s.flits()[q];
        int n = s.packets()[q].length;
        StringBuilder b = new StringBuilder("[");
        if (w[0] >= 0) {
            b.append(routing.headerName(w[0], t)).append(':');
        }
        for (String f : flits(s, q)) {
            b.append(b.length() > 1 ? " " : "").append(f);
        }
        for (int i = n; i < slots; i++) {
            b.append(b.length() > 1 ? " " : "").append('.');
        }
        return b.append(']').toString();
    }

    /** Under wormhole, the flits of queue {@code q} front first: h head, f body, t tail, ht a one-flit packet. */
    public static java.util.List<String> flits(Snapshot s, int q) {
        int[] w = s.flits()[q];
        int n = s.packets()[q].length;
        java.util.List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            boolean head = i == 0 && w[2] == 1;
            boolean tail = i == n - 1 && w[3] == 1;
            out.add(head && tail ? "ht" : head ? "h" : tail ? "t" : "f");
        }
        return out;
    }

    private static String queues(Model model, Snapshot s, int channel) {
        Network net = model.network();
        int slots = model.wormhole() == null ? net.capacity() : model.wormhole().queueFlits();
        StringBuilder b = new StringBuilder();
        for (int v = 0; v < net.vcs(); v++) {
            if (v > 0) {
                b.append('/');
            }
            b.append(queue(net, model.routing(), s, net.queue(channel, v), slots));
        }
        return b.toString();
    }

    /** The picture of one state, with its injection queues when the model has them. */
    public static String state(Model model, Snapshot s) {
        String net = network(model, s);
        Topology t = model.network().topology();
        if (s.flits() != null) {
            StringBuilder b = new StringBuilder(net);
            String sep = "  still to inject: ";
            for (int v = 0; v < s.sources().length; v++) {
                int k = s.sources()[v].length;
                if (k > 0) {
                    b.append(sep).append(k).append(k == 1 ? " flit of " : " flits of ").append(t.nodeName(v))
                        .append(" -> ").append(t.nodeName(s.sources()[v][0]));
                    sep = "; ";
                }
            }
            return sep.startsWith(";") ? b.append('\n').toString() : net;
        }
        if (s.endpoints().length > 0) {
            return net + endpoints(model, s);
        }
        if (s.sources().length == 0) {
            return net;
        }
        StringBuilder b = new StringBuilder(net).append("  injection queues (head first):");
        for (int v = 0; v < s.sources().length; v++) {
            b.append(' ').append(t.nodeName(v)).append(" [");
            for (int i = 0; i < s.sources()[v].length; i++) {
                b.append(i > 0 ? " " : "").append(t.nodeName(s.sources()[v][i]));
            }
            for (int i = s.sources()[v].length; i < model.injectionQueue(); i++) {
                b.append(b.charAt(b.length() - 1) == '[' ? "" : " ").append('.');
            }
            b.append(']');
        }
        return b.append('\n').toString();
    }

    /**
     * The endpoint queues of message classes, one line per node: each input queue lists the
     * nodes its messages' answers go to, each output queue its messages' destinations, head
     * first, '.' per free slot.
     */
    private static String endpoints(Model model, Snapshot s) {
        var msg = model.messages();
        Topology t = model.network().topology();
        int half = msg.classes() - 1;
        StringBuilder b = new StringBuilder("  endpoint queues (input: where the answer goes; output: destination; head first):\n");
        // past SHOWN_EMPTY nodes, as in the network's picture, a node whose endpoint queues are all empty is left out
        boolean leaveOut = t.nodes() > SHOWN_EMPTY;
        int left = 0;
        for (int v = 0; v < t.nodes(); v++) {
            StringBuilder line = new StringBuilder("  ").append(t.nodeName(v)).append(':');
            boolean empty = true;
            for (int k = 0; k < 2 * half; k++) {
                int[] e = s.endpoints()[v * 2 * half + k];
                empty &= e.length == 0;
                line.append("  ").append(k < half ? "in " + msg.className(k) : "out " + msg.className(k - half + 1)).append(" [");
                for (int i = 0; i < msg.endpointQueue(); i++) {
                    line.append(i > 0 ? " " : "").append(i < e.length ? t.nodeName(e[i]) : ".");
                }
                line.append(']');
            }
            if (leaveOut && empty) {
                left++;
            } else {
                b.append(line).append('\n');
            }
        }
        if (left > 0) {
            b.append(String.format("  (%,d of the %,d nodes not shown: every endpoint queue empty)", left, t.nodes()))
                .append('\n');
        }
        return b.toString();
    }

    /** Networks of up to this many nodes are drawn node by node in full; larger ones leave out the empty nodes. */
    static final int SHOWN_EMPTY = 16;

    private static String network(Model model, Snapshot s) {
        Network net = model.network();
        RoutingFunction routing = model.routing();
        Topology t = net.topology();
        StringBuilder b = new StringBuilder();
        if (t instanceof Grid torus && torus.dimensions() == 1) {
            int k = torus.radix(0);
            for (int sign : torus.bidirectional() ? new int[] {1, -1} : new int[] {1}) {
                b.append(sign > 0 ? "  + : " : "  - : ");
                for (int x = 0; x < k; x++) {
                    b.append(t.nodeName(x));
                    int c = sign > 0 ? t.channel(x, 0, 1) : t.channel((x + 1) % k, 0, -1);
                    if (c < 0 || (!torus.hasWrapAround() && x == k - 1)) {
                        break;
                    }
                    b.append(sign > 0 ? " -" : " <-").append(queues(model, s, c)).append(sign > 0 ? "-> " : "- ");
                    if (x == k - 1) {
                        b.append(t.nodeName(0));
                    }
                }
                b.append('\n');
            }
            if (net.vcs() > 1) {
                b.append("  (a channel's queues: ");
                for (int v = 0; v < net.vcs(); v++) {
                    b.append(v > 0 ? "/" : "").append("vc").append(v);
                }
                b.append(")\n");
            }
            return b.toString();
        }
        boolean torus = t instanceof Grid;
        // past SHOWN_EMPTY nodes a node whose every input queue is empty (no packet, flit or
        // critical mark) is left out, and counted under the picture
        boolean leaveOut = t.nodes() > SHOWN_EMPTY;
        int left = 0;
        for (int node = 0; node < t.nodes(); node++) {
            StringBuilder line = new StringBuilder("  ").append(t.nodeName(node)).append(':');
            boolean empty = true;
            for (int c = 0; c < t.channels(); c++) {
                if (t.target(c) == node) {
                    String dir = t.direction(c) > 0 ? "+" : "-";
                    String label = torus ? "d" + t.dimension(c) + dir : "from " + t.nodeName(t.source(c));
                    String q = queues(model, s, c);
                    empty &= q.chars().allMatch(ch -> ch == '[' || ch == ']' || ch == '.' || ch == ' ' || ch == '/');
                    line.append("  ").append(label).append(' ').append(q);
                }
            }
            if (leaveOut && empty) {
                left++;
            } else {
                b.append(line).append('\n');
            }
        }
        if (left > 0) {
            b.append(String.format("  (%,d of the %,d nodes not shown: every input queue empty)", left, t.nodes()))
                .append('\n');
        }
        if (!torus && net.vcs() > 1) {
            b.append("  (a channel's queues: vc0/vc1/...)\n");
        }
        return b.toString();
    }

    /**
     * The one-line legend under a state's picture, for the way {@link #state} draws this model's
     * network: how a queue is named (a ring's channel between its nodes, else a node's input queue
     * by dimension and direction or by the node it comes from), its contents, and the VCs.
     */
    public static String legend(Model model) {
        Network net = model.network();
        Topology t = net.topology();
        String where = t instanceof Grid torus && torus.dimensions() == 1
            ? "A -[q]-> B the queue of the channel from node A to node B"
            : t instanceof Grid ? "N:  d0+ [q] node N's input queue from dimension 0, + direction"
            : "N:  from M [q] node N's input queue on the channel from node M";
        String contents = model.wormhole() != null
            ? "q = D: the destination of the packet the VC is allocated to, then its flits front first "
                + "(h head, f body, t tail), '.' a free flit slot"
            : "q = packets by destination, head first, '.' a free slot, '*' a critical free slot (CBS)";
        return "legend: " + where + "; " + contents + (net.vcs() > 1 ? "; [q]/[q] a channel's VCs, vc0 first" : "");
    }

    /** Numbered steps and the picture of the last state, with its legend. */
    public static String trace(Model model, Trace trace) {
        StringBuilder b = new StringBuilder();
        String unit = trace.synchronous() ? " clock cycle" : " move";
        b.append("shortest trace to a violation of ").append(trace.property().key()).append(" (")
            .append(trace.length()).append(unit).append(trace.length() == 1 ? "" : "s").append(" from the empty network")
            .append(trace.synchronous() ? ", synchronous steps: every move of a cycle judged on the state at its start" : "")
            .append("):\n");
        int i = 1;
        for (java.util.List<Move> step : trace.steps()) {
            boolean first = true;
            for (Move m : step) {
                b.append(first ? String.format("  %3d. ", i) : "       ").append(Replayer.describe(model, m)).append('\n');
                first = false;
            }
            if (trace.synchronous() && i < trace.length()) {
                b.append(state(model, trace.states().get(i)).replaceAll("(?m)^", "       "));
            }
            i++;
        }
        b.append("final state:\n");
        b.append(state(model, trace.last()));
        b.append(legend(model)).append('\n');
        if (!trace.starved().isEmpty()) {
            var t = model.network().topology();
            b.append("from it, whatever moves follow, these traffic pairs never inject:");
            for (Trace.Pair p : trace.starved()) {
                b.append(' ').append(t.nodeName(p.source())).append("->").append(t.nodeName(p.destination()));
            }
            b.append('\n');
        }
        return b.toString();
    }
}
