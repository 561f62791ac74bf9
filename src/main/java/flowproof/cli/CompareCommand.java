package flowproof.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.report.Charts;
import flowproof.routing.RoutingException;
import flowproof.sim.Engine;
import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import flowproof.spec.Spec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "compare", mixinStandardHelpOptions = true,
    description = {"Sweeps the offered load of a spec once per congestion-control scheme and puts the curves side by "
        + "side: accepted throughput and mean latency against offered load, one curve per scheme, same seed.",
        "Each scheme runs with the spec's parameters when the spec's simulation.control names it, with its "
            + "defaults otherwise. The summary gives each scheme's peak accepted throughput and how much of it it "
            + "keeps at the highest load.",
        "Exit code: 0 every run drained, 1 a deadlock or an undrained run, 2 bad input, 3 incomplete (with --cluster "
            + "or --members: a member missing or lost; nothing printed)."})
final class CompareCommand implements Callable<Integer> {

    @Parameters(paramLabel = "SPEC", description = "a spec file (YAML) with a simulation section")
    Path spec;

    @Mixin
    LoadSweepOptions opts;

    @Option(names = "--schemes", required = true, paramLabel = "A,B,...",
        description = "congestion-control schemes to compare, e.g. none,alo,tune")
    String schemes;

    @Option(names = "--png", paramLabel = "FILE", description = "draw one latency-throughput curve per scheme")
    Path png;

    @Option(names = "--csv", paramLabel = "FILE", description = "write one CSV row per scheme and load")
    Path csv;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

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
        Set<String> keys = new LinkedHashSet<>();
        for (String k : schemes.split(",")) {
            if (k.isBlank() || !keys.add(k.trim())) {
                err.println(spec + ": --schemes: expected distinct scheme names separated by commas, found " + schemes);
                return Main.BAD_INPUT;
            }
        }
        List<SimConfig> configs = new ArrayList<>();
        for (String k : keys) {
            SimConfig c = SimulateCommand.withScheme(s, spec, base, k, "--schemes", err);
            if (c == null) {
                return Main.BAD_INPUT;
            }
            configs.add(c);
        }
        double bound = SimulateCommand.boundOrNaN(s, base);
        Progress progress = new Progress(err, opts.json);
        List<flowproof.cluster.Cluster.Outcome<SimResult>> remote = null;
        if (opts.distributed() || opts.parallel(keys.size() * ls.length)) {
            List<SimulationTask> tasks = new ArrayList<>();
            for (String k : keys) {
                for (double l : ls) {
                    tasks.add(new SimulationTask(spec.toString(), s.tree().toString(), opts.cycles, opts.warmup,
                        opts.seed, opts.check, ls[0], k, "--schemes", l));
                }
            }
            int[] exit = {0};
            remote = opts.run("compare", tasks, progress, err, exit);
            if (remote == null) {
                return exit[0];
            }
        }
        List<String> names = new ArrayList<>();
        List<List<SimResult>> results = new ArrayList<>();
        boolean bad = false;
        for (int si = 0; si < configs.size(); si++) {
            SimConfig sc = configs.get(si);
            String name = sc.control().describe();
            names.add(name);
            List<SimResult> rs = new ArrayList<>();
            for (int i = 0; i < ls.length; i++) {
                SimConfig cfg = sc.withWorkload(sc.workload().atLoad(ls[i]));
                int k = i;
                SimResult r;
                try {
                    r = remote != null ? remote.get(si * ls.length + i).get()
                        : Engine.of(cfg).run(c -> progress.show(String.format(Locale.ROOT,
                            "compare: %s, load %.3f (%d of %d), cycle %,d of %,d", name, ls[k], k + 1, ls.length, c,
                            cfg.cycles())));
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
                rs.add(r);
                bad |= r.deadlock() != null || !r.drained();
            }
            results.add(rs);
        }
        if (opts.json) {
            printJson(out, s, ls, names, results, bound);
        } else {
            printTable(out, s, base, ls, names, results, bound);
        }
        out.flush();
        Outputs files = new Outputs();
        if (csv != null) {
            files.write("--csv", () -> writeCsv(csv, ls, names, results));
        }
        if (png != null) {
            List<Charts.Curve> curves = new ArrayList<>();
            for (int si = 0; si < names.size(); si++) {
                double[] off = new double[ls.length];
                double[] acc = new double[ls.length];
                double[] lat = new double[ls.length];
                for (int i = 0; i < ls.length; i++) {
                    SimResult r = results.get(si).get(i);
                    off[i] = r.offered();
                    acc[i] = r.accepted();
                    lat[i] = latency(r);
                }
                curves.add(new Charts.Curve(names.get(si), off, acc, lat));
            }
            String title = s.name() + ": " + base.workload().describe();
            files.write("--png", () -> Charts.latencyThroughput(png, title, curves, bound));
        }
        return files.exit(err, bad ? Main.VIOLATION : Main.OK);
    }

