package flowproof.routing;

import flowproof.plugin.Registry;

/**
 * flowproof's own routing functions, found through the interface users implement
 * ({@link RoutingFactory}, registered by {@code @AutoService}): {@code routing: dor} names the
 * factory {@code dor}.
 */
public final class Routings {

    /** The built-in routings by name. */
    public static final Registry<RoutingFactory> BUILT_INS = Registry.of(RoutingFactory.class, RoutingFactory::name,
        RoutingFactory::params);

    private Routings() {
    }
}
