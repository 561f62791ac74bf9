package flowproof.cli;

import static flowproof.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Users' own rules, routing functions and schemes, named in specs by class or by registered
 * name, through every engine and command; {@code --plugins} with a jar and a folder compiled
 * here (classes that are on no class path otherwise); and every bad plugin input in one line
 * with exit code 2. The plugins are in {@code src/test/java/example/plugins}, the specs in
 * {@code src/test/resources/plugins}.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PluginsCliTest {

    private static final Path SPECS = Path.of("src/test/resources/plugins");
    /** A simulation spec (kept out of SPECS: verify would explore its 4x4 torus). */
    private static final Path SIM = Path.of("src/test/resources/plugins-sim/torus4x4-hybrid-sim.yaml");

    @TempDir
    static Path dir;

    private static Path spec(String name) {
        return SPECS.resolve(name + ".yaml");
    }

    // ------------------------------------------------------------------ engines

    @Test
    void checkDecidesTheHybridBubbleByTheExplorerOnARingAndByCpSatBeyondTheExplorersLimit() {
        CliRun ring = run("check", spec("ring4-hybrid"), "--no-save");
        assertThat(ring.code()).as(ring.err()).isEqualTo(Main.OK);
        assertThat(ring.out()).contains("cdg            4 queues, 4 dependencies, cyclic")
            .contains("hybrid-bubble (turns need 2 free slots)").contains("deadlock-free (exhaustive; expected"
                + " deadlock-free: ok)").contains("bubble-invariant            holds");
        CliRun big = run("check", spec("torus3x2-hybrid-c2"), "--no-save");
        assertThat(big.code()).as(big.err()).isEqualTo(Main.OK);
        assertThat(big.out()).contains("stopped by the states limit").contains("proving with CP-SAT (check verdict"
            + " proved)");
    }

    @Test
    void theExplorerDecidesItInterleavedSynchronousAndReducedBySymmetry() throws IOException {
        CliRun stuck = run("explore", spec("torus3x2-hybrid-c1"), "--no-save");
        assertThat(stuck.code()).as(stuck.err()).isEqualTo(Main.VIOLATION);
        assertThat(stuck.out()).contains("100,467 reachable").contains("stuck-freedom               violated");
        Path sync = Files.writeString(dir.resolve("sync.yaml"), Files.readString(spec("ring4-hybrid"))
            .replace("name: ring4-hybrid", "name: ring4-hybrid-sync\nsemantics: synchronous"));
        CliRun s = run("explore", sync, "--no-save");
        assertThat(s.code()).as(s.err()).isEqualTo(Main.OK);
        assertThat(s.out()).contains("synchronous steps").contains("175 reachable");
        CliRun reduced = run("explore", spec("torus2x2-hybrid-c2"), "--no-save", "--symmetry");
        CliRun full = run("explore", spec("torus2x2-hybrid-c2"), "--no-save");
        assertThat(reduced.code()).as(reduced.err()).isEqualTo(Main.OK);
        assertThat(full.code()).isEqualTo(Main.OK);
        assertThat(reduced.out()).contains("69,696 reachable").contains("4 translations; 17,541 orbits stored");
        assertThat(full.out()).contains("69,696 reachable");
    }

    @Test
    void proveProvesTheHybridBubbleAndTheCdgCommandDrawsItsGraph() {
        CliRun p = run("prove", spec("torus2x2-hybrid-c2"), "--no-save");
        assertThat(p.code()).as(p.err()).isEqualTo(Main.OK);
        assertThat(p.out()).contains("verdict        proved (method cp-sat");
        CliRun g = run("cdg", spec("ring4-hybrid"));
        assertThat(g.code()).as(g.err()).isEqualTo(Main.OK);
        assertThat(g.out()).contains("ring4-hybrid: unidirectional ring 4, 1 VC, capacity 1, dor, hybrid-bubble")
            .contains("cyclic");
    }

    @Test
    void proveRefusesARuleThatReadsAnotherQueueNamingItsClassWhileTheExplorerDecidesIt() {
        CliRun p = run("prove", spec("ring4-upstream-aware"), "--no-save");
        BadInputTest.assertOneLineBadInput(p, "prove upstream-aware");
        assertThat(p.err().strip()).isEqualTo(spec("ring4-upstream-aware") + ": rule: the CP-SAT model encodes a rule as"
            + " a function of the target queue 0-d0+->1 vc0 and its ring; the rule read the free slots of 3-d0+->0 vc0"
            + " (rule example.plugins.UpstreamAware; prove cannot decide it, check and explore can)");
        CliRun c = run("check", spec("ring4-upstream-aware"), "--no-save");
        assertThat(c.code()).as(c.err()).isEqualTo(Main.OK);
        assertThat(c.out()).contains("example.plugins.UpstreamAware").contains("deadlock-free (exhaustive)");
    }

    @Test
    void theSimulatorRunsThePluginRuleWithAPluginScheme() {
        CliRun r = run("simulate", SIM);
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        assertThat(r.out()).contains("bidirectional torus 4x4, 1 VC x 8 flits, vct, dor, hybrid-bubble (turns need 2"
            + " free slots)").contains("control   quota(3)").contains("drained   yes");
    }

    @Test
    void aRoutingPluginRunsInTheDependencyGraphAndTheExplorer() {
        CliRun cdg = run("check", spec("torus3x2-yx-dateline"), "--no-save");
        assertThat(cdg.code()).as(cdg.err()).isEqualTo(Main.OK);
        assertThat(cdg.out()).contains("dimension order 1 0, dateline").contains("method cdg: no dependency cycle");
        CliRun ex = run("check", spec("torus2x2-yx-hybrid"), "--no-save");
        assertThat(ex.code()).as(ex.err()).isEqualTo(Main.OK);
        assertThat(ex.out()).contains("dimension order 1 0, hybrid-bubble").contains("deadlock-free (exhaustive");
    }

    @Test
    void verifyAndReplayTakePluginSpecs() throws IOException {
        CliRun v = run("verify", SPECS.toString(), "--no-save");
        assertThat(v.code()).as(v.err()).isEqualTo(Main.OK);
        long specs;
        try (Stream<Path> s = Files.list(SPECS)) {
            specs = s.filter(p -> p.toString().endsWith(".yaml")).count();
        }
        assertThat(v.out()).contains(specs + " specs: " + (specs - 1) + " as expected, 0 mismatched, 0 incomplete,"
            + " 1 without expectation, 0 invalid");
        Path cx = dir.resolve("cx");
        assertThat(run("check", spec("torus3x2-hybrid-c1"), "--counterexamples", cx).code()).isEqualTo(Main.VIOLATION);
        CliRun r = run("replay", cx.resolve("torus3x2-hybrid-c1.stuck-freedom.json"));
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        assertThat(r.out()).contains("reproduced: stuck-freedom violated after 1 move");
    }

    // ------------------------------------------------------------------ the symmetry check

    @Test
    void aFalseSymmetryDeclarationIsRefusedByTheExplorerOnlyWhenItWouldReduce() {
        CliRun plain = run("explore", spec("ring4-fixed-deny"), "--no-save");
        assertThat(plain.code()).as(plain.err()).isEqualTo(Main.VIOLATION);
        for (String cmd : List.of("explore", "check")) {
            CliRun r = run(cmd, spec("ring4-fixed-deny"), "--no-save", "--symmetry");
            BadInputTest.assertOneLineBadInput(r, cmd + " --symmetry");
            assertThat(r.err().strip()).isEqualTo(spec("ring4-fixed-deny") + ": rule: expected a rule that decides every"
                + " move as it decides its image under the symmetries it declares (translationInvariant()), as --symmetry"
                + " relies on them, found example.plugins.FixedQueueDeny: admit(inject into 0-d0+->1 vc0) is DENY while"
                + " admit(inject into 1-d0+->2 vc0), its image under the translation taking node 0 to node 1, is ADMIT,"
                + " in the empty network");
        }
        CliRun v = run("verify", SPECS.toString(), "--no-save", "--symmetry");
        assertThat(v.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(v.err().strip()).startsWith(spec("ring4-fixed-deny") + ": rule: expected a rule that decides")
            .doesNotContain("\n");
        assertThat(v.out()).contains("1 invalid");
    }

    @Test
    void aRoutingPluginThatDeclaresASymmetryItLacksIsBadInput() throws IOException {
        Path f = Files.writeString(dir.resolve("lying.yaml"), "name: lying\ntopology: {kind: ring, radix: 4,"
            + " bidirectional: true}\ncapacity: 1\nrule: vct\nrouting: {class: example.plugins.LyingRouting}\n");
        CliRun r = run("explore", f, "--no-save", "--symmetry");
        BadInputTest.assertOneLineBadInput(r, "lying routing");
        assertThat(r.err().strip()).startsWith(f + ": routing: expected a routing function whose routes commute with"
            + " the symmetries it declares (translationInvariant, reflectionInvariant), found"
            + " example.plugins.LyingRouting changes its route").contains("under reflect d0");
    }

    // ------------------------------------------------------------------ --plugins

    private static Path jar;
    private static Path classes;

    /** Compiles a rule and its factory that are on no class path, into a classes folder and a jar. */
    @BeforeAll
    static void externalPlugin() throws IOException {
        Path src = Files.createDirectories(dir.resolve("src/extplugin"));
        Files.writeString(src.resolve("TinyBubble.java"), """
            package extplugin;

            import flowproof.rule.BufferView;
            import flowproof.rule.FlowControlRule;
            import flowproof.rule.Invariant;
            import java.util.EnumSet;
            import java.util.Set;

            /** The localized bubble, written by a user. */
            public final class TinyBubble implements FlowControlRule {
                @Override
                public int admit(BufferView view, int from, int to) {
                    int free = view.freeSlots(to);
                    if (free < 1) {
                        return DENY;
                    }
                    return view.network().withinRing(from, to) || view.network().ringOf(to) < 0 || free >= 2 ? ADMIT : DENY;
                }

                @Override
                public boolean readsRings() {
                    return true;
                }

                @Override
                public Set<Invariant> invariants() {
                    return EnumSet.of(Invariant.BUBBLE);
                }
            }
            """);
        Files.writeString(src.resolve("TinyFactory.java"), """
            package extplugin;

            import flowproof.plugin.PluginParams;
            import flowproof.rule.FlowControlRule;
            import flowproof.rule.RuleFactory;
            import flowproof.topology.Network;

            public final class TinyFactory implements RuleFactory {
                @Override
                public String name() {
                    return "tiny-bubble";
                }

                @Override
                public FlowControlRule create(Network network, PluginParams params) {
                    return new TinyBubble();
                }
            }
            """);
        classes = Files.createDirectories(dir.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        String flowproof;
        try {
            flowproof = Path.of(flowproof.rule.FlowControlRule.class.getProtectionDomain().getCodeSource().getLocation()
                .toURI()).toString();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        int rc = javac.run(null, null, null, "-classpath", flowproof, "-d", classes.toString(),
            src.resolve("TinyBubble.java").toString(), src.resolve("TinyFactory.java").toString());
        assertThat(rc).as("javac").isZero();
        Path services = Files.createDirectories(classes.resolve("META-INF/services"));
        Files.writeString(services.resolve("flowproof.rule.RuleFactory"), "extplugin.TinyFactory\n");
        jar = Files.createDirectories(dir.resolve("jars")).resolve("tiny.jar");
        try (OutputStream o = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(o);
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                j.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                j.write(Files.readAllBytes(f));
                j.closeEntry();
            }
        }
    }

    private static Path tinySpec(String rule) throws IOException {
        return Files.writeString(Files.createTempFile(dir, "tiny", ".yaml"), "name: ring4-tiny\ntopology: {kind: ring,"
            + " radix: 4}\ncapacity: 2\nrule: " + rule + "\nexpect: deadlock-free\n");
    }

    @Test
    void pluginsFromAJarAFolderOfJarsOrAFolderOfClassesAreFoundByClassAndByName() throws IOException {
        Path byClass = tinySpec("{class: extplugin.TinyBubble}");
        Path byName = tinySpec("{plugin: tiny-bubble}");
        CliRun without = run("check", byClass, "--no-save");
        BadInputTest.assertOneLineBadInput(without, "no --plugins");
        assertThat(without.err().strip()).isEqualTo(byClass + ": rule.class: expected a class on the class path or in a"
            + " --plugins jar or folder, found extplugin.TinyBubble (no such class)");
        for (Path plugins : List.of(jar, jar.getParent(), classes)) {
            for (Path spec : List.of(byClass, byName)) {
                CliRun r = run("check", spec, "--no-save", "--plugins", plugins);
                assertThat(r.code()).as(plugins + " " + spec + ": " + r.err()).isEqualTo(Main.OK);
                assertThat(r.out()).contains("extplugin.TinyBubble").contains("deadlock-free (exhaustive; expected"
                    + " deadlock-free: ok)");
            }
        }
        // before the command name too, and on the other commands that read specs
        assertThat(run("--plugins", jar, "check", byClass, "--no-save").code()).isEqualTo(Main.OK);
        assertThat(run("explore", byName, "--no-save", "--plugins", jar).code()).isEqualTo(Main.OK);
        assertThat(run("cdg", byName, "--plugins", jar).code()).isEqualTo(Main.OK);
        assertThat(run("prove", byName, "--no-save", "--plugins", jar).code()).isEqualTo(Main.OK);
        Path folder = Files.createDirectories(dir.resolve("verify-tiny"));
        Files.copy(byClass, folder.resolve("tiny.yaml"));
        assertThat(run("verify", folder, "--no-save", "--plugins", jar).code()).isEqualTo(Main.OK);
        // the loader is the run's own: the next run without --plugins does not see the class
        assertThat(run("check", byClass, "--no-save").code()).isEqualTo(Main.BAD_INPUT);
    }

    @Test
    void aPluginsPathThatIsNotThereOrNotAJarIsOneLine() throws IOException {
        Path spec = spec("ring4-hybrid");
        CliRun missing = run("check", spec, "--plugins", dir.resolve("nothing.jar"));
        BadInputTest.assertOneLineBadInput(missing, "--plugins missing");
        assertThat(missing.err().strip()).isEqualTo("--plugins: expected a jar file or a folder (of jars, or of classes)"
            + " that exists, found " + dir.resolve("nothing.jar") + ": no such file or folder");
        Path text = Files.writeString(dir.resolve("notes.txt"), "not a jar");
        CliRun notJar = run("simulate", SIM, "--plugins", text);
        BadInputTest.assertOneLineBadInput(notJar, "--plugins text");
        assertThat(notJar.err()).contains("--plugins: expected a jar file (.jar) or a folder of jars or classes");
        for (String cmd : List.of("explore", "verify", "prove", "cdg", "replay", "sweep", "compare", "fuzz", "bound")) {
            BadInputTest.assertOneLineBadInput(run(cmd, spec, "--plugins", dir.resolve("nothing")), cmd + " --plugins");
        }
    }

    // ------------------------------------------------------------------ bad input

    static List<Arguments> badPluginSpecs() {
        String ring = "name: bad\ntopology: {kind: ring, radix: 4}\ncapacity: 1\n";
        String sim = "simulation: {buffer: 4, packet-size: 4, load: 0.1, cycles: 200, warmup: 50, drain: 2000, control: ";
        return List.of(
            Arguments.of("unknown class", ring + "rule: {class: example.plugins.Nope}",
                "rule.class: expected a class on the class path or in a --plugins jar or folder, found"
                    + " example.plugins.Nope (no such class)"),
            Arguments.of("not a rule", ring + "rule: {class: example.plugins.NotARule}",
                "rule.class: expected a class implementing flowproof.rule.FlowControlRule, found example.plugins.NotARule"
                    + " (it does not implement it)"),
            Arguments.of("no usable constructor", ring + "rule: {class: example.plugins.NoUsableConstructor}",
                "rule.class: expected a class with a public constructor (Network, PluginParams), (PluginParams) or (),"
                    + " found example.plugins.NoUsableConstructor, which has none"),
            Arguments.of("constructor throws", ring + "rule: {class: example.plugins.Throws, params: {fail: construct}}",
                "rule.class: expected a plugin that can be built with these parameters, found example.plugins.Throws,"
                    + " whose constructor failed: this rule refuses to be built"),
            Arguments.of("param of the wrong type", ring + "rule: {class: example.plugins.HybridBubble, params:"
                + " {turn-slots: x}}", "rule.params.turn-slots: expected a positive integer, found \"x\""),
            Arguments.of("param out of range", ring + "rule: {class: example.plugins.HybridBubble, params:"
                + " {turn-slots: 5}}", "rule.params.turn-slots: expected 2 up to the capacity (1), found 5"),
            Arguments.of("unknown param", ring + "rule: {class: example.plugins.HybridBubble, params: {turns: 2}}",
                "rule.params.turns: expected one of the parameters turn-slots, found an unknown parameter"),
            Arguments.of("params not a mapping", ring + "rule: {class: example.plugins.HybridBubble, params: 3}",
                "rule.params: expected a mapping of parameters, e.g. {k: 2}, found 3"),
            Arguments.of("kind beside class", ring + "rule: {class: example.plugins.HybridBubble, kind: vct}",
                "rule.kind: expected one of the fields class, plugin, params, found an unknown field"),
            Arguments.of("class and plugin", ring + "rule: {class: example.plugins.HybridBubble, plugin: hybrid-bubble}",
                "rule: expected class or plugin, not both, found both"),
            Arguments.of("class not a name", ring + "rule: {class: 5}",
                "rule.class: expected a class name, e.g. com.example.MyRule, found 5"),
            Arguments.of("unknown plugin", ring + "rule: {plugin: nope}",
                "rule.plugin: expected a rule plugin registered in META-INF/services/flowproof.rule.RuleFactory"
                    + " (hybrid-bubble), found \"nope\""),
            Arguments.of("rings on a butterfly", "name: bad\ntopology: {kind: butterfly, radix: 2, stages: 2}\ncapacity:"
                + " 1\nrule: {class: example.plugins.HybridBubble}", "rule.class: expected a rule that needs no rings on a"
                + " butterfly (it has none), found example.plugins.HybridBubble (hybrid-bubble (turns need 2 free slots)),"
                + " which says it reads rings (readsRings())"),
            Arguments.of("routing: unknown class", "name: bad\ntopology: {kind: torus, radix: [3, 2]}\ncapacity: 1\n"
                + "rule: vct\nrouting: {class: example.plugins.Nope}", "routing.class: expected a class on the class"
                + " path or in a --plugins jar or folder, found example.plugins.Nope (no such class)"),
            Arguments.of("routing: a rule", "name: bad\ntopology: {kind: torus, radix: [3, 2]}\ncapacity: 1\n"
                + "rule: vct\nrouting: {class: example.plugins.HybridBubble}", "routing.class: expected a class"
                + " implementing flowproof.routing.RoutingFunction, found example.plugins.HybridBubble (it does not"
                + " implement it)"),
            Arguments.of("routing: bad params", "name: bad\ntopology: {kind: torus, radix: [3, 2]}\ncapacity: 1\n"
                + "rule: vct\nrouting: {plugin: yx, params: {order: [0, 0]}}", "routing.params.order: expected every"
                + " dimension 0..1 once, found [0, 0]"),
            Arguments.of("scheme: bad params", ring + "rule: vct\n" + sim + "{class: example.plugins.QuotaScheme, params:"
                + " {quota: 0}}}", "simulation.control.params.quota: expected a positive integer, found 0"),
            Arguments.of("scheme: unknown plugin", ring + "rule: vct\n" + sim + "{plugin: nope}}",
                "simulation.control.plugin: expected a scheme plugin registered in"
                    + " META-INF/services/flowproof.throttle.SchemeFactory (quota), found \"nope\""),
            Arguments.of("scheme: not a scheme", ring + "rule: vct\n" + sim + "{class: example.plugins.YxRouting}}",
                "simulation.control.class: expected a class implementing flowproof.sim.control.Scheme, found"
                    + " example.plugins.YxRouting (it does not implement it)"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badPluginSpecs")
    void everyBadPluginInputIsOneLineAndExit2(String name, String yaml, String message) throws IOException {
        Path f = Files.writeString(Files.createTempFile(dir, "bad", ".yaml"), yaml + "\n");
        for (String cmd : List.of("check", "explore", "cdg", "prove", "simulate")) {
            CliRun r = cmd.equals("cdg") || cmd.equals("simulate") ? run(cmd, f) : run(cmd, f, "--no-save");
            BadInputTest.assertOneLineBadInput(r, name + " (" + cmd + ")");
            if (!cmd.equals("simulate") || yaml.contains("simulation")) {
                // (simulate on a spec without a simulation section says that first)
                assertThat(r.err().strip()).as(cmd).isEqualTo(f + ": " + message);
            }
        }
    }

    @Test
    void aPluginThatThrowsWhileAnEngineRunsIsNamedInOneLine() throws IOException {
        Path f = Files.writeString(dir.resolve("throws.yaml"), "name: throws\ntopology: {kind: ring, radix: 4}\n"
            + "capacity: 1\nrule: {class: example.plugins.Throws}\n");
        for (String cmd : List.of("check", "explore")) {
            CliRun r = run(cmd, f, "--no-save");
            assertThat(r.code()).as(r.err()).isEqualTo(Main.BAD_INPUT);
            assertThat(r.err().strip()).doesNotContain("\n").doesNotContain("internal error")
                .startsWith("flowproof: plugin example.plugins.Throws failed: java.lang.IllegalStateException: this rule"
                    + " refuses to decide (at example.plugins.Throws.admit(Throws.java:");
        }
        Path folder = Files.createDirectories(dir.resolve("verify-throws"));
        Files.copy(f, folder.resolve("throws.yaml"));
        Files.copy(spec("ring4-hybrid"), folder.resolve("ring4-hybrid.yaml"));
        CliRun v = run("verify", folder, "--no-save");
        assertThat(v.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(v.out()).contains("2 specs: 1 as expected, 0 mismatched, 0 incomplete, 0 without expectation,"
            + " 1 invalid");
        assertThat(v.err().strip()).startsWith(folder.resolve("throws.yaml") + ": plugin example.plugins.Throws failed:");
    }
}
