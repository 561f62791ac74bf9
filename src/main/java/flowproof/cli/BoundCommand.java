package flowproof.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.ConfigurationException;
import flowproof.report.ResultJson;
import flowproof.solve.OrTools;
import flowproof.solve.ThroughputBound;
import flowproof.spec.Spec;
import flowproof.topology.Topology;
import flowproof.traffic.Workload;
import flowproof.traffic.WorkloadReader;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "bound", mixinStandardHelpOptions = true,
    description = {"The ideal saturation throughput (flits/node/cycle) of the spec's network under a traffic pattern "
        + "and its routing function, with injection and ejection limits, and the bottleneck channels: channel "
        + "loads for deterministic routing, a multicommodity-flow LP (GLOP) for adaptive and UGAL routing.",
        "Exit code: 0, 2 bad input, 3 the flow LP is too large."})
final class BoundCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Parameters(paramLabel = "SPEC", description = "a spec file (YAML)")
    Path spec;

    @Option(names = "--pattern", paramLabel = "P",
        description = "the traffic pattern, as in simulation.traffic (e.g. tornado, or "
            + "\"{pattern: hot-spot, node: 0, fraction: 0.25}\"); default: the spec's simulation traffic, or uniform")
    String pattern;

    @Option(names = "--json", description = "print one JSON object instead of the report")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    @Override
    public Integer call() throws Exception {
        var err = cmd.commandLine().getErr();
        Spec s = Main.readSpec(spec, err);
        if (s == null) {
            return Main.BAD_INPUT;
        }
        ObjectNode sim = s.simulation() != null && s.simulation().isObject()
            ? (ObjectNode) s.simulation().deepCopy() : JSON.createObjectNode();
        if (pattern != null) {
            JsonNode p;
            try {
                p = flowproof.spec.Yaml.read(pattern);
            } catch (Exception e) {
                err.println("--pattern: expected a pattern name or a YAML mapping, found " + pattern);
                return Main.BAD_INPUT;
            }
            sim.set("traffic", p);
        }
        Topology topo = s.topology();
        Workload w;
        int inj;
        int ej;
        long seed;
        try {
            w = WorkloadReader.read(sim, topo, spec.toAbsolutePath().getParent());
            inj = positive(sim, "injection-channels");
            ej = positive(sim, "ejection-channels");
            seed = sim.has("seed") ? sim.get("seed").asLong() : 1;
        } catch (ConfigurationException e) {
            err.println(spec + ": " + (pattern != null && e.field().startsWith("simulation.traffic")
                ? "--pattern (" + e.getMessage() + ")" : e.getMessage()));
            return Main.BAD_INPUT;
        }
        String problem = OrTools.problem();
        if (problem != null && (s.routing().maxCandidates() > 1 || s.routing().maxInjectHeaders() > 1
            || s.routing().hasEscape())) {
            err.println("bound: " + problem);
            return Main.BAD_INPUT;
        }
        double[][] rates = new double[w.terminals()][];
        try {
            for (int t = 0; t < rates.length; t++) {
                rates[t] = w.destinationWeights(t, seed);
            }
        } catch (UnsupportedOperationException e) {
            err.println(spec + ": simulation.traffic: expected a pattern with fixed destination probabilities, found "
                + w.describe());
            return Main.BAD_INPUT;
        }
        ThroughputBound.Result r;
        try {
            r = ThroughputBound.of(topo, s.routing(), rates, inj, ej);
        } catch (ThroughputBound.TooLarge e) {
            err.println("bound: " + spec + ": " + e.getMessage());
            return Main.INCOMPLETE;
        }
        String traffic = sim.has("traffic") ? sim.get("traffic").toString().replace("\"", "") : "uniform";
        var out = cmd.commandLine().getOut();
        if (json) {
            ObjectNode o = JSON.createObjectNode();
            o.put("spec", s.source());
            o.put("name", s.name());
            o.put("traffic", traffic);
            o.put("routing", s.routing().name());
            o.put("bound", r.bound());
            o.put("units", "flits/node/cycle");
            o.put("method", r.method());
            o.put("injectionChannels", inj);
            o.put("ejectionChannels", ej);
            r.bottlenecks().forEach(o.putArray("bottlenecks")::add);
            r.saturated().forEach(o.putArray("saturated")::add);
            o.put("variables", r.variables());
            o.put("constraints", r.constraints());
            o.put("seconds", Math.round(r.seconds() * 1000) / 1000.0);
            out.println(ResultJson.line(o));
        } else {
            out.printf("%s  (%s)%n", s.name(), s.source());
            out.printf("  %-12s %s, %s routing, traffic %s, %d injection / %d ejection channel(s) per terminal%n",
                "network", topo.describe(), s.routing().name(), traffic, inj, ej);
            out.printf("  %-12s %.4f flits/node/cycle (method %s%s; %.2f s)%n", "bound", r.bound(), r.method(),
                r.method().equals("lp") ? String.format(", %,d variables, %,d constraints", r.variables(), r.constraints())
                    : "", r.seconds());
            out.printf("  %-12s %s%n", "limited by", abbreviate(r.bottlenecks()));
            out.printf("  %-12s %d channel(s) fully used at the bound%s%n", "saturated", r.saturated().size(),
                r.saturated().isEmpty() ? "" : ": " + abbreviate(r.saturated()));
        }
        out.flush();
        return Main.OK;
    }

    private static String abbreviate(java.util.List<String> names) {
        if (names.size() <= 8) {
            return String.join(", ", names);
        }
        return String.join(", ", names.subList(0, 8)) + " and " + (names.size() - 8) + " more";
    }

    private static int positive(ObjectNode sim, String field) {
        JsonNode n = sim.get(field);
        if (n == null) {
            return 1;
        }
        if (!n.canConvertToInt() || n.asInt() < 1) {
            throw new ConfigurationException("simulation." + field, "a positive integer", n.toString());
        }
        return n.asInt();
    }
}
