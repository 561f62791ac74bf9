package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.quicktheories.generators.Generate;

/**
 * BookSim's router stages ({@code simulation.stages}, {@link SimConfig.Stages}), the
 * source's view of its injection buffer ({@code injection-latency}, {@code vc-release: tail}
 * at the source) and the ejection channel's VCs ({@code ejection-vcs}): each changes what
 * docs/simulator.md says it does, and nothing else.
 */
class RouterStagesTest {

    /** Every split of a 4-cycle router into BookSim's stages. */
    private static final String[] STAGES_OF_4 = {
        "{routing: 1, vc-allocation: 1, switch-allocation: 1, traversal: 1}",
        "{routing: 0, vc-allocation: 2, switch-allocation: 1, traversal: 1}",
        "{routing: 0, vc-allocation: 1, switch-allocation: 2, traversal: 1}",
        "{routing: 0, vc-allocation: 1, switch-allocation: 1, traversal: 2}"};

    /** Delivery cycles of every packet of a scripted run, in order. */
    private static List<Long> deliveries(String yaml) {
        List<Long> out = new ArrayList<>();
        SimResult r = new Simulator(SimTestSupport.fromYaml(yaml).withCheck(true)).onDelivery((s, d, size, created, inj,
            done, hops) -> out.add(done)).run(null);
        assertThat(r.deadlock()).isNull();
        return out;
    }

    private static String script(int src, int dst, int size, String extra) {
        return SimTestSupport.torusDateline(8, "switching: wormhole\nbuffer: 8\n"
            + "traffic: {script: [[5, " + src + ", " + dst + ", " + size + "], [300, " + dst + ", " + src + ", " + size
            + "]]}\ncycles: 1000\nwarmup: 0\n" + extra);
    }

    @Test
    void anySplitOfThePipelineKeepsTheZeroLoadLatency() {
        qt().withExamples(20).forAll(Generate.range(0, 63), Generate.range(0, 63), Generate.range(0, STAGES_OF_4.length
            - 1), Generate.range(1, 6)).assuming((s, d, i, size) -> !s.equals(d)).checkAssert((s, d, i, size) -> {
                Map<List<Long>, Long> plain = SimTestSupport.latencies(script(s, d, size, ""));
                assertThat(plain).hasSize(2);
                assertThat(SimTestSupport.latencies(script(s, d, size, "stages: " + STAGES_OF_4[i]))).isEqualTo(plain);
                assertThat(SimTestSupport.latencies(script(s, d, size, "stages: " + STAGES_OF_4[i] + "\nroute-timing: front")))
                    .isEqualTo(plain);
            });
    }

    /**
     * One source sends 1-flit packets to its neighbour, one VC deep (wormhole, drained): each
     * packet waits for the previous one's credit. Without stages a VC's loop is link + pipeline
     * + credit cycles (VC and switch allocation in one cycle at each end); with stages the head
     * waits vc-allocation + switch-allocation - 1 more cycles from its VC allocation to its switch
     * grant upstream, and the same more from its arrival to its switch grant downstream
     * (routing + vc-allocation + switch-allocation - 1, against pipeline - 1): the loop grows
     * by vc-allocation + switch-allocation - 1.
     */
    @Test
    void stagesLengthenAVcsCreditLoopByTheCyclesFromVcToSwitchAllocation() {
        String burst = burst(12, "[5, 0, 1, 1]");
        String sim = "switching: wormhole\nbuffer: 8\ntraffic: {script: [" + burst + "]}\ncycles: 400\nwarmup: 0\n"
            + "credit-latency: 2\n";
        String[][] cases = {{"", "7"}, {"stages: {routing: 1, vc-allocation: 1, switch-allocation: 1, traversal: 1}",
            "8"}, {"stages: {routing: 0, vc-allocation: 2, switch-allocation: 1, traversal: 1}", "9"},
            {"stages: {routing: 1, vc-allocation: 1, switch-allocation: 2, traversal: 1}\npipeline: 5", "10"}};
        for (String[] c : cases) {
            List<Long> done = deliveries(SimTestSupport.torusDateline(4, sim + c[0]));
            assertThat(done).hasSize(12);
            // after the first few (the injection VCs filling), one packet per loop
            for (int i = 4; i < done.size(); i++) {
                assertThat(done.get(i) - done.get(i - 1)).as("%s: %s", c[0], done).isEqualTo(Long.parseLong(c[1]));
            }
        }
    }

