package flowproof.report;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.cdg.ChannelDependencyGraph;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The CDG drawn in Java on a mesh's or torus's grid. */
class CdgPictureTest {

    private static ChannelDependencyGraph cdg(String spec) throws Exception {
        Spec s = SpecReader.read(Path.of("specs/" + spec + ".yaml"));
        return ChannelDependencyGraph.build(s.network(), s.routing(), s.rule(), s.pairs());
    }

    private static Set<String> values(String svg, String regex) {
        Set<String> out = new TreeSet<>();
        Matcher m = Pattern.compile(regex).matcher(svg);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static int count(String svg, String what) {
        return svg.split(Pattern.quote(what), -1).length - 1;
    }

    @Test
    void aMeshIsDrawnOnItsGridWithTheCycleInRed() throws Exception {
        ChannelDependencyGraph g = cdg("mesh2x2-xy-yx-1vc");
        assertThat(CdgPicture.onGrid(g)).isTrue();
        String svg = CdgPicture.gridSvg(g);
        assertThat(svg).startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\"");
        // four nodes on two columns and two rows
        assertThat(values(svg, "<circle cx=\"([0-9.]+)\"")).hasSize(2);
        assertThat(values(svg, "<circle cx=\"[0-9.]+\" cy=\"([0-9.]+)\"")).hasSize(2);
        assertThat(count(svg, "<g class=\"cdg-queue")).isEqualTo(g.vertices());
        assertThat(count(svg, "<g class=\"cdg-queue on-cycle\"")).isEqualTo(g.cycle().size()).isPositive();
        assertThat(count(svg, "marker-end=\"url(#cdg-arrow-red)\"")).isEqualTo(g.cycle().size());
        assertThat(count(svg, "marker-end=\"url(#cdg-arrow")).isEqualTo(g.edges());
        assertThat(svg).contains(g.vertices() + " queues, " + g.edges() + " dependencies, shortest cycle ("
            + g.cycle().size() + " queues) in red").contains("legend: ");
    }

    @Test
    void anAcyclicTorusGraphHasNoRed() throws Exception {
        ChannelDependencyGraph g = cdg("r2-ring4-c1-dateline");
        assertThat(g.acyclic()).isTrue();
        String svg = CdgPicture.gridSvg(g);
        assertThat(svg).contains("acyclic").doesNotContain("on-cycle").doesNotContain("cdg-arrow-red)\"");
        assertThat(count(svg, "<g class=\"cdg-queue")).isEqualTo(8);
    }
}
