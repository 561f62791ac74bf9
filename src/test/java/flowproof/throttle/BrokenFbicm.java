package flowproof.throttle;

import flowproof.rule.FlowControlRule;
import flowproof.sim.Engine;
import flowproof.sim.SimConfig;
import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.Scheme;
import flowproof.sim.queues.MisfilingQueueEngine;
import flowproof.topology.Network;

/**
 * A deliberately broken FBICM for the property suite: its engine moves an NFQ head whose
 * destination no CAM line lists into an allocated CFQ anyway
 * ({@link MisfilingQueueEngine}). Everything else is the real {@link Fbicm}.
 */
public final class BrokenFbicm implements Scheme, Engine.Factory {

    private final Fbicm real;

    public BrokenFbicm(Scheme real) {
        this.real = (Fbicm) real;
    }

    @Override
    public String key() {
        return "fbicm";
    }

    @Override
    public String describe() {
        return "fbicm-misfiling";
    }

    @Override
    public FlowControlRule rule(FlowControlRule specRule, Network network) {
        return real.rule(specRule, network);
    }

    @Override
    public InjectionControl create(NetworkState state, long seed) {
        return real.create(state, seed);
    }

    @Override
    public Engine engine(SimConfig cfg) {
        return new MisfilingQueueEngine(cfg, real.setup());
    }
}
