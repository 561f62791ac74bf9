package flowproof.cli.papers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs the claims' command lines (in-process, {@code jobs} at a time: runs are independent) and
 * turns their JSON output into {@link Measured.Entry measurements}: the value of every selector
 * the rows use and the curves of the figure. A run that exits with other than 0 or 1 (1 is a
 * deadlock or a counterexample, which is a result), or prints no JSON, makes its claim
 * "not run" with the reason; so does a selector that names nothing in the output.
 */
public final class Reproduction {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Commands commands;
    private final String commit;
    private final PrintWriter progress;

    /**
     * @param commit the flowproof commit the runs are made with (recorded per run)
     * @param progress where one line per finished run goes
     */
    public Reproduction(Commands commands, String commit, PrintWriter progress) {
        this.commands = commands;
        this.commit = commit;
        this.progress = progress;
    }

    private record Done(Commands.Result result, double seconds) {
    }

    /** Runs every run of {@code claims} on {@code jobs} threads; returns each claim's measurement by id. */
    public Map<String, Measured.Entry> run(List<Claim> claims, int jobs) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, jobs));
        int total = 0;
        for (Claim c : claims) {
            total += c.runs().size();
        }
        int[] finished = {0};
        int all = total;
        Map<String, Map<String, Future<Done>>> futures = new LinkedHashMap<>();
        try {
            for (Claim c : claims) {
                Map<String, Future<Done>> fs = new LinkedHashMap<>();
                for (Map.Entry<String, String> r : c.runs().entrySet()) {
                    List<String> args = CommandLines.split(r.getValue());
                    fs.put(r.getKey(), pool.submit(() -> {
                        long t0 = System.nanoTime();
                        Commands.Result res = commands.run(args);
                        double s = (System.nanoTime() - t0) / 1e9;
                        synchronized (finished) {
                            finished[0]++;
                            progress.printf(Locale.ROOT, "reproduce: [%d/%d] %s/%s: exit %d, %.1f s%n", finished[0], all,
                                c.id(), r.getKey(), res.exit(), s);
                            progress.flush();
                        }
                        return new Done(res, s);
                    }));
                }
                futures.put(c.id(), fs);
            }
            Map<String, Measured.Entry> out = new LinkedHashMap<>();
            for (Claim c : claims) {
                Map<String, Done> done = new LinkedHashMap<>();
                for (Map.Entry<String, Future<Done>> f : futures.get(c.id()).entrySet()) {
                    try {
                        done.put(f.getKey(), f.getValue().get());
                    } catch (java.util.concurrent.ExecutionException e) {
                        done.put(f.getKey(), new Done(new Commands.Result(70, "", String.valueOf(e.getCause())), 0));
                    }
                }
                out.put(c.id(), measure(c, done));
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    private Measured.Entry measure(Claim c, Map<String, Done> done) {
        Map<String, Measured.Run> runs = new LinkedHashMap<>();
        Map<String, JsonNode> outputs = new LinkedHashMap<>();
        String notRun = null;
        for (Map.Entry<String, Done> d : done.entrySet()) {
            String cmd = c.runs().get(d.getKey());
            Commands.Result r = d.getValue().result();
            runs.put(d.getKey(), new Measured.Run(cmd, commands.seed(CommandLines.split(cmd)), commands.version(), commit,
                d.getValue().seconds(), r.exit()));
            JsonNode json = null;
            if (r.exit() == 0 || r.exit() == 1) {
                try {
                    json = JSON.readTree(r.out());
                } catch (java.io.IOException e) {
                    json = null;
                }
            }
            if (json == null || !json.isObject()) {
                if (notRun == null) {
                    String why = r.err().lines().filter(l -> !l.isBlank()).findFirst().orElse("no JSON output");
                    notRun = "run " + d.getKey() + " exited with " + r.exit() + ": " + why;
                }
                continue;
            }
            outputs.put(d.getKey(), json);
        }
        Map<String, Double> values = new LinkedHashMap<>();
        List<Measured.Curve> curves = new ArrayList<>();
        if (notRun == null) {
            for (String sel : c.selectors()) {
                JsonNode n = Value.resolve(sel, outputs.get(Value.run(sel)));
                if (n == null || !(n.isNumber() || n.isNull() || n.isBoolean())) {
                    notRun = notRun != null ? notRun : "selector " + sel + " names "
                        + (n == null ? "nothing" : "no number (" + n.getNodeType().name().toLowerCase() + ")")
                        + " in the output of run " + Value.run(sel);
                    continue;
                }
                values.put(sel, n.isNull() ? null : n.isBoolean() ? (n.asBoolean() ? 1.0 : 0.0) : n.asDouble());
            }
            if (c.figure() != null) {
                for (String run : c.figure().runs()) {
                    String problem = curves(run, outputs.get(run), curves);
                    if (problem != null && notRun == null) {
                        notRun = problem;
                    }
                }
            }
        }
        return new Measured.Entry(runs, values, curves, notRun);
    }

    /** Adds the curves of a compare (one per scheme) or sweep run; returns a problem, or null. */
    private static String curves(String run, JsonNode json, List<Measured.Curve> curves) {
        if (json.has("schemes")) {
            for (JsonNode s : json.get("schemes")) {
                curves.add(curve(run, s.path("scheme").asText(), s.get("runs")));
            }
            return null;
        }
        if (json.has("runs") && json.get("runs").isArray()) {
            curves.add(curve(run, run, json.get("runs")));
            return null;
        }
        return "figure run " + run + " is neither a compare nor a sweep (no curves in its output)";
    }

    private static Measured.Curve curve(String run, String name, JsonNode points) {
        int n = points == null ? 0 : points.size();
        double[] off = new double[n];
        double[] acc = new double[n];
        double[] lat = new double[n];
        for (int i = 0; i < n; i++) {
            JsonNode p = points.get(i);
            off[i] = p.path("offered").asDouble();
            acc[i] = p.path("accepted").asDouble();
            JsonNode l = p.path("latency").path("mean");
            lat[i] = l.isNumber() ? l.asDouble() : Double.NaN;
        }
        return new Measured.Curve(run, name, off, acc, lat);
    }
}
