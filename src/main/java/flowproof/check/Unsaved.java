package flowproof.check;

/**
 * A result computed in full whose output file could not be written: the command prints
 * the result as usual, then the one-line message, and exits with code 2 (bad input).
 */
final class Unsaved extends Exception {

    private final transient Object result;

    /** @param message one line: the option, the file and why it could not be written */
    Unsaved(Object result, String message) {
        super(message, null, false, false);
        this.result = result;
    }

    /** The result (a {@link Checker.Outcome} or a {@link Proving.Outcome}, as the thrower says). */
    @SuppressWarnings("unchecked")
    <T> T result() {
        return (T) result;
    }
}
