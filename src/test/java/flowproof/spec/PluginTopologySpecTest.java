package flowproof.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import example.plugins.DatelineClasses;
import example.plugins.IrregularNet;
import example.plugins.PluginRing;
import flowproof.explore.Explorer;
import flowproof.explore.Limits;
import flowproof.explore.Verdict;
import flowproof.routing.ClassedRouting;
import flowproof.routing.TableRouting;
import flowproof.routing.ValiantRouting;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A user's topology and VC-class function in a spec built in code ({@link SpecBuilder#topology},
 * {@link SpecBuilder#vcClasses}): the routings any topology takes (shortest paths by default, a
 * table, Valiant over shortest paths), and the class function wrapped around the routing.
 */
class PluginTopologySpecTest {

    private static final Map<String, ?> SQUARE = Map.of("links", List.of(List.of(0, 1), List.of(1, 2), List.of(2, 3),
        List.of(3, 0)));

    @Test
    void aPluginTopologyTakesTheRoutingsOfAnyNetwork() throws SpecException {
        Spec s = SpecBuilder.named("square").topology(IrregularNet.class, SQUARE).capacity(1).rule("vct").build();
        assertThat(s.topology()).isInstanceOf(IrregularNet.class);
        assertThat(s.routing()).isInstanceOf(TableRouting.class);
        assertThat(s.routing().name()).isEqualTo("shortest-path");
        assertThat(s.routing().minimal()).isTrue();
        Spec v = SpecBuilder.named("square-valiant").topology(IrregularNet.class, SQUARE).capacity(1).rule("vct")
            .routing("valiant").build();
        assertThat(v.routing()).isInstanceOf(ValiantRouting.class);
        Spec t = SpecBuilder.named("square-table").topology(IrregularNet.class, SQUARE).capacity(1).rule("vct")
            .set("routing", Map.of("kind", "table", "routes", List.of(
                Map.of("at", 0, "to", 2, "next", List.of(1)), Map.of("at", 1, "to", 3, "next", List.of(2)),
                Map.of("at", 2, "to", 0, "next", List.of(3)), Map.of("at", 3, "to", 1, "next", List.of(0)),
                Map.of("at", 1, "to", 2, "next", List.of(2)), Map.of("at", 2, "to", 3, "next", List.of(3)),
                Map.of("at", 3, "to", 0, "next", List.of(0)), Map.of("at", 0, "to", 1, "next", List.of(1)),
                Map.of("at", 1, "to", 0, "next", List.of(0)), Map.of("at", 2, "to", 1, "next", List.of(1)),
                Map.of("at", 3, "to", 2, "next", List.of(2)), Map.of("at", 0, "to", 3, "next", List.of(3)))))
            .build();
        assertThat(t.routing().name()).isEqualTo("table");
        // one way round for the pairs two hops apart: four packets in a cycle
        assertThat(new Explorer(t.model(), t.effectiveProperties(), Limits.defaults(), false).run().verdict())
            .isEqualTo(Verdict.COUNTEREXAMPLE);
        assertThatThrownBy(() -> SpecBuilder.named("square-dor").topology(IrregularNet.class, SQUARE).capacity(1)
            .rule("vct").routing("dor").build()).isInstanceOf(SpecException.class).hasMessageEndingWith(": routing:"
            + " expected one of shortest-path, table, valiant on a topology example.plugins.IrregularNet (dor is for rings, tori and meshes), found \"dor\"");
    }

    @Test
    void aPluginClassFunctionWrapsTheRouting() throws SpecException {
        Spec s = SpecBuilder.named("plugin-ring-classes").topology(PluginRing.class, Map.of("radix", 4)).vcs(2)
            .capacity(1).rule("vct").vcClasses(DatelineClasses.class, Map.of()).build();
        assertThat(s.routing()).isInstanceOfSatisfying(ClassedRouting.class, c -> {
            assertThat(c.function()).isInstanceOf(DatelineClasses.class);
            assertThat(c.base().name()).isEqualTo("shortest-path");
        });
        assertThat(s.model().describe()).contains("shortest-path with 2 VC classes (example.plugins.DatelineClasses)");
        assertThat(new Explorer(s.model(), s.effectiveProperties(), Limits.defaults(), false).run().verdict())
            .isEqualTo(Verdict.DEADLOCK_FREE);
    }
}
