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
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "bench", mixinStandardHelpOptions = true,
    description = {"Measures the explorer on the reference configurations T1, T2 and R8: states per second "
        + "(one thread) and bytes per stored state, best of several runs after a warm-up run.",
        "'search' is the breadth-first enumeration with the invariants and stuck-freedom; "
            + "'check' adds drainability and traces, as explore does."})
final class BenchCommand implements Callable<Integer> {

    @Option(names = "--runs", defaultValue = "3", description = "measured runs per configuration (default: ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--only", split = ",", description = "configurations to run (T1, T2, R8)")
    List<String> only;

    @Option(names = "--json", description = "print one JSON object per configuration")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    record Config(String id, int[] radix, int vcs, int capacity, RuleKind rule) {
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
        new Config("R8", new int[] {5}, 1, 2, RuleKind.CRITICAL_BUBBLE));

    @Override
    public Integer call() {
        PrintWriter out = cmd.commandLine().getOut();
        if (runs < 1) {
            cmd.commandLine().getErr().println("--runs: expected a positive number of runs, found " + runs);
            return Main.BAD_INPUT;
        }
        if (!json) {
            out.printf("%-4s %-6s %11s %12s %9s %14s %11s %13s %7s%n", "id", "phase", "states", "transitions",
                "seconds", "states/s", "state bits", "bytes/state", "ratio");
        }
        for (Config c : CONFIGS) {
            if (only != null && !only.contains(c.id())) {
                continue;
            }
            Model m = c.model();
            Set<Property> all = Explorer.defaultProperties(m.rule());
            Set<Property> search = EnumSet.copyOf(all);
            search.remove(Property.DRAINABILITY);
            for (String phase : List.of("search", "check")) {
                Set<Property> props = phase.equals("search") ? search : all;
                new Explorer(m, props, Limits.defaults(), false).run();
                ExplorationResult best = null;
                for (int i = 0; i < runs; i++) {
                    ExplorationResult r = new Explorer(m, props, Limits.defaults(), false).run();
                    if (best == null || r.seconds() < best.seconds()) {
                        best = r;
                    }
                }
                double rate = best.states() / best.seconds();
                double ratio = best.bytesPerState() / (8.0 * best.stateWords());
                if (json) {
                    ObjectNode o = new ObjectMapper().createObjectNode();
                    o.put("id", c.id());
                    o.put("model", m.describe());
                    o.put("phase", phase);
                    o.put("states", best.states());
                    o.put("transitions", best.transitions());
                    o.put("seconds", best.seconds());
                    o.put("statesPerSecond", Math.round(rate));
                    o.put("stateBits", best.stateBits());
                    o.put("stateWords", best.stateWords());
                    o.put("bytesPerState", best.bytesPerState());
                    o.put("bytesPerStateOverPackedSize", ratio);
                    out.println(o);
                } else {
                    out.printf("%-4s %-6s %,11d %,12d %9.3f %,14.0f %11d %13.1f %6.2fx%n", c.id(), phase, best.states(),
                        best.transitions(), best.seconds(), rate, best.stateBits(), best.bytesPerState(), ratio);
                }
                out.flush();
            }
        }
        if (!json) {
            out.println("ratio: stored bytes per state over the packed state size (" + "8 bytes per word)");
        }
        return Main.OK;
    }
}
