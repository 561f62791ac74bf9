package flowproof.routing;

import flowproof.rule.Dateline;
import flowproof.topology.Dragonfly;
import flowproof.topology.Topology;
import flowproof.topology.Torus;
import java.util.HashSet;
import java.util.Set;

/**
 * A routing function with a {@link VcClasses VC-class function}: the base function chooses
 * the channels, the class function the VCs. The packet's class (and, when a step names
 * {@code ring-hop}, its hops in the current ring) travels in its header, so the explorer
 * stores it, the dependency graph tells its classes apart and the simulator routes by it,
 * all through {@link QueueRoutes}.
 *
 * <p>Header encoding, with {@code B} the base function's headers, {@code C} classes and
 * {@code R} the largest {@code ring-hop} named (0 when none): header
 * {@code b + B * (c + (C + 1) * r)} is base header {@code b} in class {@code c} after
 * {@code r} hops in its ring, counted up to {@code R} ({@code R} stands for R or more: no
 * step can tell them apart). Class {@code C} stands for "beyond
 * the last class": a hop that would take it has no VC, and {@link QueueRoutes} reports it.
 * Class 0 with no ring hops is the base header itself, so destinations keep their codes.
 */
public final class ClassedRouting implements RoutingFunction {

    private final RoutingFunction base;
    private final VcClasses function;
    private final Topology topology;
    private final int vcsPerClass;
    private final int baseHeaders;
    private final int classStates;
    private final int ringStates;
    /** Per step, per channel: whether the step's channel condition holds (null: no condition). */
    private final boolean[][] onChannel;

    /**
     * @throws flowproof.ConfigurationException (field {@code vc-classes...}) when {@code vcs} is not a
     *     multiple of the classes, a channel named in a step does not exist, or a channel set is not
     *     one the topology has
     */
    public ClassedRouting(RoutingFunction base, VcClasses function, Topology topology, int vcs) {
        this.base = base;
        this.function = function;
        this.topology = topology;
        if (vcs % function.classes() != 0) {
            throw new flowproof.ConfigurationException("vc-classes.classes", "a divisor of vcs (" + vcs + ")",
                String.valueOf(function.classes()));
        }
        this.vcsPerClass = vcs / function.classes();
        this.baseHeaders = base.headers();
        this.classStates = function.classes() + 1;
        this.ringStates = function.maxRingHop() + 1;
        long headers = (long) baseHeaders * classStates * ringStates;
        if (headers > Integer.MAX_VALUE / 2) {
            throw new flowproof.ConfigurationException("vc-classes", "at most " + Integer.MAX_VALUE / 2 + " headers",
                headers + " (" + baseHeaders + " routing headers x " + classStates + " classes x " + ringStates + ")");
        }
        this.onChannel = new boolean[function.steps().size()][];
        for (int i = 0; i < onChannel.length; i++) {
            VcClasses.Step s = function.steps().get(i);
            if (s.channelSet() == null && s.channels() == null) {
                continue;
            }
            boolean[] in = new boolean[topology.channels()];
            if (s.channelSet() != null) {
                requireSet(s.channelSet(), i);
                for (int c = 0; c < in.length; c++) {
                    in[c] = inSet(s.channelSet(), c);
                }
            } else {
                Set<String> names = new HashSet<>(s.channels());
                Set<String> seen = new HashSet<>();
                for (int c = 0; c < in.length; c++) {
                    String name = topology.channelName(c);
                    in[c] = names.contains(name);
                    if (in[c]) {
                        seen.add(name);
                    }
                }
                for (String n : s.channels()) {
                    if (!seen.contains(n)) {
                        throw new flowproof.ConfigurationException("vc-classes.hops[" + i + "].channel",
                            "channel names of " + topology.describe() + " (e.g. " + topology.channelName(0) + ")", n);
                    }
                }
            }
            onChannel[i] = in;
        }
        for (int i = 0; i < onChannel.length; i++) {
            if (function.steps().get(i).crossesAhead() != null && !(topology instanceof Torus)) {
                throw new flowproof.ConfigurationException("vc-classes.hops[" + i + "].crosses-ahead",
                    "a torus or a ring (it follows the packet along its ring)", topology.describe());
            }
        }
    }

