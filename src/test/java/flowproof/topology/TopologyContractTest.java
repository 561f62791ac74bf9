package flowproof.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import example.plugins.BadNet;
import example.plugins.IrregularNet;
import example.plugins.PluginRing;
import flowproof.ConfigurationException;
import flowproof.plugin.PluginParams;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What the engines rely on of a topology ({@link TopologyContract}): every built-in topology and
 * the example plugins keep it, and each way of breaking it is one line naming the class.
 */
class TopologyContractTest {

    @Test
    void everyBuiltInTopologyKeepsTheContract() {
        List<Topology> all = List.of(Torus.torus(new int[] {4}, false), Torus.torus(new int[] {3, 3}, true),
            Torus.mesh(new int[] {4, 3}), Torus.mesh(new int[] {3, 3}).withConcentration(4), new Butterfly(2, 3),
            new Fly(2, 3), new Fly(4, 2), new FatTree(2, 3), new FatTree(4, 3), new Bmin(2, 3),
            new FlattenedButterfly(4, 2, 2),
            new Dragonfly(2, 1, 1), new Dragonfly(3, 1, 2),
            new Dragonfly(2, 1, 1, Dragonfly.GlobalWiring.BOOKSIM, null),
            new Dragonfly(8, 4, 4, Dragonfly.GlobalWiring.BOOKSIM, new int[] {10, 100}),
            new GraphTopology("g", List.of("a", "b", "c"), List.of(new int[] {0, 1}, new int[] {1, 2},
                new int[] {2, 0}), new boolean[] {true, true, false}, 1));
        for (Topology t : all) {
            assertThatCode(() -> TopologyContract.check(t)).as(t.describe()).doesNotThrowAnyException();
        }
    }

    @Test
    void theExamplePluginsKeepIt() {
        TopologyContract.check(new PluginRing(PluginParams.of(Map.of("radix", 5, "bidirectional", true))));
        TopologyContract.check(new PluginRing(PluginParams.of(Map.of("radix", 3, "rings", false))));
        TopologyContract.check(new IrregularNet(PluginParams.of(Map.of("links", List.of(List.of(0, 1), List.of(1, 2)),
            "terminals", List.of(0, 2)))));
        TopologyContract.check(new BadNet(PluginParams.of(Map.of())));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "target|channels whose source() and target() are routers 0..3|example.plugins.BadNet: channel 2 runs from 2 to 9",
        "self-loop|channels between two different routers|example.plugins.BadNet: channel 2 runs from r2 to itself",
        "names|routers named uniquely (nodeName())|example.plugins.BadNet: routers 1 and 3 are both named \"r1\"",
        "endpoints|at least two endpoints (isEndpoint()): packets go from one to another|example.plugins.BadNet: 1 (r0)",
        "ring|rings that are lines or cycles of channels (each router leaves a ring at most once)|"
            + "example.plugins.BadNet: channels r0-->r1 and r0-->r2 both leave r0 in ring 0"})
    void eachDefectIsOneLineNamingTheClass(String defect, String expected, String found) {
        BadNet net = new BadNet(PluginParams.of(Map.of("defect", defect)));
        assertThatThrownBy(() -> TopologyContract.check(net)).isInstanceOfSatisfying(ConfigurationException.class, e -> {
            assertThat(e.field()).isEqualTo("topology");
            assertThat(e.expected()).isEqualTo(expected);
            assertThat(e.found()).isEqualTo(found);
        });
    }
}
