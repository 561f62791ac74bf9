package flowproof.rule;

import flowproof.plugin.PluginParams;
import flowproof.topology.Network;

/**
 * A user's flow-control rule, registered by name for {@link java.util.ServiceLoader}: a spec
 * then names it {@code rule: {plugin: NAME, params: {...}}}. Register the factory class in a
 * jar's {@code META-INF/services/flowproof.rule.RuleFactory} (one class name per line) and give
 * the jar to {@code --plugins}. A rule can also be named by its class ({@code rule: {class:
 * com.example.MyRule}}) without a factory, when it has a public constructor
 * {@code (Network, PluginParams)}, {@code (PluginParams)} or {@code ()}.
 *
 * <p>{@link #create} may be called more than once per spec (the simulator builds the rule again
 * for its own network, whose capacity counts its own slots), and from any thread.
 */
public interface RuleFactory {

    /** The name specs use, e.g. {@code hybrid-bubble}. */
    String name();

    /**
     * The rule for {@code network}. Throw {@link flowproof.ConfigurationException} (e.g. by
     * {@link PluginParams#bad}) for parameters that do not fit: the spec reader reports it in one
     * line naming the field.
     */
    FlowControlRule create(Network network, PluginParams params);
}
