package flowproof.topology;

import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import java.util.List;

/** Reads shared by the built-in topologies' factories. */
final class TopologyParams {

    /** radix and stages, the fields of the staged networks. */
    static final List<Param> STAGED = List.of(Param.of("radix"), Param.of("stages"));

    private TopologyParams() {
    }

    /**
     * {@code channel-length}: null when absent, else {@code n} positive integers (one per
     * dimension of a flattened butterfly; local and global of a dragonfly).
     */
    static int[] channelLength(PluginParams p, int n, String expected, String each) {
        Object v = p.value("channel-length");
        if (v == null) {
            return null;
        }
        if (!(v instanceof List<?> list) || list.size() != n) {
            throw p.bad("channel-length", expected);
        }
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            if (!(list.get(i) instanceof Integer k) || k < 1) {
                throw p.bad("channel-length", i, "a positive integer (" + each + ")");
            }
            out[i] = k;
        }
        return out;
    }
}
