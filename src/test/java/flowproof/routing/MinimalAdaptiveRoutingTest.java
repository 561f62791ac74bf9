package flowproof.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.spec.SpecReader;
import flowproof.topology.Torus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code routing: {kind: minimal-adaptive, tie: ...}}: the adaptive directions at offset k/2. */
class MinimalAdaptiveRoutingTest {

    /** The adaptive candidates from node 0 of a bidirectional 8-ring to {@code dest}, as directions. */
    private static int[] directions(Torus t, MinimalAdaptiveRouting r, int dest) {
        int[] out = new int[r.maxCandidates()];
        int n = r.candidates(0, -1, dest, out);
        return Arrays.stream(out, 0, n).map(t::direction).sorted().toArray();
    }

    @ParameterizedTest
    @CsvSource({"0, '-1,1'", "1, '1'", "-1, '-1'"})
    void theTieNamesTheDirectionsAtHalfTheRing(int tie, String expected) {
        Torus t = Torus.torus(new int[] {8}, true);
        MinimalAdaptiveRouting r = new MinimalAdaptiveRouting(t, tie);
        int[] want = Arrays.stream(expected.split(",")).mapToInt(Integer::parseInt).toArray();
        assertThat(directions(t, r, 4)).containsExactly(want);
        // off the tie every setting is the shorter way
        assertThat(directions(t, r, 3)).containsExactly(1);
        assertThat(directions(t, r, 5)).containsExactly(-1);
        assertThat(r.name()).isEqualTo(tie == 0 ? "minimal-adaptive" : "minimal-adaptive(tie=" + (tie > 0 ? "plus" : "minus") + ")");
    }

    @ParameterizedTest
    @CsvSource({"minus, true", "plus, true", "both, true", "sideways, false"})
    void theSpecFieldIsReadOrRefusedInOneLine(String tie, boolean ok, @TempDir Path dir) throws Exception {
        Path f = dir.resolve("t.yaml");
        Files.writeString(f, "name: t\ndescription: x\ntopology: {kind: torus, radix: [4, 4], bidirectional: true}\n"
            + "routing: {kind: minimal-adaptive, tie: " + tie + "}\nvcs: 3\ncapacity: 1\nrule: dateline\n"
            + "escape: {leave: false}\ntraffic: all-pairs\n");
        if (ok) {
            assertThat(SpecReader.read(f).model().routing().name()).startsWith("minimal-adaptive");
        } else {
            assertThatThrownBy(() -> SpecReader.read(f)).hasMessageContaining("routing.tie")
                .hasMessageContaining("both, plus or minus").hasMessageContaining("sideways");
        }
    }
}
