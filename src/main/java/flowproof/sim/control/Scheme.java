package flowproof.sim.control;

import flowproof.rule.FlowControlRule;
import flowproof.topology.Network;

/**
 * A congestion-control scheme with its parameters, as a spec or {@code compare --schemes}
 * names it: {@code simulation.control: {kind: tune, ...}}. Immutable; {@link #create}
 * makes the per-run state.
 */
public interface Scheme {

    /** The key a spec uses: {@code none}, {@code static-threshold}, {@code tune}, ... */
    String key();

    /** The key with the parameters that differ from their defaults, for legends and reports. */
    String describe();

    /** The run's state, reading the network through {@code state}; {@code seed} for any randomness. */
    InjectionControl create(NetworkState state, long seed);

    /**
     * The flow-control rule the run uses instead of the spec's: schemes that are rules
     * themselves (several critical bubbles per ring) return their own; the others the
     * spec's, unchanged.
     */
    default FlowControlRule rule(FlowControlRule specRule, Network network) {
        return specRule;
    }

    /** No congestion control. */
    Scheme NONE = new Scheme() {
        @Override
        public String key() {
            return "none";
        }

        @Override
        public String describe() {
            return "none";
        }

        @Override
        public InjectionControl create(NetworkState state, long seed) {
            return InjectionControl.NONE;
        }

        @Override
        public String toString() {
            return "none";
        }
    };
}
