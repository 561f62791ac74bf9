package flowproof.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.fuzz.Draw;
import flowproof.fuzz.FuzzFile;
import flowproof.fuzz.Invariants;
import flowproof.fuzz.Scenario;
import flowproof.fuzz.ScenarioGenerator;
import flowproof.fuzz.Shrinker;
import flowproof.fuzz.Variants;
import flowproof.fuzz.Violation;
import flowproof.report.OutputFile;
import flowproof.spec.SpecException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "fuzz", mixinStandardHelpOptions = true,
    description = {"Generates random traffic scripts (patterns, hot spots, bursts, loads up to 2 flits/node/cycle) and "
        + "router timings for the network, rule and scheme of a spec, runs each in the simulator with every invariant "
        + "of the property suite checked, and shrinks the first failure (smaller network, fewer packets, earlier "
        + "cycles) into a counterexample file.",
        "Given a counterexample file (counterexamples/sim/*.json) instead of a spec, replays it.",
        "Exit code: 0 no violation found (not a proof), 1 a violation, 2 bad input."})
final class FuzzCommand implements Callable<Integer> {

    @Parameters(paramLabel = "SPEC", description = "a spec file (YAML; its network, routing with its vc-classes and escape, VCs, rule, message classes, simulation.control, router allocators and terminals' consume-delay and injection-arbiter are used; cases claimed deadlock-free send on its traffic pairs), or a fuzz counterexample (JSON)")
    Path spec;

    @Option(names = "--minutes", paramLabel = "N", description = "how long to generate cases (default 1)")
    double minutes = 1;

    @Option(names = "--seed", paramLabel = "S", description = "generator seed (default: from the clock, printed)")
    Long seed;

    @Option(names = "--out", paramLabel = "DIR", description = "where a shrunk counterexample is written (default counterexamples/sim)")
    Path out = Path.of("counterexamples/sim");

    @Option(names = "--max-packets", paramLabel = "N", description = "packets per generated case, at most (default 200)")
    int maxPackets = 200;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    @Override
    public Integer call() throws IOException {
        PrintWriter outw = cmd.commandLine().getOut();
        PrintWriter err = cmd.commandLine().getErr();
        if (!(minutes > 0) || minutes > 100_000) {
            err.println("flowproof fuzz: --minutes: expected a positive number of minutes, found " + minutes);
            return Main.BAD_INPUT;
        }
        if (maxPackets < 1) {
            err.println("flowproof fuzz: --max-packets: expected at least 1, found " + maxPackets);
            return Main.BAD_INPUT;
        }
        if (!Files.isRegularFile(spec)) {
            err.println(spec + ": no such file");
            return Main.BAD_INPUT;
        }
        JsonNode tree;
        try {
            tree = flowproof.spec.Yaml.read(Files.readString(spec));
        } catch (IOException e) {
            err.println(spec + ": not valid YAML or JSON: " + e.getMessage().lines().findFirst().orElse(""));
            return Main.BAD_INPUT;
        }
        if (tree != null && FuzzFile.FORMAT.equals(tree.path("format").asText())) {
            return replay(outw, err);
        }
        flowproof.spec.Spec read = Main.readSpec(spec, err);
        if (read == null) {
            return Main.BAD_INPUT;
        }
        // generated cases are read without the spec's folder: its network and routing files by absolute path
        absoluteFiles(tree.get("topology"), spec);
        absoluteFiles(tree.get("routing"), spec);
        ScenarioGenerator.Net net;
        try {
            net = netOf((ObjectNode) tree, read);
        } catch (IllegalArgumentException e) {
            err.println(spec + ": " + e.getMessage());
            return Main.BAD_INPUT;
        }
        long s = seed != null ? seed : System.nanoTime();
        outw.println("fuzz " + spec + ": seed " + s);
        SplittableRandom random = new SplittableRandom(s);
        int[][] pairs = terminalPairs(read);
        ScenarioGenerator gen = new ScenarioGenerator(List.of(net), maxPackets);
        long deadline = System.nanoTime() + (long) (minutes * 60e9);
        long runs = 0;
        while (System.nanoTime() < deadline) {
            Scenario sc = keepSpecFields(gen.generate(Draw.of(random)), (ObjectNode) tree);
            if (sc.deadlockFree() && pairs != null) {
                sc = onPairs(sc, pairs, random);
            }
            Violation v;
            try {
                v = Invariants.check(sc, Variants.NONE);
            } catch (IllegalArgumentException e) {
                continue;
            }
            runs++;
            if (v != null) {
                outw.println("violation after " + runs + " runs: " + v);
                // a claim of deadlock freedom is the spec's network's: a deadlock on a smaller one is no counterexample
                String topology = sc.spec().path("topology").toString();
                boolean keepNetwork = v.invariant().equals("deadlock-freedom");
                Shrinker.Result r = new Shrinker(c -> keepNetwork && !c.spec().path("topology").toString().equals(topology)
                    ? null : Invariants.check(c, Variants.NONE), 2_000).shrink(sc, v);
                Path file = out.resolve(read.name() + "." + v.invariant() + ".json");
                outw.println("shrunk in " + r.tried() + " tries to " + r.scenario().describe() + ": " + r.violation());
                try {
                    FuzzFile.write(file, r.scenario(), r.violation(), s, "found by flowproof fuzz " + spec + " --seed " + s);
                } catch (OutputFile.Failure e) {
                    outw.flush();
                    err.println("--out: " + e.getMessage());
                    return Main.BAD_INPUT;
                }
                outw.println("written to " + file);
                outw.println("replay: ./flowproof fuzz " + file + "   (or rerun: ./flowproof fuzz " + spec + " --seed " + s
                    + ")");
                return Main.VIOLATION;
            }
        }
        outw.println("no violation in " + runs + " runs (" + minutes + " minutes, seed " + s + ")");
        return Main.OK;
    }

