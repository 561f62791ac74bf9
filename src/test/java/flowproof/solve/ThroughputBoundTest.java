package flowproof.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import flowproof.routing.DimensionOrderRouting;
import flowproof.routing.MinimalAdaptiveRouting;
import flowproof.routing.RoutingFunction;
import flowproof.sim.ChannelLoadBound;
import flowproof.spec.SimulationReader;
import flowproof.spec.SpecReader;
import flowproof.topology.Torus;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Throughput bounds against known values and against the simulator's channel-load bound. */
class ThroughputBoundTest {

    private static double[][] uniform(int n) {
        double[][] r = new double[n][n];
        for (int s = 0; s < n; s++) {
            for (int d = 0; d < n; d++) {
                r[s][d] = s == d ? 0 : 1.0 / (n - 1);
            }
        }
        return r;
    }

    /** Tornado on a k x k torus: (x, y) to (x + k/2 - 1, y + k/2 - 1). */
    private static double[][] tornado(Torus t, int k) {
        double[][] r = new double[t.nodes()][t.nodes()];
        for (int x = 0; x < k; x++) {
            for (int y = 0; y < k; y++) {
                r[x + k * y][(x + k / 2 - 1) % k + k * ((y + k / 2 - 1) % k)] = 1;
            }
        }
        return r;
    }

    @Test
    void uniformOn8x8TorusWithDorIs63Over80AsTheSimulatorsBoundSays() throws Exception {
        Torus t = Torus.torus(new int[] {8, 8}, true);
        ThroughputBound.Result r = ThroughputBound.of(t, new DimensionOrderRouting(t), uniform(64), 1, 1);
        assertThat(r.method()).isEqualTo("direct");
        assertThat(r.bound()).isCloseTo(63.0 / 80, within(1e-12));
        ThroughputBound.Result lp = ThroughputBound.of(t, new DimensionOrderRouting(t), uniform(64), 1, 1, true);
        assertThat(lp.method()).isEqualTo("lp");
        assertThat(lp.bound()).isCloseTo(63.0 / 80, within(1e-7));
        var spec = SpecReader.read(Path.of("specs/sim/torus8x8-dateline.yaml"));
        assertThat(ChannelLoadBound.of(SimulationReader.read(spec)).bound()).isCloseTo(r.bound(), within(1e-12));
    }

    @Test
    void theFlowLpAgreesWithTheDirectLoadsOnDeterministicRouting() {
        Torus t = Torus.torus(new int[] {6, 6}, true);
        RoutingFunction dor = new DimensionOrderRouting(t);
        for (double[][] rates : new double[][][] {uniform(36), tornado(t, 6)}) {
            ThroughputBound.Result direct = ThroughputBound.of(t, dor, rates, 1, 1, false);
            ThroughputBound.Result lp = ThroughputBound.of(t, dor, rates, 1, 1, true);
            assertThat(lp.method()).isEqualTo("lp");
            assertThat(lp.bound()).isCloseTo(direct.bound(), within(1e-7));
            assertThat(lp.saturated()).containsExactlyInAnyOrderElementsOf(direct.saturated());
        }
    }

    @Test
    void minimalAdaptiveSplitsTheTieAndReaches8OverKTimesTheSelfTrafficFactor() {
        Torus t = Torus.torus(new int[] {8, 8}, true);
        RoutingFunction adaptive = new MinimalAdaptiveRouting(t);
        ThroughputBound.Result r = ThroughputBound.of(t, adaptive, uniform(64), 1, 1);
        assertThat(r.method()).isEqualTo("lp");
        // Balanced: a channel carries (1+2+3+2) * 8/63 = 64/63 per unit of injection.
        assertThat(r.bound()).isCloseTo(63.0 / 64, within(1e-7));
        assertThat(ThroughputBound.of(t, adaptive, tornado(t, 8), 1, 1).bound()).isCloseTo(1.0 / 3, within(1e-7));
        assertThat(ThroughputBound.of(t, new DimensionOrderRouting(t), tornado(t, 8), 1, 1).bound())
            .isCloseTo(1.0 / 3, within(1e-12));
    }

    @Test
    void aHotSpotIsLimitedByItsEjectionChannel() {
        Torus t = Torus.torus(new int[] {8, 8}, true);
        double f = 0.25;
        double[][] r = new double[64][64];
        for (int s = 0; s < 64; s++) {
            for (int d = 0; d < 64; d++) {
                if (d != s) {
                    r[s][d] = (1 - f) / 63 + (d == 0 ? f : 0);
                }
            }
            if (s == 0) {
                r[0][1] += f;
            }
        }
        double ejectAt0 = 0;
        for (int s = 0; s < 64; s++) {
            ejectAt0 += r[s][0];
        }
        ThroughputBound.Result b = ThroughputBound.of(t, new DimensionOrderRouting(t), r, 1, 1);
        assertThat(b.bound()).isCloseTo(1 / ejectAt0, within(1e-12));
        assertThat(b.bottlenecks()).singleElement().asString().startsWith("ejection at terminal 0");
        // With two ejection channels the last channel into the hot spot limits instead: DOR
        // brings the rows y = 4..7 (32 sources, the tie at 4 goes +) in over (0,7) -> (0,0).
        ThroughputBound.Result two = ThroughputBound.of(t, new DimensionOrderRouting(t), r, 1, 2);
        assertThat(two.bound()).isLessThan(2 / ejectAt0);
        assertThat(two.bottlenecks()).containsExactly("(0,7)-d1+->(0,0)");
    }
}
