/**
 * The congestion-control schemes, implementations of {@link flowproof.sim.control.Scheme}:
 * injection limits, global and local ({@link flowproof.throttle.StaticThreshold},
 * {@link flowproof.throttle.Tune}, {@link flowproof.throttle.Alo}, {@link flowproof.throttle.Spth},
 * best-local, multiple critical bubbles), {@link flowproof.throttle.Cbcm},
 * {@link flowproof.throttle.Ecn}, {@link flowproof.throttle.Srp}, the ideal hot-spot isolation, and the input-queued
 * organisations (single queue, VOQ, FBICM) that bring their own
 * {@link flowproof.sim.queues.QueueEngine}. {@link flowproof.throttle.Schemes} is the registry
 * by key and reads a spec's {@code simulation.control} with {@link flowproof.throttle.Params}
 * against a {@link flowproof.throttle.SchemeContext}. Engines layer: depends on
 * {@link flowproof.sim}, {@link flowproof.sim.control}, {@link flowproof.sim.queues} and the
 * core model; no engine depends on it.
 */
package flowproof.throttle;
