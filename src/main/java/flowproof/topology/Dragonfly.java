package flowproof.topology;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import java.util.List;
import flowproof.ConfigurationException;

/**
 * The dragonfly of Kim, Dally, Scott and Abts, "Technology-driven, highly-scalable
 * dragonfly topology", ISCA 2008 (and IEEE Micro 2009): groups of {@code a} routers,
 * fully connected within the group by local channels; every router has {@code h} global
 * channels and {@code p} terminals ({@link #concentration}); there are
 * {@code g = a*h + 1} groups and exactly one global link between every pair of groups
 * (the balanced, maximum-size configuration).
 *
 * <p>Router ids: {@code router(G, r) = G*a + r}, named {@code gG.rR}. Each router owns
 * {@code a-1+h} outgoing channels, numbered router by router: first its local channels in
 * increasing order of the target's index (skipping its own), then its global ports
 * {@code j = 0..h-1}. So the local channel from {@code (G, r)} to {@code (G, t)} is
 * {@code node*(a-1+h) + (t < r ? t : t-1)} and the global channel of port {@code j} is
 * {@code node*(a-1+h) + a-1 + j}.
 *
 * <p>Global wiring ({@link GlobalWiring}): in group {@code G}, global link {@code l = r*h + j}
 * (router {@code r}, port {@code j}, {@code l} in {@code 0..a*h-1}) leads to group
 * {@code (G + l + 1) mod g}, where it arrives on link {@code g - l - 2} (flowproof's, the
 * default); or, as BookSim's {@code dragonflynew} wires it (dragonfly.cpp), to group
 * {@code l} if {@code l < G} and {@code l + 1} otherwise, arriving on link {@code G - 1} if
 * {@code G} is above that group and {@code G} otherwise. Either map {@code (G, l) -> (G', l')}
 * is an involution, so every link is two channels, one each way, and group {@code G} reaches
 * every other group exactly once.
 *
 * <p>{@link #dimension} is 0 for local channels and 1 for global ones; channels have no
 * direction (0), no wrap-around and no directional rings. With {@code channel-length
 * [local, global]} a local channel takes {@code local} cycles and a global one {@code global}
 * ({@link #latency}; BookSim's dragonflynew: 10 and 100), else every channel 1. Immutable.
 */
public final class Dragonfly implements Topology {

    /** The largest number of routers accepted (so that UGAL's {@code R + g*R} headers fit an int). */
    public static final int MAX_ROUTERS = 1 << 15;

    /** How the global links of the groups are paired ({@code topology.global-wiring}). */
    public enum GlobalWiring {
        /** Link {@code l} of group {@code G} leads to group {@code (G + l + 1) mod g}. */
        FLOWPROOF("flowproof"),
        /** BookSim's dragonflynew: link {@code l} of group {@code G} leads to group {@code l < G ? l : l + 1}. */
        BOOKSIM("booksim");

        private final String key;

        GlobalWiring(String key) {
            this.key = key;
        }

        /** The spec's name of the wiring. */
        public String key() {
            return key;
        }

        /** The wiring named {@code key}, or null. */
        public static GlobalWiring of(String key) {
            for (GlobalWiring w : values()) {
                if (w.key.equals(key)) {
                    return w;
                }
            }
            return null;
        }
    }

    private final int a;
    private final int h;
    private final int p;
    private final int g;
    private final int routers;
    private final int perRouter;
    private final GlobalWiring wiring;
    /** Cycles of a local and of a global channel, or null: every channel latency 1. */
    private final int[] channelLength;
    private final int[] src;
    private final int[] dst;

    /**
     * A dragonfly with {@code a*h + 1} groups.
     *
     * @param routersPerGroup a &gt;= 1 ({@code topology.routers-per-group})
     * @param globalChannels h &gt;= 1 global channels per router ({@code topology.global-channels})
     * @param concentration p &gt;= 1 terminals per router ({@code topology.concentration})
     * @throws ConfigurationException on a bad argument or more than {@link #MAX_ROUTERS} routers
     */
    public Dragonfly(int routersPerGroup, int globalChannels, int concentration) {
        this(routersPerGroup, globalChannels, concentration, GlobalWiring.FLOWPROOF, null);
    }

