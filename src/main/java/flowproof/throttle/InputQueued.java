package flowproof.throttle;

import flowproof.sim.Engine;
import flowproof.sim.SimConfig;
import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.Scheme;
import flowproof.sim.queues.InputQueueing;
import flowproof.sim.queues.QueueEngine;

/**
 * A scheme that reorganises the switch input ports into queues ({@code single-queue},
 * {@code voq-switch}, {@code voq-net}, {@code fbicm}, {@code recn-iq}): it brings its own engine,
 * {@link QueueEngine}, and controls no injection (the input adapters of its engine do
 * that). Every such scheme takes {@code memory}: flits of RAM per input port, by default
 * the spec's {@code simulation.buffer}.
 */
abstract class InputQueued implements Scheme, Engine.Factory {

    /** Largest port RAM accepted, in flits. */
    static final long MAX_MEMORY = 1 << 24;

    private final InputQueueing setup;
    private final String description;

    InputQueued(InputQueueing setup, String description) {
        this.setup = setup;
        this.description = description;
    }

    /** The input-port organisation this scheme runs. */
    public InputQueueing setup() {
        return setup;
    }

    /** Reads {@code memory} (flits per input port) with default {@code dflt}. */
    static int memory(Params p, SchemeContext c, long dflt) {
        return (int) p.integer("memory", dflt, c.maxPacketSize(), MAX_MEMORY);
    }

    static int terminals(SchemeContext c) {
        return c.network().topology().endpoints().length * c.network().topology().concentration();
    }

    @Override
    public String key() {
        return setup.organisation().key();
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public InjectionControl create(NetworkState state, long seed) {
        return InjectionControl.NONE;
    }

    @Override
    public Engine engine(SimConfig cfg) {
        return new QueueEngine(cfg, setup);
    }

    @Override
    public String toString() {
        return description;
    }
}
