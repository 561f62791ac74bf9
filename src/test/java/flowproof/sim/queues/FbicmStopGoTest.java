package flowproof.sim.queues;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import org.junit.jupiter.api.Test;

/**
 * FBICM's Stop/Go notifications at output ports (seed 002, section 3.5): a Go turns the
 * output CAM line's Stop bit off and leaves the line in the Go state; a Stop that finds every
 * output CAM line busy is dropped, counted and reported in the result.
 */
class FbicmStopGoTest {

    /** Uniform traffic at full load with a low Stop threshold: many congestion roots. */
    private static final String UNIFORM = "switching: vct\narbiter: oldest-first\nbuffer: 1024\npacket-size: 8\n"
        + "pipeline: 4\nlink-latency: 1\ntraffic: uniform\nload: 1.0\ncycles: 6000\nwarmup: 1000\n"
        + "control: {kind: fbicm, cfqs: 2, detection: 2, stop: 2, go: 1}\n";

    /** FBICM's defaults on the 1,024-flit RAM of 8-flit packets: 8 CFQs, detection 5, Stop 8, Go 4. */
    private static final InputQueueing HOTSPOT_FBICM = new InputQueueing(InputQueueing.Organisation.FBICM, 1024, 8, 5, 8, 4);
    private static final InputQueueing UNIFORM_FBICM = new InputQueueing(InputQueueing.Organisation.FBICM, 1024, 2, 2, 2, 1);

    /** Output CAM lines of every output port feeding a switch input port, by state, summed over the cycles. */
    private static long[] outputLineCycles(CamPorts e, FbicmView v) {
        long go = 0;
        long stop = 0;
        for (int p : v.ports()) {
            for (int i = 0; i < v.lines(); i++) {
                if (e.outputLineStopped(p, i)) {
                    stop++;
                } else if (e.outputLineActive(p, i)) {
                    go++;
                }
            }
        }
        return new long[] {go, stop};
    }

    @Test
    void aGoLeavesTheOutputLineAllocatedInTheGoStateAndAReleaseFreesIt() {
        SimConfig cfg = QueueSpecs.hotspot("fbicm");
        CamPorts[] made = new CamPorts[1];
        QueueEngine engine = new QueueEngine(cfg, HOTSPOT_FBICM, (s, f, p, c) -> made[0] = new FbicmPorts(s, f, p, c));
        CamPorts cam = made[0];
        long[] seen = new long[2];
        int[][] ports = new int[1][];
        engine.observe(v -> {
            ports[0] = v.ports();
            long[] c = outputLineCycles(cam, v);
            seen[0] += c[0];
            seen[1] += c[1];
        });
        SimResult r = engine.run(null);
        assertThat(r.drained()).isTrue();
        assertThat(seen[1]).as("line-cycles in the Stop state").isPositive();
        // Go used to free the output line: no line was ever allocated without its Stop bit
        assertThat(seen[0]).as("line-cycles in the Go state").isPositive();
        // once every CFQ is freed, so is every output line copied from one
        for (int p : ports[0]) {
            for (int i = 0; i < cam.lines; i++) {
                assertThat(cam.outputLineActive(p, i)).as("output line %d feeding %s after the drain", i, p).isFalse();
            }
        }
        assertThat(r.stopsDropped()).isZero();
    }

    @Test
    void withCOutputLinesForCInputLinesNoStopIsDropped() {
        SimConfig cfg = QueueSpecs.parse(QueueSpecs.bmin(4, 3, UNIFORM));
        SimResult r = new QueueEngine(cfg, UNIFORM_FBICM).run(null);
        assertThat(r.stopsDropped()).isZero();
        assertThat(java.util.Arrays.stream(r.controlSeries().values()[1]).max().orElse(0)).as("stopped CAM lines")
            .isPositive();
    }

    @Test
    void aStopThatFindsEveryOutputLineBusyIsDroppedAndCounted() {
        SimConfig cfg = QueueSpecs.parse(QueueSpecs.bmin(4, 3, UNIFORM));
        SimResult r = new QueueEngine(cfg, UNIFORM_FBICM, (s, f, p, c) -> new FbicmPorts(s, f, p, c) {
            @Override
            int outputCamLines() {
                return 1;
            }
        }).run(null);
        assertThat(r.stopsDropped()).isPositive();
        assertThat(r.drained()).isTrue();
    }

    @Test
    void onlyFbicmReportsDroppedStops() {
        SimConfig cfg = QueueSpecs.hotspot("voq-net");
        SimResult r = new QueueEngine(cfg, new InputQueueing(InputQueueing.Organisation.VOQ_NET, 2048, 0, 0, 0, 0))
            .run(null);
        assertThat(r.stopsDropped()).isEqualTo(-1);
    }
}
