package flowproof.report;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.check.Decision;
import flowproof.check.Flowproof;
import flowproof.explore.Property;
import flowproof.explore.Trace;
import flowproof.spec.Spec;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The text picture of a state: up to 16 nodes every node, past that only the nodes with something in a queue. */
class PictureTest {

    private static String finalState(Spec spec) {
        Decision d = Flowproof.check(spec);
        Trace t = d.trace(Property.STUCK_FREEDOM).orElseThrow();
        return Picture.state(spec.model(), t.last());
    }

    @Test
    void pastSixteenNodesTheEmptyNodesAreLeftOutAndCounted() throws Exception {
        Spec spec = Flowproof.spec("torus5x4-c1-vct").bidirectionalTorus(5, 4).routing("dor").vcs(1).capacity(1)
            .rule("vct").traffic("all-pairs").build();
        String picture = finalState(spec);
        long shown = Arrays.stream(picture.split("\n")).filter(l -> l.matches("  \\(\\d+,\\d+\\):.*")).count();
        // every node shown holds a packet; the others are counted, and the two add up to 20
        assertThat(Arrays.stream(picture.split("\n")).filter(l -> l.matches("  \\(\\d+,\\d+\\):.*")))
            .allSatisfy(l -> assertThat(l).matches(".*\\[\\(\\d+,\\d+\\)\\].*"));
        assertThat(picture).contains(String.format("  (%d of the 20 nodes not shown: every input queue empty)", 20 - shown));
        assertThat(shown).isBetween(1L, 19L);
    }

    @Test
    void upToSixteenNodesEveryNodeIsShown() throws Exception {
        Spec spec = Flowproof.spec("torus4x4-c1-vct").bidirectionalTorus(4, 4).routing("dor").vcs(1).capacity(1)
            .rule("vct").traffic("all-pairs").build();
        String picture = finalState(spec);
        assertThat(Arrays.stream(picture.split("\n")).filter(l -> l.matches("  \\(\\d+,\\d+\\):.*"))).hasSize(16);
        assertThat(picture).doesNotContain("not shown");
    }
}
