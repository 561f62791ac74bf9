package example.plugins;

import flowproof.plugin.PluginParams;
import flowproof.routing.RoutingFactory;
import flowproof.routing.RoutingFunction;
import flowproof.routing.VcClassFactory;
import flowproof.routing.VcClassFunction;
import flowproof.sim.control.Scheme;
import flowproof.throttle.SchemeContext;
import flowproof.throttle.SchemeFactory;
import flowproof.topology.Topology;
import flowproof.topology.TopologyFactory;

/**
 * The ServiceLoader factories of {@link YxRouting} ({@code yx}), {@link QuotaScheme} ({@code quota}),
 * {@link IrregularNet} ({@code irregular}) and {@link RouteOrderClasses} ({@code route-order}).
 */
public final class Factories {

    private Factories() {
    }

    /** {@code routing: {plugin: yx}}. */
    public static final class Yx implements RoutingFactory {
        @Override
        public String name() {
            return "yx";
        }

        @Override
        public RoutingFunction create(Topology topology, PluginParams params) {
            return new YxRouting(topology, params);
        }
    }

    /** {@code control: {plugin: quota}}. */
    public static final class Quota implements SchemeFactory {
        @Override
        public String name() {
            return "quota";
        }

        @Override
        public Scheme create(SchemeContext context, PluginParams params) {
            return new QuotaScheme(context, params);
        }
    }

    /** {@code topology: {plugin: irregular, params: {links: [...]}}}. */
    public static final class Irregular implements TopologyFactory {
        @Override
        public String name() {
            return "irregular";
        }

        @Override
        public Topology create(PluginParams params) {
            return new IrregularNet(params);
        }
    }

    /** {@code vc-classes: {plugin: route-order, params: {routes: [...]}}}. */
    public static final class RouteOrder implements VcClassFactory {
        @Override
        public String name() {
            return "route-order";
        }

        @Override
        public VcClassFunction create(Topology topology, PluginParams params) {
            return new RouteOrderClasses(params);
        }
    }
}
