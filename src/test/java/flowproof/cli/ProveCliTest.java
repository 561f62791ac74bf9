package flowproof.cli;

import static flowproof.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import flowproof.explore.Property;
import flowproof.explore.Replayer;
import flowproof.spec.CounterexampleFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code prove}, {@code bound} and the fallback of {@code check} to CP-SAT, through the command line. */
class ProveCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(CliRun r) throws Exception {
        return JSON.readTree(r.out());
    }

    @TempDir
    Path tmp;



    @Test
    void criticalBubbleOn8x8TorusIsProvedDeterministically() throws Exception {
        CliRun r = run("prove", "specs/solve/torus8x8-c2-critical-bubble.yaml", "--json", "--seconds", "120");
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        JsonNode o = json(r);
        assertThat(o.get("verdict").asText()).isEqualTo("proved");
        assertThat(o.get("method").asText()).isEqualTo("cp-sat");
        assertThat(o.get("inductive").asBoolean()).isTrue();
        assertThat(o.get("workers").asInt()).isEqualTo(1);
        assertThat(o.get("deterministic").asBoolean()).isTrue();
        assertThat(o.get("witness").isNull()).isTrue();
        assertThat(o.get("matches").asBoolean()).isTrue();
    }

    @Test
    void vctOn8x8TorusGivesAReachedDeadlockThatReplays() throws Exception {
        CliRun r = run("prove", "specs/solve/torus8x8-c1-vct.yaml", "--json", "--counterexamples", tmp.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(Main.VIOLATION);
        JsonNode o = json(r);
        assertThat(o.get("verdict").asText()).isEqualTo("deadlock-configuration");
        assertThat(o.get("witness").get("packets").asInt()).isEqualTo(8);
        assertThat(o.get("witness").get("minimal").asBoolean()).isTrue();
        assertThat(o.get("reachable").asBoolean()).isTrue();
        Path saved = Path.of(o.get("counterexample").asText());
        assertThat(saved).exists();
        CounterexampleFile.Loaded l = CounterexampleFile.read(saved);
        assertThat(Replayer.replay(l.spec().model(), l.moves(), Property.STUCK_FREEDOM).reproduced()).isTrue();
    }

    @Test
    void checkFallsBackToCpSatWhenTheExplorerReachesItsLimit() throws Exception {
        CliRun proved = run("check", "specs/solve/torus8x8-c2-critical-bubble.yaml", "--json", "--max-states", "5000",
            "--no-save");
        assertThat(proved.code()).as(proved.err()).isEqualTo(Main.OK);
        assertThat(json(proved).get("verdict").asText()).isEqualTo("proved");
        assertThat(json(proved).get("method").asText()).isEqualTo("cp-sat");
        assertThat(json(proved).get("explorer").get("verdict").asText()).isEqualTo("incomplete");

        CliRun deadlock = run("check", "specs/solve/torus8x8-c1-vct.yaml", "--json", "--max-states", "5000", "--no-save");
        assertThat(deadlock.code()).as(deadlock.err()).isEqualTo(Main.VIOLATION);
        assertThat(json(deadlock).get("verdict").asText()).isEqualTo("counterexample");
        assertThat(json(deadlock).get("prove").asText()).isEqualTo("deadlock-configuration");
    }

    @Test
    void withoutOrToolsProveSaysSoInOneLineAndCheckStillWorks() {
        System.setProperty("flowproof.ortools", "off");
        try {
            CliRun r = run("prove", "specs/solve/torus8x8-c1-vct.yaml");
            assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
            assertThat(r.err().strip()).doesNotContain("\n").contains("OR-tools");
            CliRun b = run("bound", "specs/solve/torus8x8-adaptive-dateline-escape.yaml");
            assertThat(b.code()).isEqualTo(Main.BAD_INPUT);
            assertThat(b.err().strip()).doesNotContain("\n").contains("OR-tools");
            CliRun c = run("check", "specs/r6-ring4-c1-critical-bubble.yaml", "--no-save");
            assertThat(c.code()).as(c.err()).isEqualTo(Main.OK);
        } finally {
            System.clearProperty("flowproof.ortools");
        }
    }

    /** The drift twins of the 8x8 CBS specs, beyond enumeration: check falls back to CP-SAT and proves them. */
    @Test
    void checkProvesTheDriftTwinsOfThe8x8CriticalBubbleSpecs() {
        for (String name : new String[] {"torus8x8-c1-critical-bubble-drift", "torus8x8-c1-critical-bubble-drift-iq1",
            "torus8x8-c2-critical-bubble-drift", "torus8x8-c2-critical-bubble-drift-iq1"}) {
            CliRun r = run("check", "specs/solve/" + name + ".yaml", "--no-save", "--max-states", "1000");
            assertThat(r.code()).as(name + ": " + r.out() + r.err()).isEqualTo(Main.OK);
            assertThat(r.out()).as(name).contains("verdict        proved (method cp-sat: the invariants hold initially and are"
                + " inductive, and no invariant state is a knot").contains("expected deadlock-free: ok");
        }
    }

    /**
     * A looping table under a hop limit, deadlock-free by enumeration: prove finds no knot but
     * claims no proof (the routing is not minimal), exits 3 and does not call that a mismatch;
     * check proves it from the acyclic channel dependency graph. Valiant routing, minimal by
     * its two-phase measure, is proved.
     */
    @Test
    void proveAnswersUnknownOnNonMinimalRoutingAndProvesValiant() {
        CliRun r = run("prove", "specs/triangle-loop-table-hop-limit-vc-per-hop.yaml", "--no-save");
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.INCOMPLETE);
        assertThat(r.out()).contains("verdict        unknown (method cp-sat: no reachable state is stuck, but the routing is"
            + " not minimal").contains("expected deadlock-free: not decided").doesNotContain("MISMATCH");
        CliRun c = run("check", "specs/triangle-loop-table-hop-limit-vc-per-hop.yaml", "--no-save");
        assertThat(c.code()).as(c.out() + c.err()).isEqualTo(Main.OK);
        assertThat(c.out()).contains("proved deadlock-free (method cdg");
        CliRun v = run("prove", "specs/ring3-bidir-valiant-vc-per-hop.yaml", "--no-save");
        assertThat(v.code()).as(v.out() + v.err()).isEqualTo(Main.OK);
        assertThat(v.out()).contains("verdict        proved (method cp-sat");
    }

    @Test
    void badOptionsAndSpecsAreOneLine() throws Exception {
        CliRun r = run("prove", "specs/solve/torus8x8-c1-vct.yaml", "--seconds", "0");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err().strip()).isEqualTo("--seconds: expected a positive number of seconds, found 0.0");
        Path bad = tmp.resolve("bad.yaml");
        Files.writeString(bad, "name: x\ntopology: {kind: ring, radix: [4]}\nrule: vct\ncapacity: 0\n");
        CliRun s = run("prove", bad.toString());
        assertThat(s.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(s.err().strip()).doesNotContain("\n").startsWith(bad.toString());
        // models beyond the CP-SAT encoding are refused by field, not answered for another model
        CliRun sync = run("prove", "specs/ring4-c1-theoretical-bubble-snapshot-sync.yaml");
        assertThat(sync.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(sync.err().strip()).doesNotContain("\n")
            .startsWith("specs/ring4-c1-theoretical-bubble-snapshot-sync.yaml: semantics: expected interleaving");
        // injection queues: CP-SAT proves the model without them, the product carries it over
        // or says why not; here the literal scheme starves a waiting packet from the initial
        // placement, and the breadth-first search reaches that stuck state in one move
        CliRun iq = run("prove", "specs/r6-ring4-c1-critical-bubble-iq1.yaml", "--no-save");
        assertThat(iq.code()).isEqualTo(Main.VIOLATION);
        assertThat(iq.out()).contains("verdict        deadlock-configuration (method cp-sat: proved without injection"
            + " queues, but with them a waiting packet may never enter: pair 0 -> 1 from the empty network with marks on"
            + " 0-d0+->1 vc0")
            .contains("a stuck state reached from the empty network in 1 move (breadth-first over all moves");
        CliRun iqDrift = run("prove", "specs/r6-ring4-c1-critical-bubble-drift-iq1.yaml", "--no-save");
        assertThat(iqDrift.code()).isEqualTo(Main.OK);
        assertThat(iqDrift.out()).contains("with injection queues of 1, every pair's packet enters every empty network");
        // wormhole is proved by the knot search on worms (clock-cycle steps stay refused, above)
        CliRun wh = run("prove", "specs/wh-ring4-c1-l2-dateline.yaml", "--no-save");
        assertThat(wh.code()).isEqualTo(Main.OK);
        assertThat(wh.out()).contains("no configuration of worms (packets of 2 flits over 1-flit VCs) is stuck");
        CliRun p = run("bound", "specs/sim/torus8x8-dateline.yaml", "--pattern", "no-such-pattern");
        assertThat(p.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(p.err().strip()).doesNotContain("\n").contains("--pattern");
    }

    @Test
    void boundOfUniformTrafficOn8x8TorusWithDorIsTheAnalyticValue() throws Exception {
        CliRun r = run("bound", "specs/sim/torus8x8-dateline.yaml", "--json");
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        // DOR breaks the tie at distance 4 toward +: a + channel carries 1+2+3+4 = 10 hops of
        // the 8 sources of its ring, each sending 8/63 of its traffic per x-offset: 80/63.
        assertThat(json(r).get("bound").asDouble()).isCloseTo(63.0 / 80, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(json(r).get("saturated").size()).isEqualTo(128);
    }
}
