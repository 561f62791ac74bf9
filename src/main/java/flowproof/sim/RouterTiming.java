package flowproof.sim;

/**
 * When a flit may take each step in its router. flowproof's pipeline: every flit waits
 * {@code pipeline - 1} cycles after it arrives, then VC allocation, switch allocation and
 * traversal happen in one cycle. BookSim's stages ({@link SimConfig.Stages}, spec field
 * {@code stages}): a head's route takes the routing stage, its VC allocation the next cycle,
 * its switch grant {@code vc-allocation + switch-allocation - 1} cycles after that; a body
 * flit is granted the switch {@code switch-allocation - 1} cycles after it arrives at the
 * front; a granted flit crosses the switch for {@code traversal} cycles before its link or
 * ejection channel. Both give a packet of S flits over H hops {@code (H+1) x pipeline + H x
 * link + S} cycles at zero load.
 */
final class RouterTiming {

    /** Stages are given. */
    final boolean staged;
    /** Cycles from a head's arrival (or reaching the front of its VC) to its VC allocation. */
    final int vaWait;
    /** Cycles a granted flit crosses the switch beyond the one of flowproof's pipeline: staged, the traversal stage. */
    final int traversal;
    /**
     * With {@code route-timing: front}: the cycle after the previous tail leaves at which the
     * next head counts as arrived (staged: the next cycle, as BookSim's VC turns to routing when
     * the tail leaves and routes in the following cycle).
     */
    final int frontDelay;
    private final int headWait;
    private final int bodyWait;
    /** Staged: per input VC, the cycle its head was allocated an output VC; else null. */
    private final int[] vaAt;
    /**
     * Per input VC, the first cycle the flit at its front may be granted the switch, kept as
     * the front changes ({@link #front}, {@link #allocated}): what {@link #switchReady}
     * computes from the buffer entry, read by the switch allocator without touching the
     * buffer. {@code Integer.MAX_VALUE} for a staged head not yet allocated an output VC.
     */
    private final int[] readyAt;

    RouterTiming(SimConfig cfg, int inVcs) {
        SimConfig.Stages s = cfg.router().stages();
        staged = s != null;
        int pipe = cfg.pipeline();
        vaWait = staged ? s.routing() : pipe - 1;
        headWait = staged ? s.vcAllocation() + s.switchAllocation() - 1 : pipe - 1;
        bodyWait = staged ? s.switchAllocation() - 1 : pipe - 1;
        traversal = staged ? s.traversal() : 0;
        frontDelay = staged ? 1 : 0;
        vaAt = staged ? new int[inVcs] : null;
        readyAt = new int[inVcs];
    }

    /** Input VC {@code iv}'s head was allocated an output VC in cycle {@code now}. */
    void allocated(int iv, long now) {
        if (staged) {
            vaAt[iv] = (int) now;
            readyAt[iv] = (int) now + headWait;
        }
    }

    /** The flit with field {@code field}, arriving in cycle {@code time}, is now at the front of input VC {@code iv}. */
    void front(int iv, int field, int time) {
        readyAt[iv] = staged && Buffers.flitIndex(field) == 0 ? Integer.MAX_VALUE : time + bodyWait;
    }

    /** Whether the front flit of input VC {@code iv} (which holds an output VC) may be granted the switch in cycle {@code now}: {@link #switchReady} without reading the buffer. */
    boolean ready(int iv, long now) {
        return readyAt[iv] <= now;
    }

    /**
     * Whether the flit at entry {@code at} of {@code buf}, the front of input VC {@code iv}
     * (which holds an output VC), may be granted the switch in cycle {@code now}.
     */
    boolean switchReady(int[] buf, int iv, int at, long now) {
        if (staged && Buffers.flitIndex(buf[3 * at + 1]) == 0) {
            return vaAt[iv] + headWait <= now;
        }
        return buf[3 * at + 2] + bodyWait <= now;
    }
}
