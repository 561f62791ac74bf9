package flowproof.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.cdg.ChannelDependencyGraph;
import flowproof.explore.Explorer;
import flowproof.explore.Limits;
import flowproof.reference.ReferenceEnumerator.Config;
import flowproof.reference.ReferenceEnumerator.Routing;
import flowproof.reference.ReferenceEnumerator.Rule;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import flowproof.spec.Yaml;
import flowproof.topology.Network;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * VC classes written as a function ({@code vc-classes}, docs/vc-classes.md): the explorer on
 * specs that use them against the independent reference enumerator, whose VC choices are
 * written from the documentation with no flowproof code (the dateline as its rule, XY on VC0
 * and YX on VC1, VC0 out of the source and VC1 after); the class each hop takes; and the
 * one-line errors of the section.
 */
class VcClassesTest {

    static final String DATELINE = "vc-classes: {classes: 2, hops: [{new-ring: true, set: 0}, {channel: dateline, add: 1}]}\n";
    static final String SOURCE = "vc-classes: {classes: 2, hops: [{new-ring: true, set: 0}, {ring-hop: 2, set: 1}]}\n";
    static final String TWO_TYPE = "vc-classes: {classes: 2, hops: [{new-ring: true, crosses-ahead: true, set: 0},"
        + " {new-ring: true, crosses-ahead: false, set: 1}, {channel: dateline, set: 1}]}\n";
    static final String ORDERS = "vc-classes: {classes: 2, start: {xy: 0, yx: 1}}\n";

    record Case(String topology, String classes, int capacity, String traffic, Config reference) {
        @Override
        public String toString() {
            return topology + ", C=" + capacity + ", " + classes.trim() + (traffic == null ? "" : ", " + traffic);
        }

        String yaml() {
            return "name: t\ntopology: " + topology + (topology.contains("mesh") ? "\nrouting: xy-yx" : "")
                + "\nvcs: 2\ncapacity: " + capacity + "\nrule: vct\n" + classes
                + (traffic == null ? "" : "traffic: " + traffic + "\n");
        }
    }

