package flowproof.fabric;

/**
 * A fabric dump that cannot be read: one line naming the file, the line (0 for the file as a
 * whole), what was expected and what was found.
 */
public final class FabricFileException extends Exception {

    private static final long serialVersionUID = 1L;

    public FabricFileException(String file, int line, String expected, String found) {
        super(file + (line > 0 ? ":" + line : "") + ": expected " + expected + ", found " + found);
    }
}
