package flowproof.check;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.cli.Main;
import flowproof.explore.Property;
import flowproof.explore.Verdict;
import flowproof.spec.Spec;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code check}'s portfolio: the explorer's first million states, then CP-SAT's knot search and
 * a guided search, then the whole explorer. Same verdicts as the explorer alone, the same
 * answer on every run, and the 4x4 one-VC torus deadlock in about a second.
 */
class PortfolioTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static Spec torus4x4Vct() throws Exception {
        return Flowproof.spec("torus4x4-c1-vct").bidirectionalTorus(4, 4).routing("dor").vcs(1).capacity(1)
            .rule("vct").traffic("all-pairs").expect("counterexample").build();
    }

    private static JsonNode untimed(Decision d) throws Exception {
        JsonNode n = JSON.readTree(d.json());
        strip(n);
        return n;
    }

    private static void strip(JsonNode n) {
        if (n instanceof ObjectNode o) {
            o.remove(List.of("seconds", "cdgSeconds", "phaseSeconds", "statesPerSecond", "bytesPerState", "storedBytes",
                "timeLimit"));
            o.forEach(PortfolioTest::strip);
        } else if (n.isArray()) {
            n.forEach(PortfolioTest::strip);
        }
    }

    @Test
    void theFourByFourTorusDeadlockIsFoundByTheKnotSearchTheSameWayEveryRun() throws Exception {
        Spec spec = torus4x4Vct();
        Decision a = Flowproof.check(spec);
        assertThat(a.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
        assertThat(a.method()).isEqualTo(Method.CP_SAT);
        assertThat(a.exploration()).hasValueSatisfying(r -> {
            assertThat(r.states()).isEqualTo(FirstPhaseStep.STATES);
            assertThat(r.limit()).isEqualTo("states");
        });
        assertThat(a.proof()).hasValueSatisfying(p -> {
            assertThat(p.witness().packetCount()).isEqualTo(4);
            assertThat(p.minimal()).isTrue();
            assertThat(p.inductive()).isNull();
        });
        assertThat(a.trace(Property.STUCK_FREEDOM)).hasValueSatisfying(t -> assertThat(t.length()).isEqualTo(4));
        assertThat(a.status(Property.INJECTABILITY).key()).isEqualTo("holds");
        assertThat(a.jsonTree().at("/portfolio/note").asText()).startsWith("portfolio: the explorer's first 1,000,000 states");
        assertThat(a.jsonTree().at("/portfolio/chosen").asText()).isEqualTo("cp-sat");
        assertThat(a.jsonTree().at("/portfolio/explorer/states").asLong()).isEqualTo(FirstPhaseStep.STATES);
        assertThat(a.jsonTree().at("/portfolio/knot/answer").asText())
            .isEqualTo("deadlock configuration of 4 packets; reached in 4 moves");
        assertThat(a.jsonTree().get("knotSearchOnly").asBoolean()).isTrue();
        assertThat(a.jsonTree().get("deterministic").asBoolean()).isTrue();
        assertThat(a.text()).contains("inductive not checked (the knot search alone)");
        // deterministic: the same answer and trace again, and on two threads
        Decision b = Flowproof.check(spec, Options.defaults().withThreads(2));
        assertThat(untimed(b)).isEqualTo(untimed(a));
        assertThat(b.trace(Property.STUCK_FREEDOM).orElseThrow().moves())
            .isEqualTo(a.trace(Property.STUCK_FREEDOM).orElseThrow().moves());
    }

    @Test
    void theExplorerAloneGivesTheSameVerdictWithItsShortestTraces() throws Exception {
        Spec spec = Flowproof.read(Path.of("specs/ring5-c2-vct.yaml"));
        Decision portfolio = Flowproof.check(spec);
        Decision explorer = Flowproof.check(spec, Options.defaults().withMethod(Options.Method.EXPLORER));
        assertThat(portfolio.method()).isEqualTo(Method.CP_SAT);
        assertThat(explorer.method()).isEqualTo(Method.EXHAUSTIVE);
        assertThat(portfolio.verdict()).isEqualTo(explorer.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
        assertThat(portfolio.counterexample().orElseThrow().length())
            .isGreaterThanOrEqualTo(explorer.trace(Property.STUCK_FREEDOM).orElseThrow().length());
    }

    @Test
    void aDeadlockFreeSpecPastTheFirstPhaseIsDecidedByTheWholeExplorerAsBefore() throws Exception {
        Spec spec = Flowproof.read(Path.of("specs/ring5-c2-localized-bubble.yaml"));
        Decision portfolio = Flowproof.check(spec);
        Decision explorer = Flowproof.check(spec, Options.defaults().withMethod(Options.Method.EXPLORER));
        assertThat(portfolio.verdict()).isEqualTo(Verdict.DEADLOCK_FREE);
        assertThat(portfolio.method()).isEqualTo(Method.EXHAUSTIVE);
        assertThat(portfolio.states()).isEqualTo(explorer.states()).isGreaterThan(FirstPhaseStep.STATES);
        // the knot search, beside the first phase, found no deadlock configuration: its answer is reported
        assertThat(portfolio.jsonTree().at("/portfolio/chosen").asText()).isEqualTo("explorer");
        assertThat(portfolio.jsonTree().at("/portfolio/knot/answer").asText()).startsWith("unknown: no knot");
        assertThat(portfolio.text()).contains("CP-SAT's knot search: unknown: no knot");
        ObjectNode withoutReport = (ObjectNode) untimed(portfolio);
        withoutReport.remove("portfolio");
        assertThat(withoutReport).isEqualTo(untimed(explorer));
    }

    @Test
    void aSpecWhoseLimitIsWithinTheFirstPhaseIsCheckedAsBefore() throws Exception {
        Spec spec = Flowproof.read(Path.of("specs/r4-ring4-c2-localized-bubble.yaml"));
        Options small = Options.defaults().withMaxStates(500_000);
        assertThat(untimed(Flowproof.check(spec, small)))
            .isEqualTo(untimed(Flowproof.check(spec, small.withMethod(Options.Method.EXPLORER))));
    }

    @Test
    void theMethodOptionIsReadAndABadOneIsOneLine() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new String[] {"check", "--method", "magic", "specs/r1-ring4-c1-vct.yaml"},
            new PrintWriter(out), new PrintWriter(err));
        assertThat(code).isEqualTo(Main.BAD_INPUT);
        assertThat(err.toString().trim()).contains("--method").contains("expected portfolio or explorer, found magic")
            .doesNotContain("\n");
        StringWriter out2 = new StringWriter();
        int ok = Main.run(new String[] {"check", "--method", "explorer", "--no-save", "specs/r1-ring4-c1-vct.yaml"},
            new PrintWriter(out2), new PrintWriter(new StringWriter()));
        assertThat(ok).isEqualTo(Main.VIOLATION);
    }
}
