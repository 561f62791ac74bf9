package flowproof.explore.distributed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The barrier figures of {@code bench --members}: the protocol from the last member in to the last out, and the longest wait. */
class MemberStatsTest {

    private static final long MS = 1_000_000L;

    @Test
    void theProtocolRunsFromTheLastMemberInToTheLastOutAndTheWaitIsTheLongestStay() {
        // level 0: member 1 enters last (at 10) and everyone is out by 12; level 1: member 0 last in (at 50), out by 54
        MemberStats a = new MemberStats(10, 88, new long[] {0, 50 * MS}, new long[] {12 * MS, 53 * MS});
        MemberStats b = new MemberStats(10, 88, new long[] {10 * MS, 20 * MS}, new long[] {11 * MS, 54 * MS});
        double[] ms = MemberStats.barrierMillis(List.of(a, b));
        assertThat(ms[0]).isCloseTo((2 + 4) / 2.0, within(1e-9));
        assertThat(ms[1]).isCloseTo(3, within(1e-9));
        assertThat(ms[2]).isCloseTo((12 + 34) / 2.0, within(1e-9));
        assertThat(a.bytesPerRemoteSuccessor()).isEqualTo(8.8);
    }
}
