package flowproof.throttle;

import flowproof.plugin.PluginParams;
import flowproof.sim.control.Scheme;

/**
 * A user's congestion-control scheme, registered by name for {@link java.util.ServiceLoader}:
 * a spec then names it {@code simulation: {control: {plugin: NAME, params: {...}}}}. Register
 * the factory class in a jar's {@code META-INF/services/flowproof.throttle.SchemeFactory}. A
 * scheme can also be named by its class ({@code control: {class: com.example.MyScheme}}) when it
 * has a public constructor {@code (SchemeContext, PluginParams)}, {@code (PluginParams)} or
 * {@code ()}.
 */
public interface SchemeFactory {

    /** The name specs use. */
    String name();

    /**
     * The scheme for a simulation: {@code context} gives the simulated network, the spec's rule,
     * the buffer depth and the largest packet; {@link flowproof.ConfigurationException} for
     * parameters that do not fit.
     */
    Scheme create(SchemeContext context, PluginParams params);
}
