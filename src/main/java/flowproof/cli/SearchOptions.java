package flowproof.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Options shared by the commands that run the explorer ({@code explore}, {@code verify}). */
final class SearchOptions {

    @Option(names = "--json", description = "print one JSON object per spec instead of the report")
    boolean json;

    @Option(names = "--counterexamples", paramLabel = "DIR", defaultValue = "counterexamples",
        description = "where to save counterexample traces (default: ${DEFAULT-VALUE})")
    Path dir;

    @Option(names = "--no-save", description = "do not save counterexample files")
    boolean noSave;

    @Option(names = "--max-states", paramLabel = "N", description = "override the spec's state limit")
    long maxStates;

    @Option(names = "--max-seconds", paramLabel = "S", description = "override the spec's time limit")
    double maxSeconds;

    /** One line naming a bad option value, or null. */
    String problem() {
        if (maxStates < 0) {
            return "--max-states: expected a positive number of states, found " + maxStates;
        }
        if (maxSeconds < 0) {
            return "--max-seconds: expected a positive number of seconds, found " + maxSeconds;
        }
        return null;
    }

    /** Where to save traces, or null. */
    Path saveDir() {
        return noSave ? null : dir;
    }
}
