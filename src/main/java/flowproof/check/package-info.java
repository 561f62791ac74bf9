/**
 * The decision pipeline, flowproof's library API: {@link flowproof.check.Flowproof} reads
 * specs, decides them ({@code check}: the channel dependency graph, the portfolio's first
 * phase, the explorer, CP-SAT and the search guided by the dependency cycle; {@code explore};
 * {@code prove}) and simulates them. A decision is a portfolio of steps run in order, each
 * with one budget and what the steps before it established, until one decides; every
 * decision is one immutable {@link flowproof.check.Decision} (proved, deadlock-free,
 * counterexample or incomplete, with its {@link flowproof.check.Method} and
 * {@link flowproof.check.Evidence}) that the command line, {@code verify}, the reports and
 * users' own code all read. The engines save nothing: the counterexample files are written
 * after the decision, by the caller.
 *
 * <p>Layer: decision. It may depend on the core model, the engines, report and spec; the
 * command line and the test support depend on it, never the other way (enforced by
 * {@code ArchitectureTest}).
 */
package flowproof.check;
