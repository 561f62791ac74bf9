package flowproof.traffic;

/**
 * A workload whose sources hold at most {@code limit} packets waiting to inject
 * ({@code simulation.source-queue: N}): a packet generated at a source whose queue is full is
 * refused, not created, as the Tune paper's sources "try" to generate a packet (000, section
 * 5.2.4). The packets, their destinations and sizes are the inner workload's, drawn the same
 * way, so a run with a limit differs from one without only in the packets refused. The
 * simulator's source queues apply the limit ({@link #sourceQueue}) and count the refusals.
 */
public record BoundedSources(Workload inner, int limit) implements Workload {

    public BoundedSources {
        if (limit < 1) {
            throw new IllegalArgumentException("a source queue of at least 1 packet: " + limit);
        }
    }

    @Override
    public int sourceQueue() {
        return limit;
    }

    @Override
    public int terminals() {
        return inner.terminals();
    }

    @Override
    public Generator start(long seed) {
        return inner.start(seed);
    }

    @Override
    public int maxPacketSize() {
        return inner.maxPacketSize();
    }

    @Override
    public double meanPacketSize() {
        return inner.meanPacketSize();
    }

    @Override
    public boolean takesLoad() {
        return inner.takesLoad();
    }

    @Override
    public Workload atLoad(double load) {
        return new BoundedSources(inner.atLoad(load), limit);
    }

    @Override
    public String describe() {
        return inner.describe() + ", source queues of " + limit + (limit == 1 ? " packet" : " packets");
    }

    @Override
    public int[] flowOf() {
        return inner.flowOf();
    }

    @Override
    public java.util.List<String> flowNames() {
        return inner.flowNames();
    }

    @Override
    public double[] destinationWeights(int terminal, long seed) {
        return inner.destinationWeights(terminal, seed);
    }
}
