/**
 * The decision pipeline, flowproof's library API: {@link flowproof.check.Flowproof} reads
 * specs, decides them ({@code check}: the channel dependency graph, then the explorer, then
 * CP-SAT; {@code explore}; {@code prove}) and simulates them, and every decision is one
 * immutable {@link flowproof.check.Decision} that the command line, {@code verify}, the
 * reports and users' own code all read.
 *
 * <p>Layer: decision. It may depend on the core model, the engines, report and spec; the
 * command line and the test support depend on it, never the other way (enforced by
 * {@code ArchitectureTest}).
 */
package flowproof.check;
