/**
 * The OR-tools engines: {@link flowproof.solve.DeadlockProver} proves a rule deadlock-free
 * with CP-SAT over invariant states (an inductiveness check and a knot search) without
 * enumerating states, or finds a deadlock configuration, and
 * {@link flowproof.solve.ThroughputBound} computes a network's ideal saturation throughput
 * (channel loads, or a multicommodity-flow LP solved with GLOP);
 * {@link flowproof.solve.OrTools} loads the native library. Engines layer: depends on the core
 * model and OR-tools.
 */
package flowproof.solve;
