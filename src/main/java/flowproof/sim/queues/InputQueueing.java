package flowproof.sim.queues;

/**
 * How the RAM of every switch input port is organised into queues, with the parameters of
 * the organisation. Thresholds and queue counts are in packets of the workload's largest
 * size; the memory in flits.
 *
 * @param organisation which queues an input port has
 * @param memoryFlits  RAM per input port, in flits (all its queues share it)
 * @param cfqs         FBICM: congested-flow queues (and CAM lines) per input port, c; 0 otherwise
 * @param detection    FBICM: an NFQ holding more packets than this detects congestion
 * @param stop         FBICM: a CFQ holding more packets than this sends Stop upstream
 * @param go           FBICM: a CFQ that sent Stop sends Go once it holds this many packets or fewer
 */
public record InputQueueing(Organisation organisation, int memoryFlits, int cfqs, int detection, int stop, int go) {

    /** The queues of an input port. */
    public enum Organisation {
        /** One FIFO per input port: head-of-line blocking. */
        SINGLE("single-queue"),
        /** One queue per output port of the switch (VOQsw). */
        VOQ_SWITCH("voq-switch"),
        /** One queue per destination terminal (VOQnet). */
        VOQ_NET("voq-net"),
        /** One non-congested flow queue and up to c congested flow queues with CAM lines (FBICM). */
        FBICM("fbicm");

        private final String key;

        Organisation(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }
    }
}
