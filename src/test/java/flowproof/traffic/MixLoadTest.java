package flowproof.traffic;

import static flowproof.traffic.Workloads.read;
import static flowproof.traffic.Workloads.yaml;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import flowproof.ConfigurationException;
import flowproof.topology.Torus;
import org.junit.jupiter.api.Test;

/**
 * A mix entry's own load (issue 21: CBCM's hot senders inject at 100% while the others
 * inject at the swept load): its terminals inject at that rate whatever the workload's load.
 */
class MixLoadTest {

    private static final Torus TORUS_4X4 = Torus.torus(new int[] {4, 4}, true);
    private static final String HOT = "packet-size: 1\nload: 0.1\ntraffic: {mix: [{terminals: \"0-3\", pattern: hot-spot,"
        + " node: 15, load: 1.0}, {terminals: \"4-15\", pattern: uniform}]}";

    /** Packets each terminal creates in {@code cycles} cycles of a run. */
    private static int[] created(Workload w, int cycles) {
        Workload.Generator g = w.start(7);
        int[] n = new int[w.terminals()];
        for (int c = 0; c < cycles; c++) {
            for (int t = 0; t < n.length; t++) {
                n[t] += g.packets(t, c);
            }
        }
        return n;
    }

    @Test
    void hotSendersInjectAtTheirOwnLoadAndTheOthersAtTheWorkloads() {
        Workload w = read(HOT, TORUS_4X4);
        int[] n = created(w, 20_000);
        for (int t = 0; t < 4; t++) {
            assertThat(n[t]).as("hot sender %d at load 1.0 with 1-flit packets", t).isEqualTo(20_000);
        }
        for (int t = 4; t < 16; t++) {
            assertThat(n[t]).as("terminal %d at load 0.1", t).isBetween(1_700, 2_300);
        }
        Workload.Generator g = w.start(7);
        assertThat(g.offered(0)).isCloseTo((4 * 1.0 + 12 * 0.1) / 16, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(w.describe()).contains("at load 1");
    }

    @Test
    void aSweptLoadMovesTheOthersOnly() {
        Workload w = read(HOT, TORUS_4X4).atLoad(0.3);
        int[] n = created(w, 20_000);
        assertThat(n[0]).isEqualTo(20_000);
        assertThat(n[9]).isBetween(5_500, 6_500);
        assertThat(w.start(1).offered(0)).isCloseTo((4 * 1.0 + 12 * 0.3) / 16, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void withoutEntryLoadsNothingChanges() {
        Workload a = read("packet-size: 1\nload: 0.2\ntraffic: {mix: [{terminals: \"0-3\", pattern: hot-spot, node: 15},"
            + " {terminals: \"4-15\", pattern: uniform}]}", TORUS_4X4);
        int[] n = created(a, 10_000);
        for (int t = 0; t < 16; t++) {
            assertThat(n[t]).isBetween(1_700, 2_300);
        }
        assertThat(a.start(1).offered(0)).isEqualTo(0.2);
    }

    @Test
    void anEntryLoadIsABernoulliRateAndInRange() {
        ConfigurationException e = catchThrowableOfType(ConfigurationException.class, () -> WorkloadReader.read(
            yaml("injection: {process: ramp, from: 0.0, to: 0.2, cycles: 100}\ntraffic: {mix: [{terminals: \"0-3\","
                + " pattern: uniform, load: 0.5}, {terminals: \"4-15\", pattern: uniform}]}"), TORUS_4X4));
        assertThat(e).isNotNull();
        assertThat(e.field()).isEqualTo("simulation.traffic.mix[0].load");
        assertThat(e.getMessage()).contains("injection bernoulli").doesNotContain("\n");
        ConfigurationException r = catchThrowableOfType(ConfigurationException.class, () -> WorkloadReader.read(
            yaml("traffic: {mix: [{terminals: \"0-3\", pattern: uniform, load: 1.5}]}"), TORUS_4X4));
        assertThat(r).isNotNull();
        assertThat(r.field()).isEqualTo("simulation.traffic.mix[0].load");
    }
}