    /**
     * A dragonfly with {@code a*h + 1} groups, the given global wiring and channel lengths.
     *
     * @param wiring how global links pair the groups ({@code topology.global-wiring})
     * @param channelLength {@code [local, global]} cycles, each 1 to
     *     {@link FlattenedButterfly#MAX_LATENCY} ({@code topology.channel-length}), or null for
     *     latency 1 on every channel
     * @throws ConfigurationException as the other constructor, or on a bad channel length
     */
    public Dragonfly(int routersPerGroup, int globalChannels, int concentration, GlobalWiring wiring,
                     int[] channelLength) {
        if (routersPerGroup < 1) {
            throw new ConfigurationException("topology.routers-per-group", "at least 1",
                Integer.toString(routersPerGroup));
        }
        if (globalChannels < 1) {
            throw new ConfigurationException("topology.global-channels", "at least 1",
                Integer.toString(globalChannels));
        }
        if (concentration < 1) {
            throw new ConfigurationException("topology.concentration", "at least 1", Integer.toString(concentration));
        }
        long groups = (long) routersPerGroup * globalChannels + 1;
        long count = groups * routersPerGroup;
        if (count > MAX_ROUTERS) {
            throw new ConfigurationException("topology", "at most " + MAX_ROUTERS + " routers",
                count + " for a=" + routersPerGroup + " h=" + globalChannels);
        }
        if (channelLength != null) {
            if (channelLength.length != 2) {
                throw new ConfigurationException("topology.channel-length", "two lengths, [local, global]",
                    channelLength.length + " lengths");
            }
            for (int len : channelLength) {
                if (len < 1 || len > FlattenedButterfly.MAX_LATENCY) {
                    throw new ConfigurationException("topology.channel-length", "cycles of at least 1 and at most "
                        + FlattenedButterfly.MAX_LATENCY, Integer.toString(len));
                }
            }
        }
        this.wiring = java.util.Objects.requireNonNull(wiring, "wiring");
        this.channelLength = channelLength == null ? null : channelLength.clone();
        this.a = routersPerGroup;
        this.h = globalChannels;
        this.p = concentration;
        this.g = (int) groups;
        this.routers = (int) count;
        this.perRouter = a - 1 + h;
        int m = routers * perRouter;
        src = new int[m];
        dst = new int[m];
        for (int v = 0; v < routers; v++) {
            int group = v / a;
            int r = v % a;
            int c = v * perRouter;
            for (int t = 0; t < a; t++) {
                if (t != r) {
                    src[c] = v;
                    dst[c] = group * a + t;
                    c++;
                }
            }
            for (int j = 0; j < h; j++) {
                int l = r * h + j;
                int farGroup = farGroup(group, l);
                src[c] = v;
                dst[c] = farGroup * a + globalLink(farGroup, group) / h;
                c++;
            }
        }
    }

    /** Number of groups, {@code g = a*h + 1}. */
    public int groups() {
        return g;
    }

    /** Routers per group, {@code a}. */
    public int routersPerGroup() {
        return a;
    }

    /** Global channels per router, {@code h}. */
    public int globalChannelsPerRouter() {
        return h;
    }

    /** The group of a router. */
    public int groupOf(int node) {
        return node / a;
    }

    /** The index of a router within its group, {@code 0..a-1}. */
    public int indexOf(int node) {
        return node % a;
    }

    /** The router with index {@code index} in {@code group}. */
    public int router(int group, int index) {
        return group * a + index;
    }

    /** The local channel from {@code from} to {@code to}, or -1 unless they are distinct routers of one group. */
    public int localChannel(int from, int to) {
        if (from == to || groupOf(from) != groupOf(to)) {
            return -1;
        }
        int r = indexOf(from);
        int t = indexOf(to);
        return from * perRouter + (t < r ? t : t - 1);
    }

    /** The group that global link {@code l} ({@code 0..a*h-1}) of {@code group} leads to. */
    private int farGroup(int group, int l) {
        return wiring == GlobalWiring.FLOWPROOF ? (group + l + 1) % g : l < group ? l : l + 1;
    }

