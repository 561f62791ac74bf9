/**
 * The explicit-state explorer of the packet-level model (docs/model.md): the
 * {@link flowproof.explore.Model}, packed states ({@link flowproof.explore.StateLayout}),
 * breadth-first search for stuck states and drainability on one or several threads
 * ({@link flowproof.explore.Explorer}), interleaving and synchronous semantics, wormhole flow,
 * symmetry reduction, and the shortest {@link flowproof.explore.Trace}s it finds, replayed by
 * {@link flowproof.explore.Replayer}. Engines layer: depends on the core model only.
 */
package flowproof.explore;
