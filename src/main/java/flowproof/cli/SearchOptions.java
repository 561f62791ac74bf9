package flowproof.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
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
    Long maxStates;

    @Option(names = "--max-seconds", paramLabel = "S", description = "override the spec's time limit")
    Double maxSeconds;

    @Option(names = "--threads", paramLabel = "N",
        description = "threads that expand states (default: all cores); counts and traces do not depend on it")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--symmetry", description = "reduce by the translations and reflections the topology, "
        + "routing, rule and traffic all respect: store one state per orbit, count every state it stands for")
    boolean symmetry;

    @Option(names = "--enumerate-injection-queues", description = "search a model with injection queues directly, "
        + "every queue content with every network state, instead of deciding it from the same model without them "
        + "(the injection-queue product: same verdicts and counts, far fewer states to store)")
    boolean enumerateInjectionQueues;

    @Option(names = "--max-memory", paramLabel = "SIZE",
        description = "most memory for the visited set and level lists, e.g. 8g or 512m (default: what the JVM allows); "
            + "reaching it ends the search as incomplete")
    String maxMemory;

    @Option(names = "--method", paramLabel = "M", defaultValue = "portfolio",
        converter = MethodConverter.class,
        description = "check, verify: how to search where the channel dependency graph proves nothing: portfolio "
            + "(the explorer's first million states and, beside them on a second thread, CP-SAT's knot search and a "
            + "guided search to its deadlock, then the whole explorer; the same answer on every run) or explorer (the explorer with the whole budget); "
            + "either falls back to CP-SAT's proof when the explorer stops at a limit, then to a search with the traffic "
            + "pairs of the dependency cycle (default: ${DEFAULT-VALUE})")
    flowproof.check.Options.Method method;

    /** {@code --method} by its key. */
    static final class MethodConverter implements picocli.CommandLine.ITypeConverter<flowproof.check.Options.Method> {
        @Override
        public flowproof.check.Options.Method convert(String value) {
            for (flowproof.check.Options.Method m : flowproof.check.Options.Method.values()) {
                if (m.key().equals(value)) {
                    return m;
                }
            }
            throw new picocli.CommandLine.TypeConversionException("expected portfolio or explorer, found " + value);
        }
    }

    @Option(names = "--all-properties", description = "search on after a property is violated, for the other "
        + "properties' traces and complete counts (default: stop at the first violation found with its trace)")
    boolean allProperties;

    @Option(names = "--expected-states", paramLabel = "N",
        description = "size the parallel search's visited set for N stored states (orbits with --symmetry) from the "
            + "start, so that a large search never pays for growing it (old and new table at once)")
    long expectedStates;

    /** Bytes in a size such as {@code 8g}, {@code 512m}, {@code 100000k} or {@code 4096}; -1 when malformed. */
    static long parseSize(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        long unit = 1;
        if (t.endsWith("b")) {
            t = t.substring(0, t.length() - 1);
        }
        if (!t.isEmpty()) {
            switch (t.charAt(t.length() - 1)) {
                case 'k' -> unit = 1L << 10;
                case 'm' -> unit = 1L << 20;
                case 'g' -> unit = 1L << 30;
                case 't' -> unit = 1L << 40;
                default -> unit = 1;
            }
            if (unit > 1) {
                t = t.substring(0, t.length() - 1);
            }
        }
        if (!t.matches("[0-9]+(\\.[0-9]+)?")) {
            return -1;
        }
        double v = Double.parseDouble(t) * unit;
        return v < 1 || v > Long.MAX_VALUE / 2 ? -1 : (long) v;
    }

    /** The library's options these ask for; progress goes to {@code err} on a terminal. Call after {@link #problem()}. */
    flowproof.check.Options options(PrintWriter err) {
        boolean first = !allProperties;
        long bytes = maxMemory == null ? Long.MAX_VALUE : parseSize(maxMemory);
        Progress p = new Progress(err, json);
        // absent: 0, the spec's own limit (an explicit 0 is refused by problem())
        return new flowproof.check.Options(maxStates == null ? 0 : maxStates, maxSeconds == null ? 0 : maxSeconds,
            threads, symmetry, bytes, expectedStates,
            p.on() ? p::search : null, !enumerateInjectionQueues, saveDir(), first, method);
    }

    /** One line naming a bad option value, or null. */
    String problem() {
        if (!noSave && dir != null && dir.toString().isBlank()) {
            // an empty path is the working directory: traces landed in the repository root (issue 45)
            return "--counterexamples: expected a directory, found an empty path (--no-save saves nothing)";
        }
        if (threads < 1) {
            return "--threads: expected a positive number of threads, found " + threads;
        }
        if (expectedStates < 0) {
            return "--expected-states: expected a positive number of states, found " + expectedStates;
        }
        if (maxMemory != null && parseSize(maxMemory) < 0) {
            return "--max-memory: expected a size such as 8g, 512m or 100000k, found " + maxMemory;
        }
        if (maxStates != null && maxStates <= 0) {
            return "--max-states: expected a positive number of states, found " + maxStates;
        }
        if (maxSeconds != null && !(maxSeconds > 0)) {
            return "--max-seconds: expected a positive number of seconds, found " + maxSeconds;
        }
        return null;
    }

    /** Where to save traces, or null. */
    Path saveDir() {
        return noSave ? null : dir;
    }
}
