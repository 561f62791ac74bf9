package flowproof.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import flowproof.ConfigurationException;
import flowproof.check.Decision;
import flowproof.check.Flowproof;
import flowproof.explore.Move;
import flowproof.explore.Property;
import flowproof.explore.Replayer;
import flowproof.explore.Snapshot;
import flowproof.explore.Trace;
import flowproof.explore.Verdict;
import flowproof.routing.QueueRoutes;
import flowproof.routing.Turn;
import flowproof.routing.TurnModelRouting;
import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import flowproof.sim.Simulator;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Glass and Ni's non-minimal turn models as one spec line each ({@code minimal: false, misroute: B},
 * issue 47), decided by the same routing in the CDG, the knot search, the explorer and the
 * simulator: west-first, north-last and negative-first proved on 4x4 and 6x6 meshes with a budget
 * of 2; the insufficient turn pairs (north-west with west-north, east-north with north-east) give a
 * deadlock whose cycle uses no forbidden turn.
 */
class NonMinimalTurnModelSpecTest {

    @TempDir
    Path dir;

    private Spec spec(String routing, int k, String traffic) throws Exception {
        Path p = dir.resolve("spec.yaml");
        Files.writeString(p, "name: t\ntopology: {kind: mesh, radix: [" + k + ", " + k + "]}\nrouting: " + routing
            + "\nvcs: 1\ncapacity: 1\nrule: vct\ntraffic: " + traffic + "\n");
        return SpecReader.read(p);
    }

    @ParameterizedTest(name = "{0} on {1}x{1}")
    @CsvSource({"west-first, 4", "west-first, 6", "north-last, 4", "north-last, 6", "negative-first, 4",
        "negative-first, 6"})
    void glassAndNisModelsNonMinimalAreProved(String model, int k) throws Exception {
        Spec s = spec("{kind: " + model + ", minimal: false, misroute: 2}", k, "all-pairs");
        assertThat(((TurnModelRouting) s.routing()).misroute()).isEqualTo(2);
        assertThat(s.model().describe()).contains(model + " non-minimal (up to 2 hops beyond the minimum)");
        Decision d = Flowproof.check(s);
        assertThat(d.verdict()).isEqualTo(Verdict.PROVED);
        assertThat(d.cdg().orElseThrow().acyclic()).isTrue();
    }

    /** Every pair the routing can route on a k x k mesh. */
    private static String routablePairs(TurnModelRouting r, Torus t) {
        List<String> pairs = new ArrayList<>();
        for (int s = 0; s < t.nodes(); s++) {
            for (int d = 0; d < t.nodes(); d++) {
                int[] p = {s, d};
                if (s != d && catchThrowableOfType(ConfigurationException.class, () -> r.checkRoutable(List.of(p))) == null) {
                    pairs.add("[\"" + t.nodeName(s) + "\", \"" + t.nodeName(d) + "\"]");
                }
            }
        }
        return "{pairs: [" + String.join(", ", pairs) + "]}";
    }

