package flowproof.topology;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import java.util.List;
import flowproof.ConfigurationException;

/**
 * A k-ary n-fly: the unidirectional butterfly of Dally and Towles (Principles and
 * Practices of Interconnection Networks, ch. 4). {@code N = k^n} terminals send into
 * {@code n} stages of {@code k^(n-1)} switches of k inputs and k outputs each; the last
 * stage delivers to the terminals. There is exactly one route between any two terminals,
 * and it takes {@code n + 1} hops.
 *
 * <p><b>Nodes.</b> Terminals are nodes {@code 0..N-1} and are the only endpoints. Switch
 * {@code w} ({@code 0..k^(n-1)-1}) of stage {@code s} ({@code 0..n-1}) is node
 * {@code N + s * k^(n-1) + w}. Digits are base k; digit {@code j} of {@code x} is
 * {@code (x / k^j) % k}.
 *
 * <p><b>Wiring.</b> Terminal {@code t} feeds input port {@code t % k} of stage-0 switch
 * {@code t / k}. Output port {@code p} of switch {@code w} at stage {@code s < n-1} goes to
 * the stage-{@code s+1} switch that is {@code w} with digit {@code n-2-s} replaced by
 * {@code p}, entering its input port {@code digit(w, n-2-s)}. Output port {@code p} of
 * switch {@code w} at stage {@code n-1} goes to terminal {@code w * k + p}. Hence
 * destination-tag routing: taking output port {@code digit(d, n-1-s)} at every stage
 * {@code s} delivers to terminal {@code d}, whatever the source.
 *
 * <p><b>Channels.</b> Channel {@code t} ({@code 0..N-1}) is terminal {@code t}'s
 * injection channel; output port {@code p} of the switch at node {@code v} is channel
 * {@code N + (v - N) * k + p}, so the last stage's outputs are channels
 * {@code n*N .. (n+1)*N-1} and terminal {@code t} is entered by channel {@code n*N + t}.
 * There are {@code (n + 1) * N} channels.
 *
 * <p><b>Torus attributes.</b> {@link #dimension} is the stage of the switch a channel
 * leaves (-1 for injection channels); {@link #direction} is always 0; there are no rings
 * and no wrap-around channels, and {@link #channel(int, int, int)} always returns -1.
 *
 * <p>Immutable.
 */
public final class Butterfly extends StagedNetwork {

    private final int[] stageOfSource;

    /**
     * A k-ary n-fly.
     *
     * @param radix  k, the number of inputs and outputs of every switch, at least 2
     * @param stages n, the number of switch stages, at least 1; {@code k^n} may not exceed
     *               {@link #MAX_TERMINALS}
     * @throws ConfigurationException with field {@code topology.radix} or
     *                                {@code topology.stages} when an argument is out of range
     */
    public Butterfly(int radix, int stages) {
        super(radix, stages, stages + 1);
        this.stageOfSource = new int[src.length];
        for (int t = 0; t < terminals; t++) {
            src[t] = t;
            dst[t] = switchNode(0, t / k);
            stageOfSource[t] = -1;
        }
        for (int s = 0; s < n; s++) {
            for (int w = 0; w < perStage; w++) {
                int from = switchNode(s, w);
                for (int p = 0; p < k; p++) {
                    int c = outputChannel(from, p);
                    src[c] = from;
                    stageOfSource[c] = s;
                    if (s == n - 1) {
                        dst[c] = w * k + p;
                    } else {
                        int j = n - 2 - s;
                        dst[c] = switchNode(s + 1, w + (p - digit(w, j)) * pow[j]);
                    }
                }
            }
        }
    }

    /** The channel leaving switch node {@code switchNode} by output port {@code port} ({@code 0..k-1}). */
    public int outputChannel(int switchNode, int port) {
        if (switchNode < terminals || switchNode >= nodes() || port < 0 || port >= k) {
            throw new IllegalArgumentException("no output port " + port + " at node " + switchNode);
        }
        return terminals + (switchNode - terminals) * k + port;
    }

    /** The channel terminal {@code terminal} injects into: it enters stage-0 switch {@code terminal / k}. */
    public int injectionChannel(int terminal) {
        checkTerminal(terminal);
        return terminal;
    }

    /** The one channel that enters terminal {@code terminal}, from stage-{@code n-1} switch {@code terminal / k}. */
    public int ejectionChannel(int terminal) {
        checkTerminal(terminal);
        return n * terminals + terminal;
    }

    /**
     * Whether a packet at {@code node} can still reach {@code terminal}: always from a
     * terminal; from a switch at stage {@code s}, when its {@code s} most significant digits
     * (those set by the stages before it) equal the {@code s} most significant digits of
     * {@code terminal / k}.
     */
    public boolean reaches(int node, int terminal) {
        checkTerminal(terminal);
        if (node < terminals) {
            return true;
        }
        int s = stageOf(node);
        return indexOf(node) / pow[n - 1 - s] == terminal / pow[n - s];
    }

    /** The stage of the switch the channel leaves, -1 for an injection channel. */
    @Override
    public int dimension(int channel) {
        return stageOfSource[channel];
    }

    /** e.g. {@code 2-ary 3-fly (8 terminals, 12 switches)}. */
    @Override
    public String describe() {
        return k + "-ary " + n + "-fly (" + terminals + " terminals, " + n * perStage + " switches)";
    }

    @Override
    public String kind() {
        return "butterfly";
    }

    /** {@code kind: butterfly}: a k-ary n-fly of unidirectional stages. */
    @AutoService(TopologyFactory.class)
    public static final class Factory implements TopologyFactory {
        @Override
        public String name() {
            return "butterfly";
        }

        @Override
        public Topology create(PluginParams params) {
            return new Butterfly(params.positiveInt("radix"), params.positiveInt("stages"));
        }

        @Override
        public List<Param> params() {
            return TopologyParams.STAGED;
        }
    }

    @Override
    public String defaultRouting() {
        return "destination-tag";
    }

    @Override
    public boolean takesAnyRouting() {
        return false;
    }
}
