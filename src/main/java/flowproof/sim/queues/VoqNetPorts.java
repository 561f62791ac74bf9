package flowproof.sim.queues;

/** One queue per destination terminal (VOQnet). */
final class VoqNetPorts extends VoqPorts {

    VoqNetPorts(Fabric fabric, PacketTable packets) {
        super(fabric, packets, fabric.terminals);
    }

    @Override
    public int unit(int c, int d) {
        return d;
    }

    @Override
    public String describe() {
        return queues().perPort + " queues (one per destination)";
    }
}