    /**
     * One source, one VC (a 4x4 mesh), a burst of 1-flit packets to its neighbour. Drained, a
     * packet enters the injection VC only when the source sees it empty: the previous packet
     * left it (VC and switch allocation) in cycle f, the source learns it at f + 1 +
     * injection-latency, the next head arrives injection-latency cycles later and waits
     * pipeline - 1, so the injection VC passes a packet per pipeline + 1 + 2 x
     * injection-latency cycles, unless the network VC's loop (link + pipeline + credit = 6) is
     * longer. With vc-release: tail the source writes the next packet behind the previous tail,
     * and one packet a cycle leaves while a flit's loop through the injection VC (the same
     * pipeline + 1 + 2 x injection-latency cycles) fits in its 8 flits of credit.
     */
    @Test
    void theSourceSeesItsInjectionBufferAcrossTheInjectionChannel() {
        String burst = burst(12, "[5, 0, 1, 1]");
        String mesh = "name: m\ntopology: {kind: mesh, radix: [4, 4]}\nrouting: dor\nvcs: 1\nrule: vct\nsimulation:\n"
            + "  switching: wormhole\n  buffer: 8\n  traffic: {script: [" + burst + "]}\n  cycles: 400\n  warmup: 0\n";
        for (int inj = 0; inj <= 3; inj++) {
            for (String release : inj <= 1 ? new String[] {"drained", "tail"} : new String[] {"drained"}) {
                List<Long> done = deliveries(mesh + "  injection-latency: " + inj + "\n  vc-release: " + release + "\n");
                assertThat(done).hasSize(12);
                long gap = release.equals("tail") ? 1 : Math.max(6, 4 + 1 + 2 * inj);
                for (int i = 2; i < done.size(); i++) {
                    assertThat(done.get(i) - done.get(i - 1)).as("injection-latency %d, %s: %s", inj, release, done)
                        .isEqualTo(gap);
                }
            }
        }
    }

    /**
     * Two neighbours send bursts of 1-flit packets to router 0 of a 4x4 mesh (2 VCs, tail
     * release, BookSim's stages). An ejection VC is held from its VC allocation to the switch
     * grant a cycle later, so with one VC per ejection channel the packets leave at most every
     * other cycle; with {@code ejection-vcs: 2} (BookSim's ejection channel has every VC) two
     * packets hold the channel at once and its flits leave every cycle.
     */
    @Test
    void ejectionVcsLetSeveralPacketsHoldTheEjectionChannel() {
        String burst = burst(12, "[5, 1, 0, 1], [5, 4, 0, 1]");
        String mesh = "name: m\ntopology: {kind: mesh, radix: [4, 4]}\nrouting: dor\nvcs: 2\nrule: vct\nsimulation:\n"
            + "  switching: wormhole\n  buffer: 8\n  vc-release: tail\n  traffic: {script: [" + burst + "]}\n"
            + "  cycles: 400\n  warmup: 0\n  stages: {routing: 1, vc-allocation: 1, switch-allocation: 1, traversal: 1}\n";
        List<Long> one = deliveries(mesh);
        List<Long> two = deliveries(mesh + "  ejection-vcs: 2\n");
        assertThat(one).hasSize(24);
        assertThat(two).hasSize(24);
        for (int i = 1; i < one.size(); i++) {
            assertThat(one.get(i) - one.get(i - 1)).as("%s", one).isGreaterThanOrEqualTo(2);
        }
        long together = 0;
        for (int i = 1; i < two.size(); i++) {
            together += two.get(i) - two.get(i - 1) == 1 ? 1 : 0;
        }
        assertThat(together).as("%s", two).isPositive();
        assertThat(two.get(23) - two.get(0)).isLessThan((long) ((one.get(23) - one.get(0)) * 0.75));
        assertThat(SimTestSupport.refused(mesh + "  ejection-vcs: 0\n"))
            .isEqualTo("t.yaml: simulation.ejection-vcs: expected 1 to 256 VCs, found 0");
    }

