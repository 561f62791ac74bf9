package flowproof.rule;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import java.util.List;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import flowproof.topology.Grid;
import java.util.EnumSet;
import java.util.Set;

/**
 * Dateline (Dally and Seitz): in every ring, the hop over the wrap-around channel and every
 * later hop in that ring use VC1; all other hops use VC0. Entering a ring over its
 * wrap-around channel uses VC1. On the chosen VC the rule is virtual cut-through. The VC
 * choice lives here, not in routing: routing offers every VC.
 *
 * <p>With d datelines per ring (State-Propagation Throttling's torus has two, at
 * coordinates 0 and k/2) a ring has d+1 VCs and a packet moves to the next VC at each
 * dateline it crosses: the VC of a hop is the number of datelines crossed so far in that
 * ring, this hop included. Dateline j of a ring of k routers lies on the channels entering
 * coordinate j*k/d going up and leaving it going down (for d = 1: the wrap-around channel).
 *
 * <p>As an escape rule (Duato, {@link EscapeVcs}) a packet may also enter a ring of a torus
 * from a queue on no ring, an adaptive VC, part-way along its route in that ring: it may
 * have crossed the ring's dateline on adaptive VCs already, which its previous queue does
 * not say. Such a hop takes VC {@code d - a}, where {@code a} is the number of datelines
 * the packet's route in the ring crosses after this hop (the route keeps the hop's
 * direction up to the destination's coordinate, as dimension order does): VC0 while the
 * dateline is still ahead, VC1 when the packet has crossed it (or, from the destination
 * alone indistinguishable, never will). Entering on VC0 after the crossing, as a packet
 * from a queue on no ring once did, closes the escape ring under wormhole: the packet
 * holds an escape queue before the dateline while it requests one after it on the same VC
 * (an indirect dependency of Duato's extended graph). With this choice a dependency
 * between two queues of one VC never passes over or onto a dateline channel, so every
 * escape ring is acyclic in the extended graph, wormhole's indirect dependencies
 * included. This needs the destination: {@link #mayUse(Network, int, int, int)}.
 */
public final class Dateline implements FlowControlRule {

    private final int datelines;

    /** One dateline per ring, two VCs. */
    public Dateline() {
        this(1);
    }

    /** {@code datelines} per ring, {@code datelines + 1} VCs; the radix of every ring must be a multiple of it. */
    public Dateline(int datelines) {
        if (datelines < 1) {
            throw new IllegalArgumentException("datelines must be at least 1, found " + datelines);
        }
        this.datelines = datelines;
    }

    public int datelines() {
        return datelines;
    }

    @Override
    public int admit(BufferView view, int from, int to) {
        if (!mayUse(view.network(), from, to)) {
            return DENY;
        }
        return view.freeSlots(to) > 0 ? ADMIT : DENY;
    }

    /** For a move from a queue on no ring into a torus ring part-way along the route: any VC up to {@code d} (it depends on the destination). */
    @Override
    public boolean mayUse(Network network, int from, int to) {
        if (entersPartWay(network, from, to)) {
            return network.vcOf(to) <= datelines;
        }
        return network.vcOf(to) == requiredVc(network, from, to, datelines);
    }

    @Override
    public boolean mayUse(Network network, int from, int to, int destination) {
        if (entersPartWay(network, from, to)) {
            return network.vcOf(to) == partWayVc((Grid) network.topology(), network.channelOf(to), destination, datelines);
        }
        return mayUse(network, from, to);
    }

    /** A move from a queue on no ring (an adaptive VC) into a ring of a torus with wrap-around channels. */
    private static boolean entersPartWay(Network net, int from, int to) {
        return from >= 0 && net.ringOf(from) < 0 && net.ringOf(to) >= 0
            && net.topology() instanceof Grid t && t.hasWrapAround();
    }

    /**
     * The VC of a hop over {@code channel} by a packet bound for {@code destination} that
     * enters the channel's ring part-way along its route: {@code datelines} minus the
     * datelines its route crosses after this hop. Negative when the route crosses more than
     * {@code datelines} of them (never for minimal routes), and then no VC is allowed.
     */
    static int partWayVc(Grid torus, int channel, int destination, int datelines) {
        int dim = torus.dimension(channel);
        int dir = torus.direction(channel);
        int goal = torus.coordinate(destination, dim);
        int ahead = 0;
        int at = torus.target(channel);
        for (int hop = 0; hop < torus.radix(dim) && torus.coordinate(at, dim) != goal; hop++) {
            int c = torus.channel(at, dim, dir);
            if (onDateline(torus, c, datelines)) {
                ahead++;
            }
            at = torus.target(c);
        }
        return datelines - ahead;
    }

