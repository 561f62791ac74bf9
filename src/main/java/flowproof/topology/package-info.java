/**
 * The networks every engine runs on: {@link flowproof.topology.Topology}, the routers and
 * directed channels (tori and meshes, concentrated or not, butterflies, flies with their terminals
 * on the switches, BMINs, flattened butterflies, dragonflies,
 * and {@link flowproof.topology.GraphTopology} for graphs read from files), with their
 * {@link flowproof.topology.Automorphism}s, and {@link flowproof.topology.Network}, a
 * topology with its virtual channels and queue capacity (queue ids
 * {@code channel * vcs + vc}). Everything here is immutable and shared by the explorer, the
 * channel dependency graph, the solver and the simulator. A user's own topology (a plugin,
 * {@link flowproof.topology.TopologyFactory}) is checked by
 * {@link flowproof.topology.TopologyContract} before any engine runs on it. Core model layer:
 * depends on the root package and on {@code flowproof.plugin} (a factory's parameters).
 */
package flowproof.topology;
