package flowproof.sim.queues;

/**
 * How the RAM of every switch input port is organised into queues, with the parameters of
 * the organisation. Thresholds and queue counts are in packets of the workload's largest
 * size; the memory in flits.
 *
 * @param organisation which queues an input port has
 * @param memoryFlits  RAM per input port, in flits (all its queues share it)
 * @param cfqs         FBICM: congested-flow queues (and CAM lines) per input port, c; RECN-IQ: set-aside
 *                     queues; 0 otherwise
 * @param detection    FBICM and RECN-IQ: an NFQ (standard queue) holding more packets than this detects congestion
 * @param stop         FBICM and RECN-IQ: a CFQ (SAQ) holding more packets than this sends Stop upstream
 * @param go           FBICM and RECN-IQ: a CFQ (SAQ) that sent Stop sends Go once it holds this many packets or fewer
 * @param linePerDestination FBICM: detection allocates one CAM line per congested port and destination
 *                     instead of one per congested port listing every destination seen (flowproof's
 *                     ablation, {@code lists: destination}; not the paper's)
 */
public record InputQueueing(Organisation organisation, int memoryFlits, int cfqs, int detection, int stop, int go,
                            boolean linePerDestination) {

    /** An organisation with one CAM line per congested port (the paper's FBICM). */
    public InputQueueing(Organisation organisation, int memoryFlits, int cfqs, int detection, int stop, int go) {
        this(organisation, memoryFlits, cfqs, detection, stop, go, false);
    }

    /** The queues of an input port. */
    public enum Organisation {
        /** One FIFO per input port: head-of-line blocking. */
        SINGLE("single-queue"),
        /** One queue per output port of the switch (VOQsw). */
        VOQ_SWITCH("voq-switch"),
        /** One queue per destination terminal (VOQnet). */
        VOQ_NET("voq-net"),
        /** One non-congested flow queue and up to c congested flow queues with CAM lines (FBICM). */
        FBICM("fbicm"),
        /**
         * A standard queue and up to c set-aside queues (SAQs) with CAM lines, each holding the
         * packets whose route crosses one congested point (RECN-IQ, FBICM's baseline).
         */
        RECN_IQ("recn-iq");

        private final String key;

        Organisation(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }
    }
}
