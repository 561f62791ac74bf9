package flowproof.topology;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import java.util.List;
import flowproof.ConfigurationException;

/**
 * A k-ary n-fly whose terminals sit on the switches (BookSim's {@code fly}): {@code N = k^n}
 * terminals inject into the {@code k} input ports of the stage-0 switches and are delivered
 * from the {@code k} output ports of the stage-{@code n-1} switches, with no router or
 * channel of their own. {@link Butterfly} is the same network with each terminal a node
 * with a channel each way; here a packet crosses {@code n} switches and {@code n - 1}
 * channels.
 *
 * <p><b>Nodes.</b> Only switches: switch {@code w} ({@code 0..k^(n-1)-1}) of stage {@code s}
 * is node {@code s * k^(n-1) + w}. The endpoints are the stage-0 switches, each with the
 * {@code k} terminals {@code w * k .. w * k + k - 1} ({@link #concentration}); a packet for
 * a terminal of endpoint {@code w} leaves the network at stage-{@code n-1} switch {@code w}
 * ({@link #exitSwitch}), which is where the routing function delivers it.
 *
 * <p><b>Wiring.</b> As {@link Butterfly}'s between switches (and BookSim's fly.cpp): output
 * port {@code p} of switch {@code w} at stage {@code s < n-1} goes to the stage-{@code s+1}
 * switch that is {@code w} with digit {@code n-2-s} replaced by {@code p}; that channel is
 * number {@code s * N + w * k + p}. There are {@code (n - 1) * N} channels, so at least 2
 * stages are needed (a 1-stage fly is one crossbar, with no channel to check).
 *
 * <p>{@link #dimension} is the stage of the switch a channel leaves; no rings, no
 * wrap-around channels. Immutable.
 */
public final class Fly implements Topology {

    private final int k;
    private final int n;
    private final int terminals;
    private final int perStage;
    private final int[] pow;
    private final int[] src;
    private final int[] dst;

    /**
     * @param radix  k, at least 2
     * @param stages n, at least 2; {@code k^n} at most {@link StagedNetwork#MAX_TERMINALS}
     * @throws ConfigurationException with field {@code topology.radix} or
     *     {@code topology.stages} when an argument is out of range
     */
    public Fly(int radix, int stages) {
        if (stages < 2) {
            throw new ConfigurationException("topology.stages", "at least 2 stages for a fly (with 1 it is one"
                + " crossbar: no channel between switches to check or simulate)", Integer.toString(stages));
        }
        Butterfly wiring = new Butterfly(radix, stages);
        this.k = radix;
        this.n = stages;
        this.terminals = wiring.terminals();
        this.perStage = wiring.switchesPerStage();
        this.pow = new int[n + 1];
        pow[0] = 1;
        for (int j = 1; j <= n; j++) {
            pow[j] = pow[j - 1] * k;
        }
        int channels = (n - 1) * terminals;
        src = new int[channels];
        dst = new int[channels];
        for (int s = 0; s < n - 1; s++) {
            for (int w = 0; w < perStage; w++) {
                for (int p = 0; p < k; p++) {
                    int c = s * terminals + w * k + p;
                    int target = wiring.target(wiring.outputChannel(wiring.switchNode(s, w), p));
                    src[c] = node(s, w);
                    dst[c] = node(s + 1, wiring.indexOf(target));
                }
            }
        }
    }

    /** k: ports per switch on each side. */
    public int radix() {
        return k;
    }

    /** n: the number of switch stages. */
    public int stages() {
        return n;
    }

    /** k^(n-1): switches per stage. */
    public int switchesPerStage() {
        return perStage;
    }

    /** The node of switch {@code index} of {@code stage}. */
    public int node(int stage, int index) {
        if (stage < 0 || stage >= n || index < 0 || index >= perStage) {
            throw new IllegalArgumentException("no switch " + index + " in stage " + stage + " of " + describe());
        }
        return stage * perStage + index;
    }

    /** The stage of a switch node. */
    public int stageOf(int node) {
        return node / perStage;
    }

    /** The index of a switch node within its stage. */
    public int indexOf(int node) {
        return node % perStage;
    }

    /** The channel leaving switch {@code node} (not of the last stage) by output port {@code port}. */
    public int outputChannel(int node, int port) {
        if (node < 0 || node >= (n - 1) * perStage || port < 0 || port >= k) {
            throw new IllegalArgumentException("no output channel " + port + " at node " + node);
        }
        return stageOf(node) * terminals + indexOf(node) * k + port;
    }

    /** Digit {@code j} of {@code x} in base k. */
    public int digit(int x, int j) {
        return (x / pow[j]) % k;
    }

    /** The stage-{@code n-1} switch where packets for the terminals of endpoint {@code endpoint} leave. */
    public int exitSwitch(int endpoint) {
        return node(n - 1, endpoint);
    }

    /**
     * Whether a packet at switch {@code node} can still reach the exit switch of endpoint
     * {@code endpoint}: the digits the stages before it have set (the {@code s} most
     * significant of {@code n - 1}) equal those of {@code endpoint}.
     */
    public boolean reaches(int node, int endpoint) {
        int s = stageOf(node);
        return indexOf(node) / pow[n - 1 - s] == endpoint / pow[n - 1 - s];
    }

    @Override
    public int nodes() {
        return n * perStage;
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
        return stageOf(src[channel]);
    }

    /** The stage-0 switches: their terminals inject there (and are delivered at the last stage). */
    @Override
    public boolean isEndpoint(int node) {
        return node < perStage;
    }

    /** True: a packet between two terminals of one stage-0 switch crosses every stage too. */
    @Override
    public boolean selfPairsCross() {
        return true;
    }

    /** k terminals per stage-0 switch. */
    @Override
    public int concentration() {
        return k;
    }

    /** {@code s1.2} for switch 2 of stage 1. */
    @Override
    public String nodeName(int node) {
        return "s" + stageOf(node) + "." + indexOf(node);
    }

    @Override
    public String channelName(int channel) {
        return nodeName(src[channel]) + "->" + nodeName(dst[channel]);
    }

    /** e.g. {@code 2-ary 3-fly, terminals on the switches (8 terminals, 12 switches)}. */
    @Override
    public String describe() {
        return k + "-ary " + n + "-fly, terminals on the switches (" + terminals + " terminals, " + n * perStage
            + " switches)";
    }

    @Override
    public String kind() {
        return "fly";
    }

    /** {@code kind: fly}: switches only, terminals at the first and last stage. */
    @AutoService(TopologyFactory.class)
    public static final class Factory implements TopologyFactory {
        @Override
        public String name() {
            return "fly";
        }

        @Override
        public Topology create(PluginParams params) {
            return new Fly(params.positiveInt("radix"), params.positiveInt("stages"));
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

    /** Switches only: stage by stage from left to right. */
    @Override
    public Placement placement() {
        double[] x = new double[nodes()];
        double[] y = new double[nodes()];
        for (int v = 0; v < nodes(); v++) {
            x[v] = stageOf(v);
            y[v] = indexOf(v) * 0.6;
        }
        return new Placement("stages", x, y);
    }
}
