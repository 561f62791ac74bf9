package flowproof.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.explore.ExplorationResult;
import flowproof.explore.Explorer;
import flowproof.explore.Limits;
import flowproof.explore.Model;
import flowproof.explore.Property;
import flowproof.routing.DimensionOrderRouting;
import flowproof.rule.FlowControlRule;
import flowproof.rule.RuleKind;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import flowproof.traffic.TrafficPattern;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "bench", mixinStandardHelpOptions = true,
    description = {"Measures the explorer on the reference configurations T1, T2, R8 and T4: states per second "
        + "and bytes per stored state, best of several runs after a warm-up run, for every engine asked for "
        + "(--engines): 'seq' the sequential search, 'par' the level-synchronous search on --threads threads, "
        + "'seq+sym' and 'par+sym' the same with symmetry reduction (the level-synchronous engine on 1 or N threads).",
        "'search' is the breadth-first enumeration with the invariants and stuck-freedom; "
            + "'check' adds drainability and traces, as explore does. T4 is too large to finish here: it runs "
            + "search only, stopped after --prefix-states stored states, and reports the rate up to there."})
final class BenchCommand implements Callable<Integer> {

    @Option(names = "--runs", defaultValue = "3", description = "measured runs per configuration (default: ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--only", split = ",", description = "configurations to run (T1, T2, R8, T4; default all but T4)")
    List<String> only;

    @Option(names = "--engines", split = ",", defaultValue = "seq",
        description = "engines to measure: seq, par, seq+sym, par+sym (default: ${DEFAULT-VALUE})")
    List<String> engines;

