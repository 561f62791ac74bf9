/**
 * Spec files and counterexample files, read into the models and simulator configurations the
 * engines run: {@link flowproof.spec.SpecReader} (YAML, every field validated, each mistake one
 * line as a {@link flowproof.spec.SpecException}) into a {@link flowproof.spec.Spec},
 * {@link flowproof.spec.SimulationReader} (the {@code simulation} mapping into a
 * {@link flowproof.sim.SimConfig}, with its scheme from {@link flowproof.throttle.Schemes}),
 * {@link flowproof.spec.GraphFiles} (graph and anynet topologies),
 * {@link flowproof.spec.BookSimConfig} (BookSim 2.0 configuration files, mapped onto the spec they
 * mean) and
 * {@link flowproof.spec.CounterexampleFile} (JSON traces, written and read back for replay).
 * Spec layer: depends on {@link flowproof.report} (for {@link flowproof.report.OutputFile}),
 * the engines and the core model.
 */
package flowproof.spec;
