package flowproof.sim.queues;

/** One queue per output port of the switch (VOQsw): a packet queues by the output it requests next. */
final class VoqSwitchPorts extends VoqPorts {

    private final Fabric fabric;

    VoqSwitchPorts(Fabric fabric, PacketTable packets) {
        super(fabric, packets, fabric.maxDegree);
        this.fabric = fabric;
    }

    @Override
    public int unit(int c, int d) {
        return fabric.outLocal[fabric.next(c, d)];
    }

    @Override
    public String describe() {
        return queues().perPort + " queues (one per switch port)";
    }
}