    /** A relative {@code file} of {@code node} (the topology or routing mapping) made absolute, as the spec's folder resolves it. */
    private static void absoluteFiles(JsonNode node, Path specFile) {
        if (node instanceof ObjectNode o && o.path("file").isTextual()) {
            Path f = Path.of(o.get("file").asText());
            if (!f.isAbsolute()) {
                Path dir = specFile.toAbsolutePath().getParent();
                o.put("file", (dir == null ? f : dir.resolve(f)).normalize().toString());
            }
        }
    }

    /** The spec's network, routing, VCs and rule as the generator's one-entry menu; its scheme is kept as the spec has it. */
    private ScenarioGenerator.Net netOf(ObjectNode tree, flowproof.spec.Spec read) {
        JsonNode rule = tree.get("rule");
        String ruleJson = rule.isTextual() ? "{\"kind\":\"" + rule.asText() + "\"}" : rule.toString();
        return new ScenarioGenerator.Net(tree.get("topology").toString(), tree.path("routing").isTextual()
            ? tree.get("routing").asText() : null, tree.path("vcs").asInt(1), ruleJson, claim(tree, read), List.of());
    }

    /**
     * Deadlock freedom is claimed when the channel dependency graph proves it (acyclic, and the
     * rule needs only a free slot; with message classes, the extended graph with consumption
     * dependencies) or when the spec expects it (the explorer's verdict). The generated cases
     * keep the spec's routes and message classes ({@link #KEPT_NETWORK}), which those are about.
     */
    private ScenarioGenerator.Safety claim(ObjectNode tree, flowproof.spec.Spec read) {
        // with message classes under wormhole too: the simulator's injection port interleaves the
        // classes, so a request holds back no answer (docs/fuzzing.md)
        return specClaim(tree, read);
    }

    private static ScenarioGenerator.Safety specClaim(ObjectNode tree, flowproof.spec.Spec read) {
        if (read.rule().freeSlotSuffices() && flowproof.check.Flowproof.cdg(read).acyclic()) {
            return ScenarioGenerator.Safety.ALWAYS;
        }
        String expect = tree.path("expect").asText("");
        if (!expect.equals("deadlock-free") && !expect.equals("proved")) {
            return ScenarioGenerator.Safety.NONE;
        }
        return tree.path("rule").toString().contains("critical-bubble") ? ScenarioGenerator.Safety.VCT_TWO_SLOTS
            : tree.path("rule").toString().contains("bubble") ? ScenarioGenerator.Safety.VCT
            : ScenarioGenerator.Safety.ALWAYS;
    }

    /**
     * The spec's simulation fields a generated case keeps when the spec sets them: its scheme,
     * its router's allocators (they hold whatever switching, buffer and timing the generator
     * draws) and its terminals' service of message classes.
     */
    static final List<String> KEPT = List.of("control", "vc-allocator", "switch-allocator", "allocator-iterations",
        "input-speedup", "switch-hold", "allocation", "ejection-vcs", "consume-delay", "injection-arbiter");

