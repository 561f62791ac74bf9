package flowproof.sim.queues;

/**
 * A read-only look at the input ports of an FBICM or RECN-IQ run ({@link QueueEngine} with
 * {@link InputQueueing.Organisation#FBICM} or {@link InputQueueing.Organisation#RECN_IQ}; a SAQ
 * is shown as a CFQ, the standard queue as the NFQ), for the property suite: the CFQs and CAM lines
 * of every input port, and the packets queued in each. Queue 0 of a port is its NFQ, queue
 * {@code 1 + i} the CFQ of CAM line {@code i}. Valid only inside
 * {@link QueueEngine#observe}'s callback.
 */
public interface FbicmView {

    /** The current cycle. */
    long now();

    /** c: the CFQs (and CAM lines) an input port may hold. */
    int cfqLimit();

    /** CAM lines per input port as the engine allocated them (c). */
    int lines();

    /** The input ports (channels ending at a switch), in the engine's order. */
    int[] ports();

    /** A port's name, for messages. */
    String portName(int port);

    /** Whether CAM line {@code line} of input port {@code port} is allocated (its CFQ in use). */
    boolean lineActive(int port, int line);

    /**
     * The congested point of an allocated CAM line: the channel id of its Congested-Port field
     * (FBICM; with {@code lists: destination} that id times the terminals plus the destination),
     * or of the congested point its route leads to (RECN-IQ).
     */
    int lineRoot(int port, int line);

    /**
     * Whether CAM line {@code line} of input port {@code port} lists destination terminal {@code d}
     * (RECN-IQ: whether the route from the port to {@code d} crosses the line's congested point).
     */
    boolean lineHolds(int port, int line, int d);

    /** Packets in queue {@code queue} (0 the NFQ, 1 + i CFQ i) of input port {@code port}. */
    int queueLength(int port, int queue);

    /**
     * The packets of a queue, head first: {@code [source, destination, sequence]} each, the
     * sequence numbering the packets of its flow (source, destination) from 0 as created.
     */
    int[][] packets(int port, int queue);
}
