package flowproof.topology;

import com.google.auto.service.AutoService;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import java.util.List;
/**
 * A bidirectional multistage interconnection network (BMIN) with perfect-shuffle wiring,
 * as simulated in the paper that introduces Flow-Based Implicit Congestion Management
 * (FBICM) for distributed table-based routing (section 4.1: e.g. 64 hosts on a perfect
 * shuffle BMIN of 3 stages of 16 switches with 8 bidirectional ports, that is 4-ary
 * 3-stage).
 * {@code n} stages of {@code k^(n-1)} switches; every switch has k left and k right
 * ports, each link carries one channel each way. {@code N = k^n} terminals sit on the
 * left of stage 0; the right ports of the last stage are unused.
 *
 * <p><b>Nodes.</b> Terminals are nodes {@code 0..N-1} and are the only endpoints. Switch
 * {@code w} ({@code 0..k^(n-1)-1}) of stage {@code s} ({@code 0..n-1}) is node
 * {@code N + s * k^(n-1) + w}. Digits are base k; digit {@code j} of {@code x} is
 * {@code (x / k^j) % k}.
 *
 * <p><b>Positions and wiring.</b> Each stage has N left positions and N right positions:
 * position {@code q} is port {@code q % k} of switch {@code q / k}. Terminal {@code t} is
 * on left position {@code t} of stage 0. Right position {@code p} of stage {@code s} is
 * linked to left position {@link #shuffle shuffle(p)} of stage {@code s+1}, where the
 * k-ary perfect shuffle rotates the n digits left:
 * {@code shuffle(p) = (p % k^(n-1)) * k + p / k^(n-1)}. So right port {@code r} of switch
 * {@code w} at stage {@code s} reaches switch {@code (w % k^(n-2)) * k + r} of stage
 * {@code s+1} on its left port {@code digit(w, n-2)}.
 *
 * <p><b>Reachability.</b> Going forward from terminal {@code t}, the stage-{@code s}
 * switch reached has {@code digit(t,n-1-s) .. digit(t,1)} as its top {@code n-1-s}
 * digits, whatever right ports were taken; the low {@code s} digits are the ports taken.
 * Hence a stage-{@code s} switch {@code w} reaches backward (leftward) exactly the
 * {@code k^(s+1)} terminals with {@code w / k^s == (t / k) % k^(n-1-s)} ({@link #reaches}),
 * and two terminals meet first at their {@link #turnStage lowest common stage}.
 *
 * <p><b>Channels.</b> Links are grouped in n layers: layer 0 joins the terminals to stage
 * 0 (position = terminal = left position of stage 0), layer {@code s+1} joins stage
 * {@code s} to stage {@code s+1} (position = right position of stage {@code s}). The
 * forward (rightward) channel of layer {@code L} at position {@code p} is
 * {@code 2*N*L + p}, the backward (leftward) channel {@code 2*N*L + N + p}. So terminal
 * {@code t} injects on channel {@code t} and is entered by channel {@code N + t}. There
 * are {@code 2 * n * N} channels.
 *
 * <p><b>Torus attributes.</b> {@link #direction} is +1 for forward and -1 for backward
 * channels; {@link #dimension} is the stage of the switch a channel leaves (-1 for
 * channels leaving a terminal); there are no rings and no wrap-around channels, and
 * {@link #channel(int, int, int)} always returns -1.
 *
 * <p>Immutable.
 */
public final class Bmin extends StagedNetwork {


    /**
     * A BMIN of {@code stages} stages of {@code radix x radix} switches (k left and k right
     * ports each) with perfect-shuffle wiring.
     *
     * @param radix  k, at least 2
     * @param stages n, at least 1; {@code k^n} may not exceed {@link #MAX_TERMINALS}
     * @throws flowproof.ConfigurationException with field {@code topology.radix} or
     *                                          {@code topology.stages} when an argument is
     *                                          out of range
     */
    public Bmin(int radix, int stages) {
        super(radix, stages, 2 * stages);
        for (int t = 0; t < terminals; t++) {
            link(0, t, t, switchNode(0, t / k));
        }
        for (int s = 0; s + 1 < n; s++) {
            for (int p = 0; p < terminals; p++) {
                link(s + 1, p, switchNode(s, p / k), switchNode(s + 1, shuffle(p) / k));
            }
        }
    }

    private void link(int layer, int position, int left, int right) {
        int forward = 2 * terminals * layer + position;
        src[forward] = left;
        dst[forward] = right;
        src[forward + terminals] = right;
        dst[forward + terminals] = left;
    }

    /** The k-ary perfect shuffle of a position {@code 0..N-1}: its n base-k digits rotated left by one. */
    public int shuffle(int position) {
        return (position % perStage) * k + position / perStage;
    }

