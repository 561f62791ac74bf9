package flowproof.report;

import flowproof.cdg.ChannelDependencyGraph;
import flowproof.explore.ExplorationResult;
import flowproof.explore.Property;
import flowproof.explore.PropertyStatus;
import flowproof.explore.Snapshot;
import flowproof.explore.Trace;
import flowproof.explore.Verdict;
import flowproof.routing.RoutingFunction;
import flowproof.solve.Witness;
import flowproof.topology.Network;
import java.util.Map;

/** The human-readable report of one checked spec. */
public final class ResultText {

    private ResultText() {
    }

    public static String of(String specPath, String name, String traffic, ExplorationResult r, Verdict expected,
                            Map<Property, String> counterexamples) {
        StringBuilder b = new StringBuilder();
        b.append(name).append("  (").append(specPath).append(")\n");
        b.append(String.format("  %-14s %s; traffic %s%n", "model", r.model().describe(), traffic));
        String how = (r.complete() ? "exhaustive" : "first-violation".equals(r.limit())
            ? "breadth-first, stopped at the first violation"
            : "partial search, stopped by the " + r.limit() + " limit")
            + (r.product() == null ? "" : ", injection-queue product");
        String exp = expected == null ? "" : "; expected " + expected.key() + ": "
            + (r.verdict() == Verdict.INCOMPLETE ? "not established" : r.verdict().satisfies(expected) ? "ok" : "MISMATCH");
        b.append(String.format("  %-14s %s (%s%s)%n", "verdict", r.verdict().key(), how, exp));
        b.append(String.format("  %-14s %s %s, %s transitions, %s, %.2f s%n", "states",
            r.states() < 0 ? "more than 2^63" : String.format("%,d", r.states()),
            r.complete() ? "reachable" : "found so far", r.transitions() < 0 ? "more than 2^63" : String.format("%,d", r.transitions()),
            r.depth() < 0 ? "depth not computed" : "depth " + r.depth(), r.seconds()));
        if (r.product() != null) {
            b.append(String.format("  %-14s %s%n", "product", r.product()));
        }
        if (r.symmetry() != null) {
            b.append(String.format("  %-14s %s%s%n", "symmetry", r.symmetry(), r.symmetryOrder() == 1 ? ""
                : String.format("; %,d orbits stored for those %,d states", r.orbits(), r.states())));
        }
        if (r.threads() > 1 || r.symmetry() != null) {
            b.append(String.format("  %-14s %d thread%s, %,.0f %sstates/s, %.1f MB stored (%.1f bytes per stored state)%n",
                "search", r.threads(), r.threads() == 1 ? "" : "s",
                (r.product() == null ? r.states() : r.orbits()) / Math.max(1e-9, r.seconds()), r.product() == null ? "" : "stored ",
                r.storedBytes() / 1e6, r.bytesPerState()));
        }
        for (Map.Entry<Property, PropertyStatus> e : r.properties().entrySet()) {
            if (e.getValue() == PropertyStatus.NOT_CHECKED && !r.complete() && e.getKey() != Property.DRAINABILITY) {
                continue;
            }
            if (e.getValue() == PropertyStatus.NOT_CHECKED && r.complete()) {
                continue;
            }
            String extra = "";
            if (e.getKey() == Property.STUCK_FREEDOM && e.getValue() == PropertyStatus.VIOLATED) {
                extra = String.format(" (%,d stuck states)", r.stuckStates());
            } else if (e.getKey() == Property.DRAINABILITY && e.getValue() == PropertyStatus.VIOLATED) {
                extra = String.format(" (%,d states cannot drain)", r.undrainableStates());
            } else if (e.getKey() == Property.INJECTABILITY && e.getValue() == PropertyStatus.VIOLATED) {
                extra = " (" + starved(r) + ")";
            } else if (e.getKey() == Property.INJECTABILITY && e.getValue() == PropertyStatus.UNKNOWN) {
                extra = " (some pair not seen to inject before the limit)";
            } else if (e.getKey() == Property.DRAINABILITY && e.getValue() == PropertyStatus.NOT_CHECKED) {
                extra = "first-violation".equals(r.limit())
                    ? " (needs the complete state space: --all-properties searches on)"
                    : " (needs the complete state space)";
            }
            b.append(String.format("  %-14s %-27s %s%s%n", "property", e.getKey().key(), e.getValue().key(), extra));
        }
        r.traces().forEach((p, t) -> {
            String f = counterexamples.get(p);
            b.append(String.format("  %-14s %s: %d %s%s%s%n", "counterexample", p.key(), t.length(),
                t.synchronous() ? "clock cycle" : "move", t.length() == 1 ? "" : "s",
                f == null ? "" : ", saved to " + f));
        });
        if (r.primaryTrace() != null) {
            b.append('\n').append(Picture.trace(r.model(), r.primaryTrace()));
        }
        return b.toString();
    }

    /**
     * The lines of a channel dependency graph: its size, whether it is acyclic and how long it
     * took, and its cycle, if any.
     *
     * @param cdg     the graph (full, or Duato's extended graph of the escape VCs)
     * @param seconds seconds spent building it
     * @return one or two lines
     */
    public static String cdg(ChannelDependencyGraph cdg, double seconds) {
        StringBuilder b = new StringBuilder(String.format("  %-14s %,d queues, %,d dependencies, %s, %.2f s%n",
            cdg.kind() != ChannelDependencyGraph.Kind.FULL ? "duato cdg" : "cdg",
            cdg.vertices(), cdg.edges(), cdg.acyclic() ? "acyclic" : "cyclic", seconds));
        if (!cdg.acyclic()) {
            b.append(String.format("  %-14s %s => (back to the first)%n", "cycle", String.join(" => ", cdg.cycleNames())));
        }
        return b.toString();
    }

    /**
     * A deadlock configuration drawn: one line per queue it involves, with what its head waits for.
     *
     * @param net     the network
     * @param routing the routing function (names the packets)
     * @param w       the configuration
     * @return the lines
     */
    public static String witness(Network net, RoutingFunction routing, Witness w) {
        Snapshot s = new Snapshot(w.packets(), w.marks());
        StringBuilder b = new StringBuilder();
        for (int q : w.queuesInvolved()) {
            b.append(String.format("    %-24s %-16s", net.queueName(q), Picture.queue(net, routing, s, q)));
            if (w.waitsOn()[q].length > 0) {
                b.append(" head waits for");
                for (int t : w.waitsOn()[q]) {
                    b.append(' ').append(net.queueName(t)).append(' ').append(Picture.queue(net, routing, s, t));
                }
            }
            b.append('\n');
        }
        return b.toString();
    }

    /** One phrase naming the pairs that can never inject, e.g. {@code 0 -> 1, 0 -> 2 can never inject}. */
    public static String starved(ExplorationResult r) {
        Trace t = r.traces().get(Property.INJECTABILITY);
        if (t == null) {
            return "";
        }
        var top = r.model().network().topology();
        StringBuilder b = new StringBuilder();
        int n = t.starved().size();
        b.append(n == 1 ? "1 pair" : String.format("%,d of %,d pairs", n, r.model().traffic().size()))
            .append(" can never inject from any reachable state: ");
        int shown = 0;
        for (Trace.Pair p : t.starved()) {
            if (shown++ == 4) {
                b.append(String.format(" and %,d more", n - 4));
                break;
            }
            b.append(shown == 1 ? "" : ", ").append(top.nodeName(p.source())).append(" -> ")
                .append(top.nodeName(p.destination()));
        }
        return b.toString();
    }
}
