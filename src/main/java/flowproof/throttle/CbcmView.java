package flowproof.throttle;

/** What a {@link Cbcm} run shows an invariant checker: each flow's throttling degree and tokens. Read-only. */
public interface CbcmView {

    /** Sources and destinations (terminals). */
    int terminals();

    /** The throttling degree D_t flow {@code terminal -> destination} is under (0: not throttled). */
    int degree(int terminal, int destination);

    /** The flow's tokens (flits it may still send while throttled). */
    double tokens(int terminal, int destination);

    /** The cycle the flow's tokens were last reset by a throttle packet. */
    long tokensSince(int terminal, int destination);
}
