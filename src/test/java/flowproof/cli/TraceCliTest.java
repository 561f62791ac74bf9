package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code simulate} with a trace entry: the trace's packet and message latencies in {@code flows},
 * the message latency being the last packet's, and a bad trace file as one line with exit code 2.
 */
class TraceCliTest {

    @TempDir
    Path dir;

    private Path spec(String trace) throws Exception {
        Files.writeString(dir.resolve("t.csv"), trace);
        Path spec = dir.resolve("s.yaml");
        Files.writeString(spec, """
            name: trace-test
            topology: {kind: flattened-butterfly, radix: 4, dimensions: 1, concentration: 4}
            routing: minimal
            vcs: 4
            rule: vct
            simulation:
              switching: vct
              buffer: 32
              packet-size: 8
              traffic: {mix: [{terminals: "0-7", trace: t.csv, start: 1000}, {terminals: "8-15", pattern: uniform, within: true, message: 1}]}
              load: 0.1
              cycles: 3000
              warmup: 1000
              control: srp
            """);
        return spec;
    }

    private static JsonNode run(Path spec) throws Exception {
        CliRun r = CliRun.run("simulate", spec, "--json");
        assertThat(r.code()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    @Test
    void aTraceEntryReportsItsPacketAndMessageLatency() throws Exception {
        // one 40-flit message: 5 packets, reserved by SRP (one request, one grant)
        JsonNode o = run(spec("cycle,source,destination,flits\n0,0,5,40\n"));
        JsonNode trace = o.get("flows").get(0);
        assertThat(trace.get("entry").asText()).isEqualTo("0-7: trace t.csv (1 messages from cycle 1000)");
        assertThat(trace.get("packets").asLong()).isEqualTo(5);
        assertThat(trace.get("messages").asLong()).isEqualTo(1);
        // the message ends with its last packet, after the others
        assertThat(trace.get("meanMessageLatency").asDouble()).isGreaterThan(trace.get("meanLatency").asDouble());
        assertThat(o.get("flows").get(1).has("messages")).isFalse();
        assertThat(o.get("controlPacketsSent").asLong()).isEqualTo(2);
        // single-packet messages: the message latency is the packets', and SRP sends them unreserved
        o = run(spec("10,1,2,8\n500,7,0,3\n"));
        trace = o.get("flows").get(0);
        assertThat(trace.get("messages").asLong()).isEqualTo(2);
        assertThat(trace.get("meanMessageLatency").asDouble()).isEqualTo(trace.get("meanLatency").asDouble());
        assertThat(o.get("controlPacketsSent").asLong()).isZero();
    }

    @Test
    void boundReadsTheTraceBesideTheSpecAndRefusesItInOneLine() throws Exception {
        Path spec = spec("0,0,5,40\n");
        CliRun r = CliRun.run("bound", spec);
        assertThat(r.code()).isEqualTo(2);
        // the file was found (relative to the spec's folder, not the working directory); a trace has no
        // fixed destination probabilities
        assertThat(r.err().lines().toList()).hasSize(1).first().asString()
            .contains("expected a pattern with fixed destination probabilities").doesNotContain("no such file");
    }

    @Test
    void aBadTraceLineIsOneLineWithExitCode2() throws Exception {
        Path spec = spec("0,0,5,40\n10,1,9,8\n");
        CliRun r = CliRun.run("simulate", spec);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().lines().toList()).hasSize(1).first().asString()
            .contains("s.yaml: simulation.traffic.mix[0].trace (").contains("t.csv line 2, destination)")
            .contains("expected a rank from 0 to 7 (the trace entry's 8 terminals), found 9");
    }
}
