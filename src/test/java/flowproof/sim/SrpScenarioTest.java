package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * SRP (003's baseline) simulated on the CBCM paper's 16-node flattened butterfly: with single-flit
 * packets and 100-cycle channels one 4-flit reservation in flight per flow caps a permutation at
 * about 4 flits per reservation round trip, while the same network without SRP carries it at
 * full speed; beside a 12-to-1 hot spot on the 16x4 network the reservations keep the hot spot's
 * tree out of the uniform traffic.
 */
class SrpScenarioTest {

    private static final Path PERM = Path.of("specs/sim/cbcm-fb1d-4x4-fig3-perm-ugal.yaml");
    private static final Path HOT = Path.of("specs/sim/cbcm-fb1d-16x4-hotspot.yaml");

    @Test
    void aPermutationIsCappedByTheReservationRoundTrip() {
        CbcmRuns.Outcome srp = CbcmRuns.run(CbcmRuns.config(PERM, 0.3, "srp", 10_000, 3_000, 1), -1, 16);
        CbcmRuns.Outcome ideal = CbcmRuns.run(CbcmRuns.config(PERM, 0.3, "{kind: ideal, node: 4}", 10_000, 3_000, 1),
            -1, 16);
        // round trip: request and grant cross one 100-cycle channel and two 4-stage routers each way
        assertThat(srp.result().accepted()).isBetween(4.0 / 300, 4.0 / 200);
        assertThat(ideal.result().accepted()).isCloseTo(0.3, within(0.01));
        assertThat(srp.result().controlDelivered()).isEqualTo(srp.result().controlSent());
    }

    @Test
    void uniformLatencyBesideA12To1HotSpotStaysFarBelowNone() {
        CbcmRuns.Outcome none = CbcmRuns.run(CbcmRuns.config(HOT, 0.3, "none", 15_000, 5_000, 1), 1, 51);
        CbcmRuns.Outcome srp = CbcmRuns.run(CbcmRuns.config(HOT, 0.3, "srp", 15_000, 5_000, 1), 1, 51);
        assertThat(srp.urMean()).isLessThan(none.urMean() / 10);
        // the hot spot still receives most of its ejection bandwidth
        assertThat(srp.hotAccepted()).isGreaterThan(0.7);
        assertThat(srp.result().controlSent()).isPositive();
    }
}
