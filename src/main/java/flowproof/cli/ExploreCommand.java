package flowproof.cli;

import flowproof.explore.Verdict;
import flowproof.report.ResultJson;
import flowproof.spec.Spec;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "explore", mixinStandardHelpOptions = true,
    description = {"Enumerates every reachable state of a spec's packet-level model and checks its properties.",
        "Exit code: 0 deadlock-free, 1 counterexample, 2 bad input, 3 incomplete (a limit was reached)."})
final class ExploreCommand implements Callable<Integer> {

    @Parameters(paramLabel = "SPEC", description = "a spec file (YAML)")
    Path spec;

    @CommandLine.Mixin
    SearchOptions options;

    @Option(names = "--first", description = "stop at the first violation (counts are then partial)")
    boolean first;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    @Override
    public Integer call() throws Exception {
        if (options.problem() != null) {
            cmd.commandLine().getErr().println(options.problem());
            return Main.BAD_INPUT;
        }
        Spec s = Main.readSpec(spec, cmd.commandLine().getErr());
        if (s == null) {
            return Main.BAD_INPUT;
        }
        Checker.Outcome o;
        String unsaved = null;
        try {
            o = Checker.explore(s, options.saveDir(), options.maxStates, options.maxSeconds, first,
                options.engine(cmd.commandLine().getErr()));
        } catch (Unsaved u) {
            o = u.result();
            unsaved = u.getMessage();
        }
        var out = cmd.commandLine().getOut();
        out.print(options.json ? ResultJson.line(o.json()) + "\n" : o.text());
        out.flush();
        if (unsaved != null) {
            cmd.commandLine().getErr().println(unsaved);
            return Main.BAD_INPUT;
        }
        Verdict v = o.result().verdict();
        return v == Verdict.DEADLOCK_FREE ? Main.OK : v == Verdict.COUNTEREXAMPLE ? Main.VIOLATION : Main.INCOMPLETE;
    }
}
