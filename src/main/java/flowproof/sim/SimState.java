package flowproof.sim;

import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.sim.control.InjectionControl;

/**
 * A read-only view of a running {@link Simulator} for {@link CycleObserver}s. Queues are the
 * network's queue ids (channel x VC); the buffer of queue q is the input VC at the channel's
 * target, its credits are counted at the channel's source.
 */
public interface SimState extends BufferView {

    /** The current cycle. */
    long now();

    /** The rule the simulator runs (the spec's, or the one its scheme puts in its place). */
    FlowControlRule rule();

    /** The run's congestion control ({@link InjectionControl#NONE} for none). */
    InjectionControl control();

    /** Capacity of every VC buffer, in flits. */
    int bufferFlits();

    /** Whether packets advance by virtual cut-through (else wormhole). */
    boolean virtualCutThrough();

    /** Credits the upstream router holds for queue {@code q}. */
    int credits(int q);

    /** Flits in the buffer of queue {@code q}. */
    int occupancy(int q);

    /** Credits reserved for packets allocated to {@code q} whose flits have not left upstream (VCT). */
    int reserved(int q);

    /** Flits on the link into {@code q}'s buffer. */
    int onLink(int q);

    /** Credits of {@code q} on their way back upstream. */
    int creditsReturning(int q);

    /** Whether an input VC holds output VC {@code q}. */
    boolean allocated(int q);

    /** Whether the packet at the head of queue {@code q}'s buffer holds its next VC (it is leaving). */
    boolean departing(int q);

    /** Critical marks on their way to queue {@code q}'s counter on a control line (CBS's backward transfer). */
    int marksInFlight(int q);

    /** The packet of the {@code i}-th flit (0 = head of the buffer) of queue {@code q}'s buffer. */
    int bufferedPacket(int q, int i);

    /** The flit number (0 = head flit) of the {@code i}-th flit of queue {@code q}'s buffer. */
    int bufferedFlit(int q, int i);

    /** The destination terminal of packet {@code p}. */
    int destination(int p);

    /** The size in flits of packet {@code p}. */
    int size(int p);

    /** Data packets created so far. */
    long created();

    /** Data packets delivered so far. */
    long delivered();

    /** Flits in buffers and on links. */
    long flitsInNetwork();
}
