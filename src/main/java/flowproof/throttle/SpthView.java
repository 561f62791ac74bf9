package flowproof.throttle;

/**
 * What an {@link Spth} run shows an invariant checker: its VCinfo registers and how they are
 * built (see {@link Spth}). Read-only.
 */
public interface SpthView {

    /** The register of queue {@code q} this cycle: bit i is the busy state of the buffer i+1 hops ahead. */
    long register(int q);

    /** The queue one hop further in q's dimension and sign, same VC; -1 at a mesh edge. */
    int next(int q);

    /** Cycles a register takes per hop upstream. */
    int hopDelay();

    /** Busy when free flits are at most this. */
    int margin();

    /** Whether free space is the buffer minus the flits in it (else the upstream credits). */
    boolean byOccupancy();

    /** Whether any VC's register of the first channel holds a packet back (else only the offered queues'). */
    boolean anyVc();
}
