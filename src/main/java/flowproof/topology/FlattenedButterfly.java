package flowproof.topology;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import java.util.List;
import flowproof.ConfigurationException;

/**
 * A k-ary n-flat: the flattened butterfly of Kim, Dally and Abts, "Flattened butterfly:
 * a cost-efficient topology for high-radix networks", ISCA 2007. There are
 * {@code R = k^n} routers; each is linked to every router that differs from it in
 * exactly one coordinate, so a dimension is a fully connected group of k routers and a
 * router has {@code n*(k-1)} network ports plus {@link #concentration} terminals.
 *
 * <p>Router ids are mixed-radix numbers with dimension 0 least significant, as in
 * {@link Torus}: {@code id = c0 + k*(c1 + k*(c2 + ...))}. Channels are numbered router
 * by router, then dimension, then target coordinate in increasing order skipping the
 * router's own: the channel from {@code v} in dimension {@code i} to coordinate
 * {@code t != c_i(v)} is {@code (v*n + i)*(k-1) + (t < c_i(v) ? t : t-1)}. Every link is
 * two channels, one each way.
 *
 * <p>{@link #dimension} is the dimension a channel runs in; channels have no direction
 * (0), no wrap-around and no directional rings.
 *
 * <p><b>Channel lengths.</b> By default every channel has latency 1 (the simulator's
 * {@code link-latency}). With {@code channel-length} {@code [L0, L1, ...]} the routers are
 * laid out in a grid and a channel of dimension {@code i} between coordinates {@code a} and
 * {@code b} has latency {@code Li * |a - b|}, as BookSim's on-chip flattened butterfly
 * ({@code flatfly_onchip.cpp}, {@code use_noc_latency = 1}) makes it with {@code L = [xr, yr]}.
 * Immutable.
 */
public final class FlattenedButterfly implements Topology {

    /** The largest number of routers accepted (so that UGAL's {@code R + R*R} headers fit an int). */
    public static final int MAX_ROUTERS = 1 << 15;

    /** The largest number of channels accepted. */
    public static final int MAX_CHANNELS = 1 << 22;

    /** The longest channel latency {@code channel-length} may give, in cycles. */
    public static final int MAX_LATENCY = 1 << 16;

    private final int radix;
    private final int dimensions;
    private final int concentration;
    private final int routers;
    private final int[] stride;
    private final int[] src;
    private final int[] dst;
    private final int[] dim;
    /** Cycles per coordinate step in each dimension, or null: every channel latency 1. */
    private final int[] channelLength;

    /**
     * A k-ary n-flat.
     *
     * @param radix routers per dimension, k &gt;= 2 ({@code topology.radix})
     * @param dimensions n &gt;= 1 ({@code topology.dimensions})
     * @param concentration terminals per router, c &gt;= 1 ({@code topology.concentration})
     * @throws ConfigurationException on a bad argument, more than {@link #MAX_ROUTERS} routers or
     *     more than {@link #MAX_CHANNELS} channels
     */
    public FlattenedButterfly(int radix, int dimensions, int concentration) {
        this(radix, dimensions, concentration, null);
    }

    /**
     * A k-ary n-flat whose channels are as long as the distance they span.
     *
     * @param channelLength cycles per coordinate step, one per dimension, each &gt;= 1
     *     ({@code topology.channel-length}), or null for latency 1 on every channel
     * @throws ConfigurationException as the other constructor, or on a bad channel length
     */
    public FlattenedButterfly(int radix, int dimensions, int concentration, int[] channelLength) {
        if (radix < 2) {
            throw new ConfigurationException("topology.radix", "at least 2", Integer.toString(radix));
        }
        if (dimensions < 1) {
            throw new ConfigurationException("topology.dimensions", "at least 1", Integer.toString(dimensions));
        }
        if (concentration < 1) {
            throw new ConfigurationException("topology.concentration", "at least 1", Integer.toString(concentration));
        }
        if (channelLength != null) {
            if (channelLength.length != dimensions) {
                throw new ConfigurationException("topology.channel-length", "one length per dimension (" + dimensions
                    + ")", channelLength.length + " lengths");
            }
            for (int len : channelLength) {
                if (len < 1 || (long) len * (radix - 1) > MAX_LATENCY) {
                    throw new ConfigurationException("topology.channel-length", "cycles per step of at least 1 and at"
                        + " most " + MAX_LATENCY + " across the longest channel", Integer.toString(len));
                }
            }
        }
        this.channelLength = channelLength == null ? null : channelLength.clone();
        this.radix = radix;
        this.dimensions = dimensions;
        this.concentration = concentration;
        this.stride = new int[dimensions];
        long count = 1;
        for (int i = 0; i < dimensions; i++) {
            stride[i] = (int) count;
            count *= radix;
            if (count > MAX_ROUTERS) {
                throw new ConfigurationException("topology",
                    "at most " + MAX_ROUTERS + " routers (radix^dimensions)", radix + "^" + dimensions);
            }
        }
        this.routers = (int) count;
        long channels = (long) routers * dimensions * (radix - 1);
        if (channels > MAX_CHANNELS) {
            throw new ConfigurationException("topology",
                "at most " + MAX_CHANNELS + " channels", channels + " for " + radix + "^" + dimensions);
        }
        int m = (int) channels;
        src = new int[m];
        dst = new int[m];
        dim = new int[m];
        int c = 0;
        for (int v = 0; v < routers; v++) {
            for (int i = 0; i < dimensions; i++) {
                int own = coordinate(v, i);
                for (int t = 0; t < radix; t++) {
                    if (t != own) {
                        src[c] = v;
                        dst[c] = v + (t - own) * stride[i];
                        dim[c] = i;
                        c++;
                    }
                }
            }
        }
    }

