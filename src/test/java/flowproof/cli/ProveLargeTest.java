package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The 16x16 and flattened-butterfly specs of specs/solve, each as its spec expects (slow: a few seconds to a minute each). */
@Tag("slow")
class ProveLargeTest {

    @ParameterizedTest
    @CsvSource({
        "torus16x16-c2-critical-bubble, proved, 0",
        "torus16x16-c2-critical-bubble-drift, proved, 0",
        "torus16x16-c2-critical-bubble-drift-iq1, proved, 0",
        "torus16x16-c1-theoretical-bubble, proved, 0",
        "torus16x16-c1-dateline, proved, 0",
        "torus16x16-c1-vct, deadlock-configuration, 1",
        "fb2d-4x4-ugal-1vc, deadlock-configuration, 1",
        "fb2d-8x8-ugal-1vc, deadlock-configuration, 1",
        "torus8x8-c1-critical-bubble, deadlock-configuration, 1",
        "torus8x8-c1-theoretical-bubble, proved, 0",
        "torus8x8-c1-dateline, proved, 0",
        "torus8x8-adaptive-dateline-escape, proved, 0"})
    void largeSpecsComeOutAsExpected(String name, String verdict, int code) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(new String[] {"prove", "specs/solve/" + name + ".yaml", "--json", "--no-save"},
            new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(exit).as(err.toString()).isEqualTo(code);
        var o = new ObjectMapper().readTree(out.toString());
        assertThat(o.get("verdict").asText()).isEqualTo(verdict);
        assertThat(o.get("matches").asBoolean()).isTrue();
        if (code == 1) {
            assertThat(o.get("reachable").asBoolean()).as("%s: the deadlock is reached", name).isTrue();
        }
    }
}
