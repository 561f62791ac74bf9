package flowproof.explore;

/** What the explorer established about one property. */
public enum PropertyStatus {
    /** Holds in every reachable state (exhaustive search). */
    HOLDS("holds"),
    /** A reachable state violates it; a trace leads there. */
    VIOLATED("violated"),
    /** Checked on the states explored before a limit stopped the search, no violation among them: no verdict. */
    UNKNOWN("unknown"),
    /** Not asked for, or not checkable on a partial state space (drainability). */
    NOT_CHECKED("not-checked");

    private final String key;

    PropertyStatus(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }
}
