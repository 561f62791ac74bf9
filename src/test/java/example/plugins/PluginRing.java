package example.plugins;

import flowproof.plugin.PluginParams;
import flowproof.topology.Topology;
import java.util.ArrayList;
import java.util.List;

/**
 * A user's ring of {@code radix} routers (one direction, or both with {@code bidirectional:
 * true}), written against {@link Topology} alone: channel {@code i} runs from router i to i+1
 * (and, both ways, channel {@code k+i} from i+1 to i). It declares its directional rings
 * ({@code rings: false} hides them: the bubble rules are then refused), wrap-around channels and
 * translations (the rotations). {@code translations: unclosed} lists the identity and one rotation
 * only (no group), {@code translations: wrong} a "translation" that swaps two routers: both
 * broken on purpose, for the explorer's check under {@code --symmetry}.
 */
public final class PluginRing implements Topology {

    private final int k;
    private final boolean both;
    private final boolean rings;
    private final String translations;

    public PluginRing(PluginParams params) {
        k = params.integer("radix", 2, 64);
        both = params.bool("bidirectional", false);
        rings = params.bool("rings", true);
        translations = params.choice("translations", "rotations", "rotations", "unclosed", "wrong");
    }

    @Override
    public int nodes() {
        return k;
    }

    @Override
    public int channels() {
        return both ? 2 * k : k;
    }

    @Override
    public int source(int channel) {
        return channel < k ? channel : (channel - k + 1) % k;
    }

    @Override
    public int target(int channel) {
        return channel < k ? (channel + 1) % k : channel - k;
    }

    @Override
    public int dimension(int channel) {
        return 0;
    }

    @Override
    public int direction(int channel) {
        return channel < k ? 1 : -1;
    }

    @Override
    public boolean isWrapAround(int channel) {
        return channel == k - 1 || channel == 2 * k - 1;
    }

    @Override
    public int rings() {
        return !rings ? 0 : both ? 2 : 1;
    }

    @Override
    public int ringOf(int channel) {
        return !rings ? -1 : channel < k ? 0 : 1;
    }

    /** The channel entering router 0: k-1 going up, k (from 1 to 0) going down. */
    @Override
    public int ringHome(int ring) {
        return ring == 0 ? k - 1 : k;
    }

    @Override
    public int channel(int from, int dimension, int direction) {
        return dimension != 0 ? -1 : direction > 0 ? from : both ? k + (from - 1 + k) % k : -1;
    }

    @Override
    public String nodeName(int node) {
        return Integer.toString(node);
    }

    @Override
    public List<int[]> translations() {
        List<int[]> all = new ArrayList<>();
        int shifts = translations.equals("rotations") ? k : translations.equals("unclosed") ? 2 : 1;
        for (int s = 0; s < shifts; s++) {
            int[] p = new int[k];
            for (int v = 0; v < k; v++) {
                p[v] = (v + s) % k;
            }
            all.add(p);
        }
        if (translations.equals("wrong")) {
            int[] swap = new int[k];
            for (int v = 0; v < k; v++) {
                swap[v] = v;
            }
            swap[0] = 1;
            swap[1] = 0;
            all.add(swap);
        }
        return all;
    }

    @Override
    public String describe() {
        return (both ? "bidirectional" : "unidirectional") + " plugin ring " + k;
    }
}