    /** The fields of {@link #KEPT} that only a spec with message classes may set. */
    private static final List<String> MESSAGE_FIELDS = List.of("consume-delay", "injection-arbiter");

    /**
     * The spec's fields that make its network route as it does, beyond topology, VCs and rule:
     * a generated case keeps them, so that it runs the spec's routes (a routing with
     * parameters, its VC classes and escape VCs), which its claim of deadlock freedom was
     * proved on. Message classes are kept too: the terminals then answer the scripted requests,
     * and conservation checks the answers against the protocol.
     */
    static final List<String> KEPT_NETWORK = List.of("routing", "escape", "vc-classes", "messages");

    /** The generated case with the spec's fields of {@link #KEPT_NETWORK} and of {@link #KEPT}. */
    private static Scenario keepSpecFields(Scenario sc, ObjectNode tree) {
        ObjectNode spec = sc.spec().deepCopy();
        for (String f : KEPT_NETWORK) {
            if (tree.has(f)) {
                spec.set(f, tree.get(f));
            }
        }
        JsonNode sim = tree.path("simulation");
        Scenario r = sc.withSpec(spec);
        for (String f : KEPT) {
            if (sim.has(f) && (tree.has("messages") || !MESSAGE_FIELDS.contains(f))) {
                r = r.withSimulation(f, sim.get(f));
            }
        }
        return r;
    }

    /**
     * The spec's traffic pairs as (source terminal, destination terminal), or null when they are
     * every pair of distinct endpoints: deadlock freedom is claimed for the spec's pairs (its
     * dependency graph, its expected verdict), so a case claimed deadlock-free sends on them only.
     */
    private static int[][] terminalPairs(flowproof.spec.Spec read) {
        var topology = read.topology();
        int[] endpoints = topology.endpoints();
        int c = topology.concentration();
        java.util.Set<Long> listed = new java.util.HashSet<>();
        for (int[] p : read.pairs()) {
            if (p[0] != p[1]) {
                listed.add((long) p[0] << 32 | p[1]);
            }
        }
        long distinct = java.util.Arrays.stream(endpoints).distinct().count();
        if (listed.size() == distinct * (distinct - 1)) {
            return null;
        }
        List<int[]> out = new java.util.ArrayList<>();
        for (int a = 0; a < endpoints.length * c; a++) {
            for (int b = 0; b < endpoints.length * c; b++) {
                if (listed.contains((long) endpoints[a / c] << 32 | endpoints[b / c])) {
                    out.add(new int[] {a, b});
                }
            }
        }
        return out.toArray(new int[0][]);
    }

    /**
     * The case with every packet on one of {@code pairs}: a packet whose source sends on some
     * pair goes to one of that source's destinations (drawn), else it is left out.
     */
    private static Scenario onPairs(Scenario sc, int[][] pairs, SplittableRandom random) {
        java.util.Map<Integer, List<Integer>> to = new java.util.HashMap<>();
        for (int[] p : pairs) {
            to.computeIfAbsent(p[0], k -> new java.util.ArrayList<>()).add(p[1]);
        }
        List<flowproof.traffic.ScriptedWorkload.Packet> kept = new java.util.ArrayList<>();
        for (var p : sc.packets()) {
            List<Integer> ds = to.get(p.source());
            if (ds == null) {
                continue;
            }
            int d = ds.contains(p.destination()) ? p.destination() : ds.get(random.nextInt(ds.size()));
            kept.add(new flowproof.traffic.ScriptedWorkload.Packet(p.cycle(), p.source(), d, p.size()));
        }
        return sc.withPackets(kept);
    }

    private int replay(PrintWriter outw, PrintWriter err) {
        FuzzFile.Loaded l;
        try {
            l = FuzzFile.read(spec);
        } catch (SpecException e) {
            err.println(e.getMessage());
            return Main.BAD_INPUT;
        }
        if (l.scenario().variant() != null) {
            err.println(spec + ": variant: expected no variant (the real rules and schemes), found " + l.scenario().variant()
                + " (a test-only broken variant: mvn -B test -Dtest=FuzzCounterexampleRegressionTest replays it)");
            return Main.BAD_INPUT;
        }
        Violation v;
        try {
            v = Invariants.check(l.scenario(), Variants.NONE);
        } catch (IllegalArgumentException e) {
            err.println(spec + ": spec: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        if (v == null) {
            outw.println(spec + ": " + l.invariant() + " no longer breaks: every invariant holds");
            return Main.OK;
        }
        outw.println(spec + ": reproduced: " + v);
        return Main.VIOLATION;
    }
}
