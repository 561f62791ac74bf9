package flowproof.spec;

/**
 * A user's mistake in a spec or counterexample file: one line naming the file, the field,
 * what was expected and what was found. The CLI prints the message and exits with 2.
 */
public final class SpecException extends Exception {

    public SpecException(String file, String field, String expected, String found) {
        super(file + ": " + field + ": expected " + expected + ", found " + found);
    }

    public SpecException(String file, String message) {
        super(file + ": " + message);
    }
}
