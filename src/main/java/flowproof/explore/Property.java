package flowproof.explore;

import flowproof.rule.Invariant;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The properties the explorer checks, in the order results list them. */
public enum Property {
    /** No reachable state holds a packet while no forward or eject move is enabled. */
    STUCK_FREEDOM("stuck-freedom", null),
    /** From every reachable state the network can be emptied by forward and eject moves alone. */
    DRAINABILITY("drainability", null),
    /** Every directional ring always has a free slot. */
    BUBBLE_INVARIANT("bubble-invariant", Invariant.BUBBLE),
    /** Every ring always holds exactly m critical marks, each on a free slot. */
    CRITICAL_BUBBLE_INVARIANT("critical-bubble-invariant", Invariant.CRITICAL_BUBBLE),
    /**
     * Every traffic pair can inject from some reachable state: the guard against a vacuous
     * verdict (a rule that refuses every injection has a single, trivially deadlock-free state).
     * Established by a witness (an enabled inject move of the pair in a reached state), so it
     * can hold after a partial search; violated only after a complete one, with a trace of no
     * moves to the initial state, from which the pairs it names can never inject.
     */
    INJECTABILITY("injectability", null);

    private final String key;
    private final Invariant invariant;

    Property(String key, Invariant invariant) {
        this.key = key;
        this.invariant = invariant;
    }

    public String key() {
        return key;
    }

    /** The state invariant behind the property, or null for stuck-freedom, drainability and injectability. */
    public Invariant invariant() {
        return invariant;
    }

    public static Property of(String key) {
        for (Property p : values()) {
            if (p.key.equals(key)) {
                return p;
            }
        }
        return null;
    }

    public static String keys() {
        return Arrays.stream(values()).map(Property::key).collect(Collectors.joining(", "));
    }
}
