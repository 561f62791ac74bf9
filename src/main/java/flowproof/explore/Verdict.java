package flowproof.explore;

/** The overall answer of a check. */
public enum Verdict {
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

    public static Verdict of(String key) {
        for (Verdict v : values()) {
            if (v.key.equals(key)) {
                return v;
            }
        }
        return null;
    }
}
