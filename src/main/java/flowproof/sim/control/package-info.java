/**
 * What a congestion-control scheme implements and what the simulators offer it: a
 * {@link flowproof.sim.control.Scheme} (a scheme with its parameters, as a spec names it)
 * creates for every run an {@link flowproof.sim.control.InjectionControl} that reads the
 * network through {@link flowproof.sim.control.NetworkState}, and a
 * {@link flowproof.sim.control.RouterControl} adds hooks in the routers (class VCs,
 * contention degrees, marks, control packets). The schemes themselves live in
 * {@code flowproof.throttle}, which depends on this package, never the other way. Engines
 * layer, below {@code flowproof.sim} and {@code flowproof.sim.queues}: depends only on
 * {@link flowproof.rule} and {@link flowproof.topology}.
 */
package flowproof.sim.control;
