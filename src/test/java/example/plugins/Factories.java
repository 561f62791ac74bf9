package example.plugins;

import flowproof.plugin.PluginParams;
import flowproof.routing.RoutingFactory;
import flowproof.routing.RoutingFunction;
import flowproof.sim.control.Scheme;
import flowproof.throttle.SchemeContext;
import flowproof.throttle.SchemeFactory;
import flowproof.topology.Topology;

/** The ServiceLoader factories of {@link YxRouting} ({@code yx}) and {@link QuotaScheme} ({@code quota}). */
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
}