    @Option(names = "--threads", paramLabel = "N", description = "threads of the par engines (default: all cores)")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--prefix-states", paramLabel = "N", defaultValue = "10000000",
        description = "stored states after which the T4 search stops (default: ${DEFAULT-VALUE})")
    long prefixStates;

    @Option(names = "--json", description = "print one JSON object per configuration")
    boolean json;

    @Option(names = "--members", paramLabel = "N",
        description = "instead: the partitioned search on N Hazelcast members in this JVM against the single JVM's two "
            + "engines on one thread, sequential and level-synchronous (search phase, no drainability). The members "
            + "form one cluster and run --runs + 1 searches on it, as workers do; a search's process CPU seconds run from "
            + "the moment every member is ready to start it until the last has ended it. Printed: those CPU "
            + "seconds, states per CPU-second and its ratio to the faster single-JVM engine's, bytes on the "
            + "wire per remote successor, the level barrier's protocol time (mean and median) and the longest wait in it; "
            + "then a line with the CPU of forming and shutting down the cluster, the protocol time of every level, the collections and the most threads alive "
            + "(docs/cluster.md)")
    Integer members;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    record Config(String id, int[] radix, int vcs, int capacity, RuleKind rule, boolean prefix) {

        Config(String id, int[] radix, int vcs, int capacity, RuleKind rule) {
            this(id, radix, vcs, capacity, rule, false);
        }

        Model model() {
            Torus t = Torus.torus(radix, false);
            Network n = new Network(t, vcs, capacity);
            FlowControlRule r = rule.create(n, 0);
            return new Model(n, new DimensionOrderRouting(t), r, TrafficPattern.ALL_PAIRS.pairs(t));
        }
    }

    static final List<Config> CONFIGS = List.of(
        new Config("T1", new int[] {3, 2}, 1, 1, RuleKind.VCT),
        new Config("T2", new int[] {3, 2}, 1, 1, RuleKind.THEORETICAL_BUBBLE),
        new Config("R8", new int[] {5}, 1, 2, RuleKind.CRITICAL_BUBBLE),
        new Config("T4", new int[] {3, 3}, 1, 1, RuleKind.THEORETICAL_BUBBLE, true));

    private static final List<String> ENGINES = List.of("seq", "par", "seq+sym", "par+sym");

    /** CPU seconds this process has used so far (every thread, Hazelcast's included). */
    private static double processCpuSeconds() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
            .getOperatingSystemMXBean()).getProcessCpuTime() / 1e9;
    }

    private static void await(java.util.concurrent.CyclicBarrier barrier) {
        try {
            barrier.await(10, java.util.concurrent.TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the members lined up", e);
        } catch (java.util.concurrent.BrokenBarrierException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("the members did not line up for the next search", e);
        }
    }

    private record MemberRun(ExplorationResult result, flowproof.explore.distributed.MemberStats stats) {
    }

    /**
     * The single JVM's two engines on one thread and the partitioned search on {@link #members} members, each measured
     * after a warm-up run; the best of {@link #runs} by CPU seconds. The members' CPU is the whole
     * process's during {@code HazelcastMembers.run}, cluster start and shutdown included.
     */
    private int benchMembers(PrintWriter out) {
        out.printf("%-4s %-10s %11s %12s %6s %9s %9s %13s %7s %11s %11s %11s %11s%n", "id", "engine", "states",
            "transitions", "depth", "wall s", "CPU s", "states/CPU-s", "ratio", "bytes/succ", "barrier ms", "median ms",
            "waited ms");
        for (Config c : CONFIGS) {
            if (only == null ? c.prefix() : !only.contains(c.id())) {
                continue;
            }
            Model m = c.model();
            Set<Property> props = EnumSet.copyOf(Explorer.defaultProperties(m.rule()));
            props.remove(Property.DRAINABILITY);
            // the single JVM's two engines on one thread: the sequential search, and the level-synchronous one (which
            // explore runs, on every core, by default; a progress listener selects it on one thread); the ratio is
            // against the faster of the two per CPU-second
            double bestSeq = Double.MAX_VALUE;
            ExplorationResult seq = null;
            for (String engine : List.of("seq", "level")) {
                double bestCpu = Double.MAX_VALUE;
                ExplorationResult best1 = null;
                for (int i = 0; i <= runs; i++) {
                    double cpu = processCpuSeconds();
                    Explorer e = new Explorer(m, props, Limits.defaults(), false);
                    if (engine.equals("level")) {
                        e.threads(1).progress(status -> { });
                    }
                    ExplorationResult r = e.run();
                    cpu = processCpuSeconds() - cpu;
                    if (i > 0 && cpu < bestCpu) {
                        bestCpu = cpu;
                        best1 = r;
                    }
                }
                out.printf("%-4s %-10s %,11d %,12d %6d %9.2f %9.2f %,13.0f %7s %11s %11s %11s %11s%n", c.id(), engine,
                    best1.states(), best1.transitions(), best1.depth(), best1.seconds(), bestCpu,
                    best1.states() / bestCpu, "-", "-", "-", "-", "-");
                if (bestCpu < bestSeq) {
                    bestSeq = bestCpu;
                    seq = best1;
                }
            }
            // the cluster is formed once and runs every search, as workers do; a search's CPU is the process's from the
            // moment every member is ready to start it until the last member has ended it (and delivered its messages)
            int searches = runs + 1;
            double[] searchCpu = new double[searches];
            double[] searchWall = new double[searches];
            JvmActivity[] searchActivity = new JvmActivity[searches];
            double[] mark = new double[2];
            JvmActivity[] started = new JvmActivity[1];
            int[] index = {0};
            java.util.concurrent.CyclicBarrier begin = new java.util.concurrent.CyclicBarrier(members, () -> {
                started[0] = JvmActivity.start();
                mark[0] = processCpuSeconds();
                mark[1] = System.nanoTime();
            });
            java.util.concurrent.CyclicBarrier end = new java.util.concurrent.CyclicBarrier(members, () -> {
                searchCpu[index[0]] = processCpuSeconds() - mark[0];
                searchWall[index[0]] = (System.nanoTime() - mark[1]) / 1e9;
                searchActivity[index[0]] = started[0].since();
                index[0]++;
            });
            double clusterCpu = processCpuSeconds();
            List<List<MemberRun>> byMember = flowproof.cluster.HazelcastMembers.run(members, transports -> {
                List<MemberRun> mine = new ArrayList<>();
                for (int i = 0; i < searches; i++) {
                    await(begin);
                    try (flowproof.explore.distributed.Transport t = transports.get()) {
                        Explorer e = new Explorer(m, props, Limits.defaults(), false).member(t);
                        ExplorationResult r = e.run();
                        mine.add(new MemberRun(r, e.memberStats()));
                    }
                    await(end);
                }
                return mine;
            });
            clusterCpu = processCpuSeconds() - clusterCpu;
            int bestRun = 1;
            double allSearches = 0;
            for (int i = 0; i < searches; i++) {
                allSearches += searchCpu[i];
                if (i > 0 && searchCpu[i] < searchCpu[bestRun]) {
                    bestRun = i;
                }
            }
            double bestMem = searchCpu[bestRun];
            double wall = searchWall[bestRun];
            JvmActivity activity = searchActivity[bestRun];
            List<MemberRun> best = new ArrayList<>();
            for (List<MemberRun> mine : byMember) {
                best.add(mine.get(bestRun));
            }
            ExplorationResult r = best.get(0).result();
            long remote = 0;
            long bytes = 0;
            for (MemberRun mr : best) {
                remote += mr.stats().remoteSuccessors();
                bytes += mr.stats().bytesSent();
            }
            double[] barrier = flowproof.explore.distributed.MemberStats.barrierMillis(
                best.stream().map(MemberRun::stats).toList());
            boolean same = r.states() == seq.states() && r.transitions() == seq.transitions() && r.depth() == seq.depth()
                && r.stuckStates() == seq.stuckStates();
            double ratio = (r.states() / bestMem) / (seq.states() / bestSeq);
            out.printf("%-4s %-10s %,11d %,12d %6d %9.2f %9.2f %,13.0f %7.2f %11.2f %11.2f %11.2f %11.2f%s%n", c.id(),
                members + " members", r.states(), r.transitions(), r.depth(), wall, bestMem, r.states() / bestMem, ratio,
                remote == 0 ? 0.0 : (double) bytes / remote, barrier[0], barrier[1], barrier[2],
                same ? "" : "  COUNTS DIFFER FROM seq");
            double[] byLevel = flowproof.explore.distributed.MemberStats.barrierLevelMillis(
                best.stream().map(MemberRun::stats).toList());
            StringBuilder levels = new StringBuilder();
            for (double b : byLevel) {
                levels.append(String.format(" %.2f", b));
            }
            out.printf("%-4s %-10s cluster formed and shut down: %.2f CPU s; %,d remote successors; barrier ms by level:%s; "
                + "%d collections (%d ms), at most %d threads%n", c.id(), members + " members", clusterCpu - allSearches,
                remote, levels, activity.collections(), activity.gcMillis(), activity.peakThreads());
            out.flush();
            if (!same) {
                return 1;
            }
        }
        return 0;
    }

    private void print(PrintWriter out, Config c, Model m, String engine, String phase, ExplorationResult best) {
        double rate = best.states() / best.seconds();
        double orbitRate = best.orbits() / best.seconds();
        double ratio = best.bytesPerState() / (8.0 * best.stateWords());
        String id = c.id() + (best.complete() ? "" : "*");
        if (json) {
            ObjectNode o = new ObjectMapper().createObjectNode();
            o.put("id", c.id());
            o.put("model", m.describe());
            o.put("engine", engine);
            o.put("threads", best.threads());
            o.put("symmetryGroup", best.symmetryOrder());
            o.put("phase", phase);
            o.put("complete", best.complete());
            o.put("states", best.states());
            o.put("orbits", best.orbits());
            o.put("transitions", best.transitions());
            o.put("seconds", best.seconds());
            o.put("statesPerSecond", Math.round(rate));
            o.put("orbitsPerSecond", Math.round(orbitRate));
            o.put("stateBits", best.stateBits());
            o.put("stateWords", best.stateWords());
            o.put("bytesPerState", best.bytesPerState());
            o.put("bytesPerStateOverPackedSize", ratio);
            out.println(o);
        } else {
            out.printf("%-4s %-8s %-6s %,13d %,12d %,13d %9.3f %,14.0f %,13.0f %11d %13.1f %6.2fx%n", id, engine, phase,
                best.states(), best.orbits(), best.transitions(), best.seconds(), rate, orbitRate, best.stateBits(),
                best.bytesPerState(), ratio);
        }
        out.flush();
    }

    @Override
    public Integer call() {
        PrintWriter out = cmd.commandLine().getOut();
        if (runs < 1) {
            cmd.commandLine().getErr().println("--runs: expected a positive number of runs, found " + runs);
            return Main.BAD_INPUT;
        }
        for (String e : engines) {
            if (!ENGINES.contains(e)) {
                cmd.commandLine().getErr().println("--engines: expected some of " + String.join(", ", ENGINES)
                    + ", found " + e);
                return Main.BAD_INPUT;
            }
        }
        if (threads < 1 || prefixStates < 1) {
            cmd.commandLine().getErr().println(threads < 1 ? "--threads: expected a positive number of threads, found "
                + threads : "--prefix-states: expected a positive number of states, found " + prefixStates);
            return Main.BAD_INPUT;
        }
        if (members != null) {
            if (members < 1 || members > ClusterOption.MAX_IN_JVM_MEMBERS) {
                cmd.commandLine().getErr().println("--members: expected 1 to " + ClusterOption.MAX_IN_JVM_MEMBERS
                    + " members in this JVM, found " + members);
                return Main.BAD_INPUT;
            }
            return benchMembers(out);
        }
        if (!json) {
            out.printf("%-4s %-8s %-6s %13s %12s %13s %9s %14s %13s %11s %13s %7s%n", "id", "engine", "phase", "states",
                "orbits", "transitions", "seconds", "states/s", "orbits/s", "state bits", "bytes/stored", "ratio");
        }
        for (Config c : CONFIGS) {
            if (only == null ? c.prefix() : !only.contains(c.id())) {
                continue;
            }
            Model m = c.model();
            Set<Property> all = Explorer.defaultProperties(m.rule());
            Set<Property> search = EnumSet.copyOf(all);
            search.remove(Property.DRAINABILITY);
            Limits limits = c.prefix() ? new Limits(prefixStates, Limits.DEFAULT_SECONDS, Long.MAX_VALUE) : Limits.defaults();
            for (String engine : engines) {
                int n = engine.startsWith("par") ? threads : 1;
                boolean sym = engine.endsWith("+sym");
                for (String phase : c.prefix() ? List.of("search") : List.of("search", "check")) {
                    Set<Property> props = phase.equals("search") ? search : all;
                    ExplorationResult best = null;
                    for (int i = 0; i <= runs; i++) {
                        ExplorationResult r = new Explorer(m, props, limits, false).threads(n).symmetry(sym)
                            .injectionProduct(false).run(); // the engines themselves, no product
                        if (i > 0 && (best == null || r.seconds() < best.seconds())) {
                            best = r;
                        }
                    }
                    print(out, c, m, engine, phase, best);
                }
            }
        }
        if (!json) {
            out.println("ratio: stored bytes per stored state over the packed state size (8 bytes per word); "
                + "orbits: states stored (one per orbit with +sym); * stopped at --prefix-states (T4)");
        }
        return Main.OK;
    }
}
