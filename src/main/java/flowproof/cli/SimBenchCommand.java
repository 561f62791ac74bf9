package flowproof.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.routing.DimensionOrderRouting;
import flowproof.rule.FlowControlRule;
import flowproof.rule.RuleKind;
import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import flowproof.sim.Simulator;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import flowproof.traffic.Workload;
import flowproof.traffic.WorkloadReader;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "bench-sim", mixinStandardHelpOptions = true,
    description = {"Measures the simulator: simulated node-cycles per second (terminals x cycles / wall seconds, one "
        + "thread) on the bidirectional k x k torus (8x8 unless --sizes) with DOR, virtual cut-through, 8-flit packets "
        + "and 64-flit buffers, uniform traffic at 0.1 flits/node/cycle and at 1.0 (past saturation) unless --loads, "
        + "best of several runs after a warm-up run; also per CPU second of the simulating thread, which other jobs on "
        + "the machine disturb less.",
        "With --against-booksim BINARY, BookSim 2.0 and flowproof run alternately on the same torus, routing, VCs, "
        + "buffers, packets and traffic (dateline, 2 VCs; BookSim's own wormhole router), and both rates and their "
        + "ratio are reported: BookSim's on its own timer (\"Total run time\") and per CPU second of its process. "
        + "flowproof also runs BookSim's configuration itself, read as simulate --booksim reads it (BookSim's "
        + "router: wormhole, its stages, iSLIP), in the same rounds: the \"same cfg\" columns and the JSON's "
        + "sameConfiguration."})
final class SimBenchCommand implements Callable<Integer> {

    @Option(names = "--runs", defaultValue = "3", description = "measured runs per configuration (default: ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--cycles", defaultValue = "50000", description = "cycles per run (default: ${DEFAULT-VALUE})")
    long cycles;

    @Option(names = "--sizes", split = ",", defaultValue = "8", paramLabel = "K",
        description = "torus sizes k (k x k), comma-separated (default: ${DEFAULT-VALUE})")
    List<Integer> sizes;

    @Option(names = "--loads", split = ",", defaultValue = "0.1,1.0", paramLabel = "R",
        description = "offered loads in flits/node/cycle, comma-separated (default: ${DEFAULT-VALUE})")
    List<Double> loads;

    @Option(names = "--against-booksim", paramLabel = "BINARY",
        description = "a BookSim 2.0 binary: run it and flowproof alternately on each configuration (dateline, "
            + "2 VCs only) and report both rates and the ratio")
    Path booksim;

    @Option(names = "--json", description = "print one JSON object per configuration")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    record Config(int size, String rule, int vcs, double load) {
        int nodes() {
            return size * size;
        }
    }

    /** The default configurations: 8x8, critical bubble with 1 VC and dateline with 2, at 0.1 and 1.0. */
    static final List<Config> CONFIGS = configs(List.of(8), List.of(0.1, 1.0), false);

    static List<Config> configs(List<Integer> sizes, List<Double> loads, boolean datelineOnly) {
        List<Config> list = new ArrayList<>();
        for (int k : sizes) {
            for (String rule : datelineOnly ? List.of("dateline") : List.of("critical-bubble", "dateline")) {
                for (double load : loads) {
                    list.add(new Config(k, rule, rule.equals("dateline") ? 2 : 1, load));
                }
            }
        }
        return list;
    }

    static final int BUFFER_FLITS = 64;
    static final int PACKET_FLITS = 8;

    static SimConfig config(Config c, long cycles) {
        Torus t = Torus.torus(new int[] {c.size(), c.size()}, true);
        Network net = new Network(t, c.vcs(), PACKET_FLITS);
        FlowControlRule rule = RuleKind.of(c.rule()).create(net, 0);
        ObjectNode sim = new ObjectMapper().createObjectNode().put("traffic", "uniform").put("load", c.load())
            .put("packet-size", PACKET_FLITS);
        Workload w = WorkloadReader.read(sim, t);
        return new SimConfig(net, new DimensionOrderRouting(t), rule, w, SimConfig.Switching.VCT,
            SimConfig.Arbiter.ROUND_ROBIN, BUFFER_FLITS, 4, 1, 1, 1, 1, cycles, cycles / 5, 1, 2_000, 0, false, false,
            100, null, null);
    }

