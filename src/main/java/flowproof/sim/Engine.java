package flowproof.sim;

import java.util.function.LongConsumer;

/**
 * A cycle-accurate simulation engine for one {@link SimConfig}: the VC router
 * {@link Simulator}, or the engine a congestion-control scheme brings for a router
 * organisation of its own (queues per input port chosen by destination, as FBICM and the
 * VOQ baselines need).
 */
public interface Engine {

    /** Runs the configured workload; {@code progress} (may be null) is told the cycle now and then. */
    SimResult run(LongConsumer progress);

    /** A scheme that needs its own engine implements this beside {@link flowproof.sim.control.Scheme}. */
    interface Factory {
        Engine engine(SimConfig cfg);
    }

    /** The engine for {@code cfg}: the scheme's own if it brings one, the VC router simulator otherwise. */
    static Engine of(SimConfig cfg) {
        if (cfg.control() instanceof Factory f) {
            return f.engine(cfg);
        }
        return new Simulator(cfg);
    }
}
