package flowproof.explore;

/** The overall answer of a check. */
public enum Verdict {
    /**
     * Deadlock freedom proved without enumeration: the channel dependency graph is
     * acyclic (given by {@code check}, never by the explorer).
     */
    PROVED("proved"),
    /** Every checked property holds in every reachable state. */
    DEADLOCK_FREE("deadlock-free"),
    /** A reachable state violates a checked property; the result carries the shortest trace. */
    COUNTEREXAMPLE("counterexample"),
    /** A limit stopped the search before either could be established. */
    INCOMPLETE("incomplete");

    private final String key;

    Verdict(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    /** Whether this verdict meets an expected one: a proof meets an expectation of deadlock freedom. */
    public boolean satisfies(Verdict expected) {
        return this == expected || (this == PROVED && expected == DEADLOCK_FREE);
    }

    public static Verdict of(String key) {
        for (Verdict v : values()) {
            if (v.key.equals(key)) {
                return v;
            }
        }
        return null;
    }
}
