package flowproof.cli;

import flowproof.check.Decision;
import flowproof.check.Flowproof;
import flowproof.check.ProveOptions;
import flowproof.check.UnsupportedModelException;
import flowproof.routing.RoutingException;
import flowproof.solve.OrTools;
import flowproof.spec.Spec;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "prove", mixinStandardHelpOptions = true,
    description = {"Proves a spec deadlock-free with CP-SAT, without enumerating states: no state satisfying the "
        + "rule's invariants is a knot (every head packet refused on every candidate), and the invariants are "
        + "inductive. Otherwise gives a deadlock configuration and tries to reach it from the empty network.",
        "Exit code: 0 proved, 1 deadlock configuration, 2 bad input, 3 unknown (time limit, or invariants not inductive)."})
final class ProveCommand implements Callable<Integer> {

    @Parameters(paramLabel = "SPEC", arity = "0..1", description = "a spec file (YAML)")
    Path spec;

    @Option(names = "--booksim", paramLabel = "FILE.cfg", description = "a BookSim 2.0 configuration file instead of a "
        + "spec (docs/booksim.md: the keys flowproof maps)")
    Path booksim;

    @Option(names = "--seconds", paramLabel = "N", defaultValue = "600",
        description = "time limit for CP-SAT, in seconds (default: ${DEFAULT-VALUE})")
    double seconds;

    @Option(names = "--workers", paramLabel = "N", defaultValue = "1",
        description = "CP-SAT search workers (default: ${DEFAULT-VALUE}; 1 is deterministic unless the limit is hit)")
    int workers;

    @Option(names = "--reach-states", paramLabel = "N", defaultValue = "2000000",
        description = "states the guided search toward a deadlock configuration may store (default: ${DEFAULT-VALUE})")
    long reachStates;

    @Option(names = "--json", description = "print one JSON object instead of the report")
    boolean json;

    @Option(names = "--counterexamples", paramLabel = "DIR", defaultValue = "counterexamples",
        description = "where to save a reached deadlock's trace (default: ${DEFAULT-VALUE})")
    Path dir;

    @Option(names = "--no-save", description = "do not save the trace")
    boolean noSave;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    @Override
    public Integer call() throws Exception {
        var err = cmd.commandLine().getErr();
        if (seconds <= 0) {
            err.println("--seconds: expected a positive number of seconds, found " + seconds);
            return Main.BAD_INPUT;
        }
        if (workers < 1) {
            err.println("--workers: expected at least 1, found " + workers);
            return Main.BAD_INPUT;
        }
        if (reachStates < 1) {
            err.println("--reach-states: expected a positive number of states, found " + reachStates);
            return Main.BAD_INPUT;
        }
        Spec s = Main.readSpec(spec, booksim, flowproof.spec.BookSimConfig.Purpose.VERIFY, err);
        if (s == null) {
            return Main.BAD_INPUT;
        }
        if (spec == null) {
            spec = booksim; // errors below name the file read
        }
        // message classes are answered without CP-SAT (the extended graph, a search)
        String problem = s.model().messages() == null ? OrTools.problem() : null;
        if (problem != null) {
            err.println("prove: " + problem);
            return Main.BAD_INPUT;
        }
        Decision o;
        try {
            o = Flowproof.prove(s, ProveOptions.defaults().withSeconds(seconds).withWorkers(workers)
                .withReachStates(reachStates).withSaveTo(noSave ? null : dir));
        } catch (RoutingException e) {
            err.println(spec + ": routing: " + e.getMessage());
            return Main.BAD_INPUT;
        } catch (UnsupportedModelException e) {
            err.println(spec + ": " + e.field() + ": " + e.getMessage());
            return Main.BAD_INPUT;
        }
        var out = cmd.commandLine().getOut();
        out.print(json ? o.json() + "\n" : o.text());
        out.flush();
        if (o.writeFailure().isPresent()) {
            err.println(o.writeFailure().get());
            return Main.BAD_INPUT;
        }
        return o.exitCode();
    }
}
