package flowproof.topology;

import flowproof.ConfigurationException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * What every engine relies on of a {@link Topology}, checked for a user's own (a plugin) before
 * anything runs on it, so that a mistake in it is one line naming its class rather than a wrong
 * verdict or a crash deep in an engine:
 *
 * <ul>
 *   <li>1 to {@value #MAX_NODES} routers and 1 to {@value #MAX_CHANNELS} channels;
 *   <li>every channel joins two different routers in range ({@code source}, {@code target});
 *       its {@code dimension} is -1 or 0..63, its {@code direction} -1, 0 or +1 and its
 *       {@code latency} at least 1;
 *   <li>every router and every channel has a name of its own ({@code nodeName},
 *       {@code channelName}): traces, counterexample files, traffic pairs, routing tables and
 *       {@code vc-classes} name them;
 *   <li>at least two endpoints ({@code isEndpoint}), which {@code endpoints()} lists in
 *       increasing order, and a {@code concentration} of at least 1;
 *   <li>rings only where {@code rings()} says so: {@code ringOf} is -1 or a ring
 *       {@code 0..rings()-1}, every ring has a channel, {@code ringHome(r)} is a channel of
 *       ring r, and a ring is a line or a cycle (each router enters and leaves it at most once),
 *       so a channel's upstream channel in its ring (where a critical mark drifts) is unique;
 *   <li>a {@code describe()} line.
 * </ul>
 *
 * <p>Translations and reflections are not checked here: the explorer checks them when
 * {@code --symmetry} would reduce by them (every translation must map channels onto channels of
 * the same dimension and direction, and rings onto rings). Routing and traffic are checked by
 * their own readers (e.g. every pair of endpoints must be routed).
 */
public final class TopologyContract {

    /** The most routers a topology may have (as a torus or a graph). */
    public static final int MAX_NODES = 4096;
    /** The most channels a topology may have. */
    public static final int MAX_CHANNELS = 1 << 20;

    private TopologyContract() {
    }

    /**
     * Checks {@code topology}.
     *
     * @throws ConfigurationException (field {@code topology}) naming the first violation and the
     *     topology's class
     */
    public static void check(Topology topology) {
        String who = topology.getClass().getName();
        int n = topology.nodes();
        if (n < 1 || n > MAX_NODES) {
            throw bad("a topology of 1 to " + MAX_NODES + " routers (nodes())", who, "nodes() is " + n);
        }
        int m = topology.channels();
        if (m < 1 || m > MAX_CHANNELS) {
            throw bad("a topology of 1 to " + MAX_CHANNELS + " channels (channels())", who, "channels() is " + m);
        }
        Map<String, Integer> nodeNames = new HashMap<>();
        for (int v = 0; v < n; v++) {
            String name = topology.nodeName(v);
            if (badName(name)) {
                throw bad("a one-line name for every router (nodeName())", who, "router " + v + " has "
                    + nameProblem(name));
            }
            Integer before = nodeNames.put(name, v);
            if (before != null) {
                throw bad("routers named uniquely (nodeName())", who, "routers " + before + " and " + v
                    + " are both named \"" + name + "\"");
            }
        }
        for (int c = 0; c < m; c++) {
            int s = topology.source(c);
            int t = topology.target(c);
            if (s < 0 || s >= n || t < 0 || t >= n) {
                throw bad("channels whose source() and target() are routers 0.." + (n - 1), who, "channel " + c
                    + " runs from " + s + " to " + t);
            }
            if (s == t) {
                throw bad("channels between two different routers", who, "channel " + c + " runs from "
                    + topology.nodeName(s) + " to itself");
            }
            int d = topology.dimension(c);
            if (d < -1 || d > 63) {
                throw bad("a dimension() of -1 (none) or 0..63 for every channel", who, "channel " + c + " has "
                    + d);
            }
            int dir = topology.direction(c);
            if (dir < -1 || dir > 1) {
                throw bad("a direction() of -1, 0 or +1 for every channel", who, "channel " + c + " has " + dir);
            }
            if (topology.latency(c) < 1) {
                throw bad("a latency() of at least 1 cycle for every channel", who, "channel " + c + " has "
                    + topology.latency(c));
            }
        }
        Map<String, Integer> channelNames = new HashMap<>();
        for (int c = 0; c < m; c++) {
            String name = topology.channelName(c);
            if (badName(name)) {
                throw bad("a one-line name for every channel (channelName())", who, "channel " + c + " has "
                    + nameProblem(name));
            }
            Integer before = channelNames.put(name, c);
            if (before != null) {
                throw bad("channels named uniquely (channelName())", who, "channels " + before + " and " + c
                    + " are both named \"" + name + "\"");
            }
        }
        int[] expected = java.util.stream.IntStream.range(0, n).filter(topology::isEndpoint).toArray();
        if (expected.length < 2) {
            throw bad("at least two endpoints (isEndpoint()): packets go from one to another", who,
                expected.length + (expected.length == 1 ? " (" + topology.nodeName(expected[0]) + ")" : ""));
        }
        int[] listed = topology.endpoints();
        if (!Arrays.equals(listed, expected)) {
            throw bad("endpoints() listing the routers isEndpoint() accepts, in increasing order", who, "endpoints() is "
                + (listed == null ? "null" : Arrays.toString(listed.length > 12 ? Arrays.copyOf(listed, 12) : listed)));
        }
        if (topology.concentration() < 1) {
            throw bad("a concentration() of at least 1 terminal per endpoint", who, "concentration() is "
                + topology.concentration());
        }
        checkRings(topology, who);
        String line = topology.describe();
        if (badName(line)) {
            throw bad("a one-line describe() (reports print it)", who, "describe() is " + (line == null ? "null"
                : line.isBlank() ? "blank" : "several lines"));
        }
    }

    private static void checkRings(Topology topology, String who) {
        int rings = topology.rings();
        if (rings < 0) {
            throw bad("rings() of 0 or more", who, "rings() is " + rings);
        }
        int n = topology.nodes();
        int[] size = new int[rings];
        // per ring, the channel leaving and the one entering each router (-1: none yet)
        Map<Long, Integer> leaving = new HashMap<>();
        Map<Long, Integer> entering = new HashMap<>();
        for (int c = 0; c < topology.channels(); c++) {
            int r = topology.ringOf(c);
            if (r < -1 || r >= rings) {
                throw bad("ringOf() -1 (no ring) or a ring 0.." + (rings - 1) + " (rings() is " + rings + ")", who,
                    "channel " + topology.channelName(c) + " is in ring " + r);
            }
            if (r < 0) {
                continue;
            }
            size[r]++;
            Integer other = leaving.put((long) r * n + topology.source(c), c);
            if (other != null) {
                throw bad("rings that are lines or cycles of channels (each router leaves a ring at most once)", who,
                    "channels " + topology.channelName(other) + " and " + topology.channelName(c) + " both leave "
                        + topology.nodeName(topology.source(c)) + " in ring " + r);
            }
            other = entering.put((long) r * n + topology.target(c), c);
            if (other != null) {
                throw bad("rings that are lines or cycles of channels (each router enters a ring at most once)", who,
                    "channels " + topology.channelName(other) + " and " + topology.channelName(c) + " both enter "
                        + topology.nodeName(topology.target(c)) + " in ring " + r);
            }
        }
        for (int r = 0; r < rings; r++) {
            if (size[r] == 0) {
                throw bad("every ring 0.." + (rings - 1) + " with a channel (ringOf())", who, "ring " + r + " has none");
            }
            int home = topology.ringHome(r);
            if (home < 0 || home >= topology.channels() || topology.ringOf(home) != r) {
                throw bad("ringHome(r) a channel of ring r", who, "ringHome(" + r + ") is " + (home < 0
                    || home >= topology.channels() ? "channel " + home : topology.channelName(home) + ", in ring "
                    + topology.ringOf(home)));
            }
        }
    }

    private static boolean badName(String name) {
        return name == null || name.isBlank() || name.indexOf('\n') >= 0 || name.indexOf('\r') >= 0;
    }

    private static String nameProblem(String name) {
        return name == null ? "none (null)" : name.isBlank() ? "a blank one" : "one of several lines";
    }

    private static ConfigurationException bad(String expected, String who, String found) {
        return new ConfigurationException("topology", expected, who + ": " + found);
    }
}
