package flowproof.throttle;

import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.Scheme;
import flowproof.topology.Topology;
import flowproof.topology.Grid;

/**
 * State-Propagation Throttling, SPTh (001_2c03b65b7e091d8a.txt, sections 4.1-4.3): every
 * router keeps a <em>VCinfo</em> register per output port and VC whose bit i is the busy
 * state of the buffer i+1 hops ahead in that direction (same dimension, same sign, same
 * VC); the registers travel upstream one hop per cycle, and a router holds back a new
 * packet (class a, injection) while the registers of the packet's first output direction
 * show any busy bit. Straight and turning packets are never held (the framework only asks
 * about injection).
 *
 * <h2>Registers</h2>
 * The register of queue {@code q = channel c, VC v} sits at {@code source(c)}. Each cycle
 * ({@link InjectionControl#beginCycle}) every router computes, from the registers of the
 * previous cycle(s) only, so the order routers are visited does not matter:
 * <pre>
 *   reg_t[q] = ((reg_{t-d}[next(q)] &lt;&lt; 1) | busy_t(q)) &amp; mask(q)
 * </pre>
 * where {@code next(q)} is VC v of the channel leaving {@code target(c)} in c's dimension
 * and sign (built once from {@link Topology#channel}; none at a mesh edge), {@code d} the
 * {@code hop-delay} and {@code busy_t(q)} the state of q's buffer as the upstream router's
 * credits show it at the start of cycle t. A buffer that turns busy during cycle t (the
 * credit count falls) is therefore bit 0 at its upstream router from cycle t+1 and bit
 * h-1 at the router h hops upstream from cycle {@code t + 1 + (h-1)*d}: with d = 1, h
 * cycles after the change, the paper's "one cycle per hop" (section 4.1: the neighbour's
 * register is updated at the next cycle). {@code hop-delay} up to 3 models the paper's
 * worst case when the three VCs share one side-band link (section 5.4.5); the paper's
 * results use 1.
 *
 * <h2>Busy</h2>
 * A buffer is busy when its free space, as the upstream credits count it, is at most
 * {@code margin} flits: th(0) (margin 0, the default) is "fully occupied, free space is
 * zero", th(8) is "free space less than or equal to eight flits" (section 5.3; section 5.2
 * says "less than eight" once, 5.3 defines the margin with "less than or equal to", which
 * we follow). The paper defines busy as "full, cannot receive any other flits" even though
 * it runs virtual cut-through, so th(0) here is 0 free flits, not "no room for a packet";
 * {@code margin: packet-size - 1} gives the latter. Under this simulator's VCT a packet's
 * whole size is taken from the credits when its VC is allocated, so a buffer with two
 * 8-flit packets allocated into 16 flits is busy before their flits arrive: that is what the
 * upstream handshake shows. It also makes th(8) stricter than the paper's: a packet merely
 * passing an idle buffer holds 8 of its credits for the whole time its flits take to cross
 * (with this simulator's 4-stage routers some 15 cycles), where the paper's non-pipelined
 * router counts the few flits actually present. {@code free: occupancy} measures free space
 * as the buffer minus the flits in it instead (the paper's "occupation level", section
 * 4.3), which a router would learn from its neighbour by the same side band.
 *
 * <h2>Throttle</h2>
 * A packet whose first hop offers the queues {@code firstQueues} is held while, for any
 * offered channel, the register of any of its VCs is non-zero ({@code registers: any}, the
 * default and the paper's "any of the VCinfo bits"), or only the registers of the offered
 * queues themselves ({@code registers: offered}). Under DOR a packet is offered one
 * channel; an adaptive routing function that offers several is held when any of them shows
 * a busy bit (the control cannot steer the packet to a clear one). Packets for a terminal on
 * their own router are never held.
 *
 * <h2>Parameters</h2>
 * {@code length} (register bits, 1..63; default {@code max(1, floor(k/2))} for a k-ary ring,
 * per dimension, the paper's N/2), {@code margin} (flits, 0..buffer-1, default 0),
 * {@code hop-delay} (cycles per hop, 1..16, default 1), {@code registers} (any | offered),
 * {@code free} (credits | occupancy: how free space is counted, default credits).
 * The topology must have dimensional channels (torus or mesh).
 *
 * <h2>Series</h2>
 * {@code throttled nodes}: terminals whose last injection request was held; {@code busy
 * buffers}: network VC buffers busy now; {@code busy bits}: set bits over all registers.
 */
public final class Spth implements Scheme {

    private final int length;
    private final int margin;
    private final int hopDelay;
    private final boolean anyVc;
    private final boolean byOccupancy;
    private final String description;

    Spth(int length, int margin, int hopDelay, boolean anyVc, boolean byOccupancy, String description) {
        this.length = length;
        this.margin = margin;
        this.hopDelay = hopDelay;
        this.anyVc = anyVc;
        this.byOccupancy = byOccupancy;
        this.description = description;
    }

    static Scheme read(Params p, SchemeContext c) {
        Topology t = c.network().topology();
        if (!(t instanceof Grid)) {
            throw p.bad("kind", "spth on a torus or mesh (its registers follow channels along a dimension)",
                t.describe());
        }
        int length = p.has("length") ? (int) p.integer("length", 0, 1, 63) : 0;
        int margin = (int) p.integer("margin", 0, 0, c.bufferFlits() - 1);
        int hopDelay = (int) p.integer("hop-delay", 1, 1, 16);
        boolean any = p.choice("registers", "any", "any", "offered").equals("any");
        boolean occupancy = p.choice("free", "credits", "credits", "occupancy").equals("occupancy");
        return new Spth(length, margin, hopDelay, any, occupancy, p.describe("spth"));
    }

    /** Register bits given by the spec, or 0 for the default (half the ring's radix, per dimension). */
    public int length() {
        return length;
    }

    /** Busy when free flits are at most this. */
    public int margin() {
        return margin;
    }

    /** Cycles a register takes per hop upstream. */
    public int hopDelay() {
        return hopDelay;
    }

    /** Whether any VC's register of the first channel holds a packet back (else only the offered queues'). */
    public boolean anyVc() {
        return anyVc;
    }

    /** Whether free space is the buffer minus the flits in it (else the upstream credits). */
    public boolean byOccupancy() {
        return byOccupancy;
    }

    @Override
    public String key() {
        return "spth";
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public InjectionControl create(NetworkState state, long seed) {
        return new SpthRegisters(state, this);
    }

    @Override
    public String toString() {
        return description;
    }
}
