/**
 * The formatting of engine results: ASCII pictures of states and traces
 * ({@link flowproof.report.Picture}), channel dependency graphs as DOT and SVG
 * ({@link flowproof.report.CdgPicture}), the text and JSON of a checked spec
 * ({@link flowproof.report.ResultText}, {@link flowproof.report.ResultJson}), PNG charts
 * ({@link flowproof.report.Charts}), and {@link flowproof.report.OutputFile}, the atomic write
 * of every output file. Report layer: depends on the engines and the core model. It sits
 * below spec and the decision layer because counterexample files and a decision's text and
 * JSON are written with these formatters.
 */
package flowproof.report;
