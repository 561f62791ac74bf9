package flowproof.throttle;

import flowproof.sim.control.Scheme;
import flowproof.sim.queues.InputQueueing;
import flowproof.sim.queues.InputQueueing.Organisation;

/**
 * The baseline of FBICM's evaluation (002_574a2d5f24acfa44.txt, section 4) without any
 * head-of-line blocking elimination: one FIFO per switch input port, credits for the whole
 * port RAM. Parameter {@code memory} (flits per input port, default {@code simulation.buffer}).
 */
public final class SingleQueue extends InputQueued {

    private SingleQueue(InputQueueing setup, String description) {
        super(setup, description);
    }

    static Scheme read(Params p, SchemeContext c) {
        int memory = memory(p, c, c.bufferFlits());
        return new SingleQueue(new InputQueueing(Organisation.SINGLE, memory, 0, 0, 0, 0), p.describe("single-queue"));
    }
}