    private void requireSet(VcClasses.ChannelSet set, int step) {
        boolean ok = switch (set) {
            case GLOBAL, LOCAL -> topology instanceof Dragonfly;
            case WRAP, DATELINE -> topology instanceof Torus;
        };
        if (!ok) {
            throw new flowproof.ConfigurationException("vc-classes.hops[" + step + "].channel",
                (set == VcClasses.ChannelSet.GLOBAL || set == VcClasses.ChannelSet.LOCAL ? "a dragonfly for channel set "
                    : "a torus or a ring for channel set ") + set.key() + ", or a list of channel names",
                topology.describe());
        }
    }

    private boolean inSet(VcClasses.ChannelSet set, int channel) {
        return switch (set) {
            case GLOBAL -> ((Dragonfly) topology).isGlobal(channel);
            case LOCAL -> !((Dragonfly) topology).isGlobal(channel);
            case WRAP -> topology.isWrapAround(channel);
            case DATELINE -> Dateline.onDateline(topology, channel, function.datelines());
        };
    }

    /** The routing function that chooses the channels. */
    public RoutingFunction base() {
        return base;
    }

    /** The class function. */
    public VcClasses function() {
        return function;
    }

    /** The base header of {@code header}. */
    public int baseHeader(int header) {
        return header % baseHeaders;
    }

    /** The class of {@code header}: the class of the queue the packet is in ({@link VcClasses#classes} when beyond the last). */
    public int classOf(int header) {
        return (header / baseHeaders) % classStates;
    }

    private int ringHopOf(int header) {
        return header / baseHeaders / classStates;
    }

    private int encode(int baseHeader, int cls, int ringHop) {
        return baseHeader + baseHeaders * (cls + classStates * ringHop);
    }

    @Override
    public int candidates(int node, int inChannel, int header, int[] out) {
        return base.candidates(node, inChannel, baseHeader(header), classOf(header), out);
    }

    @Override
    public int maxCandidates() {
        return base.maxCandidates();
    }

    @Override
    public int distance(int node, int destination) {
        return base.distance(node, destination);
    }

    /** The base function's answer: the class state never makes a route longer, and every hop still decreases the base measure. */
    @Override
    public boolean minimal() {
        return base.minimal();
    }

    @Override
    public String name() {
        return base.name();
    }

    @Override
    public int headers() {
        return baseHeaders * classStates * ringStates;
    }

    @Override
    public int injectHeaders(int source, int destination, int[] out) {
        int n = base.injectHeaders(source, destination, out);
        for (int i = 0; i < n; i++) {
            int cls = function.startClass(base.routeName(out[i]));
            if (cls < 0) {
                throw new RoutingException("vc-classes: start names no class for route " + base.routeName(out[i])
                    + " of routing " + base.name() + " (from " + topology.nodeName(source) + " to "
                    + topology.nodeName(destination) + ")");
            }
            out[i] = encode(out[i], cls, 0);
        }
        return n;
    }

    @Override
    public int maxInjectHeaders() {
        return base.maxInjectHeaders();
    }

    @Override
    public int afterHop(int header, int channel) {
        return afterHop(header, -1, channel);
    }

