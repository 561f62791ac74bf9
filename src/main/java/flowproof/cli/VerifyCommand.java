package flowproof.cli;

import flowproof.routing.RoutingException;
import flowproof.explore.Verdict;
import flowproof.check.Decision;
import flowproof.check.Flowproof;
import flowproof.spec.Spec;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "verify", mixinStandardHelpOptions = true,
    description = {"Checks every spec (*.yaml, *.yml) in a folder, not its subfolders, as 'check' does (the "
        + "channel dependency graph first, the explorer where it must), and compares each verdict with the spec's "
        + "expect field: the regression suite for flow-control rules.",
        "Exit code: 0 all as expected, 1 a mismatch, 2 a bad spec, 3 some incomplete (and no mismatch)."})
final class VerifyCommand implements Callable<Integer> {

    @Parameters(paramLabel = "DIR", arity = "0..1", defaultValue = "specs",
        description = "folder of specs (default: ${DEFAULT-VALUE})")
    Path dir;

    @CommandLine.Mixin
    SearchOptions options;

    @Option(names = "--cluster", paramLabel = "FILE",
        description = "check the specs on the members of a cluster file, this JVM one of them, one spec at a time on "
            + "each (docs/cluster.md); the output is that of one machine")
    Path cluster;

    @Option(names = "--members", paramLabel = "N",
        description = "check the specs on N members started inside this JVM (docs/cluster.md)")
    Integer members;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    @Option(names = "--certificates", description = "re-check every proof by the independent checker (certify): each "
        + "spec proved by an acyclic dependency graph gets its certificate built and checked; a certificate that fails "
        + "is a bug (exit 70); the proofs the checker does not cover yet are counted and named")
    boolean certificates;

    @Option(names = "--liveness", description = "also state, for every spec decided deadlock-free, its liveness verdict "
        + "(live: starvation-freedom and livelock-freedom under the spec's arbitration, strong fairness, at most "
        + "--liveness-states states and 20 s each) or why it is not checked; a liveness violation is reported, not a "
        + "mismatch (specs expect deadlock verdicts); with --json, one object {spec, liveness} after the spec's own")
    boolean liveness;

    @Option(names = "--liveness-states", paramLabel = "N", defaultValue = "20000", description = "with --liveness: the "
        + "states of each graph at most (default ${DEFAULT-VALUE})")
    int livenessStates;

