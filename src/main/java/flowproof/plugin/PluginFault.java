package flowproof.plugin;

/**
 * A user's plugin broke its contract while an engine ran, in a way its own stack does not show
 * (it returned a value outside its contract rather than throwing): the message is one line
 * naming the spec's file and field, the plugin's class and method, and what it returned. The
 * command line prints it as a bad input (exit 2), as {@link Plugins#failure} does for a plugin
 * that throws.
 */
public final class PluginFault extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public PluginFault(String message) {
        super(message);
    }
}
