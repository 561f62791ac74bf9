package flowproof.topology;

import com.google.auto.service.AutoService;
import flowproof.ConfigurationException;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A k-ary n-cube: torus (with wrap-around channels) or mesh (without), with a radix
 * per dimension, unidirectional or bidirectional.
 *
 * <p>Node ids are mixed-radix numbers with dimension 0 least significant:
 * {@code id = c0 + k0*(c1 + k1*(c2 + ...))}. Channels are numbered node by node, then
 * dimension, then direction (+ before -). In a bidirectional torus with k = 2 the +
 * and - channels of a dimension join the same two nodes but are distinct channels.
 * A directional ring is identified by (dimension, direction, line), where the line is
 * the node's coordinates with the ring's own coordinate set to 0.
 *
 * <p>A concentrated torus or mesh ({@link #withConcentration}) attaches {@code c} terminals
 * to every router, terminal {@code t} to router {@code t / c} (a concentrated mesh such as
 * BookSim's {@code cmesh} without its express channels); the explorer and the channel
 * dependency graph see the routers only, the simulator injects from each terminal.
 */
public final class Torus implements Grid {

    /**
     * The most nodes of a ring, torus or mesh spec: 16,384, a 128x128 torus (SPTh's Table 3 at
     * N = 128), which simulates in about 1 GB of heap (docs/measurements.md, "128x128 torus").
     */
    public static final int MAX_NODES = 1 << 14;

    private final int[] radix;
    private final boolean bidirectional;
    private final boolean wrap;
    private final int nodes;
    private final int[] stride;
    private final int[] src;
    private final int[] dst;
    private final int[] dim;
    private final int[] dir;
    private final int[] ring;
    private final int[] ringHome;
    /** channelAt[(node * n + dimension) * 2 + (direction > 0 ? 0 : 1)], or -1. */
    private final int[] channelAt;
    /** Terminals per router. */
    private final int concentration;

    private Torus(int[] radix, boolean bidirectional, boolean wrap) {
        this(radix, bidirectional, wrap, 1);
    }

    private Torus(int[] radix, boolean bidirectional, boolean wrap, int concentration) {
        if (concentration < 1) {
            throw new IllegalArgumentException("concentration must be at least 1, found " + concentration);
        }
        this.concentration = concentration;
        if (radix.length == 0) {
            throw new IllegalArgumentException("a torus needs at least one dimension");
        }
        for (int k : radix) {
            if (k < 2) {
                throw new IllegalArgumentException("radix must be at least 2, found " + k);
            }
        }
        if (!wrap && !bidirectional) {
            throw new IllegalArgumentException("a mesh has no wrap-around channels, so it must be bidirectional");
        }
        this.radix = radix.clone();
        this.bidirectional = bidirectional;
        this.wrap = wrap;
        int n = radix.length;
        this.stride = new int[n];
        long count = 1;
        for (int i = 0; i < n; i++) {
            stride[i] = (int) count;
            count *= radix[i];
            if (count > 1 << 20) {
                throw new IllegalArgumentException("too many nodes: " + count);
            }
        }
        this.nodes = (int) count;
        int dirs = bidirectional ? 2 : 1;
        List<int[]> chans = new ArrayList<>();
        this.channelAt = new int[nodes * n * 2];
        Arrays.fill(channelAt, -1);
        for (int v = 0; v < nodes; v++) {
            for (int i = 0; i < n; i++) {
                for (int d = 0; d < dirs; d++) {
                    int sign = d == 0 ? 1 : -1;
                    int c = coordinate(v, i);
                    int nc = c + sign;
                    if (nc < 0 || nc >= radix[i]) {
                        if (!wrap) {
                            continue;
                        }
                        nc = Math.floorMod(nc, radix[i]);
                    }
                    int to = v + (nc - c) * stride[i];
                    channelAt[(v * n + i) * 2 + d] = chans.size();
                    chans.add(new int[] {v, to, i, sign});
                }
            }
        }
        int m = chans.size();
        src = new int[m];
        dst = new int[m];
        dim = new int[m];
        dir = new int[m];
        ring = new int[m];
        List<Integer> ringKeys = new ArrayList<>();
        List<Integer> homes = new ArrayList<>();
        for (int c = 0; c < m; c++) {
            int[] ch = chans.get(c);
            src[c] = ch[0];
            dst[c] = ch[1];
            dim[c] = ch[2];
            dir[c] = ch[3];
            int line = ch[0] - coordinate(ch[0], ch[2]) * stride[ch[2]];
            int key = (line * n + ch[2]) * 2 + (ch[3] > 0 ? 0 : 1);
            int r = ringKeys.indexOf(key);
            if (r < 0) {
                r = ringKeys.size();
                ringKeys.add(key);
                homes.add(c);
            } else if (coordinate(dst[c], dim[c]) < coordinate(dst[homes.get(r)], dim[homes.get(r)])) {
                homes.set(r, c);
            }
            ring[c] = r;
        }
        ringHome = homes.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Every translation of a torus (one per node, the identity first); only the identity for a mesh. */
    @Override
    public List<int[]> translations() {
        if (!wrap) {
            return Grid.super.translations();
        }
        List<int[]> group = new ArrayList<>();
        for (int t = 0; t < nodes; t++) {
            int[] perm = new int[nodes];
            for (int v = 0; v < nodes; v++) {
                int image = 0;
                for (int i = 0; i < radix.length; i++) {
                    image += Math.floorMod(coordinate(v, i) + coordinate(t, i), radix[i]) * stride[i];
                }
                perm[v] = image;
            }
            group.add(perm);
        }
        return group;
    }

    /**
     * The reflection of dimension {@code d}: {@code x_d -> -x_d mod k_d} on a bidirectional
     * torus, {@code x_d -> k_d-1-x_d} on a mesh. Channel (u, d, +) goes to (u', d, -), every
     * other channel keeps its dimension and direction (on a mesh the image of a channel
     * leaving the last coordinate + is one leaving the first coordinate -, which exists). Null
     * for a unidirectional torus (it would reverse channels).
     */
    @Override
    public Automorphism reflection(int dimension) {
        if (!bidirectional || dimension < 0 || dimension >= radix.length) {
            return null;
        }
        int k = radix[dimension];
        int[] nodeMap = new int[nodes];
        for (int v = 0; v < nodes; v++) {
            int c = coordinate(v, dimension);
            int image = wrap ? Math.floorMod(-c, k) : k - 1 - c;
            nodeMap[v] = v + (image - c) * stride[dimension];
        }
        int[] channelMap = new int[src.length];
        for (int ch = 0; ch < src.length; ch++) {
            int sign = dim[ch] == dimension ? -dir[ch] : dir[ch];
            channelMap[ch] = channel(nodeMap[src[ch]], dim[ch], sign);
        }
        return new Automorphism("reflect d" + dimension, nodeMap, channelMap).checkedOn(this);
    }

    /** A torus: every dimension has wrap-around channels. */
    public static Torus torus(int[] radix, boolean bidirectional) {
        return new Torus(radix, bidirectional, true);
    }

    /** A mesh: a bidirectional torus without wrap-around channels. */
    public static Torus mesh(int[] radix) {
        return new Torus(radix, true, false);
    }

    /** The same torus or mesh with {@code c} terminals at every router (terminal t at router t / c). */
    public Torus withConcentration(int c) {
        return c == concentration ? this : new Torus(radix, bidirectional, wrap, c);
    }

    @Override
    public int concentration() {
        return concentration;
    }

    public int dimensions() {
        return radix.length;
    }

    public int radix(int dimension) {
        return radix[dimension];
    }

    public boolean bidirectional() {
        return bidirectional;
    }

    public boolean hasWrapAround() {
        return wrap;
    }

    /** Coordinate of a node along a dimension. */
    public int coordinate(int node, int dimension) {
        return (node / stride[dimension]) % radix[dimension];
    }

    /** The node with the given coordinates. */
    public int node(int... coordinates) {
        int v = 0;
        for (int i = 0; i < radix.length; i++) {
            v += Math.floorMod(coordinates[i], radix[i]) * stride[i];
        }
        return v;
    }

    @Override
    public int nodes() {
        return nodes;
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

    @Override
    public int dimension(int channel) {
        return dim[channel];
    }

    @Override
    public int direction(int channel) {
        return dir[channel];
    }

    @Override
    public boolean isWrapAround(int channel) {
        int c = coordinate(src[channel], dim[channel]);
        int k = radix[dim[channel]];
        return wrap && (dir[channel] > 0 ? c == k - 1 : c == 0);
    }

    @Override
    public int rings() {
        return ringHome.length;
    }

    @Override
    public int ringOf(int channel) {
        return ring[channel];
    }

    @Override
    public int ringHome(int ring) {
        return ringHome[ring];
    }

    @Override
    public int channel(int from, int dimension, int direction) {
        if (dimension < 0 || dimension >= radix.length || (direction != 1 && direction != -1)) {
            return -1;
        }
        return channelAt[(from * radix.length + dimension) * 2 + (direction > 0 ? 0 : 1)];
    }

    @Override
    public String nodeName(int node) {
        if (radix.length == 1) {
            return Integer.toString(node);
        }
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < radix.length; i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(coordinate(node, i));
        }
        return b.append(')').toString();
    }

    @Override
    public String describe() {
        StringBuilder b = new StringBuilder();
        b.append(bidirectional ? "bidirectional " : "unidirectional ");
        b.append(!wrap ? "mesh " : radix.length == 1 ? "ring " : "torus ");
        for (int i = 0; i < radix.length; i++) {
            if (i > 0) {
                b.append('x');
            }
            b.append(radix[i]);
        }
        if (concentration > 1) {
            b.append(", concentration ").append(concentration);
        }
        return b.toString();
    }

    @Override
    public String kind() {
        return radix.length == 1 && wrap ? "ring" : wrap ? "torus" : "mesh";
    }

    /** {@code topology: {kind: ring|torus|mesh, radix: [K, ...], bidirectional, concentration}} from its fields. */
    static Torus read(PluginParams p, String kind) {
        Object r = p.value("radix");
        if (r == null) {
            throw new ConfigurationException(p.field() + ".radix", "a list of radices, one per dimension",
                "nothing (the field is missing)");
        }
        int[] radix;
        boolean list = r instanceof List<?>;
        if (r instanceof Integer k) {
            radix = new int[] {k};
        } else if (r instanceof List<?> l && !l.isEmpty()) {
            radix = new int[l.size()];
            for (int i = 0; i < l.size(); i++) {
                if (!(l.get(i) instanceof Integer k)) {
                    throw p.bad("radix", i, "an integer radix of at least 2");
                }
                radix[i] = k;
            }
        } else {
            throw p.bad("radix", "a list of radices, one per dimension");
        }
        for (int i = 0; i < radix.length; i++) {
            if (radix[i] < 2) {
                throw list ? p.bad("radix", i, "an integer radix of at least 2") : p.bad("radix",
                    "an integer radix of at least 2");
            }
        }
        if (kind.equals("ring") && radix.length != 1) {
            throw p.bad("radix", "one radix for a ring (use kind torus for more dimensions)");
        }
        long nodes = 1;
        for (int k : radix) {
            nodes *= k;
        }
        if (nodes > MAX_NODES) {
            throw p.bad("radix", "at most " + MAX_NODES + " nodes (the product of the radices)");
        }
        int c = p.positiveInt("concentration", 1);
        if (nodes * c > MAX_NODES) {
            throw p.bad("concentration", "at most " + MAX_NODES + " terminals (routers times concentration; " + nodes
                + " routers)");
        }
        boolean given = p.has("bidirectional");
        boolean bidirectional = p.bool("bidirectional", false);
        if (kind.equals("mesh")) {
            if (given && !bidirectional) {
                throw p.bad("bidirectional", "true for a mesh (it has no wrap-around channels)");
            }
            return mesh(radix).withConcentration(c);
        }
        return torus(radix, bidirectional).withConcentration(c);
    }

    /** The factory of kind {@code ring}, {@code torus} or {@code mesh}: one reader for the three. */
    abstract static class GridFactory implements TopologyFactory {
        private final String kind;

        GridFactory(String kind) {
            this.kind = kind;
        }

        @Override
        public String name() {
            return kind;
        }

        @Override
        public Topology create(PluginParams params) {
            return read(params, kind);
        }

        @Override
        public List<Param> params() {
            return List.of(Param.of("radix"), Param.of("bidirectional"), Param.of("concentration"));
        }
    }

    /** {@code kind: ring}: one dimension with wrap-around channels. */
    @AutoService(TopologyFactory.class)
    public static final class RingFactory extends GridFactory {
        /** The factory ServiceLoader builds. */
        public RingFactory() {
            super("ring");
        }
    }

    /** {@code kind: torus}: a k-ary n-cube with wrap-around channels. */
    @AutoService(TopologyFactory.class)
    public static final class TorusFactory extends GridFactory {
        /** The factory ServiceLoader builds. */
        public TorusFactory() {
            super("torus");
        }
    }

    /** {@code kind: mesh}: a bidirectional k-ary n-cube without wrap-around channels. */
    @AutoService(TopologyFactory.class)
    public static final class MeshFactory extends GridFactory {
        /** The factory ServiceLoader builds. */
        public MeshFactory() {
            super("mesh");
        }
    }


    @Override
    public String defaultRouting() {
        return "dor";
    }

    @Override
    public boolean takesAnyRouting() {
        return false;
    }
}
