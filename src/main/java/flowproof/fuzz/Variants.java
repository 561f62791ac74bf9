package flowproof.fuzz;

import flowproof.sim.SimConfig;

/**
 * Replaces a scenario's rule or scheme by a named variant. The property suite registers its
 * deliberately broken rules and schemes here (test scope); {@code flowproof fuzz} knows none.
 */
@FunctionalInterface
public interface Variants {

    /** {@code cfg} with the variant's rule or scheme; throws IllegalArgumentException for an unknown name. */
    SimConfig apply(String variant, SimConfig cfg);

    /** No variants: only the real rules and schemes. */
    Variants NONE = (v, cfg) -> {
        if (v != null) {
            throw new IllegalArgumentException("variant " + v + " exists only in the test suite (run mvn test)");
        }
        return cfg;
    };
}
