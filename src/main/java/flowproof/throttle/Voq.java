package flowproof.throttle;

import flowproof.sim.control.Scheme;
import flowproof.sim.queues.InputQueueing;
import flowproof.sim.queues.InputQueueing.Organisation;

/**
 * The virtual-output-queue baselines of FBICM's evaluation (002_574a2d5f24acfa44.txt,
 * sections 2 and 4): {@code voq-switch} (VOQsw) keeps one queue per output port of the
 * switch at every input port, {@code voq-net} (VOQnet) one queue per destination. The port
 * RAM is split evenly between the queues, each with its own credits. Parameter
 * {@code memory}, flits per input port: default {@code simulation.buffer} for
 * {@code voq-switch}; for {@code voq-net} at least four largest packets per destination
 * (the paper gives VOQnet 16 KB for 64 hosts and 64 KB for 256 hosts where the others have
 * 8 KB, i.e. 256 bytes = four 64-byte packets per queue), or the buffer if larger.
 */
public final class Voq extends InputQueued {

    private Voq(InputQueueing setup, String description) {
        super(setup, description);
    }

    static Scheme readSwitch(Params p, SchemeContext c) {
        int memory = memory(p, c, c.bufferFlits());
        return new Voq(new InputQueueing(Organisation.VOQ_SWITCH, memory, 0, 0, 0, 0), p.describe("voq-switch"));
    }

    static Scheme readNet(Params p, SchemeContext c) {
        long dflt = Math.max(c.bufferFlits(), 4L * c.maxPacketSize() * terminals(c));
        int memory = memory(p, c, Math.min(dflt, MAX_MEMORY));
        return new Voq(new InputQueueing(Organisation.VOQ_NET, memory, 0, 0, 0, 0), p.describe("voq-net"));
    }
}
