package flowproof.traffic;

import static flowproof.traffic.Workloads.yaml;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import flowproof.ConfigurationException;
import flowproof.topology.Torus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Trace entries of a mix ({@link TraceWorkload}, {@link TraceFile}): ranks mapped onto the
 * entry's terminals, messages split into packets of the spec's size and created at start +
 * cycle, the other entries unchanged, and one-line errors naming the field, the file, its
 * line and column. Also a synthetic entry's {@code message}: N packets to one destination.
 */
class TraceWorkloadTest {

    private static final Torus TORUS_4X4 = Torus.torus(new int[] {4, 4}, true);

    @TempDir
    Path dir;

    private Workload read(String simulation) {
        return WorkloadReader.read(yaml(simulation), TORUS_4X4, dir);
    }

    private void trace(String name, String text) throws IOException {
        Files.writeString(dir.resolve(name), text);
    }

    private ConfigurationException rejected(String simulation, String field) {
        ConfigurationException e = catchThrowableOfType(ConfigurationException.class, () -> read(simulation));
        assertThat(e).as("should reject %s", simulation).isNotNull();
        assertThat(e.field()).isEqualTo(field);
        assertThat(e.getMessage()).startsWith(field + ": expected ").contains(", found ").doesNotContain("\n");
        return e;
    }

    /** Every packet a terminal creates in cycles [0, until): {cycle, destination, size, message}. */
    private static List<long[]> packets(Workload w, int terminal, long until) {
        Workload.Generator g = w.start(1);
        List<long[]> out = new ArrayList<>();
        for (long c = 0; c < until; c++) {
            for (int t = 0; t < w.terminals(); t++) {
                int n = g.packets(t, c);
                for (int i = 0; i < n; i++) {
                    int d = g.destination(t, c);
                    if (d < 0) {
                        continue;
                    }
                    int size = g.size(t);
                    if (t == terminal) {
                        out.add(new long[] {c, d, size, g.message(t)});
                    }
                }
            }
        }
        return out;
    }

    @Test
    void messagesAreSplitIntoPacketsOnTheEntrysTerminalsFromItsStart() throws IOException {
        trace("t.csv", "# a comment\ncycle,source,destination,flits\n0,0,1,20\n5,1,0,3\n5,0,2,8\n");
        Workload w = read("""
            packet-size: 8
            load: 0.5
            traffic: {mix: [{terminals: "4-6", trace: t.csv, start: 100}, {terminals: "8-15", pattern: uniform, within: true}]}
            """);
        assertThat(w).isInstanceOf(TraceWorkload.class);
        // rank 0 is terminal 4: 20 flits to rank 1 (terminal 5) as 8, 8, 4 at cycle 100; 8 flits to rank 2 at 105
        assertThat(packets(w, 4, 200)).containsExactly(new long[] {100, 5, 8, 3}, new long[] {100, 5, 8, 3},
            new long[] {100, 5, 4, 3}, new long[] {105, 6, 8, 1});
        assertThat(packets(w, 5, 200)).containsExactly(new long[] {105, 4, 3, 1});
        // the trace terminals send nothing else; terminals outside every entry send nothing
        assertThat(packets(w, 6, 200)).isEmpty();
        assertThat(packets(w, 0, 200)).isEmpty();
        // the uniform entry keeps its load and stays within its set, without message sizes
        List<long[]> ur = packets(w, 9, 2000);
        assertThat(ur.size()).isBetween(90, 160);
        assertThat(ur).allSatisfy(p -> assertThat(p[1]).isBetween(8L, 15L)).allSatisfy(p -> assertThat(p[3]).isZero());
        assertThat(w.flowOf()[4]).isZero();
        assertThat(w.flowOf()[9]).isEqualTo(1);
        assertThat(w.flowOf()[0]).isEqualTo(-1);
        assertThat(w.flowNames().get(0)).isEqualTo("4-6: trace t.csv (3 messages from cycle 100)");
        assertThat(((TraceWorkload) w).created()).containsExactly(new TraceWorkload.Created(0, 100, 4, 5, 3),
            new TraceWorkload.Created(0, 105, 5, 4, 1), new TraceWorkload.Created(0, 105, 4, 6, 1));
        // a new load reaches the synthetic entries, the trace stays
        assertThat(w.atLoad(0.1)).isInstanceOf(TraceWorkload.class);
        assertThat(packets(w.atLoad(0.1), 4, 200)).hasSize(4);
    }

