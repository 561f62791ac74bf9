package flowproof.topology;

import flowproof.plugin.PluginParams;

/**
 * A user's topology, registered by name for {@link java.util.ServiceLoader}: a spec then names it
 * {@code topology: {plugin: NAME, params: {...}}}. Register the factory class in a jar's
 * {@code META-INF/services/flowproof.topology.TopologyFactory} (one class name per line) and give
 * the jar to {@code --plugins}. A topology can also be named by its class
 * ({@code topology: {class: com.example.MyNet}}) without a factory, when it has a public
 * constructor {@code (PluginParams)} or {@code ()}.
 *
 * <p>The spec reader checks what every engine relies on before using it
 * ({@link TopologyContract}); {@link #create} may be called more than once, from any thread.
 */
public interface TopologyFactory {

    /** The name specs use, e.g. {@code irregular}. */
    String name();

    /**
     * The topology. Throw {@link flowproof.ConfigurationException} (e.g. by {@link PluginParams#bad})
     * for parameters that do not fit: the spec reader reports it in one line naming the field.
     */
    Topology create(PluginParams params);
}