    /** The inverse of {@link #shuffle}: the digits rotated right by one. */
    public int unshuffle(int position) {
        return position / k + (position % k) * perStage;
    }

    /**
     * The channel through left port {@code port} ({@code 0..k-1}) of a switch:
     * {@code direction} +1 gives the forward channel entering the switch there, -1 the
     * backward channel leaving it there (towards stage {@code s-1}, or to a terminal from
     * stage 0).
     */
    public int leftChannel(int switchNode, int port, int direction) {
        checkPort(switchNode, port, direction);
        int s = stageOf(switchNode);
        int q = indexOf(switchNode) * k + port;
        int position = s == 0 ? q : unshuffle(q);
        return 2 * terminals * s + (direction > 0 ? 0 : terminals) + position;
    }

    /**
     * The channel through right port {@code port} ({@code 0..k-1}) of a switch:
     * {@code direction} +1 gives the forward channel leaving the switch there, -1 the
     * backward channel entering it there; -1 at the last stage, whose right ports are unused.
     */
    public int rightChannel(int switchNode, int port, int direction) {
        checkPort(switchNode, port, direction);
        int s = stageOf(switchNode);
        if (s == n - 1) {
            return -1;
        }
        int p = indexOf(switchNode) * k + port;
        return 2 * terminals * (s + 1) + (direction > 0 ? 0 : terminals) + p;
    }

    private void checkPort(int switchNode, int port, int direction) {
        if (switchNode < terminals || switchNode >= nodes() || port < 0 || port >= k
            || (direction != 1 && direction != -1)) {
            throw new IllegalArgumentException("no port " + port + " direction " + direction + " at node " + switchNode);
        }
    }

    /** The channel terminal {@code terminal} injects into: it enters stage-0 switch {@code terminal / k}. */
    public int injectionChannel(int terminal) {
        checkTerminal(terminal);
        return terminal;
    }

    /** The one channel that enters terminal {@code terminal}, from stage-0 switch {@code terminal / k}. */
    public int ejectionChannel(int terminal) {
        checkTerminal(terminal);
        return terminals + terminal;
    }

    /**
     * Whether {@code terminal} is reachable from {@code node} going backward (leftward)
     * only: for a switch {@code w} at stage {@code s}, whether
     * {@code w / k^s == (terminal / k) % k^(n-1-s)}; every stage-{@code (n-1)} switch
     * reaches every terminal. A terminal reaches only itself.
     */
    public boolean reaches(int node, int terminal) {
        checkTerminal(terminal);
        if (node < terminals) {
            return node == terminal;
        }
        int s = stageOf(node);
        return indexOf(node) / pow[s] == (terminal / k) % pow[n - 1 - s];
    }

    /**
     * The lowest common stage of two terminals: the first stage whose switches, reached
     * forward from {@code a} by any ports, reach {@code b} backward. It is the smallest
     * {@code s} with {@code (a / k) % k^(n-1-s) == (b / k) % k^(n-1-s)}: 0 when they share a
     * stage-0 switch, at most n-1. The turnaround route between them has {@code 2 * (s + 1)}
     * hops.
     */
    public int turnStage(int a, int b) {
        checkTerminal(a);
        checkTerminal(b);
        int s = 0;
        while ((a / k) % pow[n - 1 - s] != (b / k) % pow[n - 1 - s]) {
            s++;
        }
        return s;
    }

    /** The stage of the switch the channel leaves, -1 for a channel leaving a terminal. */
    @Override
    public int dimension(int channel) {
        return stageOf(src[channel]);
    }

    /** +1 for a forward channel (away from the terminals), -1 for a backward one. */
    @Override
    public int direction(int channel) {
        return channel % (2 * terminals) < terminals ? 1 : -1;
    }

    /** e.g. {@code BMIN 2-ary 3-stage perfect shuffle (8 terminals, 12 switches)}. */
    @Override
    public String describe() {
        return "BMIN " + k + "-ary " + n + "-stage perfect shuffle (" + terminals + " terminals, " + n * perStage
            + " switches)";
    }

    @Override
    public String kind() {
        return "bmin";
    }

    /** {@code kind: bmin}: a bidirectional multistage network. */
    @AutoService(TopologyFactory.class)
    public static final class Factory implements TopologyFactory {
        @Override
        public String name() {
            return "bmin";
        }

        @Override
        public Topology create(PluginParams params) {
            return new Bmin(params.positiveInt("radix"), params.positiveInt("stages"));
        }

        @Override
        public List<Param> params() {
            return TopologyParams.STAGED;
        }
    }

    @Override
    public String defaultRouting() {
        return "turnaround";
    }

    @Override
    public boolean takesAnyRouting() {
        return false;
    }
}