    /** The VC a packet moving from {@code from} (or injected) into {@code to}'s channel must use. */
    static int requiredVc(Network net, int from, int to, int datelines) {
        int crossing = onDateline(net.topology(), net.channelOf(to), datelines) ? 1 : 0;
        return net.withinRing(from, to) ? net.vcOf(from) + crossing : crossing;
    }

    /**
     * Whether {@code channel} is a dateline channel with {@code datelines} per ring: the
     * wrap-around channel for one; for d on a torus, the channels entering coordinate
     * {@code j*k/d} going up and leaving it going down.
     */
    public static boolean onDateline(Topology t, int channel, int datelines) {
        if (datelines == 1 || !(t instanceof Grid)) {
            return t.isWrapAround(channel);
        }
        Grid torus = (Grid) t;
        int dim = t.dimension(channel);
        int k = torus.radix(dim);
        int p = torus.coordinate(t.direction(channel) > 0 ? t.target(channel) : t.source(channel), dim);
        return p % (k / datelines) == 0;
    }

    /**
     * Apart from free slots, VCs and ring membership, the rule reads only which channels are
     * on a dateline (and, entering a ring part-way, the datelines on the route ahead, which an
     * automorphism maps onto the image route's): it respects every automorphism that maps
     * the dateline channels onto dateline channels. On a bidirectional torus of odd radix with
     * one dateline per ring these are {@code x -> k-1-x} in any set of dimensions (the
     * wrap-around channel going up onto the one going down), with DOR a group of order
     * 2^dimensions; no translation but the identity.
     */
    @Override
    public boolean respects(Network network, flowproof.topology.Automorphism a, boolean reflects) {
        Topology t = network.topology();
        for (int c = 0; c < t.channels(); c++) {
            if (onDateline(t, c, datelines) != onDateline(t, a.channels()[c], datelines)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean freeSlotSuffices() {
        return true;
    }

    @Override
    public Set<Invariant> invariants() {
        return EnumSet.noneOf(Invariant.class);
    }

    @Override
    public RuleKind kind() {
        return RuleKind.DATELINE;
    }

    @Override
    public String describe() {
        return datelines == 1 ? "dateline" : "dateline (" + datelines + " per ring)";
    }

    @Override
    public boolean choosesVcs() {
        return true;
    }

    /** {@code rule: dateline}: VC 0 until the ring's dateline, VC 1 after it (more VCs with more datelines). */
    @AutoService(RuleFactory.class)
    public static final class Factory implements RuleFactory {
        @Override
        public String name() {
            return "dateline";
        }

        @Override
        public FlowControlRule create(Network network, PluginParams params) {
            int datelines = params.positiveInt("datelines", 1);
            flowproof.topology.Topology t = network.topology();
            if (t.takesAnyRouting() && java.util.stream.IntStream.range(0, t.channels()).noneMatch(t::isWrapAround)) {
                throw new flowproof.ConfigurationException("rule", "a rule without datelines on a " + t.kind()
                    + " (it has no wrap-around channels: vct, vc-per-hop)", name());
            }
            if (datelines > 1 && !(t instanceof Grid)) {
                throw params.bad("datelines", "1 dateline per ring on a " + t.kind() + " (its wrap-around channels;"
                    + " more are placed by a torus's coordinates)", Integer.toString(datelines));
            }
            if (network.ringVcs() != datelines + 1) {
                throw new flowproof.ConfigurationException("vcs", (datelines + 1) + (network.ringVcs() == network.vcs()
                    ? "" : " escape VCs") + " for rule dateline" + (datelines > 1 ? " with " + datelines
                    + " datelines per ring" : ""), Integer.toString(network.vcs()));
            }
            if (datelines > 1) {
                Grid torus = (Grid) t;
                for (int d = 0; d < torus.dimensions(); d++) {
                    if (torus.radix(d) % datelines != 0) {
                        throw params.bad("datelines", "a divisor of every radix (" + torus.radix(d) + " in dimension " + d
                            + ")", Integer.toString(datelines));
                    }
                }
            }
            return new Dateline(datelines);
        }

        @Override
        public List<Param> params() {
            return List.of(Param.of("datelines"));
        }

        @Override
        public int ringVcs(PluginParams params) {
            return params.positiveInt("datelines", 1) + 1;
        }
    }
}
