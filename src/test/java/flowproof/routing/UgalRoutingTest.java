package flowproof.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.ConfigurationException;
import flowproof.topology.Dragonfly;
import flowproof.topology.FlattenedButterfly;
import flowproof.topology.Topology;
import flowproof.topology.Torus;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class UgalRoutingTest {

    private static final FlattenedButterfly[] FLATS = {new FlattenedButterfly(2, 1, 1),
        new FlattenedButterfly(3, 1, 1), new FlattenedButterfly(4, 1, 1), new FlattenedButterfly(4, 2, 4),
        new FlattenedButterfly(2, 2, 1), new FlattenedButterfly(2, 3, 1), new FlattenedButterfly(3, 3, 1)};

    private static final Dragonfly[] DRAGONFLIES = {new Dragonfly(1, 1, 1), new Dragonfly(1, 3, 1),
        new Dragonfly(2, 1, 1), new Dragonfly(2, 2, 1), new Dragonfly(3, 1, 1), new Dragonfly(4, 2, 2)};

    private static int[] inject(UgalRouting r, int s, int d) {
        int[] out = new int[r.maxInjectHeaders()];
        return Arrays.copyOf(out, r.injectHeaders(s, d, out));
    }

    @Test
    void flattenedButterflyOffersTheMinimalRouteAndAValiantRouteThroughEveryOtherRouter() {
        FlattenedButterfly t = new FlattenedButterfly(4, 1, 1);
        UgalRouting r = new UgalRouting(t);
        assertThat(r.headers()).isEqualTo(4 + 4 * 4);
        assertThat(r.maxInjectHeaders()).isEqualTo(3);
        assertThat(inject(r, 0, 1)).containsExactly(1, 4 + 2 * 4 + 1, 4 + 3 * 4 + 1);
        assertThat(inject(r, 2, 2)).containsExactly(2);
        assertThat(r.headerName(1, t)).isEqualTo("1");
        assertThat(r.headerName(4 + 2 * 4 + 1, t)).isEqualTo("1 via 2");
        assertThat(r.exitNode(4 + 2 * 4 + 1)).isEqualTo(-1);
        assertThat(r.destinationOf(4 + 2 * 4 + 1)).isEqualTo(1);
        assertThat(r.intermediateOf(4 + 2 * 4 + 1)).isEqualTo(2);
        FlattenedButterfly square = new FlattenedButterfly(4, 2, 4);
        UgalRouting sr = new UgalRouting(square);
        assertThat(sr.headerName(sr.valiantHeader(square.node(0, 1), square.node(1, 0)), square))
            .isEqualTo("(1,0) via (0,1)");
        assertThat(inject(sr, 0, 5)).hasSize(15);
    }

    @Test
    void dragonflyOffersAValiantRouteThroughEveryOtherGroup() {
        Dragonfly t = new Dragonfly(2, 1, 1);
        UgalRouting r = new UgalRouting(t);
        assertThat(r.intermediates()).isEqualTo(3);
        assertThat(r.headers()).isEqualTo(6 + 3 * 6);
        assertThat(r.maxInjectHeaders()).isEqualTo(3);
        int s = t.router(0, 0);
        int d = t.router(1, 0);
        assertThat(inject(r, s, d)).containsExactly(d, r.valiantHeader(2, d));
        assertThat(inject(r, s, t.router(0, 1))).containsExactly(t.router(0, 1), r.valiantHeader(1, t.router(0, 1)),
            r.valiantHeader(2, t.router(0, 1)));
        assertThat(r.headerName(r.valiantHeader(2, d), t)).isEqualTo("g1.r0 via g2");
        assertThat(r.headerName(d, t)).isEqualTo("g1.r0");
    }

    @Test
    void everyRouteFromEveryRouterReachesItsDestinationWithinMaxHops() {
        for (FlattenedButterfly t : FLATS) {
            UgalRouting r = new UgalRouting(t);
            assertThat(Routes.longest(t, r, r.maxHops())).as(t.describe()).isEqualTo(r.maxHops());
        }
        for (Dragonfly t : DRAGONFLIES) {
            UgalRouting r = new UgalRouting(t);
            assertThat(Routes.longest(t, r, r.maxHops())).as(t.describe()).isEqualTo(r.maxHops());
        }
    }

    @Test
    void maxHopsIsTwiceTheDiameterOnAFlatAndFiveOnADragonfly() {
        assertThat(new UgalRouting(new FlattenedButterfly(4, 1, 1)).maxHops()).isEqualTo(2);
        assertThat(new UgalRouting(new FlattenedButterfly(4, 2, 1)).maxHops()).isEqualTo(4);
        assertThat(new UgalRouting(new Dragonfly(2, 1, 1)).maxHops()).isEqualTo(5);
        assertThat(new UgalRouting(new Dragonfly(4, 2, 2)).maxHops()).isEqualTo(5);
    }

    @Test
    void routesEveryPairOfTheSixtyFourRouterFlat() {
        FlattenedButterfly t = new FlattenedButterfly(8, 2, 8);
        UgalRouting r = new UgalRouting(t);
        assertThat(r.maxInjectHeaders()).isEqualTo(63);
        assertThat(Routes.longest(t, r, r.maxHops())).isEqualTo(4);
    }

    @Test
    void minimalHeaderFollowsMinimalRouting() {
        for (Topology t : List.<Topology>of(new FlattenedButterfly(3, 2, 1), new Dragonfly(3, 1, 1))) {
            UgalRouting r = UgalRouting.of(t);
            MinimalRouting m = MinimalRouting.of(t);
            for (int s = 0; s < t.nodes(); s++) {
                for (int d = 0; d < t.nodes(); d++) {
                    if (s != d) {
                        List<Routes.Route> plain = Routes.all(t, m, s, d, m.maxHops());
                        Routes.Route first = Routes.all(t, r, s, d, r.maxHops()).get(0);
                        assertThat(first.injectHeader()).isEqualTo(d);
                        assertThat(first.channels()).isEqualTo(plain.get(0).channels());
                        assertThat(r.distance(s, d)).isEqualTo(m.distance(s, d));
                    }
                }
            }
        }
    }

    @Test
    void flattenedButterflyValiantRoutesPassThroughTheIntermediateRouter() {
        for (FlattenedButterfly t : FLATS) {
            UgalRouting r = new UgalRouting(t);
            for (int s = 0; s < t.nodes(); s++) {
                for (int d = 0; d < t.nodes(); d++) {
                    if (s == d) {
                        continue;
                    }
                    Set<Integer> intermediates = new HashSet<>();
                    for (Routes.Route route : Routes.all(t, r, s, d, r.maxHops())) {
                        int i = r.intermediateOf(route.injectHeader());
                        if (i < 0) {
                            continue;
                        }
                        intermediates.add(i);
                        assertThat(i).isNotIn(s, d);
                        int at = route.nodes(t).indexOf(i);
                        assertThat(at).isPositive();
                        assertThat(route.hops()).isEqualTo(t.differingCoordinates(s, i) + t.differingCoordinates(i, d));
                        assertPlainFrom(r, route, at);
                    }
                    assertThat(intermediates).hasSize(t.nodes() - 2);
                }
            }
        }
    }

    @Test
    void dragonflyValiantRoutesPassThroughTheIntermediateGroup() {
        for (Dragonfly t : DRAGONFLIES) {
            UgalRouting r = new UgalRouting(t);
            for (int s = 0; s < t.nodes(); s++) {
                for (int d = 0; d < t.nodes(); d++) {
                    if (s == d) {
                        continue;
                    }
                    Set<Integer> intermediates = new HashSet<>();
                    for (Routes.Route route : Routes.all(t, r, s, d, r.maxHops())) {
                        int i = r.intermediateOf(route.injectHeader());
                        if (i < 0) {
                            continue;
                        }
                        intermediates.add(i);
                        assertThat(i).isNotIn(t.groupOf(s), t.groupOf(d));
                        List<Integer> nodes = route.nodes(t);
                        int at = 0;
                        while (t.groupOf(nodes.get(at)) != i) {
                            at++;
                        }
                        assertThat(route.channels().get(at - 1)).isEqualTo(t.globalChannel(t.groupOf(s), i));
                        assertThat(at).isBetween(1, 2);
                        assertThat(route.channels().stream().filter(t::isGlobal).count()).isEqualTo(2);
                        assertPlainFrom(r, route, at);
                    }
                    int others = t.groups() - (t.groupOf(s) == t.groupOf(d) ? 1 : 2);
                    assertThat(intermediates).hasSize(others);
                }
            }
        }
    }

    /** Headers stay Valiant until hop {@code at} enters the intermediate, then are the plain destination. */
    private static void assertPlainFrom(UgalRouting r, Routes.Route route, int at) {
        for (int k = 0; k < route.hops(); k++) {
            int header = route.headers().get(k);
            if (k + 1 < at) {
                assertThat(header).isEqualTo(route.injectHeader());
            } else {
                assertThat(header).isEqualTo(r.destinationOf(route.injectHeader()));
            }
        }
    }

    @Test
    void isMinimalInTheSenseThatNoHopRevisitsAChannelWithTheSameHeader() {
        for (Topology t : List.<Topology>of(new FlattenedButterfly(3, 2, 1), new Dragonfly(2, 2, 1))) {
            UgalRouting r = UgalRouting.of(t);
            assertThat(r.minimal()).isTrue();
            assertThat(r.name()).isEqualTo("ugal");
            assertThat(r.maxCandidates()).isOne();
            for (int s = 0; s < t.nodes(); s++) {
                for (int d = 0; d < t.nodes(); d++) {
                    if (s == d) {
                        continue;
                    }
                    for (Routes.Route route : Routes.all(t, r, s, d, r.maxHops())) {
                        Set<Long> pairs = new HashSet<>();
                        for (int k = 0; k < route.hops(); k++) {
                            assertThat(pairs.add((long) route.channels().get(k) << 32 | route.headers().get(k)))
                                .isTrue();
                        }
                    }
                }
            }
        }
    }

    @Test
    void refusesATorus() {
        assertThatThrownBy(() -> UgalRouting.of(Torus.torus(new int[] {4}, true)))
            .isInstanceOf(ConfigurationException.class)
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("routing");
    }
}
