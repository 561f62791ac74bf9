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

    /**
     * Walks every route of every header a source offers: minimal, arriving, and (random tie)
     * either way in each tied dimension independently: one header for every combination, each
     * a different route (BookSim's dor_next_torus draws per dimension).
     */
    @Test
    void everyTieRoutesMinimallyAndOnlyTheTieDiffers() {
        Torus t = Torus.torus(new int[] {4, 6}, true);
        for (DimensionOrderRouting.Tie tie : DimensionOrderRouting.Tie.values()) {
            DimensionOrderRouting r = new DimensionOrderRouting(t, tie);
            DimensionOrderRouting plus = new DimensionOrderRouting(t);
            int[] headers = new int[r.maxInjectHeaders()];
            int[] out = new int[1];
            for (int s = 0; s < t.nodes(); s++) {
                for (int d = 0; d < t.nodes(); d++) {
                    if (s == d) {
                        continue;
                    }
                    int n = r.injectHeaders(s, d, headers);
                    int dx = Math.abs(t.coordinate(s, 0) - t.coordinate(d, 0));
                    int dy = Math.abs(t.coordinate(s, 1) - t.coordinate(d, 1));
                    boolean tied = dx == 2 || dy == 3;
                    boolean firstTied = dx != 0 ? dx == 2 : dy == 3;
                    int tiedDims = (dx == 2 ? 1 : 0) + (dy == 3 ? 1 : 0);
                    assertThat(n).isEqualTo(tie == DimensionOrderRouting.Tie.RANDOM && tied ? 1 << tiedDims : 1);
                    java.util.Set<Integer> firstChannels = new java.util.HashSet<>();
                    java.util.Set<java.util.List<Integer>> routes = new java.util.HashSet<>();
                    for (int h = 0; h < n; h++) {
                        int node = s;
                        int header = headers[h];
                        int hops = 0;
                        java.util.List<Integer> route = new java.util.ArrayList<>();
                        while (r.exitNode(header) != node) {
                            assertThat(r.candidates(node, -1, header, out)).isEqualTo(1);
                            if (hops == 0) {
                                firstChannels.add(out[0]);
                            }
                            assertThat(t.source(out[0])).isEqualTo(node);
                            route.add(out[0]);
                            assertThat(r.distance(t.target(out[0]), d)).isEqualTo(r.distance(node, d) - 1);
                            header = r.afterHop(header, out[0]);
                            node = t.target(out[0]);
                            hops++;
                        }
                        assertThat(r.destinationOf(header)).isEqualTo(d);
                        assertThat(hops).isEqualTo(plus.distance(s, d));
                        routes.add(route);
                    }
                    // every header its own route; they leave by two channels exactly when the first dimension to correct is tied
                    assertThat(routes).hasSize(n);
                    assertThat(firstChannels).hasSize(n > 1 && firstTied ? 2 : 1);
                }
            }
        }
        // parity: + from an even coordinate, - from an odd one
        Torus ring = Torus.torus(new int[] {4}, true);
        DimensionOrderRouting parity = new DimensionOrderRouting(ring, DimensionOrderRouting.Tie.PARITY);
        int[] out = new int[1];
        parity.candidates(0, -1, 2, out);
        assertThat(ring.direction(out[0])).isEqualTo(1);
        parity.candidates(1, -1, 3, out);
        assertThat(ring.direction(out[0])).isEqualTo(-1);
        assertThat(parity.translationInvariant()).isFalse();
        assertThat(plus(ring).translationInvariant()).isTrue();
    }

    private static DimensionOrderRouting plus(Torus t) {
        return new DimensionOrderRouting(t);
    }

    /**
     * The random tie's header keeps only the draws still to be used: after the first hop in a
     * tied dimension its bit is cleared. From (0,0) to (2,2) on a 4x4 torus the (+,-) packet
     * keeps its dimension-1 bit after its first hop, and the (-,-) packet, which loses its
     * dimension-0 bit, carries the same header as (+,-) from then on.
     */
    @Test
    void aHopClearsTheTieBitsNoLongerNeeded() {
        Torus t = Torus.torus(new int[] {4, 4}, true);
        DimensionOrderRouting r = new DimensionOrderRouting(t, DimensionOrderRouting.Tie.RANDOM);
        int nodes = t.nodes();
        int d = 2 + 4 * 2;
        int[] h = new int[r.maxInjectHeaders()];
        assertThat(r.injectHeaders(0, d, h)).isEqualTo(4);
        assertThat(h).containsExactly(d, d + nodes, d + 2 * nodes, d + 3 * nodes);
        int[] out = new int[1];
        // (+,-): mask 2 (dimension 1 goes -); its first hop is + in dimension 0, which is then no longer tied
        r.candidates(0, -1, d + 2 * nodes, out);
        assertThat(t.direction(out[0])).isEqualTo(1);
        assertThat(r.afterHop(d + 2 * nodes, out[0])).isEqualTo(d + 2 * nodes);
        // (-,-): mask 3; after its first hop (- in dimension 0) only dimension 1's bit is left
        r.candidates(0, -1, d + 3 * nodes, out);
        assertThat(t.direction(out[0])).isEqualTo(-1);
        assertThat(r.afterHop(d + 3 * nodes, out[0])).isEqualTo(d + 2 * nodes);
        // (+,+): nothing left to draw after the hop that leaves dimension 0 tied no more
        r.candidates(0, -1, d, out);
        assertThat(r.afterHop(d, out[0])).isEqualTo(d);
    }
}
