package flowproof.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code flowproof} command line. Exit codes: 0 success (deadlock-free, all specs as
 * expected, trace reproduced), 1 a counterexample or a mismatch, 2 bad input (one line:
 * file, field, expected, found), 3 a limit reached (incomplete), 70 an internal error.
 */
@Command(name = "flowproof", mixinStandardHelpOptions = true, version = "flowproof 0.1.0",
    description = "Proves flow-control rules of interconnection networks deadlock-free, "
        + "or finds the shortest trace that breaks them.",
    subcommands = {ExploreCommand.class, CheckCommand.class, VerifyCommand.class, ReplayCommand.class, CdgCommand.class,
        BenchCommand.class, SimulateCommand.class, SweepCommand.class, CompareCommand.class, SimBenchCommand.class,
        ProveCommand.class, BoundCommand.class, BenchProveCommand.class,
        FuzzCommand.class})
public final class Main implements Runnable {

    public static final int OK = flowproof.check.Decision.EXIT_OK;
    public static final int VIOLATION = flowproof.check.Decision.EXIT_VIOLATION;
    public static final int BAD_INPUT = 2;
    public static final int INCOMPLETE = flowproof.check.Decision.EXIT_INCOMPLETE;
    public static final int INTERNAL = 70;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Reads a spec, or prints its one-line error and returns null (the caller exits with {@link #BAD_INPUT}). */
    static flowproof.spec.Spec readSpec(java.nio.file.Path file, PrintWriter err) {
        try {
            return flowproof.spec.SpecReader.read(file);
        } catch (flowproof.spec.SpecException e) {
            err.println(e.getMessage());
            return null;
        }
    }

    /** Runs the command line with the given streams; returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(out);
        cl.setErr(err);
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (outOfMemory(ex)) {
                return outOfMemory(err);
            }
            if (ex instanceof flowproof.report.OutputFile.Failure) {
                // an output path the user gave that cannot be written: bad input, one line
                err.println(ex.getMessage());
                return BAD_INPUT;
            }
            err.println("flowproof: internal error (a bug: please report it with the spec that caused it): " + ex);
            ex.printStackTrace(err);
            return INTERNAL;
        });
        cl.setParameterExceptionHandler((ex, args1) -> {
            // one line, as every bad input: what was wrong, and where the usage is
            String message = String.valueOf(ex.getMessage()).replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
            err.println("flowproof: " + message + " (usage: flowproof "
                + (ex.getCommandLine().getCommandName().equals("flowproof") ? ""
                : ex.getCommandLine().getCommandName() + " ") + "--help)");
            return BAD_INPUT;
        });
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            return outOfMemory(err);
        }
    }

    /** Whether {@code t} is, or was caused by, the heap running out. */
    static boolean outOfMemory(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof OutOfMemoryError) {
                return true;
            }
        }
        return false;
    }

    /**
     * The heap ran out outside the budgeted searches (or beyond their estimates): nothing
     * more was established. One line, and {@link #INCOMPLETE}, never a trace or
     * {@link #VIOLATION}.
     */
    static int outOfMemory(PrintWriter err) {
        err.println("flowproof: incomplete (memory): the Java heap (at most " + (Runtime.getRuntime().maxMemory() >> 20)
            + " MB) ran out before a verdict was established; give the JVM more (FLOWPROOF_JAVA_OPTS=-Xmx8g) or "
            + "lower --max-memory, --max-states or --expected-states");
        err.flush();
        return INCOMPLETE;
    }
}
