package flowproof.solve;

/**
 * Loads OR-tools' native library (from the {@code ortools-linux-x86-64} jar on the class
 * path) once. If it cannot be loaded (another platform, a missing jar, an old C library)
 * {@link #problem} says why in one line and the commands that need OR-tools report it;
 * nothing else in flowproof depends on it.
 */
public final class OrTools {

    private static final Object LOCK = new Object();
    private static volatile Boolean loaded;
    private static volatile String problem;

    private OrTools() {
    }

    /**
     * Null when the native library is loaded; otherwise why it cannot be, in one line.
     * {@code -Dflowproof.ortools=off} makes it unavailable (to check that flowproof works
     * without it).
     */
    public static String problem() {
        if ("off".equals(System.getProperty("flowproof.ortools"))) {
            return "OR-tools is switched off (-Dflowproof.ortools=off)";
        }
        if (loaded == null) {
            synchronized (LOCK) {
                if (loaded == null) {
                    try {
                        com.google.ortools.Loader.loadNativeLibraries();
                        loaded = true;
                    } catch (Throwable t) {
                        String msg = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
                        problem = "OR-tools native library cannot be loaded on this machine (" + System.getProperty("os.name")
                            + " " + System.getProperty("os.arch") + "): " + msg.lines().findFirst().orElse("");
                        loaded = false;
                    }
                }
            }
        }
        return loaded ? null : problem;
    }
}
