package flowproof.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.report.Charts;
import flowproof.routing.RoutingException;
import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import flowproof.spec.Spec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "sweep", mixinStandardHelpOptions = true,
    description = {"Simulates a spec at a range of offered loads and draws the latency-throughput curve: accepted "
        + "throughput and mean latency against offered load, one run per load under the same seed.",
        "Loads past saturation are reported 'unstable' (no latency); a deadlock at any load is reported (a knot: "
            + "queues that waited only on each other while flits moved elsewhere) and gives exit code 1; under the "
            + "table, the first deadlock's cycle of held queues, each waiting on the next.",
        "Exit code: 0 every run drained, 1 a deadlock or an undrained run, 2 bad input, 3 incomplete (with --cluster "
            + "or --members: a member missing or lost; nothing printed)."})
final class SweepCommand implements Callable<Integer> {

    @Parameters(paramLabel = "SPEC", description = "a spec file (YAML) with a simulation section")
    Path spec;

    @Mixin
    LoadSweepOptions opts;

    @Option(names = "--csv", paramLabel = "FILE", description = "write one CSV row per load")
    Path csv;

    @Option(names = "--png", paramLabel = "FILE", description = "draw the latency-throughput curve")
    Path png;

    @Option(names = "--control", paramLabel = "SCHEME", description = "congestion-control scheme (overrides the spec's "
        + "simulation.control)")
    String control;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    /** The most loads one sweep runs (a tiny STEP would otherwise ask for billions of runs). */
    static final int MAX_LOADS = 1000;

    /** Parses A:B:STEP into the loads, or returns null (also for more than {@link #MAX_LOADS} loads). */
    static double[] parseLoads(String text) {
        String[] p = text.split(":");
        if (p.length != 3) {
            return null;
        }
        double a;
        double b;
        double step;
        try {
            a = Double.parseDouble(p[0]);
            b = Double.parseDouble(p[1]);
            step = Double.parseDouble(p[2]);
        } catch (NumberFormatException e) {
            return null;
        }
        if (!(a > 0 && b <= 1 && a <= b && step > 0)) {
            return null;
        }
        double count = Math.floor((b - a) / step + 1e-9) + 1;
        if (!(count <= MAX_LOADS)) {
            return null;
        }
        int n = (int) count;
        double[] loads = new double[n];
        for (int i = 0; i < n; i++) {
            loads[i] = Math.round((a + i * step) * 1e9) / 1e9;
        }
        return loads;
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = cmd.commandLine().getOut();
        PrintWriter err = cmd.commandLine().getErr();
        LoadSweepOptions.Sweep sweep = opts.read(spec, err);
        if (sweep == null) {
            return Main.BAD_INPUT;
        }
        Spec s = sweep.spec();
        double[] ls = sweep.loads();
        SimConfig base = sweep.base();
        if (control != null) {
            base = SimulateCommand.withScheme(s, spec, base, control, "--control", err);
            if (base == null) {
                return Main.BAD_INPUT;
            }
        }
        double bound = SimulateCommand.boundOrNaN(s, base);
        Progress progress = new Progress(err, opts.json);
        List<flowproof.cluster.Cluster.Outcome<SimResult>> remote = null;
        if (opts.distributed() || opts.parallel(ls.length)) {
            List<SimulationTask> tasks = new ArrayList<>();
            for (double l : ls) {
                tasks.add(new SimulationTask(spec.toString(), s.tree().toString(), opts.cycles, opts.warmup, opts.seed,
                    opts.check, ls[0], control, "--control", l));
            }
            int[] exit = {0};
            remote = opts.run("sweep", tasks, progress, err, exit);
            if (remote == null) {
                return exit[0];
            }
        }
        List<SimResult> results = new ArrayList<>();
        if (!opts.json) {
            out.println(s.name() + ": " + base.workload().describe()
                + ("none".equals(base.control().key()) ? "" : ", control " + base.control().describe()));
            if (!Double.isNaN(bound)) {
                out.printf(Locale.ROOT, "channel-load bound %.4f flits/node/cycle%n", bound);
            }
            out.printf("%8s %9s %9s %9s %6s %6s %9s %9s %9s  %s%n", "load", "offered", "accepted", "latency", "p50", "p99",
                "queueing", "access", "network", "status");
        }
        boolean bad = false;
        for (int i = 0; i < ls.length; i++) {
            SimConfig cfg = base.withWorkload(base.workload().atLoad(ls[i]));
            int k = i;
            SimResult r;
            try {
                r = remote != null ? remote.get(i).get()
                    : flowproof.check.Flowproof.simulate(cfg, c -> progress.show(String.format(Locale.ROOT,
                        "sweep: load %.3f (%d of %d), cycle %,d of %,d", ls[k], k + 1, ls.length, c, cfg.cycles())));
            } catch (RoutingException e) {
                progress.done();
                err.println(spec + ": routing: " + e.getMessage());
                return Main.BAD_INPUT;
            } catch (flowproof.ConfigurationException e) {
                // an engine of its own (input-queued schemes) refusing the network
                progress.done();
                err.println(spec + ": " + e.getMessage());
                return Main.BAD_INPUT;
            }
            progress.done();
            results.add(r);
            bad |= r.deadlock() != null || !r.drained();
            if (!opts.json) {
                SimResult.Latency l = r.latency();
                boolean lat = l != null && !r.unstable();
                out.printf(Locale.ROOT, "%8.3f %9.4f %9.4f %9s %6s %6s %9s %9s %9s  %s%n", ls[i], r.offered(), r.accepted(),
                    lat ? String.format(Locale.ROOT, "%.2f", l.mean()) : "-", lat ? Integer.toString(l.p50()) : "-",
                    lat ? Integer.toString(l.p99()) : "-",
                    lat ? String.format(Locale.ROOT, "%.2f", l.sourceQueueing()) : "-",
                    lat ? String.format(Locale.ROOT, "%.2f", l.bufferAccess()) : "-",
                    lat ? String.format(Locale.ROOT, "%.2f", l.network()) : "-", status(r));
                out.flush();
            }
        }
        if (!opts.json) {
            for (int i = 0; i < ls.length; i++) {
                SimResult.Deadlock d = results.get(i).deadlock();
                if (d != null && !d.waitCycle().isEmpty()) {
                    // the first deadlock's cycle (simulate SPEC --load shows the whole report)
                    out.printf(Locale.ROOT, "deadlock at load %.3f: a cycle of %d held queues, each waiting on the next: %s%n",
                        ls[i], d.waitCycle().size(), String.join(" -> ", d.waitCycle()));
                    break;
                }
            }
        }
        if (opts.json) {
            ObjectMapper m = new ObjectMapper();
            ObjectNode o = m.createObjectNode();
            o.put("spec", s.name());
            if (!Double.isNaN(bound)) {
                o.put("channelLoadBound", bound);
            }
            ArrayNode runs = o.putArray("runs");
            for (int i = 0; i < ls.length; i++) {
                ObjectNode r = SimulateCommand.toJson(results.get(i), bound);
                r.put("load", ls[i]);
                runs.add(r);
            }
            out.println(m.writerWithDefaultPrettyPrinter().writeValueAsString(o));
        }
        out.flush();
        Outputs files = new Outputs();
        if (csv != null) {
            files.write("--csv", () -> writeCsv(csv, ls, results));
        }
        if (png != null) {
            double[] off = new double[ls.length];
            double[] acc = new double[ls.length];
            double[] lat = new double[ls.length];
            for (int i = 0; i < ls.length; i++) {
                SimResult r = results.get(i);
                off[i] = r.offered();
                acc[i] = r.accepted();
                lat[i] = r.latency() != null && !r.unstable() ? r.latency().mean() : Double.NaN;
            }
            String title = s.name() + ": " + base.network().topology().describe();
            Charts.Curve curve = new Charts.Curve(base.rule().describe(), off, acc, lat);
            files.write("--png", () -> Charts.latencyThroughput(png, title, List.of(curve), bound));
        }
        return files.exit(err, bad ? Main.VIOLATION : Main.OK);
    }

