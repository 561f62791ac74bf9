package flowproof.spec;

import com.fasterxml.jackson.databind.JsonNode;
import flowproof.explore.Explorer;
import flowproof.explore.Limits;
import flowproof.explore.Model;
import flowproof.explore.Property;
import flowproof.explore.Verdict;
import flowproof.routing.RoutingFunction;
import flowproof.rule.FlowControlRule;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import java.util.List;
import java.util.Set;

/**
 * One checked configuration, as read from a spec file and validated: the model, what to
 * check, what to expect and the budgets.
 *
 * @param source     where it came from (a file path, or a counterexample's embedded spec)
 * @param tree       the spec as written (embedded in counterexample files)
 * @param expect     the expected verdict, or null when the spec states none
 * @param escapeAny  {@code escape: any}: escape VCs may be taken at any time, not only when blocked
 * @param simulation the {@code simulation} mapping as written, or null
 * @param capacityGiven whether the spec states a capacity in packets (the explorer needs one; a
 *                   simulation-only spec derives it from its buffers)
 * @param ruleFor    the spec's rule built for another network of the same topology (the simulator's,
 *                   whose capacity is counted in its own slots); throws ConfigurationException
 * @param semantics  {@code semantics}: interleaving (default) or synchronous steps
 * @param injectionQueue {@code injection-queue}: packets each node's injection queue holds (0, the default: none)
 * @param wormhole   {@code flow: wormhole}: packets of {@code packet-flits} flits over queues of {@code capacity}
 *                   flits; null for {@code flow: vct} (the default, packets in whole-packet slots)
 */
public record Spec(
    String source,
    JsonNode tree,
    String name,
    String description,
    Topology topology,
    Network network,
    RoutingFunction routing,
    FlowControlRule rule,
    String traffic,
    List<int[]> pairs,
    Set<Property> properties,
    Verdict expect,
    Limits limits,
    boolean escapeAny,
    JsonNode simulation,
    boolean capacityGiven,
    java.util.function.Function<Network, FlowControlRule> ruleFor,
    flowproof.explore.Semantics semantics,
    int injectionQueue,
    flowproof.explore.Wormhole wormhole) {

    /**
     * The capabilities the spec's plugins declare but lack on its network, each refused before an
     * engine relied on it ({@link flowproof.rule.CheckedRule}, {@link flowproof.routing.CheckedRouting}), one
     * line each naming the class, the method and what failed; empty when none was.
     */
    public List<String> refusedClaims() {
        List<String> all = new java.util.ArrayList<>(flowproof.rule.CheckedRule.refusedClaims(rule));
        all.addAll(flowproof.routing.CheckedRouting.refusedClaims(routing));
        return all;
    }

    public Model model() {
        return new Model(network, routing, rule, pairs, escapeAny, semantics, injectionQueue, wormhole);
    }

    /**
     * The properties to check: the spec's list, or the rule's defaults; injectability always (a
     * verdict on a model in which some pair never injects would be vacuous).
     */
    public Set<Property> effectiveProperties() {
        if (properties == null) {
            return Explorer.defaultProperties(rule);
        }
        Set<Property> p = java.util.EnumSet.copyOf(properties);
        p.add(Property.INJECTABILITY);
        return java.util.Collections.unmodifiableSet(p);
    }
}