    /** The exit code of a run on members that did not happen. */
    private int exit;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = cmd.commandLine().getOut();
        PrintWriter err = cmd.commandLine().getErr();
        if (options.problem() != null) {
            cmd.commandLine().getErr().println(options.problem());
            return Main.BAD_INPUT;
        }
        if (!Files.isDirectory(dir)) {
            err.println(dir + ": expected a folder of spec files, found " + (Files.exists(dir) ? "a file" : "nothing"));
            return Main.BAD_INPUT;
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml")).sorted()
                .collect(Collectors.toList());
        }
        if (files.isEmpty()) {
            err.println(dir + ": expected spec files (*.yaml), found none");
            return Main.BAD_INPUT;
        }
        int ok = 0;
        int mismatched = 0;
        int incomplete = 0;
        int bad = 0;
        int unexpected = 0;
        int unsaved = 0;
        int certified = 0;
        int failedCertificates = 0;
        List<String> uncertified = new ArrayList<>();
        if (certificates && (cluster != null || members != null)) {
            err.println("--certificates: expected a run in this JVM (the certificates are built from the decisions made"
                + " here), found " + (cluster != null ? "--cluster" : "--members"));
            return Main.BAD_INPUT;
        }
        List<Spec> specs = new ArrayList<>();
        List<String> unread = new ArrayList<>();
        for (Path f : files) {
            try {
                specs.add(SpecReader.read(f));
                unread.add(null);
            } catch (SpecException e) {
                specs.add(null);
                unread.add(e.getMessage());
            }
        }
        List<flowproof.cluster.Cluster.Outcome<VerifyTask.Row>> remote = null;
        if (cluster != null || members != null) {
            remote = onMembers(specs, err);
            if (remote == null) {
                return exit;
            }
        }
        // the name column fits the longest name (at least 34 characters), so that the table stays aligned
        int nameWidth = 34;
        for (Spec sp : specs) {
            if (sp != null) {
                nameWidth = Math.max(nameWidth, sp.name().length());
            }
        }
        String rowFormat = "%-" + nameWidth + "s %-15s %-11s %-15s %13s %9s  %s%n";
        if (!options.json) {
            out.printf(rowFormat, "spec", "verdict", "method", "expected", "states", "seconds", "result");
        }
        int next = 0;
        for (int fi = 0; fi < files.size(); fi++) {
            Spec spec = specs.get(fi);
            if (spec == null) {
                err.println(unread.get(fi));
                bad++;
                continue;
            }
            VerifyTask.Row o;
            try {
                if (remote != null) {
                    o = remote.get(next++).get();
                } else {
                    Decision d;
                    try (StillRunning still = new StillRunning(err, spec.name(), STILL_RUNNING_SECONDS)) {
                        d = Flowproof.check(spec, options.options(err));
                    }
                    o = row(d);
                    if (certificates && d.verdict() == Verdict.PROVED) {
                        String[] why = new String[1];
                        var cert = Certificates.of(d, why);
                        if (cert == null) {
                            uncertified.add(spec.name());
                        } else {
                            var r = flowproof.certify.CertificateChecker.check(cert);
                            if (r.valid()) {
                                certified++;
                            } else {
                                err.println(spec.source() + ": certificate: " + r.message());
                                failedCertificates++;
                            }
                        }
                    }
                }
            } catch (RoutingException e) {
                err.println(spec.source() + ": routing: " + e.getMessage());
                bad++;
                continue;
            } catch (flowproof.check.BadSpecException e) {
                err.println(e.getMessage());
                bad++;
                continue;
            } catch (RuntimeException e) {
                String plugin = flowproof.plugin.Plugins.failure(e);
                if (plugin == null) {
                    throw e;
                }
                // the user's own code failed: this spec is invalid, the others are still checked
                err.println(spec.source() + ": " + plugin);
                bad++;
                continue;
            }
            String unwritten = o.writeFailure() != null ? o.writeFailure() : writeFiles(o);
            if (unwritten != null) {
                // the verdict stands; the file that could not be written makes the run end in bad input
                err.println(unwritten);
                unsaved++;
            }
            Verdict v = o.verdict();
            String result;
            if (v == Verdict.INCOMPLETE) {
                incomplete++;
                result = "INCOMPLETE (" + o.limit() + " limit)";
            } else if (spec.expect() == null) {
                unexpected++;
                result = "no expectation";
            } else if (v.satisfies(spec.expect())) {
                ok++;
                result = "ok";
            } else {
                mismatched++;
                result = "MISMATCH";
            }
            if (options.json) {
                out.println(options.saveDir() == null ? o.json() : o.json(options.saveDir()));
            } else {
                String states = !o.explored() ? "-" : String.format("%,d", o.states());
                double secs = o.seconds();
                out.printf(rowFormat, spec.name(), v.key(), o.method(), spec.expect() == null ? "-" : spec.expect().key(),
                    states, String.format("%.2f", secs), result);
            }
            if (liveness && v.satisfies(Verdict.DEADLOCK_FREE)) {
                String l = livenessOf(spec);
                livenessCounts.merge(l.startsWith("not checked") ? "not checked" : l.contains("violated") ? "violated"
                    : l.contains("incomplete") ? "incomplete" : "holds", 1, Integer::sum);
                if (!options.json) {
                    out.println("    liveness: " + l);
                } else {
                    com.fasterxml.jackson.databind.node.ObjectNode lj = new com.fasterxml.jackson.databind.ObjectMapper()
                        .createObjectNode();
                    lj.put("spec", spec.name());
                    lj.put("liveness", l);
                    out.println(lj);
                }
            }
            out.flush();
        }
        if (liveness && !options.json) {
            out.println("liveness of the deadlock-free specs: " + livenessCounts.getOrDefault("holds", 0) + " hold both, "
                + livenessCounts.getOrDefault("violated", 0) + " violate one, " + livenessCounts.getOrDefault("incomplete", 0)
                + " incomplete, " + livenessCounts.getOrDefault("not checked", 0) + " not checked");
        }
        if (!options.json) {
            out.printf("%d specs: %d as expected, %d mismatched, %d incomplete, %d without expectation, %d invalid%n",
                files.size(), ok, mismatched, incomplete, unexpected, bad);
        }
        if (certificates) {
            out.printf("certificates: %d valid, %d failed, %d proofs the checker does not cover yet%s%n", certified,
                failedCertificates, uncertified.size(), uncertified.isEmpty() ? "" : " (" + String.join(", ", uncertified)
                    + ")");
            if (failedCertificates > 0) {
                return 70;
            }
        }
        return bad > 0 || unsaved > 0 ? Main.BAD_INPUT : mismatched > 0 ? Main.VIOLATION : incomplete > 0 ? Main.INCOMPLETE : Main.OK;
    }

    /** The row of a decision made in this JVM (its files are already written). */
    private static VerifyTask.Row row(Decision d) {
        return new VerifyTask.Row(d.verdict(), d.method().key(), d.exploration().isPresent(), d.states(), d.seconds(),
            d.exploration().map(r -> r.limit()).orElse(null), d.json(), d.writeFailure().orElse(null), null,
            java.util.Map.of());
    }

    /** Writes the counterexample files a member sent with its row; the first failure's line, or null. */
    private String writeFiles(VerifyTask.Row o) {
        for (java.util.Map.Entry<String, String> f : o.files().entrySet()) {
            try {
                flowproof.report.OutputFile.write(options.saveDir().resolve(f.getKey()), f.getValue());
            } catch (flowproof.report.OutputFile.Failure e) {
                return "--counterexamples: " + e.getMessage();
            }
        }
        return null;
    }

    /**
     * The checks of the readable specs on the members, in order, or null after one line (the
     * exit code in {@link #exit}).
     */
    private List<flowproof.cluster.Cluster.Outcome<VerifyTask.Row>> onMembers(List<Spec> specs, PrintWriter err) {
        ClusterOption.Opened c = ClusterOption.open(cluster, members, err);
        if (c.cluster() == null) {
            exit = c.exit();
            return null;
        }
        List<Spec> readable = specs.stream().filter(java.util.Objects::nonNull).toList();
        Progress progress = new Progress(err, options.json);
        try (flowproof.cluster.Cluster on = c.cluster()) {
            return on.map(VerifyTask.all(readable, options.options(err)), true, k -> progress.show(
                "verify: " + k + " of " + readable.size() + " specs checked on " + on.members() + " members"));
        } catch (flowproof.explore.distributed.MemberLostException e) {
            exit = ClusterOption.lost("verify", e, err);
            return null;
        } finally {
            progress.done();
        }
    }

    /** Seconds after which, and then every as many seconds, a spec still being checked is named on standard error. */
    static final long STILL_RUNNING_SECONDS = Long.getLong("flowproof.verify.stillRunningSeconds", 30);

    /**
     * Names a spec that runs long on standard error ("still checking NAME (60 s)") every
     * {@code period} seconds, so that a long spec is not silent; closed when the spec is decided.
     */
    static final class StillRunning implements AutoCloseable {
        private final java.util.concurrent.ScheduledExecutorService timer;

        StillRunning(PrintWriter err, String name, long period) {
            timer = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "verify-still-running");
                t.setDaemon(true);
                return t;
            });
            long start = System.nanoTime();
            timer.scheduleAtFixedRate(() -> {
                synchronized (err) {
                    err.printf("verify: still checking %s (%d s)%n", name,
                        java.util.concurrent.TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start));
                    err.flush();
                }
            }, period, period, java.util.concurrent.TimeUnit.SECONDS);
        }

        @Override
        public void close() {
            timer.shutdownNow();
        }
    }

    private final java.util.Map<String, Integer> livenessCounts = new java.util.TreeMap<>();

    /** One line: the spec's liveness verdicts under its arbitration and strong fairness, or why they are not checked. */
    private String livenessOf(Spec spec) {
        String refused = flowproof.explore.Liveness.refusal(spec.model());
        if (refused != null) {
            return "not checked: live covers interleaving models of whole packets, not " + refused;
        }
        flowproof.explore.Liveness.Arbitration a = flowproof.explore.Liveness.Arbitration.of(
            spec.tree().path("arbitration").asText("any"));
        if (a == null) {
            return "not checked: arbitration " + spec.tree().path("arbitration").asText() + " is not built";
        }
        flowproof.explore.Liveness.Answer ans = flowproof.explore.Liveness.check(spec.model(), a,
            flowproof.explore.Liveness.Fairness.STRONG, java.util.EnumSet.allOf(flowproof.explore.Liveness.Kind.class),
            livenessStates, 20);
        List<String> parts = new ArrayList<>();
        for (flowproof.explore.Liveness.Result r : ans.results()) {
            parts.add(r.kind().key() + " " + r.status() + (r.lasso() != null ? " (a fair loop " + r.lasso().victim() + ")"
                : r.status().equals("incomplete") ? " (" + r.how() + ")" : ""));
        }
        return String.join(", ", parts) + " [" + a.key() + ", strong fairness]";
    }
}
