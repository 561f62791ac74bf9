package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code simulate --by-destination}: per destination terminal, the flits it received per cycle of the
 * measurement window, in both engines (the router simulator and the input-queued switch models). Their
 * mean is the run's accepted throughput, and a hot spot receives more than the others.
 */
class ByDestinationTest {

    private static JsonNode run(String... args) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isZero();
        return new ObjectMapper().readTree(out.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"specs/sim/fbicm-bmin64-hotspot.yaml", "specs/sim/fbicm-bmin64-hotspot-voq-net.yaml"})
    void theMeanIsTheAcceptedThroughputAndTheHotSpotStandsOut(String spec) throws Exception {
        JsonNode d = run("simulate", spec, "--warmup", "3000", "--cycles", "6000", "--by-destination", "--json");
        JsonNode a = d.get("acceptedByDestination");
        assertThat(a.size()).isEqualTo(d.get("terminals").asInt());
        double sum = 0;
        int hottest = 0;
        for (int t = 0; t < a.size(); t++) {
            sum += a.get(t).asDouble();
            hottest = a.get(t).asDouble() > a.get(hottest).asDouble() ? t : hottest;
        }
        assertThat(sum / a.size()).isCloseTo(d.get("accepted").asDouble(), org.assertj.core.data.Offset.offset(1e-4));
        assertThat(hottest).isEqualTo(32);
    }

    @ParameterizedTest
    @ValueSource(strings = {"specs/sim/cbs/torus8x8-uniform.yaml"})
    void theRouterSimulatorCountsTheSame(String spec) throws Exception {
        JsonNode d = run("simulate", spec, "--load", "0.2", "--cycles", "3000", "--warmup", "1000", "--by-destination",
            "--json");
        JsonNode a = d.get("acceptedByDestination");
        assertThat(a.size()).isEqualTo(d.get("terminals").asInt());
        double sum = 0;
        for (JsonNode v : a) {
            sum += v.asDouble();
        }
        assertThat(sum / a.size()).isCloseTo(d.get("accepted").asDouble(), org.assertj.core.data.Offset.offset(1e-4));
        JsonNode without = run("simulate", spec, "--load", "0.2", "--cycles", "3000", "--warmup", "1000", "--json");
        assertThat(without.has("acceptedByDestination")).isFalse();
    }
}
