package flowproof.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.ConfigurationException;
import flowproof.topology.Dragonfly;
import flowproof.topology.FlattenedButterfly;
import flowproof.topology.Torus;
import java.util.List;
import org.junit.jupiter.api.Test;

class MinimalRoutingTest {

    private static final FlattenedButterfly[] FLATS = {new FlattenedButterfly(2, 1, 1),
        new FlattenedButterfly(3, 1, 1), new FlattenedButterfly(4, 1, 1), new FlattenedButterfly(4, 2, 4),
        new FlattenedButterfly(2, 3, 1), new FlattenedButterfly(3, 3, 1)};

    private static final Dragonfly[] DRAGONFLIES = {new Dragonfly(1, 1, 1), new Dragonfly(1, 3, 1),
        new Dragonfly(2, 1, 1), new Dragonfly(2, 2, 1), new Dragonfly(3, 1, 1), new Dragonfly(4, 2, 2)};

    @Test
    void flattenedButterflyRoutesTakeOneHopPerDifferingCoordinateInDimensionOrder() {
        for (FlattenedButterfly t : FLATS) {
            MinimalRouting r = new MinimalRouting(t);
            for (int s = 0; s < t.nodes(); s++) {
                for (int d = 0; d < t.nodes(); d++) {
                    if (s == d) {
                        continue;
                    }
                    List<Routes.Route> routes = Routes.all(t, r, s, d, r.maxHops());
                    assertThat(routes).hasSize(1);
                    Routes.Route route = routes.get(0);
                    assertThat(route.hops()).isEqualTo(t.differingCoordinates(s, d)).isEqualTo(r.distance(s, d));
                    for (int k = 1; k < route.hops(); k++) {
                        assertThat(t.dimension(route.channels().get(k)))
                            .isGreaterThan(t.dimension(route.channels().get(k - 1)));
                    }
                }
            }
        }
    }

    @Test
    void dragonflyRoutesAreLocalGlobalLocal() {
        for (Dragonfly t : DRAGONFLIES) {
            MinimalRouting r = new MinimalRouting(t);
            for (int s = 0; s < t.nodes(); s++) {
                for (int d = 0; d < t.nodes(); d++) {
                    if (s == d) {
                        continue;
                    }
                    List<Routes.Route> routes = Routes.all(t, r, s, d, r.maxHops());
                    assertThat(routes).hasSize(1);
                    Routes.Route route = routes.get(0);
                    assertThat(route.hops()).isEqualTo(r.distance(s, d)).isBetween(1, 3);
                    long global = route.channels().stream().filter(t::isGlobal).count();
                    assertThat(global).isEqualTo(t.groupOf(s) == t.groupOf(d) ? 0 : 1);
                    if (t.groupOf(s) == t.groupOf(d)) {
                        assertThat(route.hops()).isOne();
                    } else {
                        assertThat(route.channels()).contains(t.globalChannel(t.groupOf(s), t.groupOf(d)));
                    }
                }
            }
        }
    }

    @Test
    void maxHopsIsTheLongestRoute() {
        assertThat(new MinimalRouting(new FlattenedButterfly(4, 1, 1)).maxHops()).isEqualTo(1);
        assertThat(new MinimalRouting(new FlattenedButterfly(4, 2, 1)).maxHops()).isEqualTo(2);
        assertThat(new MinimalRouting(new Dragonfly(2, 1, 1)).maxHops()).isEqualTo(3);
        for (FlattenedButterfly t : FLATS) {
            MinimalRouting r = new MinimalRouting(t);
            assertThat(Routes.longest(t, r, r.maxHops())).as(t.describe()).isEqualTo(r.maxHops());
        }
        for (Dragonfly t : DRAGONFLIES) {
            MinimalRouting r = new MinimalRouting(t);
            assertThat(Routes.longest(t, r, r.maxHops())).as(t.describe()).isEqualTo(r.maxHops());
        }
    }

    @Test
    void routesEveryPairOfTheSixtyFourRouterFlat() {
        FlattenedButterfly t = new FlattenedButterfly(8, 2, 8);
        MinimalRouting r = new MinimalRouting(t);
        assertThat(Routes.longest(t, r, r.maxHops())).isEqualTo(2);
    }

    @Test
    void isAMinimalDeterministicFunctionOverDestinations() {
        MinimalRouting r = MinimalRouting.of(new Dragonfly(2, 1, 1));
        assertThat(r.name()).isEqualTo("minimal");
        assertThat(r.minimal()).isTrue();
        assertThat(r.maxCandidates()).isOne();
        assertThat(r.maxInjectHeaders()).isOne();
        assertThat(r.headers()).isEqualTo(6);
        assertThat(MinimalRouting.of(new FlattenedButterfly(4, 2, 1)).headers()).isEqualTo(16);
        assertThat(r.candidates(3, -1, 3, new int[1])).isZero();
    }

    @Test
    void refusesATorus() {
        assertThatThrownBy(() -> MinimalRouting.of(Torus.torus(new int[] {4}, true)))
            .isInstanceOf(ConfigurationException.class)
            .extracting(e -> ((ConfigurationException) e).field()).isEqualTo("routing");
    }
}
