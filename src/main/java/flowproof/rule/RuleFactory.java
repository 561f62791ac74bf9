package flowproof.rule;

import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import flowproof.topology.Network;
import java.util.List;

/**
 * A flow-control rule registered by name for {@link java.util.ServiceLoader}: a spec then names a
 * user's {@code rule: {plugin: NAME, params: {...}}}. Register the factory class in a jar's
 * {@code META-INF/services/flowproof.rule.RuleFactory} (one class name per line) and give the jar
 * to {@code --plugins}. A rule can also be named by its class ({@code rule: {class:
 * com.example.MyRule}}) without a factory, when it has a public constructor
 * {@code (Network, PluginParams)}, {@code (PluginParams)} or {@code ()}.
 *
 * <p>flowproof's own rules come through the same interface ({@link Rules#BUILT_INS}): {@code rule:
 * {kind: critical-bubble, bubbles: 2}} is the factory named {@code critical-bubble}, given the
 * mapping's other fields.
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

    /**
     * The fields a spec may give a built-in besides {@code kind}; a field another rule declares is
     * refused for this one before {@link #create} runs. A plugin's parameters are checked after it
     * is built instead ({@link PluginParams#done}).
     */
    default List<Param> params() {
        return List.of();
    }

    /**
     * The VCs of a ring the rule needs when it governs the escape VCs of an adaptive routing (the
     * network is sized by it before {@link #create}): 1 by default, {@code datelines + 1} for the
     * dateline rule.
     */
    default int ringVcs(PluginParams params) {
        return 1;
    }
}
