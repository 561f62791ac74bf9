/**
 * The explicit-state explorer of the packet-level model (docs/model.md): the
 * {@link flowproof.explore.Model}, packed states ({@link flowproof.explore.StateLayout}),
 * breadth-first search for stuck states and drainability on one or several threads
 * ({@link flowproof.explore.Explorer}), interleaving and synchronous semantics, wormhole flow,
 * symmetry reduction, and the shortest {@link flowproof.explore.Trace}s it finds, replayed by
 * {@link flowproof.explore.Replayer}. The same search partitioned over the members of a cluster
 * ({@code PartitionedSearch}, {@link flowproof.explore.Explorer#member}) decides drainability
 * distributed too ({@code MemberDrainability}): rank by rank of a drain rank that every drain
 * move lowers (one barrier per rank, every state expanded once), or by rounds until nothing
 * changes where the model has no such rank (drifting marks, cyclic routes). Engines layer: depends on the core model only.
 */
package flowproof.explore;
