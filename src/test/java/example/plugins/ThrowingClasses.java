package example.plugins;

import flowproof.plugin.PluginParams;
import flowproof.routing.VcClassFunction;

/**
 * Fails on purpose: with {@code fail: construct} its constructor throws, with {@code fail: hop}
 * every hop does (after the spec is read, when an engine asks).
 */
public final class ThrowingClasses implements VcClassFunction {

    public ThrowingClasses(PluginParams params) {
        String fail = params.choice("fail", "hop", "construct", "hop");
        if (fail.equals("construct")) {
            throw new IllegalStateException("these classes refuse to be built");
        }
    }

    @Override
    public int classes() {
        return 1;
    }

    @Override
    public int startClass(String route, int source, int destination) {
        return 0;
    }

    @Override
    public int afterHop(Hop hop) {
        throw new IllegalStateException("these classes refuse to classify a hop");
    }
}
