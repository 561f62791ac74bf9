package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import flowproof.spec.SimulationReader;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import flowproof.spec.Yaml;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code adaptive-selection}: how a head chooses among an adaptive routing's candidates. On a
 * quiet 4-ary 2-tree with {@code nca, up: adaptive}, every up port of a bottom switch has all
 * its credits, so the most-credits choice always takes the first, while two random ports (the
 * less occupied, the first drawn on a tie) spread the packets over all four.
 */
class AdaptiveSelectionTest {

    private static String spec(String selection) {
        return """
            name: t
            topology: {kind: fat-tree, radix: 4, stages: 2}
            routing: {kind: nca, up: adaptive}
            vcs: 2
            rule: vct
            simulation:
              switching: vct
              buffer: 8
              packet-size: 4
              traffic: uniform
              load: 0.02
              cycles: 40000
              warmup: 0
            """ + (selection == null ? "" : "  adaptive-selection: " + selection + "\n");
    }

    /** The utilisation of the four up channels of bottom switch l1.0. */
    private static List<Double> upLoads(String selection) throws Exception {
        SimConfig cfg = SimulationReader.read(SpecReader.fromTree("t.yaml", "", Yaml.read(spec(selection))));
        SimResult r = new Simulator(cfg).run(null);
        assertThat(r.deadlock()).isNull();
        List<Double> up = new ArrayList<>();
        for (int c = 0; c < r.channelNames().length; c++) {
            if (r.channelNames()[c].startsWith("l1.0->l0.")) {
                up.add(r.utilisation()[c]);
            }
        }
        assertThat(up).hasSize(4);
        return up;
    }

    @Test
    void mostCreditsTakesTheFirstFreePortAndTwoRandomPortsSpreadThem() throws Exception {
        List<Double> credits = upLoads(null);
        assertThat(credits.get(0)).isGreaterThan(0.0);
        for (int p = 1; p < 4; p++) {
            assertThat(credits.get(p)).as("port %d", p).isLessThan(credits.get(0) / 4);
        }
        List<Double> two = upLoads("two-random-ports");
        double min = two.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double max = two.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        assertThat(min).isGreaterThan(0.0);
        assertThat(max / min).as(two.toString()).isLessThan(1.5);
    }

    @Test
    void aBadSelectionOrOneWithEscapeVcsIsOneLine() {
        SpecException e = catchThrowableOfType(SpecException.class, () -> SimulationReader.read(
            SpecReader.fromTree("t.yaml", "", Yaml.read(spec("best")))));
        assertThat(e).hasMessageStartingWith("t.yaml: simulation.adaptive-selection: expected most-credits or"
            + " two-random-ports").hasMessageEndingWith("found \"best\"");
        String escape = """
            name: t
            topology: {kind: torus, radix: [4, 4]}
            routing: minimal-adaptive
            vcs: 3
            rule: dateline
            simulation: {buffer: 8, packet-size: 4, adaptive-selection: two-random-ports}
            """;
        e = catchThrowableOfType(SpecException.class, () -> SimulationReader.read(
            SpecReader.fromTree("t.yaml", "", Yaml.read(escape))));
        assertThat(e).hasMessageContaining("simulation.adaptive-selection: expected most-credits with escape VCs");
    }
}
