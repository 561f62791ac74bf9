package flowproof.routing;

import flowproof.plugin.PluginParams;
import flowproof.topology.Topology;

/**
 * A user's routing function, registered by name for {@link java.util.ServiceLoader}: a spec
 * then names it {@code routing: {plugin: NAME, params: {...}}}. Register the factory class in a
 * jar's {@code META-INF/services/flowproof.routing.RoutingFactory}. A routing function can also
 * be named by its class ({@code routing: {class: com.example.MyRouting}}) when it has a public
 * constructor {@code (Topology, PluginParams)}, {@code (PluginParams)} or {@code ()}.
 */
public interface RoutingFactory {

    /** The name specs use. */
    String name();

    /** The routing function on {@code topology}; {@link flowproof.ConfigurationException} for parameters that do not fit. */
    RoutingFunction create(Topology topology, PluginParams params);
}
