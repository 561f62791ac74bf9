package flowproof.topology;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import java.util.List;
import flowproof.ConfigurationException;

/**
 * A k-ary n-tree (Petrini and Vanneschi), BookSim's {@code fattree}: {@code n} levels of
 * {@code P = k^(n-1)} switches, level 0 at the top; every switch below the top has {@code k}
 * ports down and {@code k} up, a top switch {@code k} down. The {@code N = k^n} terminals sit
 * on the bottom switches ({@code k} each, terminal {@code t} on bottom switch {@code t / k}),
 * with no router or channel of their own, so the bottom switches are the endpoints
 * ({@link #concentration} k).
 *
 * <p><b>Nodes.</b> Switch {@code pos} ({@code 0..P-1}) of level {@code l} is node
 * {@code l * P + pos}, BookSim's router id. Digits are base k, digit {@code j} of {@code x}
 * is {@code (x / k^j) % k}.
 *
 * <p><b>Wiring</b> (as fattree.cpp builds it; {@link #FatTree} replays its loops, so channel
 * {@code c} is BookSim's channel {@code c}). Up port {@code p} of switch {@code pos} at level
 * {@code l >= 1} goes to the level-{@code l-1} switch that is {@code pos} with digit
 * {@code n-1-l} replaced by {@code p}, into its down port {@code digit(pos, n-1-l)}; each such
 * link carries a channel each way. So a level-{@code l} switch has as ancestors at level
 * {@code m < l} the switches that agree with it on digits {@code n-1-m .. n-2}, and it
 * reaches down exactly the bottom switches that agree with it there ({@link #covers}): the
 * {@code k^(n-1-m)} bottom switches {@code b} with {@code b / k^(n-1-m) == pos / k^(n-1-m)}.
 * Two bottom switches' nearest common ancestors are the switches of the deepest level that
 * covers both ({@link #ancestorLevel}): {@code k^(n-1-m)} of them, one per path up.
 *
 * <p>{@link #dimension} is the level of the switch a channel leaves, {@link #direction} +1 up
 * and -1 down; no rings, no wrap-around channels. Immutable.
 */
public final class FatTree implements Topology {

    private final int k;
    private final int n;
    private final int perLevel;
    private final int terminals;
    private final int[] pow;
    private final int[] src;
    private final int[] dst;

    /**
     * @param radix  k, at least 2
     * @param levels n, at least 2; {@code k^n} at most {@link StagedNetwork#MAX_TERMINALS}
     * @throws ConfigurationException with field {@code topology.radix}, {@code topology.stages}
     *     or {@code topology} when an argument is out of range
     */
    public FatTree(int radix, int levels) {
        if (levels < 2) {
            throw new ConfigurationException("topology.stages", "at least 2 levels for a fat tree (with 1 it is one"
                + " switch: no channel to check or simulate)", Integer.toString(levels));
        }
        pow = StagedNetwork.powers(radix, levels);
        k = radix;
        n = levels;
        perLevel = pow[n - 1];
        terminals = pow[n];
        // fattree.cpp, _BuildNet: the output channels of every switch, then the input channels
        int perDirection = k * perLevel;
        int perLayer = 2 * perDirection;
        int channels = perLayer * (n - 1);
        src = new int[channels];
        dst = new int[channels];
        java.util.Arrays.fill(src, -1);
        java.util.Arrays.fill(dst, -1);
        for (int level = 0; level < n - 1; level++) {
            for (int pos = 0; pos < perLevel; pos++) {
                for (int port = 0; port < k; port++) {
                    src[level * perLayer + pos * k + port] = node(level, pos);
                }
            }
        }
        for (int level = 1; level < n; level++) {
            for (int pos = 0; pos < perLevel; pos++) {
                for (int port = 0; port < k; port++) {
                    src[level * perLayer - perDirection + pos * k + port] = node(level, pos);
                }
            }
        }
        for (int level = 0; level < n - 1; level++) {
            // down inputs of this level: the up channels of the level below
            wireInputs(level, pow[n - 1 - level], pow[n - 2 - level], (level + 1) * perLayer - perDirection);
        }
        for (int level = 1; level < n; level++) {
            // up inputs of this level: the down channels of the level above
            wireInputs(level, pow[n - level], pow[n - 1 - level], (level - 1) * perLayer);
        }
        for (int c = 0; c < channels; c++) {
            if (src[c] < 0 || dst[c] < 0) {
                throw new IllegalStateException("fat tree channel " + c + " not wired");
            }
        }
    }

    private void wireInputs(int level, int perNeighborhood, int perBranch, int first) {
        for (int pos = 0; pos < perLevel; pos++) {
            int neighborhood = pos / perNeighborhood;
            int inNeighborhood = pos % perNeighborhood;
            for (int port = 0; port < k; port++) {
                int link = first + neighborhood * perNeighborhood * k + port * perBranch * k
                    + (inNeighborhood % perBranch) * k + inNeighborhood / perBranch;
                dst[link] = node(level, pos);
            }
        }
    }

    /** k: down ports per switch (and up ports below the top). */
    public int radix() {
        return k;
    }

    /** n: the number of levels. */
    public int levels() {
        return n;
    }

    /** k^(n-1): switches per level. */
    public int switchesPerLevel() {
        return perLevel;
    }

