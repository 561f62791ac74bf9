package flowproof.cli.papers;

/**
 * A mistake in a claim file (or the measured-values file): one line naming the file, the
 * field, what was expected and what was found. The CLI prints it and exits with 2.
 */
public final class ClaimException extends Exception {

    public ClaimException(String file, String field, String expected, String found) {
        super(file + ": " + field + ": expected " + expected + ", found " + found);
    }
}
