package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Message classes end to end on the shipped specs: check's verdicts and methods, the extended
 * dependency graph, the explorer agreeing with the graph's proofs, saved counterexamples that
 * replay, prove (proved by the extended graph, or a stuck state found by its search, or
 * unknown at a limit), and the simulator (deadlock with a shared VC, drained on separate
 * virtual networks).
 */
class MessagesCliTest {

    @TempDir
    Path dir;

    private static Path spec(String name) {
        return Path.of("specs", name + ".yaml");
    }

    @Test
    void sharedVcOnTheRingIsACounterexampleWithATraceThatReplays() throws Exception {
        CliRun r = CliRun.run("check", spec("msg-ring4-bidir-request-reply-shared-vc"), "--counterexamples", dir,
            "--all-properties");
        assertThat(r.code()).as(r.err()).isEqualTo(Main.VIOLATION);
        assertThat(r.out()).contains("verdict        counterexample (exhaustive; expected counterexample: ok)")
            .contains("20,449 reachable").contains("cyclic").contains("consume a request at");
        Path trace = dir.resolve("msg-ring4-bidir-request-reply-shared-vc.stuck-freedom.json");
        assertThat(Files.readString(trace)).contains("\"kind\" : \"consume\"").contains("\"endpoints\"");
        CliRun replay = CliRun.run("replay", trace);
        assertThat(replay.code()).as(replay.out() + replay.err()).isEqualTo(Main.OK);
        assertThat(replay.out()).contains("reproduced: stuck-freedom violated after 12 moves");
    }

    @Test
    void aTamperedEndpointStateDoesNotReplay() throws Exception {
        Path trace = dir.resolve("msg-ring4-bidir-request-reply-shared-vc.stuck-freedom.json");
        CliRun.run("check", spec("msg-ring4-bidir-request-reply-shared-vc"), "--counterexamples", dir);
        String text = Files.readString(trace);
        // the last consume names another class: the file is well formed, the move is not admitted
        Files.writeString(trace, text.replaceFirst("\"queue\" : \"in request\"", "\"queue\" : \"in reply\""));
        CliRun replay = CliRun.run("replay", trace);
        assertThat(replay.code()).isEqualTo(Main.VIOLATION);
        assertThat(replay.out() + replay.err()).contains("endpoints");
    }

    @Test
    void separateVirtualNetworksAreProvedByTheGraphAndTheExplorerAgrees() {
        for (String name : new String[] {"msg-ring4-bidir-request-reply-separate-vns",
            "msg-mesh2x2-request-reply-separate-vns"}) {
            CliRun check = CliRun.run("check", spec(name), "--no-save");
            assertThat(check.code()).as(check.err()).isEqualTo(Main.OK);
            assertThat(check.out()).contains("proved deadlock-free (method cdg").contains("acyclic");
            CliRun explore = CliRun.run("explore", spec(name), "--no-save");
            assertThat(explore.code()).as(explore.err()).isEqualTo(Main.OK);
            assertThat(explore.out()).contains("deadlock-free (exhaustive").contains("65,536 reachable");
        }
    }

    @Test
    void theGraphHasTheConsumptionDependencies() {
        CliRun shared = CliRun.run("cdg", spec("msg-ring4-bidir-request-reply-shared-vc"));
        assertThat(shared.out()).contains("cyclic");
        // the one-hop routes alone have no dependency at all: every edge is a consumption edge
        CliRun separate = CliRun.run("cdg", spec("msg-ring4-bidir-request-reply-separate-vns"));
        assertThat(separate.out()).contains("acyclic");
    }

