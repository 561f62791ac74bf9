package flowproof.check;

/**
 * How a {@link Decision}'s verdict was reached: which step of the portfolio answered. The
 * {@link #key()} is the name the text and JSON reports print ({@code "method"}).
 */
public enum Method {
    /** An acyclic channel dependency graph, with a rule whose free slot suffices. */
    CDG("cdg"),
    /** Duato's extended dependency graph of the escape VCs, acyclic. */
    DUATO("duato"),
    /** The explorer's enumeration of every reachable state (or its search up to a limit). */
    EXHAUSTIVE("exhaustive"),
    /** The explorer with the injection-queue product. */
    PRODUCT("product"),
    /** CP-SAT: the inductive-invariant proof, or a deadlock configuration reached by a guided search. */
    CP_SAT("cp-sat"),
    /** {@code check}'s fallback to {@code prove} on a model without a CP-SAT encoding: {@code prove}'s search. */
    SEARCH("search"),
    /** The explorer with only the traffic pairs whose routes make the dependency graph's cycle. */
    CYCLE_GUIDED("cycle-guided"),
    /** {@code prove} on message classes: the dependency graph with consumption dependencies, acyclic. */
    EXTENDED_CDG("cdg (extended, with consumption dependencies)"),
    /** {@code prove} on message classes: a bounded breadth-first search over all moves for a stuck state. */
    MESSAGE_SEARCH("breadth-first search over all moves");

    private final String key;

    Method(String key) {
        this.key = key;
    }

    /** @return the name the reports print */
    public String key() {
        return key;
    }

    @Override
    public String toString() {
        return key;
    }
}
