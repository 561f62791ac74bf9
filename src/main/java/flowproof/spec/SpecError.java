package flowproof.spec;

/**
 * A {@link SpecException} carried out of a factory, whose interface cannot throw it (a built-in
 * that reads a file of its own, such as a graph or a routing table, reports that file's line).
 */
final class SpecError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    SpecError(SpecException cause) {
        super(cause.getMessage(), cause, false, false);
    }

    /** The spec error it carries. */
    SpecException spec() {
        return (SpecException) getCause();
    }
}
