package flowproof.cli;

import flowproof.sim.SimConfig;
import flowproof.spec.Spec;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options every load sweep shares ({@code sweep}, {@code compare}): the loads, the run
 * length, the seed, check mode and JSON output, held once as a picocli mixin.
 */
final class LoadSweepOptions {

    @Option(names = "--loads", required = true, paramLabel = "A:B:STEP",
        description = "offered loads from A to B (inclusive) in steps of STEP, flits/node/cycle, e.g. 0.05:1.0:0.05")
    String loads;

    @Option(names = "--cycles", paramLabel = "N", description = "cycles per run, warm-up included")
    Long cycles;

    @Option(names = "--warmup", paramLabel = "N", description = "warm-up cycles per run")
    Long warmup;

    @Option(names = "--seed", paramLabel = "S", description = "random seed of every run")
    Long seed;

    @Option(names = "--check", description = "check conservation and credits on every cycle")
    boolean check;

    @Option(names = "--json", description = "print one JSON object")
    boolean json;

    @Option(names = "--cluster", paramLabel = "FILE",
        description = "run the simulations on the members of a cluster file, this JVM one of them (docs/cluster.md); "
            + "the output is that of one machine")
    Path cluster;

    @Option(names = "--members", paramLabel = "N",
        description = "run the simulations on N members started inside this JVM (docs/cluster.md); the output is that "
            + "of one machine")
    Integer members;

    @Option(names = "--threads", paramLabel = "N",
        description = "run up to N simulations at once in this JVM, one per thread (default: all cores); each run is the "
            + "same as alone, and so is the output")
    int threads = Runtime.getRuntime().availableProcessors();

    /** Whether the runs go to members ({@code --cluster} or {@code --members}). */
    boolean distributed() {
        return cluster != null || members != null;
    }

    /** Whether {@code runs} runs go to {@link #runLocally} (more than one, on more than one thread, no cluster). */
    boolean parallel(int runs) {
        return !distributed() && threads > 1 && runs > 1;
    }

    /**
     * The runs of {@code tasks}, in order: on the members ({@link #runOnMembers}, null after the
     * one line of a problem, the exit code in {@code exit[0]}) or else on this JVM's threads
     * ({@link #runLocally}).
     */
    java.util.List<flowproof.cluster.Cluster.Outcome<flowproof.sim.SimResult>> run(String command,
            java.util.List<SimulationTask> tasks, Progress progress, PrintWriter err, int[] exit) {
        return distributed() ? runOnMembers(command, tasks, progress, err, exit) : runLocally(command, tasks, progress);
    }

    /**
     * The runs of {@code tasks} on up to {@link #threads} threads of this JVM, in order, each
     * built from the spec's tree as a member builds it ({@link SimulationTask}), so that no two
     * runs share a routing function, rule or workload; a run's exception is its outcome's.
     */
    java.util.List<flowproof.cluster.Cluster.Outcome<flowproof.sim.SimResult>> runLocally(String command,
            java.util.List<SimulationTask> tasks, Progress progress) {
        int n = Math.min(threads, tasks.size());
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(n, r -> {
            Thread t = new Thread(r, command + "-run");
            t.setDaemon(true);
            return t;
        });
        try {
            java.util.List<java.util.concurrent.Future<flowproof.sim.SimResult>> futures = new java.util.ArrayList<>();
            for (SimulationTask t : tasks) {
                futures.add(pool.submit(t::call));
            }
            java.util.List<flowproof.cluster.Cluster.Outcome<flowproof.sim.SimResult>> out = new java.util.ArrayList<>();
            for (java.util.concurrent.Future<flowproof.sim.SimResult> f : futures) {
                progress.show(command + ": " + out.size() + " of " + tasks.size() + " runs done on " + n + " threads");
                try {
                    out.add(new flowproof.cluster.Cluster.Outcome<>(f.get(), null));
                } catch (java.util.concurrent.ExecutionException e) {
                    out.add(new flowproof.cluster.Cluster.Outcome<>(null, e.getCause()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while the runs were going", e);
                }
            }
            return out;
        } finally {
            pool.shutdownNow();
            progress.done();
        }
    }

    /**
     * The runs of {@code tasks} on the members, in order, or null after the one line of a
     * problem (the exit code in {@code exit[0]}): a bad cluster file or members that did not
     * start (2), members that did not all join or a member lost (3).
     */
    java.util.List<flowproof.cluster.Cluster.Outcome<flowproof.sim.SimResult>> runOnMembers(String command,
            java.util.List<SimulationTask> tasks, Progress progress, PrintWriter err, int[] exit) {
        ClusterOption.Opened c = ClusterOption.open(cluster, members, err);
        if (c.cluster() == null) {
            exit[0] = c.exit();
            return null;
        }
        try (flowproof.cluster.Cluster on = c.cluster()) {
            return on.map(tasks, false, k -> progress.show(command + ": " + k + " of " + tasks.size()
                + " runs done on " + on.members() + " members"));
        } catch (flowproof.explore.distributed.MemberLostException e) {
            progress.done();
            exit[0] = ClusterOption.lost(command, e, err);
            return null;
        } finally {
            progress.done();
        }
    }

    /** The loads of {@code --loads}, or null after a one-line error on {@code err}. */
    double[] loads(Path spec, PrintWriter err) {
        double[] ls = SweepCommand.parseLoads(loads);
        if (ls == null) {
            err.println(spec + ": --loads: expected A:B:STEP with 0 < A <= B <= 1 and STEP > 0, at most "
                + SweepCommand.MAX_LOADS + " loads, found " + loads);
        }
        return ls;
    }

    /** A spec read for a load sweep: the spec, its loads, and its simulation at the first load. */
    record Sweep(Spec spec, double[] loads, SimConfig base) {
    }

    /**
     * Reads the spec and these options (the preamble of {@code sweep} and {@code compare}), or
     * returns null after a one-line error on {@code err}.
     */
    Sweep read(Path spec, PrintWriter err) {
        if (threads < 1) {
            err.println(spec + ": --threads: expected a positive number of threads, found " + threads);
            return null;
        }
        Spec s = Main.readSpec(spec, err);
        if (s == null) {
            return null;
        }
        double[] ls = loads(spec, err);
        if (ls == null) {
            return null;
        }
        SimConfig base = base(s, spec, ls[0], err);
        return base == null ? null : new Sweep(s, ls, base);
    }

    /** The spec's simulation at the first load with these options, or null after a one-line error. */
    SimConfig base(Spec s, Path spec, double firstLoad, PrintWriter err) {
        return SimulateCommand.configure(s, spec, firstLoad, "--loads", cycles, warmup, seed, check, err);
    }
}
