package flowproof.sim;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.routing.DimensionOrderRouting;
import flowproof.rule.RuleKind;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import flowproof.traffic.Workload;
import flowproof.traffic.WorkloadReader;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One simulated cycle of the bench-sim network (k x k bidirectional torus, DOR, dateline with
 * 2 VCs or critical bubble with 1, VCT, 64-flit buffers, 8-flit uniform packets), in steady
 * state: the simulator runs {@code settle} cycles first, so that the measured cycles see the
 * buffers, source queues and allocators as a long run does. The score is nanoseconds per
 * cycle; node-cycles per second is {@code k * k * 1e9 / score}. Every phase of the cycle
 * (arrivals, sources, VC allocation with its wake-up lists, switch allocation and traversal)
 * is in it, as bench-sim runs them, without the run protocol around them.
 *
 * <p>With {@code router = booksim} it is bench-sim's "same cfg" column instead: BookSim's
 * configuration of the same torus (wormhole, 2 VCs of 64 flits, BookSim's stages, iSLIP
 * allocators with one iteration) read as {@code simulate --booksim} reads it; {@code islip}
 * then picks the switch allocator's one-pass path ({@code one-pass}, what runs) or the general
 * matcher {@link Islip#match} ({@code general}), which make the same matches.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SimulatorCycleBenchmark {

    @Param({"8", "16", "32"})
    int size;

    @Param({"0.1", "0.45", "1.0"})
    double load;

    @Param({"dateline"})
    String rule;

    @Param({"flowproof"})
    String router;

    @Param({"one-pass"})
    String islip;

    private Simulator sim;
    private Workload.Generator gen;
    private long cycle;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        if (router.equals("booksim")) {
            setUpBookSim();
            return;
        }
        Torus t = Torus.torus(new int[] {size, size}, true);
        int vcs = rule.equals("dateline") ? 2 : 1;
        Network net = new Network(t, vcs, 8);
        ObjectNode spec = new ObjectMapper().createObjectNode().put("traffic", "uniform").put("load", load)
            .put("packet-size", 8);
        Workload w = WorkloadReader.read(spec, t);
        // cycles and warm-up beyond any benchmark's reach: the run never ends inside it
        SimConfig cfg = new SimConfig(net, new DimensionOrderRouting(t), RuleKind.of(rule).create(net, 0), w,
            SimConfig.Switching.VCT, SimConfig.Arbiter.ROUND_ROBIN, 64, 4, 1, 1, 1, 1, 2_000_000_000L, 0, 1,
            2_000, 0, false, false, 100, null, null);
        start(new Simulator(cfg));
    }

    /** BookSim's configuration of the bench's torus, as {@code bench-sim --against-booksim} writes it. */
    private void setUpBookSim() throws Exception {
        String text = String.join("\n", "topology = torus;", "k = " + size + ";", "n = 2;", "routing_function = dim_order;",
            "num_vcs = 2;", "vc_buf_size = 64;", "traffic = uniform;", "packet_size = 8;", "injection_rate_uses_flits = 1;",
            "injection_rate = " + load + ";", "sim_type = throughput;", "warmup_periods = 1;",
            "sample_period = 100000000;", "max_samples = 2;", "seed = 1;") + "\n";
        flowproof.spec.Spec spec = flowproof.spec.SpecReader.fromTree("jmh", "", flowproof.spec.BookSimConfig
            .toSpecTree("jmh", "bench", text, flowproof.spec.BookSimConfig.Purpose.SIMULATE));
        start(new Simulator(flowproof.spec.SimulationReader.read(spec), islip.equals("one-pass")));
    }

    private void start(Simulator s) {
        sim = s;
        gen = sim.startStepping();
        int settle = 20_000;
        for (cycle = 0; cycle < settle; cycle++) {
            sim.stepCycle(gen, cycle);
        }
    }

    @Benchmark
    public long cycle() {
        sim.stepCycle(gen, cycle);
        return cycle++;
    }
}