    @ParameterizedTest(name = "forbidding {0}")
    @CsvSource(delimiter = ';', value = {"[[north, west], [west, north]]", "[[east, north], [north, east]]"})
    void theInsufficientTurnPairsDeadlockWithACycleOfAllowedTurns(String forbid) throws Exception {
        String routing = "{kind: turns, forbid: " + forbid + ", minimal: false, misroute: 2}";
        Torus mesh = Torus.mesh(new int[] {4, 4});
        Spec probe = spec(routing, 4, "{pairs: [[\"(0,0)\", \"(1,0)\"]]}");
        String all = routablePairs((TurnModelRouting) probe.routing(), mesh);
        Spec s = spec(routing, 4, all);
        assertThat(s.pairs()).hasSize(204); // of 240: (3,0) -> (0,3) and the like have no route under these turns
        List<Turn> forbidden = ((TurnModelRouting) s.routing()).forbidden();
        Decision d = Flowproof.check(s);
        assertThat(d.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
        Trace t = d.trace(Property.STUCK_FREEDOM).orElseThrow();
        assertThat(Replayer.replay(s.model(), t.moves(), Property.STUCK_FREEDOM).reproduced()).isTrue();
        Network net = s.network();
        Torus topo = (Torus) s.topology();
        // every hop the trace takes turns as allowed
        for (Move m : t.moves()) {
            if (m.kind() == Move.Kind.FORWARD) {
                assertAllowed(topo, forbidden, net.channelOf(m.from()), net.channelOf(m.to()));
            }
        }
        // the final state: every head waits for full queues it may turn into, and a cycle closes
        Snapshot last = t.last();
        QueueRoutes routes = new QueueRoutes(net, s.routing(), s.rule());
        int[] waitsFor = new int[net.queues()];
        java.util.Arrays.fill(waitsFor, -1);
        int heads = 0;
        for (int q = 0; q < net.queues(); q++) {
            if (last.packets()[q].length == 0) {
                continue;
            }
            heads++;
            QueueRoutes.Next next = routes.next(q, -1, last.packets()[q][0]);
            assertThat(next.exits()).isFalse();
            for (int to : next.queues()) {
                assertThat(last.packets()[to]).as("a head's next queue is full").hasSize(net.capacity());
                assertAllowed(topo, forbidden, net.channelOf(q), net.channelOf(to));
                waitsFor[q] = to;
            }
        }
        assertThat(heads).isEqualTo(8);
        // following any wait from any head returns to a queue already seen: a cycle of allowed turns
        int q = 0;
        while (last.packets()[q].length == 0) {
            q++;
        }
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        while (seen.add(q)) {
            q = waitsFor[q];
        }
        assertThat(seen.size()).isGreaterThanOrEqualTo(4);
    }

    private static void assertAllowed(Torus t, List<Turn> forbidden, int in, int out) {
        Turn.Direction a = Turn.Direction.of(t.dimension(in), t.direction(in));
        Turn.Direction b = Turn.Direction.of(t.dimension(out), t.direction(out));
        assertThat(a.dimension() == b.dimension() && a != b).as("a 180-degree turn %s -> %s", a, b).isFalse();
        for (Turn f : forbidden) {
            assertThat(f.from() == a && f.to() == b).as("forbidden turn %s-%s at %s", a.key(), b.key(),
                t.nodeName(t.source(out))).isFalse();
        }
    }

    @Test
    void theSpecsInTheRepositoryKeepTheirVerdicts() throws Exception {
        for (String m : List.of("west-first", "north-last", "negative-first")) {
            Spec s = SpecReader.read(Path.of("specs/mesh4x4-" + m + "-nonminimal.yaml"));
            assertThat(Flowproof.check(s).verdict()).as(m).isEqualTo(Verdict.PROVED);
        }
        for (String f : List.of("nw-wn", "en-ne")) {
            Spec s = SpecReader.read(Path.of("specs/mesh4x4-turns-" + f + "-nonminimal.yaml"));
            assertThat(Flowproof.check(s).verdict()).as(f).isEqualTo(Verdict.COUNTEREXAMPLE);
        }
    }

    @Test
    void theExplorerAgreesOnATwoByTwoMeshAndVisitsTheLongerRoutes() throws Exception {
        Spec non = spec("{kind: west-first, minimal: false, misroute: 2}", 2, "all-pairs");
        Spec min = spec("west-first", 2, "all-pairs");
        Decision dn = Flowproof.explore(non, flowproof.check.Options.defaults());
        Decision dm = Flowproof.explore(min, flowproof.check.Options.defaults());
        assertThat(dn.verdict()).isEqualTo(Verdict.DEADLOCK_FREE);
        assertThat(dm.verdict()).isEqualTo(Verdict.DEADLOCK_FREE);
        assertThat(dn.states()).isEqualTo(90_000);
        assertThat(dm.states()).isEqualTo(2_916);
    }

    @Test
    void theSimulatorRunsTheSameRoutingAndPacketsTakeLongerRoutes() throws Exception {
        Spec s = SpecReader.fromTree("t", "", Yaml.read(Files.readString(Path.of("specs/mesh8x8-west-first.yaml"))
            .replace("routing: west-first", "routing: {kind: west-first, minimal: false, misroute: 2}")));
        SimConfig cfg = SimulationReader.read(s);
        cfg = cfg.withWorkload(cfg.workload().atLoad(1.0)).withRun(10000, 2000, 7).withCheck(true);
        SimResult r = new Simulator(cfg).run(null);
        assertThat(r.deadlock()).isNull();
        assertThat(r.drained()).isTrue();
        assertThat(r.packetsDelivered()).isPositive();
        Spec m = SpecReader.read(Path.of("specs/mesh8x8-west-first.yaml"));
        SimConfig mc = SimulationReader.read(m);
        SimResult minimal = new Simulator(mc.withWorkload(mc.workload().atLoad(1.0)).withRun(10000, 2000, 7)
            .withCheck(true)).run(null);
        assertThat(r.meanHops()).isGreaterThan(minimal.meanHops()).isLessThanOrEqualTo(minimal.meanHops() + 2);
    }

    @Test
    void anUnroutablePairIsOneLine() throws Exception {
        SpecException e = catchThrowableOfType(SpecException.class,
            () -> spec("{kind: turns, forbid: [[north, west], [west, north]], minimal: false, misroute: 2}", 4, "all-pairs"));
        assertThat(e.getMessage()).doesNotContain("\n").contains("routing.forbid: expected turns that leave every pair the"
            + " traffic sends a route within 2 hops beyond the minimum, found none from (1,0) to (0,1)");
        SpecException odd = catchThrowableOfType(SpecException.class,
            () -> spec("{kind: west-first, minimal: false, misroute: 1}", 4, "all-pairs"));
        assertThat(odd.getMessage()).contains("routing.misroute: expected an even number of hops beyond the minimum");
        SpecException none = catchThrowableOfType(SpecException.class,
            () -> spec("{kind: west-first, minimal: false}", 4, "all-pairs"));
        assertThat(none.getMessage()).contains("routing.misroute: expected the hops beyond the minimum");
    }
}
