package flowproof.spec;

import com.fasterxml.jackson.databind.JsonNode;
import flowproof.ConfigurationException;
import flowproof.plugin.Plugins;
import flowproof.routing.ClassedRouting;
import flowproof.routing.RoutingFactory;
import flowproof.routing.RoutingFunction;
import flowproof.routing.VcClassFactory;
import flowproof.routing.VcClassFunction;
import flowproof.topology.Topology;
import flowproof.topology.TopologyContract;
import flowproof.topology.TopologyFactory;
import java.util.List;

/**
 * A user's topology, routing function or VC-class function named in a spec ({@code {class: ...}}
 * or {@code {plugin: ...}}), built and checked for what the engines rely on.
 */
final class PluginReader {

    private static final List<String> PLUGIN_FIELDS = SpecFields.of("plugin", Plugins.FIELDS);

    /** A user's routing function: a class implementing RoutingFunction, or a RoutingFactory. */
    static final Plugins.Kind<RoutingFunction, Topology, RoutingFactory> ROUTING_PLUGIN = new Plugins.Kind<>("routing",
        RoutingFunction.class, Topology.class, RoutingFactory.class, RoutingFactory::name, RoutingFactory::create);

    /** A user's topology: a class implementing Topology, or a TopologyFactory; built from its parameters alone. */
    static final Plugins.Kind<Topology, Void, TopologyFactory> TOPOLOGY_PLUGIN = new Plugins.Kind<>("topology",
        Topology.class, null, TopologyFactory.class, TopologyFactory::name, (factory, none, params) -> factory.create(params));

    /**
     * A plugin topology, checked for what every engine relies on ({@link TopologyContract}):
     * a mistake in it is one line naming its class.
     */
    static Topology topology(Fields f, JsonNode node) throws SpecException {
        f.onlyKnown("topology.", node, PLUGIN_FIELDS);
        String field = node.has("class") ? "topology.class" : "topology.plugin";
        Topology t;
        try {
            t = Plugins.create("topology", node, TOPOLOGY_PLUGIN, null);
        } catch (ConfigurationException ce) {
            throw new SpecException(f.file, f.prefix + ce.field(), ce.expected(), ce.found());
        }
        try {
            TopologyContract.check(t);
        } catch (ConfigurationException ce) {
            throw new SpecException(f.file, f.prefix + (ce.field().equals("topology") ? field : ce.field()),
                ce.expected(), ce.found());
        } catch (RuntimeException | LinkageError e) {
            // the user's topology threw while it was checked: its message and where, as a constructor's failure
            String cls = t.getClass().getName();
            String why = e.getMessage() != null && !e.getMessage().isBlank()
                ? e.getMessage().lines().findFirst().orElse("") : e.getClass().getSimpleName();
            String at = java.util.Arrays.stream(e.getStackTrace()).filter(s -> s.getClassName().equals(cls)
                || s.getClassName().startsWith(cls + "$")).findFirst().map(s -> " (at " + s + ")").orElse("");
            throw new SpecException(f.file, f.prefix + field, "a topology whose methods answer flowproof's questions",
                cls + ", which failed while it was checked: " + why + at);
        }
        return t;
    }

    /** A user's VC-class function: a class implementing VcClassFunction, or a VcClassFactory. */
    static final Plugins.Kind<VcClassFunction, Topology, VcClassFactory> VC_CLASS_PLUGIN = new Plugins.Kind<>(
        "VC-class function", VcClassFunction.class, Topology.class, VcClassFactory.class, VcClassFactory::name,
        VcClassFactory::create);

    /**
     * A plugin VC-class function, with the class count and ring hops {@link ClassedRouting} sizes
     * the headers by checked against the spec's VCs.
     */
    static VcClassFunction vcClasses(Fields f, JsonNode node, Topology topology, int vcs)
        throws SpecException {
        f.onlyKnown("vc-classes.", node, PLUGIN_FIELDS);
        VcClassFunction function;
        try {
            function = Plugins.create("vc-classes", node, VC_CLASS_PLUGIN, topology);
        } catch (ConfigurationException ce) {
            throw new SpecException(f.file, f.prefix + ce.field(), ce.expected(), ce.found());
        }
        String field = node.has("class") ? "vc-classes.class" : "vc-classes.plugin";
        String cls = function.getClass().getName();
        int classes = function.classes();
        int ringHops = function.ringHops();
        if (classes < 1 || vcs % classes != 0) {
            throw new SpecException(f.file, f.prefix + field, "a VC-class function whose classes() is a divisor of vcs ("
                + vcs + ")", cls + " (classes " + classes + ")");
        }
        if (ringHops < 0 || ringHops > 64) {
            throw new SpecException(f.file, f.prefix + field, "a VC-class function whose ringHops() is 0 to 64",
                cls + " (ringHops " + ringHops + ")");
        }
        return function;
    }

    /** A plugin routing function, with the header and candidate counts the engines size their tables by. */
    static RoutingFunction routing(Fields f, JsonNode node, Topology topology) throws SpecException {
        f.onlyKnown("routing.", node, PLUGIN_FIELDS);
        RoutingFunction r;
        try {
            r = Plugins.create("routing", node, ROUTING_PLUGIN, topology);
        } catch (ConfigurationException ce) {
            throw new SpecException(f.file, f.prefix + ce.field(), ce.expected(), ce.found());
        }
        String field = node.has("class") ? "routing.class" : "routing.plugin";
        if (r.headers() < topology.nodes() || r.maxCandidates() < 1 || r.maxInjectHeaders() < 1) {
            throw new SpecException(f.file, f.prefix + field, "a routing function with headers() of at least the nodes ("
                + topology.nodes() + "), maxCandidates() and maxInjectHeaders() of at least 1", r.getClass().getName()
                + " (headers " + r.headers() + ", maxCandidates " + r.maxCandidates() + ", maxInjectHeaders "
                + r.maxInjectHeaders() + ")");
        }
        // a minimal() it does not keep is refused before an engine relies on it (docs/plugins.md)
        return flowproof.routing.CheckedRouting.of(r, topology);
    }

    private PluginReader() {
    }
}
