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
    subcommands = {ExploreCommand.class, CheckCommand.class, VerifyCommand.class, ReplayCommand.class, ReportCommand.class, CdgCommand.class,
        BenchCommand.class, SimulateCommand.class, SweepCommand.class, CompareCommand.class, SimBenchCommand.class,
        BenchSpinCommand.class, ProveCommand.class, BoundCommand.class, BenchProveCommand.class,
        FuzzCommand.class, WorkerCommand.class, ReproduceCommand.class, FromBookSimCommand.class, SizeCommand.class,
        CertifyCommand.class, FabricCommand.class, BenchFabricCommand.class, LiveCommand.class})
public final class Main implements Runnable {

    public static final int OK = flowproof.check.Decision.EXIT_OK;
    public static final int VIOLATION = flowproof.check.Decision.EXIT_VIOLATION;
    public static final int BAD_INPUT = 2;
    public static final int INCOMPLETE = flowproof.check.Decision.EXIT_INCOMPLETE;
    public static final int INTERNAL = 70;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Jars and folders of the user's rules, routing functions and schemes; every command takes it. */
    @CommandLine.Option(names = "--plugins", paramLabel = "DIR|JAR", scope = CommandLine.ScopeType.INHERIT,
        description = "a jar, or a folder of jars or classes, holding rules, routing functions or schemes that specs "
            + "name by class or plugin name (repeatable; see docs/plugins.md)")
    java.util.List<java.nio.file.Path> plugins = new java.util.ArrayList<>();

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Reads a spec, or prints its one-line error and returns null (the caller exits with {@link #BAD_INPUT}). */
    /**
     * The spec of a command that takes a spec file or {@code --booksim FILE.cfg} (exactly one),
     * or null after printing the one-line error.
     */
    static flowproof.spec.Spec readSpec(java.nio.file.Path file, java.nio.file.Path booksim,
                                        flowproof.spec.BookSimConfig.Purpose purpose, PrintWriter err) {
        if ((file == null) == (booksim == null)) {
            err.println("flowproof: expected a SPEC file or --booksim FILE.cfg (exactly one), found "
                + (file == null ? "neither" : "both"));
            return null;
        }
        if (file != null) {
            return readSpec(file, err);
        }
        try {
            return flowproof.spec.BookSimConfig.read(booksim, purpose);
        } catch (flowproof.spec.SpecException e) {
            err.println(e.getMessage());
            return null;
        }
    }

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
            if (ex instanceof flowproof.report.OutputFile.Failure || ex instanceof flowproof.check.BadSpecException) {
                // an output path the user gave that cannot be written, or a spec an engine found bad: one line
                err.println(ex.getMessage());
                return BAD_INPUT;
            }
            String plugin = flowproof.plugin.Plugins.failure(ex);
            if (plugin != null) {
                // the user's own code failed, not flowproof: name it, in one line
                err.println("flowproof: " + plugin);
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
        cl.setExecutionStrategy(parseResult -> withPlugins(parseResult, err));
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            return outOfMemory(err);
        }
    }

    /**
     * Runs the command with the jars and folders of {@code --plugins} (given before or after the
     * command name) on the thread's context class loader, where specs' plugin classes are looked
     * up; a path that does not exist is one line and {@link #BAD_INPUT}.
     */
    private static int withPlugins(CommandLine.ParseResult parseResult, PrintWriter err) {
        java.util.LinkedHashSet<java.nio.file.Path> paths = new java.util.LinkedHashSet<>();
        for (CommandLine.ParseResult p = parseResult; p != null; p = p.subcommand()) {
            java.util.List<java.nio.file.Path> given = p.matchedOptionValue("--plugins", java.util.List.of());
            paths.addAll(given);
        }
        if (paths.isEmpty()) {
            return new CommandLine.RunLast().execute(parseResult);
        }
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        java.net.URLClassLoader loader;
        try {
            loader = flowproof.plugin.Plugins.open(java.util.List.copyOf(paths), flowproof.plugin.Plugins.loader());
        } catch (flowproof.ConfigurationException e) {
            err.println(e.getMessage());
            return BAD_INPUT;
        }
        thread.setContextClassLoader(loader);
        try {
            return new CommandLine.RunLast().execute(parseResult);
        } finally {
            thread.setContextClassLoader(before);
            try {
                loader.close();
            } catch (java.io.IOException e) {
                // nothing was written through it
            }
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
