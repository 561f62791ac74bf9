/**
 * The fuzzer of the simulator and its schemes ({@code flowproof fuzz} and the property suite):
 * {@link flowproof.fuzz.Scenario}s generated from a {@link flowproof.fuzz.Draw} (a spec with a
 * scripted traffic), the {@link flowproof.fuzz.Invariants} checked on every run (conservation,
 * buffer accounting, deadlock-freedom, each scheme's own invariants), greedy shrinking
 * ({@link flowproof.fuzz.Shrinker}) and saved counterexamples
 * ({@link flowproof.fuzz.FuzzFile}). Decision layer: depends on {@link flowproof.spec},
 * {@link flowproof.report}, the engines and the core model, never on the command line.
 */
package flowproof.fuzz;
