package flowproof.routing;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.topology.Torus;
import org.junit.jupiter.api.Test;

class DimensionOrderRoutingTest {

    private static int next(Torus t, int from, int to) {
        int[] out = new int[1];
        assertThat(new DimensionOrderRouting(t).candidates(from, -1, to, out)).isEqualTo(1);
        return out[0];
    }

    @Test
    void correctsTheLowestDimensionFirst() {
        Torus t = Torus.torus(new int[] {4, 4}, true);
        int c = next(t, t.node(0, 0), t.node(1, 1));
        assertThat(t.dimension(c)).isZero();
        assertThat(t.direction(c)).isEqualTo(1);
    }

    @Test
    void takesTheShorterDirectionAndPlusOnATie() {
        Torus t = Torus.torus(new int[] {4}, true);
        assertThat(t.direction(next(t, 0, 3))).isEqualTo(-1);
        assertThat(t.direction(next(t, 0, 1))).isEqualTo(1);
        assertThat(t.direction(next(t, 0, 2))).isEqualTo(1);
        assertThat(t.direction(next(t, 1, 3))).isEqualTo(1);
        assertThat(new DimensionOrderRouting(t).distance(0, 3)).isEqualTo(1);
        assertThat(new DimensionOrderRouting(t).distance(0, 2)).isEqualTo(2);
    }

    @Test
    void unidirectionalAlwaysGoesPlus() {
        Torus t = Torus.torus(new int[] {5}, false);
        assertThat(t.direction(next(t, 0, 4))).isEqualTo(1);
        assertThat(new DimensionOrderRouting(t).distance(0, 4)).isEqualTo(4);
    }

    @Test
    void everyHopShortensTheRouteByOne() {
        for (Torus t : new Torus[] {Torus.torus(new int[] {4, 3}, true), Torus.torus(new int[] {3, 3}, false),
            Torus.mesh(new int[] {3, 4})}) {
            DimensionOrderRouting r = new DimensionOrderRouting(t);
            for (int s = 0; s < t.nodes(); s++) {
                for (int d = 0; d < t.nodes(); d++) {
                    if (s != d) {
                        int c = next(t, s, d);
                        assertThat(t.source(c)).isEqualTo(s);
                        assertThat(r.distance(t.target(c), d)).isEqualTo(r.distance(s, d) - 1);
                    }
                }
            }
        }
    }
}