    @Test
    void proveProvesSeparateNetworksByTheExtendedGraph() {
        for (String name : new String[] {"msg-ring4-bidir-request-reply-separate-vns",
            "msg-mesh2x2-request-reply-separate-vns"}) {
            CliRun r = CliRun.run("prove", spec(name), "--no-save");
            assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.OK);
            assertThat(r.out()).contains("verdict        proved (method cdg (extended, with consumption dependencies):"
                + " the extended dependency graph is acyclic").contains("expected deadlock-free: ok");
        }
    }

    @Test
    void proveFindsTheSharedVcDeadlockAndSavesATraceThatReplays() throws Exception {
        for (String name : new String[] {"msg-ring4-bidir-request-reply-shared-vc", "msg-mesh2x2-request-reply-shared-vc"}) {
            CliRun r = CliRun.run("prove", spec(name), "--counterexamples", dir);
            assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.VIOLATION);
            assertThat(r.out()).contains("deadlock-configuration (method breadth-first search over all moves:"
                + " the extended dependency graph has a cycle; a stuck state is reachable)")
                .contains("a stuck state reached from the empty network in 12 moves")
                .contains("expected counterexample: ok");
            Path trace = dir.resolve(name + ".stuck-freedom.json");
            assertThat(trace).exists();
            CliRun replay = CliRun.run("replay", trace);
            assertThat(replay.code()).as(replay.out() + replay.err()).isEqualTo(Main.OK);
            assertThat(replay.out()).contains("reproduced: stuck-freedom violated after 12 moves");
        }
    }

    @Test
    void proveAnswersUnknownWhenItsSearchStopsAtALimit() {
        CliRun r = CliRun.run("prove", spec("msg-ring4-bidir-request-reply-shared-vc"), "--no-save",
            "--reach-states", "10");
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.INCOMPLETE);
        assertThat(r.out()).contains("verdict        unknown (method breadth-first search over all moves:")
            .contains("stopped at its states limit").doesNotContain("proved");
    }

    @Test
    void theSimulatorDeadlocksOnASharedVcAndDrainsSeparateNetworks() {
        for (String name : new String[] {"msg-mesh2x2-request-reply-shared-vc", "msg-ring4-bidir-request-reply-shared-vc"}) {
            CliRun shared = CliRun.run("simulate", spec(name));
            assertThat(shared.code()).as(name).isEqualTo(Main.VIOLATION);
            assertThat(shared.out()).contains("DEADLOCK");
        }
        for (String name : new String[] {"msg-mesh2x2-request-reply-separate-vns",
            "msg-ring4-bidir-request-reply-separate-vns"}) {
            CliRun r = CliRun.run("simulate", spec(name));
            assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.OK);
            assertThat(r.out()).contains("drained   yes").doesNotContain("DEADLOCK");
        }
    }

    @Test
    void aProtocolDeadlockPastEnumerationIsFoundByTheCycleGuidedSearchAndReportedOnce() throws Exception {
        // all pairs on a 4x4 mesh, requests and replies on one VC: far past enumeration
        CliRun r = CliRun.run("check", spec("msg-mesh4x4-request-reply-shared-vc"), "--counterexamples", dir);
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.VIOLATION);
        assertThat(r.out()).contains("cycle-guided   the explorer's first 1,000,000 states showed no violation: a search"
                + " with only the 2 of 240 traffic pairs")
            .contains("(check verdict counterexample)")
            .contains("counterexample (breadth-first, stopped at the first violation; expected counterexample: ok)")
            .contains("consume a request at").doesNotContain("use check").doesNotContain("cp-sat");
        // the explorer's first phase, then the guided search: each once
        assertThat(r.out().lines().filter(l -> l.startsWith("msg-mesh4x4-request-reply-shared-vc  ("))).hasSize(2);
        CliRun replay = CliRun.run("replay", dir.resolve("msg-mesh4x4-request-reply-shared-vc.stuck-freedom.json"));
        assertThat(replay.code()).as(replay.out() + replay.err()).isEqualTo(Main.OK);
        assertThat(replay.out()).contains("reproduced: stuck-freedom violated after 12 moves");
        CliRun fixed = CliRun.run("check", spec("msg-mesh8x8-request-reply-separate-vcs"), "--no-save");
        assertThat(fixed.code()).as(fixed.out() + fixed.err()).isEqualTo(Main.OK);
        assertThat(fixed.out()).contains("proved deadlock-free (method cdg");
    }

    @Test
    void aDeadlockFoundEndsTheSearch() {
        CliRun r = CliRun.run("check", Path.of("specs/graph7-shortest-path-1vc.yaml"), "--no-save");
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.VIOLATION);
        assertThat(r.out()).contains("counterexample (breadth-first, stopped at the first violation; expected"
            + " counterexample: ok)").contains("found so far, ").contains("stuck-freedom: 4 moves");
    }
}
