package flowproof.throttle;

import flowproof.sim.control.Scheme;
import flowproof.sim.queues.InputQueueing;
import flowproof.sim.queues.InputQueueing.Organisation;
import flowproof.sim.queues.QueueEngine;

/**
 * Flow-Based Implicit Congestion Management (002_574a2d5f24acfa44.txt, section 3): every
 * switch input port holds one non-congested flow queue and up to {@code cfqs} congested
 * flow queues with CAM lines, allocated when congestion is detected and propagated
 * upstream with Stop/Go notifications; packets are classified by destination only. The
 * engine and every modelling choice: {@link QueueEngine}.
 *
 * <p>Parameters (thresholds in packets of the largest size, P = memory / largest packet):
 * {@code memory} (flits per input port, default {@code simulation.buffer}; the paper's
 * 8 KB of 64-byte packets is 128 packets), {@code cfqs} (default 8, the paper's; at most
 * P-1, one packet of room per queue and the NFQ), {@code detection} (default 5, the
 * paper's example in section 3.2; 0..P-1), {@code stop} (default 8; 1..P-1) and {@code go}
 * (default 4; 0..stop-1); the paper gives no values for Stop and Go. {@code lists}:
 * {@code port} (default, the paper's: one CAM line per congested port, its list of
 * destinations growing as heads for that port are detected) or {@code destination}
 * (flowproof's ablation: one line per congested port and destination, see docs/results/fbicm.md).
 */
public final class Fbicm extends InputQueued {

    private Fbicm(InputQueueing setup, String description) {
        super(setup, description);
    }

    static Scheme read(Params p, SchemeContext c) {
        InputQueueing s = camSetup(p, c, Organisation.FBICM, "cfqs", "an NFQ and a CFQ");
        boolean perDestination = p.choice("lists", "port", "port", "destination").equals("destination");
        return new Fbicm(new InputQueueing(s.organisation(), s.memoryFlits(), s.cfqs(), s.detection(), s.stop(), s.go(),
            perDestination), p.describe("fbicm"));
    }

    /**
     * The parameters FBICM and RECN-IQ share: {@code memory}, the queue count (parameter
     * {@code queues}: {@code cfqs} or {@code saqs}), {@code detection}, {@code stop} and {@code go};
     * {@code two} names the two queues the smallest memory must hold, for the error.
     */
    static InputQueueing camSetup(Params p, SchemeContext c, Organisation org, String queues, String two) {
        int memory = memory(p, c, c.bufferFlits());
        long packets = memory / c.maxPacketSize();
        if (packets < 2) {
            throw p.bad("memory", "room for at least 2 packets of " + c.maxPacketSize() + " flits (" + two + ")",
                memory + " flits");
        }
        int n = (int) p.integer(queues, Math.min(8, packets - 1), 1, packets - 1);
        int detection = (int) p.integer("detection", Math.min(5, packets - 1), 0, packets - 1);
        int stop = (int) p.integer("stop", Math.min(8, packets - 1), 1, packets - 1);
        int go = (int) p.integer("go", Math.min(4, stop - 1), 0, stop - 1);
        return new InputQueueing(org, memory, n, detection, stop, go);
    }
}
