package flowproof.spec;

import flowproof.plugin.Param;
import flowproof.plugin.Registry;
import flowproof.topology.TopologyFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The registries of flowproof's own topologies, routings and rules, which come through the
 * interfaces users implement ({@link Registry}): the spec readers, the spec reference and
 * messages read them.
 */
final class Builtins {

    /** {@code topology: {kind: KEY, ...}}. */
    static final Registry<TopologyFactory> TOPOLOGIES = Registry.of(TopologyFactory.class, TopologyFactory::name);

    private Builtins() {
    }

    /**
     * The fields the built-ins declare, by path ({@code topology.radix}), each with the first
     * factory that declares it: what the spec reference documents beside its own table.
     */
    static Map<String, Param> declared() {
        Map<String, Param> out = new LinkedHashMap<>();
        for (TopologyFactory f : TOPOLOGIES.builtIns()) {
            for (Param p : f.params()) {
                out.putIfAbsent("topology." + p.name(), p);
            }
        }
        return out;
    }

    /** The keys of the built-in topologies, for messages and the reference. */
    static List<String> topologyKinds() {
        return TOPOLOGIES.keys();
    }
}
