package flowproof.throttle;

import flowproof.sim.control.Scheme;
import flowproof.sim.queues.InputQueueing;
import flowproof.sim.queues.InputQueueing.Organisation;
import flowproof.sim.queues.QueueEngine;

/**
 * RECN-IQ, the Regional Explicit Congestion Notification for input-queued switches: FBICM's
 * baseline (002_574a2d5f24acfa44.txt, sections 2 and 4). Every switch input port holds one
 * standard queue and up to {@code saqs} set-aside queues (SAQs), each with a CAM line naming
 * a congested point; a packet goes to a SAQ when its explicit route crosses that point
 * (source routing: the whole path is known), where FBICM lists the destinations seen.
 * Detection, Stop/Go through output-port CAM lines and the freeing of SAQs are FBICM's (the
 * FBICM paper evaluates both with the same switch; it does not describe RECN-IQ's own
 * thresholds). The engine and every modelling choice: {@link QueueEngine}.
 *
 * <p>Parameters, as FBICM's: {@code memory} (flits per input port, default
 * {@code simulation.buffer}), {@code saqs} (default 8, the paper's "8 active SAQs"; at most
 * P-1 for P = memory / largest packet), {@code detection} (5), {@code stop} (8) and
 * {@code go} (4), in packets.
 */
public final class Recn extends InputQueued {

    private Recn(InputQueueing setup, String description) {
        super(setup, description);
    }

    static Scheme read(Params p, SchemeContext c) {
        return new Recn(Fbicm.camSetup(p, c, Organisation.RECN_IQ, "saqs", "a standard queue and a SAQ"),
            p.describe("recn-iq"));
    }
}
