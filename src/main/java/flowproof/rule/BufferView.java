package flowproof.rule;

import flowproof.topology.Network;

/**
 * A read-only view of the buffer state a flow-control rule judges: the explorer
 * implements it over a packed state, the simulator over live router buffers.
 * All counts are in whole packets.
 */
public interface BufferView {

    Network network();

    /** Free packet slots of a queue. */
    int freeSlots(int queue);

    /** How many of the queue's free slots are marked critical (0 for rules without marks). */
    int criticalMarks(int queue);

    /** Free packet slots summed over every queue of a directional ring. */
    int ringFreeSlots(int ring);
}