    @Test
    void aMixEntrysMessageSendsNPacketsToOneDestinationAtTheSameLoad() {
        Workload w = read("""
            packet-size: 4
            load: 0.4
            traffic: {mix: [{terminals: "0-15", pattern: uniform, message: 5}]}
            """);
        List<long[]> p = packets(w, 3, 20_000);
        // 0.4 flits/cycle in 4-flit packets: 2,000 packets in 20,000 cycles, in messages of 5
        assertThat(p.size()).isBetween(1800, 2200);
        assertThat(p.size() % 5).isZero();
        for (int i = 0; i < p.size(); i += 5) {
            for (int k = 1; k < 5; k++) {
                assertThat(p.get(i + k)[0]).isEqualTo(p.get(i)[0]);
                assertThat(p.get(i + k)[1]).isEqualTo(p.get(i)[1]);
            }
        }
        assertThat(p).allSatisfy(x -> assertThat(x[3]).isEqualTo(5));
        assertThat(packets(read("traffic: {mix: [{terminals: \"0-15\", pattern: uniform, message: 1}]}"), 3, 100))
            .allSatisfy(x -> assertThat(x[3]).isEqualTo(1));
    }

    @Test
    void badTraceFilesAreOneLineErrorsNamingFileLineAndColumn() throws IOException {
        String spec = "traffic: {mix: [{terminals: \"0-3\", trace: t.csv}]}";
        trace("t.csv", "0,0,1,8\n3,0,4,8\n");
        ConfigurationException e = rejected(spec, "simulation.traffic.mix[0].trace (" + dir.resolve("t.csv")
            + " line 2, destination)");
        assertThat(e.expected()).isEqualTo("a rank from 0 to 3 (the trace entry's 4 terminals)");
        assertThat(e.found()).isEqualTo("4");
        trace("t.csv", "0,0,1\n");
        assertThat(rejected(spec, "simulation.traffic.mix[0].trace (" + dir.resolve("t.csv") + " line 1)").found())
            .isEqualTo("3 columns: \"0,0,1\"");
        trace("t.csv", "x,0,1,8\n");
        assertThat(rejected(spec, "simulation.traffic.mix[0].trace (" + dir.resolve("t.csv") + " line 1, cycle)")
            .found()).isEqualTo("\"x\"");
        trace("t.csv", "0,2,2,8\n");
        rejected(spec, "simulation.traffic.mix[0].trace (" + dir.resolve("t.csv") + " line 1, destination)");
        trace("t.csv", "0,1,2,0\n");
        rejected(spec, "simulation.traffic.mix[0].trace (" + dir.resolve("t.csv") + " line 1, flits)");
        trace("t.csv", "# nothing\ncycle,source,destination,flits\n");
        rejected(spec, "simulation.traffic.mix[0].trace");
        assertThat(rejected("traffic: {mix: [{terminals: \"0-3\", trace: none.csv}]}", "simulation.traffic.mix[0].trace")
            .found()).endsWith("none.csv (no such file)");
    }

    @Test
    void traceEntriesAreCheckedAgainstTheRestOfTheSpec() throws IOException {
        trace("t.csv", "0,0,1,8\n");
        rejected("traffic: {mix: [{terminals: \"0-3\", trace: t.csv, pattern: uniform}]}", "simulation.traffic.mix[0].pattern");
        rejected("traffic: {mix: [{terminals: \"0-3\", trace: t.csv, start: -1}]}", "simulation.traffic.mix[0].start");
        rejected("traffic: {mix: [{terminals: \"0-3\", trace: 7}]}", "simulation.traffic.mix[0].trace");
        rejected("{packet-size: {sizes: [4, 8]}, traffic: {mix: [{terminals: \"0-3\", trace: t.csv}]}}",
            "simulation.traffic.mix[0].trace");
        rejected("{injection: {process: ramp, cycles: 100}, traffic: {mix: [{terminals: \"0-3\", trace: t.csv}]}}",
            "simulation.traffic.mix[0].trace");
        rejected("{injection: {process: bursty, phases: [{cycles: 10, load: 0.1, traffic: {mix: [{terminals: \"0-3\","
            + " trace: t.csv}]}}]}}", "simulation.injection.phases[0].traffic.mix[0].trace");
        rejected("traffic: {mix: [{terminals: \"0-3\", pattern: uniform, message: 0}]}", "simulation.traffic.mix[0].message");
        rejected("{injection: collective, traffic: {mix: [{terminals: \"0-3\", pattern: uniform, message: 2}]}}",
            "simulation.traffic.mix[0].message");
    }
}
