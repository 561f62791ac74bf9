package example.plugins;

import flowproof.plugin.PluginParams;
import flowproof.topology.Topology;
import java.util.ArrayList;
import java.util.List;

/**
 * A user's topology: an irregular network given by its bidirectional links ({@code links: [[0, 1],
 * [1, 2], ...]}, routers numbered from 0 and named by their numbers), each link a channel each
 * way. {@code terminals: [...]} lists the routers with terminals (every router by default). No
 * dimensions, no rings (so the bubble rules are refused on it), the identity as its only
 * translation: what {@link Topology}'s defaults say.
 */
public final class IrregularNet implements Topology {

    private final int routers;
    private final int[] src;
    private final int[] dst;
    private final boolean[] endpoint;

    public IrregularNet(PluginParams params) {
        Object given = params.value("links");
        if (!(given instanceof List<?> list) || list.isEmpty()) {
            throw params.bad("links", "a non-empty list of links [a, b] between routers 0, 1, ...");
        }
        List<int[]> links = new ArrayList<>();
        int most = 0;
        for (Object o : list) {
            if (!(o instanceof List<?> pair) || pair.size() != 2 || !(pair.get(0) instanceof Integer a)
                || !(pair.get(1) instanceof Integer b) || a < 0 || b < 0 || a.equals(b)) {
                throw params.bad("links", "links [a, b] between two different routers 0, 1, ...");
            }
            links.add(new int[] {a, b});
            most = Math.max(most, Math.max(a, b));
        }
        routers = most + 1;
        src = new int[2 * links.size()];
        dst = new int[2 * links.size()];
        for (int i = 0; i < links.size(); i++) {
            src[2 * i] = links.get(i)[0];
            dst[2 * i] = links.get(i)[1];
            src[2 * i + 1] = links.get(i)[1];
            dst[2 * i + 1] = links.get(i)[0];
        }
        endpoint = new boolean[routers];
        List<Integer> terminals = params.integers("terminals");
        for (int v = 0; v < routers; v++) {
            endpoint[v] = terminals.isEmpty() || terminals.contains(v);
        }
        for (int t : terminals) {
            if (t < 0 || t >= routers) {
                throw params.bad("terminals", "routers 0.." + (routers - 1));
            }
        }
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

    @Override
    public int dimension(int channel) {
        return -1;
    }

    @Override
    public boolean isEndpoint(int node) {
        return endpoint[node];
    }

    @Override
    public String nodeName(int node) {
        return Integer.toString(node);
    }

    /** {@code a->b}, as a graph names its channels (a second link between two routers would repeat it). */
    @Override
    public String channelName(int channel) {
        return src[channel] + "->" + dst[channel];
    }

    @Override
    public String describe() {
        return "irregular network (" + routers + " routers, " + src.length / 2 + " links)";
    }
}
