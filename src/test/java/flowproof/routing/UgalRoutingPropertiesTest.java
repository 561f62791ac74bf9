package flowproof.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import flowproof.topology.Dragonfly;
import flowproof.topology.FlattenedButterfly;
import flowproof.topology.Topology;
import java.util.List;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;
import org.junit.jupiter.api.Test;

class UgalRoutingPropertiesTest {

    /** Flats of at most 64 routers and dragonflies of at most 4 routers a group and 3 global ports. */
    static Gen<Topology> topologies() {
        Gen<Topology> flats = Generate.range(2, 8).zip(Generate.range(1, 3), (k, n) -> new int[] {k, n})
            .assuming(kn -> Math.pow(kn[0], kn[1]) <= 64)
            .map(kn -> new FlattenedButterfly(kn[0], kn[1], 1));
        Gen<Topology> dragonflies = Generate.range(1, 4).zip(Generate.range(1, 3), (a, h) -> new Dragonfly(a, h, 1));
        return Generate.pick(List.of(0, 1)).flatMap(which -> which == 0 ? flats : dragonflies);
    }

    @Test
    void everyUgalRouteExitsAtItsDestinationWithinMaxHops() {
        qt().withExamples(100).forAll(topologies(), Generate.range(0, 1 << 20), Generate.range(0, 1 << 20))
            .checkAssert((t, si, di) -> {
                int s = si % t.nodes();
                int d = di % t.nodes();
                if (s == d) {
                    return;
                }
                UgalRouting r = UgalRouting.of(t);
                int[] heads = new int[r.maxInjectHeaders()];
                // A dragonfly's Valiant route can be shorter than its minimal (one global hop)
                // route, so hop counts are only bounded by maxHops, inside Routes.all.
                assertThat(Routes.all(t, r, s, d, r.maxHops())).hasSize(r.injectHeaders(s, d, heads));
                MinimalRouting m = MinimalRouting.of(t);
                assertThat(Routes.all(t, m, s, d, m.maxHops())).singleElement()
                    .extracting(Routes.Route::hops).isEqualTo(m.distance(s, d));
            });
    }
}