    static String status(SimResult r) {
        if (r.deadlock() != null) {
            return "DEADLOCK at cycle " + r.deadlock().cycle() + (r.deadlock().knot() ? " (knot of "
                + r.deadlock().heldQueues().size() + " queues)" : "");
        }
        if (!r.drained()) {
            return "NOT DRAINED";
        }
        return r.unstable() ? "unstable" : "ok";
    }

    static void writeCsv(Path file, double[] loads, List<SimResult> results) throws IOException {
        StringBuilder b = new StringBuilder(
            "load,offered,accepted,latency_mean,latency_p50,latency_p99,source_queueing,buffer_access,network,unstable,deadlock,drained,cycles,seconds\n");
        for (int i = 0; i < loads.length; i++) {
            SimResult r = results.get(i);
            SimResult.Latency l = r.latency();
            boolean lat = l != null && !r.unstable();
            b.append(String.format(Locale.ROOT, "%.4f,%.6f,%.6f,%s,%s,%s,%s,%s,%s,%b,%b,%b,%d,%.3f%n", loads[i], r.offered(),
                r.accepted(), lat ? String.format(Locale.ROOT, "%.4f", l.mean()) : "", lat ? l.p50() : "",
                lat ? l.p99() : "", lat ? String.format(Locale.ROOT, "%.4f", l.sourceQueueing()) : "",
                lat ? String.format(Locale.ROOT, "%.4f", l.bufferAccess()) : "",
                lat ? String.format(Locale.ROOT, "%.4f", l.network()) : "", r.unstable(), r.deadlock() != null,
                r.drained(), r.cycles(), r.seconds()));
        }
        flowproof.report.OutputFile.write(file, b.toString());
    }
}
