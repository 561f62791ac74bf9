package flowproof.sim.queues;

/**
 * Virtual output queues: the RAM split evenly between the queues, each with its own credits
 * (per-queue credits are what lets a VOQ escape head-of-line blocking on the link), a
 * packet's queue being its credit unit.
 */
abstract class VoqPorts implements PortOrganisation {

    private final PortQueues queues;

    VoqPorts(Fabric fabric, PacketTable packets, int perPort) {
        this.queues = new PortQueues(fabric.channels, perPort, packets);
    }

    @Override
    public final PortQueues queues() {
        return queues;
    }

    @Override
    public final int units() {
        return queues.perPort;
    }

    @Override
    public final int unitOfQueue(int q) {
        return q;
    }

    @Override
    public final int arrive(int p, int d) {
        return unit(p, d);
    }
}