    /** Routers per dimension, k. */
    public int radix() {
        return radix;
    }

    /** Number of dimensions, n. */
    public int dimensions() {
        return dimensions;
    }

    /** Coordinate of a router along a dimension, {@code 0..k-1}. */
    public int coordinate(int node, int dimension) {
        return (node / stride[dimension]) % radix;
    }

    /** The router with the given coordinates (dimension 0 first), each taken modulo k. */
    public int node(int... coordinates) {
        int v = 0;
        for (int i = 0; i < dimensions; i++) {
            v += Math.floorMod(coordinates[i], radix) * stride[i];
        }
        return v;
    }

    /**
     * The channel from {@code from} to {@code to}, or -1 when they are not linked (equal,
     * or differing in more than one coordinate).
     */
    public int channelTo(int from, int to) {
        if (from == to) {
            return -1;
        }
        int i = -1;
        for (int d = 0; d < dimensions; d++) {
            if (coordinate(from, d) != coordinate(to, d)) {
                if (i >= 0) {
                    return -1;
                }
                i = d;
            }
        }
        int own = coordinate(from, i);
        int t = coordinate(to, i);
        return (from * dimensions + i) * (radix - 1) + (t < own ? t : t - 1);
    }

    /** Number of coordinates in which two routers differ: their distance in hops. */
    public int differingCoordinates(int a, int b) {
        int n = 0;
        for (int d = 0; d < dimensions; d++) {
            if (coordinate(a, d) != coordinate(b, d)) {
                n++;
            }
        }
        return n;
    }

    @Override
    public int concentration() {
        return concentration;
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

    /** The dimension the channel runs in: the one coordinate its two routers differ in. */
    @Override
    public int dimension(int channel) {
        return dim[channel];
    }

    /**
     * The latency of a channel in cycles: 1, or with {@code channel-length} the length of its
     * dimension times the coordinate distance it spans.
     */
    @Override
    public int latency(int channel) {
        if (channelLength == null) {
            return 1;
        }
        int d = dim[channel];
        return channelLength[d] * Math.abs(coordinate(src[channel], d) - coordinate(dst[channel], d));
    }

    /** {@code x} in one dimension, {@code (x,y,...)} otherwise. */
    @Override
    public String nodeName(int node) {
        if (dimensions == 1) {
            return Integer.toString(node);
        }
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < dimensions; i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(coordinate(node, i));
        }
        return b.append(')').toString();
    }

    /** e.g. {@code flattened butterfly 4x4 (16 routers, concentration 4)}. */
    @Override
    public String describe() {
        StringBuilder b = new StringBuilder("flattened butterfly ");
        for (int i = 0; i < dimensions; i++) {
            if (i > 0) {
                b.append('x');
            }
            b.append(radix);
        }
        b.append(" (").append(routers).append(" routers, concentration ").append(concentration);
        if (channelLength != null) {
            b.append(", channel length ").append(java.util.Arrays.toString(channelLength)).append(" per step");
        }
        return b.append(')').toString();
    }

    @Override
    public String kind() {
        return "flattened-butterfly";
    }

    /** {@code kind: flattened-butterfly}: a k-ary n-flat. */
    @AutoService(TopologyFactory.class)
    public static final class Factory implements TopologyFactory {
        @Override
        public String name() {
            return "flattened-butterfly";
        }

        @Override
        public Topology create(PluginParams params) {
            int k = params.positiveInt("radix");
            int n = params.positiveInt("dimensions", 1);
            int c = params.positiveInt("concentration", 1);
            return new FlattenedButterfly(k, n, c, TopologyParams.channelLength(params, n, "a list of " + n
                + " positive integers, cycles per coordinate step in each dimension", "cycles per coordinate step"));
        }

        @Override
        public List<Param> params() {
            return List.of(Param.of("radix"), Param.of("dimensions"), Param.of("concentration"), Param.of("channel-length"));
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
