package example.plugins;

import flowproof.plugin.PluginParams;
import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.Scheme;
import flowproof.throttle.SchemeContext;

/**
 * A user's congestion-control scheme: each terminal may have at most {@code quota} packets in
 * the network (injected, not yet delivered); more wait in its injection buffer.
 */
public final class QuotaScheme implements Scheme {

    private final int quota;

    public QuotaScheme(SchemeContext context, PluginParams params) {
        this.quota = params.positiveInt("quota", 4);
    }

    @Override
    public String key() {
        return "quota";
    }

    @Override
    public String describe() {
        return "quota(" + quota + ")";
    }

    @Override
    public InjectionControl create(NetworkState state, long seed) {
        int[] inFlight = new int[state.terminals()];
        return new InjectionControl() {
            @Override
            public boolean mayInject(int terminal, int destination, int size, int[] firstQueues, int n) {
                return inFlight[terminal] < quota;
            }

            @Override
            public void injected(int terminal, int destination, int size) {
                inFlight[terminal]++;
            }

            @Override
            public void delivered(int source, int destination, int size) {
                inFlight[source]--;
            }
        };
    }
}
