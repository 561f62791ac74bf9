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
 * Users' own rules, routing functions, schemes, topologies and VC-class functions, named in specs
 * by class or by registered name, through every engine and command; {@code --plugins} with a jar and a folder compiled
 * here (classes that are on no class path otherwise); and every bad plugin input in one line
 * with exit code 2. The plugins are in {@code src/test/java/example/plugins}, the specs in
 * {@code src/test/resources/plugins}.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PluginsCliTest {

    private static final Path SPECS = Path.of("src/test/resources/plugins");
    /** A simulation spec (kept out of SPECS: verify would explore its 4x4 torus). */
    private static final Path SIM = Path.of("src/test/resources/plugins-sim/torus4x4-hybrid-sim.yaml");
    /** The irregular network of a topology plugin, simulated. */
    private static final Path IRREGULAR_SIM = Path.of("src/test/resources/plugins-sim/irregular8-up-down-sim.yaml");

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
        CliRun stuck = run("explore", spec("torus3x2-hybrid-c1"), "--no-save", "--all-properties");
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

    // ------------------------------------------------------------------ topologies

    @Test
    void aTopologyPluginIsDecidedByEveryEngine() throws IOException {
        // the channel dependency graph: acyclic with the up*/down* table, by class, and with a VC per hop, by name
        CliRun table = run("check", spec("irregular8-up-down-table-1vc"), "--no-save");
        assertThat(table.code()).as(table.err()).isEqualTo(Main.OK);
        assertThat(table.out()).contains("irregular network (8 routers, 11 links), 1 VC, capacity 1, table, vct")
            .contains("proved deadlock-free (method cdg: no dependency cycle; expected proved: ok)")
            .contains("cdg            22 queues, 22 dependencies, acyclic");
        CliRun byName = run("check", spec("irregular8-shortest-path-vc-per-hop"), "--no-save");
        assertThat(byName.code()).as(byName.err()).isEqualTo(Main.OK);
        assertThat(byName.out()).contains("shortest-path, vc-per-hop").contains("method cdg: no dependency cycle");
        CliRun cdg = run("cdg", spec("irregular5-shortest-path-1vc"));
        assertThat(cdg.code()).as(cdg.err()).isEqualTo(Main.OK);
        assertThat(cdg.out()).contains("cyclic");
        // the explorer: the deadlock on the ring of the irregular network, and its replay
        Path cx = dir.resolve("cx-irregular");
        CliRun c = run("check", spec("irregular5-shortest-path-1vc"), "--counterexamples", cx, "--all-properties");
        assertThat(c.code()).as(c.err()).isEqualTo(Main.VIOLATION);
        assertThat(c.out()).contains("52,488 reachable").contains("counterexample (exhaustive; expected counterexample: ok)")
            .contains("stuck-freedom               violated");
        CliRun replay = run("replay", cx.resolve("irregular5-shortest-path-1vc.stuck-freedom.json"));
        assertThat(replay.code()).as(replay.err()).isEqualTo(Main.OK);
        assertThat(replay.out()).contains("reproduced: stuck-freedom violated after 5 moves");
        CliRun sync = run("explore", Files.writeString(dir.resolve("irregular5-sync.yaml"),
            Files.readString(spec("irregular5-shortest-path-1vc")).replace("name: irregular5-shortest-path-1vc",
                "name: irregular5-sync\nsemantics: synchronous")), "--no-save");
        assertThat(sync.code()).as(sync.err()).isEqualTo(Main.VIOLATION);
        assertThat(sync.out()).contains("synchronous steps");
        // CP-SAT: the deadlock configuration, and the proof with a VC per hop
        CliRun stuck = run("prove", spec("irregular5-shortest-path-1vc"), "--no-save");
        assertThat(stuck.code()).as(stuck.err()).isEqualTo(Main.VIOLATION);
        assertThat(stuck.out()).contains("verdict        deadlock-configuration (method cp-sat");
        CliRun proved = run("prove", spec("irregular8-shortest-path-vc-per-hop"), "--no-save");
        assertThat(proved.code()).as(proved.err()).isEqualTo(Main.OK);
        assertThat(proved.out()).contains("verdict        proved (method cp-sat");
        // the simulator: the same run as on the same network read from an anynet file
        CliRun sim = run("simulate", IRREGULAR_SIM);
        CliRun anynet = run("simulate", Path.of("specs/anynet-irregular8-up-down-table-1vc.yaml"));
        assertThat(sim.code()).as(sim.err()).isEqualTo(Main.OK);
        assertThat(sim.out()).contains("irregular network (8 routers, 11 links), 1 VC x 8 flits, vct, table, vct")
            .contains("drained   yes");
        assertThat(lines(sim.out(), "accepted", "latency", "drained")).isEqualTo(lines(anynet.out(), "accepted",
            "latency", "drained"));
    }

    /** The lines of a report that start (after spaces) with one of the words, without their timings. */
    private static List<String> lines(String out, String... words) {
        return out.lines().map(String::strip).filter(l -> Stream.of(words).anyMatch(l::startsWith))
            .map(l -> l.replaceAll("\\d+\\.\\d+ s\\b", "(time) s")).toList();
    }

    @Test
    void aTopologyPluginWithRingsRunsTheBubbleRulesAsFlowproofsOwnRing() throws IOException {
        CliRun plugin = run("check", spec("plugin-ring4-c1-theoretical-bubble"), "--no-save");
        CliRun own = run("check", Path.of("specs/r3-ring4-c1-theoretical-bubble.yaml"), "--no-save");
        assertThat(plugin.code()).as(plugin.err()).isEqualTo(Main.OK);
        assertThat(plugin.out()).contains("unidirectional plugin ring 4, 1 VC, capacity 1, shortest-path,"
            + " theoretical-bubble").contains("bubble-invariant            holds");
        assertThat(lines(plugin.out(), "verdict", "states")).isEqualTo(lines(own.out(), "verdict", "states"))
            .anyMatch(l -> l.contains("175 reachable"));
        // critical marks at its ring home, drifting upstream
        Path marks = Files.writeString(dir.resolve("plugin-ring-marks.yaml"), "name: plugin-ring-marks\ntopology:"
            + " {class: example.plugins.PluginRing, params: {radix: 4}}\ncapacity: 1\nrule: {kind: critical-bubble,"
            + " drift: true}\nexpect: deadlock-free\n");
        CliRun m = run("explore", marks, "--no-save");
        CliRun ownMarks = run("explore", Path.of("specs/r6-ring4-c1-critical-bubble-drift.yaml"), "--no-save");
        assertThat(m.code()).as(m.err()).isEqualTo(Main.OK);
        assertThat(lines(m.out(), "verdict", "states", "property")).isEqualTo(lines(ownMarks.out(), "verdict", "states",
            "property"));
        // rings only where rings() says so
        Path hidden = Files.writeString(dir.resolve("plugin-ring-hidden.yaml"), Files.readString(marks)
            .replace("radix: 4}", "radix: 4, rings: false}"));
        CliRun refused = run("check", hidden, "--no-save");
        BadInputTest.assertOneLineBadInput(refused, "bubble without rings");
        assertThat(refused.err().strip()).isEqualTo(hidden + ": rule.kind: expected a rule that needs no rings on a"
            + " topology example.plugins.PluginRing (vct, vc-per-hop), found critical-bubble");
    }

    private static Path pluginRing(String name, String params) throws IOException {
        return Files.writeString(dir.resolve(name + ".yaml"), "name: " + name + "\ntopology: {class:"
            + " example.plugins.PluginRing, params: {radix: 6" + params + "}}\nrouting: {class:"
            + " example.plugins.ClockwiseRouting}\ncapacity: 1\nrule: theoretical-bubble\nexpect: deadlock-free\n");
    }

    @Test
    void symmetryReducesByAPluginTopologysTranslationsAfterCheckingThem() throws IOException {
        CliRun plugin = run("explore", pluginRing("plugin-ring6", ""), "--no-save", "--symmetry");
        CliRun own = run("explore", Path.of("specs/ring6-c1-theoretical-bubble.yaml"), "--no-save", "--symmetry");
        assertThat(plugin.code()).as(plugin.err()).isEqualTo(Main.OK);
        assertThat(plugin.out()).contains("31,031 reachable").contains("6 translations; 5,191 orbits stored");
        assertThat(lines(plugin.out(), "verdict", "states", "symmetry")).isEqualTo(lines(own.out(), "verdict", "states",
            "symmetry"));
        String expected = ": topology: expected a topology whose translations() and reflection() are automorphisms of"
            + " it (channels onto channels of the same dimension and direction, rings onto rings, the identity first,"
            + " closed under composition), as --symmetry relies on them, found example.plugins.PluginRing: ";
        Path unclosed = pluginRing("plugin-ring6-unclosed", ", translations: unclosed");
        Path wrong = pluginRing("plugin-ring6-wrong", ", translations: wrong");
        for (String cmd : List.of("explore", "check")) {
            CliRun u = run(cmd, unclosed, "--no-save", "--symmetry");
            BadInputTest.assertOneLineBadInput(u, cmd + " unclosed");
            assertThat(u.err().strip()).isEqualTo(unclosed + expected + "the translations are not closed under"
                + " composition: the one taking node 0 to node 1, then the one taking node 0 to node 1, is no translation"
                + " listed (it takes node 0 to node 2)");
            CliRun w = run(cmd, wrong, "--no-save", "--symmetry");
            BadInputTest.assertOneLineBadInput(w, cmd + " wrong");
            assertThat(w.err().strip()).isEqualTo(wrong + expected + "a translation maps channel 0-d0+->1 to no channel"
                + " of the same dimension and direction (translation taking node 0 to node 1)");
        }
        // without --symmetry nothing relies on them
        assertThat(run("explore", wrong, "--no-save").code()).isEqualTo(Main.OK);
    }

    // ------------------------------------------------------------------ VC-class functions

    /** An existing spec with its vc-classes table replaced by {@code section}. */
    private static Path withClasses(String specName, String section) throws IOException {
        String text = Files.readString(Path.of("specs", specName + ".yaml"));
        String replaced = text.replaceFirst("(?m)^vc-classes:\\n(  .*\\n)+", section + "\n")
            .replace("name: " + specName, "name: " + specName + "-plugin");
        assertThat(replaced).isNotEqualTo(text).contains(section);
        return Files.writeString(dir.resolve(specName + "-plugin.yaml"), replaced);
    }

    static List<Arguments> classTables() {
        return List.of(
            Arguments.of("ring4-c2-classes-dateline", "vc-classes: {class: example.plugins.DatelineClasses}",
                "599,781 reachable"),
            Arguments.of("mesh2x2-xy-yx-2vc-classes", "vc-classes: {plugin: route-order, params: {routes: [xy, yx]}}",
                "331,776 reachable"),
            Arguments.of("ring4-c1-classes-source-dateline", "vc-classes: {class: example.plugins.SourceDatelineClasses}",
                "20,736 reachable"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("classTables")
    void aVcClassPluginGivesTheTablesVerdictsAndStatesInEveryEngine(String name, String section, String states)
        throws IOException {
        Path table = Path.of("specs", name + ".yaml");
        Path plugin = withClasses(name, section);
        CliRun e1 = run("explore", table, "--no-save", "--all-properties");
        CliRun e2 = run("explore", plugin, "--no-save", "--all-properties");
        assertThat(e2.code()).as(e2.err()).isEqualTo(e1.code());
        assertThat(e2.out()).contains(states);
        assertThat(lines(e2.out(), "verdict", "states", "property")).isEqualTo(lines(e1.out(), "verdict", "states",
            "property"));
        CliRun c1 = run("check", table, "--no-save");
        CliRun c2 = run("check", plugin, "--no-save");
        assertThat(c2.code()).as(c2.err()).isEqualTo(c1.code());
        assertThat(lines(c2.out(), "verdict", "cdg", "cycle")).isEqualTo(lines(c1.out(), "verdict", "cdg", "cycle"));
        CliRun g1 = run("cdg", table);
        CliRun g2 = run("cdg", plugin);
        assertThat(g2.code()).as(g2.err()).isEqualTo(g1.code());
        assertThat(g2.out().lines().skip(1).toList()).isEqualTo(g1.out().lines().skip(1).toList());
        CliRun p1 = run("prove", table, "--no-save");
        CliRun p2 = run("prove", plugin, "--no-save");
        assertThat(p2.code()).as(p2.err()).isEqualTo(p1.code());
        assertThat(lines(p2.out(), "verdict")).isEqualTo(lines(p1.out(), "verdict"));
        CliRun s1 = run("simulate", table);
        CliRun s2 = run("simulate", plugin);
        assertThat(s2.code()).as(s2.err()).isEqualTo(s1.code());
        assertThat(s2.out()).contains("drained");
        assertThat(lines(s2.out(), "accepted", "latency", "drained")).isEqualTo(lines(s1.out(), "accepted", "latency",
            "drained"));
    }

    @Test
    void aWrongVcClassPluginIsACycleAndACounterexample() {
        CliRun c = run("check", spec("ring4-c1-source-dateline-plugin"), "--no-save");
        assertThat(c.code()).as(c.err()).isEqualTo(Main.VIOLATION);
        assertThat(c.out()).contains("dor with 2 VC classes (example.plugins.SourceDatelineClasses)")
            .contains("cycle          0-d0+->1 vc1 => 1-d0+->2 vc1 => 2-d0+->3 vc1 => 3-d0+->0 vc1")
            .contains("counterexample (breadth-first, stopped at the first violation; expected counterexample: ok)");
    }

    @Test
    void aVcClassPluginThatThrowsWhileAnEngineRunsIsNamedInOneLine() throws IOException {
        Path f = Files.writeString(dir.resolve("classes-throw.yaml"), "name: classes-throw\ntopology: {kind: ring,"
            + " radix: 4}\ncapacity: 1\nrule: vct\nvc-classes: {class: example.plugins.ThrowingClasses}\n");
        for (String cmd : List.of("check", "explore", "cdg", "prove")) {
            CliRun r = cmd.equals("cdg") ? run(cmd, f) : run(cmd, f, "--no-save");
            assertThat(r.code()).as(cmd + ": " + r.err()).isEqualTo(Main.BAD_INPUT);
            assertThat(r.err().strip()).as(cmd).doesNotContain("\n").doesNotContain("internal error")
                .contains("plugin example.plugins.ThrowingClasses failed: java.lang.IllegalStateException: these classes"
                    + " refuse to classify a hop (at example.plugins.ThrowingClasses.afterHop(ThrowingClasses.java:");
        }
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

    @BeforeAll
    static void externalPlugin() throws IOException {
        Path[] compiled = compileExternalPlugins(dir);
        classes = compiled[0];
        jar = compiled[1];
    }

    /**
     * Compiles plugins that are on no class path (a rule and its factory {@code tiny-bubble}, a
     * topology {@code tiny-ring}, VC classes) under {@code dir}: returns their classes folder and a jar of them.
     */
    static Path[] compileExternalPlugins(Path dir) throws IOException {
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
        Path classes = Files.createDirectories(dir.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        String flowproof;
        try {
            flowproof = Path.of(flowproof.rule.FlowControlRule.class.getProtectionDomain().getCodeSource().getLocation()
                .toURI()).toString();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        Files.writeString(src.resolve("TinyRing.java"), """
            package extplugin;

            import flowproof.plugin.PluginParams;
            import flowproof.topology.Topology;
            import flowproof.topology.TopologyFactory;

            /** A unidirectional ring of k routers, without declared rings, and its factory (tiny-ring). */
            public final class TinyRing implements Topology {
                private final int k;

                public TinyRing(PluginParams params) {
                    k = params.positiveInt("k", 4);
                }

                public int nodes() { return k; }
                public int channels() { return k; }
                public int source(int c) { return c; }
                public int target(int c) { return (c + 1) % k; }
                public int dimension(int c) { return -1; }
                public boolean isWrapAround(int c) { return c == k - 1; }
                public String nodeName(int v) { return "n" + v; }
                public String describe() { return "tiny ring " + k; }

                public static final class Factory implements TopologyFactory {
                    public String name() { return "tiny-ring"; }
                    public Topology create(PluginParams params) { return new TinyRing(params); }
                }
            }
            """);
        Files.writeString(src.resolve("TinyDateline.java"), """
            package extplugin;

            import flowproof.routing.VcClassFunction;

            /** Class 1 from the wrap-around channel on. */
            public final class TinyDateline implements VcClassFunction {
                public int classes() { return 2; }
                public int startClass(String route, int source, int destination) { return 0; }
                public int afterHop(Hop hop) {
                    return hop.topology().isWrapAround(hop.channel()) ? 1 : hop.vcClass();
                }
            }
            """);
        int rc = javac.run(null, null, null, "-classpath", flowproof, "-d", classes.toString(),
            src.resolve("TinyBubble.java").toString(), src.resolve("TinyFactory.java").toString(),
            src.resolve("TinyRing.java").toString(), src.resolve("TinyDateline.java").toString());
        assertThat(rc).as("javac").isZero();
        Path services = Files.createDirectories(classes.resolve("META-INF/services"));
        Files.writeString(services.resolve("flowproof.rule.RuleFactory"), "extplugin.TinyFactory\n");
        Files.writeString(services.resolve("flowproof.topology.TopologyFactory"), "extplugin.TinyRing$Factory\n");
        Path jar = Files.createDirectories(dir.resolve("jars")).resolve("tiny.jar");
        try (OutputStream o = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(o);
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                j.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                j.write(Files.readAllBytes(f));
                j.closeEntry();
            }
        }
        return new Path[] {classes, jar};
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
    void topologyAndVcClassPluginsComeFromAJarOrAFolderToo() throws IOException {
        Path f = Files.writeString(dir.resolve("tiny-ring.yaml"), "name: tiny-ring-dateline\ntopology: {plugin:"
            + " tiny-ring, params: {k: 4}}\nvcs: 2\ncapacity: 1\nrule: vct\nvc-classes: {class:"
            + " extplugin.TinyDateline}\nexpect: proved\n");
        CliRun without = run("check", f, "--no-save");
        BadInputTest.assertOneLineBadInput(without, "no --plugins");
        assertThat(without.err().strip()).isEqualTo(f + ": topology.plugin: expected a topology plugin registered in"
            + " META-INF/services/flowproof.topology.TopologyFactory (irregular), found \"tiny-ring\"");
        for (Path plugins : List.of(jar, classes)) {
            CliRun r = run("check", f, "--no-save", "--plugins", plugins);
            assertThat(r.code()).as(plugins + ": " + r.err()).isEqualTo(Main.OK);
            assertThat(r.out()).contains("tiny ring 4, 2 VCs, capacity 1, shortest-path with 2 VC classes"
                + " (extplugin.TinyDateline), vct").contains("proved deadlock-free (method cdg: no dependency cycle");
        }
        for (String cmd : List.of("explore", "prove")) {
            CliRun r = run(cmd, f, "--no-save", "--plugins", jar);
            assertThat(r.code()).as(cmd + ": " + r.err()).isEqualTo(Main.OK);
        }
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

    // ------------------------------------------------------------------ claims checked, not trusted

    @Test
    void aRuleThatDeclaresFreeSlotSufficesButNeverForwardsIsNeverProved() throws IOException {
        // XY on a 2x2 mesh: an acyclic dependency graph, so the claim alone would be a proof
        Path f = spec("mesh2x2-never-forwards");
        String refused = "claim refused  example.plugins.NeverForwards declares freeSlotSuffices(), but it denies an"
            + " allowed move into a queue with a free slot";
        for (String cmd : List.of("check", "explore")) {
            CliRun r = run(cmd, f, "--no-save");
            assertThat(r.code()).as(cmd + ": " + r.out() + r.err()).isEqualTo(Main.VIOLATION);
            assertThat(r.out()).as(cmd).contains(refused).contains("counterexample (breadth-first, stopped at the first"
                + " violation; expected counterexample: ok)").doesNotContain("proved").doesNotContain("deadlock-free");
        }
        CliRun p = run("prove", f, "--no-save");
        assertThat(p.code()).as(p.out() + p.err()).isEqualTo(Main.VIOLATION);
        assertThat(p.out()).contains(refused).contains("deadlock-configuration").doesNotContain("verdict        proved");
        CliRun g = run("cdg", f);
        assertThat(g.code()).as(g.err()).isEqualTo(Main.OK);
        assertThat(g.out()).contains("acyclic, but the rule does not admit every move into a free slot")
            .doesNotContain("deadlock-free by");
        CliRun sim = run("simulate", f);
        assertThat(sim.out()).contains("refused   example.plugins.NeverForwards declares freeSlotSuffices()")
            .contains("drained   NO");
        CliRun json = run("check", f, "--no-save", "--json");
        assertThat(json.out()).contains("\"refused-claims\":[\"example.plugins.NeverForwards declares"
            + " freeSlotSuffices(), but it denies").contains("\"verdict\":\"counterexample\"");
        Path folder = Files.createDirectories(dir.resolve("verify-liar"));
        Files.copy(f, folder.resolve("mesh2x2-never-forwards.yaml"));
        CliRun v = run("verify", folder, "--no-save");
        assertThat(v.code()).as(v.out() + v.err()).isEqualTo(Main.OK);
        assertThat(v.out()).contains("1 specs: 1 as expected");
    }

    @Test
    void aRuleThatHidesThatItReadsRingOccupancyIsAnsweredAsTheHonestOne() throws IOException {
        Path liar = Files.writeString(dir.resolve("ring4-hidden.yaml"), Files.readString(spec("ring4-hybrid"))
            .replace("example.plugins.HybridBubble", "example.plugins.HiddenRingReader"));
        for (String cmd : List.of("check", "explore", "prove")) {
            CliRun honest = run(cmd, spec("ring4-hybrid"), "--no-save");
            CliRun r = run(cmd, liar, "--no-save");
            assertThat(r.code()).as(cmd + ": " + r.out() + r.err()).isEqualTo(honest.code()).isEqualTo(Main.OK);
            assertThat(r.out()).as(cmd).contains("claim refused  example.plugins.HiddenRingReader declares"
                + " readsRingOccupancy() false: it reads ring occupancy (inject into 0-d0+->1 vc0); the engines keep the"
                + " ring counts");
            assertThat(lines(r.out(), "verdict", "states", "property")).as(cmd)
                .isEqualTo(lines(honest.out(), "verdict", "states", "property"));
        }
    }

    @Test
    void aRuleThatDeclaresAnInvariantItDoesNotKeepIsNeverProved() throws IOException {
        Path f = Files.writeString(dir.resolve("ring4-false-bubble.yaml"), "name: ring4-false-bubble\ntopology: {kind:"
            + " ring, radix: 4}\ncapacity: 1\nrule: {class: example.plugins.FalseBubble}\n");
        CliRun c = run("check", f, "--no-save");
        assertThat(c.code()).as(c.out() + c.err()).isEqualTo(Main.VIOLATION);
        assertThat(c.out()).contains("stuck-freedom               violated");
        CliRun e = run("explore", f, "--no-save", "--all-properties");
        assertThat(e.out()).contains("bubble-invariant            violated");
        CliRun p = run("prove", f, "--no-save");
        assertThat(p.code()).as(p.out() + p.err()).isNotEqualTo(Main.OK);
        assertThat(p.out()).contains("inductive NO").doesNotContain("verdict        proved");
    }

    @Test
    void aRuleAnsweringOutOfRangeOnlyWhileAnEngineRunsIsNamedInOneLine() throws IOException {
        // its n-th answer is 7: the check before the engines does not see it, the engine that meets it names it
        Path f = Files.writeString(dir.resolve("late.yaml"), "name: late\ntopology: {kind: ring, radix: 4}\ncapacity:"
            + " 2\nrule: {class: example.plugins.OutOfRange, params: {after-calls: 10000}}\n");
        for (String cmd : List.of("check", "explore")) {
            CliRun r = run(cmd, f, "--no-save");
            BadInputTest.assertOneLineBadInput(r, cmd);
            assertThat(r.err().strip()).as(cmd).contains(f + ": rule.class: expected admit to return DENY 0, ADMIT 1 or"
                + " ADMIT_SHIFT_MARK 2, found 7 from example.plugins.OutOfRange.admit for the move ");
        }
    }

    // ------------------------------------------------------------------ bad input

    static List<Arguments> badPluginSpecs() {
        String ring = "name: bad\ntopology: {kind: ring, radix: 4}\ncapacity: 1\n";
        String sim = "simulation: {buffer: 4, packet-size: 4, load: 0.1, cycles: 200, warmup: 50, drain: 2000, control: ";
        String net = "name: bad\ncapacity: 1\nrule: vct\ntopology: ";
        String classes = ring + "vcs: 2\nrule: vct\nvc-classes: ";
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
                    + " example.plugins.YxRouting (it does not implement it)"),
            Arguments.of("admit out of range", ring + "rule: {class: example.plugins.OutOfRange}",
                "rule.class: expected a rule that keeps the flow-control rule contract (outcome, docs/plugins.md), found"
                    + " example.plugins.OutOfRange: admit returned 7 (expected DENY 0, ADMIT 1 or ADMIT_SHIFT_MARK 2);"
                    + " move: 0-d0+->1 vc0 => 1-d0+->2 vc0; state: the empty network"),
            Arguments.of("invariants() null", ring + "rule: {class: example.plugins.NullInvariants}",
                "rule.class: expected a rule whose invariants() returns a set of invariants (empty for none), found"
                    + " example.plugins.NullInvariants, whose invariants() returned null"),
            Arguments.of("invariants() holding null", ring + "rule: {class: example.plugins.NullInvariants, params:"
                + " {holding-null: true}}", "rule.class: expected a rule whose invariants() returns a set of invariants"
                + " (empty for none), found example.plugins.NullInvariants, whose invariants() returned a set holding"
                + " null"),
            // topologies
            Arguments.of("topology: unknown class", net + "{class: example.plugins.Nope}",
                "topology.class: expected a class on the class path or in a --plugins jar or folder, found"
                    + " example.plugins.Nope (no such class)"),
            Arguments.of("topology: not a topology", net + "{class: example.plugins.NotARule}",
                "topology.class: expected a class implementing flowproof.topology.Topology, found"
                    + " example.plugins.NotARule (it does not implement it)"),
            Arguments.of("topology: no usable constructor", net + "{class: flowproof.topology.GraphTopology}",
                "topology.class: expected a class with a public constructor (PluginParams) or (), found"
                    + " flowproof.topology.GraphTopology, which has none"),
            Arguments.of("topology: constructor throws", net + "{class: example.plugins.BadNet, params: {defect:"
                + " construct}}", "topology.class: expected a plugin that can be built with these parameters, found"
                + " example.plugins.BadNet, whose constructor failed: this network cannot be built"),
            Arguments.of("topology: param out of range", net + "{class: example.plugins.PluginRing, params: {radix: 1}}",
                "topology.params.radix: expected an integer in [2, 64], found 1"),
            Arguments.of("topology: bad param", net + "{plugin: irregular, params: {links: [[0, 0]]}}",
                "topology.params.links: expected links [a, b] between two different routers 0, 1, ..., found [[0, 0]]"),
            Arguments.of("topology: unknown param", net + "{class: example.plugins.PluginRing, params: {radix: 4, k: 2}}",
                "topology.params.k: expected one of the parameters radix, bidirectional, rings, translations, found an"
                    + " unknown parameter"),
            Arguments.of("topology: kind beside class", net + "{class: example.plugins.PluginRing, kind: ring}",
                "topology.kind: expected one of the fields class, plugin, params, found an unknown field"),
            Arguments.of("topology: unknown plugin", net + "{plugin: nope}",
                "topology.plugin: expected a topology plugin registered in"
                    + " META-INF/services/flowproof.topology.TopologyFactory (irregular), found \"nope\""),
            Arguments.of("topology: a channel to nowhere", net + "{class: example.plugins.BadNet, params: {defect:"
                + " target}}", "topology.class: expected channels whose source() and target() are routers 0..3, found"
                + " example.plugins.BadNet: channel 2 runs from 2 to 9"),
            Arguments.of("topology: a self-loop", net + "{class: example.plugins.BadNet, params: {defect: self-loop}}",
                "topology.class: expected channels between two different routers, found example.plugins.BadNet:"
                    + " channel 2 runs from r2 to itself"),
            Arguments.of("topology: routers named alike", net + "{class: example.plugins.BadNet, params: {defect:"
                + " names}}", "topology.class: expected routers named uniquely (nodeName()), found"
                + " example.plugins.BadNet: routers 1 and 3 are both named \"r1\""),
            Arguments.of("topology: one endpoint", net + "{class: example.plugins.BadNet, params: {defect: endpoints}}",
                "topology.class: expected at least two endpoints (isEndpoint()): packets go from one to another, found"
                    + " example.plugins.BadNet: 1 (r0)"),
            Arguments.of("topology: a ring that forks", net + "{class: example.plugins.BadNet, params: {defect: ring}}",
                "topology.class: expected rings that are lines or cycles of channels (each router leaves a ring at"
                    + " most once), found example.plugins.BadNet: channels r0-->r1 and r0-->r2 both leave r0 in ring 0"),
            Arguments.of("topology: a method throws", net + "{class: example.plugins.BadNet, params: {defect: throws}}",
                "topology.class: expected a topology whose methods answer flowproof's questions, found"
                    + " example.plugins.BadNet, which failed while it was checked: no names today (at"
                    + " example.plugins.BadNet.nodeName(BadNet.java:"),
            Arguments.of("topology: bubbles without rings", "name: bad\ncapacity: 1\nrule: theoretical-bubble\n"
                + "topology: {class: example.plugins.PluginRing, params: {radix: 4, rings: false}}",
                "rule: expected a rule that needs no rings on a topology example.plugins.PluginRing (vct, vc-per-hop),"
                    + " found theoretical-bubble"),
            Arguments.of("topology: two datelines", "name: bad\ncapacity: 1\nvcs: 3\nrule: {kind: dateline, datelines: 2}\n"
                + "topology: {class: example.plugins.PluginRing, params: {radix: 4}}", "rule.datelines: expected 1"
                + " dateline per ring on a topology example.plugins.PluginRing (its wrap-around channels; more are"
                + " placed by a torus's coordinates), found 2"),
            Arguments.of("topology: a routing for tori", net + "{class: example.plugins.PluginRing, params: {radix: 4}}\n"
                + "routing: dor", "routing: expected one of shortest-path, table, valiant on a topology"
                + " example.plugins.PluginRing (dor is for rings, tori and meshes), found \"dor\""),
            Arguments.of("topology: a table route to no neighbour", net + "{class: example.plugins.PluginRing, params:"
                + " {radix: 4}}\nrouting: {kind: table, routes: [{at: 0, to: 2, next: [2]}]}", "routing.routes[0].next[0]:"
                + " expected a router with a channel from 0, found 2"),
            Arguments.of("topology: routers that cannot be reached", net + "{class: example.plugins.IrregularNet, params:"
                + " {links: [[0, 1], [2, 3]]}}", "routing: expected a topology in which every pair the"
                + " traffic sends is connected, found no path from 2 to 0"),
            // VC-class functions
            Arguments.of("vc-classes: unknown class", classes + "{class: example.plugins.Nope}",
                "vc-classes.class: expected a class on the class path or in a --plugins jar or folder, found"
                    + " example.plugins.Nope (no such class)"),
            Arguments.of("vc-classes: not a class function", classes + "{class: example.plugins.PluginRing}",
                "vc-classes.class: expected a class implementing flowproof.routing.VcClassFunction, found"
                    + " example.plugins.PluginRing (it does not implement it)"),
            Arguments.of("vc-classes: no usable constructor", classes + "{class: flowproof.routing.VcClasses}",
                "vc-classes.class: expected a class with a public constructor (Topology, PluginParams), (PluginParams)"
                    + " or (), found flowproof.routing.VcClasses, which has none"),
            Arguments.of("vc-classes: constructor throws", classes + "{class: example.plugins.ThrowingClasses, params:"
                + " {fail: construct}}", "vc-classes.class: expected a plugin that can be built with these parameters,"
                + " found example.plugins.ThrowingClasses, whose constructor failed: these classes refuse to be built"),
            Arguments.of("vc-classes: bad params", classes + "{plugin: route-order, params: {routes: [xy, xy]}}",
                "vc-classes.params.routes: expected a list of distinct route names, e.g. [xy, yx], found [\"xy\","
                    + " \"xy\"]"),
            Arguments.of("vc-classes: a parameter for a function that reads none", classes + "{class:"
                + " example.plugins.SourceDatelineClasses, params: {k: 1}}", "vc-classes.params.k: expected no"
                + " parameters (the plugin reads none), found an unknown parameter"),
            Arguments.of("vc-classes: not on this topology", "name: bad\ntopology: {kind: mesh, radix: [2, 2]}\n"
                + "capacity: 1\nrule: vct\nvcs: 2\nvc-classes: {class: example.plugins.DatelineClasses}",
                "vc-classes.params.topology: expected a topology with wrap-around channels (a ring or a torus), found"
                    + " bidirectional mesh 2x2"),
            Arguments.of("vc-classes: classes that do not divide the VCs", classes.replace("vcs: 2", "vcs: 3")
                + "{class: example.plugins.DatelineClasses}", "vc-classes.class: expected a VC-class function whose"
                + " classes() is a divisor of vcs (3), found example.plugins.DatelineClasses (classes 2)"),
            Arguments.of("vc-classes: a table field beside the class", classes + "{class:"
                + " example.plugins.DatelineClasses, classes: 2}", "vc-classes.classes: expected one of the fields"
                + " class, plugin, params, found an unknown field"),
            Arguments.of("vc-classes: unknown plugin", classes + "{plugin: nope}",
                "vc-classes.plugin: expected a VC-class function plugin registered in"
                    + " META-INF/services/flowproof.routing.VcClassFactory (route-order), found \"nope\""),
            Arguments.of("vc-classes: not a class name", classes + "{class: 5}",
                "vc-classes.class: expected a class name, e.g. com.example.MyVcClassFunction, found 5"),
            Arguments.of("vc-classes: with a dateline rule", classes.replace("rule: vct", "rule: dateline")
                + "{class: example.plugins.DatelineClasses}", "rule: expected a rule that picks no VCs itself with"
                + " vc-classes (vct, or a bubble rule; write the dateline or the VC per hop as vc-classes steps),"
                + " found dateline"),
            Arguments.of("vc-classes: no start class for a route", "name: bad\ntopology: {kind: mesh, radix: [2, 2]}\n"
                + "routing: xy-yx\ncapacity: 1\nrule: vct\nvcs: 1\nvc-classes: {plugin: route-order, params: {routes:"
                + " [xy]}}", "routing: vc-classes: example.plugins.RouteOrderClasses gives no start class for route yx of"
                + " routing xy-yx (from (0,0) to (1,1))"));
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
                if (message.endsWith(".java:")) {
                    // a plugin's frame: up to the line number
                    assertThat(r.err().strip()).as(cmd).startsWith(f + ": " + message);
                } else {
                    assertThat(r.err().strip()).as(cmd).isEqualTo(f + ": " + message);
                }
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
