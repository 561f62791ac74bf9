package flowproof.routing;

import flowproof.plugin.PluginParams;
import flowproof.topology.Topology;

/**
 * A user's VC-class function, registered by name for {@link java.util.ServiceLoader}: a spec then
 * names it {@code vc-classes: {plugin: NAME, params: {...}}}. Register the factory class in a
 * jar's {@code META-INF/services/flowproof.routing.VcClassFactory}. A function can also be named
 * by its class ({@code vc-classes: {class: com.example.MyClasses}}) when it has a public
 * constructor {@code (Topology, PluginParams)}, {@code (PluginParams)} or {@code ()}.
 *
 * <p>{@link #create} may be called more than once, from any thread.
 */
public interface VcClassFactory {

    /** The name specs use. */
    String name();

    /**
     * The function on {@code topology}. Throw {@link flowproof.ConfigurationException} (e.g. by
     * {@link PluginParams#bad}) for parameters that do not fit: the spec reader reports it in one
     * line naming the field.
     */
    VcClassFunction create(Topology topology, PluginParams params);
}
