package flowproof.sim.control;

import flowproof.topology.Network;

/**
 * What an {@link InjectionControl} may read of the simulated network, as the hardware of
 * its scheme would see it. Implemented by the simulator; every method is cheap (an array
 * read or a counter kept up to date), so a scheme may call them every cycle.
 *
 * <p>Queues are the explorer's queue ids ({@code channel * vcs + vc}): the VC buffer at
 * the downstream end of a channel.
 */
public interface NetworkState {

    Network network();

    /** Terminals (traffic sources and sinks): endpoints times concentration. */
    int terminals();

    /** The router terminal {@code t} is attached to. */
    int routerOf(int terminal);

    /** Flits per VC buffer. */
    int bufferFlits();

    /** Flits per rule slot: the largest packet under virtual cut-through, the whole buffer under wormhole. */
    int slotFlits();

    /** Free flits of queue {@code q}'s buffer as its upstream router counts them (credits). */
    int credits(int queue);

    /** Flits now in queue {@code q}'s buffer. */
    int occupancy(int queue);

    /** Whether queue {@code q}'s VC is allocated to a packet (a header took it and its tail has not passed). */
    boolean allocated(int queue);

    /** Network VC buffers (not injection buffers) with no free flit slot, now. */
    int fullBuffers();

    /** Network VC buffers in all: channels times VCs. */
    default int buffers() {
        return network().queues();
    }

    /** Data flits delivered to their terminals since the run began. */
    long deliveredFlits();

    /** Data packets that entered the network (took their first network VC) since the run began. */
    long injectedPackets();

    /** The current cycle. */
    long now();
}
