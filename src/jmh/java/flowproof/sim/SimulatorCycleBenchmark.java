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

    private Simulator sim;
    private Workload.Generator gen;
    private long cycle;

    @Setup(Level.Trial)
    public void setUp() {
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
        sim = new Simulator(cfg);
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
