package flowproof.traffic;

/** What the simulator's sources do. Immutable; built by WorkloadReader. (Interface stub; the implementation lands from wt-traffic.) */
public interface Workload {
    int terminals();

    Generator start(long seed);

    int maxPacketSize();

    double meanPacketSize();

    boolean takesLoad();

    Workload atLoad(double load);

    String describe();

    /**
     * The probability that a packet of terminal {@code terminal} goes to each terminal, for
     * the run with this seed (random permutations are drawn from it); averaged over time for
     * workloads whose pattern changes. For channel-load bounds.
     *
     * @throws UnsupportedOperationException when the workload has no such distribution
     */
    default double[] destinationWeights(int terminal, long seed) {
        throw new UnsupportedOperationException(describe() + " has no destination distribution");
    }

    interface Generator {
        int packets(int terminal, long cycle);

        int destination(int terminal, long cycle);

        int size(int terminal);

        double offered(long cycle);

        long lastGeneration();
    }
}