    /**
     * flowproof's simulation of the BookSim configuration {@code bsConfig} itself, read as
     * {@code simulate --booksim} reads it (BookSim's router options: stages, wormhole, its VC
     * release, iSLIP): the same configuration BookSim runs. Its one warm-up period and one
     * sample become {@code cycles} cycles of which the first fifth warm up, as flowproof's
     * own bench runs.
     */
    static SimConfig sameAsBookSim(String bsConfig, long cycles) throws flowproof.spec.SpecException {
        String text = bsConfig.replace("warmup_periods = 1;", "warmup_periods = 1;\nmax_samples = 5;")
            .replace("max_samples = 1;", "").replace("sample_period = " + cycles + ";", "sample_period = "
                + Math.max(1, cycles / 5) + ";");
        flowproof.spec.Spec spec = flowproof.spec.SpecReader.fromTree("bench-sim", "", flowproof.spec.BookSimConfig
            .toSpecTree("bench-sim", "bench", text, flowproof.spec.BookSimConfig.Purpose.SIMULATE));
        return flowproof.spec.SimulationReader.read(spec);
    }

    /** One measured flowproof run: its result and the CPU seconds of the thread that ran it. */
    record Measured(SimResult result, double cpuSeconds) {
    }

    static Measured measure(SimConfig cfg) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long cpu0 = mx.isCurrentThreadCpuTimeSupported() ? mx.getCurrentThreadCpuTime() : -1;
        SimResult r = new Simulator(cfg).run(null);
        double cpu = cpu0 < 0 ? Double.NaN : (mx.getCurrentThreadCpuTime() - cpu0) / 1e9;
        return new Measured(r, cpu);
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = cmd.commandLine().getOut();
        PrintWriter err = cmd.commandLine().getErr();
        if (runs < 1 || cycles < 1000) {
            err.println("--runs/--cycles: expected at least 1 run and 1000 cycles, found " + runs + " runs, " + cycles
                + " cycles");
            return Main.BAD_INPUT;
        }
        for (int k : sizes) {
            if (k < 2 || k > 256) {
                err.println("--sizes: expected torus sizes from 2 to 256, found " + k);
                return Main.BAD_INPUT;
            }
        }
        for (double l : loads) {
            if (!(l > 0 && l <= 1)) {
                err.println("--loads: expected loads in (0, 1], found " + l);
                return Main.BAD_INPUT;
            }
        }
        if (booksim != null && !Files.isExecutable(booksim)) {
            err.println("--against-booksim: expected an executable BookSim binary, found " + booksim
                + (Files.exists(booksim) ? " (not executable)" : " (no such file)"));
            return Main.BAD_INPUT;
        }
        boolean against = booksim != null;
        if (!json) {
            out.printf("%-5s %-16s %3s %5s %9s %9s %8s %14s %14s", "torus", "rule", "VCs", "load", "accepted", "cycles",
                "seconds", "node-cycles/s", "per CPU s");
            if (against) {
                out.printf(" | %9s %9s %8s %14s %14s %7s %7s | %9s %14s %7s", "BookSim", "cycles", "seconds",
                    "node-cycles/s", "per CPU s", "ratio", "CPU", "same cfg", "per CPU s", "CPU");
            }
            out.println();
        }
        for (Config c : configs(sizes, loads, against)) {
            SimConfig cfg = config(c, cycles);
            String bsConfig = BookSimRun.config(c.size(), c.load(), cycles, BUFFER_FLITS, PACKET_FLITS);
            SimConfig same = against ? sameAsBookSim(bsConfig, cycles) : null;
            measure(cfg);
            if (against) {
                measure(same);
            }
            Measured best = null;
            double bestCpu = Double.NaN;
            Measured sameBest = null;
            double sameBestCpu = Double.NaN;
            BookSimRun bsBest = null;
            double bsBestCpu = Double.NaN;
            for (int i = 0; i < runs; i++) {
                if (against) {
                    // alternately, so that both see the same load from whatever else runs on the machine
                    BookSimRun b = BookSimRun.run(booksim, bsConfig);
                    if (bsBest == null || b.runSeconds() < bsBest.runSeconds()) {
                        bsBest = b;
                    }
                    if (!(b.cpuSeconds() >= bsBestCpu)) {
                        bsBestCpu = b.cpuSeconds();
                    }
                    Measured m = measure(same);
                    if (sameBest == null || m.result().seconds() < sameBest.result().seconds()) {
                        sameBest = m;
                    }
                    if (!(m.cpuSeconds() >= sameBestCpu)) {
                        sameBestCpu = m.cpuSeconds();
                    }
                }
                Measured m = measure(cfg);
                if (best == null || m.result().seconds() < best.result().seconds()) {
                    best = m;
                }
                if (!(m.cpuSeconds() >= bestCpu)) {
                    bestCpu = m.cpuSeconds();
                }
            }
            SimResult r = best.result();
            double cpuRate = c.nodes() * (double) r.cycles() / bestCpu;
            double bsRate = against ? bsBest.nodeCyclesPerSecond(c.nodes()) : Double.NaN;
            double bsCpuRate = against ? c.nodes() * (double) bsBest.cycles() / bsBestCpu : Double.NaN;
            double sameCpuRate = against ? c.nodes() * (double) sameBest.result().cycles() / sameBestCpu : Double.NaN;
            if (json) {
                ObjectNode o = new ObjectMapper().createObjectNode();
                o.put("size", c.size());
                o.put("rule", c.rule());
                o.put("vcs", c.vcs());
                o.put("load", c.load());
                o.put("accepted", r.accepted());
                o.put("cycles", r.cycles());
                o.put("seconds", r.seconds());
                o.put("nodeCyclesPerSecond", Math.round(r.nodeCyclesPerSecond()));
                o.put("cpuSeconds", bestCpu);
                o.put("nodeCyclesPerCpuSecond", Double.isNaN(cpuRate) ? null : Math.round(cpuRate));
                if (against) {
                    ObjectNode b = o.putObject("booksim");
                    b.put("accepted", bsBest.accepted());
                    b.put("cycles", bsBest.cycles());
                    b.put("runSeconds", bsBest.runSeconds());
                    b.put("wallSeconds", bsBest.wallSeconds());
                    b.put("cpuSeconds", Double.isNaN(bsBestCpu) ? null : bsBestCpu);
                    b.put("nodeCyclesPerSecond", Math.round(bsRate));
                    b.put("nodeCyclesPerCpuSecond", Double.isNaN(bsCpuRate) ? null : Math.round(bsCpuRate));
                    o.put("ratio", r.nodeCyclesPerSecond() / bsRate);
                    o.put("cpuRatio", Double.isNaN(cpuRate / bsCpuRate) ? null : cpuRate / bsCpuRate);
                    ObjectNode sc = o.putObject("sameConfiguration");
                    sc.put("accepted", sameBest.result().accepted());
                    sc.put("cycles", sameBest.result().cycles());
                    sc.put("seconds", sameBest.result().seconds());
                    sc.put("nodeCyclesPerSecond", Math.round(sameBest.result().nodeCyclesPerSecond()));
                    sc.put("cpuSeconds", sameBestCpu);
                    sc.put("nodeCyclesPerCpuSecond", Double.isNaN(sameCpuRate) ? null : Math.round(sameCpuRate));
                    sc.put("ratio", sameBest.result().nodeCyclesPerSecond() / bsRate);
                    sc.put("cpuRatio", Double.isNaN(sameCpuRate / bsCpuRate) ? null : sameCpuRate / bsCpuRate);
                }
                out.println(o);
            } else {
                out.printf("%-5s %-16s %3d %5.2f %9.4f %,9d %8.3f %,14.0f %,14.0f", c.size() + "x" + c.size(), c.rule(),
                    c.vcs(), c.load(), r.accepted(), r.cycles(), r.seconds(), r.nodeCyclesPerSecond(), cpuRate);
                if (against) {
                    out.printf(" | %9.4f %,9d %8.3f %,14.0f %,14.0f %7.1f %7.1f", bsBest.accepted(), bsBest.cycles(),
                        bsBest.runSeconds(), bsRate, bsCpuRate, r.nodeCyclesPerSecond() / bsRate, cpuRate / bsCpuRate);
                    out.printf(" | %9.4f %,14.0f %7.1f", sameBest.result().accepted(), sameCpuRate,
                        sameCpuRate / bsCpuRate);
                }
                out.println();
            }
            out.flush();
        }
        return Main.OK;
    }
}
