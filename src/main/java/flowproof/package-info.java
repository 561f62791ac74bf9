/**
 * flowproof proves flow-control rules of interconnection networks deadlock-free or finds the
 * shortest counterexample. This package holds only what every other package may share,
 * {@link flowproof.ConfigurationException} (an impossible configuration, named by its field,
 * what was expected and what was found), and depends on no other flowproof package.
 *
 * <p>The packages form layers, each using only its own layer and the ones below it, with no
 * cycle between any two packages: the core model (this package, {@link flowproof.topology},
 * {@link flowproof.rule}, {@link flowproof.routing}, {@link flowproof.traffic}), the engines
 * ({@link flowproof.cdg}, {@link flowproof.explore}, {@link flowproof.solve},
 * {@link flowproof.sim} with {@link flowproof.sim.control} and {@link flowproof.sim.queues},
 * {@link flowproof.throttle}), {@link flowproof.report}, {@link flowproof.spec}, the decision
 * ({@code flowproof.check}, {@link flowproof.fuzz}) and the top ({@link flowproof.cli},
 * {@code flowproof.testing}). DEVELOPING.md explains them; {@code ArchitectureTest} enforces
 * them.
 */
package flowproof;
