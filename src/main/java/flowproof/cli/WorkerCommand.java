package flowproof.cli;

import flowproof.cluster.ClusterFile;
import flowproof.cluster.Worker;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "worker", mixinStandardHelpOptions = true,
    description = {"Joins the cluster of a cluster file as a member and serves the runs that drive it (--cluster on "
        + "explore, check, verify, sweep and compare) until it is stopped: Ctrl-C, SIGTERM, or worker --stop. Prints one "
        + "line per job (docs/cluster.md).",
        "Exit code: 0 stopped by worker --stop (or --stop done), 2 bad input (a bad cluster file, a member that "
            + "cannot start); stopped by a signal, the JVM's status for it (130 Ctrl-C, 143 SIGTERM), after the line "
            + "'worker: stopped'."})
final class WorkerCommand implements Callable<Integer> {

    @Option(names = "--cluster", required = true, paramLabel = "FILE", description = "the cluster file (docs/cluster.md)")
    Path cluster;

    @Option(names = "--stop", description = "instead: join for a moment, ask every worker of the cluster to stop, and "
        + "print their addresses")
    boolean stop;

    @Option(names = "--accept-plugins", description = "run the jobs of a driver that was given --plugins with the "
        + "driver's plugins, which it sends with every job (code from the cluster runs on this machine: only on a "
        + "private network; without this, the worker runs its own --plugins)")
    boolean acceptPlugins;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    @Override
    public Integer call() {
        PrintWriter out = cmd.commandLine().getOut();
        PrintWriter err = cmd.commandLine().getErr();
        ClusterFile f = ClusterOption.read(cluster, err);
        if (f == null) {
            return Main.BAD_INPUT;
        }
        try {
            if (stop) {
                List<String> stopped = Worker.stopAll(f);
                out.println("worker --stop: " + stopped.size() + " workers stopping"
                    + (stopped.isEmpty() ? "" : ": " + String.join(", ", stopped)));
                out.flush();
                return Main.OK;
            }
            Worker.serve(f, out, acceptPlugins);
            return Main.OK;
        } catch (IllegalStateException e) {
            err.println("--cluster: " + cluster + ": " + e.getMessage());
            return Main.BAD_INPUT;
        }
    }
}
