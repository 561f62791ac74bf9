package flowproof.topology;

import flowproof.ConfigurationException;

/**
 * What a k-ary n-stage network of {@code k^(n-1)} switches per stage numbers the same way,
 * whether unidirectional ({@link Butterfly}) or bidirectional ({@link Bmin}): terminals are
 * nodes {@code 0..N-1} ({@code N = k^n}) and the only endpoints; switch {@code w} of stage
 * {@code s} is node {@code N + s * k^(n-1) + w}; channels are tabulated by their source and
 * target. The subclass wires the channels.
 */
public abstract sealed class StagedNetwork implements Topology permits Butterfly, Bmin {

    /** Largest number of terminals accepted, as for tori in spec files. */
    public static final int MAX_TERMINALS = 4096;

    /** k. */
    final int k;
    /** n. */
    final int n;
    /** N = k^n. */
    final int terminals;
    /** k^(n-1). */
    final int perStage;
    /** pow[j] = k^j for j in 0..n. */
    final int[] pow;
    /** The channel's source node, filled by the subclass. */
    final int[] src;
    /** The channel's target node, filled by the subclass. */
    final int[] dst;

    /**
     * @param radix            k, at least 2
     * @param stages           n, at least 1; {@code k^n} may not exceed {@link #MAX_TERMINALS}
     * @param channelsPerTerminal the channels the subclass wires, per terminal
     */
    StagedNetwork(int radix, int stages, int channelsPerTerminal) {
        this.pow = powers(radix, stages);
        this.k = radix;
        this.n = stages;
        this.terminals = pow[n];
        this.perStage = pow[n - 1];
        this.src = new int[channelsPerTerminal * terminals];
        this.dst = new int[channelsPerTerminal * terminals];
    }

    /** {@code k^0 .. k^n}, validating k and n with at most {@link #MAX_TERMINALS} terminals (also a {@link FatTree}'s). */
    static int[] powers(int radix, int stages) {
        if (radix < 2) {
            throw new ConfigurationException("topology.radix", "an integer radix of at least 2", Integer.toString(radix));
        }
        if (stages < 1) {
            throw new ConfigurationException("topology.stages", "an integer number of stages of at least 1",
                Integer.toString(stages));
        }
        int[] pow = new int[stages + 1];
        pow[0] = 1;
        for (int j = 1; j <= stages; j++) {
            long next = (long) pow[j - 1] * radix;
            if (next > MAX_TERMINALS) {
                throw new ConfigurationException("topology",
                    "at most " + MAX_TERMINALS + " terminals (radix^stages)", radix + "^" + stages + " terminals");
            }
            pow[j] = (int) next;
        }
        return pow;
    }

    /** Digit {@code j} of {@code x} in base k. */
    final int digit(int x, int j) {
        return (x / pow[j]) % k;
    }

    /**
     * k: ports per switch on each side, and the base of terminal digits.
     *
     * @return k
     */
    public final int radix() {
        return k;
    }

    /**
     * n: the number of switch stages.
     *
     * @return n
     */
    public final int stages() {
        return n;
    }

    /**
     * N = k^n: the number of terminals, nodes {@code 0..N-1}.
     *
     * @return N
     */
    public final int terminals() {
        return terminals;
    }

    /**
     * k^(n-1): the number of switches in each stage.
     *
     * @return k^(n-1)
     */
    public final int switchesPerStage() {
        return perStage;
    }

    /**
     * The node of a switch.
     *
     * @param stage {@code 0..n-1}
     * @param index {@code 0..k^(n-1)-1}
     * @return its node
     * @throws IllegalArgumentException when there is no such switch
     */
    public final int switchNode(int stage, int index) {
        if (stage < 0 || stage >= n || index < 0 || index >= perStage) {
            throw new IllegalArgumentException("no switch " + index + " in stage " + stage + " of " + describe());
        }
        return terminals + stage * perStage + index;
    }

    /**
     * @param node a node
     * @return the stage of a switch node, or -1 for a terminal
     */
    public final int stageOf(int node) {
        return node < terminals ? -1 : (node - terminals) / perStage;
    }

    /**
     * @param node a node
     * @return the index of a switch node within its stage, or the terminal number of a terminal
     */
    public final int indexOf(int node) {
        return node < terminals ? node : (node - terminals) % perStage;
    }

    /** Throws when {@code terminal} is not one. */
    final void checkTerminal(int terminal) {
        if (terminal < 0 || terminal >= terminals) {
            throw new IllegalArgumentException("no terminal " + terminal + " in " + describe());
        }
    }

    @Override
    public final int nodes() {
        return terminals + n * perStage;
    }

    @Override
    public final int channels() {
        return src.length;
    }

    @Override
    public final int source(int channel) {
        return src[channel];
    }

    @Override
    public final int target(int channel) {
        return dst[channel];
    }

    /** Only terminals inject and receive packets. */
    @Override
    public final boolean isEndpoint(int node) {
        return node < terminals;
    }

    /** {@code t3} for terminal 3, {@code s1.2} for switch 2 of stage 1. */
    @Override
    public final String nodeName(int node) {
        return node < terminals ? "t" + node : "s" + stageOf(node) + "." + indexOf(node);
    }

    /** {@code source->target}, e.g. {@code s0.1->s1.2}; unique in both networks. */
    @Override
    public final String channelName(int channel) {
        return nodeName(src[channel]) + "->" + nodeName(dst[channel]);
    }

    /** Terminals in a column on the left, then the stages left to right, spread to the terminals' height. */
    @Override
    public Placement placement() {
        int n = nodes();
        double[] x = new double[n];
        double[] y = new double[n];
        int terminal = 0;
        double scale = Math.max(1, (double) endpoints().length / Math.max(1, switchesPerStage()));
        for (int v = 0; v < n; v++) {
            if (isEndpoint(v)) {
                x[v] = 0;
                y[v] = terminal++ * 0.6;
            } else {
                x[v] = 1 + stageOf(v);
                y[v] = indexOf(v) * 0.6 * scale;
            }
        }
        return new Placement("stages", x, y);
    }
}
