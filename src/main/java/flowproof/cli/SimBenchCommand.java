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
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "bench-sim", mixinStandardHelpOptions = true,
    description = {"Measures the simulator: simulated node-cycles per second (terminals x cycles / wall seconds, one "
        + "thread) on the 8x8 bidirectional torus with DOR, virtual cut-through, 8-flit packets and 64-flit buffers, "
        + "uniform traffic at 0.1 flits/node/cycle and at 1.0 (past saturation), best of several runs after a "
        + "warm-up run."})
final class SimBenchCommand implements Callable<Integer> {

    @Option(names = "--runs", defaultValue = "3", description = "measured runs per configuration (default: ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--cycles", defaultValue = "50000", description = "cycles per run (default: ${DEFAULT-VALUE})")
    long cycles;

    @Option(names = "--json", description = "print one JSON object per configuration")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    record Config(String rule, int vcs, double load) {
    }

    static final List<Config> CONFIGS = List.of(new Config("critical-bubble", 1, 0.1),
        new Config("critical-bubble", 1, 1.0), new Config("dateline", 2, 0.1), new Config("dateline", 2, 1.0));

    static SimConfig config(Config c, long cycles) {
        Torus t = Torus.torus(new int[] {8, 8}, true);
        Network net = new Network(t, c.vcs(), 8);
        FlowControlRule rule = RuleKind.of(c.rule()).create(net, 0);
        ObjectNode sim = new ObjectMapper().createObjectNode().put("traffic", "uniform").put("load", c.load())
            .put("packet-size", 8);
        Workload w = WorkloadReader.read(sim, t);
        return new SimConfig(net, new DimensionOrderRouting(t), rule, w, SimConfig.Switching.VCT,
            SimConfig.Arbiter.ROUND_ROBIN, 64, 4, 1, 1, 1, 1, cycles, cycles / 5, 1, 2_000, 0, false, false, 100, null, null);
    }

    @Override
    public Integer call() {
        PrintWriter out = cmd.commandLine().getOut();
        if (runs < 1 || cycles < 1000) {
            cmd.commandLine().getErr().println("--runs/--cycles: expected at least 1 run and 1000 cycles, found "
                + runs + " runs, " + cycles + " cycles");
            return Main.BAD_INPUT;
        }
        if (!json) {
            out.printf("%-16s %3s %5s %9s %9s %8s %16s%n", "rule", "VCs", "load", "accepted", "cycles", "seconds",
                "node-cycles/s");
        }
        for (Config c : CONFIGS) {
            SimConfig cfg = config(c, cycles);
            new Simulator(cfg).run(null);
            SimResult best = null;
            for (int i = 0; i < runs; i++) {
                SimResult r = new Simulator(cfg).run(null);
                if (best == null || r.seconds() < best.seconds()) {
                    best = r;
                }
            }
            if (json) {
                ObjectNode o = new ObjectMapper().createObjectNode();
                o.put("rule", c.rule());
                o.put("vcs", c.vcs());
                o.put("load", c.load());
                o.put("accepted", best.accepted());
                o.put("cycles", best.cycles());
                o.put("seconds", best.seconds());
                o.put("nodeCyclesPerSecond", Math.round(best.nodeCyclesPerSecond()));
                out.println(o);
            } else {
                out.printf("%-16s %3d %5.2f %9.4f %,9d %8.3f %,16.0f%n", c.rule(), c.vcs(), c.load(), best.accepted(),
                    best.cycles(), best.seconds(), best.nodeCyclesPerSecond());
            }
            out.flush();
        }
        return Main.OK;
    }
}
