package flowproof.sim.queues;

import java.util.List;

/**
 * RECN-IQ's input ports (FBICM's baseline, section 2 and 4.1 of the seed paper): a standard
 * queue and up to c set-aside queues (SAQs), each CAM line naming a congested point.
 * The same input ports, CAM lines, detection, post-processing, Stop/Go and freeing as FBICM,
 * the standard queue in the NFQ's place and set-aside queues (SAQs) in the CFQs'; only what a
 * CAM line holds differs. A RECN line names a congested point by the explicit route to it
 * (source routing); with deterministic routing that route is named by the congested
 * channel's id, which the line keeps ({@link RecnRoutes}). A packet belongs to a line when
 * its route crosses that channel, from the moment the line is allocated: no destination
 * list is built up, so no Stop is re-sent when one grows. Where the paper is silent: a
 * packet crossing several congested points goes to the SAQ its flow already uses, else to
 * the lowest-numbered matching line (as FBICM; RECN's rule for several matching lines is not
 * in the FBICM paper), and RECN-IQ's thresholds are FBICM's (the paper runs both with 8
 * queues per port and the same RAM and gives neither's Stop/Go values).
 */
final class RecnPorts extends CamPorts {

    private final RecnRoutes recn;

    RecnPorts(InputQueueing setup, Fabric fabric, PacketTable packets, int creditLatency) {
        super(setup, fabric, packets, creditLatency);
        this.recn = new RecnRoutes(fabric.route, fabric.target, fabric.hostOf, fabric.terminals);
    }

    @Override
    boolean inHolds(int l, int d) {
        return recn.crosses(l / lines, d, inRoot[l]);
    }

    @Override
    boolean outHolds(int l, int d) {
        return recn.crosses(l / lines, d, outRoot[l]);
    }

    /** A RECN line lists no destinations: it holds the packets whose route crosses its point. */
    @Override
    void detected(int p, int i, int d) {
    }

    @Override
    public String describe() {
        return "standard queue + " + lines + " SAQs";
    }

    @Override
    public List<String> seriesNames() {
        return List.of("active SAQs", "stopped CAM lines");
    }
}
