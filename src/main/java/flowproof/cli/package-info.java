/**
 * The {@code flowproof} command line (picocli): {@link flowproof.cli.Main} and one class per
 * command ({@code check}, {@code explore}, {@code prove}, {@code simulate}, {@code compare},
 * {@code fuzz}, ...) with their options, progress and output. Top layer: it may use every other
 * package, and no other package uses it.
 */
package flowproof.cli;
