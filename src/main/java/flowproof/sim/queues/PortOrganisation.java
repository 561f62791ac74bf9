package flowproof.sim.queues;

import java.util.List;
import java.util.function.Consumer;

/**
 * How an input port's RAM is organised into queues: which queue an arriving packet enters,
 * how the credits of the RAM are split, which heads may compete for the crossbar, and any
 * congestion management the organisation does each cycle. {@link QueueEngine} moves packets,
 * credits and events; it asks this strategy every question that depends on the
 * organisation, so a new organisation is a new implementation, not a branch in the engine.
 * Ports are named by the channel that enters them; queue q of port p is
 * {@code p * queues().perPort + q}.
 */
interface PortOrganisation {

    /** Creates the organisation an {@link InputQueueing} names, over the engine's tables. */
    @FunctionalInterface
    interface Factory {
        PortOrganisation create(InputQueueing setup, Fabric fabric, PacketTable packets, int creditLatency);
    }

    /** The organisation {@code setup} names. */
    static PortOrganisation of(InputQueueing setup, Fabric fabric, PacketTable packets, int creditLatency) {
        return switch (setup.organisation()) {
            case SINGLE -> new SingleQueuePorts(fabric, packets);
            case VOQ_SWITCH -> new VoqSwitchPorts(fabric, packets);
            case VOQ_NET -> new VoqNetPorts(fabric, packets);
            case FBICM -> new FbicmPorts(setup, fabric, packets, creditLatency);
            case RECN_IQ -> new RecnPorts(setup, fabric, packets, creditLatency);
        };
    }

    /** The queues of every input port. */
    PortQueues queues();

    /** Credit units per input port: 1 when all queues share the RAM's credits, else one per queue. */
    int units();

    /** The credit unit at the input port channel {@code c} ends in of a packet for {@code d}. */
    int unit(int c, int d);

    /** The credit unit the flits of queue {@code q} are counted in. */
    int unitOfQueue(int q);

    /** A packet for {@code d} has arrived at port {@code p}: the queue (0 to perPort-1) it enters. */
    int arrive(int p, int d);

    /** The queues of a port, for the network's description, e.g. "one queue". */
    String describe();

    /** A packet for {@code d} left queue {@code q} of port {@code p} through the crossbar. */
    default void left(int p, int q, int d) {
    }

    /** Whether queue {@code q} of port {@code p} may nominate its head this cycle. */
    default boolean open(int p, int q) {
        return true;
    }

    /**
     * Whether the head of queue {@code q} of port {@code p}, a packet for {@code d}, may leave
     * through output {@code o} as far as the organisation is concerned (asked before credits);
     * it may react, e.g. by allocating a congested-flow queue.
     */
    default boolean mayLeave(int p, int q, int d, int o) {
        return true;
    }

    /** Whether output {@code o} holds packets for {@code d} back (a host's injection link included). */
    default boolean stopped(int o, int d) {
        return false;
    }

    /** Cycle {@code now} starts, after the events due: notifications due reach output ports. */
    default void startCycle(long now) {
    }

    /** After the sources: per-port congestion management (post-processing, detection, Stop/Go). */
    default void manage() {
    }

    /** Shows {@code observer} the congested-flow queues and CAM lines, if the organisation has any. */
    default void show(Consumer<FbicmView> observer) {
    }

    /** Names of the organisation's control series (none by default). */
    default List<String> seriesNames() {
        return List.of();
    }

    /** Samples the control series into {@code out}, one value per name. */
    default void sample(double[] out) {
    }

    /** Stop notifications dropped, or -1 when the organisation sends none. */
    default long droppedStops() {
        return -1;
    }

    /** Check mode: packet for {@code d} is in queue {@code q} of port {@code p}; throws if it should not be. */
    default void checkPacket(int p, int q, int d) {
    }

    /** Check mode: the organisation's own state at port {@code p}; throws if inconsistent. */
    default void checkPort(int p) {
    }
}
