package flowproof.sim.queues;

/** One FIFO per input port ({@code single-queue}): head-of-line blocking, the RAM's credits shared. */
final class SingleQueuePorts implements PortOrganisation {

    private final PortQueues queues;

    SingleQueuePorts(Fabric fabric, PacketTable packets) {
        this.queues = new PortQueues(fabric.channels, 1, packets);
    }

    @Override
    public PortQueues queues() {
        return queues;
    }

    @Override
    public int units() {
        return 1;
    }

    @Override
    public int unit(int c, int d) {
        return 0;
    }

    @Override
    public int unitOfQueue(int q) {
        return 0;
    }

    @Override
    public int arrive(int p, int d) {
        return 0;
    }

    @Override
    public String describe() {
        return "one queue";
    }
}