    /** Applies the steps of the class function to the hop over {@code channel} (arriving on {@code inChannel}, -1 at the source). */
    @Override
    public int afterHop(int header, int inChannel, int channel) {
        int b = baseHeader(header);
        int cls = classOf(header);
        int ringHop = ringHopOf(header);
        boolean first = inChannel < 0;
        boolean newRing = first || !sameRing(inChannel, channel);
        int hopInRing = newRing ? 1 : ringHop + 1;
        String route = base.routeName(b);
        int next = cls;
        if (cls < function.classes()) {
            for (int i = 0; i < onChannel.length; i++) {
                VcClasses.Step s = function.steps().get(i);
                if (s.route() != null && !s.route().equals(route)
                    || s.classIn() != null && s.classIn() != next
                    || s.firstHop() != null && s.firstHop() != first
                    || s.newRing() != null && s.newRing() != newRing
                    || s.ringHop() != null && s.ringHop() != hopInRing
                    || onChannel[i] != null && !onChannel[i][channel]
                    || s.crossesAhead() != null && s.crossesAhead() != crossesAhead(channel, base.destinationOf(b))) {
                    continue;
                }
                next = s.set() >= 0 ? s.set() : next + s.add();
                if (next < 0 || next >= function.classes()) {
                    next = function.classes();
                    break;
                }
            }
        }
        // Counting up to the largest ring-hop a step names is exact: a packet that has taken that many
        // hops or more in its ring next takes a hop numbered above every condition.
        int r = ringStates == 1 ? 0 : Math.min(hopInRing, ringStates - 1);
        return encode(base.afterHop(b, channel), next, r);
    }

    private boolean sameRing(int a, int b) {
        int ra = topology.ringOf(a);
        int rb = topology.ringOf(b);
        if (ra >= 0 || rb >= 0) {
            return ra == rb;
        }
        return topology.dimension(a) == topology.dimension(b) && topology.direction(a) == topology.direction(b);
    }

    /** Whether the hops from {@code channel} on, along its ring toward {@code destination}'s coordinate, cross a dateline. */
    private boolean crossesAhead(int channel, int destination) {
        Torus t = (Torus) topology;
        int dim = t.dimension(channel);
        int dir = t.direction(channel);
        int goal = t.coordinate(destination, dim);
        int c = channel;
        for (int hop = 0; hop < t.radix(dim) && c >= 0; hop++) {
            if (Dateline.onDateline(t, c, function.datelines())) {
                return true;
            }
            int at = t.target(c);
            if (t.coordinate(at, dim) == goal) {
                return false;
            }
            c = t.channel(at, dim, dir);
        }
        return false;
    }

    /** True when the class of {@code header} owns {@code vc}: VCs {@code c*m .. c*m+m-1}. */
    @Override
    public boolean allowsVc(int header, int vc) {
        return vc / vcsPerClass == classOf(header);
    }

    @Override
    public int destinationOf(int header) {
        return base.destinationOf(baseHeader(header));
    }

    @Override
    public int exitNode(int header) {
        return base.exitNode(baseHeader(header));
    }

    @Override
    public String routeName(int header) {
        return base.routeName(baseHeader(header));
    }

    /** The base name, then {@code class c} unless 0, then {@code ring-hop r} when tracked and not 0. */
    @Override
    public String headerName(int header, Topology topology) {
        String s = base.headerName(baseHeader(header), topology);
        int c = classOf(header);
        if (c != 0) {
            s += c == function.classes() ? " class beyond " + (c - 1) : " class " + c;
        }
        int r = ringHopOf(header);
        if (r != 0) {
            s += " ring-hop " + r + (r == ringStates - 1 ? "+" : "");
        }
        return s;
    }

    @Override
    public boolean hasEscape() {
        return base.hasEscape();
    }

    @Override
    public int escapeCandidates(int node, int inChannel, int header, int[] out) {
        return base.escapeCandidates(node, inChannel, baseHeader(header), out);
    }

    /** The explanation {@link QueueRoutes} gives when a hop has no VC because of its class. */
    String noVc(int header, String rule) {
        int c = classOf(header);
        return c == function.classes()
            ? "vc-classes takes it beyond the last class (" + (c - 1) + ")"
            : "vc-classes puts it in class " + c + " (VCs " + c * vcsPerClass + ".." + ((c + 1) * vcsPerClass - 1)
                + ") and the rule " + rule + " allows none of them";
    }
}
