package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code flowproof live} (issue 44): starvation and livelock under a stated arbitration and
 * fairness, with lassos that {@code replay} re-checks on its own (every move allowed by the
 * arbiter, the loop closing, the victim never moving, the loop fair).
 */
class LiveCommandTest {

    @TempDir
    Path dir;

    private JsonNode live(Object... args) throws Exception {
        Object[] all = new Object[args.length + 2];
        all[0] = "live";
        System.arraycopy(args, 0, all, 1, args.length);
        all[all.length - 1] = "--json";
        CliRun r = CliRun.run(all);
        assertThat(r.err()).isEmpty();
        return new ObjectMapper().readTree(r.out());
    }

    private static String status(JsonNode j, String property) {
        for (JsonNode r : j.get("results")) {
            if (r.get("property").asText().equals(property)) {
                return r.get("status").asText();
            }
        }
        return null;
    }

    /** The lasso replays on its own, and the exit codes say violated (1) and reproduced (0). */
    private void replays(Object... args) {
        Path lasso = dir.resolve("l" + System.nanoTime() + ".json");
        Object[] all = new Object[args.length + 3];
        all[0] = "live";
        System.arraycopy(args, 0, all, 1, args.length);
        all[all.length - 2] = "--lasso";
        all[all.length - 1] = lasso;
        assertThat(CliRun.run(all).code()).isEqualTo(1);
        CliRun r = CliRun.run("replay", lasso);
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains(": reproduced: ");
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "fixed-priority, strong, violated",
        "fixed-priority, weak, violated",
        "round-robin, strong, holds",
        "round-robin, weak, holds",
        "any, strong, holds",
        "any, weak, violated"})
    void throughTrafficAgainstInjectionOnALine(String arbitration, String fairness, String expected) throws Exception {
        JsonNode j = live("specs/live/line3-through-beats-injection.yaml", "--arbitration", arbitration, "--fairness",
            fairness);
        assertThat(status(j, "starvation-freedom")).isEqualTo(expected);
        assertThat(status(j, "livelock-freedom")).isEqualTo("holds");
        if (expected.equals("violated")) {
            replays("specs/live/line3-through-beats-injection.yaml", "--arbitration", arbitration, "--fairness", fairness);
        }
    }

    /** The spec's own arbitration field is the default: fixed-priority starves router 1's source (the CODES case). */
    @Test
    void theSpecsArbitrationIsTheDefault() throws Exception {
        CliRun r = CliRun.run("live", "specs/live/line3-through-beats-injection.yaml");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("arbitration    fixed-priority; strong fairness",
            "starvation-freedom   violated: a fair loop starves the source 1 injecting 2", "loop ", "prefix ");
    }

    /** A round-robin arbiter that always starts at the lowest VC starves a source on a dateline ring; the fair one does not. */
    @Test
    void aRingWithTheDateline() throws Exception {
        JsonNode fixed = live("specs/r2-ring4-c1-dateline.yaml", "--arbitration", "fixed-priority");
        assertThat(status(fixed, "starvation-freedom")).isEqualTo("violated");
        replays("specs/r2-ring4-c1-dateline.yaml", "--arbitration", "fixed-priority");
        JsonNode rr = live("specs/r2-ring4-c1-dateline.yaml", "--arbitration", "round-robin");
        assertThat(status(rr, "starvation-freedom")).isEqualTo("holds");
        assertThat(status(rr, "livelock-freedom")).isEqualTo("holds");
        assertThat(rr.get("states").asLong()).isGreaterThan(fixed.get("states").asLong());
    }

    /** Misrouting at any hop on a 4x4 mesh livelocks (a packet alone circling); with a hop budget every route is finite. */
    @Test
    void misroutingLivelocksUnlessBudgeted() throws Exception {
        JsonNode any = live("specs/live/mesh4x4-misroute-any-hop.yaml", "--properties", "livelock-freedom");
        assertThat(status(any, "livelock-freedom")).isEqualTo("violated");
        replays("specs/live/mesh4x4-misroute-any-hop.yaml", "--properties", "livelock-freedom");
        JsonNode budget = live("specs/live/mesh4x4-misroute-budget.yaml", "--properties", "livelock-freedom");
        assertThat(status(budget, "livelock-freedom")).isEqualTo("holds");
        assertThat(budget.get("results").get(0).get("how").asText()).startsWith("every route is finite");
    }

    /** The CBS 3x2 torus that never lets some pairs in: starvation-freedom says so too, naming the sources. */
    @Tag("slow")
    @Test
    void theCbsTorusThatStarvesSomePairs() throws Exception {
        JsonNode j = live("specs/t3-torus3x2-critical-bubble.yaml", "--properties", "starvation-freedom");
        assertThat(status(j, "starvation-freedom")).isEqualTo("violated");
        assertThat(j.get("results").get(0).get("starved").toString()).contains("the source");
    }

    /** routing.loops allows a route to loop, never to trap a packet where no route arrives. */
    @Test
    void aTableMayLoopButNotTrap() throws Exception {
        String head = "name: t\ntopology: {kind: graph, graph: {routers: [a, b, c, d], links: [[a, b], [b, c], [c, d]]}}\n"
            + "routing:\n  kind: table\n  loops: true\n  routes:\n    - {at: a, to: d, next: [b]}\n"
            + "    - {at: b, to: d, next: [c]}\n";
        String tail = "vcs: 1\ncapacity: 1\nrule: vct\ntraffic: {pairs: [[a, d]]}\n";
        Path trap = dir.resolve("trap.yaml");
        java.nio.file.Files.writeString(trap, head + "    - {at: c, to: d, next: [b]}\n" + tail);
        CliRun refused = CliRun.run("check", trap, "--no-save");
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err().strip()).isEqualTo(trap + ": routing.routes: expected routes that can always still reach"
            + " their destination (loops: true allows loops, not traps), found no route from a (injected) reaches d");
        Path loop = dir.resolve("loop.yaml");
        java.nio.file.Files.writeString(loop, head + "    - {at: c, to: d, next: [b, d]}\n" + tail);
        JsonNode j = live(loop, "--properties", "livelock-freedom");
        assertThat(status(j, "livelock-freedom")).isEqualTo("violated");
        replays(loop, "--properties", "livelock-freedom");
    }

    /** verify --liveness states every deadlock-free spec's liveness verdict, or why it is not checked. */
    @Test
    void verifyStatesLiveness() {
        CliRun r = CliRun.run("verify", "specs/live", "--liveness", "--no-save");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("    liveness: starvation-freedom violated (a fair loop starves the source 1 injecting 2),"
            + " livelock-freedom holds [fixed-priority, strong fairness]",
            "liveness of the deadlock-free specs: 0 hold both, 1 violate one, 0 incomplete, 0 not checked");
        Path one = dir.resolve("wh");
        try {
            java.nio.file.Files.createDirectories(one);
            java.nio.file.Files.copy(Path.of("specs/wh-ring4-c2-l2-theoretical-bubble.yaml"),
                one.resolve("wh-ring4-c2-l2-theoretical-bubble.yaml"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        CliRun wh = CliRun.run("verify", one, "--liveness", "--no-save");
        assertThat(wh.out()).contains("liveness: not checked: live covers interleaving models of whole packets, not"
            + " wormhole flits");
    }

    @Test
    void badInputIsOneLine() {
        Object[][] cases = {
            {new Object[] {"live", "specs/live/line3-through-beats-injection.yaml", "--arbitration", "oldest-first"},
                "--arbitration: expected any, round-robin or fixed-priority (oldest-first needs packet ages, which the "
                    + "model does not keep: not built), found oldest-first"},
            {new Object[] {"live", "specs/live/line3-through-beats-injection.yaml", "--fairness", "fair"},
                "--fairness: expected strong or weak, found fair"},
            {new Object[] {"live", "specs/live/line3-through-beats-injection.yaml", "--properties", "deadlock"},
                "--properties: expected starvation-freedom or livelock-freedom, found deadlock"},
            {new Object[] {"live", "specs/wh-ring4-c2-l2-theoretical-bubble.yaml"},
                "specs/wh-ring4-c2-l2-theoretical-bubble.yaml: expected an interleaving model of whole packets for 'live',"
                    + " found wormhole flits"},
        };
        for (Object[] c : cases) {
            CliRun r = CliRun.run((Object[]) c[0]);
            assertThat(r.code()).as("%s: %s", List.of((Object[]) c[0]), r.err()).isEqualTo(2);
            assertThat(r.err().strip()).isEqualTo((String) c[1]);
        }
    }
}
