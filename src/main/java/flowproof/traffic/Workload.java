package flowproof.traffic;

/**
 * What the simulator's sources do: which terminals create packets when, to whom, and how
 * long. Immutable; built by {@link WorkloadReader}.
 *
 * <p>Terminals are the simulator's traffic sources and sinks, indexed {@code 0..T-1} with
 * {@code T = topology.endpoints().length * topology.concentration()}; terminal {@code t} is
 * attached to router {@code topology.endpoints()[t / c]} ({@code c} = concentration).
 * Loads are in flits per terminal per cycle.
 *
 * <p>A run's randomness comes from the seed given to {@link #start}: every terminal has
 * its own {@link java.util.SplittableRandom} streams (one for injection, one for
 * destinations, one for packet sizes) split from one root, so a terminal's sequence does
 * not depend on the order terminals are asked in, and the injection times of a seed do
 * not depend on the traffic pattern.
 */
public interface Workload {

    /** Number of terminals, T. */
    int terminals();

    /**
     * Starts a run: all randomness comes from seed (per-terminal SplittableRandom streams
     * split from one root, so results do not depend on the order terminals are asked in).
     * Run-fixed random choices (a random permutation, randomly chosen hot-spot sources) are
     * drawn here. Two runs started with the same seed give every terminal the same packets:
     * the simulator relies on it, starting a second run to draw the packets of a long source
     * queue again, later, instead of storing them.
     */
    Generator start(long seed);

    /** Largest packet size in flits. */
    int maxPacketSize();

    /** Mean packet size in flits. */
    double meanPacketSize();

    /** Whether a --load value applies (bernoulli, ramp: the top rate); false for bursty and collective. */
    boolean takesLoad();

    /**
     * The same workload at another load (flits/terminal/cycle, 0 &lt; load &lt;= 1): the
     * Bernoulli rate, or the top rate ({@code to}) of a ramp.
     *
     * @throws flowproof.ConfigurationException (field {@code load}) when {@code !takesLoad()}
     *     or the load is outside (0, 1]
     */
    Workload atLoad(double load);

    /** e.g. {@code "uniform, bernoulli 0.30 flits/node/cycle, 8-flit packets"} */
    String describe();

    /**
     * The most packets a source holds waiting to inject, a packet generated beyond it refused
     * ({@link BoundedSources}); 0 for unbounded source queues (the default).
     */
    default int sourceQueue() {
        return 0;
    }

    /**
     * Per terminal, the index of the mix entry it belongs to (-1: in none), so a run can
     * measure the entries apart (simulate's {@code flows}); null when the traffic is not a mix.
     */
    default int[] flowOf() {
        return null;
    }

    /** The mix entries, described, in the order of {@link #flowOf()}'s indices; empty when not a mix. */
    default java.util.List<String> flowNames() {
        return java.util.List.of();
    }

    /**
     * One run of a workload. Mutable and not thread-safe: one simulator thread asks it,
     * cycle by cycle. No method allocates.
     */
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

        /**
         * How many packets terminal t creates in cycle {@code cycle} (usually 0 or 1;
         * collective: n at cycle 0). Called once per terminal per cycle, cycles increasing.
         */
        int packets(int terminal, long cycle);

        /**
         * Destination terminal (!= terminal) of the next packet terminal t creates in
         * {@code cycle}; -1 if the pattern gives this source nothing to send (e.g. a
         * permutation fixed point) -- then the packet is not created.
         */
        int destination(int terminal, long cycle);

        /** Size in flits of the next packet of terminal t. */
        int size(int terminal);

        /**
         * The number of packets of the message that terminal t's packet just sized belongs
         * to (a trace's message, or a mix entry's {@code message}); 0 when the workload gives
         * its packets no messages (SRP then reserves as without message sizes).
         */
        default int message(int terminal) {
            return 0;
        }

        /**
         * The offered load at this cycle in flits/terminal/cycle (the expected value, for
         * metrics: the ramp's current rate, the bursty phase's rate). It is the injection
         * process's nominal rate: sources that a pattern leaves silent are not discounted.
         */
        double offered(long cycle);

        /** The last cycle in which packets may be created (collective: 0), or Long.MAX_VALUE. */
        long lastGeneration();
    }
}