    /**
     * With {@code ejection-release: credit} an ejection VC is free again when the terminal's
     * credit for the tail is back. The terminal's channel is a one-cycle channel whatever
     * {@code link-latency} says of the network's (BookSim's kncube makes only the channels
     * between routers 2 cycles long): its credit takes {@code credit-latency} less the cycles
     * {@code link-latency} adds. Bursts to router 0 of a 4x4 mesh (2 VCs, both ejection VCs,
     * BookSim's stages, its injection and ejection cycles) leave the ejection channel at the
     * same pace with 1-cycle and with 2-cycle channels: two packets every 5 cycles; before,
     * 2-cycle channels made it 6 (on BookSim's 8x8 torus with hot-spot traffic flowproof then
     * delivered 2 packets every 7 cycles where BookSim delivers 2 every 6).
     */
    @Test
    void theEjectionCreditTakesTheTerminalsOneCycleChannel() {
        String burst = burst(20, "[5, 1, 0, 1], [5, 4, 0, 1]");
        String mesh = "name: m\ntopology: {kind: mesh, radix: [4, 4]}\nrouting: dor\nvcs: 2\nrule: vct\nsimulation:\n"
            + "  switching: wormhole\n  buffer: 8\n  vc-release: drained\n  ejection-release: credit\n"
            + "  ejection-vcs: 2\n  traffic: {script: [" + burst + "]}\n  cycles: 600\n  warmup: 0\n"
            + "  stages: {routing: 1, vc-allocation: 1, switch-allocation: 1, traversal: 1}\n"
            + "  injection-latency: 1\n  ejection-latency: 1\n";
        List<Long> near = deliveries(mesh);
        List<Long> far = deliveries(mesh + "  link-latency: 2\n  credit-latency: 2\n");
        assertThat(near).hasSize(40);
        assertThat(far).hasSize(40);
        // the steady state: the last 20 deliveries, 10 periods of two packets
        assertThat(near.get(39) - near.get(19)).as("%s", near).isEqualTo(50);
        assertThat(far.get(39) - far.get(19)).as("%s", far).isEqualTo(50);
    }

    /** {@code packets}, a script's entries, repeated {@code times}, comma-separated. */
    private static String burst(int times, String packets) {
        return String.join(", ", java.util.Collections.nCopies(times, packets));
    }

    @Test
    void badStagesAreOneLineNamingTheField() {
        String wh = "switching: wormhole\nbuffer: 8\n";
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, wh + "stages: 4")))
            .startsWith("t.yaml: simulation.stages: expected a mapping {routing: R, vc-allocation: V,");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, wh + "stages: {routing: 1, vc-allocation: 1,"
            + " switch-allocation: 1}"))).startsWith("t.yaml: simulation.stages.traversal: expected cycles");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, wh + "stages: {routing: 1, vc-allocation: 0,"
            + " switch-allocation: 1, traversal: 1}")))
            .isEqualTo("t.yaml: simulation.stages.vc-allocation: expected 1 to 1000 cycles, found 0");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, wh + "stages: {routing: 1, vc-allocation: 1,"
            + " switch-allocation: 1, traversal: 1, crossbar: 1}")))
            .startsWith("t.yaml: simulation.stages.crossbar: expected one of routing, vc-allocation,");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, wh + "pipeline: 5\nstages: {routing: 1, vc-allocation: 1,"
            + " switch-allocation: 1, traversal: 1}")))
            .isEqualTo("t.yaml: simulation.pipeline: expected the sum of simulation.stages (4 cycles), found 5");
    }
}
