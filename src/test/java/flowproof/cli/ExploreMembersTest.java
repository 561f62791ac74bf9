package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code explore --members N}: the counts, statuses, verdict and exit code of the single-JVM explore, drainability included. */
@Timeout(60)
class ExploreMembersTest {

    private static JsonNode explore(int expectedExit, String... args) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isEqualTo(expectedExit);
        return new ObjectMapper().readTree(out.toString());
    }

    @Test
    void threeMembersFindADeadlockFreeSpecDeadlockFreeAsOneJvm() throws Exception {
        String spec = "specs/r6-ring4-c1-critical-bubble.yaml";
        JsonNode one = explore(0, "explore", spec, "--no-save", "--json");
        JsonNode three = explore(0, "explore", spec, "--no-save", "--json", "--members", "3");
        for (String f : new String[] {"states", "transitions", "depth", "stuckStates", "undrainableStates", "verdict",
            "properties"}) {
            assertThat(three.get(f)).as(f).isEqualTo(one.get(f));
        }
        assertThat(three.get("properties").get("drainability").asText()).isEqualTo("holds");
    }

    @Test
    void membersFindAStuckStateAtTheDepthOneJvmFindsIt() throws Exception {
        String spec = "specs/r1-ring4-c1-vct.yaml";
        JsonNode one = explore(1, "explore", spec, "--no-save", "--json");
        JsonNode two = explore(1, "explore", spec, "--no-save", "--json", "--members", "2");
        assertThat(two.get("states")).isEqualTo(one.get("states"));
        JsonNode length = one.get("traces").get("stuck-freedom").get("length");
        assertThat(length.asInt()).isEqualTo(4);
        assertThat(two.get("traces").get("stuck-freedom").get("length")).isEqualTo(length);
        assertThat(two.get("properties")).isEqualTo(one.get("properties"));
        assertThat(two.get("undrainableStates")).isEqualTo(one.get("undrainableStates"));
        assertThat(two.get("traces").get("drainability")).isEqualTo(one.get("traces").get("drainability"));
    }
}
