package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link FlowStats}: per mix entry the mean latency, the accepted throughput and the peak of the per-slice mean latency. */
class FlowStatsTest {

    @Test
    void thePeakIsTheLargestSliceMeanWithinTheMeasurementWindow() {
        // terminals 0-1 in entry 0, terminal 2 in entry 1, terminal 3 in none; window (100, 400], slices of 100
        FlowStats s = new FlowStats(new int[] {0, 0, 1, -1}, List.of("a", "b"), 100, 400, 100);
        // before the window: neither mean nor peak
        s.delivered(0, 2, 4, 10, 10, 50, 1);
        // slice (100, 200]: latencies 20 and 40 -> 30
        s.delivered(0, 2, 4, 130, 130, 150, 1);
        s.delivered(1, 2, 4, 160, 160, 200, 1);
        // slice (200, 300]: 90 -> the peak
        s.delivered(1, 2, 4, 150, 150, 240, 1);
        // slice (300, 400]: 10
        s.delivered(0, 3, 4, 390, 390, 400, 1);
        // after the window: ignored by the peak
        s.delivered(0, 3, 4, 300, 300, 900, 1);
        s.delivered(3, 0, 4, 120, 120, 250, 1);
        FlowStats.Flow a = s.flows(400).get(0);
        assertThat(a.peakLatency()).isEqualTo(90);
        // the mean is over the packets created in [100, 400): 20, 40, 90, 10, 600
        assertThat(a.meanLatency()).isEqualTo(760 / 5.0);
        assertThat(a.packets()).isEqualTo(5);
        // 16 flits completed in (100, 400] over 2 terminals and 300 cycles
        assertThat(a.accepted()).isEqualTo(16 / 2.0 / 300);
        // an entry with nothing delivered has no peak
        assertThat(s.flows(400).get(1).peakLatency()).isNaN();
        // a run a deadlock stopped after 250 cycles: per cycle of the 150 it measured
        assertThat(s.flows(250).get(0).accepted()).isEqualTo(16 / 2.0 / 150);
    }
    /**
     * Issue 41 item 4: a mean over the delivered packets alone, while packets created in the
     * window were never delivered, is a survivor mean; it is not reported as the mean.
     */
    @Test
    void aMeanOverSurvivorsIsNotTheMean() {
        FlowStats s = new FlowStats(new int[] {0, 1}, List.of("a", "b"), 100, 400, 100);
        // entry a: three packets created in the window (one before it), two delivered
        s.generated(0, 50);
        s.generated(0, 120);
        s.generated(0, 200);
        s.generated(0, 390);
        s.delivered(0, 1, 1, 120, 120, 130, 1);
        s.delivered(0, 1, 1, 200, 200, 230, 1);
        // entry b: one created, delivered after the window (in the drain): it counts
        s.generated(1, 300);
        s.delivered(1, 0, 1, 300, 300, 700, 1);
        FlowStats.Flow a = s.flows(400).get(0);
        assertThat(a.created()).isEqualTo(3);
        assertThat(a.packets()).isEqualTo(2);
        assertThat(a.undelivered()).isEqualTo(1);
        assertThat(a.meanLatency()).isNaN();
        assertThat(a.survivorMean()).isEqualTo(20);
        // censored: 10 and 30 delivered, the one created at 390 counted until the run's end at 500
        assertThat(s.flows(400, 500).get(0).censoredMean()).isEqualTo((10 + 30 + 110) / 3.0);
        FlowStats.Flow b = s.flows(400).get(1);
        assertThat(b.undelivered()).isZero();
        assertThat(b.meanLatency()).isEqualTo(400);
        // without the generation listener nothing is counted: created is -1, the mean as before
        FlowStats u = new FlowStats(new int[] {0}, List.of("a"), 0, 10, 10);
        u.delivered(0, 0, 1, 1, 1, 5, 1);
        assertThat(u.flows(10).get(0).created()).isEqualTo(-1);
        assertThat(u.flows(10).get(0).meanLatency()).isEqualTo(4);
    }
}
