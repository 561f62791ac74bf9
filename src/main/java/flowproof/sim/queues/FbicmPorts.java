package flowproof.sim.queues;

import java.util.List;

/**
 * FBICM's input ports (Flow-Based Implicit Congestion Management, seed paper
 * 002_574a2d5f24acfa44.txt, sections 3.2 to 3.5): a non-congested flow queue (NFQ) and up to
 * c congested flow queues (CFQs), each CAM line listing the destinations found congested
 * behind one congested port.
 * Choices where the paper is silent, written here so that a reader can check them:
 * <ul>
 *   <li>The Congested-Port field holds the congested output's channel id, which is unique
 *       in the whole network, so an output port's CAM line matches a notification by that
 *       field alone; hops-to-reach is kept and reported, not needed for matching.</li>
 *   <li>Detection: when the NFQ holds more than {@code detection} packets and its head
 *       matches no CAM line, the output its head requests is congested: an input CAM line
 *       with that port and hops 1 gains the head's destination, or a free line is
 *       allocated (port, hops 1, the head's destination). The head moves to the CFQ at
 *       once. Later heads requesting that port join the list the same way
 *       ("destinations progressively added").</li>
 *   <li>Post-processing moves at most one packet per input port per cycle, the NFQ's head,
 *       into the CFQ whose list holds its destination. To keep per-flow order, a
 *       destination that already has packets in a CFQ of the port goes to that CFQ; else
 *       to the lowest-numbered active line whose list holds it. An arriving packet goes
 *       straight into the CFQ whose list holds its destination (section 3.3), unless older
 *       packets of its destination are still in the NFQ: then it queues behind them and is
 *       moved at the head (the paper's "in-order delivery" needs this: a packet entering
 *       the CFQ directly could otherwise overtake them).</li>
 *   <li>Internal Stop: an NFQ head requesting an output port with a stopped CAM line
 *       whose list holds its destination makes the input port allocate a CFQ (or update
 *       its line for the same congested port): a copy of the output line with hops+1. A
 *       CFQ head in the same situation just waits (flow control).</li>
 *   <li>A CFQ with more than {@code stop} packets sends Stop (with its line) upstream and
 *       sets Sent Stop; once it holds {@code go} packets or fewer it sends Go. If its list
 *       grows while Sent Stop is set, Stop is sent again so that the upstream copy stays
 *       exact. The output port receiving Stop updates or allocates its line and sets its
 *       Stop bit; a Stop that finds all c output lines busy is dropped, and counted
 *       ({@link QueueEngine#droppedStops()}, reported in the result). Go turns the output line's Stop
 *       bit off: the line enters the Go state and stays allocated (section 3.5: "an output
 *       port CAM line will turn off the Stop bit, entering the Go state"), so a later Stop
 *       for the same congestion finds it and is flow control only. An input line's Stop bit
 *       is the Stop bit of the output line it was copied from.</li>
 *   <li>A CFQ is freed when empty and not stopped. If it ever sent Stop, it then sends a
 *       release upstream (after Go, if Sent Stop is still set), which frees the output
 *       line copied from it: the paper does not say when an output CAM line in the Go state
 *       is freed, and without this every output line would stay allocated for good.</li>
 *   <li>{@code lists: destination} (flowproof's ablation, not the paper's): detection keys a
 *       line by its congested port and the head's destination, so every line lists one
 *       destination and flows that only share a congested port with a congested flow are not
 *       queued behind it; Stop, Go and release carry that key upstream as the Congested-Port
 *       field.</li>
 *   <li>Defaults: detection 5 packets (the paper's example, section 3.2); Stop 8 and Go 4
 *       packets, which the paper does not give (8 CFQs above Stop plus a round trip of
 *       packets in flight stay within a 128-packet RAM).</li>
 * </ul>
 */
class FbicmPorts extends CamPorts {

    FbicmPorts(InputQueueing setup, Fabric fabric, PacketTable packets, int creditLatency) {
        super(setup, fabric, packets, creditLatency);
    }

    @Override
    final boolean inHolds(int l, int d) {
        return bit(inDest, l, d);
    }

    @Override
    final boolean outHolds(int l, int d) {
        return bit(outDest, l, d);
    }

    @Override
    final void detected(int p, int i, int d) {
        addDest(p, i, d);
    }

    @Override
    public final String describe() {
        return "NFQ + " + lines + " CFQs";
    }

    @Override
    public final List<String> seriesNames() {
        return List.of("active CFQs", "stopped CAM lines");
    }
}
