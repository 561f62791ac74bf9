package flowproof.routing;

import flowproof.ConfigurationException;
import flowproof.rule.Dateline;
import flowproof.topology.Grid;
import flowproof.topology.Topology;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A {@link VcClassFunction VC-class function} written as data: which class of virtual channels a packet takes on
 * each hop, as a function of what it has done so far. It replaces a rule kind per VC
 * discipline (dateline, VC per hop, VC per routing phase...): the spec's {@code vc-classes}
 * section is read into one of these, and {@link ClassedRouting} carries the packet's class
 * in its header so that every engine (explorer, dependency graph, {@code prove}, simulator)
 * follows the same function through {@link QueueRoutes}.
 *
 * <p>The function: a packet starts with {@link #start} (a number, or one per route name
 * the routing function gives its inject headers: {@code xy}/{@code yx} for XY-YX,
 * {@code minimal}/{@code valiant} for UGAL). On every hop, the first one included, each
 * {@link Step} whose conditions all hold is applied in order ({@code set} or {@code add});
 * the result is the class of the queue the hop enters ({@code set: any}: any VC of the hop's
 * channel; {@code add} to "any" takes the packet beyond the last class). Class {@code c} owns the VCs
 * {@code c*m .. c*m+m-1} with {@code m = vcs / classes}.
 *
 * @param classes   number of classes, at least 1
 * @param start     class before the first hop, by route name ({@link #ANY_ROUTE} for every route)
 * @param steps     the hop steps, applied in order
 * @param datelines dateline channels per ring for the {@code dateline} channel condition (1: the
 *                  wrap-around channel)
 */
public record VcClasses(int classes, Map<String, Integer> start, List<Step> steps, int datelines)
    implements VcClassFunction {

    /** The start key that applies to every route name without its own entry. */
    public static final String ANY_ROUTE = "*";

    /** Channel sets a step's {@code channel} condition can name besides explicit channel names. */
    public enum ChannelSet {
        /** A dragonfly's global channels (between groups). */
        GLOBAL("global"),
        /** A dragonfly's local channels (inside a group). */
        LOCAL("local"),
        /** A torus's wrap-around channels. */
        WRAP("wrap"),
        /** The dateline channels of a torus ({@link #datelines} per ring; 1: the wrap-around ones). */
        DATELINE("dateline");

        private final String key;

        ChannelSet(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        /** The set named {@code key}, or null. */
        public static ChannelSet of(String key) {
            for (ChannelSet s : values()) {
                if (s.key.equals(key)) {
                    return s;
                }
            }
            return null;
        }
    }

    /**
     * One step of the function. A null condition always holds.
     *
     * @param route        the packet's route name when it takes the hop (before the hop)
     * @param classIn      the packet's class before the hop
     * @param firstHop     whether the hop is the packet's first (out of its source)
     * @param newRing      whether the hop enters another ring (or line) than the one the packet is on
     *                     (true on the first hop; on networks without rings, another dimension or direction)
     * @param ringHop      the hop is the n-th in its ring (1: the hop that enters it)
     * @param crossesAhead whether the packet's hops still to come in this ring, this one included,
     *                     cross a dateline channel (tori, routes that stay in one direction per ring)
     * @param channelSet   the hop's channel is in this set
     * @param channels     the hop's channel is one of these (channel names, as traces print them)
     * @param leavesDestination the hop leaves the packet's destination router (it passes it on the way
     *                     to an intermediate)
     * @param set          the class after the step (-1: not a set step; {@link VcClassFunction#ANY}: any
     *                     VC of the hop's channel)
     * @param add          added to the class (when {@code set} is -1)
     */
    public record Step(String route, Integer classIn, Boolean firstHop, Boolean newRing, Integer ringHop,
                       Boolean crossesAhead, ChannelSet channelSet, List<String> channels, Boolean leavesDestination,
                       int set, int add) {

        public Step {
            channels = channels == null ? null : List.copyOf(channels);
            if (set < 0 && set != ANY && add == 0) {
                throw new ConfigurationException("vc-classes.hops", "a step with set or add", "neither");
            }
        }
    }

    public VcClasses {
        if (classes < 1) {
            throw new ConfigurationException("vc-classes.classes", "at least 1 class", String.valueOf(classes));
        }
        if (datelines < 1) {
            throw new ConfigurationException("vc-classes.datelines", "at least 1", String.valueOf(datelines));
        }
        start = Map.copyOf(start);
        steps = List.copyOf(steps);
        for (Map.Entry<String, Integer> e : start.entrySet()) {
            if (e.getValue() < 0 || e.getValue() >= classes) {
                throw new ConfigurationException("vc-classes.start", "a class 0.." + (classes - 1),
                    e.getValue() + (e.getKey().equals(ANY_ROUTE) ? "" : " for route " + e.getKey()));
            }
        }
        for (int i = 0; i < steps.size(); i++) {
            Step s = steps.get(i);
            if (s.set() >= classes) {
                throw new ConfigurationException("vc-classes.hops[" + i + "].set", "a class 0.." + (classes - 1),
                    String.valueOf(s.set()));
            }
        }
    }

    /** Whether a step sets {@code any}. */
    @Override
    public boolean mayReturnAny() {
        for (Step s : steps) {
            if (s.set() == ANY) {
                return true;
            }
        }
        return false;
    }

    /** {@link #maxRingHop}: ring hops are counted only as far as a step names them. */
    @Override
    public int ringHops() {
        return maxRingHop();
    }

    /** The largest {@code ring-hop} a step names, 0 when none does (then ring hops are not tracked). */
    public int maxRingHop() {
        int m = 0;
        for (Step s : steps) {
            if (s.ringHop() != null) {
                m = Math.max(m, s.ringHop());
            }
        }
        return m;
    }

    /** The class a packet on route {@code route} starts with, or -1 when the start names no such route. */
    public int startClass(String route) {
        Integer c = start.get(route);
        if (c == null) {
            c = start.get(ANY_ROUTE);
        }
        return c == null ? -1 : c;
    }

    /** By route name alone ({@link #startClass(String)}). */
    @Override
    public int startClass(String route, int source, int destination) {
        return startClass(route);
    }

    /**
     * Applies every step whose conditions hold, in order; a step that takes the class below 0 or
     * past the last ends the hop beyond the last class ({@link #classes()}).
     */
    @Override
    public int afterHop(Hop hop) {
        int next = hop.vcClass();
        for (Step s : steps) {
            if (s.route() != null && !s.route().equals(hop.route())
                || s.classIn() != null && s.classIn() != next
                || s.firstHop() != null && s.firstHop() != hop.firstHop()
                || s.newRing() != null && s.newRing() != hop.newRing()
                || s.ringHop() != null && s.ringHop() != hop.ringHop()
                || !onChannel(s, hop.topology(), hop.channel())
                || s.crossesAhead() != null
                    && s.crossesAhead() != crossesAhead(hop.topology(), hop.channel(), hop.destination())
                || s.leavesDestination() != null
                    && s.leavesDestination() != (hop.topology().source(hop.channel()) == hop.destination())) {
                continue;
            }
            if (s.set() == ANY) {
                next = ANY;
                continue;
            }
            next = s.set() >= 0 ? s.set() : next == ANY ? classes : next + s.add();
            if (next < 0 || next >= classes) {
                return classes;
            }
        }
        return next;
    }

    /** {@code C VC classes}. */
    @Override
    public String describe() {
        return classes + " VC classes";
    }

    /**
     * Checks the steps against the topology they run on: named channels exist, channel sets are
     * the topology's ({@code global}/{@code local} on a dragonfly, {@code wrap}/{@code dateline} on a
     * torus or ring), {@code crosses-ahead} on a torus or ring.
     *
     * @throws ConfigurationException (field {@code vc-classes.hops[i]...}) otherwise
     */
    public void checkOn(Topology topology) {
        for (int i = 0; i < steps.size(); i++) {
            Step s = steps.get(i);
            if (s.channelSet() != null) {
                boolean ok = switch (s.channelSet()) {
                    case GLOBAL, LOCAL -> topology.hasGlobalChannels();
                    case WRAP, DATELINE -> topology instanceof Grid;
                };
                if (!ok) {
                    ChannelSet set = s.channelSet();
                    throw new ConfigurationException("vc-classes.hops[" + i + "].channel",
                        (set == ChannelSet.GLOBAL || set == ChannelSet.LOCAL ? "a dragonfly for channel set "
                            : "a torus or a ring for channel set ") + set.key() + ", or a list of channel names",
                        topology.describe());
                }
            } else if (s.channels() != null) {
                Set<String> seen = new HashSet<>();
                for (int c = 0; c < topology.channels(); c++) {
                    seen.add(topology.channelName(c));
                }
                for (String n : s.channels()) {
                    if (!seen.contains(n)) {
                        throw new ConfigurationException("vc-classes.hops[" + i + "].channel",
                            "channel names of " + topology.describe() + " (e.g. " + topology.channelName(0) + ")", n);
                    }
                }
            }
        }
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).crossesAhead() != null && !(topology instanceof Grid)) {
                throw new ConfigurationException("vc-classes.hops[" + i + "].crosses-ahead",
                    "a torus or a ring (it follows the packet along its ring)", topology.describe());
            }
        }
    }

    /** Whether the step's channel condition (if any) holds for {@code channel}. */
    private boolean onChannel(Step s, Topology topology, int channel) {
        if (s.channelSet() != null) {
            return switch (s.channelSet()) {
                case GLOBAL -> topology.isGlobal(channel);
                case LOCAL -> !topology.isGlobal(channel);
                case WRAP -> topology.isWrapAround(channel);
                case DATELINE -> Dateline.onDateline(topology, channel, datelines);
            };
        }
        return s.channels() == null || s.channels().contains(topology.channelName(channel));
    }

    /** Whether the hops from {@code channel} on, along its ring toward {@code destination}'s coordinate, cross a dateline. */
    private boolean crossesAhead(Topology topology, int channel, int destination) {
        Grid t = (Grid) topology;
        int dim = t.dimension(channel);
        int dir = t.direction(channel);
        int goal = t.coordinate(destination, dim);
        int c = channel;
        for (int hop = 0; hop < t.radix(dim) && c >= 0; hop++) {
            if (Dateline.onDateline(t, c, datelines)) {
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
}
