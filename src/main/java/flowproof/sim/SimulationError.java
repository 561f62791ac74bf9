package flowproof.sim;

/** The simulator broke one of its own invariants (conservation, flit order, credits): a bug, never a user error. */
public final class SimulationError extends RuntimeException {

    public SimulationError(String message) {
        super(message);
    }
}
