package flowproof.routing;

import flowproof.ConfigurationException;
import java.util.List;
import java.util.Map;

/**
 * A VC-class function written as data: which class of virtual channels a packet takes on
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
 * the result is the class of the queue the hop enters. Class {@code c} owns the VCs
 * {@code c*m .. c*m+m-1} with {@code m = vcs / classes}.
 *
 * @param classes   number of classes, at least 1
 * @param start     class before the first hop, by route name ({@link #ANY_ROUTE} for every route)
 * @param steps     the hop steps, applied in order
 * @param datelines dateline channels per ring for the {@code dateline} channel condition (1: the
 *                  wrap-around channel)
 */
public record VcClasses(int classes, Map<String, Integer> start, List<Step> steps, int datelines) {

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
     * @param set          the class after the step (-1: not a set step)
     * @param add          added to the class (when {@code set} is -1)
     */
    public record Step(String route, Integer classIn, Boolean firstHop, Boolean newRing, Integer ringHop,
                       Boolean crossesAhead, ChannelSet channelSet, List<String> channels, int set, int add) {

        public Step {
            channels = channels == null ? null : List.copyOf(channels);
            if (set < 0 && add == 0) {
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
}
