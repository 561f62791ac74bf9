package flowproof.cli;

import flowproof.routing.RoutingException;
import flowproof.check.Decision;
import flowproof.check.Flowproof;
import flowproof.spec.Spec;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "check", mixinStandardHelpOptions = true,
    description = {"Decides a spec by the cheapest sound method: an acyclic channel dependency graph proves it "
        + "deadlock-free at once (method cdg); otherwise, or when the spec asks for a rule's invariants, the "
        + "explorer enumerates (method exhaustive); with --method portfolio (the default), when the explorer's first "
        + "million states show nothing, CP-SAT's knot search and a guided search look for a reachable deadlock first "
        + "(method cp-sat); if the explorer stops at a limit, CP-SAT decides (method cp-sat, as 'prove' does); if "
        + "nothing decided and the graph has a cycle, the explorer searches with only the traffic pairs that make the "
        + "cycle's dependencies, and a violation it finds is the answer (method cycle-guided, docs/verdicts.md).",
        "Exit code: 0 proved or deadlock-free, 1 counterexample, 2 bad input, 3 incomplete."})
final class CheckCommand implements Callable<Integer> {

    @Parameters(paramLabel = "SPEC", arity = "0..1", description = "a spec file (YAML)")
    Path spec;

    @Option(names = "--booksim", paramLabel = "FILE.cfg", description = "a BookSim 2.0 configuration file instead of a "
        + "spec (docs/booksim.md: the keys flowproof maps)")
    Path booksim;

    @CommandLine.Mixin
    SearchOptions options;

    @Option(names = "--html", paramLabel = "DIR",
        description = "also write a browser page per counterexample into DIR (as the report command does)")
    Path html;

    @Option(names = "--cluster", paramLabel = "FILE", description = "run the explorer's full search on the members "
        + "of a cluster file, this JVM one of them (docs/cluster.md); the dependency graph, the portfolio's first phase "
        + "and CP-SAT run here, so the answer is one JVM's; a member lost: incomplete, exit 3")
    Path cluster;

    @Option(names = "--certificate", paramLabel = "FILE", description = "write the proof's certificate to FILE (a "
        + "proof by an acyclic dependency graph: the queues' numbering; re-checked by the certify command; other "
        + "verdicts and methods: one line, exit 2)")
    Path certificate;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    @Override
    public Integer call() throws Exception {
        var err = cmd.commandLine().getErr();
        if (options.problem() != null) {
            err.println(options.problem());
            return Main.BAD_INPUT;
        }
        Spec s = Main.readSpec(spec, booksim, flowproof.spec.BookSimConfig.Purpose.VERIFY, err);
        if (s == null) {
            return Main.BAD_INPUT;
        }
        if (spec == null) {
            spec = booksim; // errors below name the file read
        }
        if (cluster != null && flowproof.explore.Explorer.partitionable(s.model()) != null) {
            err.println("--cluster: expected a spec the search on several members covers (interleaving moves without "
                + "injection queues, wormhole flits or message classes), found "
                + flowproof.explore.Explorer.partitionable(s.model()) + " in " + spec);
            return Main.BAD_INPUT;
        }
        Decision o;
        ClusterOption.Opened c = ClusterOption.open(cluster, null, err);
        if (cluster != null && c.cluster() == null) {
            return c.exit();
        }
        try (flowproof.cluster.Cluster on = c.cluster()) {
            o = on == null ? Flowproof.check(s, options.options(err))
                : Flowproof.check(s, options.options(err), on);
            if (on != null) {
                ClusterOption.reportFailures(on, err);
                if (o.exploration().map(r -> "member-lost".equals(r.limit())).orElse(false)) {
                    err.println("--cluster: a member was lost; incomplete, with the counts of the last level every "
                        + "member finished");
                }
            }
        } catch (RoutingException e) {
            err.println(spec + ": routing: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        var out = cmd.commandLine().getOut();
        out.print(options.json ? o.json() + "\n" : o.text());
        Outputs pages = new Outputs();
        if (html != null) {
            HtmlPages.writeAll(html, o, out, options.json, pages);
        }
        out.flush();
        if (!pages.ok()) {
            return pages.exit(cmd.commandLine().getErr(), Main.BAD_INPUT);
        }
        if (o.writeFailure().isPresent()) {
            err.println(o.writeFailure().get());
            return Main.BAD_INPUT;
        }
        if (certificate != null) {
            String problem = Certificates.write(o, certificate);
            if (problem != null) {
                err.println(problem);
                return o.exitCode() == 0 ? Main.BAD_INPUT : o.exitCode();
            }
        }
        return o.exitCode();
    }
}
