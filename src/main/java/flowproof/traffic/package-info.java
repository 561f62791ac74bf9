/**
 * Traffic: the (source, destination) pairs the explorer injects
 * ({@link flowproof.traffic.TrafficPattern}) and the simulator's workloads
 * ({@link flowproof.traffic.Workload}: patterns, injection processes and packet sizes, or the
 * packets of a script, {@link flowproof.traffic.ScriptedWorkload}), read from a spec's
 * {@code simulation} mapping by {@link flowproof.traffic.WorkloadReader}. Core model layer:
 * depends on {@link flowproof.topology} and the root package only.
 */
package flowproof.traffic;
