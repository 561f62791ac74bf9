package flowproof.cli;

import flowproof.routing.RoutingException;
import flowproof.explore.Verdict;
import flowproof.report.ResultJson;
import flowproof.spec.Spec;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "check", mixinStandardHelpOptions = true,
    description = {"Decides a spec by the cheapest sound method: an acyclic channel dependency graph proves it "
        + "deadlock-free at once (method cdg); otherwise, or when the spec asks for a rule's invariants, the "
        + "explorer enumerates (method exhaustive); if the explorer stops at a limit, CP-SAT decides (method cp-sat, "
        + "as 'prove' does).",
        "Exit code: 0 proved or deadlock-free, 1 counterexample, 2 bad input, 3 incomplete."})
final class CheckCommand implements Callable<Integer> {

    @Parameters(paramLabel = "SPEC", description = "a spec file (YAML)")
    Path spec;

    @CommandLine.Mixin
    SearchOptions options;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    @Override
    public Integer call() throws Exception {
        var err = cmd.commandLine().getErr();
        if (options.problem() != null) {
            err.println(options.problem());
            return Main.BAD_INPUT;
        }
        Spec s = Main.readSpec(spec, err);
        if (s == null) {
            return Main.BAD_INPUT;
        }
        Checker.Outcome o;
        String unsaved = null;
        try {
            o = Checker.check(s, options.saveDir(), options.maxStates, options.maxSeconds,
                options.engine(err));
        } catch (Unsaved u) {
            o = u.result();
            unsaved = u.getMessage();
        } catch (RoutingException e) {
            err.println(spec + ": routing: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        var out = cmd.commandLine().getOut();
        out.print(options.json ? ResultJson.line(o.json()) + "\n" : o.text());
        out.flush();
        if (unsaved != null) {
            err.println(unsaved);
            return Main.BAD_INPUT;
        }
        Verdict v = o.verdict();
        return v == Verdict.COUNTEREXAMPLE ? Main.VIOLATION : v == Verdict.INCOMPLETE ? Main.INCOMPLETE : Main.OK;
    }
}
