package flowproof.cli.papers;

import java.util.List;

/**
 * flowproof's command line as the claims need it, given by the {@code reproduce} command (so
 * that this package does not depend on the command line's classes).
 */
public interface Commands {

    /** One command's exit code and output. */
    record Result(int exit, String out, String err) {
    }

    /** Runs a command line in-process with JSON output ({@code --json} added). */
    Result run(List<String> args);

    /**
     * Why a command line is not a valid flowproof command on existing specs under
     * {@code specs/}, or null when it is one (nothing is run).
     */
    String invalid(List<String> args);

    /** The random seed the command runs under (its {@code --seed}, or its spec's), null when none applies. */
    Long seed(List<String> args);

    /** flowproof's version, e.g. {@code flowproof 0.1.0}. */
    String version();
}
