package flowproof.throttle;

import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import flowproof.topology.Torus;
import java.util.List;

/**
 * The VCinfo registers of one {@link Spth} run and its injection gate (see {@link Spth} for
 * the model). Registers are {@code long}s indexed by queue id (bit i: the buffer i+1 hops
 * ahead); {@code hop-delay + 1} generations are kept in a ring so every update reads the
 * generation {@code hop-delay} cycles old and no update sees another of the same cycle.
 */
final class SpthRegisters implements InjectionControl, SpthView {

    private final NetworkState state;
    private final int vcs;
    private final int queues;
    private final int margin;
    private final int delay;
    private final boolean anyVc;
    private final boolean byOccupancy;
    private final int bufferFlits;
    /** next[q]: the queue one hop further in q's dimension and sign, same VC; -1 at a mesh edge. */
    private final int[] next;
    private final long[] mask;
    /** reg[g][q], generation g = cycle mod (delay + 1). */
    private final long[][] reg;
    private long cycle = -1;
    private long[] current;
    /** Whether each terminal's last injection request was held. */
    private final boolean[] held;
    private int heldCount;

    SpthRegisters(NetworkState state, Spth scheme) {
        this.state = state;
        Network net = state.network();
        Topology topo = net.topology();
        Torus torus = (Torus) topo;
        this.vcs = net.vcs();
        this.queues = net.queues();
        this.margin = scheme.margin();
        this.delay = scheme.hopDelay();
        this.anyVc = scheme.anyVc();
        this.byOccupancy = scheme.byOccupancy();
        this.bufferFlits = state.bufferFlits();
        this.next = new int[queues];
        this.mask = new long[queues];
        for (int c = 0; c < topo.channels(); c++) {
            int d = topo.dimension(c);
            int nc = topo.channel(topo.target(c), d, topo.direction(c));
            int bits = scheme.length() > 0 ? scheme.length() : Math.max(1, torus.radix(d) / 2);
            for (int v = 0; v < vcs; v++) {
                next[net.queue(c, v)] = nc < 0 ? -1 : net.queue(nc, v);
                mask[net.queue(c, v)] = bits == 64 ? -1L : (1L << bits) - 1;
            }
        }
        this.reg = new long[delay + 1][queues];
        this.current = reg[0];
        this.held = new boolean[state.terminals()];
    }

    @Override
    public void beginCycle(long now) {
        cycle++;
        long[] out = reg[(int) (cycle % (delay + 1))];
        long[] in = reg[(int) ((cycle + 1) % (delay + 1))]; // the generation of cycle - delay
        for (int q = 0; q < queues; q++) {
            int nq = next[q];
            long up = nq < 0 ? 0 : in[nq] << 1;
            int free = byOccupancy ? bufferFlits - state.occupancy(q) : state.credits(q);
            long bit = free <= margin ? 1 : 0;
            out[q] = (up | bit) & mask[q];
        }
        current = out;
    }

    /** The register of queue {@code q} (at the router upstream of q's buffer) this cycle. */
    @Override
    public long register(int q) {
        return current[q];
    }

    @Override
    public int next(int q) {
        return next[q];
    }

    @Override
    public int hopDelay() {
        return delay;
    }

    @Override
    public int margin() {
        return margin;
    }

    @Override
    public boolean byOccupancy() {
        return byOccupancy;
    }

    @Override
    public boolean anyVc() {
        return anyVc;
    }

    @Override
    public boolean mayInject(int terminal, int destination, int size, int[] firstQueues, int n) {
        boolean hold = false;
        for (int i = 0; i < n && !hold; i++) {
            int q = firstQueues[i];
            if (anyVc) {
                int base = q - q % vcs;
                for (int v = 0; v < vcs; v++) {
                    if (current[base + v] != 0) {
                        hold = true;
                        break;
                    }
                }
            } else {
                hold = current[q] != 0;
            }
        }
        if (held[terminal] != hold) {
            held[terminal] = hold;
            heldCount += hold ? 1 : -1;
        }
        return !hold;
    }

    /** Terminals whose last injection request was held. */
    int throttled() {
        return heldCount;
    }

    @Override
    public List<String> seriesNames() {
        return List.of("throttled nodes", "busy buffers", "busy bits");
    }

    @Override
    public void sample(double[] out) {
        int busy = 0;
        long bits = 0;
        for (int q = 0; q < queues; q++) {
            busy += (int) (current[q] & 1);
            bits += Long.bitCount(current[q]);
        }
        out[0] = heldCount;
        out[1] = busy;
        out[2] = bits;
    }
}
