package flowproof.spec;

import com.fasterxml.jackson.databind.JsonNode;
import flowproof.plugin.Param;
import flowproof.plugin.Registry;
import flowproof.routing.RoutingFactory;
import flowproof.topology.Topology;
import flowproof.topology.TopologyFactory;
import java.util.ArrayList;
import java.util.Iterator;
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
    static final Registry<TopologyFactory> TOPOLOGIES = Registry.of(TopologyFactory.class, TopologyFactory::name,
        TopologyFactory::params);

    /** {@code routing: KEY} or {@code routing: {kind: KEY, ...}}. */
    static final Registry<RoutingFactory> ROUTINGS = flowproof.routing.Routings.BUILT_INS;

    /** {@code rule: KEY} or {@code rule: {kind: KEY, ...}}. */
    static final Registry<flowproof.rule.RuleFactory> RULES = flowproof.rule.Rules.BUILT_INS;

    private Builtins() {
    }

    /** The built-in routings that apply to {@code t}: its default first, then by name. */
    static List<String> routingsFor(Topology t) {
        List<String> out = new ArrayList<>();
        out.add(t.defaultRouting());
        for (RoutingFactory f : ROUTINGS.builtIns()) {
            if (f.refuses(t) == null && !f.name().equals(t.defaultRouting())) {
                out.add(f.name());
            }
        }
        return out;
    }

    /**
     * Refuses a field of a built-in's mapping that the built-in does not declare but another
     * does: {@code no tie for routing minimal (only dor takes one)}. (Fields no built-in declares
     * were refused before, by the section's field list.)
     *
     * @param section  e.g. {@code routing}
     * @param mapping  the spec's mapping
     * @param factory  the built-in it names
     * @param registry the built-ins of its kind
     */
    static <F> void onlyOwnFields(Fields f, String section, JsonNode mapping, F factory, Registry<F> registry)
        throws SpecException {
        List<String> own = new ArrayList<>(List.of("kind"));
        registry.params(factory).forEach(p -> own.add(p.name()));
        for (Iterator<String> it = mapping.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!own.contains(k)) {
                List<String> owners = registry.declaring(k);
                throw f.error(section + "." + k, "no " + k + " for " + section + " " + registry.key(factory) + " (only "
                    + String.join(" and ", owners) + (owners.size() == 1 ? " takes" : " take") + " one)", mapping.get(k));
            }
        }
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
        for (RoutingFactory f : ROUTINGS.builtIns()) {
            for (Param p : f.params()) {
                out.putIfAbsent("routing." + p.name(), p);
            }
        }
        for (flowproof.rule.RuleFactory f : RULES.builtIns()) {
            for (Param p : f.params()) {
                out.putIfAbsent("rule." + p.name(), p);
            }
        }
        return out;
    }

    /** The keys of the built-in topologies, for messages and the reference. */
    static List<String> topologyKinds() {
        return TOPOLOGIES.keys();
    }
}
