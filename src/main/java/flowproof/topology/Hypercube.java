package flowproof.topology;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import java.util.List;

/**
 * A binary n-cube: {@code 2^n} routers, router {@code v} joined to {@code v XOR 2^d} in each
 * dimension {@code d} by a channel each way. A router is named by its n bits, dimension 0 last
 * ({@code 0110}); the channel across dimension d goes in direction + from a router whose bit d is
 * 0 and - from one whose bit is 1. A hypercube has no rings (a dimension is one link), so the rules
 * that read rings do not apply; its routings are those of any network (shortest-path, table,
 * valiant).
 */
public final class Hypercube implements Topology {

    /** The most dimensions: 2^14 = 16,384 routers, as many as a torus may have. */
    public static final int MAX_DIMENSIONS = 14;

    private final int dimensions;

    /**
     * @param dimensions n, 1 to {@value #MAX_DIMENSIONS}
     * @throws flowproof.ConfigurationException (field {@code topology.dimensions}) otherwise
     */
    public Hypercube(int dimensions) {
        if (dimensions < 1 || dimensions > MAX_DIMENSIONS) {
            throw new flowproof.ConfigurationException("topology.dimensions", "1 to " + MAX_DIMENSIONS + " dimensions"
                + " (at most 16384 routers)", Integer.toString(dimensions));
        }
        this.dimensions = dimensions;
    }

    /** n. */
    public int dimensions() {
        return dimensions;
    }

    @Override
    public int nodes() {
        return 1 << dimensions;
    }

    @Override
    public int channels() {
        return nodes() * dimensions;
    }

    @Override
    public int source(int channel) {
        return channel / dimensions;
    }

    @Override
    public int target(int channel) {
        return source(channel) ^ (1 << dimension(channel));
    }

    @Override
    public int dimension(int channel) {
        return channel % dimensions;
    }

    @Override
    public int direction(int channel) {
        return (source(channel) >> dimension(channel) & 1) == 0 ? 1 : -1;
    }

    @Override
    public int channel(int from, int dimension, int direction) {
        int c = from * dimensions + dimension;
        return direction == direction(c) ? c : -1;
    }

    @Override
    public String nodeName(int node) {
        StringBuilder b = new StringBuilder();
        for (int d = dimensions - 1; d >= 0; d--) {
            b.append(node >> d & 1);
        }
        return b.toString();
    }

    @Override
    public String kind() {
        return "hypercube";
    }

    @Override
    public String describe() {
        return "hypercube of " + dimensions + " dimensions (" + nodes() + " routers)";
    }

    /** {@code topology: {kind: hypercube, dimensions: N}}. */
    @AutoService(TopologyFactory.class)
    public static final class Factory implements TopologyFactory {
        @Override
        public String name() {
            return "hypercube";
        }

        @Override
        public Topology create(PluginParams params) {
            return new Hypercube(params.positiveInt("dimensions"));
        }

        @Override
        public List<Param> params() {
            return List.of(Param.of("dimensions"));
        }
    }
}
