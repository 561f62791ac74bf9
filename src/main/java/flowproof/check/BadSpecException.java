package flowproof.check;

/**
 * A spec that an engine found to be bad input after it was read: a rule's declared symmetry
 * that does not hold on its own moves, say. The message is the whole one-line error, with
 * the spec's file; the command line prints it and exits with code 2.
 */
public final class BadSpecException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param line the one-line error, starting with the spec's file */
    public BadSpecException(String line) {
        super(line, null, false, false);
    }
}
