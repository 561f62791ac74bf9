package flowproof.fuzz;

/**
 * A broken invariant: its key (conservation, buffers, deadlock-freedom, rule, bubble-invariant,
 * critical-bubble-invariant, determinism, throttling-only-delays, starvation, or a scheme's:
 * alo, spth, tune, cbcm) and what was seen.
 */
public record Violation(String invariant, String message) {

    @Override
    public String toString() {
        return invariant + ": " + message;
    }
}