    static Stream<Case> cases() {
        List<Case> cases = new ArrayList<>();
        for (int k = 3; k <= 4; k++) {
            for (int c = 1; c <= 2; c++) {
                cases.add(new Case("{kind: ring, radix: [" + k + "]}", DATELINE, c, null,
                    new Config(new int[] {k}, false, 2, c, Rule.DATELINE, 0)));
                if (c == 1 && k <= 4) {
                    cases.add(new Case("{kind: ring, radix: [" + k + "]}", SOURCE, c, null,
                        new Config(new int[] {k}, false, 2, c, Rule.SOURCE_DATELINE, 0)));
                }
            }
        }
        for (int[] kc : new int[][] {{3, 1}, {3, 2}, {4, 1}, {4, 2}, {5, 1}}) {
            cases.add(new Case("{kind: ring, radix: [" + kc[0] + "]}", TWO_TYPE, kc[1], null,
                new Config(new int[] {kc[0]}, false, 2, kc[1], Rule.TWO_TYPE_DATELINE, 0)));
        }
        cases.add(new Case("{kind: ring, radix: [4], bidirectional: true}", TWO_TYPE, 1, null,
            new Config(new int[] {4}, true, 2, 1, Rule.TWO_TYPE_DATELINE, 0)));
        cases.add(new Case("{kind: mesh, radix: [2, 2]}", ORDERS, 1, null,
            Config.mesh(2, 2, 2, 1, Routing.XY_YX_CLASSES, new int[0][], null)));
        // three columns, four crossing pairs (all pairs is too large for both enumerators)
        cases.add(new Case("{kind: mesh, radix: [3, 2]}", ORDERS, 1,
            "{pairs: [[\"(0,0)\", \"(2,1)\"], [\"(2,1)\", \"(0,0)\"], [\"(2,0)\", \"(0,1)\"], [\"(1,1)\", \"(0,0)\"]]}",
            Config.mesh(3, 2, 2, 1, Routing.XY_YX_CLASSES, new int[0][], new int[][] {{0, 5}, {5, 0}, {2, 3}, {4, 0}})));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void explorerAgreesWithTheIndependentEnumerator(Case c) throws Exception {
        Spec spec = SpecReader.fromTree("test", "", Yaml.read(c.yaml()));
        flowproof.reference.Agreement.assertAgrees(c, spec, c.reference());
    }

    /**
     * A user's class functions (example.plugins, docs/plugins.md) that compute what the tables say:
     * the same reachable states, verdicts and shortest stuck depths as the independent enumerator.
     */
    static Stream<Case> pluginCases() {
        String dateline = "vc-classes: {class: example.plugins.DatelineClasses}\n";
        return Stream.of(
            new Case("{kind: ring, radix: [3]}", dateline, 1, null, new Config(new int[] {3}, false, 2, 1, Rule.DATELINE, 0)),
            new Case("{kind: ring, radix: [3]}", dateline, 2, null, new Config(new int[] {3}, false, 2, 2, Rule.DATELINE, 0)),
            new Case("{kind: ring, radix: [4]}", dateline, 1, null, new Config(new int[] {4}, false, 2, 1, Rule.DATELINE, 0)),
            new Case("{kind: ring, radix: [4]}", "vc-classes: {class: example.plugins.SourceDatelineClasses}\n", 1, null,
                new Config(new int[] {4}, false, 2, 1, Rule.SOURCE_DATELINE, 0)),
            new Case("{kind: mesh, radix: [2, 2]}", "vc-classes: {plugin: route-order, params: {routes: [xy, yx]}}\n", 1,
                null, Config.mesh(2, 2, 2, 1, Routing.XY_YX_CLASSES, new int[0][], null)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pluginCases")
    void aPluginClassFunctionAgreesWithTheIndependentEnumerator(Case c) throws Exception {
        explorerAgreesWithTheIndependentEnumerator(c);
    }

    /** A 5-ring: 309 s, mostly the reference enumerator's, so among the slow tests. */
    @Test
    @org.junit.jupiter.api.Tag("slow")
    void explorerAgreesWithTheIndependentEnumeratorOnAFiveRing() throws Exception {
        explorerAgreesWithTheIndependentEnumerator(new Case("{kind: ring, radix: [5]}", DATELINE, 1, null,
            new Config(new int[] {5}, false, 2, 1, Rule.DATELINE, 0)));
    }

    /** A 3x2 torus: 226 s, mostly the reference enumerator's, so among the slow tests. */
    @Test
    @org.junit.jupiter.api.Tag("slow")
    void explorerAgreesWithTheIndependentEnumeratorOnATorus() throws Exception {
        explorerAgreesWithTheIndependentEnumerator(new Case("{kind: torus, radix: [3, 2]}", DATELINE, 1, null,
            new Config(new int[] {3, 2}, false, 2, 1, Rule.DATELINE, 0)));
    }

    /** The dateline as classes is the dateline rule: the same reachable states on rings. */
    @Test
    void datelineClassesEqualTheDatelineRule() throws Exception {
        for (String topo : List.of("{kind: ring, radix: [4]}", "{kind: ring, radix: [3], bidirectional: true}",
            "{kind: ring, radix: [5]}")) {
            String common = "name: t\ntopology: " + topo + "\nvcs: 2\ncapacity: 1\n";
            Spec classes = SpecReader.fromTree("t", "", Yaml.read(common + "rule: vct\n" + DATELINE));
            Spec rule = SpecReader.fromTree("t", "", Yaml.read(common + "rule: dateline\n"));
            long a = new Explorer(classes.model(), classes.effectiveProperties(), Limits.defaults(), false).run().states();
            long b = new Explorer(rule.model(), rule.effectiveProperties(), Limits.defaults(), false).run().states();
            assertThat(a).as(topo).isEqualTo(b).isGreaterThan(50);
        }
    }

    private static Spec spec(String yaml) throws Exception {
        return SpecReader.fromTree("t", "", Yaml.read(yaml));
    }

    /** The classes of the hops of one packet, following its single route. */
    private static List<Integer> classes(Spec spec, int source, int destination, int injectChoice) {
        ClassedRouting r = (ClassedRouting) spec.routing();
        Network net = spec.network();
        QueueRoutes routes = new QueueRoutes(net, r, spec.rule());
        int header = routes.injectHeaders(source, destination)[injectChoice];
        List<Integer> out = new ArrayList<>();
        QueueRoutes.Next next = routes.next(-1, source, header);
        while (!next.exits()) {
            assertThat(next.size()).as("one queue per hop").isEqualTo(1);
            int q = next.queues()[0];
            out.add(net.vcOf(q));
            next = routes.next(q, -1, next.headers()[0]);
        }
        return out;
    }

    @Test
    void twoTypeDatelinePutsPacketsThatWillNotCrossOnClassOne() throws Exception {
        Spec s = spec("name: t\ntopology: {kind: ring, radix: [4]}\nvcs: 2\ncapacity: 1\nrule: vct\n"
            + "vc-classes: {classes: 2, hops: [{new-ring: true, crosses-ahead: true, set: 0},"
            + " {new-ring: true, crosses-ahead: false, set: 1}, {channel: dateline, set: 1}]}\n");
        assertThat(classes(s, 2, 1, 0)).containsExactly(0, 1, 1); // 2 -> 3 -> 0 (wrap) -> 1
        assertThat(classes(s, 3, 0, 0)).containsExactly(1); // only the wrap-around hop: the dateline hop is on class 1
        assertThat(classes(s, 0, 3, 0)).containsExactly(1, 1, 1);
        assertThat(ChannelDependencyGraph.build(s.network(), s.routing(), s.rule(), s.model().traffic()).acyclic()).isTrue();
    }

    @Test
    void ugalPhasesOnTheDragonfly() throws Exception {
        Spec s = SpecReader.read(java.nio.file.Path.of("specs/dragonfly-a3h1-ugal-router-4-classes.yaml"));
        var t = s.topology();
        int src = 1; // g0.r1
        int dst = 4; // g1.r1
        // minimal: local (class 1), global (2), local (2)
        assertThat(classes(s, src, dst, 0)).allMatch(c -> c >= 1);
        int[] headers = new QueueRoutes(s.network(), s.routing(), s.rule()).injectHeaders(src, dst);
        assertThat(headers.length).isGreaterThan(1);
        for (int i = 1; i < headers.length; i++) {
            List<Integer> c = classes(s, src, dst, i);
            // the classes in the order of the phases: 0 (source group), 3 (to the intermediate router), 1, 2
            List<Integer> rank = c.stream().map(x -> List.of(0, 3, 1, 2).indexOf(x)).toList();
            assertThat(rank).as("valiant route %d of %s: classes %s", i, t.nodeName(src), c).isSorted();
            assertThat(c).as("valiant route %d", i).contains(3).endsWith(2);
        }
        assertThat(ChannelDependencyGraph.build(s.network(), s.routing(), s.rule(), s.model().traffic()).acyclic()).isTrue();
    }

    @Test
    void xyAndYxKeepTheirClass() throws Exception {
        Spec s = spec("name: t\ntopology: {kind: mesh, radix: [3, 3]}\nrouting: xy-yx\nvcs: 2\ncapacity: 1\nrule: vct\n" + ORDERS);
        assertThat(classes(s, 0, 8, 0)).containsExactly(0, 0, 0, 0);
        assertThat(classes(s, 0, 8, 1)).containsExactly(1, 1, 1, 1);
        assertThat(classes(s, 0, 2, 0)).containsExactly(0, 0);
    }

    @Test
    void aClassBeyondTheLastIsOneLineNamingThePacket() throws Exception {
        Spec s = spec("name: t\ntopology: {kind: ring, radix: [4]}\nvcs: 2\ncapacity: 1\nrule: vct\n"
            + "vc-classes: {classes: 2, hops: [{add: 1}]}\n");
        assertThatThrownBy(() -> classes(s, 0, 3, 0)).isInstanceOf(RoutingException.class)
            .hasMessageContaining("beyond the last class (1)").hasMessageContaining("no VC of channel");
    }

    static Stream<String[]> badInput() {
        String head = "name: t\ntopology: {kind: ring, radix: [4]}\nvcs: 2\ncapacity: 1\nrule: vct\n";
        String df = "name: t\ntopology: {kind: dragonfly, routers-per-group: 2, global-channels: 1}\nvcs: 2\ncapacity: 1\nrule: vct\n";
        return Stream.of(
            new String[] {head + "vc-classes: 2\n", "vc-classes: expected a mapping with classes, start and hops"},
            new String[] {head + "vc-classes: {hops: []}\n", "vc-classes.classes"},
            new String[] {head + "vc-classes: {classes: 3}\n", "vc-classes.classes: expected a divisor of vcs (2), found 3"},
            new String[] {head + "vc-classes: {classes: 2, start: 2}\n", "vc-classes.start: expected a class 0..1, found 2"},
            new String[] {head + "vc-classes: {classes: 2, start: {xy: 0}}\n", "start names no class for route minimal"},
            new String[] {head + "vc-classes: {classes: 2, hops: [{channel: dateline}]}\n",
                "vc-classes.hops[0].set: expected set: N"},
            new String[] {head + "vc-classes: {classes: 2, hops: [{set: 1, add: 1}]}\n",
                "vc-classes.hops[0].add: expected set or add, not both"},
            new String[] {head + "vc-classes: {classes: 2, hops: [{set: 2}]}\n", "vc-classes.hops[0].set: expected a class 0..1"},
            new String[] {head + "vc-classes: {classes: 2, hops: [{add: 0}]}\n", "vc-classes.hops[0].add: expected a non-zero integer"},
            new String[] {head + "vc-classes: {classes: 2, hops: [{set: every}]}\n",
                "vc-classes.hops[0].set: expected a class 0..1, or any (every VC of the hop's channel), found \"every\""},
            new String[] {head + "vc-classes: {classes: 2, hops: [{leaves-destination: 1, set: any}]}\n",
                "vc-classes.hops[0].leaves-destination: expected true or false"},
            new String[] {head + "vc-classes: {classes: 2, hops: [{new-ring: 3, set: 1}]}\n",
                "vc-classes.hops[0].new-ring: expected true or false"},
            new String[] {head + "vc-classes: {classes: 2, hops: [{channel: global, set: 1}]}\n",
                "vc-classes.hops[0].channel: expected a dragonfly for channel set global"},
            new String[] {head + "vc-classes: {classes: 2, hops: [{channel: 0-x->9, set: 1}]}\n",
                "vc-classes.hops[0].channel: expected channel names of"},
            new String[] {head + "vc-classes: {classes: 2, hops: [{colour: red, set: 1}]}\n",
                "vc-classes.hops[0].colour: expected one of the fields"},
            new String[] {head + "vc-classes: {classes: 2, hops: [{ring-hop: 0, set: 1}]}\n", "vc-classes.hops[0].ring-hop"},
            new String[] {df + "vc-classes: {classes: 2, hops: [{crosses-ahead: true, set: 1}]}\n",
                "vc-classes.hops[0].crosses-ahead: expected a torus or a ring"},
            new String[] {head.replace("rule: vct", "rule: dateline") + "vc-classes: {classes: 2}\n",
                "rule: expected a rule that picks no VCs itself with vc-classes"},
            new String[] {head + "routing: {kind: dor, intermediate: router}\n", "routing.intermediate: expected no intermediate"},
            new String[] {df + "routing: {kind: ugal, intermediate: somewhere}\n", "routing.intermediate: expected group or router"});
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badInput")
    void badInputIsOneLine(String yaml, String message) {
        assertThatThrownBy(() -> {
            Spec s = spec(yaml);
            // errors that depend on a packet's route surface when the routes are built
            new QueueRoutes(s.network(), s.routing(), s.rule()).injectHeaders(0, 1);
        }).hasMessageContaining(message).satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