    /**
     * The global link number ({@code 0..a*h-1}) of group {@code fromGroup} that leads to
     * {@code toGroup}: {@code (toGroup - fromGroup - 1) mod g} with flowproof's wiring,
     * {@code toGroup > fromGroup ? toGroup - 1 : toGroup} with BookSim's; -1 when the groups
     * are equal.
     */
    public int globalLink(int fromGroup, int toGroup) {
        if (fromGroup == toGroup) {
            return -1;
        }
        if (wiring == GlobalWiring.BOOKSIM) {
            return toGroup > fromGroup ? toGroup - 1 : toGroup;
        }
        return Math.floorMod(toGroup - fromGroup - 1, g);
    }

    /** The global wiring. */
    public GlobalWiring wiring() {
        return wiring;
    }

    /**
     * The global channel from {@code fromGroup} to {@code toGroup}, leaving the router of
     * {@code fromGroup} that owns that link; -1 when the groups are equal.
     */
    public int globalChannel(int fromGroup, int toGroup) {
        int l = globalLink(fromGroup, toGroup);
        if (l < 0) {
            return -1;
        }
        return router(fromGroup, l / h) * perRouter + a - 1 + l % h;
    }

    @Override
    public boolean hasGlobalChannels() {
        return true;
    }

    /** Whether a channel is global (joins two groups) rather than local. */
    @Override
    public boolean isGlobal(int channel) {
        return channel % perRouter >= a - 1;
    }

    @Override
    public int concentration() {
        return p;
    }

    @Override
    public int nodes() {
        return routers;
    }

    @Override
    public int channels() {
        return src.length;
    }

    @Override
    public int source(int channel) {
        return src[channel];
    }

    @Override
    public int target(int channel) {
        return dst[channel];
    }

    /** The latency of a channel in cycles: 1, or with {@code channel-length} its local or global length. */
    @Override
    public int latency(int channel) {
        if (channelLength == null) {
            return 1;
        }
        return channelLength[isGlobal(channel) ? 1 : 0];
    }

    /** 0 for a local channel, 1 for a global channel. */
    @Override
    public int dimension(int channel) {
        return isGlobal(channel) ? 1 : 0;
    }

    /** e.g. {@code g1.r0}: router 0 of group 1. */
    @Override
    public String nodeName(int node) {
        return "g" + groupOf(node) + ".r" + indexOf(node);
    }

    /**
     * e.g. {@code dragonfly a=2 h=1 p=1 (3 groups, 6 routers)}, with {@code , BookSim's global
     * wiring} and {@code , channel length [10, 100]} when they apply.
     */
    @Override
    public String describe() {
        StringBuilder b = new StringBuilder("dragonfly a=" + a + " h=" + h + " p=" + p + " (" + g + " groups, " + routers
            + " routers");
        if (wiring == GlobalWiring.BOOKSIM) {
            b.append(", BookSim's global wiring");
        }
        if (channelLength != null) {
            b.append(", channel length ").append(java.util.Arrays.toString(channelLength));
        }
        return b.append(')').toString();
    }

    @Override
    public String kind() {
        return "dragonfly";
    }

    /** {@code kind: dragonfly}: groups of routers joined by global channels. */
    @AutoService(TopologyFactory.class)
    public static final class Factory implements TopologyFactory {
        @Override
        public String name() {
            return "dragonfly";
        }

        @Override
        public Topology create(PluginParams params) {
            int a = params.positiveInt("routers-per-group");
            int h = params.positiveInt("global-channels");
            int p = params.positiveInt("concentration", 1);
            GlobalWiring wiring = GlobalWiring.of(params.text("global-wiring", "flowproof"));
            if (wiring == null) {
                throw params.bad("global-wiring", "flowproof or booksim");
            }
            int[] lengths = TopologyParams.channelLength(params, 2,
                "[local, global]: two positive integers, cycles of a local and of a global channel", "cycles");
            return new Dragonfly(a, h, p, wiring, lengths);
        }

        @Override
        public List<Param> params() {
            return List.of(Param.of("routers-per-group"), Param.of("global-channels"), Param.of("concentration"),
                Param.of("global-wiring"), Param.of("channel-length"));
        }
    }

    @Override
    public String defaultRouting() {
        return "minimal";
    }

    @Override
    public boolean takesAnyRouting() {
        return false;
    }
}