    /** The node of switch {@code pos} of {@code level}. */
    public int node(int level, int pos) {
        if (level < 0 || level >= n || pos < 0 || pos >= perLevel) {
            throw new IllegalArgumentException("no switch " + pos + " at level " + level + " of " + describe());
        }
        return level * perLevel + pos;
    }

    /** The level of a switch node (0 at the top). */
    public int levelOf(int node) {
        return node / perLevel;
    }

    /** The position of a switch node within its level. */
    public int posOf(int node) {
        return node % perLevel;
    }

    /** Digit {@code j} of {@code x} in base k. */
    public int digit(int x, int j) {
        return (x / pow[j]) % k;
    }

    /**
     * Whether switch {@code node} reaches switch {@code below} going down only: {@code below} is
     * at its level or deeper and they agree on the digits {@code n-1-level(node) .. n-2} (a
     * switch covers itself).
     */
    public boolean covers(int node, int below) {
        if (levelOf(below) <= levelOf(node)) {
            return below == node;
        }
        int span = pow[n - 1 - levelOf(node)];
        return posOf(node) / span == posOf(below) / span;
    }

    /** The channel up from switch {@code node} (below the top) by up port {@code port}. */
    public int upChannel(int node, int port) {
        int level = levelOf(node);
        if (level < 1 || port < 0 || port >= k) {
            throw new IllegalArgumentException("no up port " + port + " at " + nodeName(node));
        }
        return level * 2 * k * perLevel - k * perLevel + posOf(node) * k + port;
    }

    /** The channel down from switch {@code node} (above the bottom) by down port {@code port}. */
    public int downChannel(int node, int port) {
        int level = levelOf(node);
        if (level > n - 2 || port < 0 || port >= k) {
            throw new IllegalArgumentException("no down port " + port + " at " + nodeName(node));
        }
        return level * 2 * k * perLevel + posOf(node) * k + port;
    }

    /** The deepest level whose switches cover both bottom switches {@code a} and {@code b} (n-1 when a == b). */
    public int ancestorLevel(int a, int b) {
        int level = n - 1;
        while (posOf(a) / pow[n - 1 - level] != posOf(b) / pow[n - 1 - level]) {
            level--;
        }
        return level;
    }

    /**
     * The nearest common ancestors of bottom switches {@code a} and {@code b}, in increasing
     * order: the {@code k^(n-1-m)} switches of {@link #ancestorLevel} m that cover both,
     * whose positions agree with {@code a}'s on digits {@code n-1-m .. n-2}; {@code a} alone
     * when {@code a == b}.
     */
    public int[] nearestCommonAncestors(int a, int b) {
        int m = ancestorLevel(a, b);
        int span = pow[n - 1 - m];
        int first = posOf(a) / span * span;
        int[] out = new int[span];
        for (int j = 0; j < span; j++) {
            out[j] = node(m, first + j);
        }
        return out;
    }

    @Override
    public int nodes() {
        return n * perLevel;
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

    /** The level of the switch the channel leaves. */
    @Override
    public int dimension(int channel) {
        return levelOf(src[channel]);
    }

    /** +1 for a channel up (toward level 0), -1 for one down. */
    @Override
    public int direction(int channel) {
        return levelOf(dst[channel]) < levelOf(src[channel]) ? 1 : -1;
    }

    /** The bottom switches: their terminals inject and are delivered there. */
    @Override
    public boolean isEndpoint(int node) {
        return levelOf(node) == n - 1;
    }

    /** k terminals per bottom switch. */
    @Override
    public int concentration() {
        return k;
    }

    /** {@code l1.2} for switch 2 of level 1. */
    @Override
    public String nodeName(int node) {
        return "l" + levelOf(node) + "." + posOf(node);
    }

    @Override
    public String channelName(int channel) {
        return nodeName(src[channel]) + "->" + nodeName(dst[channel]);
    }

    /** e.g. {@code 2-ary 3-tree (fat tree; 8 terminals on 4 bottom switches, 12 switches)}. */
    @Override
    public String describe() {
        return k + "-ary " + n + "-tree (fat tree; " + terminals + " terminals on " + perLevel + " bottom switches, "
            + n * perLevel + " switches)";
    }

    @Override
    public String kind() {
        return "fat-tree";
    }

    /** {@code kind: fat-tree}: a k-ary n-tree. */
    @AutoService(TopologyFactory.class)
    public static final class Factory implements TopologyFactory {
        @Override
        public String name() {
            return "fat-tree";
        }

        @Override
        public Topology create(PluginParams params) {
            return new FatTree(params.positiveInt("radix"), params.positiveInt("stages"));
        }

        @Override
        public List<Param> params() {
            return TopologyParams.STAGED;
        }
    }

    @Override
    public String defaultRouting() {
        return "nca";
    }

    @Override
    public boolean takesAnyRouting() {
        return false;
    }

    /** Level 0 at the top, the bottom switches (the endpoints) below. */
    @Override
    public Placement placement() {
        double[] x = new double[nodes()];
        double[] y = new double[nodes()];
        for (int v = 0; v < nodes(); v++) {
            x[v] = posOf(v);
            y[v] = levelOf(v) * 1.5;
        }
        return new Placement("levels", x, y);
    }
}
