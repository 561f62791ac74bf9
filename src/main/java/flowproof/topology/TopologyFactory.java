package flowproof.topology;

import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import java.util.List;

/**
 * A topology registered by name for {@link java.util.ServiceLoader}: a spec then names a user's
 * {@code topology: {plugin: NAME, params: {...}}}. Register the factory class in a jar's
 * {@code META-INF/services/flowproof.topology.TopologyFactory} (one class name per line) and give
 * the jar to {@code --plugins}. A topology can also be named by its class
 * ({@code topology: {class: com.example.MyNet}}) without a factory, when it has a public
 * constructor {@code (PluginParams)} or {@code ()}.
 *
 * <p>flowproof's own topologies come through the same interface ({@code topology: {kind: torus,
 * radix: [4, 4]}} is the factory named {@code torus}, given the mapping's other fields).
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

    /**
     * The fields a spec may give a built-in besides {@code kind}, in the order messages list them;
     * any other is refused before {@link #create} runs. A plugin's parameters are checked after it
     * is built instead ({@link PluginParams#done}), so a plugin need not declare them.
     */
    default List<Param> params() {
        return List.of();
    }
}
