package flowproof.sim;

/**
 * Watches a {@link Simulator} run from the inside: told about every VC allocation before it
 * is committed and about the state at the end of every cycle. The property suite and
 * {@code flowproof fuzz} check their invariants here. An observer must not change the run:
 * it reads the state through {@link SimState} only. Without one (the default) the simulator
 * pays a single null check per cycle and per allocation.
 */
public interface CycleObserver {

    /**
     * A packet at the front of an input VC is about to take output VC {@code queue} (a network
     * queue), from network queue {@code from} or by injection ({@link flowproof.rule.FlowControlRule#INJECT});
     * {@code state} is the state the simulator's rule has just judged, before the commit.
     */
    default void allocating(SimState state, int from, int queue) {
    }

    /** The end of cycle {@link SimState#now()}: every phase of the cycle is done. */
    void endOfCycle(SimState state);
}
