package flowproof.sim.control;

/**
 * An {@link InjectionControl} with hardware in the routers and network interfaces beyond
 * the injection gate: traffic classes on reserved VCs, per-packet congestion marks,
 * per-output-port contention degrees and real control packets (CBCM, ECN, the ideal
 * hot-spot isolation of 003_4abd1b2c8ca2b731.txt). The simulator calls these only when
 * the run's control is a {@code RouterControl}; other schemes cost nothing.
 *
 * <h2>Classes</h2>
 * Class 0 is normal traffic on the channel's lowest {@code vcs - classes()} VCs under the
 * spec's rule. Class {@code c >= 1} owns VC {@code vcs - c} of every channel and of every
 * injection buffer, carries only minimal routes and never changes VC (see
 * {@link flowproof.rule.ReservedClassVcs} for why that stays deadlock-free). A packet's class is fixed when
 * it leaves its source queue ({@link #sourceClass}); control packets have
 * {@link #controlClass}. Higher {@link #priority} wins switch allocation and the VC
 * allocation of shared output VCs (ejection).
 *
 * <h2>Source queue</h2>
 * With a {@code RouterControl} a terminal's source queue is not strictly FIFO: the oldest
 * of the first {@link #lookahead} queued packets that {@link #sourceClass} admits and
 * whose class has room in the injection buffer leaves first, as a network interface with
 * one queue per destination (InfiniBand queue pairs, the CBCM paper's model) would let an
 * unthrottled destination pass a held one. Control packets wait in a queue of their own
 * and go first.
 */
public interface RouterControl extends InjectionControl {

    /** What the simulator offers the scheme. */
    interface Port {
        /** Queues a single-flit control packet of class {@link #controlClass} from terminal {@code from} to {@code to}. */
        void send(int from, int to, int payload);

        /** Data packets waiting in terminal {@code t}'s source queue. */
        int queued(int terminal);

        /** Output ports: network channels {@code 0..channels)}, then ejection ports {@code channels + terminal * ejectionPorts + k}. */
        int outputPorts();
    }

    /** Called once, before the first cycle. */
    void bind(Port port);

    /** Reserved VCs at the top of each channel (0: none). */
    int classes();

    /** Allocation priority of class {@code cls} (larger wins; ties go round robin). */
    default int priority(int cls) {
        return 1;
    }

    /** The class of control packets, or -1 when the scheme sends none. */
    default int controlClass() {
        return -1;
    }

    /** How many packets from the front of a source queue may be considered each cycle. */
    default int lookahead() {
        return 1;
    }

    /** A data packet was created at {@code terminal} (generation, before any queueing). */
    default void generated(int terminal, int destination, int size) {
    }

    /**
     * As {@link #generated(int, int, int)}, with the number of packets of the packet's message
     * ({@link flowproof.traffic.Workload.Generator#message}; 0: the workload gives none).
     */
    default void generated(int terminal, int destination, int size, int message) {
        generated(terminal, destination, size);
    }

    /** The class the packet would leave its source queue in now, or -1 to hold it; no side effects. */
    int sourceClass(int terminal, int destination, int size);

    /** The packet left its source queue in class {@code cls} (for token buckets and inter-packet delays). */
    default void left(int terminal, int destination, int size, int cls) {
    }

    /** Whether {@link #degrees} is wanted every cycle. */
    default boolean wantsContention() {
        return false;
    }

    /** Whether requests from VCs of class {@code cls} count in {@link #degrees} (default: every class). */
    default boolean contends(int cls) {
        return true;
    }

    /** Contention degree of every output port this cycle (requests after VC allocation); read, do not keep. */
    default void degrees(int[] degree) {
    }

    /** Whether {@link #requested} is wanted for every request counted in {@link #degrees} (with {@link #wantsContention}). */
    default boolean wantsRequests() {
        return false;
    }

    /**
     * One request counted in this cycle's contention degrees: an input port of {@code router}
     * whose drawn VC holds a packet from {@code source} to {@code destination} (called before
     * {@link #degrees}; CBCM's detection at an intermediate router, 003 section VI-A).
     */
    default void requested(int router, int source, int destination) {
    }

    /** Whether {@link #mark} is asked for every head flit leaving an input buffer. */
    default boolean marking() {
        return false;
    }

    /**
     * Whether the packet whose head leaves input VC {@code inputVc} (queue id for a network
     * channel, larger for injection buffers) through {@code outputPort}, with
     * {@code occupancy} flits in that buffer before it left, gets its mark bit set.
     */
    default boolean mark(int inputVc, int outputPort, int occupancy) {
        return false;
    }

    /** A data packet's tail reached its destination; {@code marked} is its mark bit. */
    void deliveredData(int source, int destination, int size, boolean marked);

    /** A control packet reached its destination terminal. */
    default void deliveredControl(int source, int destination, int payload) {
    }
}
