/**
 * Paper claims ({@code specs/papers/NNN-short/ID.yaml}, docs/reproduce.md): their reader, the
 * runs behind them, the measured values kept in a committed JSON, and the markdown tables,
 * figures and docs/results.md section rendered from both. The {@code reproduce} command
 * drives it; flowproof's command line reaches it only through {@link flowproof.cli.papers.Commands}.
 */
package flowproof.cli.papers;