    private static double latency(SimResult r) {
        return r.latency() != null && !r.unstable() ? r.latency().mean() : Double.NaN;
    }

    /** The largest accepted throughput over the loads. */
    static double peak(List<SimResult> rs) {
        double p = 0;
        for (SimResult r : rs) {
            p = Math.max(p, r.accepted());
        }
        return p;
    }

    private static void printTable(PrintWriter out, Spec s, SimConfig base, double[] ls, List<String> names,
                                   List<List<SimResult>> results, double bound) {
        out.println(s.name() + ": " + base.workload().describe());
        if (!Double.isNaN(bound)) {
            out.printf(Locale.ROOT, "channel-load bound %.4f flits/node/cycle%n", bound);
        }
        out.println("accepted flits/node/cycle and mean latency in cycles ('-': unstable, no latency); * deadlock or "
            + "not drained");
        StringBuilder h = new StringBuilder(String.format("%7s", "load"));
        for (String n : names) {
            h.append(String.format(Locale.ROOT, " | %-22s", n.length() > 22 ? n.substring(0, 22) : n));
        }
        out.println(h);
        for (int i = 0; i < ls.length; i++) {
            StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%7.3f", ls[i]));
            for (List<SimResult> rs : results) {
                SimResult r = rs.get(i);
                double lat = latency(r);
                b.append(String.format(Locale.ROOT, " | %8.4f %12s%s", r.accepted(),
                    Double.isNaN(lat) ? "-" : String.format(Locale.ROOT, "%.1f", lat),
                    r.deadlock() != null || !r.drained() ? "*" : " "));
            }
            out.println(b);
        }
        out.println("summary: peak accepted, and accepted at the highest load as a fraction of the peak");
        for (int si = 0; si < names.size(); si++) {
            List<SimResult> rs = results.get(si);
            double p = peak(rs);
            double last = rs.get(rs.size() - 1).accepted();
            out.printf(Locale.ROOT, "  %-28s peak %.4f, at load %.3f: %.4f (%.1f%% of peak)%n", names.get(si), p,
                ls[ls.length - 1], last, p > 0 ? 100 * last / p : 0);
        }
    }

    private static void printJson(PrintWriter out, Spec s, double[] ls, List<String> names,
                                  List<List<SimResult>> results, double bound) throws IOException {
        ObjectMapper m = new ObjectMapper();
        ObjectNode o = m.createObjectNode();
        o.put("spec", s.name());
        if (!Double.isNaN(bound)) {
            o.put("channelLoadBound", bound);
        }
        ArrayNode arr = o.putArray("schemes");
        for (int si = 0; si < names.size(); si++) {
            ObjectNode sn = arr.addObject();
            sn.put("scheme", names.get(si));
            sn.put("peakAccepted", peak(results.get(si)));
            ArrayNode runs = sn.putArray("runs");
            for (int i = 0; i < ls.length; i++) {
                ObjectNode r = SimulateCommand.toJson(results.get(si).get(i), bound);
                r.put("load", ls[i]);
                r.remove("controlSeries");
                runs.add(r);
            }
        }
        out.println(m.writerWithDefaultPrettyPrinter().writeValueAsString(o));
    }

    private static void writeCsv(Path file, double[] ls, List<String> names, List<List<SimResult>> results)
        throws IOException {
        StringBuilder b = new StringBuilder("scheme,load,offered,accepted,latency_mean,latency_p99,unstable,deadlock,"
            + "drained\n");
        for (int si = 0; si < names.size(); si++) {
            for (int i = 0; i < ls.length; i++) {
                SimResult r = results.get(si).get(i);
                double lat = latency(r);
                b.append(String.format(Locale.ROOT, "\"%s\",%.4f,%.6f,%.6f,%s,%s,%b,%b,%b%n", names.get(si), ls[i],
                    r.offered(), r.accepted(), Double.isNaN(lat) ? "" : String.format(Locale.ROOT, "%.4f", lat),
                    Double.isNaN(lat) ? "" : Integer.toString(r.latency().p99()), r.unstable(), r.deadlock() != null,
                    r.drained()));
            }
        }
        flowproof.report.OutputFile.write(file, b.toString());
    }
}
