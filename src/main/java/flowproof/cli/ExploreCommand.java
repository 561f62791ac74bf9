package flowproof.cli;

import flowproof.check.Decision;
import flowproof.check.Flowproof;
import flowproof.routing.RoutingException;
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

    @Option(names = "--first", description = "stop at the first violation (the default; counts are then partial)")
    boolean first;

    @Option(names = "--html", paramLabel = "DIR",
        description = "also write a browser page per counterexample into DIR (as the report command does)")
    Path html;

    @Option(names = "--members", paramLabel = "N",
        description = "search on N Hazelcast members started inside this JVM, on the loopback interface (docs/cluster.md); "
            + "drainability is decided by the members together")
    Integer members;

    @Option(names = "--cluster", paramLabel = "FILE",
        description = "search on the members of a cluster file, this JVM one of them (docs/cluster.md); "
            + "drainability is decided by the members together")
    Path cluster;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    @Override
    public Integer call() throws Exception {
        if (options.problem() != null) {
            cmd.commandLine().getErr().println(options.problem());
            return Main.BAD_INPUT;
        }
        if (first && options.allProperties) {
            cmd.commandLine().getErr().println("--first: expected either --first (the default) or --all-properties, found both");
            return Main.BAD_INPUT;
        }
        Spec s = Main.readSpec(spec, cmd.commandLine().getErr());
        if (s == null) {
            return Main.BAD_INPUT;
        }
        if (members != null && (members < 1 || members > ClusterOption.MAX_IN_JVM_MEMBERS)) {
            // checked before any socket is opened: a million members took 49 s to fail (issue 45)
            cmd.commandLine().getErr().println("--members: expected 1 to " + ClusterOption.MAX_IN_JVM_MEMBERS
                + " members in this JVM (each a Hazelcast member with its own loopback port and threads; more machines are"
                + " a --cluster file of workers), found " + members);
            return Main.BAD_INPUT;
        }
        String option = cluster != null ? "--cluster" : "--members";
        if ((members != null || cluster != null) && flowproof.explore.Explorer.partitionable(s.model()) != null) {
            cmd.commandLine().getErr().println(option + ": expected a spec the search on several members covers "
                + "(interleaving moves without injection queues, wormhole flits or message classes), found "
                + flowproof.explore.Explorer.partitionable(s.model()) + " in " + spec);
            return Main.BAD_INPUT;
        }
        if (cluster != null) {
            if (members != null) {
                cmd.commandLine().getErr().println("--cluster: expected either --cluster FILE or --members N, found both");
                return Main.BAD_INPUT;
            }
            return onCluster(s);
        }
        Decision o;
        try {
            o = members == null ? Flowproof.explore(s, options.options(cmd.commandLine().getErr()))
                : Flowproof.explore(s, options.options(cmd.commandLine().getErr()), members);
        } catch (IllegalStateException e) {
            if (members == null) {
                throw e;
            }
            // the members did not form a cluster (no free port on the loopback interface, a minute passed)
            cmd.commandLine().getErr().println("--members: " + e.getMessage());
            return Main.BAD_INPUT;
        } catch (RoutingException e) {
            // as check does: a routing function (or VC-class function) with no route for a packet
            cmd.commandLine().getErr().println(spec + ": routing: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        return print(o);
    }

    /** The search on the members of {@code --cluster}. */
    private int onCluster(Spec s) throws Exception {
        var err = cmd.commandLine().getErr();
        ClusterOption.Opened c = ClusterOption.open(cluster, null, err);
        if (c.cluster() == null) {
            return c.exit();
        }
        Decision o;
        try (flowproof.cluster.Cluster on = c.cluster()) {
            o = Flowproof.explore(s, options.options(err), on);
            ClusterOption.reportFailures(on, err);
            if (o.exploration().map(r -> "member-lost".equals(r.limit())).orElse(false)) {
                err.println("--cluster: a member was lost; incomplete, with the counts of the last level every member "
                    + "finished");
            }
        } catch (RoutingException e) {
            err.println(spec + ": routing: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        return print(o);
    }

    private int print(Decision o) throws Exception {
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
            cmd.commandLine().getErr().println(o.writeFailure().get());
            return Main.BAD_INPUT;
        }
        return o.exitCode();
    }
}
