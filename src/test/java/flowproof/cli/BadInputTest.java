package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bad-input suite: valid small specs with one field replaced by a wrong-typed or
 * out-of-range value, run through every command that reads specs, plus bad options, bad
 * files, unwritable output paths and tampered counterexample and fuzz files. Every case
 * must end in one line on standard error and exit 2 (never 70, never a stack trace); each
 * runs in-process in milliseconds.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class BadInputTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    /** A ring whose explorer finds a counterexample in 27 states (so that saving is tried). */
    private static final String RING = """
        {"name": "ring3-vct", "topology": {"kind": "ring", "radix": [3]}, "routing": "dor", "vcs": 1, "capacity": 1,
         "rule": {"kind": "vct"}, "traffic": "all-pairs", "expect": "counterexample"}""";

    /** A small simulation (a few hundred cycles). */
    private static final String SIM = """
        {"name": "sim-ring4", "topology": {"kind": "ring", "radix": 4}, "vcs": 2, "capacity": 2, "rule": "dateline",
         "simulation": {"buffer": 8, "packet-size": 4, "load": 0.1, "cycles": 300, "warmup": 50, "drain": 2000}}""";

    private static Path ring;
    private static Path sim;
    private static Path aFile;

    @BeforeAll
    static void files() throws IOException {
        ring = Files.writeString(dir.resolve("ring.yaml"), RING);
        sim = Files.writeString(dir.resolve("sim.yaml"), SIM);
        aFile = Files.writeString(dir.resolve("a-file"), "not a folder\n");
    }

    /** Top-level spec fields and bad values for them (YAML flow text). */
    static Map<String, List<String>> badSpecValues() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put("name", List.of("5", "\"\"", "a/b", "../up", "-dash", "x".repeat(201), "[a]", "{a: 1}", "null", "'a b'"));
        m.put("description", List.of("5", "[a]", "{a: 1}", "\"\""));
        m.put("topology", List.of("ring", "3", "[1]", "{kind: cube, radix: 3}", "{kind: ring}", "{kind: ring, radix: 1}",
            "{kind: ring, radix: [3, 3]}", "{kind: ring, radix: 3, bidirectional: 7}", "{kind: ring, radix: 3, extra: 1}",
            "{kind: torus, radix: [200, 200]}", "{kind: ring, radix: 2.5}", "{kind: mesh, radix: [3, 3], bidirectional: false}",
            "{kind: butterfly, radix: 0, stages: 2}", "{kind: dragonfly, routers-per-group: -1, global-channels: 1}",
            "{kind: ring, radix: []}", "{kind: ring, radix: [a]}", "{kind: 5, radix: 3}", "null",
            // a user's topology (docs/plugins.md)
            "{class: example.plugins.Nope}", "{class: example.plugins.NotARule}", "{class: flowproof.topology.GraphTopology}",
            "{class: example.plugins.BadNet, params: {defect: construct}}", "{class: example.plugins.PluginRing, params: {radix: 1}}",
            "{class: example.plugins.PluginRing, params: {radix: x}}", "{class: example.plugins.PluginRing, params: {bogus: 1}}",
            "{plugin: irregular, params: {links: 3}}", "{plugin: irregular}", "{plugin: nope}",
            "{class: example.plugins.PluginRing, kind: ring}", "{class: example.plugins.BadNet, params: {defect: target}}",
            "{class: example.plugins.BadNet, params: {defect: self-loop}}", "{class: example.plugins.BadNet, params: {defect: names}}",
            "{class: example.plugins.BadNet, params: {defect: endpoints}}", "{class: example.plugins.BadNet, params: {defect: ring}}",
            "{class: example.plugins.BadNet, params: {defect: throws}}",
            "{class: example.plugins.IrregularNet, params: {links: [[0, 1], [2, 3]]}}"));
        m.put("routing", List.of("5", "ugal", "\"\"", "[dor]", "destination-tag", "{class: example.plugins.Nope}",
            "{class: example.plugins.HybridBubble}", "{plugin: yx, params: {order: [0, 0]}}", "{plugin: yx, extra: 1}"));
        m.put("vcs", List.of("0", "-1", "two", "1.5", "[1]", "99999999999", "{a: 1}"));
        m.put("capacity", List.of("0", "-3", "one", "1.5", "[1]", "null", "99999999999"));
        m.put("rule", List.of("5", "bogus", "{kind: bogus}", "{kind: vct, bubbles: 1}", "{kind: critical-bubble, bubbles: 0}",
            "{kind: vct, drift: true}", "{kind: critical-bubble, drift: maybe}", "{kind: theoretical-bubble, global: nope}",
            "{kind: dateline, datelines: 0}", "[vct]", "{bubbles: 1}", "{kind: vct, extra: 1}", "null",
            // a user's rule (docs/plugins.md)
            "{class: example.plugins.Nope}", "{class: example.plugins.NotARule}", "{class: example.plugins.NoUsableConstructor}",
            "{class: example.plugins.Throws, params: {fail: construct}}", "{class: example.plugins.HybridBubble, params: {turn-slots: x}}",
            "{class: example.plugins.HybridBubble, params: {bogus: 1}}", "{class: example.plugins.HybridBubble, params: [1]}",
            "{class: example.plugins.HybridBubble, plugin: hybrid-bubble}", "{plugin: nope}", "{class: ''}"));
        m.put("vc-classes", List.of("5", "{classes: 3}", "{class: example.plugins.Nope}", "{class: example.plugins.PluginRing}",
            "{class: flowproof.routing.VcClasses}", "{class: example.plugins.ThrowingClasses, params: {fail: construct}}",
            "{class: example.plugins.DatelineClasses, params: {k: 1}}", "{plugin: route-order, params: {routes: [xy, xy]}}",
            "{plugin: route-order, params: {routes: [xy]}}", "{plugin: nope}", "{class: example.plugins.DatelineClasses, classes: 2}"));
        m.put("traffic", List.of("5", "nonsense", "{pairs: []}", "{pairs: [['0', '0']]}", "{pairs: [['0', '9']]}",
            "{pairs: [['0']]}", "{pattern: x}", "{pairs: [['0', '1'], ['0', '1']]}", "[all-pairs]"));
        m.put("properties", List.of("[]", "stuck-freedom", "[bogus]", "[critical-bubble-invariant]", "[5]", "{a: 1}"));
        m.put("expect", List.of("incomplete", "5", "maybe", "[proved]"));
        m.put("limits", List.of("5", "{states: 0}", "{seconds: -1}", "{states: many}", "{seconds: 0}", "{extra: 1}",
            "{states: 1.5}", "[1]"));
        m.put("semantics", List.of("quantum", "5"));
        m.put("injection-queue", List.of("-1", "x", "1.5"));
        m.put("flow", List.of("circuit", "5", "wormhole"));
        m.put("packet-flits", List.of("2", "0"));
        m.put("escape", List.of("any", "never"));
        m.put("unknown-field", List.of("1"));
        String rr = "classes: [request, reply], ";
        m.put("messages", List.of("5", "[request, reply]", "{classes: [request]}", "{" + rr + "}",
            "{classes: request, vcs: {request: [0]}}", "{classes: [request, request], vcs: {request: [0]}}",
            "{classes: [request, 1x], vcs: {request: [0]}}",
            "{" + rr + "vcs: {request: [0]}}", "{" + rr + "vcs: {request: [0], reply: []}}",
            "{" + rr + "vcs: {request: [0], reply: [7]}}", "{" + rr + "vcs: {request: [0], reply: [-1]}}",
            "{" + rr + "vcs: {request: [0], reply: [zero]}}", "{" + rr + "vcs: [0, 1]}",
            "{" + rr + "vcs: {request: [0], reply: [0], other: [0]}}",
            "{" + rr + "vcs: {request: [0], reply: [0]}, generates: {request: reply, reply: request}}",
            "{" + rr + "vcs: {request: [0], reply: [0]}, generates: {request: bogus}}",
            "{" + rr + "vcs: {request: [0], reply: [0]}, generates: {bogus: reply}}",
            "{" + rr + "vcs: {request: [0], reply: [0]}, generates: [reply]}",
            "{classes: [a, b, c], vcs: {a: [0], b: [0], c: [0]}, generates: {a: c}}",
            "{" + rr + "vcs: {request: [0], reply: [0]}, endpoint-queue: 0}",
            "{" + rr + "vcs: {request: [0], reply: [0]}, endpoint-queue: 99}",
            "{" + rr + "vcs: {request: [0], reply: [0]}, extra: 1}"));
        m.put("simulation", List.of("5", "x", "[1]", "{bogus: 1}", "{load: 1.5}", "{packet-size: 0}", "{cycles: 0}",
            "{cycles: 9999999999}", "{cycles: -1}", "{buffer: 0}", "{warmup: 200, cycles: 100}", "{arbiter: fastest}",
            "{switching: circuit}", "{pipeline: 0}", "{load: -0.1}", "{load: high}", "{traffic: nonsense}", "{seed: 1.5}",
            "{drain: -1}", "{drain: 9999999999}", "{window: 0}", "{space-time: 5}", "{control: bogus}",
            "{injection: {process: nope}}", "{traffic: {script: [[0, 0, 99, 1]]}}", "{traffic: {script: [[0, 0, 1, 0]]}}",
            "{packet-size: -4}", "{link-latency: 0}", "{deadlock-cycles: 0}",
            "{control: {class: example.plugins.QuotaScheme, params: {quota: 0}}}", "{control: {plugin: nope}}",
            "{control: {class: example.plugins.HybridBubble}}"));
        return m;
    }

    /** One spec with one field replaced (or added), as YAML text. */
    private static String mutate(String base, String field, String yamlValue) {
        StringBuilder b = new StringBuilder();
        try {
            ObjectNode tree = (ObjectNode) JSON.readTree(base);
            tree.remove(field);
            tree.fields().forEachRemaining(e -> b.append(e.getKey()).append(": ").append(e.getValue()).append('\n'));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b + field + ": " + yamlValue + "\n";
    }

    static Stream<Arguments> mutatedSpecs() {
        List<Arguments> cases = new ArrayList<>();
        int n = 0;
        for (Map.Entry<String, List<String>> e : badSpecValues().entrySet()) {
            for (String v : e.getValue()) {
                // ring-based mutations through check, explore and cdg; simulation-based through simulate and check
                String ringSpec = mutate(RING, e.getKey(), v);
                String simSpec = mutate(SIM, e.getKey(), v);
                n++;
                cases.add(Arguments.of("check " + e.getKey() + "=" + v, ringSpec, "check"));
                cases.add(Arguments.of("explore " + e.getKey() + "=" + v, ringSpec, "explore"));
                cases.add(Arguments.of("cdg " + e.getKey() + "=" + v, ringSpec, "cdg"));
                cases.add(Arguments.of("simulate " + e.getKey() + "=" + v, simSpec, "simulate"));
                cases.add(Arguments.of("check(sim) " + e.getKey() + "=" + v, simSpec, "check"));
            }
        }
        assertThat(n).isGreaterThan(100);
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mutatedSpecs")
    void aMutatedSpecIsOneLineAndExit2(String name, String yaml, String command) throws IOException {
        Path f = Files.writeString(Files.createTempFile(dir, "m", ".yaml"), yaml);
        CliRun r = command.equals("check") || command.equals("explore") ? CliRun.run(command, f, "--no-save")
            : CliRun.run(command, f);
        assertOneLineBadInput(r, name);
    }

    static Stream<Arguments> badCommandLines() {
        Path missing = Path.of("no-such-dir-" + System.nanoTime(), "x.yaml");
        return Stream.of(
            // options
            List.of("check", "RING", "--threads", "0"),
            List.of("check", "RING", "--max-states", "-1"),
            List.of("check", "RING", "--max-seconds", "-5"),
            List.of("check", "RING", "--max-memory", "12q"),
            List.of("check", "RING", "--expected-states", "-1"),
            List.of("check", "RING", "--threads", "many"),
            List.of("check", "RING", "--bogus"),
            List.of("check", "RING", "--plugins", missing.getParent().toString()),
            List.of("simulate", "SIM", "--plugins", "RING"),
            List.of("explore", "RING", "--max-memory", "-3g"),
            List.of("explore", "RING", "--threads", "-2"),
            List.of("explore", "RING", "--members", "0"),
            List.of("explore", "RING", "--members", "two"),
            // a model the search on several members does not cover (synchronous steps)
            List.of("explore", "specs/r2-ring4-c1-dateline-sync.yaml", "--members", "2"),
            List.of("verify", "DIR", "--threads", "0"),
            List.of("simulate", "SIM", "--load", "2"),
            List.of("simulate", "SIM", "--load", "0"),
            List.of("simulate", "SIM", "--load", "x"),
            List.of("simulate", "SIM", "--cycles", "0"),
            List.of("simulate", "SIM", "--cycles", "99999999999"),
            List.of("simulate", "SIM", "--warmup", "-1"),
            List.of("simulate", "SIM", "--warmup", "999999"),
            List.of("simulate", "SIM", "--control", "bogus"),
            List.of("sweep", "SIM", "--loads", "0.1,0.2"),
            List.of("sweep", "SIM", "--loads", "0.5:0.1:0.1"),
            List.of("compare", "SIM", "--loads", "0.1:0.2:0.1", "--schemes", "bogus"),
            List.of("fuzz", "SIM", "--minutes", "0"),
            List.of("fuzz", "SIM", "--max-packets", "0"),
            List.of("bound", "SIM", "--pattern", "nonsense"),
            List.of("replay"),
            List.of("bogus-command"),
            // files
            List.of("check", missing.toString()),
            List.of("check", "DIR"),
            List.of("cdg", "EMPTY"),
            List.of("cdg", "LIST"),
            List.of("cdg", "GARBAGE"),
            List.of("cdg", "DUPLICATE"),
            List.of("cdg", "UNDEFINED_ALIAS"),
            List.of("cdg", "BINARY"),
            List.of("simulate", "RING"),
            List.of("verify", missing.getParent().toString()),
            List.of("verify", "RING"),
            List.of("verify", "EMPTYDIR"),
            List.of("replay", missing.toString()),
            List.of("replay", "RING"),
            List.of("replay", "GARBAGE"),
            List.of("fuzz", missing.toString())
        ).map(a -> Arguments.of(String.join(" ", a), a));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badCommandLines")
    void aBadCommandLineIsOneLineAndExit2(String name, List<String> args) throws IOException {
        CliRun r = CliRun.run(resolve(args).toArray());
        assertOneLineBadInput(r, name);
    }

    private static List<String> resolve(List<String> args) throws IOException {
        List<String> out = new ArrayList<>();
        for (String a : args) {
            out.add(switch (a) {
                case "RING" -> ring.toString();
                case "SIM" -> sim.toString();
                case "DIR" -> dir.toString();
                case "EMPTY" -> Files.writeString(dir.resolve("empty.yaml"), "").toString();
                case "LIST" -> Files.writeString(dir.resolve("list.yaml"), "- 1\n- 2\n").toString();
                case "GARBAGE" -> Files.writeString(dir.resolve("garbage.yaml"), "name: [unclosed\n: : :\n").toString();
                case "DUPLICATE" -> Files.writeString(dir.resolve("dup.yaml"), RING_YAML + "vcs: 2\n").toString();
                case "UNDEFINED_ALIAS" -> Files.writeString(dir.resolve("alias.yaml"),
                    RING_YAML.replace("capacity: 1", "capacity: *one")).toString();
                case "BINARY" -> Files.write(dir.resolve("binary.yaml"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 2})
                    .toString();
                case "EMPTYDIR" -> Files.createDirectories(dir.resolve("empty-dir")).toString();
                case "FALSE_CLAIM" -> Files.writeString(dir.resolve("false-claim.yaml"),
                    RING_YAML.replace("radix: [3]", "radix: [4]").replace("counterexample", "deadlock-free")).toString();
                default -> a;
            });
        }
        return out;
    }

    private static final String RING_YAML = """
        name: ring3-vct
        topology: {kind: ring, radix: [3]}
        vcs: 1
        capacity: 1
        rule: vct
        expect: counterexample
        """;

    static Stream<Arguments> unwritableOutputs() {
        return Stream.of(
            List.of("check", "RING", "--counterexamples", "FILE"),
            List.of("check", "RING", "--counterexamples", "FILE/below"),
            List.of("explore", "RING", "--counterexamples", "FILE"),
            List.of("prove", "RING", "--counterexamples", "FILE"),
            List.of("verify", "RINGDIR", "--counterexamples", "FILE"),
            List.of("check", "RING", "--no-save", "--html", "FILE"),
            List.of("explore", "RING", "--no-save", "--html", "FILE/below"),
            List.of("cdg", "RING", "--dot", "FILE/x.dot"),
            List.of("cdg", "RING", "--dot", "DIR"),
            List.of("cdg", "RING", "--svg", "FILE/x.svg"),
            List.of("simulate", "SIM", "--over-time", "FILE/x.png"),
            List.of("simulate", "SIM", "--over-time", "DIR"),
            List.of("simulate", "SIM", "--space-time", "FILE/x.png"),
            List.of("sweep", "SIM", "--loads", "0.1:0.2:0.1", "--csv", "FILE/x.csv"),
            List.of("sweep", "SIM", "--loads", "0.1:0.2:0.1", "--png", "FILE/x.png"),
            List.of("sweep", "SIM", "--loads", "0.1:0.2:0.1", "--csv", "DIR"),
            List.of("compare", "SIM", "--loads", "0.1:0.1:0.1", "--schemes", "none", "--csv", "FILE/x.csv"),
            List.of("compare", "SIM", "--loads", "0.1:0.1:0.1", "--schemes", "none", "--png", "FILE/x.png"),
            // a spec that claims deadlock freedom falsely: the first generated case breaks it, and the file is written
            List.of("fuzz", "FALSE_CLAIM", "--minutes", "0.5", "--seed", "1", "--out", "FILE")
        ).map(a -> Arguments.of(String.join(" ", a), a));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unwritableOutputs")
    void anUnwritableOutputIsOneLineAndExit2AfterTheResult(String name, List<String> args) throws IOException {
        Path ringDir = Files.createDirectories(dir.resolve("ring-dir"));
        Files.writeString(ringDir.resolve("ring.yaml"), RING_YAML);
        List<String> a = new ArrayList<>();
        for (String s : resolve(args)) {
            a.add(s.replace("RINGDIR", ringDir.toString()).replace("FILE", aFile.toString()));
        }
        CliRun r = CliRun.run(a.toArray());
        assertOneLineBadInput(r, name);
        assertThat(r.err()).as(name).contains("cannot write");
        assertThat(r.out()).as(name + ": the result is still printed").isNotBlank();
    }

    @Test
    void verifyReportsABadSpecAsInvalidAndChecksTheRest() throws IOException {
        Path d = Files.createDirectories(dir.resolve("verify-mixed"));
        Files.writeString(d.resolve("a-good.yaml"), RING_YAML);
        Files.writeString(d.resolve("b-bad.yaml"), RING_YAML.replace("ring3-vct", "bad").replace("capacity: 1", "capacity: 0"));
        Files.writeString(d.resolve("c-good.yaml"), RING_YAML.replace("ring3-vct", "ring3-again"));
        CliRun r = CliRun.run("verify", d, "--no-save");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err().strip()).doesNotContain("\n").contains("b-bad.yaml: capacity: expected a positive integer");
        assertThat(r.out()).contains("ring3-vct ").contains("ring3-again ")
            .contains("3 specs: 2 as expected, 0 mismatched, 0 incomplete, 0 without expectation, 1 invalid");
    }

    @Test
    void definedAliasesResolve() throws IOException {
        Path f = Files.writeString(dir.resolve("aliases.yaml"), """
            name: &n aliased
            description: *n
            topology: &t {kind: ring, radix: [3]}
            vcs: &one 1
            capacity: *one
            rule: vct
            """);
        CliRun r = CliRun.run("cdg", f);
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        assertThat(r.out()).startsWith("aliased: unidirectional ring 3, 1 VC, capacity 1");
    }

    @Test
    void aSimulationSectionSimulateRejectsIsRejectedByCheckToo() throws IOException {
        Path f = Files.writeString(dir.resolve("bad-sim.yaml"), mutate(SIM, "simulation", "{buffer: 8, load: 1.5}"));
        CliRun check = CliRun.run("check", f, "--no-save");
        CliRun simulate = CliRun.run("simulate", f);
        assertThat(check.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(check.err()).isEqualTo(simulate.err()).contains("simulation.load");
    }

    @Test
    void aSavedCounterexampleIsWrittenWhole() throws IOException {
        Path first = dir.resolve("saved-first");
        CliRun f = CliRun.run("check", ring, "--counterexamples", first);
        assertThat(f.code()).isEqualTo(Main.VIOLATION);
        try (Stream<Path> s = Files.list(first)) {
            // the search ends at the first violation: that property's trace, whole
            assertThat(s.map(p -> p.getFileName().toString()))
                .containsExactlyInAnyOrder("ring3-vct.stuck-freedom.json", "ring3-vct.stuck-freedom.txt");
        }
        Path out = dir.resolve("saved");
        CliRun r = CliRun.run("check", ring, "--counterexamples", out, "--all-properties");
        assertThat(r.code()).isEqualTo(Main.VIOLATION);
        try (Stream<Path> s = Files.list(out)) {
            assertThat(s.map(p -> p.getFileName().toString()))
                .containsExactlyInAnyOrder("ring3-vct.stuck-freedom.json", "ring3-vct.stuck-freedom.txt",
                    "ring3-vct.drainability.json", "ring3-vct.drainability.txt");
        }
        assertThat(CliRun.run("replay", out.resolve("ring3-vct.stuck-freedom.json")).code()).isEqualTo(Main.OK);
    }

    /** Edits to a saved counterexample: each is bad input (2) or not reproduced (1), never reproduced. */
    static Stream<Arguments> tamperedCounterexamples() {
        return Stream.of(
            Arguments.of("length", "/length", "5", Main.BAD_INPUT),
            Arguments.of("length as text", "/length", "\"3\"", Main.BAD_INPUT),
            Arguments.of("version", "/version", "2", Main.BAD_INPUT),
            Arguments.of("format", "/format", "\"other\"", Main.BAD_INPUT),
            Arguments.of("property", "/property", "\"liveness\"", Main.BAD_INPUT),
            Arguments.of("step number", "/moves/1/step", "7", Main.BAD_INPUT),
            Arguments.of("move kind", "/moves/0/kind", "\"teleport\"", Main.BAD_INPUT),
            Arguments.of("move node", "/moves/0/node", "\"99\"", Main.BAD_INPUT),
            Arguments.of("move queue", "/moves/0/to", "\"nowhere\"", Main.BAD_INPUT),
            Arguments.of("move is no mapping", "/moves/0", "5", Main.BAD_INPUT),
            Arguments.of("moves", "/moves", "{}", Main.BAD_INPUT),
            Arguments.of("unknown move field", "/moves/0/extra", "1", Main.BAD_INPUT),
            Arguments.of("unknown field", "/extra", "1", Main.BAD_INPUT),
            Arguments.of("final queue", "/final/0/queue", "\"nowhere\"", Main.BAD_INPUT),
            Arguments.of("final packets", "/final/0/packets", "5", Main.BAD_INPUT),
            Arguments.of("final packet name", "/final/0/packets/0", "\"nobody\"", Main.BAD_INPUT),
            Arguments.of("final critical", "/final/0/critical", "-1", Main.BAD_INPUT),
            Arguments.of("final", "/final", "5", Main.BAD_INPUT),
            Arguments.of("spec capacity", "/spec/capacity", "0", Main.BAD_INPUT),
            Arguments.of("spec name", "/spec/name", "\"a/b\"", Main.BAD_INPUT),
            Arguments.of("final packet", "/final/0/packets/0", "\"1\"", Main.VIOLATION),
            Arguments.of("final critical mark", "/final/0/critical", "1", Main.VIOLATION),
            Arguments.of("a move's destination", "/moves/0/destination", "\"1\"", Main.VIOLATION),
            Arguments.of("a move's queue", "/moves/0/to", "\"1-d0+->2 vc0\"", Main.VIOLATION)
        );
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tamperedCounterexamples")
    void aTamperedCounterexampleIsNeverReproduced(String name, String pointer, String value, int code) throws IOException {
        ObjectNode root = (ObjectNode) JSON.readTree(Path.of("counterexamples/ring3-c1-vct.stuck-freedom.json").toFile());
        set(root, pointer, JSON.readTree(value));
        Path f = Files.writeString(Files.createTempFile(dir, "cx", ".json"), root.toString());
        CliRun r = CliRun.run("replay", f);
        assertThat(r.code()).as(name + ": " + r.out() + r.err()).isEqualTo(code);
        if (code == Main.BAD_INPUT) {
            assertOneLineBadInput(r, name);
        } else {
            assertThat(r.out()).as(name).contains("NOT reproduced");
        }
    }

    @Test
    void removingAFinalQueueIsNotReproduced() throws IOException {
        ObjectNode root = (ObjectNode) JSON.readTree(Path.of("counterexamples/ring3-c1-vct.stuck-freedom.json").toFile());
        ((com.fasterxml.jackson.databind.node.ArrayNode) root.get("final")).remove(2);
        Path f = Files.writeString(Files.createTempFile(dir, "cx", ".json"), root.toString());
        CliRun r = CliRun.run("replay", f);
        assertThat(r.code()).isEqualTo(Main.VIOLATION);
        assertThat(r.out()).contains("NOT reproduced: final: recorded 2 entries, the moves reach 3");
    }

    static Stream<Arguments> tamperedInjectability() {
        return Stream.of(
            Arguments.of("never-inject missing", "/never-inject", null, Main.BAD_INPUT),
            Arguments.of("never-inject empty", "/never-inject", "[]", Main.BAD_INPUT),
            Arguments.of("never-inject not a pair", "/never-inject/0", "[\"(0,1)\"]", Main.BAD_INPUT),
            Arguments.of("never-inject unknown node", "/never-inject/0", "[\"(9,9)\", \"(0,0)\"]", Main.BAD_INPUT),
            // (0,0) -> (1,0) injects from the empty network: the claim does not reproduce
            Arguments.of("never-inject a pair that injects", "/never-inject/0", "[\"(0,0)\", \"(1,0)\"]",
                Main.VIOLATION)
        );
    }

    /** The injectability counterexample of the literal CBS on the 3x2 torus, edited. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("tamperedInjectability")
    void aTamperedInjectabilityCounterexampleIsNeverReproduced(String name, String pointer, String value, int code)
        throws IOException {
        ObjectNode root = (ObjectNode) JSON.readTree(
            Path.of("counterexamples/t3-torus3x2-critical-bubble.injectability.json").toFile());
        if (value == null) {
            root.remove(pointer.substring(1));
        } else {
            set(root, pointer, JSON.readTree(value));
        }
        Path f = Files.writeString(Files.createTempFile(dir, "cx", ".json"), root.toString());
        CliRun r = CliRun.run("replay", f);
        assertThat(r.code()).as(name + ": " + r.out() + r.err()).isEqualTo(code);
        if (code == Main.BAD_INPUT) {
            assertOneLineBadInput(r, name);
        } else {
            assertThat(r.out()).as(name).contains("NOT reproduced");
        }
    }

    @Test
    void theInjectabilityCounterexampleReproduces() {
        CliRun r = CliRun.run("replay", Path.of("counterexamples/t3-torus3x2-critical-bubble.injectability.json"));
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.OK);
    }

    /** Edits to a fuzz counterexample (a spec with a scripted traffic): all bad input. */
    static Stream<Arguments> tamperedFuzzFiles() {
        return Stream.of(
            Arguments.of("destination out of range", "/spec/simulation/traffic/script/0/2", "99"),
            Arguments.of("0-flit packet", "/spec/simulation/traffic/script/0/3", "0"),
            Arguments.of("negative cycle", "/spec/simulation/traffic/script/0/0", "-5"),
            Arguments.of("source out of range", "/spec/simulation/traffic/script/0/1", "-1"),
            Arguments.of("destination is the source", "/spec/simulation/traffic/script/0/2", "3"),
            Arguments.of("packet of 3 fields", "/spec/simulation/traffic/script/0", "[0, 3, 2]"),
            Arguments.of("cycles too many", "/spec/simulation/cycles", "1000000000000"),
            Arguments.of("seed as text", "/seed", "\"x\""),
            Arguments.of("version", "/version", "7"),
            Arguments.of("kind", "/kind", "\"emulation\""),
            Arguments.of("invariant", "/violation/invariant", "5"),
            Arguments.of("invariant name", "/violation/invariant", "\"a b/c\""),
            Arguments.of("violation", "/violation", "\"x\""),
            Arguments.of("deadlock-free", "/deadlock-free", "\"yes\""),
            Arguments.of("variant", "/variant", "5"),
            Arguments.of("unknown field", "/extra", "1"),
            Arguments.of("spec is a list", "/spec", "[1]"),
            Arguments.of("spec vcs", "/spec/vcs", "0"),
            Arguments.of("spec unknown simulation field", "/spec/simulation/bogus", "1"),
            Arguments.of("format", "/format", "\"other\"")
        );
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tamperedFuzzFiles")
    void aTamperedFuzzFileIsOneLineAndExit2(String name, String pointer, String value) throws IOException {
        ObjectNode root = (ObjectNode) JSON.readTree(Path.of("counterexamples/sim/alo-unconditional.json").toFile());
        root.putNull("variant"); // a real-rules file (variants are refused on their own)
        set(root, pointer, JSON.readTree(value));
        Path f = Files.writeString(Files.createTempFile(dir, "fz", ".json"), root.toString());
        assertOneLineBadInput(CliRun.run("fuzz", f), name);
    }

    private static void set(ObjectNode root, String pointer, JsonNode value) {
        int cut = pointer.lastIndexOf('/');
        JsonNode parent = cut == 0 ? root : root.at(pointer.substring(0, cut));
        String last = pointer.substring(cut + 1);
        if (parent.isArray()) {
            ((com.fasterxml.jackson.databind.node.ArrayNode) parent).set(Integer.parseInt(last), value);
        } else {
            ((ObjectNode) parent).set(last, value);
        }
    }

    static void assertOneLineBadInput(CliRun r, String name) {
        String err = r.err();
        assertThat(r.code()).as(name + ": exit code; stderr: " + err + "; stdout: " + r.out()).isEqualTo(Main.BAD_INPUT);
        assertThat(err).as(name + ": stderr").isNotBlank().doesNotContain("internal error").doesNotContain("\tat ")
            .doesNotContain("Exception");
        assertThat(err.strip()).as(name + ": one line on stderr").doesNotContain("\n");
    }
}
