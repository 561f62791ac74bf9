package flowproof.throttle;

/** What a {@link Tune} run shows an invariant checker: its threshold and its last tuning decision. Read-only. */
public interface TuneView {

    /** What a tuning step did. */
    enum Decision {
        NONE, KEEP, INCREASE, DECREASE, RESET, RESET_FORGET
    }

    /** The threshold on full buffers now. */
    long threshold();

    /** All network VC buffers: the threshold's upper bound. */
    int buffers();

    /** Buffers added by an increase. */
    long increment();

    /** Buffers removed by a decrease. */
    long decrement();

    /** What the last tuning step did. */
    Decision decision();

    /** Flits delivered in the last tuning period (-1 before the first). */
    long lastThroughput();

    /** The largest period throughput remembered for the local-maxima rule (0: none). */
    long maxThroughput();

    /** Full buffers averaged over the period of the remembered maximum. */
    long nMax();

    /** The threshold in the period of the remembered maximum. */
    long tMax();

    /** Whether the gate holds injection back this cycle. */
    boolean gateClosed();

    /** The scheme's parameters. */
    Tune scheme();
}
