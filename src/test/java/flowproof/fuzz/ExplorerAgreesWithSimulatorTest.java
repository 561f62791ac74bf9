package flowproof.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.explore.Move;
import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import flowproof.sim.Simulator;
import flowproof.spec.CounterexampleFile;
import flowproof.spec.Spec;
import flowproof.traffic.ScriptedWorkload.Packet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import flowproof.fuzz.ScenarioGenerator.Net;
import flowproof.fuzz.ScenarioGenerator.Safety;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The explorer and the simulator against each other. Every checked-in stuck-freedom
 * counterexample with deterministic routing (plain VCT on rings and tori, the
 * Critical Bubble Scheme with one-packet buffers, minimal routing on the dragonfly), replayed
 * in the simulator as a traffic script of its injections (one-flit packets, buffers of the
 * spec's capacity, one-cycle routers and links), deadlocks it too. And on small rings and tori
 * every packet-level state the simulator passes through satisfies the explorer's invariants
 * of the rule ({@link flowproof.rule.Invariant}, judged by {@link Invariants}).
 */
class ExplorerAgreesWithSimulatorTest {

    static Stream<Path> stuckCounterexamples() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("counterexamples"))) {
            List<Path> list = s.filter(p -> p.toString().endsWith(".stuck-freedom.json"))
                .filter(ExplorerAgreesWithSimulatorTest::deterministicRouting)
                .filter(ExplorerAgreesWithSimulatorTest::packetLevelInterleaved).sorted().toList();
            assertThat(list).hasSizeGreaterThanOrEqualTo(8);
            return list.stream();
        }
    }

    /**
     * A script names only sources and destinations, so only routing without choices replays:
     * one candidate and one route per pair. UGAL and XY-YX choose at the source, the turn
     * models at every router, and the simulator's choices need not be the trace's.
     */
    private static boolean deterministicRouting(Path file) {
        try {
            var spec = CounterexampleFile.read(file).spec();
            var r = spec.routing();
            // A script creates every packet at cycle 0, so which injections the rule admits
            // depends on the order in which the simulator's routers allocate: for rules that read
            // more than the target's free slot (the bubble rules) that need not be the trace's
            // order. Those counterexamples are checked by loading the simulator instead
            // (MixedRuleTest, the bubble-rule simulation tests).
            return r.maxCandidates() == 1 && r.maxInjectHeaders() == 1 && !r.hasEscape()
                && spec.rule().freeSlotSuffices();
        } catch (Exception e) {
            throw new AssertionError(file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Only the explorer's reference model replays as a script: clock-cycle traces (the
     * simulator's global counts are atomic), starvation with injection queues (nothing is
     * held in the network) and wormhole traces (sim/WormholeAgreementTest) are left out.
     */
    private static boolean packetLevelInterleaved(Path file) {
        try {
            var m = CounterexampleFile.read(file).spec().model();
            // message classes: the trace's consume moves and answers are not a script of injections
            return m.semantics() == flowproof.explore.Semantics.INTERLEAVING && m.injectionQueue() == 0
                && m.wormhole() == null && m.messages() == null;
        } catch (Exception e) {
            throw new AssertionError(file + ": " + e.getMessage(), e);
        }
    }

    /** The counterexample's injections as a script, all created at once, in the trace's order. */
    static Scenario asScript(Path file) throws Exception {
        CounterexampleFile.Loaded l = CounterexampleFile.read(file);
        Spec spec = l.spec();
        int concentration = spec.topology().concentration();
        List<Packet> packets = new ArrayList<>();
        for (Move m : l.moves()) {
            if (m.kind() == Move.Kind.INJECT) {
                int dst = spec.routing().destinationOf(m.destination());
                int src = indexOf(spec.topology().endpoints(), m.node()) * concentration;
                int d = indexOf(spec.topology().endpoints(), dst) * concentration;
                packets.add(new Packet(0, src, d, 1));
            }
        }
        ObjectNode tree = (ObjectNode) Scenario.JSON.readTree(Files.readString(file)).get("spec");
        tree.remove(List.of("expect", "properties", "limits", "traffic"));
        ObjectNode sim = tree.putObject("simulation");
        sim.put("switching", "vct");
        sim.put("buffer", spec.network().capacity());
        sim.put("pipeline", 1);
        sim.put("link-latency", 1);
        sim.put("deadlock-cycles", 100);
        sim.put("drain", 5_000);
        return new Scenario(tree, false, null).withPackets(packets);
    }

    private static int indexOf(int[] a, int v) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == v) {
                return i;
            }
        }
        throw new AssertionError("router " + v + " has no terminal");
    }

    @ParameterizedTest
    @MethodSource("stuckCounterexamples")
    void explorerCounterexampleDeadlocksTheSimulator(Path file) throws Exception {
        Scenario s = asScript(file);
        SimConfig cfg = s.config().withCheck(true);
        SimResult r = new Simulator(cfg).run(null);
        assertThat(r.deadlock()).as("%s replayed in the simulator (%s)", file, s.packets()).isNotNull();
        assertThat(r.drained()).isFalse();
    }

    private static final String CBS = "{\"kind\":\"critical-bubble\"}";
    private static final String TBFC = "{\"kind\":\"theoretical-bubble\"}";
    private static final String LBS = "{\"kind\":\"localized-bubble\"}";

    /** Bubble rules on rings of 3 to 6 and small tori, with and without schemes. */
    static final List<Net> SMALL = List.of(
        new Net("{\"kind\":\"ring\",\"radix\":[3]}", null, 1, CBS, Safety.VCT_TWO_SLOTS, List.of("cbs-global")),
        new Net("{\"kind\":\"ring\",\"radix\":[4]}", null, 1, TBFC, Safety.VCT, List.of("best-local")),
        new Net("{\"kind\":\"ring\",\"radix\":[5]}", null, 1, LBS, Safety.NONE, List.of()),
        new Net("{\"kind\":\"ring\",\"radix\":[6],\"bidirectional\":true}", null, 1, CBS, Safety.VCT_TWO_SLOTS,
            List.of("cbs-global", "spth")),
        new Net("{\"kind\":\"torus\",\"radix\":[3,2]}", null, 1, TBFC, Safety.VCT, List.of()),
        new Net("{\"kind\":\"torus\",\"radix\":[3,3]}", null, 1, CBS, Safety.VCT_TWO_SLOTS, List.of("cbs-global")),
        new Net("{\"kind\":\"torus\",\"radix\":[4,4],\"bidirectional\":true}", null, 1, LBS, Safety.NONE,
            List.of()));

    @Test
    void everyPacketLevelStateOfTheSimulatorSatisfiesTheExplorersInvariants() {
        PropertyRun.assertInvariantsHold("ExplorerAgreesWithSimulatorTest", ScenarioGen.scenarios(SMALL, 150, null), 200,
            Variants.NONE);
    }
}
