package flowproof.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.cli.Main;
import flowproof.explore.Property;
import flowproof.explore.PropertyStatus;
import flowproof.explore.Verdict;
import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import flowproof.spec.Spec;
import flowproof.spec.SpecException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The library API gives what the command line prints, because the command line calls it. */
class FlowproofApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode cli(String... args) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return JSON.readTree(out.toString());
    }

    /** The JSON without the fields that measure time. */
    private static JsonNode untimed(JsonNode n) throws Exception {
        JsonNode c = JSON.readTree(JSON.writeValueAsString(n)); // numbers as the printed line reads back
        strip(c);
        return c;
    }

    private static void strip(JsonNode n) {
        if (n instanceof ObjectNode o) {
            o.remove(List.of("seconds", "cdgSeconds", "phaseSeconds", "statesPerSecond", "bytesPerState",
                "storedBytes", "timeLimit"));
            o.forEach(FlowproofApiTest::strip);
        } else if (n.isArray()) {
            n.forEach(FlowproofApiTest::strip);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"r1-ring4-c1-vct", "r4-ring4-c2-localized-bubble", "mesh4x4-west-first",
        "duato-torus3x3-dateline-escape", "msg-ring4-bidir-request-reply-shared-vc"})
    void checkGivesWhatTheCommandLinePrints(String name) throws Exception {
        Path file = Path.of("specs", name + ".yaml");
        Decision d = Flowproof.check(Flowproof.read(file));
        JsonNode printed = cli("check", "--json", "--no-save", "--threads", "1", file.toString());
        assertThat(untimed(d.jsonTree())).isEqualTo(untimed(printed));
        assertThat(d.verdict().key()).isEqualTo(printed.get("verdict").asText());
        assertThat(d.method().key()).isEqualTo(printed.get("method").asText());
        assertThat(d.matchesExpectation()).contains(true);
        for (Property p : Property.values()) {
            assertThat(d.status(p).key()).isEqualTo(printed.get("properties").get(p.key()).asText());
        }
    }

    @Test
    void aCounterexampleCarriesItsShortestTraceAndIsSavedWhereAsked(@TempDir Path dir) throws Exception {
        Spec spec = Flowproof.read(Path.of("specs/r1-ring4-c1-vct.yaml"));
        Decision d = Flowproof.check(spec, Options.defaults().withSaveTo(dir));
        assertThat(d.kind()).isEqualTo(Decision.Kind.CHECK);
        assertThat(d.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
        assertThat(d.method()).isEqualTo(Method.EXHAUSTIVE);
        assertThat(d.counterexample()).isPresent();
        assertThat(d.trace(Property.STUCK_FREEDOM)).isPresent();
        assertThat(d.status(Property.STUCK_FREEDOM)).isEqualTo(PropertyStatus.VIOLATED);
        assertThat(d.states()).isPositive();
        assertThat(d.exitCode()).isEqualTo(Decision.EXIT_VIOLATION);
        assertThat(d.savedFiles()).containsKey(Property.STUCK_FREEDOM);
        assertThat(Path.of(d.savedFiles().get(Property.STUCK_FREEDOM))).exists();
        assertThat(d.writeFailure()).isEmpty();
        assertThat(d.cdg()).hasValueSatisfying(g -> assertThat(g.acyclic()).isFalse());
    }

    @Test
    void anAcyclicGraphProvesWithoutTheExplorer() throws Exception {
        Decision d = Flowproof.check(Flowproof.read(Path.of("specs/mesh4x4-west-first.yaml")));
        assertThat(d.verdict()).isEqualTo(Verdict.PROVED);
        assertThat(d.method()).isEqualTo(Method.CDG);
        assertThat(d.exploration()).isEmpty();
        assertThat(d.states()).isZero();
        assertThat(d.traces()).isEmpty();
        assertThat(d.isDeadlockFree()).isTrue();
        assertThat(d.exitCode()).isEqualTo(Decision.EXIT_OK);
    }

    @Test
    void aStateLimitIsIncompleteNeverAPass() throws Exception {
        Spec spec = Flowproof.read(Path.of("specs/r4-ring4-c2-localized-bubble.yaml"));
        Decision d = Flowproof.explore(spec, Options.defaults().withMaxStates(10));
        assertThat(d.kind()).isEqualTo(Decision.Kind.EXPLORE);
        assertThat(d.verdict()).isEqualTo(Verdict.INCOMPLETE);
        assertThat(d.isDeadlockFree()).isFalse();
        assertThat(d.matchesExpectation()).isEmpty();
        assertThat(d.exitCode()).isEqualTo(Decision.EXIT_INCOMPLETE);
        assertThat(d.status(Property.STUCK_FREEDOM)).isEqualTo(PropertyStatus.UNKNOWN);
    }

    @Test
    void exploreGivesWhatTheCommandLinePrints() throws Exception {
        Path file = Path.of("specs/r4-ring4-c2-localized-bubble.yaml");
        Decision d = Flowproof.explore(Flowproof.read(file), Options.defaults());
        JsonNode printed = cli("explore", "--json", "--no-save", "--threads", "1", file.toString());
        assertThat(untimed(d.jsonTree())).isEqualTo(untimed(printed));
        assertThat(d.verdict()).isEqualTo(Verdict.DEADLOCK_FREE);
    }

    @Test
    void proveGivesWhatTheCommandLinePrints() throws Exception {
        Path file = Path.of("specs/r4-ring4-c2-localized-bubble.yaml");
        Decision d = Flowproof.prove(Flowproof.read(file), ProveOptions.defaults().withSeconds(60));
        JsonNode printed = cli("prove", "--json", "--no-save", "--seconds", "60", file.toString());
        assertThat(untimed(d.jsonTree())).isEqualTo(untimed(printed));
        assertThat(d.kind()).isEqualTo(Decision.Kind.PROVE);
        assertThat(d.verdict()).isEqualTo(Verdict.PROVED);
        assertThat(d.proof()).hasValueSatisfying(p -> assertThat(p.inductive()).isTrue());
    }

    @Test
    void proveRefusesWhatItsEncodingDoesNotCover() throws Exception {
        Spec sync = Flowproof.read(Path.of("specs/r2-ring4-c1-dateline-sync.yaml"));
        assertThatThrownBy(() -> Flowproof.prove(sync, ProveOptions.defaults()))
            .isInstanceOf(UnsupportedModelException.class)
            .satisfies(e -> assertThat(((UnsupportedModelException) e).field()).isEqualTo("semantics"));
    }

    @Test
    void aSpecBuiltInCodeIsTheSpecWrittenInYaml() throws Exception {
        Spec read = Flowproof.read(Path.of("specs/r4-ring4-c2-localized-bubble.yaml"));
        Spec built = Flowproof.spec("r4-ring4-c2-localized-bubble").ring(4).routing("dor").vcs(1).capacity(2)
            .rule("localized-bubble").traffic("all-pairs").expect("deadlock-free").build();
        assertThat(built.model().describe()).isEqualTo(read.model().describe());
        assertThat(built.pairs()).hasSameSizeAs(read.pairs());
        Decision a = Flowproof.check(read);
        Decision b = Flowproof.check(built);
        assertThat(b.verdict()).isEqualTo(a.verdict());
        assertThat(b.states()).isEqualTo(a.states());
        assertThat(b.transitions()).isEqualTo(a.transitions());
        assertThat(b.spec().source()).isEqualTo("(built in code)");
    }

    @Test
    void aBadFieldInCodeIsTheOneLineErrorOfAFile() {
        assertThatThrownBy(() -> Flowproof.spec("bad").ring(4).capacity(0).rule("vct").build())
            .isInstanceOf(SpecException.class)
            .hasMessageStartingWith("(built in code): capacity: expected")
            .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        assertThatThrownBy(() -> Flowproof.spec("bad").ring(4).capacity(1).rule("no-such-rule").build())
            .hasMessageContaining("rule: expected one of");
        assertThatThrownBy(() -> Flowproof.spec("bad").source("mine.yaml").ring(4).capacity(1).rule("vct")
            .set("traffic", Map.of("pairs", List.of(List.of("0", "9")))).build())
            .hasMessageStartingWith("mine.yaml: traffic");
    }

    @Test
    void badOptionsAreRefusedNamingTheOption() {
        assertThatThrownBy(() -> Options.defaults().withThreads(0)).hasMessageStartingWith("threads: expected");
        assertThatThrownBy(() -> Options.defaults().withMaxStates(-1)).hasMessageStartingWith("maxStates: expected");
        assertThatThrownBy(() -> ProveOptions.defaults().withSeconds(0)).hasMessageStartingWith("seconds: expected");
    }

    @Test
    void simulateAndSweepRunTheSpecsSimulation() throws Exception {
        Path file = Files.list(Path.of("specs/sim")).filter(p -> p.toString().endsWith(".yaml")).sorted()
            .filter(p -> {
                try {
                    return Flowproof.simulation(Flowproof.read(p)).workload().takesLoad();
                } catch (SpecException | RuntimeException e) {
                    return false;
                }
            }).findFirst().orElseThrow();
        SimConfig cfg = Flowproof.simulation(Flowproof.read(file)).withRun(2_000, 500, 1);
        SimResult one = Flowproof.simulate(cfg.withWorkload(cfg.workload().atLoad(0.05)));
        List<SimResult> sweep = Flowproof.sweep(cfg, 0.05, 0.1);
        assertThat(sweep).hasSize(2);
        assertThat(sweep.get(0).accepted()).isEqualTo(one.accepted());
        assertThat(sweep.get(0).packetsCreated()).isPositive();
        assertThat(sweep.get(1).offered()).isGreaterThan(sweep.get(0).offered());
        assertThatThrownBy(() -> Flowproof.sweep(cfg, 0.0)).hasMessageStartingWith("loads: expected");
    }

    @Test
    void aCheckWhoseExplorerStopsFallsBackToCpSatAndSaysSo() throws Exception {
        Spec free = Flowproof.read(Path.of("specs/r4-ring4-c2-localized-bubble.yaml"));
        Decision proved = Flowproof.check(free, Options.defaults().withMaxStates(100));
        assertThat(proved.kind()).isEqualTo(Decision.Kind.CHECK);
        assertThat(proved.verdict()).isEqualTo(Verdict.PROVED);
        assertThat(proved.method()).isEqualTo(Method.CP_SAT);
        assertThat(proved.exploration()).hasValueSatisfying(r -> assertThat(r.limit()).isEqualTo("states"));
        assertThat(proved.proof()).isPresent();
        assertThat(proved.status(Property.STUCK_FREEDOM)).isEqualTo(PropertyStatus.HOLDS);
        assertThat(proved.matchesExpectation()).contains(true);
        JsonNode printed = cli("check", "--json", "--no-save", "--threads", "1", "--max-states", "100",
            "specs/r4-ring4-c2-localized-bubble.yaml");
        assertThat(untimed(proved.jsonTree())).isEqualTo(untimed(printed));

        Spec stuck = Flowproof.read(Path.of("specs/ring5-c2-vct.yaml"));
        Decision found = Flowproof.check(stuck, Options.defaults().withMaxStates(1_000));
        assertThat(found.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
        assertThat(found.method()).isEqualTo(Method.CP_SAT);
        assertThat(found.trace(Property.STUCK_FREEDOM)).isPresent();
        assertThat(found.proof()).hasValueSatisfying(p -> assertThat(p.witness()).isNotNull());
        assertThat(found.exitCode()).isEqualTo(Decision.EXIT_VIOLATION);
    }
}
