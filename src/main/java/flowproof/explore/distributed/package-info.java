/**
 * The messages between the members of a partitioned search ({@link flowproof.explore.Explorer#member}):
 * a small {@link flowproof.explore.distributed.Transport} interface that carries arrays of longs
 * from one member to another (batches of encoded states, barrier words, and the questions and
 * one-bit answers of the distributed drainability pass), and {@link flowproof.explore.distributed.InProcessTransport}, its
 * implementation between members inside one JVM (for tests and for trying it). Depends on
 * nothing but the JDK: a cluster engine (Hazelcast, {@code flowproof.cluster}) implements the
 * interface outside the explorer. Engines layer.
 */
package flowproof.explore.distributed;
