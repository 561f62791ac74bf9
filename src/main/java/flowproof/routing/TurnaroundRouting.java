package flowproof.routing;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import flowproof.topology.Topology;
import java.util.List;
import flowproof.ConfigurationException;
import flowproof.topology.Bmin;

/**
 * Deterministic turnaround routing on a {@link Bmin}, table-based as in the FBICM paper
 * (section 3.1: routing tables filled at network setup by a self-routing algorithm, one
 * output port per destination, packets carry only their destination).
 *
 * <p><b>Algorithm.</b> A packet for terminal {@code d} goes forward (rightward) until it
 * reaches a switch from which {@code d} is reachable backward ({@link Bmin#reaches}),
 * which happens first at the lowest common stage {@code L} of source and destination
 * ({@link Bmin#turnStage}) whatever ports it took; there it turns around and goes
 * backward through the one left port whose subtree holds {@code d}, down to {@code d}.
 * Once backward, every switch it meets reaches {@code d}, so it never goes forward again.
 * The route takes {@code 2 * (L + 1)} hops, and no route is shorter: the switches of
 * stages below {@code L} that a packet from the source can visit reach only terminals
 * that differ from {@code d} in a digit those stages cannot change. Every hop lowers the
 * remaining hop count by one, so the function is {@link #minimal}.
 *
 * <p><b>Forward port.</b> At a stage-{@code s} switch the forward phase takes right port
 * {@code digit(d, (n-s) mod n)} of the destination in base k: the least significant digit at
 * stage 0, then the most significant, the next, and so on. A stage-{@code s} switch reached
 * forward has the ports taken as its low {@code s} digits whatever the source, so all
 * packets for {@code d} that turn at stage {@code L} turn at the same switch, and the
 * backward channels used towards {@code d} form a tree: one switch per stage descends
 * towards {@code d}. The backward channel from stage {@code s+1} into stage {@code s}
 * is named by that switch and its right port: the switch's top {@code n-1-s} digits are
 * {@code d}'s digits {@code 1 .. n-1-s} (reachability) and the {@code s+1} ports name
 * digits {@code 0} and {@code n-s .. n-1}, so together they are all of {@code d}'s digits:
 * every return channel carries the packets of exactly one destination, and the return
 * channels of every layer are balanced. (Most significant digit first,
 * {@code digit(d, n-1-s)} as destination-tag routing in a butterfly, sends the packets for
 * all k terminals of a first-stage switch down one backward channel, which caps uniform
 * traffic on the 64-host BMIN at 0.2625 flits/host/cycle; least significant digit first,
 * {@code digit(d, s)}, balances the layer into stage 0 but sends k destinations down each
 * channel into stage 1, a cap of 0.3281. The FBICM paper (002, section 4.1) says only that
 * a deterministic self-routing algorithm fills the tables, the output port a function of
 * the destination, not which digit a stage uses.)
 *
 * <p><b>Table.</b> {@code table[node * N + d]} is the channel a packet at {@code node}
 * for terminal {@code d} takes (-1 at {@code d} itself): for a terminal its injection
 * channel, for a switch the entry of its routing table. The entry depends only on the
 * switch, not on the input port, because a packet arriving backward at a switch always
 * finds {@code d} reachable from it. It is filled once by the constructor;
 * {@link #candidates} only looks it up.
 */
public final class TurnaroundRouting implements RoutingFunction {

    /** Largest routing table accepted, in entries (nodes x terminals). */
    public static final int MAX_TABLE = 1 << 24;

    private final Bmin bmin;
    private final int terminals;
    private final int[] table;

    /**
     * Fills the routing table of {@code bmin}.
     *
     * @throws ConfigurationException with field {@code routing} when the table would have
     *                                more than {@link #MAX_TABLE} entries
     */
    public TurnaroundRouting(Bmin bmin) {
        this.bmin = bmin;
        this.terminals = bmin.terminals();
        long entries = (long) bmin.nodes() * terminals;
        if (entries > MAX_TABLE) {
            throw new ConfigurationException("routing", "at most " + MAX_TABLE
                + " routing-table entries (nodes x terminals) for turnaround", entries + " for " + bmin.describe());
        }
        this.table = new int[(int) entries];
        for (int d = 0; d < terminals; d++) {
            for (int v = 0; v < bmin.nodes(); v++) {
                table[v * terminals + d] = v == d ? -1 : entry(v, d);
            }
        }
    }

    /** The channel a packet at node {@code v != d} for terminal {@code d} takes. */
    private int entry(int v, int d) {
        int s = bmin.stageOf(v);
        if (s < 0) {
            return bmin.injectionChannel(v);
        }
        int k = bmin.radix();
        if (!bmin.reaches(v, d)) {
            int digit = d;
            for (int j = 0; j < (bmin.stages() - s) % bmin.stages(); j++) {
                digit /= k;
            }
            return bmin.rightChannel(v, digit % k, 1);
        }
        int found = -1;
        for (int port = 0; port < k; port++) {
            int c = bmin.leftChannel(v, port, -1);
            if (bmin.reaches(bmin.target(c), d)) {
                if (found >= 0) {
                    throw new IllegalStateException("two left ports of " + bmin.nodeName(v) + " reach " + d);
                }
                found = c;
            }
        }
        if (found < 0) {
            throw new IllegalStateException("no left port of " + bmin.nodeName(v) + " reaches " + d);
        }
        return found;
    }

    /**
     * The table entry for ({@code node}, {@code destination}): one channel, or none at the
     * destination or for a destination that is not a terminal. {@code inChannel} is not
     * consulted (see the class comment).
     */
    @Override
    public int candidates(int node, int inChannel, int destination, int[] out) {
        if (destination < 0 || destination >= terminals) {
            return 0;
        }
        int c = table[node * terminals + destination];
        if (c < 0) {
            return 0;
        }
        out[0] = c;
        return 1;
    }

    @Override
    public int maxCandidates() {
        return 1;
    }

    /**
     * Hops from {@code node} to terminal {@code destination} along the table: {@code 2 * (L + 1)}
     * from another terminal, {@code s + 1} from a stage-{@code s} switch that reaches it
     * backward; -1 when the destination is not a terminal.
     */
    @Override
    public int distance(int node, int destination) {
        if (destination < 0 || destination >= terminals) {
            return -1;
        }
        int hops = 0;
        int at = node;
        while (at != destination) {
            at = bmin.target(table[at * terminals + destination]);
            hops++;
        }
        return hops;
    }

    /** True: turnaround routes are shortest paths and every hop lowers the remaining distance. */
    @Override
    public boolean minimal() {
        return true;
    }

    @Override
    public String name() {
        return "turnaround";
    }

    /** The nodes of the BMIN (only terminals are ever destinations). */
    @Override
    public int headers() {
        return bmin.nodes();
    }

    /** {@code routing: turnaround}: up to the nearest turnaround stage and down. */
    @AutoService(RoutingFactory.class)
    public static final class Factory implements RoutingFactory {
        @Override
        public String name() {
            return "turnaround";
        }

        @Override
        public RoutingFunction create(Topology topology, PluginParams params) {
            return new TurnaroundRouting((Bmin) topology);
        }

        @Override
        public List<Param> params() {
            return RoutingParams.NONE;
        }

        @Override
        public String refuses(Topology topology) {
            return topology instanceof Bmin ? null : "is for bmin networks";
        }
    }
}
