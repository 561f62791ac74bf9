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

    interface Generator {
        int packets(int terminal, long cycle);

        int destination(int terminal, long cycle);

        int size(int terminal);

        double offered(long cycle);

        long lastGeneration();
    }
}
