package flowproof.routing;

import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import flowproof.topology.Topology;
import java.util.List;

/**
 * A routing function registered by name for {@link java.util.ServiceLoader}: a spec then names a
 * user's {@code routing: {plugin: NAME, params: {...}}}. Register the factory class in a jar's
 * {@code META-INF/services/flowproof.routing.RoutingFactory}. A routing function can also be
 * named by its class ({@code routing: {class: com.example.MyRouting}}) when it has a public
 * constructor {@code (Topology, PluginParams)}, {@code (PluginParams)} or {@code ()}.
 *
 * <p>flowproof's own routings come through the same interface: {@code routing: dor} or
 * {@code routing: {kind: dor, tie: parity}} is the factory named {@code dor}, given the
 * mapping's other fields.
 */
public interface RoutingFactory {

    /** The name specs use. */
    String name();

    /** The routing function on {@code topology}; {@link flowproof.ConfigurationException} for parameters that do not fit. */
    RoutingFunction create(Topology topology, PluginParams params);

    /**
     * The fields a spec may give a built-in besides {@code kind}; a field another routing
     * declares is refused for this one before {@link #create} runs. A plugin's parameters are
     * checked after it is built instead ({@link PluginParams#done}).
     */
    default List<Param> params() {
        return List.of();
    }

    /**
     * Why this routing does not apply to {@code topology}, completing "NAME ..." (e.g. {@code is
     * for 2-D meshes}), or null (the default) when it applies. The spec reader asks before
     * {@link #create}, and lists the routings that apply in its message.
     */
    default String refuses(Topology topology) {
        return null;
    }
}
