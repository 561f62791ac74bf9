package flowproof.routing;

import flowproof.topology.Topology;

/**
 * A routing function with a {@link VcClassFunction VC-class function}: the base function chooses
 * the channels, the class function the VCs. The packet's class (and, when the function reads
 * it, its hops in the current ring: {@link VcClassFunction#ringHops}) travels in its header, so
 * the explorer stores it, the dependency graph tells its classes apart and the simulator routes
 * by it, all through {@link QueueRoutes}. The function is the spec's declarative
 * {@link VcClasses} or a user's own (a plugin); this class treats both alike.
 *
 * <p>Header encoding, with {@code B} the base function's headers, {@code C} classes and
 * {@code R} the function's {@link VcClassFunction#ringHops} (0 when it reads none): header
 * {@code b + B * (c + (C + 1) * r)} is base header {@code b} in class {@code c} after
 * {@code r} hops in its ring, counted up to {@code R} ({@code R} stands for R or more: the
 * function cannot tell them apart). Class {@code C} stands for "beyond
 * the last class": a hop that would take it has no VC, and {@link QueueRoutes} reports it.
 * When the function may return {@link VcClassFunction#ANY}, class {@code C + 1} stands for
 * "any VC" (and {@code C + 2} class states are encoded instead of {@code C + 1}).
 * Class 0 with no ring hops is the base header itself, so destinations keep their codes.
 */
public final class ClassedRouting implements RoutingFunction {

    private final RoutingFunction base;
    private final VcClassFunction function;
    private final Topology topology;
    private final int classes;
    private final int vcsPerClass;
    private final int baseHeaders;
    private final int classStates;
    private final int ringStates;
    /** The class state of "any VC" ({@link VcClassFunction#ANY}), or -1 when the function never returns it. */
    private final int anyState;

    /**
     * @throws flowproof.ConfigurationException (field {@code vc-classes...}) when the function has
     *     fewer than 1 class or a negative {@code ringHops}, {@code vcs} is not a multiple of the
     *     classes, or the headers would be too many
     */
    public ClassedRouting(RoutingFunction base, VcClassFunction function, Topology topology, int vcs) {
        this.base = base;
        this.function = function;
        this.topology = topology;
        this.classes = function.classes();
        int ringHops = function.ringHops();
        if (classes < 1) {
            throw new flowproof.ConfigurationException("vc-classes.classes", "at least 1 class", String.valueOf(classes));
        }
        if (ringHops < 0) {
            throw new flowproof.ConfigurationException("vc-classes", "ringHops() of 0 or more", String.valueOf(ringHops));
        }
        if (vcs % classes != 0) {
            throw new flowproof.ConfigurationException("vc-classes.classes", "a divisor of vcs (" + vcs + ")",
                String.valueOf(classes));
        }
        this.vcsPerClass = vcs / classes;
        this.baseHeaders = base.headers();
        this.anyState = function.mayReturnAny() ? classes + 1 : -1;
        this.classStates = classes + (anyState >= 0 ? 2 : 1);
        this.ringStates = ringHops + 1;
        long headers = (long) baseHeaders * classStates * ringStates;
        if (headers > Integer.MAX_VALUE / 2) {
            throw new flowproof.ConfigurationException("vc-classes", "at most " + Integer.MAX_VALUE / 2 + " headers",
                headers + " (" + baseHeaders + " routing headers x " + classStates + " classes x " + ringStates + ")");
        }
    }

    /** The routing function that chooses the channels. */
    public RoutingFunction base() {
        return base;
    }

    /** The class function. */
    public VcClassFunction function() {
        return function;
    }

    /** The base header of {@code header}. */
    public int baseHeader(int header) {
        return header % baseHeaders;
    }

    /**
     * The class of {@code header}: the class of the queue the packet is in ({@link VcClassFunction#classes}
     * when beyond the last, {@code classes + 1} after a hop that took any VC).
     */
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
        int c = classOf(header);
        return base.candidates(node, inChannel, baseHeader(header), c == anyState ? -1 : c, out);
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
            String route = base.routeName(out[i]);
            int cls = function.startClass(route, source, destination);
            if (cls < 0 || cls >= classes) {
                throw new RoutingException("vc-classes: " + (function instanceof VcClasses ? "start names no class"
                    : function.getClass().getName() + " gives " + (cls < 0 ? "no start class" : "start class " + cls
                    + ", not one of 0.." + (classes - 1) + ",")) + " for route " + route + " of routing " + base.name()
                    + " (from " + topology.nodeName(source) + " to " + topology.nodeName(destination) + ")");
            }
            out[i] = encode(out[i], cls, 0);
        }
        return n;
    }

    @Override
    public int maxInjectHeaders() {
        return base.maxInjectHeaders();
    }

    /** The wrapped function's: an oblivious choice at the source (DOR's random tie) stays one. */
    @Override
    public boolean randomHeader() {
        return base.randomHeader();
    }

    /** The wrapped function's. */
    @Override
    public boolean selfPairsCross() {
        return base.selfPairsCross();
    }

    @Override
    public int afterHop(int header, int channel) {
        return afterHop(header, -1, channel);
    }

    /** Asks the class function for the hop over {@code channel} (arriving on {@code inChannel}, -1 at the source). */
    @Override
    public int afterHop(int header, int inChannel, int channel) {
        int b = baseHeader(header);
        int cls = classOf(header);
        int ringHop = ringHopOf(header);
        boolean first = inChannel < 0;
        boolean newRing = first || !sameRing(inChannel, channel);
        int hopInRing = newRing ? 1 : ringHop + 1;
        int next = cls;
        if (cls != classes) {
            next = function.afterHop(new VcClassFunction.Hop(topology, base.routeName(b),
                cls == anyState ? VcClassFunction.ANY : cls, inChannel, channel, base.destinationOf(b), first,
                newRing, hopInRing));
            if (next == VcClassFunction.ANY && anyState >= 0) {
                next = anyState;
            } else if (next < 0 || next >= classes) {
                next = classes;
            }
        }
        // Counting up to the largest ring hop the function reads is exact: a packet that has taken that
        // many hops or more in its ring next takes a hop numbered above every one it tells apart.
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

    /** True when the class of {@code header} owns {@code vc}: VCs {@code c*m .. c*m+m-1}. */
    @Override
    public boolean allowsVc(int header, int vc) {
        int c = classOf(header);
        return c == anyState || vc / vcsPerClass == c;
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
    public String noRouteNote(int node, int inChannel, int header) {
        return base.noRouteNote(node, inChannel, baseHeader(header));
    }

    @Override
    public String headerName(int header, Topology topology) {
        String s = base.headerName(baseHeader(header), topology);
        int c = classOf(header);
        if (c != 0) {
            s += c == classes ? " class beyond " + (c - 1) : c == anyState ? " class any" : " class " + c;
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
        return c == classes
            ? "vc-classes takes it beyond the last class (" + (c - 1) + ")"
            : c == anyState ? "vc-classes lets it take any VC and the rule " + rule + " allows none of them"
            : "vc-classes puts it in class " + c + " (VCs " + c * vcsPerClass + ".." + ((c + 1) * vcsPerClass - 1)
                + ") and the rule " + rule + " allows none of them";
    }
}
